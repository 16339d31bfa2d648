# A Kubernetes-style project: its proposals are KEPs, numbered KEP-NNNN.
extensions = ["myst_parser", "sphinx_rfc"]
project = "node enhancements"
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build"]
suppress_warnings = ["toc.not_included", "myst.header"]
rfc_template = "kep"
rfc_template_depth = 3
rfc_documents = ["keps/*"]
rfc_git_dates = False
rfc_required_sections = ["summary", "motivation", "proposal"]
