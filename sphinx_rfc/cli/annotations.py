"""``sphinx-rfc check --format github``: one GitHub Actions workflow command
per problem, so each shows as an annotation on the file's line in a pull
request::

    ::warning file=doc/rfcs/0042-x.md,line=12,title=rfc.placeholder::RFC-0042: placeholder …

GitHub reads ``file`` relative to the repository's root: the path is made
relative to the root of the git work tree holding the file (found by its
``.git``, without running git), else to the current folder.  Values are
escaped as the runner unescapes them: ``%``, carriage return and line feed
in the message; also ``:`` and ``,`` in the properties.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sphinx_rfc.model.problems import Problem

_DATA = {"%": "%25", "\r": "%0D", "\n": "%0A"}
_PROPERTY = {**_DATA, ":": "%3A", ",": "%2C"}


def escape_data(text: str) -> str:
    """A workflow command's message, escaped."""
    return "".join(_DATA.get(c, c) for c in text)


def escape_property(text: str) -> str:
    """A workflow command's property value (``file=``, ``title=``), escaped."""
    return "".join(_PROPERTY.get(c, c) for c in text)


def work_tree_root(path: Path) -> Path | None:
    """The folder of the git work tree holding *path* (a ``.git`` folder, or
    the ``.git`` file of a linked work tree or submodule), or None."""
    for folder in path.parents:
        if (folder / ".git").exists():
            return folder
    return None


def annotation_path(path: Path, cwd: Path | None = None) -> str:
    """*path* (absolute) as GitHub wants it: relative to its work tree's
    root, else to *cwd* (the current folder), else as it is; ``/`` always."""
    path = path.resolve()
    for base in (work_tree_root(path), (cwd or Path.cwd()).resolve()):
        if base is not None and path.is_relative_to(base):
            return path.relative_to(base).as_posix()
    return path.as_posix() if os.sep == "/" else str(path).replace(os.sep, "/")


def annotation(problem: Problem, path: str) -> str:
    """The ``::warning`` workflow command of *problem*, in file *path*."""
    props = [f"file={escape_property(path)}"]
    if problem.line:
        props.append(f"line={problem.line}")
    props.append(f"title={escape_property(problem.qualified_subtype)}")
    message = f"{problem.rfc_id}: {problem.message}" if problem.rfc_id else problem.message
    return f"::warning {','.join(props)}::{escape_data(message)}"
