# RFCs pasted from the forge's issue form before every blank was filled:
# basic-information values left as the template's placeholder (`xxx`,
# `TBD`, `待补充`), each beside values that are filled or half filled.
extensions = ["myst_parser", "sphinx_rfc"]
project = "placeholder-fields"
language = "zh_CN"
exclude_patterns = ["_build"]
suppress_warnings = ["toc.not_included"]
html_sidebars = {"**": []}
rfc_documents = ["rfcs/*"]
rfc_git_dates = False
rfc_required_sections = []
