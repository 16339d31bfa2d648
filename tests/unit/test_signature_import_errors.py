"""Importing a ``:signature-of:`` target may raise anything — even a
``BaseException`` subclass that is neither ``Exception`` nor ``SystemExit``
— and the check turns it into a ``rfc.signature-import`` message, not a
traceback.  Only a real Ctrl-C (``KeyboardInterrupt``) still stops the build."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from sphinx_rfc.features import pycode

MODULES = {
    "odd_base_sphinx_rfc": (
        "class Abort(BaseException):\n    pass\n\nraise Abort('the plugin registry is not ready')\n"
    ),
    "generator_exit_sphinx_rfc": "raise GeneratorExit\n",
    "ctrl_c_sphinx_rfc": "raise KeyboardInterrupt\n",
}


@pytest.fixture
def odd_modules(tmp_path: Path):  # type: ignore[no-untyped-def]
    for name, text in MODULES.items():
        (tmp_path / f"{name}.py").write_text(text, encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    yield
    sys.path.remove(str(tmp_path))
    for name in MODULES:
        sys.modules.pop(name, None)


@pytest.mark.parametrize(
    ("target", "fragment"),
    [
        ("odd_base_sphinx_rfc.run", "Abort: the plugin registry is not ready"),
        ("generator_exit_sphinx_rfc.run", "GeneratorExit"),
    ],
)
def test_any_base_exception_is_a_message(odd_modules: None, target: str, fragment: str) -> None:
    with pytest.raises(pycode.SignatureImportError, match=fragment):
        pycode.resolve(target)


def test_keyboard_interrupt_still_stops(odd_modules: None) -> None:
    with pytest.raises(KeyboardInterrupt):
        pycode.resolve("ctrl_c_sphinx_rfc.run")
