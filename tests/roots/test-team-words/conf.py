# A team that writes RFCs its own way (issue 42): its own words for a
# section, a column, a field and a value; headers with spaces, full-width
# forms and separators of their own; Chinese and English side by side.
extensions = ["myst_parser", "sphinx_rfc"]
project = "team-words"
language = "zh_CN"
exclude_patterns = ["_build"]
suppress_warnings = ["toc.not_included", "myst.header"]
html_sidebars = {"**": []}
rfc_documents = ["rfcs/*"]
rfc_git_dates = False
rfc_modules = ["loader", "trainer", "checkpoint"]
rfc_aliases = {
    "sections": {"verification": ["测试与验收"]},
    "columns": {"dependency": {"strength": ["依赖程度"]}},
    "fields": {"authors": ["负责人"]},
    "values": {"strength": {"strong": ["必须"]}},
}
