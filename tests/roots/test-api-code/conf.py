import sys
from pathlib import Path

# the little package documented below lives beside this file
sys.path.insert(0, str(Path(__file__).parent))

project = "API and code"
extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx_rfc"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
rfc_modules = {
    "trainer": "训练主循环 / the training loop",
    "comm": "集合通信 collectives",
    "ckpt": "Checkpoint save & load",
}
# trainer is documented as hyper_parallel.trainer (found by its path);
# ckpt is a package of that very name; comm has no API page at all
rfc_module_paths = {
    "trainer": "hyper_parallel/trainer/",
    "comm": ["hyper_parallel/comm/"],
    "ckpt": "ckpt/",
}
rfc_api_backlinks = True
rfc_required_sections = []
rfc_required_test_levels = []
html_sidebars = {"**": []}
