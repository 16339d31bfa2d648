"""``sphinx-rfc sync`` (docs/reference/sync.md): the forge hears back.

For every RFC that came from a forge issue (its front matter's
``source_issue``, written by ``import``), the changes that make the issue
say what the docs say: the labels of its status (``rfc_forge_labels``),
open or closed (``rfc_forge_close_statuses``), and one comment per status
change, linking the RFC's page (``rfc_public_url``).  A dry run by
default: it reads each issue and prints the plan; ``--apply`` makes it.

Idempotent: each comment ends with a marker naming the RFC and the status
it announced, and the latest marker is the status the forge was last
told; with none, the status the issue's own state and labels stand for
(``rfc_forge_status_map``, as ``import`` read it).  A forge error on one
issue is reported on its line, and the others go on; exit code 1 then.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sphinx_rfc.cli.errors import CliError
from sphinx_rfc.cli.forges import (
    FORGES,
    TOKEN_VARIABLES,
    Forge,
    ForgeError,
    IssueRef,
    IssueState,
    issue_ref,
)
from sphinx_rfc.cli.listing import printable
from sphinx_rfc.cli.project import (
    add_sourcedir_argument,
    default_jobs,
    find_sourcedir,
    read_project,
)
from sphinx_rfc.spec.messages import _

if TYPE_CHECKING:
    from sphinx_rfc.model.records import RfcRecord
    from sphinx_rfc.spec.settings import RfcSettings

#: ``--format json``'s version (sphinx_rfc/schema/rfc-sync.schema.json).
SCHEMA_VERSION = 1

#: The marker at the end of a comment sync wrote: ``<!-- sphinx-rfc-sync: RFC-0321 accepted -->``.
MARKER = "<!-- sphinx-rfc-sync:"

#: GitHub's reason for closing an issue, by status (other forges have none).
CLOSE_REASONS = {"implemented": "completed"}


@dataclass(slots=True)
class Change:
    """One change to an issue: ``add_label``, ``remove_label``, ``close``,
    ``reopen`` or ``comment``."""

    action: str
    value: str = ""


@dataclass(slots=True)
class IssuePlan:
    rfc: str
    status: str
    issue: str
    forge: str | None
    docname: str = ""
    #: Where the issue is (None: its URL names no forge this knows).
    ref: IssueRef | None = None
    changes: list[Change] = field(default_factory=list)
    error: str | None = None
    applied: bool = False


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``sync`` and its options."""
    cmd = subparsers.add_parser(
        "sync", help="tell each RFC's forge issue its status: labels, open/closed, a comment")
    add_sourcedir_argument(cmd)
    cmd.add_argument("--apply", action="store_true",
                     help="make the changes (default: print the plan, change nothing)")
    cmd.add_argument("--format", choices=("text", "json"), default="text",
                     help="text (default) or json (sphinx_rfc/schema/rfc-sync.schema.json)")
    cmd.add_argument("--forge", choices=sorted(FORGES),
                     help="the forge of issue URLs whose host is not a known one")
    cmd.add_argument("--api-url", metavar="URL",
                     help="the forge API's base URL (default: from each issue's host)")
    cmd.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Read the project, plan each imported RFC's issue, apply with --apply."""
    from sphinx_rfc import config as rfc_config
    from sphinx_rfc.store.domain import get_domain

    if args.api_url and not re.match(r"^https?://", args.api_url):
        raise CliError(_("sphinx-rfc sync: --api-url must be an http(s) URL, not {url!r}")
                       .format(url=args.api_url))
    srcdir = find_sourcedir(args.sourcedir)
    with read_project(srcdir, jobs=default_jobs(), cache=True) as project:
        settings = rfc_config.settings(project.app.config)
        records = get_domain(project.app.env).snapshot().records()
        plans = [plan for plan in (
            _plan_of(record, srcdir, settings, args) for record in records) if plan is not None]
        # (inside the read: its translations are the project's language)
        forges: dict[str, Forge] = {}
        for plan in plans:
            _settle(plan, settings, args, forges)
        if args.format == "json":
            print(json.dumps(as_json(plans, args.apply), ensure_ascii=False, indent=2))
        else:
            _print_text(plans, settings)
        _print_summary(plans, args.apply, len(records))
    return 1 if any(plan.error for plan in plans) else 0


