# PaddleScience's RFCs (rfcs/Science): the team's own template since
# 2023-09-27, the framework's design template before it (docs/reference/
# templates.md, "The template over time"); its field names as aliases.
project = "PaddleScience RFCs"
language = "zh_CN"
extensions = ["myst_parser", "sphinx_rfc"]
rfc_template = [
    {"template": "rfcs/APIs/api_design_template.md"},
    {"template": "rfcs/Science/template.md", "since": "2023-09-27"},
]
rfc_template_depth = 3  # "### 1.1 相关背景" is a section of the template
rfc_documents = ["rfcs/Science/*"]
exclude_patterns = ["rfcs/APIs/**", "rfcs/Science/template.md"]
rfc_aliases = {
    "fields": {"authors": ["提交作者"], "created": ["提交时间"]},
}
suppress_warnings = ["myst.header"]
