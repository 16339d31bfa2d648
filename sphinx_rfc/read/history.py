"""An RFC's status history from git: each status its source file has held,
with the first commit that shows it (docs/reference/process.md).

From the build's one ``git log`` (:mod:`sphinx_rfc.read.git_log`, shared
with git dates): for every source file that is an RFC document
(:func:`rfc_sources`: never a changelog's thousand versions) the commits
touching it, the file
as it was at each of them (one ``git cat-file --batch`` for all), and the
status read from that text by the one raw-text reader of declared fields
(:func:`status_in_text`, through :mod:`sphinx_rfc.check.field_places`, as
``sphinx-rfc status`` and ``sphinx-rfc diff`` read it): the ``rfc``
directive's ``:status:`` option (rST and MyST), else the front-matter
``status:``, the field list, the leading ``Key: value`` list, or the row
of the basic-information table whose field is the status (``状态`` /
``Status`` and the other names of :data:`~sphinx_rfc.spec.fields.FIELDS`
and of ``rfc_aliases``; in rST a grid, simple or ``list-table`` table).
The words are the project's statuses (``rfc_statuses``, their aliases
included).

Oldest first; a commit whose status equals the one before adds nothing; a
commit whose status cannot be read is skipped.  The history lists commits
only: the working tree's status (the record's) may differ from the last.

The status of each file at each commit is kept in the environment: after
a new commit a build reads the texts of that commit's files only.

Computed once per build in the main process before any document is read
(``env-get-outdated``, like git dates): parallel read workers inherit it.
The history each RFC was read with is its record's; the ``env-get-outdated``
handler returns the RFCs whose history changed since (a new commit changes
no file's modification time), and those whose ``stale-review`` warning is
due or no longer due at the build's date.

Changed after acceptance: an RFC accepted (or implemented) whose history
shows the commit that accepted it (the latest acceptance: an RFC amended,
``accepted -> review -> accepted``, is held to the commit that accepted it
again) is compared, row by row, with the file
as that commit holds it (:mod:`sphinx_rfc.check.changes`: the tables of
``rfc_binding_tables``, never prose): one ``changed-after-acceptance``
problem naming the rows, and the same list on its page under the timeline.
The texts of the accepting commits are read once per build, in the main
process, by one more ``git cat-file --batch`` (and kept in the environment:
a file at a commit never changes).

An imported RFC's history starts on its forge: the steps ``sphinx-rfc
import`` wrote into its front matter (``forge_history``: the issue's
creation and the label and state events of its export) come first, each
"committed" by the issue (``#321``) and its author, then git's
(:func:`with_forge_steps`); so the timeline and ``stale-review`` count
from the forge's dates, not from the import commit's.

No git, a shallow clone (whose history is one commit), an untracked file:
no history and no warning, but for one: in a shallow clone each accepted
RFC gets a ``changed-after-acceptance`` warning saying it cannot be
checked (a CI gate on the warnings must not pass for want of history).
"""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sphinx_rfc import config as rfc_config
from sphinx_rfc._compat import source_path
from sphinx_rfc._gitstamp import repository_stamp
from sphinx_rfc.check.changes import (
    ACCEPTED,
    changed_after_acceptance,
    describe,
    diff,
    structured_data,
)
from sphinx_rfc.check.field_places import (
    find_places,
    reads_list,
    same_but_declared_values,
    status_texts,
)
from sphinx_rfc.model.history import (
    HistoryEntry,
    build_date,
    current_since,
    days_since,
    parse_date,
)
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.read import git_log
from sphinx_rfc.read.git_dates import is_shallow
from sphinx_rfc.spec.cells import read_choice
from sphinx_rfc.spec.globs import docname_glob_match
from sphinx_rfc.spec.messages import _, ngettext
from sphinx_rfc.spec.sections import SectionSpec
from sphinx_rfc.spec.text import fold_header
from sphinx_rfc.store.domain import build_state, get_domain

if TYPE_CHECKING:
    import datetime

    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

    from sphinx_rfc.model.records import RfcRecord
    from sphinx_rfc.spec.settings import RfcSettings
    from sphinx_rfc.spec.vocabulary import Vocabulary

#: Histories by source path.
Histories = Mapping[str, tuple[HistoryEntry, ...]]

# --------------------------------------------------------------------------
# The status of a file's text, without Sphinx

def _status_value(text: str, statuses: Vocabulary) -> str | None:
    value = text.strip().strip("'\"`*[]").strip()
    if not value:
        return None
    found = read_choice(statuses, value).value
    return found if isinstance(found, str) else None


