extensions = ["myst_parser", "sphinx_rfc"]
project = "forge-import"
exclude_patterns = ["_build", "issues"]
html_sidebars = {"**": []}
suppress_warnings = ["toc.not_included"]
rfc_documents = ["rfcs/*"]
# (set, not left to myst_parser: it adds ".md" to Sphinx's default value
# itself, which later builds in the same process would then share)
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
