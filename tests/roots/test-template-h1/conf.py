# A team's design template whose chapters are level-1 headings beside its
# level-1 title (`# 标题`, `# 第一章 背景与目标`, `## 1.1 现状问题`), read
# whole at the default depth: its chapters and their `1.1` sub-sections;
# RFCs written to it, as H1 chapters and as H2 ones.
extensions = ["myst_parser", "sphinx_rfc"]
project = "template-h1"
exclude_patterns = ["_build", "templates"]
suppress_warnings = ["toc.not_included", "myst.header"]
html_sidebars = {"**": []}
rfc_documents = ["rfcs/*"]
rfc_git_dates = False
rfc_template = "templates/design.md"
