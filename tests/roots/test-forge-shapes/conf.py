extensions = ["myst_parser", "sphinx_rfc"]
project = "forge-shapes"
exclude_patterns = ["_build", "issues"]
html_sidebars = {"**": []}
suppress_warnings = ["toc.not_included"]
rfc_documents = ["rfcs/*"]
rfc_required_sections = []
rfc_required_test_levels = []
# Gitee names its issues I7ABCD: the RFC ID is RFC-I7ABCD
rfc_id_pattern = r"^RFC-(?:[0-9]+|[A-Z][0-9A-Z]+)$"
rfc_review_days = 30
