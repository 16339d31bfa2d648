import os
import sys

sys.path.insert(0, os.path.abspath("code"))

extensions = ["myst_parser", "sphinx_rfc"]
project = "signatures"
rfc_check_signatures = True
rfc_required_sections = []
rfc_required_test_levels = []
html_sidebars = {"**": []}
