# Two checkpoint-team RFC issues, imported: one withdrawn only in its title,
# one that still has TODOs in it.
extensions = ["myst_parser", "sphinx_rfc"]
project = "loose-ends-forge"
exclude_patterns = ["_build", "issues"]
html_sidebars = {"**": []}
suppress_warnings = ["toc.not_included"]
rfc_documents = ["rfcs/*"]
