# A KEP-style project: the team's own copy of the KEP template is the schema.
extensions = ["myst_parser", "sphinx_rfc"]
root_doc = "index"
exclude_patterns = ["_build", "kep-template.md"]
rfc_template = "kep-template.md"
rfc_template_depth = 3
rfc_documents = ["keps/*"]
rfc_id_pattern = r"^KEP-[0-9]+$"
rfc_id_format = "KEP-{}"
rfc_statuses = {
    "provisional": [],
    "implementable": [],
    "implemented": [],
    "deferred": [],
    "withdrawn": [],
}
rfc_git_dates = False
