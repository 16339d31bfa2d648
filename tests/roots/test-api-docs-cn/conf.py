# A framework team's API design documents: a metadata table right under
# the title whose cells carry HTML pasted from the web editor
# (<input class="rowselector">, <br>, <span>, &nbsp;), headings written
# with and without spaces between Chinese and Latin words (底层OP设计 /
# 底层 OP 设计), files named by the date they were written.
extensions = ["myst_parser", "sphinx_rfc"]
project = "api-docs-cn"
language = "zh_CN"
exclude_patterns = ["_build", "api-template.md"]
suppress_warnings = ["toc.not_included", "myst.header"]
html_sidebars = {"**": []}
rfc_documents = ["designs/*"]
rfc_git_dates = False
rfc_template = "api-template.md"
