project = "Index filters"
extensions = ["myst_parser", "sphinx_rfc"]
rfc_modules = {
    "checkpoint": "Save and load",
    "optimizer": "Optimizers and their state",
    "distributed": "Process groups",
    # a hostile module name: it reaches the filters' JSON and a drop-down
    "</script><img src=x onerror=alert(1)>&": "Hostile",
}
rfc_required_sections = []
rfc_required_test_levels = []
html_sidebars = {"**": []}
