project = "Builders"
author = "sphinx_rfc tests"
copyright = "2026, sphinx_rfc tests"
version = release = "1.0"
extensions = ["myst_parser", "sphinx_rfc"]
exclude_patterns = ["_build"]
rfc_modules = {
    "optimizer": "Optimizers and their state",
    "checkpoint": "Saving and loading training state",
    "distributed": "Process groups and parallel strategies",
}
rfc_extra_fields = {"backends": ["PT", "MS"]}
rfc_issue_url = "https://example.com/issues/{}"
rfc_pr_url = "https://example.com/merge_requests/{}"
html_sidebars = {"**": []}
latex_documents = [("index", "builders.tex", "Builders", "sphinx_rfc tests", "manual")]
man_pages = [("index", "builders", "Builders", ["sphinx_rfc tests"], 1)]
texinfo_documents = [("index", "builders", "Builders", "sphinx_rfc tests", "builders", "", "Misc")]
epub_show_urls = "no"
