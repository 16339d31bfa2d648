# PaddlePaddle's operator performance-optimization design documents
# (rfcs/OPs-Perf), read with the team's own template as the schema and
# its field names as aliases.
project = "PaddlePaddle OP performance optimization designs"
language = "zh_CN"
extensions = ["myst_parser", "sphinx_rfc"]
rfc_template = "rfcs/OPs-Perf/op_optimization_template.md"
exclude_patterns = ["rfcs/OPs-Perf/op_optimization_template.md", "rfcs/OPs-Perf/op_optimization_example.md"]
rfc_documents = ["rfcs/OPs-Perf/*"]
rfc_aliases = {
    "fields": {"authors": ["提交作者"], "created": ["提交时间"]},
}
suppress_warnings = ["myst.header"]
