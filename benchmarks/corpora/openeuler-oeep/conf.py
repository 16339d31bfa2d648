# openEuler Evolution Proposals (oEEP): YAML front matter with Chinese keys,
# the section list of oEEP-0002 as the template since 2023-05-24 and the
# first version's two sections before it (docs/reference/templates.md,
# "The template over time"); the team's status words (config.md).
project = "openEuler oEEP"
language = "zh_CN"
extensions = ["myst_parser", "sphinx_rfc"]
myst_enable_extensions = []
rfc_template = [
    {"template": "_corpus/template-2023-04.md"},
    {"template": "_corpus/template.md", "since": "2023-05-24"},
]
rfc_documents = ["oEEP/*"]
rfc_id_pattern = r"^oEEP-[0-9]{4}$"
rfc_id_format = "oEEP-{:04d}"
rfc_statuses = {
    "draft": ["初始化"],
    "review": ["基本成型"],
    "accepted": ["接纳"],
    "active": ["活跃"],
    "inactive": ["不活跃"],
    "implemented": ["完成"],
    "withdrawn": ["撤回"],
    "rejected": ["拒绝"],
    "superseded": ["被替代"],
}
rfc_aliases = {"fields": {"updated": ["修订日期"]}}
suppress_warnings = ["myst.header"]  # the proposals start at "##"
