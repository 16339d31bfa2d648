"""The RFCs of a source folder found by a text scan, without reading the
project (milliseconds where Sphinx takes seconds): for ``sphinx-rfc
status``, to find the file of an RFC ID and which RFCs supersede it.

The scan skips ``exclude_patterns``, hidden folders and ``_build``.  An
RFC is the argument of an ``rfc`` directive (rST directives at column 0,
MyST fences outside other fences), or, for a document matched by
``rfc_documents`` or naming its ID in its front matter or field list
(``rfc: RFC-0001``), front-matter ``rfc``, an ID row of the
basic-information table, else the file name's first number through
``rfc_id_format`` (the template-native reader's order).  The same scan gives each RFC's status
and ``supersedes``, for the ``superseded`` rule of
:mod:`sphinx_rfc.spec.lifecycle`.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from sphinx_rfc.check.field_places import Place, find_places, value_at
from sphinx_rfc.cli.front_matter import read_front_matter
from sphinx_rfc.model.relations import format_id, id_from_file_name
from sphinx_rfc.spec.globs import docname_glob_match
from sphinx_rfc.spec.messages import _, clauses, series
from sphinx_rfc.spec.preamble import split_status
from sphinx_rfc.spec.sections import SECTIONS, SectionSpec
from sphinx_rfc.spec.text import split_list

#: The places of a document's metadata fields (an ``rfc`` there: an RFC).
_METADATA = frozenset({"front-matter", "field-list"})
#: The source files scanned.
SUFFIXES = (".md", ".markdown", ".rst", ".txt")


@dataclass
class FoundRfc:
    """One RFC the scan found: its ID, file, declared status and the IDs it supersedes."""

    rfc_id: str
    path: Path
    status: str | None
    supersedes: list[str]


def _value(text: str, place: Place, name: str) -> str | None:
    if name not in place.spots:
        return None
    return value_at(text.splitlines(), place.spots[name]).strip().strip("'\"[]") or None


def scan(srcdir: Path, *, documents: Sequence[str], id_format: str,
         exclude: Sequence[str] = (), sections: Sequence[SectionSpec] = SECTIONS,
         rst_list: bool = False,
         unreadable: list[tuple[Path, str]] | None = None) -> list[FoundRfc]:
    """Every RFC a text scan of *srcdir* finds (see the module's docstring);
    *rst_list*: an rST file's leading list declares fields too;
    *unreadable* gets each source file that cannot be read, with why (not
    UTF-8 text: the byte and where)."""
    from sphinx.util.matching import Matcher

    skip = Matcher(["_build", *exclude])
    found: list[FoundRfc] = []
    for folder, dirs, files in os.walk(srcdir):
        relative = Path(folder).relative_to(srcdir)
        dirs[:] = sorted(d for d in dirs if not d.startswith(".")
                         and not skip((relative / d).as_posix()))
        for name in sorted(files):
            path = Path(folder) / name
            docpath = (relative / name).as_posix()
            if path.suffix.lower() not in SUFFIXES or skip(docpath):
                continue
            native = any(docname_glob_match(p, docpath.rsplit(".", 1)[0]) for p in documents)
            try:
                text = path.read_text(encoding="utf-8-sig")
            except UnicodeDecodeError as exc:
                if unreadable is not None:
                    unreadable.append((path, _(
                        "not UTF-8 text: byte {byte} at offset {offset}; save it as UTF-8").format(
                            byte=f"0x{exc.object[exc.start]:02x}", offset=exc.start)))
                continue
            except OSError as exc:
                if unreadable is not None:
                    unreadable.append((path, _("cannot read it: {error}").format(
                        error=exc.strerror or exc)))
                continue
            if not native and "rfc" not in text:
                continue
            places = find_places(text, path.suffix, sections, rst_list=rst_list)
            directive = next((p for p in places if p.kind == "directive" and p.rfc_id), None)
            if directive is not None:
                places, rfc_id = [directive], directive.rfc_id
            elif native or any(p.kind in _METADATA and "rfc" in p.spots for p in places):
                # (a front-matter or field-list ``rfc`` makes it template-native)
                native = True
                rfc_id = next((v for p in places if (v := _value(text, p, "rfc"))), None)
                if rfc_id is None:
                    rfc_id = id_from_file_name(path.stem, id_format)
                elif rfc_id.isdecimal() and rfc_id.isascii():
                    rfc_id = format_id(id_format, rfc_id)
            else:
                continue
            if rfc_id:
                status = next((v for p in places if (v := _value(text, p, "status"))), None)
                listed = (read_front_matter(text) or {}).get("supersedes") if native else None
                supersedes = [str(i) for i in listed] if isinstance(listed, list) else [
                    i for p in places for i in split_list(_value(text, p, "supersedes") or "")
                ]
                if status and ("supersedes" in status.casefold() or "replaces" in status.casefold()):
                    # (a MADR status naming what it supersedes: "accepted; supersedes ADR-0045")
                    supersedes += [i for i in split_status(status)[1] if i not in supersedes]
                found.append(FoundRfc(rfc_id, path, status, supersedes))
    return found


def not_found(rfc_id: str, rfcs: Sequence[FoundRfc], unreadable: Sequence[tuple[Path, str]],
              sourcedir: object) -> str:
    """Why no RFC *rfc_id* was found: the IDs known, and the files that could
    not be read (a file in another encoding is named, not taken for none)."""
    known = sorted({r.rfc_id for r in rfcs})
    message = _("unknown RFC {rfc_id!r}; known: {known}").format(
        rfc_id=rfc_id, known=series(known) or _("none"))
    if unreadable:
        digits = "".join(c for c in rfc_id if c.isdigit()).lstrip("0")
        # the files whose name has the ID's number first
        ordered = sorted(unreadable, key=lambda item: not (digits and digits in item[0].name))
        shown = clauses(
            f"{path if sourcedir is not None else os.path.relpath(path)} ({why})"
            for path, why in ordered[:3])
        more = _(" and {count} more").format(count=len(ordered) - 3) if len(ordered) > 3 else ""
        message += _("; not read: {files}{more}").format(files=shown, more=more)
    return message
