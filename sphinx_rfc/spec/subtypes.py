"""The warning subtypes of docs/reference/warnings.md, as data.

Every RFC problem is a Sphinx warning of type :data:`WARNING_TYPE` with one
of these subtypes; ``suppress_warnings = ["rfc.<subtype>"]`` silences one.
The documentation's reference table is generated from :data:`SUBTYPES`, and
a test checks that the code uses exactly these names.
"""

from __future__ import annotations

from typing import Literal

WARNING_TYPE = "rfc"

#: The subtypes, as a type: a problem names one of these or mypy fails.
Subtype = Literal[
    "missing-section",
    "empty-section",
    "placeholder",
    "missing-column",
    "unknown-column",
    "no-table",
    "incomplete-row",
    "duplicate-row",
    "invalid-value",
    "unknown-module",
    "unknown-rfc",
    "duplicate-id",
    "duplicate-directive",
    "outside-rfc",
    "missing-test-level",
    "alternatives",
    "inconsistent-status",
    "dependency-status",
    "dependency-cycle",
    "signature-mismatch",
    "signature-import",
    "test-failed",
    "test-missing",
    "missing-id",
    "no-headings",
    "cell-count",
    "not-read",
    "near-miss",
    "unplanned-change",
    "unimplemented",
    "heading-level",
    "bold-heading",
    "changed-after-acceptance",
    "missing-approval",
    "mermaid-script",
    "stale-review",
    "missing-preamble",
    "quoted-table",
]

