"""The sphinx_rfc documentation: built with the extension itself."""

project = "sphinx_rfc"
author = "sphinx_rfc developers"
copyright = "2026, sphinx_rfc developers"

extensions = ["myst_parser", "sphinx_rfc"]
exclude_patterns = ["_build"]
myst_enable_extensions = ["colon_fence"]
html_theme = "alabaster"

rfc_modules = {
    "model": "Model definition, wrappers and transforms",
    "distributed": "Process groups, device meshes and parallel strategies (FSDP, TP, PP, CP, EP)",
    "checkpoint": "Saving and loading training state",
    "optimizer": "Optimizers, their state and schedulers",
    "trainer": "The training loop and its configuration",
}
rfc_issue_url = "https://example.com/hyper-parallel/issues/{}"
rfc_pr_url = "https://example.com/hyper-parallel/merge_requests/{}"
rfc_extra_fields = {"backends": ["PT", "MS"]}
