# Architecture decision records as teams write them: older ones in the MADR
# 2.x style (a "* Status:" list under the title), newer ones with MADR 3/4
# front matter; statuses that name the record they point at.
extensions = ["myst_parser", "sphinx_rfc"]
root_doc = "index"
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build"]
rfc_template = "madr"
rfc_documents = ["decisions/[0-9]*"]
rfc_id_pattern = r"^ADR-[0-9]{4}$"
rfc_id_format = "ADR-{:04d}"
rfc_git_dates = False
