"""Closed sets of values (status, type, yes/no, strength, affects), each
value with its label and the aliases accepted for it.  Labels are English
msgids; the ``zh_CN`` catalog translates them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from sphinx_rfc.spec.folding import fold_key
from sphinx_rfc.spec.messages import translating


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
    """A closed set of values, matched on any alias, folded
    (:func:`~sphinx_rfc.spec.folding.fold_key`)."""

    name: str
    choices: tuple[Choice, ...]
    #: The key a condition stands for ("仅在启用流式读取时生效", "only when
    #: …"): a yes/no answer given under a condition is "conditional", the
    #: condition its note (:func:`sphinx_rfc.spec.cells.read_choice`).
    conditional: str | None = None

    def lookup(self, text: str) -> str | None:
        wanted = fold_key(text)
        for choice in self.choices:
            if any(fold_key(name) == wanted for name in choice.all_names()):
                return choice.key
        return None

    def keys(self) -> list[str]:
        return [c.key for c in self.choices]

    def choice_names(self) -> str:
        """What a message offers to choose from, in the project's language:
        the keys (``strong, weak, none``); translating (zh_CN), each one's
        first non-ASCII word (``强, 弱, 不涉及``), else its key."""
        chinese = translating()
        names = []
        for choice in self.choices:
            if choice.key == self.conditional:
                continue  # (a condition is written, not picked)
            local = next((a for a in choice.aliases if not a.isascii()), None)
            names.append(local if chinese and local else choice.key)
        return ", ".join(names)

    def shown(self, key: str) -> str:
        """How a message names *key*: its first non-ASCII word when
        translating (``已接受``, as the team writes it), else the key."""
        if translating():
            for choice in self.choices:
                if choice.key == key:
                    return next((a for a in choice.aliases if not a.isascii()), key)
        return key

    def label(self, key: str) -> str:
        for choice in self.choices:
            if choice.key == key:
                return choice.label
        return key


# RFC status and type (docs/reference/rfc-directive.md)

#: (The statuses of the named templates are aliases: MADR's ``proposed`` and
#: ``deprecated``, KEP's ``provisional``, ``implementable``, ``replaced``:
#: :mod:`sphinx_rfc.spec.nouns`.)
STATUSES = Vocabulary(
    "status",
    (
        Choice("draft", "Draft", ("草稿", "provisional")),
        Choice("review", "Review", ("评审中", "讨论中", "discussion", "proposed")),
        Choice("accepted", "Accepted", ("已接受", "已通过", "approved", "implementable")),
        Choice("implemented", "Implemented", ("已实现", "已完成", "final", "done")),
        Choice("rejected", "Rejected", ("已拒绝",)),
        Choice("withdrawn", "Withdrawn", ("已撤回", "deprecated", "deferred", "on hold")),
        Choice("superseded", "Superseded", ("已取代", "replaced")),
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

#: An answer given under a condition (``仅在启用流式读取时生效``, ``only
#: when …``): neither yes nor no; the condition is kept as its note.
CONDITIONAL = Choice("conditional", "Conditional", ("有条件",))

YES_NO = Vocabulary(
    "yes/no",
    (
        Choice("yes", "Yes", ("是", "y", "true", "✓")),
        Choice("no", "No", ("否", "n", "false", "✗")),
        CONDITIONAL,
    ),
    conditional="conditional",
)

STRENGTHS = Vocabulary(
    "strength",
    (
        Choice("strong", "Strong", ("强", "强依赖", "hard")),
        Choice("weak", "Weak", ("弱", "弱依赖", "soft")),
        Choice("none", "None", ("不涉及", "无", "n/a", "not involved")),
    ),
)

AFFECTS = Vocabulary(
    "affects",
    (
        *YES_NO.choices,
        Choice("none", "Not applicable", ("不涉及", "n/a", "not involved")),
    ),
    conditional="conditional",
)


#: A reviewer's verdict (docs/reference/table-directives.md, the reviews
#: table).
VERDICTS = Vocabulary(
    "verdict",
    (
        Choice("approve", "Approve", (
            "通过", "批准", "同意", "approved", "approve", "lgtm", "+1", "✓", "accept",
        )),
        Choice("approve-with-conditions", "Approve with conditions", (
            "有条件通过", "附条件通过", "条件通过", "approve with conditions",
            "approved with conditions", "conditional approval", "conditionally approved",
        )),
        Choice("request-changes", "Request changes", (
            "需修改", "需要修改", "修改后再审", "request changes", "changes requested",
            "request-changes",
        )),
        Choice("reject", "Reject", ("拒绝", "不通过", "驳回", "rejected", "✗", "-1")),
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
    return Vocabulary(base.name, tuple(choices), base.conditional)
