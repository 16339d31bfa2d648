# The documented configuration (docs/howto/existing-repository.md, "KEPs with kep.yaml").
extensions = ["myst_parser", "sphinx_rfc"]
project = "keps"
rfc_template = "kep"
rfc_documents = ["keps/**/README"]
rfc_id_pattern = r"^KEP-[0-9]+$"
rfc_id_format = "KEP-{}"
rfc_git_dates = False
suppress_warnings = ["myst.header", "myst.xref_missing", "image.not_readable", "misc.highlighting_failure", "myst.directive_unknown", "myst.strikethrough", "myst.footnote", "myst.anchor", "toc.excluded", "myst.iref_ambiguous", "ref.footnote", "docutils"]
