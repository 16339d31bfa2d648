"""The ``rfc`` domain as the store: records per document, merged under
``-j`` (a reading worker sends back its own chunk only: the fork hooks
below); what a build changed in them (:meth:`RfcDomain.settle_data_change`);
the cross-RFC problems, logged by ``check_consistency``; the RFCs and
modules of ``objects.inv``.

How a record pickles is :mod:`sphinx_rfc.store.pickling`'s; the
``:rfc:ref:`` and ``:rfc:mod:`` references are resolved from the store by
the subclass Sphinx registers (:mod:`sphinx_rfc.resolve.xrefs`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Set
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, Any, cast

from docutils import nodes
from sphinx.domains import Domain, ObjType
from sphinx.environment import CONFIG_OK
from sphinx.roles import XRefRole

from sphinx_rfc import config as rfc_config
from sphinx_rfc import devices
from sphinx_rfc._compat import source_path
from sphinx_rfc.check.cross import cross_rfc_problems
from sphinx_rfc.model.problems import Problem, mark_suppressed
from sphinx_rfc.model.records import ModuleHome, RfcRecord, heads_equal
from sphinx_rfc.model.relations import Snapshot, build_snapshot
from sphinx_rfc.nodes import ViewKey, note_rfc_data
from sphinx_rfc.report import report
from sphinx_rfc.store import pickling  # noqa: F401  (registers how a record pickles)
from sphinx_rfc.store.derived import kept_or_made

if TYPE_CHECKING:
    from docutils.nodes import Element
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

#: Bump when the stored shape changes: older environments are then re-read.
DATA_VERSION = 16

#: The stored per-document tables (docname -> value).
PER_DOCUMENT = (
    "rfcs", "homes", "views", "view_hashes", "refs", "other_problems", "git_dates",
    "log_warnings",
)

#: The per-document tables that reading stores and other pages show or
#: check (all but the fingerprints and the logged warnings, which the main
#: process sets): when a build leaves them as they were, only the RFC bodies
#: changed (:meth:`RfcDomain.settle_data_change`); a reading worker's are merged.
SHOWN = tuple(key for key in PER_DOCUMENT if key not in ("view_hashes", "log_warnings"))

#: A table's missing entry, in :meth:`RfcDomain.settle_data_change`'s comparison.
_MISSING = object()


class DocumentChange(IntEnum):
    """What a document read again changed in what it stores
    (:meth:`RfcDomain._change`), ordered: the build's change is the
    largest of its documents'."""

    #: It stores what it stored before (an edit of the prose alone).
    NOTHING = 0
    #: Its RFC's body only (:data:`sphinx_rfc.model.records.BODY`): no
    #: other page shows it.
    BODY_ONLY = 1
    #: What other pages show or check (:data:`SHOWN`, a record's head).
    SHOWN_DATA = 2


# Parallel reading (``-j N``): Sphinx forks one worker per chunk of
# documents; the worker pickles its whole environment back to the main
# process, which unpickles it only to merge that chunk's documents.  The
# worker's environment also holds everything merged from earlier chunks, so
# without care the RFC data sent back grows with every chunk (a serial cost
# in the main process that grows with the square of the project's size).
# A worker forked while documents are being read therefore drops the other
# documents' RFC data before it stores its first document: nothing read in
# a worker looks at other documents' data (cross-RFC work happens in the
# main process, after merging).
_fork_state = {"reading": False, "read_worker": False}


def _after_fork_in_child() -> None:
    _fork_state["read_worker"] = _fork_state["reading"]


def _reading_starts(app: Sphinx, env: BuildEnvironment, docnames: list[str]) -> None:
    _fork_state["reading"] = True


def _reading_ends(app: Sphinx, env: BuildEnvironment) -> None:
    _fork_state["reading"] = False


if devices.FORK_TRIM and hasattr(os, "register_at_fork"):  # (not on Windows, where Sphinx reads serially)
    os.register_at_fork(after_in_child=_after_fork_in_child)