def _plan_of(record: RfcRecord, srcdir: Path, settings: RfcSettings,
             args: argparse.Namespace) -> IssuePlan | None:
    """The plan of an RFC that came from an issue (None: it did not)."""
    from sphinx_rfc.cli.front_matter import read_front_matter

    path = Path(record.source)
    if not path.is_absolute():
        path = srcdir / path
    try:
        front = read_front_matter(path.read_text(encoding="utf-8")) or {}
    except (OSError, UnicodeDecodeError):
        return None
    source = front.get("source_issue")
    if not isinstance(source, str) or not source.strip():
        return None
    ref = issue_ref(source, args.forge, args.api_url)
    plan = IssuePlan(record.id, record.status, source.strip(), ref.forge if ref else None,
                     record.docname, ref)
    if ref is None:
        plan.error = _("not an issue URL of a known forge: {url!r} (--forge names the forge of "
                       "a host of its own)").format(url=source.strip())
    return plan


def _settle(plan: IssuePlan, settings: RfcSettings, args: argparse.Namespace,
            forges: dict[str, Forge]) -> None:
    """Read the issue, plan its changes, apply them with ``--apply``; a
    forge error ends this plan only."""
    ref = plan.ref
    if plan.error is not None or ref is None:
        return
    token = token_for(ref.forge)
    if args.apply and not token:
        plan.error = _("no token: set SPHINX_RFC_FORGE_TOKEN or {variable} to apply").format(
            variable=TOKEN_VARIABLES[ref.forge])
        return
    if ref.forge not in forges:
        forges[ref.forge] = FORGES[ref.forge](token)
    forge = forges[ref.forge]
    try:
        state = forge.read(ref)
        plan.changes = changes_for(plan.rfc, plan.status, state, settings)
        if args.apply and plan.changes:
            apply(forge, ref, state, plan, settings)
            plan.applied = True
    except ForgeError as exc:
        plan.error = printable(str(exc))


def token_for(forge: str) -> str | None:
    """The API token, from the environment (never from a file or an option:
    a command line is seen by every process of the machine)."""
    for name in ("SPHINX_RFC_FORGE_TOKEN", TOKEN_VARIABLES[forge]):
        value = os.environ.get(name, "").strip()
        if value:
            return value
    return None


def told_status(rfc: str, state: IssueState, settings: RfcSettings) -> str:
    """The status the forge was last told: the latest marker of *rfc*; with
    none, the status its state and labels stand for."""
    from sphinx_rfc.spec.forge import forge_status

    told = None
    for body in state.comments:
        for marked, status in markers(body):
            if marked == rfc:
                told = status
    if told is not None:
        return told
    labelled = [status for status, labels in settings.forge_labels.items()
                if any(label in state.labels for label in labels)]
    return forge_status(state.state, None, [*labelled, *state.labels],
                        settings.forge_status_map, settings.statuses)


def markers(body: str) -> list[tuple[str, str]]:
    """The (RFC, status) of each sync marker in a comment, in order (string
    methods: a comment is the forge's, of any length)."""
    found = []
    start = body.find(MARKER)
    while start >= 0:
        end = body.find("-->", start)
        if end < 0:
            break
        words = body[start + len(MARKER):end].split()
        if len(words) == 2:
            found.append((words[0], words[1]))
        start = body.find(MARKER, end)
    return found


def changes_for(rfc: str, status: str, state: IssueState, settings: RfcSettings) -> list[Change]:
    """What the issue needs to say *status*: labels, state, a comment."""
    changes: list[Change] = []
    wanted = settings.forge_labels.get(status, ())
    managed = {label for labels in settings.forge_labels.values() for label in labels}
    changes += [Change("add_label", label) for label in wanted if label not in state.labels]
    changes += [Change("remove_label", label) for label in state.labels
                if label in managed and label not in wanted]
    closed = status in settings.forge_close_statuses
    if closed != state.closed:
        changes.append(Change("close" if closed else "reopen"))
    if told_status(rfc, state, settings) != status:
        changes.append(Change("comment", status))
    return changes


