# KEPs laid out as kubernetes/enhancements does: one folder per KEP, its text
# in README.md and its metadata in the kep.yaml beside it.
extensions = ["myst_parser", "sphinx_rfc"]
root_doc = "index"
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build"]
rfc_template = "kep"
rfc_documents = ["keps/**/README"]
rfc_id_pattern = r"^KEP-[0-9]+$"
rfc_id_format = "KEP-{}"
# we only hold our KEPs to the first three sections for now
rfc_required_sections = ["summary", "motivation", "proposal"]
rfc_git_dates = False
# one README starts at "##" (its title is in kep.yaml)
suppress_warnings = ["myst.header"]
