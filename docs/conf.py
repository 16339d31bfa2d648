"""The sphinx_rfc documentation: built with the extension itself.

Build: ``python -m sphinx -W -n -b html docs docs/_build/html``.
Another theme: ``-D html_theme=furo`` (or pydata_sphinx_theme,
sphinx_rtd_theme); in Chinese: ``-D language=zh_CN``.
"""

import sys
from pathlib import Path

import sphinx_rfc

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "sphinx_rfc"
author = "sphinx_rfc developers"
copyright = "2026, sphinx_rfc developers"
# the package's version (EPUB wants one)
version = release = sphinx_rfc.__version__

extensions = ["myst_parser", "sphinx_rfc", "rfc_reference"]
exclude_patterns = ["_build", "_samples"]
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3
html_theme = "alabaster"
html_title = "sphinx_rfc"

# -- sphinx_rfc: the example project, a distributed-training framework ------

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
# plain Markdown RFCs that follow the template, with no directive at all
rfc_documents = ["examples/native/*"]

# Mermaid drawn from the build's own _static, never from a CDN: readers of
# these docs may have no network (docs/howto/offline-diagrams.md).  The file
# is Mermaid 11.12.1 (MIT, LICENSE beside it), from `npm pack mermaid@11.12.1`.
rfc_mermaid_js = "_static/mermaid/mermaid.min.js"
