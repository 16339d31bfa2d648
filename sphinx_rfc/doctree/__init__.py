"""Reading docutils trees: source lines and line numbers, and the geometry of
tables (rows, spans, headers).  Knows nothing of RFCs (no records, settings,
rules or table kinds: an import-linter contract); of the package it uses
only :func:`sphinx_rfc.spec.text.plain` (a cell's text without backticks)
and the walks of :mod:`sphinx_rfc.nodes`.
"""
