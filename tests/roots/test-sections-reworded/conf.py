# A proposals repository whose template changed once (rfc_template as a
# list): the first version's "详细方案描述" became "方案描述".  Proposals
# keep their title in the front matter and start their sections at `##`
# (or at `#`); they reword headings the way people do.
extensions = ["myst_parser", "sphinx_rfc"]
project = "sections-reworded"
language = "zh_CN"
exclude_patterns = ["_build", "templates"]
suppress_warnings = ["toc.not_included", "myst.header"]
html_sidebars = {"**": []}
rfc_documents = ["proposals/*"]
rfc_git_dates = False
rfc_template = [
    {"template": "templates/first.md"},
    {"template": "templates/current.md", "since": "2024-01-01"},
]
