"""Records to ``rfcs.json`` (SPEC section 8). In progress."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sphinx.application import Sphinx


def on_build_finished(app: Sphinx, exception: BaseException | None) -> None:
    """Writes nothing yet."""
