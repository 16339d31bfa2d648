# A team that writes MADR decision records: its documents are ADRs, numbered
# ADR-NNNN from their file names (no rfc_id_format of its own).
extensions = ["myst_parser", "sphinx_rfc"]
project = "platform decisions"
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build"]
suppress_warnings = ["toc.not_included", "myst.header"]
rfc_template = "madr"
rfc_documents = ["decisions/*"]
rfc_git_dates = False
rfc_modules = ["billing", "search"]
