# A training-platform team's design template (chapters as level-1 headings
# beside the title, like PaddlePaddle's API template): its design chapter
# `设计思路与实现方案` has sub-sections `接口设计` and `CUDA Kernel实现方案`,
# the impact chapter `影响面` one per audience.  RFCs that write the design
# chapter in their own sub-headings, that follow the template's, and that
# leave the impact chapter at one line.
extensions = ["myst_parser", "sphinx_rfc"]
project = "sections-told-by-chapter"
language = "zh_CN"
exclude_patterns = ["_build", "templates"]
suppress_warnings = ["toc.not_included", "myst.header"]
html_sidebars = {"**": []}
rfc_documents = ["rfcs/*"]
rfc_git_dates = False
rfc_template = "templates/design.md"