def status_in_text(
    text: str, statuses: Vocabulary, names: Collection[str] = (), suffix: str = ".md",
    sections: Sequence[SectionSpec] | None = None, *, rst_list: bool = False,
) -> str | None:
    """The status an RFC file's *text* declares, where
    :func:`sphinx_rfc.check.field_places.find_places` finds it (the
    ``rfc`` directive's, else the first place's in file order whose value
    is a status); None when none can be read.  *suffix*: the file's;
    *names*: more names of the status field, folded (``rfc_aliases``'
    ``fields``); *rst_list*: an rST file's leading list declares fields
    (the template reads one)."""
    text = text.removeprefix("\ufeff")
    places = find_places(text, suffix, sections, rst_list=rst_list, rst_tables=True,
                         names=names, until_directive=True)
    for value in status_texts(places, text):
        found = _status_value(value, statuses)
        if found:
            return found
    return None


#: ``(commit, path relative to the top) -> status`` of a file at a commit
#: (None: none could be read).
StatusesAt = Mapping[tuple[str, str], "str | None"]


def histories_of(
    log: git_log.RepositoryLog,
    statuses_at: StatusesAt,
    paths: Sequence[str],
    by_file: Mapping[str, Sequence[git_log.Commit]] | None = None,
) -> dict[str, tuple[HistoryEntry, ...]]:
    """``source path -> history`` of each of *paths* (relative to the
    source folder), from the status of each file at each commit."""
    if by_file is None:
        by_file = log.by_source_file()
    found: dict[str, tuple[HistoryEntry, ...]] = {}
    for path in paths:
        entries: list[HistoryEntry] = []
        top = log.top_path(path)
        for commit in reversed(by_file.get(path, ())):  # oldest first
            status = statuses_at.get((commit.sha, top))
            if status is None or (entries and entries[-1].status == status):
                continue
            entries.append(HistoryEntry(status, commit.date, commit.sha, commit.author))
        if entries:
            found[path] = tuple(entries)
    return found


def read_histories(
    log: git_log.RepositoryLog,
    suffixes: Sequence[str],
    statuses: Vocabulary,
    known: StatusesAt | None = None,
    names: Collection[str] = (),
    texts_read: dict[tuple[str, str], str | None] | None = None,
    sections: Sequence[SectionSpec] | None = None,
    *,
    rst_list: bool = False,
    only: Collection[str] | None = None,
) -> tuple[dict[str, tuple[HistoryEntry, ...]], dict[tuple[str, str], str | None]]:
    """The history of every source file (of *suffixes*; of those in *only*,
    when given: the RFC documents) in *log*, and the status of each file at
    each of its commits.  The texts of the files at the commits *known*
    does not hold (a file at a commit never changes) are read by one
    ``git cat-file --batch``."""
    known = known or {}
    by_file = log.by_source_file()
    paths = sorted(p for p in by_file if p.endswith(tuple(suffixes))
                   and (only is None or p in only))
    wanted = [(c.sha, log.top_path(p)) for p in paths for c in by_file[p]]
    statuses_at = {key: known[key] for key in wanted if key in known}
    texts = git_log.read_blobs(log.top, [key for key in wanted if key not in statuses_at])
    if texts_read is not None:  # (the caller keeps some: the accepting commits')
        texts_read.update(texts)
    for key, text in texts.items():
        suffix = "." + key[1].rpartition(".")[2]
        statuses_at[key] = status_in_text(
            text, statuses, names, suffix, sections, rst_list=rst_list) if text else None
    return histories_of(log, statuses_at, paths, by_file), statuses_at


# --------------------------------------------------------------------------
# In the build

#: Where a build keeps its histories: on the application (never pickled;
#: parallel read workers are forked after they are made and inherit them).
_APP_KEY = "_sphinx_rfc_histories"
# The environment keeps (store/domain.BuildState) the repository stamp of
# the last build that read histories, and the status of each file at each
# commit it read (with the vocabulary they were read with): a new commit
# makes the next build read the texts of its files only.


