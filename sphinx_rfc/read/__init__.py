"""The read step: a parsed document to one RFC record.  The collector
(``doctree-read``) builds the record from the directives' payloads or,
for a template-native RFC, from its sections and tables, checks it,
emits ``rfc-record-read`` and stores it.
"""
