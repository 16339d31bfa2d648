extensions = ["sphinx_rfc"]
project = "headings-en"
exclude_patterns = ["_build"]
html_sidebars = {"**": []}
suppress_warnings = ["toc.not_included"]
rfc_documents = ["rfcs/native-*"]
rfc_modules = {"loader": "Data loading", "trainer": "Training loop"}
rfc_required_test_levels = []
