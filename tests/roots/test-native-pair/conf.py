# Shared by the two projects below (each has a conf.py that runs this one).
extensions = ["myst_parser", "sphinx_rfc"]
project = "native-pair"
exclude_patterns = ["_build"]
html_sidebars = {"**": []}
suppress_warnings = ["toc.not_included"]
rfc_documents = ["rfcs/*"]
rfc_modules = ["model", "distributed", "checkpoint", "optimizer", "trainer"]
rfc_extra_fields = {"backends": ["PT", "MS"]}
