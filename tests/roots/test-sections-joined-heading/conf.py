# An inference team's design template (numbered `##` chapters under a
# `#` title, a survey chapter `业界调研` just before the design chapter
# `总体设计与实现步骤`).  RFCs that fold the survey into the design
# chapter's heading (`竞品对比与实现步骤`), that name the design in words of
# their own (`模块的设计与实现步骤`: no survey there), and that write the two
# parts the other way round.
extensions = ["myst_parser", "sphinx_rfc"]
project = "sections-joined-heading"
language = "zh_CN"
exclude_patterns = ["_build", "templates"]
suppress_warnings = ["toc.not_included", "myst.header"]
html_sidebars = {"**": []}
rfc_documents = ["rfcs/*"]
rfc_git_dates = False
rfc_template = "templates/design.md"
