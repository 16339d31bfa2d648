"""The RFC lifecycle: which status may follow which.

The table, as ``sphinx-rfc status`` applies it::

    draft        -> review
    review       -> accepted, draft
    accepted     -> implemented, review (an amendment)
    any status   -> withdrawn, rejected
    any status   -> superseded, only when another RFC supersedes this one

``accepted -> review`` is an amendment (:data:`AMENDMENTS`): an accepted
RFC whose design changes goes back to review and is accepted again; the
history's latest acceptance is then the one its binding tables are held
to (``rfc.changed-after-acceptance``, ``sphinx-rfc diff``).  It is a step
back, not a step forward: :func:`at_or_after` does not follow it.

Setting the status an RFC already has is no transition: it is always
allowed and changes nothing.  A status the table does not know (a key a
project added with ``rfc_statuses``) has no rules: any move to or from it
is allowed, since only the project knows its lifecycle.  ``--force``
skips the table altogether.

Whether another RFC supersedes this one is a fact of the whole project;
:func:`check_transition` takes it as a callable, called only when the new
status is ``superseded``, so that callers reading the project do it only
then.  Pure data and functions: no Sphinx, nothing of the package but
:mod:`sphinx_rfc.spec`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from sphinx_rfc.spec.messages import _, series
from sphinx_rfc.spec.vocabulary import STATUSES

#: status -> the statuses that may follow it, besides the ones any status
#: may go to (:data:`FROM_ANY`) and ``superseded`` (:data:`SUPERSEDED`).
TRANSITIONS: Mapping[str, tuple[str, ...]] = {
    "draft": ("review",),
    "review": ("accepted", "draft"),
    "accepted": ("implemented",),
    "implemented": (),
    "rejected": (),
    "withdrawn": (),
    "superseded": (),
}

#: status -> the statuses it may go back to: an accepted RFC amended goes
#: back to review, to be accepted again.  Allowed by the table, not
#: followed by :func:`at_or_after` (the milestones stay ordered).
AMENDMENTS: Mapping[str, tuple[str, ...]] = {
    "accepted": ("review",),
}

#: Statuses every status may go to.
FROM_ANY: tuple[str, ...] = ("withdrawn", "rejected")

#: The status that needs a successor: another RFC that supersedes this one.
SUPERSEDED = "superseded"


@dataclass(frozen=True)
class Verdict:
    """What :func:`check_transition` says of ``current -> new``."""

    current: str
    new: str
    allowed: bool
    #: Why it is refused ("" when allowed).
    reason: str = ""
    #: The statuses allowed after *current* (for the message).
    allowed_next: tuple[str, ...] = ()

    @property
    def unchanged(self) -> bool:
        return self.current == self.new

    def __bool__(self) -> bool:
        return self.allowed


def known(status: str) -> bool:
    """True when the table has rules for *status*."""
    return status in TRANSITIONS


def allowed_next(current: str, *, superseded: bool = False) -> list[str]:
    """The statuses that may follow *current*, in the table's order.

    ``superseded`` is listed only when *superseded* says another RFC
    supersedes this one.  A status the table does not know gives every
    status of the table (it has no rules)."""
    if not known(current):
        return [s for s in TRANSITIONS if s != SUPERSEDED or superseded]
    found = [*TRANSITIONS[current], *AMENDMENTS.get(current, ()), *FROM_ANY]
    if superseded:
        found.append(SUPERSEDED)
    return [s for s in dict.fromkeys(found) if s != current]


def at_or_after(status: str, milestone: str) -> bool:
    """Whether *status* is *milestone* or a status the table lets follow it,
    step by step (``accepted``: ``accepted``, ``implemented``); the
    statuses any status may go to (withdrawn, rejected, superseded) are not
    counted, nor a status the table does not know."""
    seen = {milestone}
    todo = [milestone]
    while todo:
        for following in TRANSITIONS.get(todo.pop(), ()):
            if following not in seen:
                seen.add(following)
                todo.append(following)
    return status in seen


def check_transition(
    current: str,
    new: str,
    *,
    successors: Callable[[], Sequence[str]] | None = None,
) -> Verdict:
    """May an RFC whose status is *current* move to *new*?

    *successors* gives the IDs of the RFCs that supersede this one (None:
    none is known).  It is called only when *new* is ``superseded``, or to
    list the allowed statuses of a refusal."""
    if current == new:
        return Verdict(current, new, True)
    superseded = new == SUPERSEDED and successors is not None and bool(successors())
    following = tuple(allowed_next(current, superseded=superseded))
    if new == SUPERSEDED:
        if superseded:
            return Verdict(current, new, True, allowed_next=following)
        reason = _("no other RFC supersedes it (give the successor a 'supersedes' field first)")
        return Verdict(current, new, False, reason, following)
    if not known(current) or not known(new) or new in following:
        return Verdict(current, new, True, allowed_next=following)
    if successors is not None:  # the refusal lists superseded too when it is open
        following = tuple(allowed_next(current, superseded=bool(successors())))
    reason = _("{current} -> {new} is not in the lifecycle table").format(
        current=STATUSES.shown(current), new=STATUSES.shown(new))
    return Verdict(current, new, False, reason, following)


def refusal(verdict: Verdict) -> str:
    """The message of a refused transition: current status, allowed next ones."""
    following = series(STATUSES.shown(s) for s in verdict.allowed_next) or _("none")
    return _(
        "cannot go from {current} to {new}: {reason}; "
        "the status is {current}, allowed next: {following} (--force to set it anyway)"
    ).format(current=STATUSES.shown(verdict.current), new=STATUSES.shown(verdict.new),
             reason=verdict.reason, following=following)
