extensions = ["myst_parser", "sphinx_rfc"]
project = "results"
rfc_test_results = ["reports/*.xml", "go/report.xml"]
rfc_required_sections = []
rfc_required_test_levels = []
html_sidebars = {"**": []}
rfc_documents = ["native/*"]
