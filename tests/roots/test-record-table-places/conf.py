# A research team's reproduction-proposal template (its record table under a
# `> 文档记录` caption, sections numbered `## 1. 概述` …), and proposals
# written the way its contributors write them: the record table glued under
# the caption with no blank line, a leading 声明 section of the author's own
# before `## 1. 概述` with the record table at its end, a title pasted as a
# Markdown link whose address holds spaces.
extensions = ["myst_parser", "sphinx_rfc"]
project = "record-table-places"
language = "zh_CN"
exclude_patterns = ["_build", "templates"]
suppress_warnings = ["toc.not_included", "myst.header"]
html_sidebars = {"**": []}
rfc_documents = ["rfcs/*"]
rfc_git_dates = False
rfc_template = "templates/proposal.md"
rfc_aliases = {"fields": {"authors": ["提交人"], "created": ["提交日期"]}}
