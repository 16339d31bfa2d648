# A storage team's design template whose chapters are level-1 headings
# beside the title (`# 一、背景`, `## 1、问题描述`), and a second template
# for its research notes (an rfc_template entry with documents).  RFCs
# written the way the team writes: their own words at a chapter's place,
# a sub-section written as its parts, a chapter in other words alone in
# its gap, the other template's heading in a design doc.
extensions = ["myst_parser", "sphinx_rfc"]
project = "sections-own-words"
language = "zh_CN"
exclude_patterns = ["_build", "templates"]
suppress_warnings = ["toc.not_included", "myst.header"]
html_sidebars = {"**": []}
rfc_documents = ["rfcs/*"]
rfc_git_dates = False
rfc_template = [
    {"template": "templates/design.md"},
    {"template": "templates/research.md", "documents": ["rfcs/*-research-*"]},
]
