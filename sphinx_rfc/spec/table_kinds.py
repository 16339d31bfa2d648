"""The table kinds: each kind's columns, their aliases, what a cell holds
(text, yes/no, count, list, an enumeration) and which columns are required
(docs/reference/table-directives.md)."""

from __future__ import annotations

import difflib
from collections.abc import Collection
from dataclasses import dataclass, field

from sphinx_rfc.spec.memo import ByIdentity
from sphinx_rfc.spec.text import fold_header
from sphinx_rfc.spec.vocabulary import AFFECTS, STRENGTHS, VERDICTS, YES_NO, Vocabulary

# Table columns (docs/reference/table-directives.md)

#: How a column's plain text becomes data.
TEXT = "text"
YESNO = "yesno"
COUNT = "count"
LIST = "list"
#: A test level: a name with an optional qualifier (``UT / order``).
LEVEL = "level"


@dataclass(frozen=True)
class ColumnSpec:
    key: str
    label: str
    aliases: tuple[str, ...]
    #: "yes": the column must exist and every row must fill it;
    #: "column": the column must exist, cells may be empty;
    #: "when-chosen" / "when-verified": required when that row's flag is yes;
    #: "no": optional.
    required: str = "yes"
    kind: str = TEXT
    vocabulary: Vocabulary | None = None


@dataclass(frozen=True)
class TableSpec:
    """One kind of table: the columns a directive's table may have."""

    kind: str
    directive: str
    section: str
    columns: tuple[ColumnSpec, ...]
    #: Columns whose presence tells this table apart from a sibling kind.
    signature: tuple[str, ...] = field(default=())

    def column(self, key: str) -> ColumnSpec:
        for col in self.columns:
            if col.key == key:
                return col
        raise KeyError(key)

    def match_header(self, text: str) -> ColumnSpec | None:
        return _header_index(self).get(fold_header(text))

    def suggest_header(
        self, text: str, present: Collection[str] = ()
    ) -> tuple[str, ColumnSpec] | None:
        """The header alias closest to an unknown *text*, in the same
        language (a Chinese header gets a Chinese alias), and its column,
        among the columns not *present* (keys) in the table; None when none
        is close (docs/reference/table-directives.md)."""
        wanted = fold_header(text)
        wide = not wanted.isascii()
        index = _header_index(self)
        names = [a for a, col in index.items()
                 if (not a.isascii()) == wide and col.key not in present]
        cutoff = 0.6 if wide else 0.75
        close = difflib.get_close_matches(wanted, names, n=1, cutoff=cutoff)
        if not close:
            return None
        column = index[close[0]]
        alias = next(a for a in column.aliases if fold_header(a) == close[0])
        return alias, column


def _header_index(spec: TableSpec) -> dict[str, ColumnSpec]:
    """Folded alias -> column, for one table kind (the first column wins);
    kept by the spec's identity: every header cell of every table asks."""
    return _HEADER_INDEXES.get(spec, None, lambda: _build_header_index(spec))


def _build_header_index(spec: TableSpec) -> dict[str, ColumnSpec]:
    index: dict[str, ColumnSpec] = {}
    for col in spec.columns:
        for alias in col.aliases:
            index.setdefault(fold_header(alias), col)
    return index


_HEADER_INDEXES: ByIdentity[dict[str, ColumnSpec]] = ByIdentity(256)


# (the table kinds below are data, one TableSpec each: alike in shape only)
INTERFACE = TableSpec(
    "interface",
    "rfc-interface",
    "interface",
    (
        ColumnSpec(
            "name",
            "Parameter",
            (
                "入参 / 配置项",
                "入参",
                "配置项",
                "参数",
                "参数名",
                "参数名称",
                "parameter",
                "parameter / config item",
                "config item",
                "option",
                "name",
                "argument",
            ),
        ),
        ColumnSpec("type", "Type", ("类型", "type")),
        ColumnSpec("default", "Default", ("默认值", "默认", "default"), required="column"),
        ColumnSpec(
            "required",
            "Required",
            ("是否必填", "必填", "是否必须", "required", "mandatory"),
            kind=YESNO,
            vocabulary=YES_NO,
        ),
        ColumnSpec("meaning", "Meaning", ("含义", "说明", "描述", "meaning", "description")),
        ColumnSpec(
            "range",
            "Valid range",
            ("合法范围", "取值范围", "范围", "valid range", "range", "allowed values"),
            required="no",
        ),
        ColumnSpec(
            "errors",
            "Error handling",
            ("错误处理", "异常处理", "error handling", "errors"),
            required="no",
        ),
    ),
)

