extensions = ["myst_parser", "sphinx_rfc"]
project = "forge-values"
exclude_patterns = ["_build", "issues"]
html_sidebars = {"**": []}
suppress_warnings = ["toc.not_included"]
rfc_documents = ["rfcs/*"]