#: Anchor of a module's entry in the module index page.
MODULE_INDEX_DOC = "rfc-modules"


def module_anchor(name: str) -> str:
    # Sphinx's domainindex.html anchors only groups, as "cap-<group>"; the
    # module index (sphinx_rfc.resolve.indices.ModuleIndex) has one group per module.
    # The index gives the group name HTML-escaped (indices.group_name), so the
    # id's value is "cap-" + the name as written whatever it holds, and so is
    # this anchor: links (escaped by the HTML writer) find it, and ordinary
    # names keep the anchors they always had.
    return f"cap-{name}"


class _RfcRole(XRefRole):
    """``:rfc:ref:`` / ``:rfc:mod:``: the collector records the reference."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        note_rfc_data(self.env)
        return super().run()


class RfcDomain(Domain):
    """The store: each document's RFC data in the environment.  Sphinx
    registers its subclass :class:`sphinx_rfc.resolve.xrefs.RfcXrefDomain`,
    which resolves the roles' references from it."""

    name = "rfc"
    label = "RFC"
    object_types = {
        "rfc": ObjType("RFC", "ref"),
        "module": ObjType("module", "mod"),
    }
    roles = {
        "ref": _RfcRole(warn_dangling=True),
        "mod": _RfcRole(warn_dangling=True),
    }
    initial_data = {
        # docname -> RfcRecord
        "rfcs": {},
        # docname -> [ModuleHome]
        "homes": {},
        # docname -> {view key, ...}: cross-document data the page shows
        "views": {},
        # docname -> fingerprint of those views when the page was last written
        "view_hashes": {},
        # docname -> [(role, target, line)] for :rfc:ref: / :rfc:mod:, checked
        # after reading
        "refs": {},
        # docname -> [Problem] of a document that is not an RFC (outside-rfc)
        "other_problems": {},
        # docname -> (created, updated) from git (None: git had none) that an
        # RFC lacking a declared date was read with (sphinx_rfc.read.git_dates)
        "git_dates": {},
        # producer -> [Problem] of no document: the build's own (a test result
        # file that cannot be read), found again by every build
        # (set_build_problems)
        "build_problems": {},
        # docname -> [LoggedWarning]: the build's other warnings logged while
        # the document was read (sphinx_rfc.read.build_log), for the check
        "log_warnings": {},
        # the build's date (ISO) when the pages' fingerprints were last taken:
        # a new day fingerprints the pages of dated views again (note_build_date)
        "shown_date": None,
        # what the last build saw besides the documents (build_state)
        "state": None,
    }
    data_version = DATA_VERSION

    def get_type_name(self, type: ObjType, primary: bool = False) -> str:
        """The object type's full name, the domain's part the template's
        noun (an ADR is "ADR ADR" in search results, as an RFC is "RFC RFC";
        :func:`sphinx_rfc.resolve.indices.title_indices`)."""
        if primary:
            return type.lname
        return f"{self.object_types['rfc'].lname} {type.lname}"

    # -- storage -----------------------------------------------------------

    @property
    def rfcs(self) -> dict[str, RfcRecord]:
        return cast("dict[str, RfcRecord]", self.data["rfcs"])

    @property
    def homes(self) -> dict[str, list[ModuleHome]]:
        return cast("dict[str, list[ModuleHome]]", self.data["homes"])

    @property
    def views(self) -> dict[str, set[ViewKey]]:
        return cast("dict[str, set[ViewKey]]", self.data["views"])

    @property
    def view_hashes(self) -> dict[str, str]:
        return cast("dict[str, str]", self.data["view_hashes"])

    @property
    def refs(self) -> dict[str, list[tuple[str, str, int | None]]]:
        return cast("dict[str, list[tuple[str, str, int | None]]]", self.data["refs"])

    @property
    def git_dates(self) -> dict[str, tuple[str, str] | None]:
        return cast("dict[str, tuple[str, str] | None]", self.data["git_dates"])

    @property
    def build_problems(self) -> list[Problem]:
        """The problems of no document, sorted (see :meth:`set_build_problems`)."""
        by_producer = cast("dict[str, list[Problem]]", self.data["build_problems"])
        return sorted((p for ps in by_producer.values() for p in ps), key=Problem.sort_key)

    def _mark_changed(self, *, shown: bool = False) -> None:
        """The stored data changed (*shown*: in what other pages show,
        whatever the documents read again say): what was computed from it
        is dropped, and :meth:`settle_data_change` will tell how it changed."""
        self.__dict__.pop("_snapshot", None)
        self.__dict__.pop("_cross", None)
        self.__dict__["_dirty"] = True
        if shown:
            self.__dict__["_shown_changed"] = True
        # no data token until settle_data_change() decides whether what was
        # derived from the old data still holds (sphinx_rfc.store.derived)
        token = self.data.pop("token", None)
        if token:
            self.__dict__.setdefault("_kept_token", token)

    def store(
        self,
        docname: str,
        record: RfcRecord | None,
        homes: list[ModuleHome],
        views: Set[ViewKey],
        refs: list[tuple[str, str, int | None]],
        problems: list[Problem] | None = None,
    ) -> None:
        if _fork_state["read_worker"]:  # see _fork_state: send back this chunk only
            _fork_state["read_worker"] = False
            for key in PER_DOCUMENT:
                self.data[key].clear()
        if record is not None:
            self.rfcs[docname] = record
        elif problems:
            self.data["other_problems"][docname] = problems
        if homes:
            self.homes[docname] = homes
        if views:
            self.views[docname] = set(views)
        if refs:
            self.refs[docname] = refs
        self.__dict__.setdefault("_stored", set()).add(docname)
        self._mark_changed()

    def set_git_dates(self, docname: str, found: tuple[str, str] | None) -> None:
        """The git dates *docname* was read with (after :meth:`store`): an
        RFC lacking a declared date is read again when they change."""
        self.git_dates[docname] = found

    def set_build_problems(self, producer: str, problems: list[Problem]) -> None:
        """Replace *producer*'s problems of no document (each producer owns
        its own, so that one does not drop another's).  A producer sets them
        once per build, in the main process before any document is read
        (``env-get-outdated``): they live in the environment, so
        ``sphinx-rfc check`` and an incremental build that reads nothing see
        them; no reading worker (``-j``) changes them, so merging leaves
        them alone.  A change counts as changed data (``rfcs.json`` is
        written again)."""
        by_producer = cast("dict[str, list[Problem]]", self.data["build_problems"])
        if by_producer.get(producer, []) != problems:
            if problems:
                by_producer[producer] = list(problems)
            else:
                del by_producer[producer]
            self._mark_changed(shown=True)

    def set_log_warnings(self, docname: str, found: list[Any]) -> None:
        """The build's other warnings logged while *docname* was read
        (set in the main process after reading; not RFC data: no page
        changes with them)."""
        self.data["log_warnings"][docname] = list(found)

    def log_warnings(self, docnames: Set[str]) -> dict[str, list[Any]]:
        """The kept warnings of *docnames*."""
        kept = cast("dict[str, list[Any]]", self.data["log_warnings"])
        return {d: kept[d] for d in sorted(docnames) if kept.get(d)}

    def clear_doc(self, docname: str) -> None:
        old = {key: self.data[key].pop(docname, _MISSING) for key in PER_DOCUMENT}
        # (the first clearing of the build keeps what the page held before)
        self.__dict__.setdefault("_cleared", {}).setdefault(docname, old)
        self._mark_changed()

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        for key in SHOWN:  # (what reading stores; the main process sets the rest)
            for docname, value in otherdata[key].items():
                if docname in docnames:
                    self.data[key][docname] = value
        self.__dict__.setdefault("_stored", set()).update(docnames)
        self._mark_changed()

    #: Whether the data changed in the current build (set after reading;
    #: False when the documents read again store what they stored before).
    data_changed: bool = True
    #: Whether it changed in what other pages show or check (set after
    #: reading): False when the documents read again changed only their RFC
    #: bodies (:data:`sphinx_rfc.model.records.BODY`: sections, tables).
    shown_changed: bool = True

    def note_build_date(self, today: str) -> bool:
        """Keep *today* (the build's date, ISO) as the date the pages'
        fingerprints were last taken at; whether it is a new one (the first
        build of a day, or of this environment)."""
        new = self.data.get("shown_date") != today
        self.data["shown_date"] = today
        return new

    def settle_data_change(self) -> bool:
        """Whether the stored data changed since it was last settled (True
        once after a change); sets :attr:`shown_changed`.

        The documents read or removed since are compared with what they
        stored before the build.  When they store the same (an edit of the
        prose alone), nothing changed: False.  When only RFC bodies differ,
        the data token is the one from before, so what was derived from
        the old data is kept (:mod:`sphinx_rfc.store.derived`), and so are
        the pages' view fingerprints; else a new token is drawn.  A changed
        configuration, or problems of no document, count as changed data
        that other pages show."""
        if not self.__dict__.pop("_dirty", False):
            return False
        cleared: dict[str, dict[str, Any]] = self.__dict__.pop("_cleared", {})
        stored: set[str] = self.__dict__.pop("_stored", set())
        kept = self.__dict__.pop("_kept_token", None)
        forced = self.__dict__.pop("_shown_changed", False)
        if forced or kept is None or self.env.config_status != CONFIG_OK:
            change = DocumentChange.SHOWN_DATA
        else:
            docnames = sorted(cleared.keys() | stored)
            change = max((self._change(d, cleared.get(d, {})) for d in docnames),
                         default=DocumentChange.NOTHING)
        self.shown_changed = change == DocumentChange.SHOWN_DATA
        self.data["token"] = os.urandom(8).hex() if self.shown_changed else kept
        if not self.shown_changed:
            # the pages read again show what they showed: their fingerprints hold
            for docname, old in cleared.items():
                if old["view_hashes"] is not _MISSING and docname in self.views:
                    self.view_hashes[docname] = old["view_hashes"]
        return change != DocumentChange.NOTHING

    def _change(self, docname: str, old: dict[str, Any]) -> DocumentChange:
        """How what *docname* stores differs from what it stored before
        (*old*: its entries then, by table)."""
        change = DocumentChange.NOTHING
        for key in SHOWN:
            before = old.get(key, _MISSING)
            now = self.data[key].get(docname, _MISSING)
            if key == "rfcs" and isinstance(before, RfcRecord) and isinstance(now, RfcRecord):
                if not heads_equal(before, now):
                    return DocumentChange.SHOWN_DATA
                if before != now:
                    change = DocumentChange.BODY_ONLY
            elif before != now:
                return DocumentChange.SHOWN_DATA
        return change

    def snapshot(self) -> Snapshot:
        """Relations over every stored record (cached until the data changes)."""
        snap = self.__dict__.get("_snapshot")
        if snap is None:
            settings = rfc_config.settings(self.env.config)
            snap = build_snapshot(
                self.rfcs.values(),
                (h for homes in self.homes.values() for h in homes),
                settings.modules,
            )
            self.__dict__["_snapshot"] = snap
        return cast("Snapshot", snap)

    def problems(self) -> list[Problem]:
        """Every stored problem: each document's, the cross-RFC ones and
        the build's own."""
        found = [p for r in self.rfcs.values() for p in r.problems]
        found += [p for ps in self.data["other_problems"].values() for p in ps]
        found += self.build_problems
        return sorted(found + self.cross_problems(), key=Problem.sort_key)

    def cross_due(self) -> None:
        """The data changed in this build (set after reading): its
        cross-RFC problems are to be logged, once."""
        self.__dict__["_cross_due"] = True

    def check_consistency(self) -> None:
        """Sphinx's check across documents, after a read that updated a
        document: the cross-RFC problems are logged here when the data
        changed (:meth:`report_cross`).  Nothing is stored: they are
        computed again from the stored records by whatever counts them
        (:meth:`problems`)."""
        self.report_cross()

    def report_cross(self) -> None:
        """Log the cross-RFC problems if :meth:`cross_due` asked for it
        and they were not logged yet in this build."""
        if self.__dict__.pop("_cross_due", False):
            report(self.cross_problems())

    def cross_problems(self) -> list[Problem]:
        """The cross-RFC problems (cached until the data changes)."""
        cached = self.__dict__.get("_cross")
        if cached is None:
            cached = self.__dict__["_cross"] = kept_or_made(
                self, "cross-problems", self._cross_problems)
        return cast("list[Problem]", cached)

    def _cross_problems(self) -> list[Problem]:
        sources = {d: source_path(self.env, d) for d in self.refs}
        settings = rfc_config.settings(self.env.config)
        found = cross_rfc_problems(
            self.snapshot(),
            self.refs,
            settings,
            sources,
            self.rfcs,
        )
        # (silenced for one RFC: rfc_suppress_warnings, its own field)
        own = {r.id: r.suppress_warnings for r in self.rfcs.values() if r.suppress_warnings}
        if settings.suppress_warnings or own:
            mark_suppressed(found, lambda rfc_id: settings.suppress_warnings.get(
                rfc_id, frozenset()).union(own.get(rfc_id, ())))
        return found

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        yield from kept_or_made(self, "objects", lambda: list(self._objects()))

    def _objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        snap = self.snapshot()
        for record in snap.records():
            yield record.id, f"{record.id}: {record.title}", "rfc", record.docname, "", 1
        for name in snap.module_names():
            home = snap.homes.get(name)
            if home is not None:
                yield name, name, "module", home.docname, home.anchor, 1
            else:
                yield name, name, "module", MODULE_INDEX_DOC, module_anchor(name), 0

    def get_full_qualified_name(self, node: Element) -> str | None:
        return cast("str | None", node.get("reftarget"))


