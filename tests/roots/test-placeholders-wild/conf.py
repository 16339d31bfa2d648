extensions = ["myst_parser", "sphinx_rfc"]
exclude_patterns = ["_build"]
suppress_warnings = ["toc.not_included"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
rfc_template = "rust-rfc"
rfc_documents = ["text/[0-9]*"]
rfc_git_dates = False
rfc_required_sections = []
# the team's blanks: its words, and any {name} or [name] left in prose
rfc_placeholders = ["xxx", "TBD", "待补充", "{…}", "[…]"]
