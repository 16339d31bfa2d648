"""Markdown RFCs that the build cannot read, said once.

Sphinx reads only the files of its ``source_suffix``; a project whose
``extensions`` lack a Markdown parser (``myst_parser``, or ``myst_nb``
which brings it) skips every ``.md`` file without a word, so a Markdown RFC
(one ``rfc_documents`` names, one holding an ``rfc`` directive, or one
whose front matter names its ID) would
silently be missing from the docs.  Once per build, when no parser reads
``.md``, the source folder is walked for such files (the walk happens only
then: a project that reads Markdown pays nothing), and one ``not-read``
problem names them and says what to add to ``conf.py``.  It is a problem of
no document (:meth:`~sphinx_rfc.store.domain.RfcDomain.set_build_problems`),
so ``sphinx-rfc check`` and the summary count it too.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from sphinx.util.matching import Matcher

from sphinx_rfc import _lazy_re
from sphinx_rfc import config as rfc_config
from sphinx_rfc._compat import source_path
from sphinx_rfc.i18n import _
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.report import report
from sphinx_rfc.spec.globs import docname_glob_match
from sphinx_rfc.spec.messages import series
from sphinx_rfc.store.domain import get_domain

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

    from sphinx_rfc.spec.settings import RfcSettings

#: This check's name for its problems of no document.
_PRODUCER = "markdown"
#: How much of a file is looked at for an ``rfc`` directive.
_HEAD = 8192
_DIRECTIVE_MARKS = ("{rfc}",)


def _names_an_id(head: str) -> bool:
    """Whether *head* opens with front matter that names an RFC ID
    (``rfc: RFC-0001``), read line by line (no pattern over the block)."""
    lines = head.removeprefix("\ufeff").splitlines()
    if not lines or lines[0].rstrip(" \t") != "---":
        return False
    for line in lines[1:]:
        if line.startswith(("---", "...")):
            return False
        key, colon, _value = line.partition(":")
        if colon and key.rstrip(" \t") == "rfc":
            return True
    return False


def reads_markdown(app: Sphinx) -> bool:
    """Whether some parser of the build reads ``.md`` files."""
    return ".md" in app.config.source_suffix


def _is_rfc(path: Path, docname: str, patterns: tuple[str, ...]) -> bool:
    if any(docname_glob_match(pattern, docname) for pattern in patterns):
        return True
    try:
        with path.open(encoding="utf-8", errors="replace") as file:
            head = file.read(_HEAD)
    except OSError:
        return False
    return any(mark in head for mark in _DIRECTIVE_MARKS) or _names_an_id(head)


def unread_markdown_rfcs(app: Sphinx) -> list[str]:
    """The Markdown RFCs under the source folder, relative with ``/``, that
    Sphinx does not read (none when it reads Markdown)."""
    if reads_markdown(app):
        return []
    srcdir = Path(app.srcdir)
    skip = {Path(app.outdir).resolve(), Path(app.doctreedir).resolve()}
    excluded = Matcher([*app.config.exclude_patterns, "**/_sources"])
    patterns = rfc_config.settings(app.config).documents
    found: list[str] = []
    for folder, dirs, files in os.walk(srcdir):
        here = Path(folder)
        dirs[:] = sorted(d for d in dirs
                         if not d.startswith(".") and (here / d).resolve() not in skip
                         and not excluded((here / d).relative_to(srcdir).as_posix()))
        for name in sorted(files):
            if not name.endswith(".md"):
                continue
            relative = (here / name).relative_to(srcdir).as_posix()
            if not excluded(relative) and _is_rfc(here / name, relative[:-3], patterns):
                found.append(relative)
    return found


def unread_problems(found: list[str]) -> list[Problem]:
    """One ``not-read`` problem at the first of *found*, naming them all."""
    if not found:
        return []
    shown = series(found[:5]) + (", …" if len(found) > 5 else "")
    message = _(
        "Markdown RFCs not read: {files}; no Markdown parser is enabled: "
        "add \"myst_parser\" to extensions in conf.py (pip install myst-parser)"
    ).format(files=shown)
    return [Problem("not-read", message, found[0], 1)]


#: A file name as ``sphinx-rfc new`` and ``import`` write them (``0042-…``).
_NUMBERED = _lazy_re.compile(r"^\d+[-_.]")


def not_read_as_rfc(
    env: BuildEnvironment, docname: str, settings: RfcSettings
) -> list[Problem]:
    """One ``not-read`` problem for a Markdown document that looks like an
    RFC — named as ``new`` and ``import`` name them (``0042-…``), or with a
    ``status`` in its front matter — but is none: no ``rfc`` directive, no
    ``rfc`` ID in its front matter, not named by ``rfc_documents``."""
    path = Path(env.doc2path(docname))
    if path.suffix.lower() != ".md":
        return []
    if not (_NUMBERED.match(path.name) or "status" in env.metadata.get(docname, {})):
        return []
    patterns = series(settings.documents) or _("empty")
    message = _(
        "not read as an RFC: no rfc directive, no 'rfc' ID in its front matter "
        "(rfc: RFC-0001), and rfc_documents ({patterns}) does not name it"
    ).format(patterns=patterns)
    problem = Problem("not-read", message, source_path(env, docname), 1)
    problem.docname = docname
    return [problem]


def on_env_get_outdated(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """Every build: store and report the Markdown RFCs it cannot read."""
    problems = unread_problems(unread_markdown_rfcs(app))
    get_domain(env).set_build_problems(_PRODUCER, problems)
    report(problems, srcdir=app.srcdir)
    return []