def get_domain(env: BuildEnvironment) -> RfcDomain:
    return cast("RfcDomain", env.get_domain("rfc"))


@dataclass
class BuildState:
    """What a build keeps for the next one besides the documents' data:
    what it saw of the repository, the test results and the API pages, each
    field read and written by one module.  Kept in the domain's data
    (pickled with the environment); a reading worker's is not merged but
    for :attr:`diagram_sources` (``resolve/mermaid.merge_sources``)."""

    #: ``read/git_dates``: the repository stamp its dates were last read at.
    git_dates_stamp: Any = None
    #: ``read/history``: the repository stamp the histories were last read at.
    history_stamp: Any = None
    #: ``read/history``: the statuses read at each commit, and the
    #: vocabulary they were read with.
    history_statuses: tuple[str, Any] | None = None
    #: ``read/history``: the accepting commits' texts still wanted.
    accepted_texts: dict[tuple[str, str], str] | None = None
    #: ``features/commits``: the repository stamp its citations were read at.
    commits_stamp: Any = None
    #: ``features/commits``: whether the repository had history then.
    commits_history: bool | None = None
    #: ``features/results``: the result files last read.
    result_files: list[Any] | None = None
    #: ``resolve/code_views``: the API links last shown.
    api_links: list[list[Any]] | None = None
    #: ``resolve/mermaid``: the documents whose source names a diagram
    #: (None: an environment from before it was kept).
    diagram_sources: set[str] | None = None


def build_state(env: BuildEnvironment) -> BuildState:
    """The environment's :class:`BuildState` (the domain's data read
    directly: also a reading worker's environment, merged from)."""
    data = env.domaindata.setdefault("rfc", {})
    state = data.get("state")
    if state is None:
        state = data["state"] = BuildState()
    return cast("BuildState", state)


def _cross_left(app: Sphinx, exception: Exception | None) -> None:
    """The cross-RFC problems of a build whose data changed but that
    updated no document (a document removed that no page shows): Sphinx
    then checks no consistency."""
    if exception is None:
        get_domain(app.env).report_cross()
