"""Approvals: an accepted RFC needs, for each module it touches, an
``approve`` or ``approve-with-conditions`` in its reviews table from one of
the people ``rfc_approvers`` names for that module
(docs/reference/native.md, "Reviews and approvals").

The same rule serves the build (``rfc.missing-approval``) and
``sphinx-rfc status ... accepted``, which refuses the same case.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import RfcRecord
from sphinx_rfc.spec.folding import fold_key
from sphinx_rfc.spec.lifecycle import at_or_after
from sphinx_rfc.spec.messages import _
from sphinx_rfc.spec.vocabulary import VERDICTS

if TYPE_CHECKING:
    from sphinx_rfc.spec.settings import RfcSettings

#: The verdicts that count as an approval.
APPROVING = ("approve", "approve-with-conditions")
#: The status from which approvals are needed.
MILESTONE = "accepted"


def person_key(name: str) -> str:
    """The key a reviewer's or approver's name is compared on: its leading
    name (``李雷 (checkpoint owner)`` is 李雷, ``@lilei`` is lilei),
    folded (case, full width, spaces)."""
    name = name.strip().lstrip("@＠")
    for mark in ("(", "（", "[", "【", "<", "《"):
        name = name.split(mark, 1)[0]
    return fold_key(name)


#: what a reviewer cell puts between a name and its handle or role
#: (``李雷 / lilei``, ``李雷｜架构``, ``李雷 - TL``), all made ``/``; a dash
#: only between spaces (``Jean-Luc``, ``lei-li`` are one name)
_ALSO = str.maketrans({"／": "/", "|": "/", "｜": "/"})
_DASHES = (" - ", " – ", " — ")


def reviewer_keys(reviewer: str) -> set[str]:
    """The keys a reviewers' table cell may name its reviewer by: the name
    and each handle or role written after a slash or a dash (``李雷 /
    lilei`` is 李雷 and lilei; ``李雷 - TL`` is 李雷 and TL)."""
    text = reviewer.translate(_ALSO)
    for dash in _DASHES:
        text = text.replace(dash, "/")
    return {key for part in text.split("/") if (key := person_key(part))}


def needs_approval(status: str) -> bool:
    """Whether an RFC in *status* must have its approvals: ``accepted`` or a
    status the lifecycle lets follow it (``implemented``)."""
    return at_or_after(status, MILESTONE)


def missing_approvals(
    record: RfcRecord, approvers: Mapping[str, Sequence[str]]
) -> list[tuple[str, tuple[str, ...]]]:
    """``(module, its approvers)`` for each module *record* touches whose
    approvers gave no approving verdict in its reviews table, in the order
    of the RFC's modules (whatever its status)."""
    if not approvers:
        return []
    approved = {key for r in record.reviews if r.verdict in APPROVING
                for key in reviewer_keys(r.reviewer)}
    missing = []
    for module in record.touched_modules():
        people = tuple(approvers.get(module, ()))
        if people and not any(person_key(p) in approved for p in people):
            missing.append((module, people))
    return missing


def approval_message(module: str, people: Sequence[str]) -> str:
    """What is missing, for the warning and the command's refusal."""
    return _(
        "module {module!r} needs an approval ({approve!r} or {conditions!r} in the "
        "reviews table) from one of its approvers: {people}"
    ).format(module=module, people=", ".join(people), approve=VERDICTS.shown(APPROVING[0]),
             conditions=VERDICTS.shown(APPROVING[1]))


def approval_problems(record: RfcRecord, settings: RfcSettings) -> list[Problem]:
    """``missing-approval`` for an accepted (or later) RFC, one per module
    its approvers (``rfc_approvers``) have not approved, on the line of its
    status."""
    if not settings.approvers or not needs_approval(record.status):
        return []
    line = record.status_line or record.line
    status = str(_(settings.statuses.label(record.status)))
    return [
        Problem(
            "missing-approval",
            _("{status} without approval: {why}").format(
                status=status, why=approval_message(module, people)),
            record.source, line, record.id,
        )
        for module, people in missing_approvals(record, settings.approvers)
    ]
