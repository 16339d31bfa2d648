# The documented configuration (docs/howto/existing-repository.md, "Rust-style RFCs").
extensions = ["myst_parser", "sphinx_rfc"]
project = "rust-rfcs"
rfc_template = "rust-rfc"
rfc_documents = ["text/[0-9]*"]
rfc_git_dates = False
suppress_warnings = ["myst.header", "myst.xref_missing", "image.not_readable", "misc.highlighting_failure", "myst.directive_unknown", "myst.strikethrough", "myst.footnote", "myst.anchor", "toc.excluded", "myst.iref_ambiguous", "ref.footnote", "docutils"]
