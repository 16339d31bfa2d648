"""The template's vocabulary as data: sections, statuses, types, table columns,
their aliases and enum values.

Everything that matches user text against a fixed vocabulary reads it from
here: the directives, the template-native reader, the checks and the
reference pages of the documentation.  Labels are English msgids; the
``zh_CN`` catalog translates them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache


@dataclass(frozen=True)
class Choice:
    """One enum value: its key, the label shown, the aliases accepted."""

    key: str
    label: str
    aliases: tuple[str, ...] = ()

    def all_names(self) -> tuple[str, ...]:
        return (self.key, self.label, *self.aliases)


@dataclass(frozen=True)
class Vocabulary:
    """A closed set of values, matched case-insensitively on any alias."""

    name: str
    choices: tuple[Choice, ...]

    def lookup(self, text: str) -> str | None:
        wanted = fold(text)
        for choice in self.choices:
            if any(fold(name) == wanted for name in choice.all_names()):
                return choice.key
        return None

    def keys(self) -> list[str]:
        return [c.key for c in self.choices]

    def label(self, key: str) -> str:
        for choice in self.choices:
            if choice.key == key:
                return choice.label
        return key


@lru_cache(maxsize=4096)
def fold(text: str) -> str:
    """Case-fold, normalise width (NFKC) and collapse inner whitespace."""
    text = unicodedata.normalize("NFKC", text)
    return " ".join(text.split()).casefold()


@lru_cache(maxsize=4096)
def fold_header(text: str) -> str:
    """The key a header cell is matched on (docs/reference/table-directives.md)."""
    text = fold(text.replace("`", ""))
    return re.sub(r"\s*/\s*", "/", text)


# --------------------------------------------------------------------------
# RFC status and type (docs/reference/rfc-directive.md)

STATUSES = Vocabulary(
    "status",
    (
        Choice("draft", "Draft", ("草稿",)),
        Choice("review", "Review", ("评审中", "讨论中", "discussion", "proposed")),
        Choice("accepted", "Accepted", ("已接受", "已通过", "approved")),
        Choice("implemented", "Implemented", ("已实现", "已完成", "final", "done")),
        Choice("rejected", "Rejected", ("已拒绝",)),
        Choice("withdrawn", "Withdrawn", ("已撤回",)),
        Choice("superseded", "Superseded", ("已取代",)),
    ),
)

TYPES = Vocabulary(
    "type",
    (
        Choice("feature", "Feature", ("功能补全",)),
        Choice("performance", "Performance", ("性能优化",)),
        Choice("enhancement", "Enhancement", ("能力增强",)),
        Choice("user-need", "User need", ("用户需求",)),
    ),
)

YES_NO = Vocabulary(
    "yes/no",
    (
        Choice("yes", "Yes", ("是", "y", "true", "✓")),
        Choice("no", "No", ("否", "n", "false", "✗")),
    ),
)

STRENGTHS = Vocabulary(
    "strength",
    (
        Choice("strong", "Strong", ("强", "强依赖", "hard")),
        Choice("weak", "Weak", ("弱", "弱依赖", "soft")),
        Choice("none", "None", ("不涉及", "无", "n/a")),
    ),
)

AFFECTS = Vocabulary(
    "affects",
    (
        *YES_NO.choices,
        Choice("none", "Not applicable", ("不涉及", "n/a")),
    ),
)


def vocabulary_from_config(base: Vocabulary, value: object) -> Vocabulary:
    """``rfc_statuses`` / ``rfc_types``: a list of keys, or key -> aliases.

    Keys that exist in *base* keep their label and built-in aliases.
    """
    if not value:
        return base
    known = {c.key: c for c in base.choices}
    choices: list[Choice] = []
    items: Iterable[tuple[str, Sequence[str]]]
    if isinstance(value, Mapping):
        items = ((str(k), tuple(v)) for k, v in value.items())
    else:
        items = ((str(k), ()) for k in value)  # type: ignore[attr-defined]
    for key, aliases in items:
        old = known.get(key)
        if old is not None:
            choices.append(Choice(key, old.label, (*old.aliases, *aliases)))
        else:
            choices.append(Choice(key, key.replace("-", " ").capitalize(), tuple(aliases)))
    return Vocabulary(base.name, tuple(choices))


# --------------------------------------------------------------------------
# The nine sections (docs/reference/sections.md)


@dataclass(frozen=True)
class SectionSpec:
    key: str
    label: str
    label_zh: str
    titles: tuple[str, ...]
    directive: str | None = None


SECTIONS: tuple[SectionSpec, ...] = (
    SectionSpec(
        "basic-info",
        "Basic information",
        "基本信息",
        ("基本信息", "Basic information", "Basic info", "Metadata"),
        "rfc",
    ),
    SectionSpec("background", "Background", "背景", ("背景", "Background", "Motivation")),
    SectionSpec(
        "goals",
        "Goals and non-goals",
        "目标和非目标",
        ("目标和非目标", "目标与非目标", "目标", "Goals and non-goals", "Goals"),
    ),
    SectionSpec(
        "references",
        "Related work",
        "相关实现参考",
        ("相关实现参考", "相关实现", "参考实现", "Related work", "Prior art", "References"),
        "rfc-references",
    ),
    SectionSpec(
        "interface",
        "External interface",
        "对外接口",
        ("对外接口", "接口设计", "接口", "External interface", "Interface", "API"),
        "rfc-interface",
    ),
    SectionSpec(
        "design",
        "Design",
        "方案设计",
        ("方案设计", "设计方案", "详细设计", "Design", "Detailed design", "Proposal"),
    ),
    SectionSpec(
        "dependencies",
        "Component dependencies",
        "组件依赖",
        ("组件依赖", "依赖", "Component dependencies", "Dependencies"),
        "rfc-dependency",
    ),
    SectionSpec(
        "constraints",
        "Constraints and compatibility",
        "约束与兼容性",
        (
            "约束与兼容性",
            "约束和兼容性",
            "兼容性",
            "Constraints and compatibility",
            "Compatibility",
            "Constraints",
        ),
        "rfc-constraints",
    ),
    SectionSpec(
        "verification",
        "Verification design",
        "验证设计",
        (
            "验证设计",
            "测试设计",
            "验证",
            "Verification design",
            "Verification",
            "Test plan",
            "Testing",
        ),
        "rfc-verification",
    ),
)

SECTION_KEYS: tuple[str, ...] = tuple(s.key for s in SECTIONS)


# --------------------------------------------------------------------------
# Table columns (docs/reference/table-directives.md)

#: How a column's plain text becomes data.
TEXT = "text"
YESNO = "yesno"
COUNT = "count"
LIST = "list"


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


@lru_cache(maxsize=64)
def _header_index(spec: TableSpec) -> dict[str, ColumnSpec]:
    """Folded alias -> column, for one table kind (the first column wins)."""
    index: dict[str, ColumnSpec] = {}
    for col in spec.columns:
        for alias in col.aliases:
            index.setdefault(fold_header(alias), col)
    return index


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
                "parameter",
                "option",
                "name",
                "argument",
            ),
        ),
        ColumnSpec("type", "Type", ("类型", "type")),
        ColumnSpec("default", "Default", ("默认值", "default"), required="column"),
        ColumnSpec(
            "required",
            "Required",
            ("是否必填", "必填", "required", "mandatory"),
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
            ("强依赖 / 弱依赖", "强 / 弱", "依赖强度", "强弱", "strength", "kind"),
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
            ("未 ready 时本期能力", "未就绪时本期能力", "fallback", "if not ready"),
            required="no",
        ),
    ),
)

TEST_LEVELS = TableSpec(
    "levels",
    "rfc-verification",
    "verification",
    (
        ColumnSpec("level", "Level", ("用例级别", "级别", "测试级别", "level", "test level")),
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
        ColumnSpec("source", "Source", ("来源", "source")),
        ColumnSpec("approach", "Approach", ("做法", "approach")),
        ColumnSpec("limits", "Limitations", ("限制", "limitations", "limits"), required="no"),
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

TABLES: tuple[TableSpec, ...] = (
    INTERFACE,
    DEPENDENCY,
    TEST_LEVELS,
    INTERACTIONS,
    CHANGES,
    ALTERNATIVES,
    REFERENCES,
    CONSTRAINTS,
)


def tables_for_directive(directive: str) -> tuple[TableSpec, ...]:
    return tuple(t for t in TABLES if t.directive == directive)


TABLE_DIRECTIVES: tuple[str, ...] = tuple(dict.fromkeys(t.directive for t in TABLES))


# --------------------------------------------------------------------------
# Basic-information fields (docs/reference/rfc-directive.md, docs/reference/native.md)


@dataclass(frozen=True)
class FieldSpec:
    key: str
    label: str
    #: Keys accepted in a basic-info table (docs/reference/native.md), besides the key.
    aliases: tuple[str, ...] = ()
    is_list: bool = False


FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("title", "Title", ("标题", "名称")),
    FieldSpec("status", "Status", ("状态", "当前状态", "rfc 状态", "rfc status")),
    FieldSpec("type", "Type", ("类型", "rfc 类型", "rfc type")),
    FieldSpec(
        "authors",
        "Authors",
        ("作者", "author", "authors", "author(s)", "owner", "owners"),
        is_list=True,
    ),
    FieldSpec(
        "modules",
        "Modules",
        ("相关模块", "涉及模块", "模块", "module", "modules", "related modules", "related module"),
        is_list=True,
    ),
    FieldSpec(
        "issues",
        "Issues / PRs",
        (
            "相关 issue / pr",
            "相关 issue",
            "相关 pr",
            "issue / pr",
            "issues / prs",
            "issues",
            "issue",
            "prs",
            "related issue / pr",
            "related issues / prs",
            "related issues",
            "related issue",
        ),
        is_list=True,
    ),
    FieldSpec(
        "created", "Created", ("创建时间", "创建日期", "created", "created at", "creation date", "date")
    ),
    FieldSpec("updated", "Updated", ("更新时间", "更新日期", "updated", "updated at", "last updated")),
    FieldSpec("supersedes", "Supersedes", ("取代", "supersedes"), is_list=True),
    FieldSpec("requires", "Requires", ("依赖 rfc", "前置 rfc", "requires"), is_list=True),
)


def match_field(text: str) -> FieldSpec | None:
    wanted = fold_header(text)
    for spec in FIELDS:
        if wanted == spec.key or any(fold_header(a) == wanted for a in spec.aliases):
            return spec
    return None


# --------------------------------------------------------------------------
# Value splitting (docs/reference/rfc-directive.md)

_LIST_SPLIT = re.compile(r"\s*(?:[,，、;；]|\s/\s)\s*")


def split_list(text: str) -> list[str]:
    """Split a list value on commas, 、, semicolons and `` / ``; drop backticks.

    Separators inside square brackets do not split: a parametrized test id
    such as ``test_pair[a,b]`` stays one item."""
    items = []
    start = 0
    for match in _LIST_SPLIT.finditer(text):
        before = text[:match.start()]
        if before.count("[") > before.count("]"):
            continue
        items.append(text[start:match.start()])
        start = match.end()
    items.append(text[start:])
    return [item for raw in items if (item := raw.strip().strip("`").strip())]


def plain(text: str) -> str:
    """A cell's plain text: backticks and surrounding whitespace dropped."""
    return " ".join(text.replace("`", "").split())


NOT_APPLICABLE_MARKERS: tuple[str, ...] = ("N/A", "Not applicable", "不涉及")
