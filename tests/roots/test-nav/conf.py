project = "Nav"
extensions = ["myst_parser", "sphinx_rfc"]
rfc_modules = {
    "optimizer": "Optimizers and their state",
    "checkpoint": "Save and load",
    "distributed": "Process groups",
    "trainer": "The training loop",
}
rfc_required_sections = []
rfc_required_test_levels = []
html_sidebars = {"**": []}
