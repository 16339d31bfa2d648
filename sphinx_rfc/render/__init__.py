"""Records to docutils nodes: badges, links, tables, the basic-information
table, and the Mermaid code of the dependency graph.  Builder-neutral.
"""
