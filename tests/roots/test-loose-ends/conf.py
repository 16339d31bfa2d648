# A fork of a Rust-style RFC repository where people write in both Markdown
# and reStructuredText, and type their start dates however they like.
extensions = ["myst_parser", "sphinx_rfc"]
root_doc = "index"
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]
rfc_template = "rust-rfc"
rfc_documents = ["text/[0-9]*"]
rfc_git_dates = False
# no title headings: MyST says so on every page
suppress_warnings = ["myst.header"]
