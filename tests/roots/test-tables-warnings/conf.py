extensions = ["myst_parser", "sphinx_rfc"]
project = "tables-warnings"
rfc_modules = ["model", "distributed", "checkpoint", "optimizer", "trainer"]
rfc_required_sections = []
html_sidebars = {"**": []}
