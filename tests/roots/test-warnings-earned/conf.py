# Warnings that earn their place (issue 53, item 7): the tables, code blocks
# and headings of RFCs written by people, not by the template.
extensions = ["myst_parser", "sphinx_rfc"]
project = "warnings-earned"
exclude_patterns = ["_build"]
suppress_warnings = ["toc.not_included", "myst.header"]
html_sidebars = {"**": []}
rfc_documents = ["rfcs/*"]
rfc_git_dates = False
rfc_modules = ["model", "distributed", "checkpoint", "optimizer", "trainer"]
