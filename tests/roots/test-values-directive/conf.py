extensions = ["myst_parser", "sphinx_rfc"]
project = "values-directive"
exclude_patterns = ["_build"]
html_sidebars = {"**": []}
suppress_warnings = ["toc.not_included"]
rfc_required_sections = []
rfc_modules = {
    "trainer": "Training loop",
    "data": "Data loading",
    "optimizer": "Optimizers",
}
rfc_module_paths = {"optimizer": ["hyper_parallel/optim/"]}
rfc_issue_url = "https://gitee.com/demo/hyper-parallel/issues/{}"
rfc_pr_url = "https://gitee.com/demo/hyper-parallel/pulls/{}"
