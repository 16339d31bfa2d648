"""An RFC's status history: each status its source file has held in git,
with the first commit that shows it (``history`` in ``rfcs.json``,
docs/reference/process.md), and the build's date it is measured against.

Plain data, no Sphinx: read by :mod:`sphinx_rfc.read.history`, shown by
the page's timeline, the index (time in the current status), the
``stale-review`` rule, the feeds and ``rfc-stats``.
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """A status an RFC's file took, and the first commit that shows it."""

    #: Status key.
    status: str
    #: The commit's author date, ``YYYY-MM-DD``.
    date: str
    #: The commit's full hash.
    commit: str
    #: The commit's author.
    author: str

    def as_json(self) -> dict[str, str]:
        return {"status": self.status, "date": self.date, "commit": self.commit,
                "author": self.author}


def build_date() -> datetime.date:
    """The date the build measures time against: ``SOURCE_DATE_EPOCH``
    (UTC) when set, so that a reproducible build gives the same pages;
    else today (UTC)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return datetime.datetime.fromtimestamp(int(epoch), datetime.UTC).date()
    return datetime.datetime.now(datetime.UTC).date()


def parse_date(text: str | None) -> datetime.date | None:
    """``YYYY-MM-DD`` as a date; None for anything else."""
    if not text:
        return None
    try:
        return datetime.date.fromisoformat(text[:10])
    except ValueError:
        return None


def current_since(history: Sequence[HistoryEntry], status: str) -> str | None:
    """The date the RFC entered *status* (its status now), when the last
    entry of its history is that status; else None (the working tree's
    status is not committed yet, or there is no history)."""
    if history and history[-1].status == status:
        return history[-1].date
    return None


def days_since(date: str | None, today: datetime.date | None = None) -> int | None:
    """Whole days from *date* to the build's date (never negative)."""
    start = parse_date(date)
    if start is None:
        return None
    return max(0, ((today or build_date()) - start).days)
