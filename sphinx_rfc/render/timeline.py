"""An RFC's status history (from git) as nodes: the page's timeline and the
index's time in the current status (docs/reference/process.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from docutils import nodes

from sphinx_rfc.i18n import _
from sphinx_rfc.nodes import generated
from sphinx_rfc.render.elements import status_badge

if TYPE_CHECKING:
    from collections.abc import Sequence

    from sphinx_rfc.model.history import HistoryEntry
    from sphinx_rfc.spec.settings import RfcSettings


def timeline(history: Sequence[HistoryEntry], settings: RfcSettings) -> list[nodes.Node]:
    """``History: Draft 2025-01-06 → Review 2025-02-03 → Accepted …``: each
    status with the date of the first commit that shows it (its short hash
    and author beside it); nothing for no history."""
    if not history:
        return []
    para = nodes.paragraph(classes=["rfc-timeline-steps"])
    para += nodes.strong("", str(_("History")) + ": ")
    for number, entry in enumerate(history):
        if number:
            para += nodes.inline("", " → ", classes=["rfc-timeline-arrow"])
        step = nodes.inline(classes=["rfc-timeline-step", f"rfc-timeline-{entry.status}"])
        step += status_badge(entry.status, settings)
        step += nodes.Text(" ")
        step += nodes.inline("", entry.date, classes=["rfc-timeline-date"])
        step += nodes.inline(
            "", f" ({entry.commit[:7]}, {entry.author})", classes=["rfc-timeline-commit"]
        )
        para += step
    box = nodes.container(classes=["rfc-timeline"])
    box += generated(para)
    return [box]


def days_in_status(days: int | None) -> nodes.Node | None:
    """`` · 23 days`` after an index row's status badge: the days since the
    commit that gave the RFC its current status, to the build's date
    (:func:`sphinx_rfc.model.history.days_since`)."""
    if days is None:
        return None
    text = str(_("{days} days")).format(days=days) if days != 1 else str(_("1 day"))
    return nodes.inline("", f" · {text}", classes=["rfc-status-age"])


def changed_notice(changed: tuple[str, tuple[str, ...]] | None) -> list[nodes.Node]:
    """The notice of an accepted RFC whose binding tables changed since the
    commit that accepted it: the acceptance date and each row changed;
    nothing when none did."""
    if not changed:
        return []
    date, rows = changed
    note = nodes.admonition(classes=["rfc-notice", "rfc-changed-notice", "attention"])
    note += generated(nodes.title("", str(_("Changed since acceptance"))))
    para = nodes.paragraph()
    para += nodes.Text(str(_("Accepted on {date}; changed since:")).format(date=date))
    note += generated(para)
    items = nodes.bullet_list()
    for row in rows:
        items += nodes.list_item("", nodes.paragraph("", row))
    note += generated(items)
    return [note]