DEPENDENCY = TableSpec(
    "dependency",
    "rfc-dependency",
    "dependencies",
    (
        ColumnSpec("component", "Component", ("依赖组件", "组件", "component", "dependency")),
        ColumnSpec(
            "strength",
            "Strength",
            (
                "强依赖 / 弱依赖", "强 / 弱", "强依赖 / 弱依赖 / 不涉及", "强 / 弱 / 不涉及",
                "依赖强度", "强弱", "强弱依赖", "strength", "kind", "strong / weak",
                "strong / weak / not involved",
            ),
            vocabulary=STRENGTHS,
        ),
        ColumnSpec(
            "status",
            "Current status",
            ("当前状态", "状态", "status", "current status"),
            required="no",
        ),
        ColumnSpec(
            "fallback",
            "If not ready",
            (
                "未 ready 时本期能力", "未就绪时本期能力", "fallback", "if not ready",
                "capability this round if not ready", "capability if not ready",
            ),
            required="no",
        ),
    ),
)

TEST_LEVELS = TableSpec(
    "levels",
    "rfc-verification",
    "verification",
    (
        ColumnSpec(
            "level", "Level", ("用例级别", "级别", "测试级别", "level", "test level"), kind=LEVEL
        ),
        ColumnSpec("count", "Count", ("数量", "用例数", "count", "cases"), kind=COUNT),
        ColumnSpec("coverage", "Coverage", ("覆盖内容", "覆盖范围", "coverage", "scope")),
        ColumnSpec(
            "criteria", "Pass criteria", ("通过标准", "pass criteria", "criteria", "acceptance")
        ),
        ColumnSpec(
            "tests", "Tests", ("用例", "测试用例", "tests", "test ids"), required="no", kind=LIST
        ),
    ),
    signature=("level", "count", "coverage"),
)

INTERACTIONS = TableSpec(
    "interactions",
    "rfc-verification",
    "verification",
    (
        ColumnSpec("combination", "Combination", ("组合", "combination", "with")),
        ColumnSpec("verified", "Verified", ("是否验证", "verified"), kind=YESNO, vocabulary=YES_NO),
        ColumnSpec(
            "criteria",
            "Pass criteria",
            ("通过标准", "pass criteria", "criteria"),
            required="when-verified",
        ),
        ColumnSpec(
            "tests", "Tests", ("用例", "测试用例", "tests", "test ids"), required="no", kind=LIST
        ),
    ),
    signature=("combination", "verified"),
)

PERFORMANCE = TableSpec(
    "performance",
    "rfc-verification",
    "verification",
    (
        ColumnSpec("scenario", "Scenario", ("场景", "测试场景", "scenario", "case")),
        ColumnSpec("baseline", "Baseline", ("基线", "baseline"), required="no"),
        ColumnSpec(
            "feature",
            "With this feature",
            ("开启本特性", "开启后", "本特性", "with this feature", "with feature", "feature on"),
            required="no",
        ),
        ColumnSpec("metric", "Metric", ("指标", "metric", "metrics"), required="no"),
        ColumnSpec("conclusion", "Conclusion", ("结论", "conclusion"), required="no"),
    ),
    signature=("baseline", "feature"),
)

CHANGES = TableSpec(
    "changes",
    "rfc-changes",
    "design",
    (
        ColumnSpec("module", "Module", ("模块", "module")),
        ColumnSpec("change", "Change", ("改动内容", "改动", "change", "changes")),
        ColumnSpec(
            "affects",
            "Affects existing behaviour",
            (
                "是否影响已有行为",
                "影响已有行为",
                "affects existing behavior",
                "affects existing behaviour",
                "breaking",
                "affects",
            ),
            vocabulary=AFFECTS,
        ),
    ),
)

ALTERNATIVES = TableSpec(
    "alternatives",
    "rfc-alternatives",
    "design",
    (
        ColumnSpec("option", "Option", ("方案", "option", "alternative")),
        ColumnSpec("pros", "Pros", ("优点", "pros", "advantages"), required="no"),
        ColumnSpec("cons", "Cons", ("缺点", "cons", "disadvantages"), required="no"),
        ColumnSpec(
            "chosen", "Chosen", ("是否选择", "chosen", "selected"), kind=YESNO, vocabulary=YES_NO
        ),
        ColumnSpec("reason", "Reason", ("原因", "reason", "rationale"), required="when-chosen"),
    ),
)

