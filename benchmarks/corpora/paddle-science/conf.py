# PaddleScience's RFCs (rfcs/Science): the team's own template since
# 2023-09-27, the framework's API design template before it (docs/reference/
# templates.md, "The template over time"); its field names as aliases.
project = "PaddleScience RFCs"
language = "zh_CN"
extensions = ["myst_parser", "sphinx_rfc"]
rfc_template = [
    {"template": "rfcs/APIs/api_design_template.md"},
    {"template": "rfcs/Science/template.md", "since": "2023-09-27"},
    # one reproduction of 2025 written to the API template all the same
    # (一、… 八、 as H1 chapters, 对比分析, 名词解释): read to that template
    {"template": "rfcs/APIs/api_design_template.md",
     "documents": ["rfcs/Science/20250404_add_wgan_gp_for_paddlescience"]},
]
rfc_template_depth = 3  # "### 1.1 相关背景" is a section of the template
rfc_documents = ["rfcs/Science/*"]
exclude_patterns = ["rfcs/APIs/**", "rfcs/Science/template.md"]
rfc_aliases = {
    "fields": {"authors": ["提交作者"], "created": ["提交时间"]},
    # the team's second suite (PaddleMaterials) since 2026: its status quo
    # is the same section
    "sections": {"paddlescience-现状": ["PaddleMaterials 现状"]},
}
suppress_warnings = ["myst.header"]
