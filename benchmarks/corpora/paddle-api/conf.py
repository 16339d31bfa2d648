# The team's own template as the schema (docs/howto/own-template.md).
extensions = ["myst_parser", "sphinx_rfc"]
project = "paddle-api"
# Four designs in the folder are no API designs (three paper reproductions,
# a model application): written to the framework's general design template.
rfc_template = [
    {"template": "rfcs/APIs/api_design_template.md"},
    {"template": "rfcs/design_template.md", "documents": [
        "rfcs/APIs/20220323_design_for_xlnet_readingcomprehension",
        "rfcs/APIs/20241028_api_design_for_transolver",
        "rfcs/APIs/20241105_api_design_for_DrivAerNet*",
    ]},
]
rfc_documents = ["rfcs/APIs/[0-9]*"]
# The team's own words for three sections, as a team declares them after
# its first build (docs/reference/config.md, rfc_aliases): the API's
# implementation told as its Python and C++ layers.
rfc_aliases = {"sections": {
    "api-实现方案": ["Python 层实现", "python layer 实现"],
    "命名与参数设计": ["API 设计与参数说明"],
    "底层-op-设计": ["C++ 层实现"],
}}
exclude_patterns = ["rfcs/APIs/api_design_template.md", "rfcs/design_template.md"]
rfc_git_dates = False
suppress_warnings = ["myst.header", "myst.xref_missing", "image.not_readable", "misc.highlighting_failure", "myst.directive_unknown", "myst.strikethrough", "myst.footnote", "myst.anchor", "toc.excluded", "myst.iref_ambiguous", "ref.footnote", "docutils"]
