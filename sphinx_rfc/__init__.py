"""sphinx_rfc: write RFCs (design proposals) inside Sphinx documentation,
checked and cross-linked at build time.

``setup()`` makes the registrations and connects the handlers listed in
``sphinx_rfc/wiring.py`` (what runs when, in one table), and does nothing
else.  The architecture page of the documentation
(``docs/reference/architecture.md``) draws the pipeline and maps the modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__version__ = "0.1.0"

if TYPE_CHECKING:
    from collections.abc import Callable

    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata


def setup(app: Sphinx) -> ExtensionMetadata:
    from sphinx_rfc import _dataclass_code, devices

    # (the dataclasses' generated methods compiled once per project)
    with _dataclass_code.kept_code(app.doctreedir if devices.DATACLASS_CODE_KEPT else None):
        from sphinx_rfc import wiring
        from sphinx_rfc.store import domain

    app.setup_extension("sphinxcontrib.mermaid")
    for register in wiring.REGISTRATIONS:
        register(app)
    answers: dict[Callable[[], bool], bool] = {}  # each condition asked once
    for wire in wiring.WIRING:
        wire.connect(app, answers)
    return {
        "version": __version__,
        "env_version": domain.DATA_VERSION,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
