project = "Export 导出"
extensions = ["myst_parser", "sphinx_rfc"]
rfc_modules = {"optimizer": "Optimizers", "checkpoint": "Save and load", "trainer": ""}
rfc_extra_fields = {"backends": ["PT", "MS"]}
rfc_required_test_levels = ["UT"]
html_sidebars = {"**": []}
