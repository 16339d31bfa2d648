"""The store and what is resolved from it: the ``rfc`` domain (records per
document, merged under ``-j``), its index pages, and the views that fill
pages showing other documents' data at resolve time.
"""