#: subtype -> when it is reported (one line, English).
SUBTYPES: dict[str, str] = {
    "missing-section": (
        "A required section is absent (one warning per section, naming it by its label in the "
        "project's language: in a zh_CN build its Chinese label), at the RFC's line; or its "
        "heading is misspelt (``7. 组建依赖``): read as the section, with a did-you-mean at its "
        "line."
    ),
    "empty-section": (
        "A section, or a template sub-section, has a title but no content (or only a "
        "placeholder, then not reported again), or, in the built-in template, a not-applicable "
        "marker with no reason. A section the template marks optional is never empty."
    ),
    "placeholder": (
        "Template placeholder text (``xxx``, ``TBD``, ...) is left in the RFC's prose, or the "
        "template's own example code (``enable_xxx``) in a code block, or a template "
        "menu left unchosen, an empty row the template asks to fill, the template's guidance, "
        "or the template's own title or record-table text kept as written."
    ),
    "missing-column": "A table lacks a required column.",
    "unknown-column": "A table header matches no column alias (the column is kept, as extra).",
    "no-table": "A table directive contains no table.",
    "incomplete-row": "A row leaves a required cell empty.",
    "duplicate-row": "Two rows of an interface table name the same parameter.",
    "invalid-value": (
        "A bad status, type, yes/no, strength, count, date, ID format, extra-field value "
        "or directive option."
    ),
    "unknown-module": "A module is not in ``rfc_modules``.",
    "unknown-rfc": (
        "A reference, ``:requires:``, ``:supersedes:`` or dependency names an ID no RFC has."
    ),
    "duplicate-id": "Two documents declare the same RFC ID (both are named).",
    "duplicate-directive": "A second ``rfc`` directive in one document.",
    "outside-rfc": "A table directive is used in a document that is not an RFC.",
    "missing-test-level": "A level of ``rfc_required_test_levels`` is missing.",
    "alternatives": "Not exactly one alternative is chosen.",
    "inconsistent-status": (
        "A supersedes B but B is not ``superseded``; or B is ``superseded`` and nothing "
        "supersedes it."
    ),
    "dependency-status": (
        "An RFC requires or strongly depends on a ``rejected`` or ``withdrawn`` RFC; or an "
        "``implemented`` RFC requires or strongly depends on one not ``implemented``."
    ),
    "dependency-cycle": (
        "A cycle of requires / strong dependencies, or of supersedes (an RFC superseding "
        "itself included); the cycle is named."
    ),
    "signature-mismatch": (
        "An interface table differs from the code's signature (``rfc_check_signatures``)."
    ),
    "signature-import": "The ``:signature-of:`` target cannot be imported or found.",
    "test-failed": "A test named in a ``tests`` cell failed (``rfc_test_results``).",
    "test-missing": "A test named in a ``tests`` cell is not in the JUnit results.",
    "missing-id": "A template-native RFC (``rfc_documents``) whose ID cannot be found.",
    "no-headings": (
        "A template-native RFC with no heading besides its title misses several required "
        "sections: one warning in place of one per section (a pasted rendered issue)."
    ),
    "cell-count": (
        "A row of a Markdown (pipe) table has more or fewer cells than its header (Markdown "
        "drops an extra cell); one warning per row, with both counts."
    ),
    "not-read": (
        "Markdown RFCs exist (``rfc_documents`` names them, they hold an ``rfc`` directive, or "
        "their front matter names an ID) but no Markdown parser is enabled: one warning naming "
        "them and what to add; or a Markdown document that looks like an RFC (its name starts "
        "with a number, as ``sphinx-rfc new`` names them, or its front matter gives a "
        "``status``) is none: one warning saying why it was not read as one."
    ),
    "near-miss": (
        "A template-native RFC's table in a section with known table kinds is read as none "
        "of them though a header names or nearly names one of their columns, or a "
        "basic-information key is one character from a known field: one "
        "warning with the nearest known word (\"did you mean\"); nothing is dropped silently."
    ),
    "unplanned-change": (
        "A commit citing the RFC (``rfc_commit_pattern``) touches a module (``rfc_module_paths``) "
        "that is not in its change table or ``:modules:``: one warning per RFC and module, "
        "naming the commits, at the first row of the change table (else at the RFC's title)."
    ),
    "unimplemented": (
        "An ``accepted`` RFC older than ``rfc_implementation_days`` (its ``updated`` date, else "
        "``created``) whose modules no commit citing it touched; at the RFC's title."
    ),
    "heading-level": (
        "A heading names a top-level section of the template but is at another heading level "
        "than most of the RFC's other sections (a ``# Drawbacks`` among ``##`` sections): it "
        "counts as the section; the hint is at its line."
    ),
    "bold-heading": (
        "A template whose documents may write a section as a line of bold text (MADR: "
        "``**Decision Outcome**`` alone on a line): such lines are read as the sections they "
        "name; one style note per document, at the first of them."
    ),
    "changed-after-acceptance": (
        "An accepted RFC's interface, dependency or change tables differ from the version "
        "the commit that last accepted it holds (an RFC amended, ``accepted -> review -> "
        "accepted``, is held to its latest acceptance): one warning naming the rows added, "
        "removed or changed and the acceptance date (a change of prose is none); in a "
        "shallow clone, one saying it cannot be checked (fetch the whole history)."
    ),
    "missing-approval": (
        "An ``accepted`` (or ``implemented``) RFC lacks an ``approve`` / "
        "``approve-with-conditions`` in its reviews table from one of the approvers "
        "``rfc_approvers`` gives for a module it touches (``:modules:`` or its changes "
        "table): one warning per module, on the line of its status, naming the module and "
        "its approvers."
    ),
    "mermaid-script": (
        "``rfc_mermaid_js`` is set but cannot be applied: the installed sphinxcontrib-mermaid "
        "is not a version sphinx_rfc adapts (2.1 to 3), or its script on a page has no "
        "``import mermaid from`` line to point at the local file."
    ),
    "stale-review": (
        "An RFC has been in review for longer than ``rfc_review_days`` (from the commit that "
        "put it in review, in its git history); the days and that date are named."
    ),
    "missing-preamble": (
        "A template declares a leading list of ``Key: value`` items (``from=\"list\"``, the "
        "Rust RFCs' ``- Start Date: …``) and a document gives none of the template's fields, "
        "neither in such a list at its top nor elsewhere: one warning at the line where the "
        "list would start, quoting it (a typo there, ``q- Feature Name:``, is not guessed at)."
    ),
    "quoted-table": (
        "A Markdown table written straight under a quote's line, with no blank line between "
        "(``> 文档信息`` then ``| 作者 | 张三 |``): Markdown, GitHub's too, reads its rows as the "
        "quote's text, so the page shows no table. When it is the basic-information table its "
        "rows are read all the same; one warning at the table's first line."
    ),
}


def qualified(subtype: str) -> str:
    """``rfc.<subtype>``, as ``suppress_warnings`` and the console show it."""
    return f"{WARNING_TYPE}.{subtype}"


def subtype_name(text: str) -> str | None:
    """The subtype *text* names, written ``rfc.<subtype>`` (as
    ``suppress_warnings`` writes it) or bare; None when it names none."""
    name = text.strip()
    name = name.removeprefix(f"{WARNING_TYPE}.")
    return name if name in SUBTYPES else None
