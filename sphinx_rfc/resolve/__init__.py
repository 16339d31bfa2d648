"""What is resolved from the store (:mod:`sphinx_rfc.store`) when a page
is written: the views that fill pages showing other documents' data, the
domain's index pages, the roles' references (``xrefs``), a module's API
link, and the Mermaid fallbacks.
"""
