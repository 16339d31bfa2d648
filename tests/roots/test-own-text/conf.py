# A team's design template with an H1 title (`# 方案名称`) and a record table
# whose cells hold example text: some say what to write (`新方案的名称`,
# `本文档的版本号，如 V1.0`), some are example answers a document may keep
# (`main`, a date, names).  RFCs that keep the template's title or a cell,
# and RFCs that fill them in their own words (issue 53, item 7); one RFC of
# 2023, written to the template of then, keeps that template's cell.
extensions = ["myst_parser", "sphinx_rfc"]
project = "own-text"
exclude_patterns = ["_build", "templates"]
suppress_warnings = ["toc.not_included", "myst.header"]
html_sidebars = {"**": []}
rfc_documents = ["rfcs/*"]
rfc_git_dates = False
rfc_template = [
    {"template": "templates/design-2023.md"},
    {"template": "templates/design.md", "since": "2024-01-01"},
]
