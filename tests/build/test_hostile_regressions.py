"""Defects the hostile-input property test (``tests/build/test_hostile_input.py``)
found, each as the smallest project that shows it (issue 15)."""

from __future__ import annotations

import json

from conftest import BuildFn, parse_warnings

CONF = 'rfc_documents = ["native/*"]\nrfc_required_sections = []\n'
INDEX = "RFCs\n====\n\n.. toctree::\n   :glob:\n\n   native/*\n"

# A field list pasted from a chat message: a backquote and the bold marker
# of **WIP never end, and the status is no status (待定, undecided).
NATIVE_RST = (
    ":rfc: RFC-0012\n"
    ":status: `* 待定\n"
    ":sponsors: **WIP 王五 (after the holiday)\n"
    "\n"
    "RFC-0012: 梯度累积 for large batches\n"
    "=====================================\n"
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
                  conf=CONF + "rfc_extra_fields = {'sponsors': []}\n")
    raw = (built.outdir / "rfcs.json").read_text(encoding="utf-8")
    assert str(built.srcdir) not in raw
    assert "(WARNING/2)" not in raw
    [record] = json.loads(raw)["rfcs"]
    assert record["id"] == "RFC-0012"
    status = [p for p in record["problems"] if p["subtype"] == "invalid-value"]
    assert len(status) == 1
    assert status[0]["line"] == 2 and status[0]["source"] == "native/0012-accumulate.rst"
    assert "'`* 待定'" in status[0]["message"]
    assert record["extra"]["sponsors"] == ["**WIP 王五 (after the holiday)"]

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


# ``:status: ::`` -- a literal-block marker with no block; ``:date:`` an
# unknown directive: docutils' DocInfo transform crashed on both
# (IndexError in check_compound_biblio_field, docutils 0.22).
ONLY_MESSAGES_RST = (
    ":rfc: RFC-0013\n"
    ":status: ::\n"
    ":date: .. 下周一::\n"
    "\n"
    "RFC-0013: Checkpoint 分片\n"
    "==========================\n"
    "\n"
    "基本信息\n"
    "--------\n"
    "\n"
    "========  ==========\n"
    "项目      内容\n"
    "========  ==========\n"
    "作者      李雷\n"
    "========  ==========\n"
)


def test_field_of_only_docutils_messages_does_not_crash(build: BuildFn) -> None:
    """A field value that docutils turns into nothing but a diagnostic:
    the build goes on, docutils' warnings stay located, and the value is
    the author's text, checked (an invalid status at its line)."""
    built = build({"index.rst": INDEX, "native/0013-shards.rst": ONLY_MESSAGES_RST}, conf=CONF)
    warnings = parse_warnings(built.warnings)
    invalid = [(w[1], w[3]) for w in warnings if w[2] == "rfc.invalid-value"]
    assert invalid == [
        # (an English build names the statuses in English only)
        (2, "RFC-0013: invalid status '::'; expected one of draft, review, accepted, "
            "implemented, rejected, withdrawn, superseded"),
        (3, "RFC-0013: invalid date '.. 下周一::' in 'created'; expected YYYY-MM-DD"),
    ]
    assert any(w[2] == "docutils" and "Literal block expected" in w[3] for w in warnings)
    assert 'native/0013-shards.rst:3: ERROR: Unknown directive type "下周一".' in built.warnings
    [record] = json.loads((built.outdir / "rfcs.json").read_text(encoding="utf-8"))["rfcs"]
    assert record["id"] == "RFC-0013" and record["authors"] == ["李雷"]


# A module list pasted from a slide, where the steps are numbered with
# superscripts and circled digits (str.isdigit() says yes, int() says no).
GRAPH_FILES = {
    "index.rst": "Graph\n=====\n\n.. toctree::\n\n   quant\n   kernels\n\n"
                 ".. rfc-graph::\n   :modules:\n",
    "quant.rst": "量化 v2\n=======\n\n.. rfc:: RFC-0021\n   :status: draft\n"
                 "   :modules: kernels-v2², ①\n   :requires: RFC-0022\n",
    "kernels.rst": "Kernels\n=======\n\n.. rfc:: RFC-0022\n   :status: accepted\n",
}


def test_graph_with_module_names_of_non_decimal_digits(build: BuildFn) -> None:
    """Module names (and IDs) sort by their numbers: ``²`` and ``①`` are
    digits to ``str.isdigit`` but no number ``int`` reads; the graph's sort
    crashed the build."""
    built = build(GRAPH_FILES,
                  conf="rfc_required_sections = []\nrfc_required_test_levels = []\n")
    page = (built.outdir / "index.html").read_text(encoding="utf-8")
    svg = page[page.index('<svg xmlns="http://www.w3.org/2000/svg" class="rfc-graph-svg"'):]
    svg = svg[:svg.index("</svg>")]
    for name in ("kernels-v2²", "①"):
        assert f'data-module="{name}"' in svg
    assert 'data-rfc="RFC-0021"' in svg and 'data-rfc="RFC-0022"' in svg


DEPENDENCY_PAGE = (
    "Loader\n======\n\n"
    ".. rfc:: RFC-0031\n   :status: draft\n\n"
    "依赖\n----\n\n"
    ".. rfc-dependency::\n\n"
    "   +-------------------+---------+---------------------+\n"
    "   | 依赖组件          | 强 / 弱 | 未 ready 时本期能力 |\n"
    "   +===================+=========+=====================+\n"
    "   | io_uring_ backend | 强      | 回退到线程池        |\n"
    "   +-------------------+---------+---------------------+\n"
)


def test_reference_in_a_module_cell_is_located(build: BuildFn) -> None:
    """``io_uring_`` in a dependency's component cell (``rfc_modules``
    empty) is a reference to no target: docutils' error names its line."""
    built = build({"index.rst": DEPENDENCY_PAGE},
                  conf="rfc_required_sections = []\nrfc_required_test_levels = []\n")
    [error] = [line for line in built.warnings.splitlines() if "Unknown target name" in line]
    assert 'index.rst:15: ERROR: Unknown target name: "io_uring".' in error
