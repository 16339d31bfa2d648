# PaddlePaddle's API design documents (rfcs/APIs), read with the team's own
# template as the schema (docs/howto/own-template.md) and its field names
# as aliases (docs/reference/config.md, rfc_aliases).
project = "PaddlePaddle API design documents"
language = "zh_CN"
extensions = ["myst_parser", "sphinx_rfc"]
rfc_template = "rfcs/APIs/api_design_template.md"
exclude_patterns = ["rfcs/APIs/api_design_template.md"]
rfc_documents = ["rfcs/APIs/*"]
rfc_aliases = {
    "fields": {"authors": ["提交作者"], "created": ["提交时间"]},
}
suppress_warnings = ["myst.header"]
