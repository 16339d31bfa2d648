# A team with its own template and rfc_template_strict (issue 42): only the
# template's words (and those it declares in its rfc-aliases comment) name a
# section, a column, a field or a value; the built-in words do not.
extensions = ["myst_parser", "sphinx_rfc"]
project = "team-words-strict"
language = "zh_CN"
exclude_patterns = ["_build", "team-template.md"]
suppress_warnings = ["toc.not_included", "myst.header"]
html_sidebars = {"**": []}
rfc_template = "team-template.md"
rfc_template_strict = True
rfc_documents = ["rfcs/*"]
rfc_git_dates = False
rfc_modules = ["loader", "trainer"]