def build_histories(app: Sphinx) -> Histories:
    """This build's histories of every source file; empty when
    ``rfc_history`` is off or git cannot tell."""
    settings = rfc_config.settings(app.config)
    if not settings.history:
        return {}
    log = git_log.build_log(app)
    cached: tuple[git_log.RepositoryLog, Histories] | None = app.__dict__.get(_APP_KEY)
    if cached is not None and cached[0] is log:
        return cached[1]
    histories: Histories = {}
    if log.commits and not is_shallow(app.srcdir):
        suffixes = tuple(str(s) for s in app.config.source_suffix) or (".rst",)
        # the statuses read by the last build, while the vocabulary is the same
        names = frozenset(fold_header(w) for w in settings.aliases.fields.get("status", ()))
        # (and the reader's places: the sections, whether rST reads a leading list)
        rst_list = reads_list(settings)
        # (the built-in sections by their template's digest: not parsed here)
        vocabulary = repr((settings.statuses, sorted(names), settings.sections_key, rst_list,
                           "field_places"))
        kept = build_state(app.env).history_statuses
        known = kept[1] if kept is not None and kept[0] == vocabulary else None
        texts: dict[tuple[str, str], str | None] = {}
        histories, statuses_at = read_histories(
            log, suffixes, settings.statuses, known, names, texts, settings.own_sections,
            rst_list=rst_list, only=rfc_sources(app, log.by_source_file()))
        build_state(app.env).history_statuses = (vocabulary, statuses_at)
        # the accepting commits' texts, for accepted_texts (no second read)
        accepting = {key for _entry, key in _acceptances(log, histories).values()}
        app.__dict__[_APP_READ] = {
            key: text for key, text in texts.items() if text is not None and key in accepting
        }
    app.__dict__[_APP_KEY] = (log, histories)
    return histories


#: What in a document's text makes it an RFC without ``rfc_documents``: an
#: ``rfc`` directive (MyST, rST), an ``rfc`` field (rST field list, MyST
#: front matter).  Looked for as plain text: a document that only mentions
#: one costs a history read, never a lost history.
_RFC_MARKS = ("{rfc}", ".. rfc::", "\n:rfc:", "\nrfc:")


def rfc_sources(app: Sphinx, in_log: Collection[str]) -> set[str]:
    """The source paths (relative to the source folder) of the documents
    of this build that are RFCs, of those *in_log*: an RFC of the last
    build, one ``rfc_documents`` names, or one whose text holds an ``rfc``
    directive or field.  Only these have a status history: a long history
    of other files under the source folder (a changelog, deleted pages) is
    never read."""
    env = app.env
    patterns = rfc_config.settings(app.config).documents
    known = get_domain(env).rfcs
    found: set[str] = set()
    for docname in env.found_docs:
        path = source_path(env, docname)
        if path not in in_log:
            continue
        if docname in known or any(docname_glob_match(p, docname) for p in patterns):
            found.add(path)
            continue
        try:
            text = "\n" + Path(env.doc2path(docname)).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if any(mark in text for mark in _RFC_MARKS):
            found.add(path)
    return found


# (the texts of files at the commits that accepted them, ``(commit, path
# from the top) -> text``: store/domain.BuildState.accepted_texts)
#: Where a build keeps ``source path -> (entry, text)`` of each RFC file
#: accepted in its history (on the application, like the histories).
_APP_ACCEPTED = "_sphinx_rfc_accepted"


#: Where a build keeps the texts of the accepting commits that reading the
#: histories read anyway (on the application).
_APP_READ = "_sphinx_rfc_accepted_read"


def _acceptances(
    log: git_log.RepositoryLog, histories: Histories,
) -> dict[str, tuple[HistoryEntry, tuple[str, str]]]:
    """``source path -> (acceptance entry, (its commit, the path from the
    top))`` of every file whose history shows its acceptance."""
    found = {}
    for path, history in histories.items():
        entry = acceptance_of(history)
        if entry is not None:
            found[path] = (entry, (entry.commit, log.top_path(path)))
    return found


def acceptance_of(history: Sequence[HistoryEntry]) -> HistoryEntry | None:
    """The entry of the commit that last accepted the RFC: the first of the
    last run of accepted (or implemented) entries, so that an RFC amended
    (``accepted -> review -> accepted``) is held to its latest acceptance;
    None when no entry is accepted."""
    found = None
    before = False
    for entry in history:
        accepted = entry.status in ACCEPTED
        if accepted and not before:
            found = entry
        before = accepted
    return found


