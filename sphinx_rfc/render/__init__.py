"""Records to docutils nodes: badges, links, tables, the basic-information
table, and the Mermaid code of the dependency graph; and the small values
views show of other RFCs and modules.  Builder-neutral.
"""
