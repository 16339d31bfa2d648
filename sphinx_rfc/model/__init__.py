"""Plain records shared by every step: an RFC and its tables, problems, and
the snapshot of relations between RFCs.  No Sphinx inside.
"""