def accepted_texts(app: Sphinx) -> Mapping[str, tuple[HistoryEntry, str]]:
    """``source path -> (acceptance entry, the file's text at that commit)``
    of every file whose history shows its acceptance; empty when
    ``rfc_binding_tables`` is empty or there is no history."""
    settings = rfc_config.settings(app.config)
    histories = build_histories(app)
    if not settings.binding_tables or not histories:
        return {}
    cached: tuple[Histories, dict[str, tuple[HistoryEntry, str]]] | None = (
        app.__dict__.get(_APP_ACCEPTED))
    if cached is not None and cached[0] is histories:
        return cached[1]
    log = git_log.build_log(app)
    wanted = _acceptances(log, histories)
    kept: dict[tuple[str, str], str] = {
        **(build_state(app.env).accepted_texts or {}), **app.__dict__.get(_APP_READ, {})}
    keys = [key for _entry, key in wanted.values()]
    texts = {key: kept[key] for key in keys if key in kept}
    missing = [key for key in keys if key not in texts]
    if missing:  # (only when the histories were read from the environment's statuses)
        for key, text in git_log.read_blobs(log.top, missing).items():
            if text is not None:
                texts[key] = text
    build_state(app.env).accepted_texts = texts  # (only the ones still wanted)
    found = {path: (entry, texts[key]) for path, (entry, key) in wanted.items() if key in texts}
    app.__dict__[_APP_ACCEPTED] = (histories, found)
    return found


def changed_since_acceptance(
    app: Sphinx, record: RfcRecord, settings: RfcSettings
) -> Problem | None:
    """The ``changed-after-acceptance`` problem of *record* (accepted or
    implemented now, its binding tables' rows changed since the commit that
    accepted it); also sets the record's ``changed_after_acceptance``."""
    record.changed_after_acceptance = None
    if record.status not in ACCEPTED or not settings.binding_tables:
        return None
    if not record.history:
        return _cannot_tell(app, record)
    if record.history[-1].status not in ACCEPTED:
        return None  # (accepted again in the working tree: that is the baseline)
    path = source_path(app.env, record.docname)
    found = accepted_texts(app).get(path)
    if found is None:
        return None
    entry, old_text = found
    try:
        new_text = app.env.doc2path(record.docname).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    suffix = "." + path.rpartition(".")[2]
    if same_but_declared_values(old_text, new_text, suffix, settings.sections):
        return None  # (only its status or dates moved on: two parses saved)
    changes = diff(structured_data(old_text, suffix, settings),
                   structured_data(new_text, suffix, settings))
    problem = changed_after_acceptance(
        changes, accepted=entry.date, source=record.source,
        line=record.status_line or record.line, rfc_id=record.id,
        kinds=settings.binding_tables,
    )
    if problem is not None:
        record.changed_after_acceptance = (entry.date, tuple(
            describe(c) for c in changes if c.kind in settings.binding_tables))
    return problem


def _cannot_tell(app: Sphinx, record: RfcRecord) -> Problem | None:
    """In a shallow clone (no history read): the ``changed-after-acceptance``
    problem saying the accepted *record* cannot be checked, so that a CI
    gate on the warnings does not pass for want of history."""
    if not is_shallow(app.srcdir) or not git_log.build_log(app).commits:
        return None
    return Problem(
        "changed-after-acceptance",
        _("cannot tell whether it changed since it was accepted: the repository is a "
          "shallow clone, whose history is incomplete; fetch the whole history "
          "(git fetch --unshallow; actions/checkout: fetch-depth: 0)"),
        record.source, record.status_line or record.line, record.id,
    )


def history_of(app: Sphinx, docname: str) -> list[HistoryEntry]:
    """The history of *docname*'s source file (empty: none): the steps an
    imported RFC took on its forge first (:func:`forge_steps`), then those
    of git."""
    git = build_histories(app).get(source_path(app.env, docname), ())
    if not rfc_config.settings(app.config).history:
        return []
    forge = forge_steps(app.env.doc2path(docname), rfc_config.settings(app.config).statuses)
    return with_forge_steps(forge, git)


# --------------------------------------------------------------------------
# The forge's steps of an imported RFC (sphinx-rfc import, forge_history)

#: The front-matter key the import writes them under.
FORGE_HISTORY = "forge_history"
#: How much of a file is looked at for the key before its YAML is read.
_HEAD = 16_384


