# Reviews and approvals (issue 43): a team that records who reviewed each
# RFC and asks the owner of each module it touches to approve it.
extensions = ["myst_parser", "sphinx_rfc"]
project = "reviews"
language = "zh_CN"
exclude_patterns = ["_build"]
suppress_warnings = ["toc.not_included", "myst.header"]
html_sidebars = {"**": []}
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
rfc_documents = ["rfcs/*"]
rfc_git_dates = False
rfc_required_sections = ["background", "design"]
rfc_required_test_levels = []
rfc_modules = ["checkpoint", "trainer", "loader"]
rfc_approvers = {
    "checkpoint": ["李雷"],
    "trainer": ["Han Meimei", "王芳"],
}
