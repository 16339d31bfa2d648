"""Reading docutils trees: source lines and line numbers, and the geometry of
tables (rows, spans, headers).  Knows nothing of RFCs.
"""