REFERENCES = TableSpec(
    "references",
    "rfc-references",
    "references",
    (
        ColumnSpec("source", "Source", ("来源", "参考来源", "source")),
        ColumnSpec("approach", "Approach", ("做法", "approach")),
        ColumnSpec(
            "limits", "Limitations", ("限制", "局限性", "局限", "limitations", "limits"),
            required="no",
        ),
        ColumnSpec(
            "impact",
            "Impact on this RFC",
            ("对本 RFC 的影响", "影响", "impact", "impact on this rfc"),
            required="no",
        ),
    ),
)

CONSTRAINTS = TableSpec(
    "constraints",
    "rfc-constraints",
    "constraints",
    (
        ColumnSpec("type", "Type", ("类型", "type", "kind")),
        ColumnSpec("content", "Content", ("内容", "content", "details", "description")),
    ),
)

#: The reviews (decision record) of an RFC: who reviewed it, their verdict,
#: when, and what they said.  Not a section of the built-in template: read
#: under a heading that names it (:data:`REVIEW_HEADINGS`) in any
#: template-native RFC, or in an ``rfc-reviews`` directive.
REVIEWS = TableSpec(
    "reviews",
    "rfc-reviews",
    "reviews",
    (
        ColumnSpec(
            "reviewer", "Reviewer",
            ("评审人", "评审者", "评审专家", "审核人", "reviewer", "reviewed by", "name"),
        ),
        ColumnSpec(
            "verdict", "Verdict",
            ("结论", "评审结论", "评审意见结论", "verdict", "decision", "result", "vote"),
            vocabulary=VERDICTS,
        ),
        ColumnSpec("date", "Date", ("日期", "评审日期", "时间", "date", "reviewed on"),
                   required="no"),
        ColumnSpec(
            "comment", "Comment",
            ("意见", "评审意见", "备注", "说明", "comment", "comments", "remarks", "notes"),
            required="no",
        ),
    ),
)

#: The headings a reviews table is read under, in a template-native RFC
#: (folded as headers are; numbering and extra words as section titles).
REVIEW_HEADINGS: tuple[str, ...] = (
    "评审记录", "评审", "评审意见", "评审结论", "决策记录", "reviews", "review",
    "review record", "decision record", "decisions", "approvals", "sign-off",
)

TABLES: tuple[TableSpec, ...] = (
    INTERFACE,
    DEPENDENCY,
    TEST_LEVELS,
    INTERACTIONS,
    PERFORMANCE,
    CHANGES,
    ALTERNATIVES,
    REFERENCES,
    CONSTRAINTS,
    REVIEWS,
)

#: The kinds read under a heading of their own, in no template's section:
#: every project has them, whatever its template (the reviews).
HEADING_KINDS: tuple[TableSpec, ...] = (REVIEWS,)
#: The kinds a template's sections hold (the built-in template's, all of them).
SECTION_KINDS: tuple[TableSpec, ...] = tuple(t for t in TABLES if t not in HEADING_KINDS)


#: Headers of a remarks or descriptive column, which any table may have
#: besides its own columns: kept as an extra column (``extra`` in
#: ``rfcs.json``), never an ``unknown-column``; a table whose own column is
#: named so (an interface's ``说明``) reads it as that column
#: (docs/reference/table-directives.md).
NOTE_HEADERS: tuple[str, ...] = (
    "备注", "附注", "说明 / 备注", "说明", "描述", "notes", "note", "remarks", "remark",
    "comments", "comment", "description",
)


def is_note_header(text: str) -> bool:
    """Whether *text* heads a remarks column (:data:`NOTE_HEADERS`)."""
    return fold_header(text) in _NOTE_KEYS


_NOTE_KEYS = frozenset(fold_header(h) for h in NOTE_HEADERS)


def tables_for_directive(directive: str) -> tuple[TableSpec, ...]:
    return tuple(t for t in TABLES if t.directive == directive)


TABLE_DIRECTIVES: tuple[str, ...] = tuple(dict.fromkeys(t.directive for t in TABLES))
