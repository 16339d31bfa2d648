extensions = ["myst_parser", "sphinx_rfc"]
project = "tables-template"
rfc_modules = ["model", "distributed", "checkpoint", "optimizer", "trainer"]
html_sidebars = {"**": []}
