"""RFC dates from git: the first and the last commit touching a source file.

An RFC that declares no ``created`` / ``updated`` takes them from here
(``rfc_git_dates``, docs/reference/config.md), in its page, the index and
``rfcs.json`` alike: the collector fills the record (:func:`fill_record`)
before the page's basic-information table is made from it.  The build's
one ``git log`` (:mod:`sphinx_rfc.read.git_log`, shared with every other
reader of history), run in the main process before any document is read
(``env-get-outdated``; parallel read workers are forked after it and
inherit the result), gives every file's dates: a project of hundreds of
RFCs costs one process, not hundreds.

Incremental builds: a new commit changes no file's modification time, so
Sphinx would not read the RFC again.  The dates each RFC was read with are
stored in the domain (:meth:`~sphinx_rfc.store.domain.RfcDomain.set_git_dates`),
and the ``env-get-outdated`` handler returns the documents whose git dates
changed since.

Dates are author dates, ``YYYY-MM-DD`` in the author's own time zone (as
``git log --date=short`` shows them, the same on every machine).  Renames
are not followed (``--no-renames``): a moved file starts again, as it would
with one ``git log -- path`` per file.  Merge commits list no files and so
count for nothing; the commits they bring in do.

Nothing here warns: no git, not a repository, a file never committed, git
failing in any way — the file simply has no dates from git.

A shallow clone (CI's default checkout fetches one commit) has no history:
every file then seems created and updated by the last commit, which is
wrong.  :func:`is_shallow` tells (without running git), so the caller can
say so once; CI should fetch the whole history (GitHub Actions:
``actions/checkout`` with ``fetch-depth: 0``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sphinx.util import logging

from sphinx_rfc import config as rfc_config
from sphinx_rfc._compat import source_path
from sphinx_rfc._gitstamp import git_dir as _git_dir
from sphinx_rfc._gitstamp import repository_stamp
from sphinx_rfc.i18n import __
from sphinx_rfc.read import git_log
from sphinx_rfc.store.domain import build_state, get_domain

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

    from sphinx_rfc.model.records import RfcRecord

logger = logging.getLogger(__name__)

#: Seconds git may take before its dates are given up.
TIMEOUT = git_log.TIMEOUT


def git_dates(srcdir: str | os.PathLike[str]) -> dict[str, tuple[str, str]]:
    """``relative posix path -> (created, updated)`` of every file under
    *srcdir* that git has a commit of; empty when git cannot tell (one
    ``git log``, :func:`sphinx_rfc.read.git_log.repository_log`)."""
    return dates_of(git_log.repository_log(srcdir))


def is_shallow(srcdir: str | os.PathLike[str]) -> bool:
    """True when *srcdir* is in a shallow clone (its dates from git are wrong)."""
    git_dir = _git_dir(Path(srcdir).resolve())
    if git_dir is None:
        return False
    common = git_dir
    try:
        # a linked work tree keeps "shallow" in the main repository folder
        pointer = (git_dir / "commondir").read_text(encoding="utf-8").strip()
        common = (git_dir / pointer).resolve()
    except OSError:
        pass
    return (git_dir / "shallow").is_file() or (common / "shallow").is_file()


# --------------------------------------------------------------------------
# In the build

#: Where a build keeps its git dates: on the application, which is never
#: pickled (the environment is, and sent back by every read worker).
_APP_KEY = "_sphinx_rfc_git_dates"


@dataclass(frozen=True, slots=True)
class DatesFromGit:
    """What git gave one RFC document that lacks a declared date."""

    #: ``(created, updated)`` of its source file; None: git has none.
    found: tuple[str, str] | None
    #: The fields filled from it (``created`` and/or ``updated``).
    filled: tuple[str, ...]


def dates_of(log: git_log.RepositoryLog) -> dict[str, tuple[str, str]]:
    """``source path -> (created, updated)`` of every file under the source
    folder that *log* has a commit of (what :func:`git_dates` gives, read
    from the build's shared log)."""
    dates: dict[str, tuple[str, str]] = {}
    for commit in log.commits:  # newest first
        for path in commit.files:
            relative = log.source_path(path)
            if relative is None:
                continue
            _created, updated = dates.get(relative, (commit.date, commit.date))
            dates[relative] = (commit.date, updated)
    return dates


def build_dates(app: Sphinx) -> Mapping[str, tuple[str, str]]:
    """This build's dates of every source file, from the build's one ``git
    log`` (:func:`sphinx_rfc.read.git_log.build_log`); empty when
    ``rfc_git_dates`` is off."""
    if not rfc_config.settings(app.config).git_dates:
        return {}
    log = git_log.build_log(app)
    cached: tuple[git_log.RepositoryLog, dict[str, tuple[str, str]]] | None = (
        app.__dict__.get(_APP_KEY)
    )
    if cached is not None and cached[0] is log:
        return cached[1]
    dates = dates_of(log)
    if dates and is_shallow(app.srcdir):
        # (info, not a warning: -W would fail every default CI checkout)
        logger.info(str(__(
            "sphinx_rfc: the source folder is in a shallow clone; dates taken "
            "from git are wrong (fetch the whole history: fetch-depth: 0)"
        )))
    app.__dict__[_APP_KEY] = (log, dates)
    return dates


def fill_record(app: Sphinx, record: RfcRecord) -> DatesFromGit | None:
    """Give *record* the dates it does not declare, from git; what was used,
    or None when it declares both (or ``rfc_git_dates`` is off).  An
    ``updated`` earlier than a declared ``created`` is not taken."""
    if not rfc_config.settings(app.config).git_dates or (record.created and record.updated):
        return None
    found = build_dates(app).get(source_path(app.env, record.docname))
    filled: list[str] = []
    if found is not None:
        created, updated = found
        if not record.created:
            record.created = created
            filled.append("created")
        if not record.updated and updated >= (record.created or ""):
            record.updated = updated
            filled.append("updated")
    return DatesFromGit(found, tuple(filled))


# (the repository stamp of the last build that ran ``git log``:
# store/domain.BuildState.git_dates_stamp)


def on_env_get_outdated(
    app: Sphinx, env: BuildEnvironment, added: Any, changed: Any, removed: Any
) -> list[str]:
    """Run this build's one ``git log``; return the RFC documents whose git
    dates differ from those they were read with.  When the repository is
    as it was at the last build that ran git (:func:`repository_stamp`),
    git is not run now (a rebuild that reads documents runs it then,
    :func:`on_env_before_read_docs`)."""
    if not rfc_config.settings(app.config).git_dates:
        return []
    stamp = repository_stamp(app.srcdir)
    kept = build_state(env)
    if stamp is not None and stamp == kept.git_dates_stamp:
        return []
    dates = build_dates(app)
    kept.git_dates_stamp = stamp
    stored = get_domain(env).git_dates
    return sorted(
        docname for docname, was in stored.items()
        if docname in env.found_docs and dates.get(source_path(env, docname)) != was
    )


def on_env_before_read_docs(app: Sphinx, env: BuildEnvironment, docnames: list[str]) -> None:
    """Run git in the main process before documents are read, when
    :func:`on_env_get_outdated` did not (parallel read workers inherit the
    dates instead of each running git)."""
    if docnames and rfc_config.settings(app.config).git_dates:
        build_dates(app)
