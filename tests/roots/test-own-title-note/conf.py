# A training-framework team's design template whose title has a note on
# how to name the document (`标题如：…`, as PaddlePaddle's templates write
# it) and a usage quote that every design keeps.  RFCs that keep the note
# (glued to the record table, as pasted), that write their own line there,
# and that drop it.
extensions = ["myst_parser", "sphinx_rfc"]
project = "own-title-note"
language = "zh_CN"
exclude_patterns = ["_build", "templates"]
suppress_warnings = ["toc.not_included", "myst.header"]
html_sidebars = {"**": []}
rfc_documents = ["rfcs/*"]
rfc_git_dates = False
rfc_template = "templates/design.md"
