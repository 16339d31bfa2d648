# A repository laid out like rust-lang/rfcs: accepted RFCs under text/, each
# starting with the preamble list, none with a title heading.
extensions = ["myst_parser", "sphinx_rfc"]
root_doc = "index"
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build"]
rfc_template = "rust-rfc"
rfc_documents = ["text/[0-9]*", "drafts/*"]
rfc_git_dates = False
# the Rust RFCs start at "##" with no title heading: MyST says so on every page
suppress_warnings = ["myst.header"]
