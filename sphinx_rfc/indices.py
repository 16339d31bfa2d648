"""Domain index pages ``rfc-rfcs`` and ``rfc-modules`` (in progress)."""

from __future__ import annotations

from sphinx.domains import Index

#: Index classes of the ``rfc`` domain.
INDICES: list[type[Index]] = []
