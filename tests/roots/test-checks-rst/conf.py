extensions = ["myst_parser", "sphinx_rfc"]
exclude_patterns = ["_build"]
rfc_modules = ["model", "optimizer", "trainer"]
