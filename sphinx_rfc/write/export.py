"""Records to ``rfcs.json`` (docs/reference/export.md).

:func:`export_data` turns the domain's records into the JSON document;
:func:`dumps` gives its bytes (keys sorted, RFCs ordered by numeric-aware
ID, no timestamps: the same sources give the same bytes).  The file is
written at ``build-finished`` by every builder that writes files, and by
``sphinx-rfc export`` (:mod:`sphinx_rfc.cli`, through :func:`write_export`), which reads the project with the
``dummy`` builder in a temporary folder.

After a build, each RFC's text in the file is kept beside the environment
(:class:`ChunkCache`, in the doctree folder), under a digest of its
object: the next build encodes again only the RFCs whose object changed.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import pickle
from collections.abc import Callable, Sequence
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Protocol

from sphinx.util import logging

from sphinx_rfc import config as rfc_config
from sphinx_rfc._atomic import AtomicFile, clean_leftovers, write_bytes
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import RfcRecord, row_field_names
from sphinx_rfc.model.relations import Snapshot, id_sort_key
from sphinx_rfc.store.domain import get_domain

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from sphinx_rfc.store.domain import RfcDomain

logger = logging.getLogger(__name__)

SCHEMA_VERSION = 1
FILENAME = "rfcs.json"
#: :class:`ChunkCache`'s file, in the doctree folder
CACHE_FILENAME = "rfcs.json.cache"
#: In the doctree folder, from a build whose data changed until
#: ``rfcs.json`` is written: a build killed (or failed) after Sphinx pickled
#: its environment leaves it, and the next build writes ``rfcs.json`` even
#: though no document changed since.
PENDING_FILENAME = "rfcs.json.pending"
SCHEMA_PATH = Path(__file__).parent.parent / "schema" / "rfcs.schema.json"

#: Builders that write no files: no ``rfcs.json`` either.
_NO_OUTPUT = frozenset({"dummy"})


def _row(item: Any, drop: Sequence[str] = ("line",)) -> dict[str, Any]:
    """A table row; its ``notes`` only when it has some (other exports keep
    their bytes)."""
    # (a row holds plain values, lists and dicts of them: serialised, its
    # shallow dict is dataclasses.asdict's deep copy, at a fraction of the cost)
    entry = _FIELDS.get((type(item), drop))
    if entry is None:
        names = tuple(name for name in row_field_names(type(item)) if name not in drop)
        get = attrgetter(*names) if len(names) > 1 else (lambda row: (getattr(row, names[0]),))
        entry = _FIELDS[(type(item), drop)] = (names, get)
    names, get = entry
    data = dict(zip(names, get(item), strict=True))
    if not data.get("notes"):
        data.pop("notes", None)
    return data


#: (row class, dropped fields) -> the names of the other fields, and their getter
_FIELDS: dict[tuple[type, Sequence[str]], tuple[tuple[str, ...], Callable[[Any], Any]]] = {}


def _verification(record: RfcRecord) -> dict[str, Any]:
    """The verification plan; ``performance`` only when it has rows."""
    plan = record.verification
    data: dict[str, Any] = {
        "levels": [_row(level) for level in plan.levels],
        "interactions": [_row(i) for i in plan.interactions],
    }
    if plan.performance:
        data["performance"] = [_row(p) for p in plan.performance]
    return data


def record_data(record: RfcRecord, snap: Snapshot, problems: list[Problem]) -> dict[str, Any]:
    data = {
        "id": record.id,
        "title": record.title,
        "status": record.status,
        "type": record.type,
        "authors": list(record.authors),
        "modules": list(record.modules),
        "issues": list(record.issues),
        "created": record.created,
        "updated": record.updated,
        "supersedes": list(record.supersedes),
        "superseded_by": list(snap.superseded_by.get(record.id, [])),
        "requires": list(record.requires),
        "required_by": list(snap.required_by.get(record.id, [])),
        "extra": dict(record.extra),
        "docname": record.docname,
        "source": record.source,
        "line": record.line,
        "sections": dict(record.sections),
        "interfaces": [
            {"name": i.name, "signature_of": i.signature_of,
             "params": [_row(p) for p in i.params]}
            for i in record.interfaces
        ],
        "dependencies": [_row(d, ("line", "module")) for d in record.dependencies],
        "verification": _verification(record),
        "changes": [_row(c) for c in record.changes],
        "alternatives": [_row(a) for a in record.alternatives],
        "references": [_row(r) for r in record.references],
        "constraints": [_row(c) for c in record.constraints],
        "problems": [p.as_json(with_rfc=False) for p in problems],
    }
    # present only when written, so that other exports keep their bytes
    if record.invalid_status:  # (the status words that are none of the project's)
        data["invalid_status"] = record.invalid_status
    if record.notes:
        data["notes"] = dict(record.notes)
    if record.issue_labels:
        data["issue_labels"] = dict(record.issue_labels)
    # (the metadata a template's preamble gives: docs/reference/templates.md)
    if record.tracking:
        data["tracking"] = record.tracking
    if record.feature:
        data["feature"] = record.feature
    if record.commits:
        data["commits"] = [{**_row(c, ()), "modules": list(c.modules)} for c in record.commits]
    if record.reviewers:
        data["reviewers"] = list(record.reviewers)
    if record.approvers:
        data["approvers"] = list(record.approvers)
    if record.reviews:
        data["reviews"] = [_row(r) for r in record.reviews]
    if record.history:
        data["history"] = [entry.as_json() for entry in record.history]
    if record.tables:
        data["tables"] = [
            {"section": t.section, "columns": list(t.columns), "rows": [dict(r) for r in t.rows]}
            for t in record.tables
        ]
    return data


def export_data(
    domain: RfcDomain, project: str, *, lazy: bool = False, cache: ChunkCache | None = None
) -> dict[str, Any]:
    """The whole ``rfcs.json`` document.  With *lazy*, its ``rfcs`` list
    makes each RFC's object only when :func:`dumps` writes it (the
    document is never whole in memory: at N = 200 the whole one raised the
    build's peak memory by 13 MB), and takes the text of an RFC whose
    object is unchanged from *cache*."""
    snap = domain.snapshot()
    by_doc: dict[str, list[Problem]] = {}
    for problem in domain.problems():
        if problem.docname is not None:
            by_doc.setdefault(problem.docname, []).append(problem)
    records = sorted(domain.rfcs.values(), key=lambda r: (id_sort_key(r.id), r.docname))
    modules: dict[str, Any] = {}
    for name in snap.module_names():
        home = snap.homes.get(name)
        modules[name] = {
            "description": snap.module_descriptions.get(name, ""),
            "docname": home.docname if home else None,
            "rfcs": [e.rfc_id for e in snap.module_rfcs.get(name, [])],
        }
    data: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "project": project,
        "modules": modules,
        "rfcs": (_Lazy(records, lambda r: record_data(r, snap, by_doc.get(r.docname, [])), cache)
                 if lazy else
                 [record_data(r, snap, by_doc.get(r.docname, [])) for r in records]),
    }
    if domain.build_problems:
        # problems of no document (an unreadable test result file); the key
        # is left out when there are none, so that other exports keep their bytes
        data["problems"] = [p.as_json(with_rfc=False) for p in domain.build_problems]
    return data


def dumps(data: dict[str, Any]) -> str:
    """``json.dumps(data, sort_keys=True, ensure_ascii=False, indent=2,
    default=str)`` and a final newline, byte for byte.  (With *indent* the
    standard library encodes in pure Python, one generator per container;
    this writer builds the same text a few times faster: it is written
    after every build that read something.)"""
    out: list[str] = []
    _encode(data, "\n", out)
    out.append("\n")
    return "".join(out)


class _Lazy:
    """A list whose items are made as they are written (:func:`export_data`)."""

    def __init__(
        self, items: Sequence[Any], make: Callable[[Any], object], cache: ChunkCache | None = None,
    ) -> None:
        self.items, self.make, self.cache = items, make, cache

    def text(self, item: Any, newline: str) -> str:
        """The text of the object made of *item*, at the level *newline*."""
        if self.cache is not None:
            return self.cache.text(self.make(item), newline)
        return _text(self.make(item), newline)


@functools.cache
def _cache_version() -> tuple[object, ...]:
    """What a :class:`ChunkCache` file starts with; a file that starts
    otherwise is an empty cache (made once per process, when an export
    first needs it)."""
    return (2, SCHEMA_VERSION, _code_digest())


def _code_digest() -> str:
    """A digest of the code that turns a record into its object
    (:func:`record_data`, here, and the records' classes): a cache written
    by other code is not used."""
    from sphinx_rfc.model import records

    digest = hashlib.blake2b(digest_size=16)
    # the package's __init__ holds its version: an installed copy without
    # sources is told apart by that (read, not imported: layers)
    package_init = Path(__file__).parent.parent / "__init__.py"
    for module_file in (package_init, __file__, records.__file__):
        with contextlib.suppress(OSError):
            digest.update(Path(str(module_file)).read_bytes())
    return digest.hexdigest()


class ChunkCache:
    """The text of each RFC in ``rfcs.json``, kept from one build to the
    next under a digest of the RFC's object (its pickle: the same pickle is
    the same object, so the same text; a different pickle of an equal
    object only costs the encoding).  At N = 1,000 table-dense RFCs the
    encoding of every RFC took a third of a second of a one-RFC edit.

    The file is a version, then one pickled ``(digest, text)`` per RFC,
    written as the RFCs are (so the texts are never all in memory at once);
    it holds the texts of the last export and no others.  A file that is
    missing, unreadable or of another version is an empty cache; one not
    written (a full disk) only makes the next build slower."""


    def __init__(self, path: Path) -> None:
        self.path = path
        self.old = self._load(path)
        self._file: AtomicFile | None = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            clean_leftovers(path.parent)
            self._file = AtomicFile(path)
            pickle.dump(_cache_version(), self._file.stream, protocol=pickle.HIGHEST_PROTOCOL)
        except OSError:
            self._drop()

    def _drop(self) -> None:
        """Write no cache (the old one stays)."""
        if self._file is not None:
            self._file.discard()
        self._file = None

    @classmethod
    def _load(cls, path: Path) -> dict[bytes, str]:
        chunks: dict[bytes, str] = {}
        try:
            with path.open("rb") as stream:
                if pickle.load(stream) != _cache_version():
                    return {}
                while True:
                    try:
                        key, text = pickle.load(stream)
                    except EOFError:
                        return chunks
                    if isinstance(key, bytes) and isinstance(text, str):
                        chunks[key] = text
        except Exception:  # a cache that cannot be read is an empty one
            return {}

    def text(self, value: object, newline: str) -> str:
        """The text of *value*, at the level *newline*: kept under the
        digest of its pickle."""
        try:
            digest = hashlib.blake2b(b"object", digest_size=20)
            digest.update(pickle.dumps((newline, value), protocol=pickle.HIGHEST_PROTOCOL))
            key = digest.digest()
        except Exception:  # an object pickle refuses is encoded every time
            return _text(value, newline)
        text = self.old.get(key)
        if text is None:
            text = _text(value, newline)
        if self._file is not None:
            try:
                pickle.dump((key, text), self._file.stream, protocol=pickle.HIGHEST_PROTOCOL)
            except OSError:
                self._drop()
        return text

    def close(self, *, keep: bool = True) -> None:
        """Keep this export's texts as the cache (best effort), or not
        (the old cache stays)."""
        if self._file is None:
            return
        if not keep:
            self._drop()
            return
        with contextlib.suppress(OSError):
            self._file.commit()
        self._file = None


def _text(value: object, newline: str) -> str:
    part: list[str] = []
    _encode(value, newline, part)
    return "".join(part)


class _Writer:
    """What :func:`_encode` appends to, written out as it comes: the file's
    bytes and their digest (``rfcs.json`` is never whole in memory: at
    N = 1,000 its text, its pieces and its bytes were about 40 MB at the build's
    peak)."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.digest = hashlib.sha256()
        self.size = 0

    def append(self, text: str) -> None:
        data = text.encode("utf-8")
        self.stream.write(data)
        self.digest.update(data)
        self.size += len(data)


