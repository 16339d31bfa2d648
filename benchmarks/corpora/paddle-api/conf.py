# The team's own template as the schema (docs/howto/own-template.md).
extensions = ["myst_parser", "sphinx_rfc"]
project = "paddle-api"
rfc_template = "rfcs/APIs/api_design_template.md"
rfc_documents = ["rfcs/APIs/[0-9]*"]
exclude_patterns = ["rfcs/APIs/api_design_template.md"]
rfc_git_dates = False
suppress_warnings = ["myst.header", "myst.xref_missing", "image.not_readable", "misc.highlighting_failure", "myst.directive_unknown", "myst.strikethrough", "myst.footnote", "myst.anchor", "toc.excluded", "myst.iref_ambiguous", "ref.footnote", "docutils"]
