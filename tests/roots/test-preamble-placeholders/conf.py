# A Rust-style RFC whose preamble list still says TBD (a field told once,
# as the field), a TBD left in its prose, and a section answered N/A alone
# (a full answer in the rust-rfc template).
extensions = ["myst_parser", "sphinx_rfc"]
project = "preamble-placeholders"
exclude_patterns = ["_build"]
suppress_warnings = ["toc.not_included", "myst.header"]
html_sidebars = {"**": []}
rfc_template = "rust-rfc"
rfc_documents = ["text/*"]
rfc_git_dates = False
