# A training-framework team's own design template: [FILL] / [待测] blanks,
# a 字段 | 内容 table with 负责人 and 关联 PR / Issue, a verification table
# whose rows (UT, ST / 冒烟) are examples, a change log.  Designs written
# from it, some left half filled.
extensions = ["myst_parser", "sphinx_rfc"]
project = "fill-template"
language = "zh_CN"
exclude_patterns = ["_build", "design-template.md"]
suppress_warnings = ["toc.not_included", "myst.header"]
html_sidebars = {"**": []}
rfc_documents = ["designs/*"]
rfc_git_dates = False
rfc_template = "design-template.md"
