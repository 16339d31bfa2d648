"""The real-corpus harness's arithmetic (benchmarks/corpora/run.py), on a
made-up build log and labels: which warning a label names (by key, the
nearest line when the warning moved), precision over the labelled emitted
warnings, recall over the files checked in full, and the rows it cannot
read. No corpus is needed: the corpora themselves are measured by hand."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("corpora_run", ROOT / "benchmarks/corpora/run.py")
assert _spec is not None and _spec.loader is not None
run = importlib.util.module_from_spec(_spec)
sys.modules["corpora_run"] = run  # (its dataclasses look their module up)
_spec.loader.exec_module(run)

LOG = """\
/src/rfcs/APIs/20220316_api_design_for_x.md:40: WARNING: x: missing section '底层OP设计' [rfc.missing-section]
/src/rfcs/APIs/20220316_api_design_for_x.md:52: WARNING: x: missing section '测试和验收的考量' [rfc.missing-section]
/src/rfcs/APIs/20220401_api_design_for_y.md:3: WARNING: y: placeholder 'xxx' left in
  table cell [rfc.placeholder]
/src/rfcs/APIs/20220401_api_design_for_y.md:9: WARNING: y: missing section '名词解释' [rfc.missing-section]
/src/index.md:1: WARNING: a myst warning [myst.header]
"""

LABELS = """\
file\tline\tsubtype\tverdict\tkey\treason
rfcs/APIs/20220316_api_design_for_x.md\t38\tmissing-section\tfalse\t底层OP设计\tthe heading is there, spaced: 底层 OP 设计
rfcs/APIs/20220316_api_design_for_x.md\t52\tmissing-section\ttrue\t\tno test section at all
rfcs/APIs/20220316_api_design_for_x.md\t*\tmissing-section\tchecked\t\tevery section looked at
rfcs/APIs/20220316_api_design_for_x.md\t70\tmissing-section\ttrue\t影响面\tno 影响面 section, and no warning
rfcs/APIs/20220401_api_design_for_y.md\t3\tplaceholder\ttrue\t\tthe template's xxx left
# a comment row
rfcs/APIs/20220401_api_design_for_y.md\tnine\tmissing-section\ttrue\t\tbad line
rfcs/APIs/20220401_api_design_for_y.md\t9\tmissing-section\tmaybe\t\tbad verdict
"""


def test_warnings_are_read_with_file_line_and_subtype() -> None:
    warnings = run.read_warnings(LOG, "/src")
    assert [(w.file, w.line, w.subtype) for w in warnings] == [
        ("rfcs/APIs/20220316_api_design_for_x.md", 40, "rfc.missing-section"),
        ("rfcs/APIs/20220316_api_design_for_x.md", 52, "rfc.missing-section"),
        ("rfcs/APIs/20220401_api_design_for_y.md", 3, "rfc.placeholder"),
        ("rfcs/APIs/20220401_api_design_for_y.md", 9, "rfc.missing-section"),
        ("index.md", 1, "myst.header"),
    ]
    assert "table cell" in warnings[2].message  # a continued line is the same warning


def test_labels_and_their_errors() -> None:
    labels, errors = run.read_labels(LABELS)
    assert len(labels) == 5
    assert sum(1 for label in labels if label.checked) == 1
    assert len(errors) == 2
    assert any("'nine'" in e for e in errors) and any("'maybe'" in e for e in errors)


def test_precision_and_recall() -> None:
    labels, _ = run.read_labels(LABELS)
    warnings = run.read_warnings(LOG, "/src")
    missing = run.score("missing-section", labels, warnings)
    assert missing.emitted == 3
    # the keyed label found its warning two lines further down (it moved)
    assert (missing.labelled, missing.true) == (2, 1) and missing.precision == 0.5
    # the file checked in full: two real problems, one emitted
    assert (missing.real, missing.found, missing.checked_files) == (2, 1, 1)
    assert missing.recall == 0.5
    assert len(missing.missed) == 1 and "影响面" in missing.missed[0]
    assert len(missing.false_emitted) == 1 and "spaced" in missing.false_emitted[0]
    placeholder = run.score("placeholder", labels, warnings)
    assert (placeholder.labelled, placeholder.true, placeholder.precision) == (1, 1, 1.0)
    assert placeholder.recall is None  # no file checked in full for it
    near = run.score("near-miss", labels, warnings)
    assert near.precision is None and near.emitted == 0


def test_a_label_names_one_warning_only() -> None:
    log = ("/src/a.md:5: WARNING: missing section 'X' [rfc.missing-section]\n")
    labels, _ = run.read_labels("h\na.md\t5\tmissing-section\ttrue\t\tfirst\n"
                                "a.md\t5\tmissing-section\tfalse\t\tsecond\n")
    found = run.match(labels, run.read_warnings(log, "/src"))
    assert list(found) == [2]  # the first row (line 2 of the file) took it


def test_empty_section_is_scored_like_the_others() -> None:
    log = ("/src/a.md:12: WARNING: a: section '底层OP设计' has no content [rfc.empty-section]\n"
           "/src/a.md:30: WARNING: a: section '影响面' has no content [rfc.empty-section]\n")
    labels, errors = run.read_labels(
        "h\na.md\t12\tempty-section\ttrue\t底层OP设计\tnothing under the heading\n"
        "a.md\t31\tempty-section\tfalse\t影响面\tanswered 不涉及 in full\n")
    assert errors == [] and "empty-section" in run.LABELLED
    empty = run.score("empty-section", labels, run.read_warnings(log, "/src"))
    assert (empty.emitted, empty.labelled, empty.true, empty.precision) == (2, 2, 1, 0.5)
    assert "empty-section" in " ".join(run.HEADER)


def test_a_row_kept_from_a_narrower_table_is_widened() -> None:
    old = ["c", "1 of 1 files", "1 / 1 / 1 / 1", "—", *(["0 · P —"] * 4), "0", "1 s"]
    wide = run.widen(old)
    assert len(wide) == len(run.HEADER)
    assert wide[-2:] == ["0", "1 s"] and wide[:8] == old[:8]
    assert run.widen(wide) == wide


def test_an_author_is_compared_without_what_is_bracketed_beside_the_name() -> None:
    # what a front matter writes after a name: a handle, a mail, a company,
    # in ASCII or full-width brackets
    assert run.same("authors", ["王小明（xm-wang）"], "王小明")
    assert run.same("authors", ["Li Lei (lilei at example dot org)"], "Li Lei")
    assert run.same("authors", ["陈二 <chen@example.org>", "周五（某某科技）"], "陈二; 周五")
    # two people in one entry are still two names, not one
    assert not run.same("authors", ["赵六 (zl@example.org) 钱七 (qq@example.org)"], "赵六; 钱七")
    assert not run.same("authors", ["王小明（xm-wang）"], "王大明")
