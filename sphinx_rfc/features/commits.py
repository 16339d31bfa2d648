"""The commits that implement an RFC: those whose message cites its ID.

From the build's one ``git log`` (:mod:`sphinx_rfc.read.git_log`, shared
with the dates from git and the RFC status history), which covers the
whole work tree while ``rfc_commit_pattern`` is on
(:func:`~sphinx_rfc.read.git_log.want_whole_tree`): code lies outside the
documentation's source folder.

- :func:`citations` reads every commit's message once per log (in the
  main process before any document is read: parallel read workers are
  forked after it and inherit the result) into ``ID -> commits``, each
  with the modules its files belong to (``rfc_module_paths``; the
  project's own source documents belong to no module).  A commit that
  touches RFC documents only (the RFC's own edits: ``RFC-0001 进入评审``)
  is not counted: not listed, not in ``rfc.unimplemented``.
- The ``rfc-record-read`` handler (:func:`on_record_read`) gives the
  record its :attr:`~sphinx_rfc.model.records.RfcRecord.commits`, puts the
  page's "Implementation" spot at the end of the RFC, and returns the
  plan-against-reality problems: ``rfc.unplanned-change`` (a citing commit
  touched a module the RFC does not list; one per module, naming the
  commits, at the first row of its change table, else at its title) and
  ``rfc.unimplemented`` (``rfc_implementation_days``).
- Incremental builds: a commit changes no file's time, so
  ``env-get-outdated`` (:func:`on_env_get_outdated`) returns the RFCs
  whose citing commits, or whose ``rfc.unimplemented`` verdict, differ
  from those they were read with.

Nothing here warns about git: no git, no repository, a shallow clone —
no commits, no warning (as the dates from git).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import date
from pathlib import PurePosixPath
from string import Formatter
from typing import TYPE_CHECKING, Any

from docutils import nodes

from sphinx_rfc import _lazy_re
from sphinx_rfc import config as rfc_config
from sphinx_rfc._gitstamp import repository_stamp
from sphinx_rfc.i18n import _, ngettext
from sphinx_rfc.model.history import build_date, current_since, parse_date
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import ImplCommit, RfcRecord
from sphinx_rfc.model.relations import format_id
from sphinx_rfc.nodes import ViewKey, rfc_pending
from sphinx_rfc.read import git_log
from sphinx_rfc.read.git_dates import is_shallow
from sphinx_rfc.spec.cells import module_of_path
from sphinx_rfc.spec.globs import docname_glob_match
from sphinx_rfc.spec.messages import series
from sphinx_rfc.store.domain import build_state, get_domain

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

    from sphinx_rfc.spec.settings import RfcSettings

#: View kind of an RFC page's "Implementation" list (resolve/code_views).
IMPLEMENTATION_VIEW = "implementation"

#: Where a build keeps its citations: on the application (never pickled).
_APP_KEY = "_sphinx_rfc_citations"
#: The subtypes this module reports.
_OWN = frozenset({"unplanned-change", "unimplemented"})


def commits_on(settings: RfcSettings) -> bool:
    """Whether commits are read (``rfc_commit_pattern`` is not ``""``)."""
    return settings.commit_pattern != ""


def _id_form(id_format: str) -> tuple[str, str] | None:
    """The text before and after the number of ``rfc_id_format``; None
    when there is no text before it (a bare number cites nothing)."""
    try:
        parts = list(Formatter().parse(id_format))
    except ValueError:
        return None
    before, after, seen = "", "", False
    for text, name, _spec, _conv in parts:
        if not seen:
            before += text
            if name is not None:
                seen = True
        else:
            after += text
            if name is not None:
                return None
    return (before, after) if before and seen else None


def cited_ids(message: str, settings: RfcSettings) -> list[str]:
    """The RFC IDs *message* cites, in order, each once."""
    found: dict[str, None] = {}
    pattern = settings.commit_pattern
    if pattern == "":
        return []
    if pattern is None:
        form = _id_form(settings.id_format)
        if form is None:
            return []
        before, after = form
        at = message.find(before)
        while at >= 0:
            start = end = at + len(before)
            while end < len(message) and message[end] in "0123456789":
                end += 1
            stop = end + len(after)
            if (
                end > start
                and (at == 0 or not message[at - 1].isalnum())
                and message.startswith(after, end)
                and (stop >= len(message) or not message[stop].isalnum())
            ):
                found[format_id(settings.id_format, message[start:end])] = None
            at = message.find(before, max(end, at + 1))
        return list(found)
    compiled: re.Pattern[str] = pattern  # type: ignore[assignment]
    for match in compiled.finditer(message):
        text = match.group("id") if "id" in compiled.groupindex else match.group(0)
        if text and text.isascii() and text.isdigit():
            text = format_id(settings.id_format, text)
        if text:
            found[text] = None
    return list(found)


def _is_document(path: str, log: git_log.RepositoryLog, suffixes: Sequence[str]) -> bool:
    relative = log.source_path(path)
    return relative is not None and PurePosixPath(relative).suffix in suffixes


#: What makes a source document an RFC, in its text: an ``rfc`` directive
#: (rST, MyST), an ``rfc`` key in its front matter or field list.
_RFC_DIRECTIVE = _lazy_re.compile(r"^[^\S\n]*+(?:\.\.[^\S\n]++rfc::|[`~:]{3,}+[^\S\n]*+\{rfc\})",
                            re.MULTILINE)
_RFC_KEY = _lazy_re.compile(r"^:?rfc:[^\S\n]", re.MULTILINE)
#: How much of a document's top is looked at for its front matter or field list.
_HEAD = 4000


def declares_rfc(text: str) -> bool:
    """Whether a source document's *text* is an RFC's: it holds an ``rfc``
    directive, or its front matter or leading field list names its ID."""
    if _RFC_DIRECTIVE.search(text):
        return True
    head = text[:_HEAD]
    if head.startswith("---"):
        end = head.find("\n---", 3)
        head = head[:end] if end > 0 else head
    else:  # (an rST field list: before the first blank line after it)
        head = head.split("\n\n", 1)[0]
    return bool(_RFC_KEY.search(head))


class RfcDocuments:
    """Which files of the log are RFC documents: source documents (one of
    the project's source suffixes, under the source folder) that
    ``rfc_documents`` names, or whose text in the work tree is an RFC's
    (:func:`declares_rfc`).  Each file is looked at once."""

    def __init__(self, log: git_log.RepositoryLog, settings: RfcSettings,
                 suffixes: Sequence[str]) -> None:
        self.log, self.settings, self.suffixes = log, settings, tuple(suffixes)
        self._known: dict[str, bool] = {}

    def __call__(self, path: str) -> bool:
        """Whether *path* (relative to the top of the work tree) is one."""
        found = self._known.get(path)
        if found is None:
            found = self._known[path] = self._look(path)
        return found

    def _look(self, path: str) -> bool:
        relative = self.log.source_path(path)
        if relative is None or PurePosixPath(relative).suffix not in self.suffixes:
            return False
        docname = relative.rsplit(".", 1)[0]
        if any(docname_glob_match(p, docname) for p in self.settings.documents):
            return True
        if self.log.top is None:
            return False
        try:
            with open(self.log.top / path, encoding="utf-8", errors="replace") as file:
                text = file.read()
        except OSError:  # (gone from the work tree: not known to be an RFC)
            return False
        return declares_rfc(text)


def citations(
    log: git_log.RepositoryLog, settings: RfcSettings, suffixes: Sequence[str] = (),
) -> dict[str, list[ImplCommit]]:
    """``RFC ID -> the commits citing it``, newest first, each with the
    modules its files belong to (a source document of the project, one of
    *suffixes* under the source folder, belongs to none).  A commit that
    touches RFC documents only (``RFC-0001 进入评审``: the RFC's own edits)
    implements nothing and is left out (:class:`RfcDocuments`)."""
    found: dict[str, list[ImplCommit]] = {}
    if not commits_on(settings):
        return found
    rfc_document = RfcDocuments(log, settings, suffixes)
    for commit in log.commits:
        ids = cited_ids(commit.message, settings)
        if not ids:
            continue
        if commit.files and all(rfc_document(path) for path in commit.files):
            continue  # (a merge lists no files: it stays, as it was)
        modules: dict[str, None] = {}
        for path in commit.files:
            if _is_document(path, log, suffixes):
                continue
            module = module_of_path(path, settings.modules, settings.module_paths)
            if module is not None:
                modules[module] = None
        cited = ImplCommit(commit.sha, commit.date, commit.author, commit.subject,
                           tuple(modules))
        for rfc_id in ids:  # (one object, shared by the RFCs it cites)
            found.setdefault(rfc_id, []).append(cited)
    return found


def build_citations(app: Sphinx) -> Mapping[str, list[ImplCommit]]:
    """This build's :func:`citations`, from its one ``git log``; empty in a
    shallow clone (its history is cut: no data rather than wrong data)."""
    return _build(app)[0]


def has_history(app: Sphinx) -> bool:
    """Whether this build has the repository's history (git, a repository
    with commits, not a shallow clone): without it nothing is
    ``rfc.unimplemented``."""
    return _build(app)[1]


def _build(app: Sphinx) -> tuple[Mapping[str, list[ImplCommit]], bool]:
    settings = rfc_config.settings(app.config)
    if not commits_on(settings):
        return {}, False
    log = git_log.build_log(app)
    cached: tuple[git_log.RepositoryLog, dict[str, list[ImplCommit]], bool] | None = (
        app.__dict__.get(_APP_KEY))
    if cached is not None and cached[0] is log:
        return cached[1], cached[2]
    history = bool(log.commits) and not is_shallow(app.srcdir)
    found = citations(log, settings, tuple(app.config.source_suffix or ())) if history else {}
    app.__dict__[_APP_KEY] = (log, found, history)
    return found, history


def _short(sha: str) -> str:
    return sha[:7]


def plan_problems(
    record: RfcRecord, settings: RfcSettings, today: date | None = None, *,
    history: bool = True,
) -> list[Problem]:
    """``rfc.unplanned-change`` and ``rfc.unimplemented`` of *record*, from
    its :attr:`~RfcRecord.commits`; the latter only with the repository's
    *history* (no git, no repository, a shallow clone: no warning)."""
    problems: list[Problem] = []
    planned = record.touched_modules()
    planned_set = set(planned)
    unplanned: dict[str, list[str]] = {}
    for commit in reversed(record.commits):  # oldest first
        for module in commit.modules:
            if module not in planned_set:
                unplanned.setdefault(module, []).append(_short(commit.commit))
    line = next((c.line for c in record.changes if c.line), None) or record.line
    for module, shas in unplanned.items():
        problems.append(Problem(
            "unplanned-change",
            _("commits citing {rfc_id} change module {module!r}, which is not in its change "
              "table or :modules: ({commits})").format(
                rfc_id=record.id, module=module, commits=series(shas)),
            record.source, line, record.id,
        ))
    days = settings.implementation_days
    if history and days is not None and record.status == "accepted" and planned:
        # since it was accepted (its history from git), else its dates
        started = (parse_date(current_since(record.history, record.status))
                   or parse_date(record.updated) or parse_date(record.created))
        touched = {m for c in record.commits for m in c.modules}
        if started is not None and not touched & planned_set:
            age = ((today or build_date()) - started).days
            if age >= days:
                problems.append(Problem(
                    "unimplemented",
                    ngettext("accepted {n} day ago ({date}) and no commit citing {rfc_id} "
                             "touched its modules ({modules})",
                             "accepted {n} days ago ({date}) and no commit citing {rfc_id} "
                             "touched its modules ({modules})", age).format(
                        n=age, date=started.isoformat(), rfc_id=record.id,
                        modules=series(planned)),
                    record.source, record.line, record.id,
                ))
    return problems


def on_record_read(
    app: Sphinx, doctree: nodes.document, record: RfcRecord | None, tables: Any, rows: Any,
) -> list[Problem] | None:
    """Give *record* its commits, put the "Implementation" spot at the end
    of its page, return its plan problems."""
    settings = rfc_config.settings(app.config)
    if record is None or not commits_on(settings):
        return None
    record.commits = list(build_citations(app).get(record.id, ()))
    if record.commits:
        spot = rfc_pending.make(ViewKey(IMPLEMENTATION_VIEW, record.id), docname=record.docname)
        section = next(iter(doctree.findall(nodes.section)), None)
        (section if section is not None else doctree).append(spot)
    return plan_problems(record, settings, history=has_history(app))


def _verdict(problems: Sequence[Problem]) -> list[tuple[str, str]]:
    return sorted((p.subtype, p.message) for p in problems if p.subtype in _OWN)


def on_env_get_outdated(
    app: Sphinx, env: BuildEnvironment, added: Any, changed: Any, removed: Any,
) -> list[str]:
    """The RFC documents whose citing commits or plan problems differ from
    those they were read with.  git is not run when the repository is as
    it was at the last look (:func:`~sphinx_rfc._gitstamp.repository_stamp`)."""
    settings = rfc_config.settings(app.config)
    if not commits_on(settings):
        return []
    stamp = repository_stamp(app.srcdir)
    kept = build_state(env)
    same = stamp is not None and stamp == kept.commits_stamp
    if same and settings.implementation_days is None:
        return []
    found = None if same else build_citations(app)
    history = bool(kept.commits_history) if same else has_history(app)
    kept.commits_stamp = stamp
    kept.commits_history = history
    today = build_date()
    outdated = []
    for docname, record in get_domain(env).rfcs.items():
        if docname not in env.found_docs:
            continue
        if found is not None and found.get(record.id, []) != record.commits:
            outdated.append(docname)
            continue
        expected = plan_problems(record, settings, today, history=history)
        if _verdict(expected) != _verdict(record.problems):
            outdated.append(docname)
    return sorted(outdated)


def on_env_before_read_docs(app: Sphinx, env: BuildEnvironment, docnames: list[str]) -> None:
    """Read the commits in the main process before documents are read."""
    if docnames and commits_on(rfc_config.settings(app.config)):
        build_state(env).commits_history = has_history(app)


def _wants_whole_tree(app: Sphinx) -> bool:
    return commits_on(rfc_config.settings(app.config))


def setup(app: Sphinx) -> None:
    git_log.want_whole_tree(_wants_whole_tree)

