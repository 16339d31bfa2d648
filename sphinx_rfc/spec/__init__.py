"""The vocabulary as data: sections and their title aliases, table kinds with
their columns, aliases and enumerations, basic-information fields,
statuses, types and warning subtypes.  No Sphinx, no docutils: everything
that matches user text reads it from here, and so do the reference pages.
"""
