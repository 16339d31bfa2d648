# The documented configuration (docs/howto/existing-repository.md, "MADR records").
extensions = ["myst_parser", "sphinx_rfc"]
project = "madr"
rfc_template = "madr"
rfc_documents = ["docs/decisions/[0-9]*"]
rfc_id_pattern = r"^ADR-[0-9]{4}$"
rfc_id_format = "ADR-{:04d}"
rfc_git_dates = False
suppress_warnings = ["myst.header", "myst.xref_missing", "image.not_readable", "misc.highlighting_failure", "myst.directive_unknown", "myst.strikethrough", "myst.footnote", "myst.anchor", "toc.excluded", "myst.iref_ambiguous", "ref.footnote", "docutils"]