def apply(forge: Forge, ref: IssueRef, state: IssueState, plan: IssuePlan,
          settings: RfcSettings) -> None:
    """Make *plan*'s changes: labels, then the state, the comment last (so
    that a failure before it leaves no marker, and the next run tries
    again)."""
    add = [c.value for c in plan.changes if c.action == "add_label"]
    remove = [c.value for c in plan.changes if c.action == "remove_label"]
    if add or remove:
        forge.change_labels(ref, state.labels, add, remove)
    for change in plan.changes:
        if change.action in ("close", "reopen"):
            forge.set_closed(ref, change.action == "close", CLOSE_REASONS.get(plan.status, "not_planned"))
    if any(c.action == "comment" for c in plan.changes):
        forge.comment(ref, comment_text(plan, settings))


def comment_text(plan: IssuePlan, settings: RfcSettings) -> str:
    """The comment announcing *plan*'s status, in the project's language,
    with the page's link and the marker."""
    from sphinx_rfc.i18n import _

    label = str(_(settings.statuses.label(plan.status)))
    text = str(_("{rfc} is now {status} in the documentation.")).format(
        rfc=plan.rfc, status=f"**{label}**")
    page = page_url(plan, settings)
    if page:
        text += "\n\n" + page
    return f"{text}\n\n{MARKER} {plan.rfc} {plan.status} -->"


def page_url(plan: IssuePlan, settings: RfcSettings) -> str | None:
    """The RFC's page under ``rfc_public_url`` (None without one)."""
    base = settings.public_url
    if not base:
        return None
    if "{docname}" in base:
        return base.replace("{docname}", plan.docname)
    return base + plan.docname + ".html"


def as_json(plans: list[IssuePlan], applied: bool) -> dict[str, Any]:
    """The plan as ``--format json`` prints it."""
    return {
        "schema_version": SCHEMA_VERSION,
        "apply": applied,
        "issues": [
            {"rfc": p.rfc, "status": p.status, "issue": p.issue, "forge": p.forge,
             "changes": [{"action": c.action, "value": c.value} for c in p.changes],
             "applied": p.applied, "error": p.error}
            for p in plans
        ],
    }


def _print_text(plans: list[IssuePlan], settings: RfcSettings) -> None:
    from sphinx_rfc.i18n import _

    words = {
        "add_label": _("add label {value!r}"), "remove_label": _("remove label {value!r}"),
        "close": _("close the issue"), "reopen": _("reopen the issue"),
        "comment": _("comment: now {value}"),
    }
    for plan in plans:
        head = f"{plan.rfc} {printable(plan.issue)}"
        if plan.error:
            print(str(_("{head}: failed: {error}")).format(head=head, error=plan.error))
        elif not plan.changes:
            print(str(_("{head}: up to date")).format(head=head))
        else:
            print(str(_("{head} (done):") if plan.applied else _("{head} (to do):")).format(
                head=head))
            for change in plan.changes:
                value = change.value
                if change.action == "comment":  # the status, as the project names it
                    value = str(_(settings.statuses.label(value)))
                print("  " + str(words[change.action]).format(value=value))


def _print_summary(plans: list[IssuePlan], applied: bool, total: int) -> None:
    from sphinx_rfc.i18n import _, ngettext

    changed = sum(1 for p in plans if p.changes and not p.error)
    failed = sum(1 for p in plans if p.error)
    summary = ngettext("{issues} RFC of {total} came from a forge issue",
                       "{issues} RFCs of {total} came from forge issues", len(plans))
    line = str(summary).format(issues=len(plans), total=total)
    line += str(_(": {changed} to change, {failed} failed")).format(changed=changed, failed=failed)
    if not applied and changed:
        line += str(_("; a dry run: --apply makes the changes"))
    print(line, file=sys.stderr)
