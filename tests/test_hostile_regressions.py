"""Defects the hostile-input property test (``tests/test_hostile_input.py``)
found, each as the smallest project that shows it (issue 15)."""

from __future__ import annotations

import json

from conftest import BuildFn, parse_warnings

CONF = 'rfc_documents = ["native/*"]\nrfc_required_sections = []\n'
INDEX = "RFCs\n====\n\n.. toctree::\n   :glob:\n\n   native/*\n"

# A field list pasted from a chat message: the backquote of `*args` and the
# bold marker of **WIP never end.
NATIVE_RST = (
    ":rfc: RFC-0012\n"
    ":status: `* draft\n"
    ":reviewers: **WIP 王五 (after the holiday)\n"
    "\n"
    "RFC-0012: 梯度累积 for large batches\n"
    "=================================\n"
    "\n"
    "基本信息\n"
    "--------\n"
    "\n"
    ".. list-table::\n"
    "   :header-rows: 1\n"
    "\n"
    "   * - 项目\n"
    "     - 内容\n"
    "   * - 作者\n"
    "     - 张三\n"
)


def test_field_list_values_hold_no_docutils_message(build: BuildFn) -> None:
    """A template-native rST RFC whose field list has markup docutils cannot
    parse: the value in the problem is the author's text, without docutils'
    system message (which held the absolute path of the checkout) -- in the
    warning and in ``rfcs.json``; docutils' own warnings stay, located."""
    built = build({"index.rst": INDEX, "native/0012-accumulate.rst": NATIVE_RST},
                  conf=CONF + "rfc_extra_fields = {'reviewers': []}\n")
    raw = (built.outdir / "rfcs.json").read_text(encoding="utf-8")
    assert str(built.srcdir) not in raw
    assert "(WARNING/2)" not in raw
    [record] = json.loads(raw)["rfcs"]
    assert record["id"] == "RFC-0012"
    status = [p for p in record["problems"] if p["subtype"] == "invalid-value"]
    assert len(status) == 1
    assert status[0]["line"] == 2 and status[0]["source"] == "native/0012-accumulate.rst"
    assert "'`* draft'" in status[0]["message"]
    assert record["extra"]["reviewers"] == ["**WIP 王五 (after the holiday)"]

    warnings = parse_warnings(built.warnings)
    [rfc_status] = [w for w in warnings if w[2] == "rfc.invalid-value"]
    assert rfc_status[:2] == ("0012-accumulate.rst", 2)
    assert "(WARNING/2)" not in rfc_status[3] and str(built.srcdir) not in rfc_status[3]
    # docutils still reports the markup where it is
    docutils = [(w[1], w[3]) for w in warnings if w[2] == "docutils"]
    assert (2, "Inline interpreted text or phrase reference start-string without "
               "end-string.") in docutils
    assert (3, "Inline strong start-string without end-string.") in docutils


def test_field_list_messages_leave_no_trace_in_metadata(build: BuildFn) -> None:
    """The same in Sphinx's ``env.metadata`` (what themes see as ``meta``),
    for any document, not only RFCs."""
    built = build({"index.rst": ":orphan:\n:owner: *team\n\nHome\n====\n"}, conf=CONF)
    assert built.env.metadata["index"]["owner"] == "*team"