def forge_steps(path: str | os.PathLike[str], statuses: Vocabulary) -> tuple[HistoryEntry, ...]:
    """The statuses an imported RFC took on its forge, from its front
    matter's ``forge_history`` (``YYYY-MM-DD status who``, oldest first,
    written by ``sphinx-rfc import`` from the issue's creation and its
    label and state events): each an entry whose "commit" is the issue
    (``#321``, from ``source_issue``) and whose author is the issue's
    author or the event's.  An item that is no date and status is skipped."""
    try:
        with open(path, encoding="utf-8-sig", errors="replace") as file:
            head = file.read(_HEAD)
    except OSError:
        return ()
    if not head.startswith("---") or f"\n{FORGE_HISTORY}:" not in head:
        return ()
    from sphinx_rfc.read.frontmatter import front_matter

    data, _lines = front_matter(Path(path))
    items = data.get(FORGE_HISTORY)
    if not isinstance(items, list):
        return ()
    source = str(data.get("source_issue") or data.get("imported_from") or "")
    ref = source if source.startswith("#") else "#" + source.rstrip("/").rpartition("/")[2]
    found: list[HistoryEntry] = []
    for item in items:
        date, _, rest = str(item).strip().partition(" ")
        word, _, who = rest.strip().partition(" ")
        status = _status_value(word, statuses) if parse_date(date) else None
        if status is not None and (not found or found[-1].status != status):
            found.append(HistoryEntry(status, date, ref if ref != "#" else "", who.strip()))
    return tuple(found)


def with_forge_steps(
    forge: Sequence[HistoryEntry], git: Sequence[HistoryEntry],
) -> list[HistoryEntry]:
    """*forge*'s steps, then *git*'s, a step that repeats the status before
    it left out (the import commit shows the status the forge gave last)."""
    merged = list(forge)
    for entry in git:
        if not merged or merged[-1].status != entry.status:
            merged.append(entry)
    return merged


def _forge_part(history: Sequence[HistoryEntry]) -> list[HistoryEntry]:
    """The leading steps of *history* that the forge gave (no commit hash)."""
    found = []
    for entry in history:
        if len(entry.commit) == 40 and not entry.commit.strip("0123456789abcdef"):
            break
        found.append(entry)
    return found


def stale_review(
    record: RfcRecord, settings: RfcSettings, today: datetime.date | None = None
) -> Problem | None:
    """``stale-review`` when *record* has been in review for longer than
    ``rfc_review_days`` (from its history) at the build's date, on the line
    of its status."""
    days_allowed = settings.review_days
    if days_allowed is None or record.status != "review":
        return None
    since = current_since(record.history, record.status)
    days = days_since(since, today)
    if since is None or days is None or days <= days_allowed:
        return None
    return Problem(
        "stale-review",
        ngettext("in review for {n} day, since {since} (rfc_review_days = {allowed})",
                 "in review for {n} days, since {since} (rfc_review_days = {allowed})",
                 days).format(n=days, since=since, allowed=days_allowed),
        record.source, record.status_line or record.line, record.id,
    )


def fill_record(app: Sphinx, record: RfcRecord, settings: RfcSettings) -> list[Problem]:
    """Give *record* its history; the ``stale-review`` problem it has."""
    record.history = history_of(app, record.docname)
    found = [stale_review(record, settings), changed_since_acceptance(app, record, settings)]
    return [problem for problem in found if problem is not None]


def _stale_message(record: RfcRecord) -> str | None:
    return next((p.message for p in record.problems if p.subtype == "stale-review"), None)


def on_env_get_outdated(
    app: Sphinx, env: BuildEnvironment, added: Any, changed: Any, removed: Any
) -> list[str]:
    """Read this build's histories; return the RFC documents whose history
    differs from the one they were read with, or whose ``stale-review``
    warning changed with the build's date."""
    settings = rfc_config.settings(app.config)
    if not settings.history:
        return []
    domain = get_domain(env)
    outdated: set[str] = set()
    stamp = repository_stamp(app.srcdir)
    kept = build_state(env)
    if stamp is None or stamp != kept.history_stamp:
        histories = build_histories(app)
        kept.history_stamp = stamp
        for docname, record in domain.rfcs.items():
            if docname in env.found_docs and with_forge_steps(
                _forge_part(record.history), histories.get(source_path(env, docname), ())
            ) != record.history:
                outdated.add(docname)
    if settings.review_days is not None:
        today = build_date()
        for docname, record in domain.rfcs.items():
            if docname in outdated or docname not in env.found_docs:
                continue
            stale = stale_review(record, settings, today)
            if (stale.message if stale else None) != _stale_message(record):
                outdated.add(docname)
    return sorted(outdated)


def on_env_before_read_docs(app: Sphinx, env: BuildEnvironment, docnames: list[str]) -> None:
    """Read the histories in the main process before documents are read
    (parallel read workers inherit them)."""
    if docnames and rfc_config.settings(app.config).history:
        build_histories(app)
        accepted_texts(app)
