"""A placeholder in the leading list of a Rust-style RFC (root
``preamble-placeholders``): the list's items are metadata, so ``- Feature
Name: TBD`` is one warning, the field's, not also one for the list item's
paragraph; a placeholder in the prose is still told; ``N/A`` alone under
``Drawbacks`` is a full answer in the rust-rfc template."""

from __future__ import annotations

from conftest import ROOTS, BuildFn

DOC = ROOTS / "test-preamble-placeholders" / "text" / "0042-lazy-init.md"


def line_of(start: str) -> int:
    found = [n for n, line in enumerate(DOC.read_text(encoding="utf-8").splitlines(), 1)
             if line.startswith(start)]
    assert len(found) == 1, (start, found)
    return found[0]


def test_a_preamble_placeholder_is_told_once_as_its_field(build: BuildFn) -> None:
    app = build("preamble-placeholders")
    found = sorted((w[1], w[3].split(": ", 1)[1]) for w in app.rfc_warnings())
    assert found == [
        (line_of("- Feature Name:"), "placeholder 'TBD' left in field 'Feature Name'"),
        (line_of("- Rust Issue:"), "placeholder 'TBD' left in field 'Rust Issue'"),
        (line_of("People pull in"), "placeholder 'TBD' left in paragraph"),
    ], found