def _same_file(path: Path, size: int, digest: bytes) -> bool:
    try:
        if path.stat().st_size != size:
            return False
        check = hashlib.sha256()
        with path.open("rb") as stream:
            for block in iter(lambda: stream.read(1 << 20), b""):
                check.update(block)
        return check.digest() == digest
    except OSError:
        return False


_encode_str = json.encoder.encode_basestring  # (the C one, when available)
_INDENT = "  "


def _float(value: float) -> str:
    if value != value:
        return "NaN"
    if value in (float("inf"), float("-inf")):
        return "Infinity" if value > 0 else "-Infinity"
    return float.__repr__(value)


def _key(key: object) -> str:
    if isinstance(key, str):
        return _encode_str(key)
    if isinstance(key, float):
        return _encode_str(_float(key))
    if key is True or key is False or key is None:
        return _encode_str({True: "true", False: "false", None: "null"}[key])
    if isinstance(key, int):
        return _encode_str(int.__repr__(key))
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(key).__name__}")


class _Out(Protocol):
    """Where :func:`_encode` puts the text: a list, or a :class:`_Writer`."""

    def append(self, text: str, /) -> None: ...


def _encode(value: object, newline: str, out: _Out) -> None:
    """Append *value*'s text to *out*; *newline* is the line break and the
    indentation of the level *value* sits at."""
    if isinstance(value, str):
        out.append(_encode_str(value))
    elif value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, int):
        out.append(int.__repr__(value))
    elif isinstance(value, float):
        out.append(_float(value))
    elif isinstance(value, (list, tuple, _Lazy)):
        items = value.items if isinstance(value, _Lazy) else value
        if not items:
            out.append("[]")
            return
        inner = newline + _INDENT
        separator = "[" + inner
        for item in items:
            if isinstance(value, _Lazy):
                # made now, written as one string: its pieces go at once
                out.append(separator + value.text(item, inner))
            else:
                out.append(separator)
                _encode(item, inner, out)
            separator = "," + inner
        out.append(newline + "]")
    elif isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        inner = newline + _INDENT
        separator = "{" + inner
        for key, item in sorted(value.items()):
            out.append(separator)
            out.append(_key(key))
            out.append(": ")
            _encode(item, inner, out)
            separator = "," + inner
        out.append(newline + "}")
    else:
        _encode(str(value), newline, out)


