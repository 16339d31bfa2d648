# A team's own design template (numbered Chinese sections, one marked
# optional) and documents that answer sections the way people do: a bare
# 不涉及 / N/A / None., an optional section left blank, an API reference
# pasted with a '----' underline, sub-sections written at the section's
# level (## 3.1 under ## 3.).
extensions = ["myst_parser", "sphinx_rfc"]
project = "answered-sections"
language = "zh_CN"
exclude_patterns = ["_build", "design-template.md", "strict-template.md"]
suppress_warnings = ["toc.not_included", "myst.header"]
html_sidebars = {"**": []}
rfc_documents = ["designs/*"]
rfc_git_dates = False
rfc_template = "design-template.md"
