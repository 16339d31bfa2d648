# The configuration docs/howto/existing-repository.md gives for rust-lang/rfcs.
project = "Rust RFCs"
extensions = ["myst_parser", "sphinx_rfc"]
rfc_template = "rust-rfc"
rfc_documents = ["text/[0-9]*"]
suppress_warnings = ["myst.header"]  # the files start at "##"
