# A deliberately broken RFC, for the "What the checks report" page.
# Not part of the documentation build (docs/conf.py excludes _samples).
extensions = ["myst_parser", "sphinx_rfc"]
rfc_modules = ["model", "distributed", "checkpoint", "optimizer", "trainer"]