def write_export(app: Sphinx, path: str | Path, cache: ChunkCache | None = None) -> Path:
    """Write ``rfcs.json`` for the project *app* has read to *path* (only
    when its content changed, so that its timestamp says something); the
    texts of unchanged RFCs come from *cache*, which then keeps this
    export's texts."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    clean_leftovers(target.parent)
    try:
        data = export_data(get_domain(app.env), str(app.config.project), lazy=True, cache=cache)
        fresh = AtomicFile(target)
        try:
            writer = _Writer(fresh.stream)
            _encode(data, "\n", writer)
            writer.append("\n")
            fresh.stream.flush()
            if _same_file(target, writer.size, writer.digest.digest()):
                fresh.discard()
            else:
                fresh.commit()
        except BaseException:
            fresh.discard()
            raise
    except BaseException:
        if cache is not None:
            cache.close(keep=False)  # (the texts of an export that did not finish)
        raise
    if cache is not None:
        cache.close()
    return target


def on_build_finished(app: Sphinx, exception: BaseException | None) -> None:
    if exception is not None or app.builder.name in _NO_OUTPUT:
        return
    if not rfc_config.settings(app.config).export_json:
        return
    target = Path(app.outdir) / FILENAME
    pending = Path(app.doctreedir) / PENDING_FILENAME
    if (target.is_file() and not getattr(get_domain(app.env), "data_changed", True)
            and not pending.exists()):
        return  # nothing was read or removed: the file on disk is current
    write_export(app, target, ChunkCache(Path(app.doctreedir) / CACHE_FILENAME))
    with contextlib.suppress(OSError):
        pending.unlink(missing_ok=True)


def on_env_updated(app: Sphinx, env: object) -> None:
    """When the data changed: mark ``rfcs.json`` due before Sphinx pickles
    the environment (:data:`PENDING_FILENAME`), whatever the builder."""
    if getattr(get_domain(app.env), "data_changed", True):
        with contextlib.suppress(OSError):
            Path(app.doctreedir).mkdir(parents=True, exist_ok=True)
            write_bytes(Path(app.doctreedir) / PENDING_FILENAME, b"")


def clean_build_leftovers(app: Sphinx) -> None:
    """Remove what a killed build left of the files the extension writes
    whole or not at all beside Sphinx's (``rfcs.json``, the caches), even
    when this build writes none of them."""
    for folder in (app.outdir, app.doctreedir):
        clean_leftovers(Path(folder))
