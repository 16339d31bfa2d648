extensions = ["myst_parser", "sphinx_rfc"]
project = "native-corpus"
exclude_patterns = ["_build"]
html_sidebars = {"**": []}
suppress_warnings = ["toc.not_included", "myst.header"]
rfc_documents = ["rfcs/*"]
rfc_modules = {
    "model": "Model definitions",
    "distributed": "Parallel runtime",
    "checkpoint": "Save and load",
    "optimizer": "Optimizers",
    "trainer": "Training loop",
}
rfc_extra_fields = {"backends": ["PT", "MS"]}
rfc_issue_url = "https://example.com/issues/{}"
