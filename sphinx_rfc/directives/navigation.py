"""The option values of ``rfc-index``, under the name they had when the
navigation directives shared this module: the reference documentation's
extension (``docs/_ext/rfc_reference.py``) and ``tests/test_docs.py`` read
them from here.  The directives are :mod:`sphinx_rfc.directives.index`,
:mod:`~sphinx_rfc.directives.module_page` and
:mod:`~sphinx_rfc.directives.graph`.
"""

from __future__ import annotations

from sphinx_rfc.directives.index import DEFAULT_COLUMNS, GROUPS, INDEX_COLUMNS, SORTS

__all__ = ["DEFAULT_COLUMNS", "GROUPS", "INDEX_COLUMNS", "SORTS"]
