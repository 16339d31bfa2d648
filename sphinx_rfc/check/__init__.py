"""The rules: plain data in, problems out.  Per-document rules run while a
document is read; cross-RFC rules run once per build over the snapshot.
"""
