"""The basic-information fields: the ``rfc`` directive's options and the keys
of a template-native basic-information table (docs/reference/rfc-directive.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from sphinx_rfc import _lazy_re
from sphinx_rfc.spec.text import fold_header, split_list

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
        ("作者", "负责人", "责任人", "提交人", "提交作者", "author", "authors", "author(s)", "owner",
         "owners"),
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
            "相关 issue / sr / ar",
            "相关 issue / sr",
            "issue / sr / ar",
            "相关 sr / ar",
            "关联 issue / pr",
            "关联 issue",
            "关联 pr",
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
        "created", "Created", ("创建时间", "创建日期", "提交时间", "提交日期", "created", "created at", "creation date", "date")
    ),
    FieldSpec("updated", "Updated", ("更新时间", "更新日期", "updated", "updated at", "last updated")),
    FieldSpec("supersedes", "Supersedes", ("取代", "supersedes"), is_list=True),
    FieldSpec("requires", "Requires", ("依赖 rfc", "前置 rfc", "requires"), is_list=True),
    FieldSpec("tracking", "Tracking issue", ("跟踪 issue", "tracking issue", "tracking")),
    FieldSpec("feature", "Feature name", ("特性名", "feature name", "feature")),
    FieldSpec("reviewers", "Reviewers", ("评审人", "评审者", "reviewer", "reviewers"),
              is_list=True),
    FieldSpec("approvers", "Approvers", ("批准人", "审批人", "approver", "approvers"),
              is_list=True),
)


#: Keys of a basic-information table and metadata names that give the RFC
#: ID (folded).
ID_KEYS = frozenset(fold_header(k) for k in (
    "rfc", "id", "rfc id", "rfc-id", "rfc_id", "rfc 编号", "rfc编号", "编号",
))


#: An issue reference on its own: ``#2094``, ``!318``, ``GH-12``.
_ISSUE_REF = _lazy_re.compile(r"^(?:[#!]\d+|[A-Za-z][\w.-]*[#!]\d+|[A-Z][A-Z0-9]*-\d+)$")
#: ``text <https://…>``: a link as a cell's text keeps it.
_LINKED = _lazy_re.compile(r"^(?P<text>(?:.*\S)?)\s*<(?P<url>[a-z][a-z0-9+.-]*://[^<>\s]+)>$", re.IGNORECASE)
#: ``label：item``: a colon that is no URL's (the item: :func:`_labelled`).
_LABEL = _lazy_re.compile(r"^(?P<label>[^:：]*[^\s:：])\s*[:：]")
#: ``label #N``: a label and a reference with no colon (``实现 PR !318``).
_TRAILING_REF = _lazy_re.compile(r"^(?P<label>.*\S)\s+(?P<item>[#!]\d+)$")


_SCHEME = _lazy_re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:(?!\s)")


def _labelled(part: str) -> tuple[str, str] | None:
    r"""``label：item``: the label and the item, or None.  What
    ``^(?P<label>[^:：]*[^\s:：])\s*[:：]\s*(?P<item>(?!//).+)$`` matched,
    in linear time (the pattern gives the spaces after the colon back one by
    one when the item fails, each time scanning it again): the item starts
    after the spaces, or, when it cannot (``//``, a line break), at the last
    space that is no line break and has no line break after it but a final
    one."""
    label = _LABEL.match(part)
    if label is None:
        return None
    rest = part[label.end():]
    body = rest.lstrip()
    spaces = len(rest) - len(body)
    last_break = rest.rfind("\n", 0, len(rest) - 1)
    start = None
    if body and not body.startswith("//") and spaces > last_break:
        start = spaces
    else:
        start = next((k for k in range(spaces - 1, last_break, -1) if rest[k] != "\n"), None)
    if start is None:
        return None
    return label["label"], rest[start:].removesuffix("\n")


def _is_address(part: str, item: str) -> bool:
    """``mailto:a@b.c``, ``javascript:…``: a scheme, not a label (a label's
    ASCII colon has a space after it, or a reference: ``PR:!318``)."""
    return bool(_SCHEME.match(part)) and not _ISSUE_REF.match(item.strip())


def issue_items(text: str) -> list[tuple[str, str]]:
    """The items of an issues value with the label written before each
    (docs/reference/rfc-directive.md): ``任务参考：#2094；实现 PR：!318`` gives
    ``[("#2094", "任务参考"), ("!318", "实现 PR")]``; a link ``text <url>``
    gives its URL with its text as label; an item with no label has ``""``."""
    found: list[tuple[str, str]] = []
    for part in split_list(text):
        label = ""
        if (md := markdown_link(part)) is not None:
            item, label = md[1], md[0]
        elif (linked := _LINKED.match(part)) is not None:
            item, label = linked["url"], linked["text"].strip()
            if (inner := _labelled(label)) is not None:
                label = inner[0]
        elif (labelled := _labelled(part)) is not None and not _is_address(part, labelled[1]):
            label, item = labelled[0].strip(), labelled[1].strip()
        elif (trailing := _TRAILING_REF.match(part)) is not None and not any(
            _ISSUE_REF.match(word) for word in trailing["label"].split()
        ):
            label, item = trailing["label"].strip(), trailing["item"]
        else:
            item = part
        words = item.split()
        if len(words) > 1 and all(_ISSUE_REF.match(w) for w in words):
            found.extend((word, label) for word in words)
        else:
            found.append((item, label))
    return found


def markdown_link(text: str) -> tuple[str, str] | None:
    """``[text](url)`` written whole (a Rust RFC's ``[rust-lang/rfcs#1](https://…)``):
    its text and its URL, or None."""
    value = text.strip()
    if not (value.startswith("[") and value.endswith(")")):
        return None
    close = value.find("](")
    if close < 0 or "](" in value[close + 2:]:
        return None
    label, url = value[1:close].strip(), value[close + 2:-1].strip()
    if not url or " " in url or ("://" not in url and not url.startswith(("/", "#", "."))):
        return None
    return label, url


def _by_name() -> dict[str, FieldSpec]:
    """Each field's key and folded aliases -> the field (the first in
    :data:`FIELDS` order that has it)."""
    found: dict[str, FieldSpec] = {}
    for spec in FIELDS:
        found.setdefault(spec.key, spec)
        for alias in spec.aliases:
            found.setdefault(fold_header(alias), spec)
    return found


_BY_NAME = _by_name()


def match_field(text: str) -> FieldSpec | None:
    """The field *text* names (its key or an alias, folded), or None."""
    return _BY_NAME.get(fold_header(text))
