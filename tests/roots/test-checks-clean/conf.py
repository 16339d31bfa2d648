extensions = ["myst_parser", "sphinx_rfc"]
exclude_patterns = ["_build"]
rfc_modules = {
    "model": "Model definition and wrappers",
    "distributed": "Process groups, meshes, parallel strategies",
    "checkpoint": "Save and load",
    "optimizer": "Optimizers and their state",
    "trainer": "The training loop",
}
