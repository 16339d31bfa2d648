"""The warning subtypes the code reports are exactly those of
``sphinx_rfc.spec.subtypes.SUBTYPES`` (docs/reference/warnings.md), which the reference
documentation is generated from."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

import sphinx_rfc
from sphinx_rfc.spec.subtypes import SUBTYPES, Subtype, qualified

PACKAGE = Path(sphinx_rfc.__file__).parent

#: The ways the code names a subtype: a Problem's first argument, a
#: ``subtype=`` keyword, a navigation directive's ``warn(self, "...")`` and
#: a qualified ``"rfc.<subtype>"`` string.
PATTERNS = (
    re.compile(r"""\bProblem\(\s*(?:subtype\s*=\s*)?["']([a-z][a-z-]*)["']"""),
    re.compile(r"""\bsubtype\s*=\s*["']([a-z][a-z-]*)["']"""),
    re.compile(r"""\b_?warn\(\s*\w+\s*,\s*["']([a-z][a-z-]*)["']"""),
    re.compile(r"""["']rfc\.([a-z][a-z-]*)["']"""),
)


def used_subtypes() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "subtypes.py":
            continue
        text = path.read_text(encoding="utf-8")
        for pattern in PATTERNS:
            for match in pattern.finditer(text):
                found.setdefault(match.group(1), set()).add(path.name)
    return found


def test_every_subtype_used_is_documented() -> None:
    unknown = {k: v for k, v in used_subtypes().items() if k not in SUBTYPES}
    assert unknown == {}


def test_every_documented_subtype_is_used() -> None:
    unused = sorted(set(SUBTYPES) - set(used_subtypes()))
    assert unused == []


def test_subtype_descriptions_are_one_sentence() -> None:
    assert qualified("placeholder") == "rfc.placeholder"
    assert SUBTYPES
    assert all(desc.endswith(".") and "\n" not in desc for desc in SUBTYPES.values())


def test_the_subtype_type_names_the_documented_subtypes() -> None:
    assert get_args(Subtype) == tuple(SUBTYPES)
