"""Atom 1.0 feeds of the RFCs' status changes, beside ``rfcs.json``
(docs/reference/process.md, "Feeds"):

- ``rfcs.atom``: every RFC's status changes, its first commit as its
  arrival ("new"), newest first;
- ``rfcs-status-<status>.atom``: the changes into one status, one feed per
  status of ``rfc_statuses``;
- ``rfcs-module-<module>.atom``: the changes of the RFCs touching one
  module, one feed per module of ``rfc_modules`` or of an RFC.

The entries are the RFCs' histories (:mod:`sphinx_rfc.read.history`): an
RFC without one (no git) is in no feed.  Each entry's id is a URN made
from the RFC ID, the status and the commit (the same in every build), its
``updated`` the commit's date, its link the RFC's page: absolute under
``html_baseurl`` when it is set, else relative to the output folder.  The
bytes depend on the sources only (no build time): a feed with no entry is
dated ``1970-01-01``.

Written by the HTML builders only (not EPUB), at ``build-finished``, each file whole
or not at all (:mod:`sphinx_rfc._atomic`), and only when its bytes
changed.  Every HTML page with an ``rfc-index`` and every RFC page links
``rfcs.atom`` (and an RFC page its status's and modules' feeds) with
``<link rel="alternate" type="application/atom+xml">``.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

from sphinx_rfc import _lazy_re
from sphinx_rfc import config as rfc_config
from sphinx_rfc._atomic import sync_folder, write_bytes
from sphinx_rfc.model.relations import id_sort_key
from sphinx_rfc.store.domain import get_domain

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from sphinx_rfc.model.history import HistoryEntry
    from sphinx_rfc.model.records import RfcRecord

ATOM_NS = "http://www.w3.org/2005/Atom"
ALL = "rfcs.atom"
_NAMESPACE = uuid.UUID("5b7d0f0e-4a1e-5c1a-9e57-2f0c3a6b8d41")


def status_feed(status: str) -> str:
    return f"rfcs-status-{_safe(status)}.atom"


def module_feed(module: str) -> str:
    return f"rfcs-module-{_safe(module)}.atom"


#: Bytes of a status or module name kept whole in a feed's file name (file
#: systems allow 255 bytes a name; a longer one is cut and told apart by a hash).
_NAME_BYTES = 100


def _safe(name: str) -> str:
    """*name* as part of a file name: no folder separator, no leading dot,
    at most :data:`_NAME_BYTES` bytes (a longer name: its first characters
    and a hash of the whole).  A name whose characters had to change gets
    a hash of the whole too: ``a/b`` and ``a:b`` are two feeds."""
    cleaned = "".join("-" if c in '/\\:*?"<>|' or ord(c) < 32 else c for c in name)
    cleaned = cleaned.lstrip(".") or "-"
    if cleaned == name and len(cleaned.encode("utf-8", "surrogatepass")) <= _NAME_BYTES:
        return cleaned
    digest = hashlib.sha1(name.encode("utf-8", "surrogatepass")).hexdigest()[:10]
    head = cleaned.encode("utf-8", "surrogatepass")[:60].decode("utf-8", "ignore")
    return f"{head}-{digest}"


#: What XML 1.0 refuses in a document: the C0 controls but tab, newline and
#: carriage return, lone surrogates, U+FFFE and U+FFFF.  (Named as they
#: are, not as the complement of what XML allows: that class took the
#: regex compiler 3 ms at every build's import, this one 0.3 ms.)
_NOT_XML = _lazy_re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _xml(text: str) -> str:
    """*text* for an XML document's text: each character XML refuses
    replaced by U+FFFD, then escaped."""
    return escape(_NOT_XML.sub("\ufffd", text))


def _attribute(text: str) -> str:
    """*text* as a quoted XML attribute value (as :func:`_xml`)."""
    return quoteattr(_NOT_XML.sub("\ufffd", text))


def entry_id(rfc_id: str, step: HistoryEntry) -> str:
    return f"urn:uuid:{uuid.uuid5(_NAMESPACE, f'{rfc_id}|{step.status}|{step.commit}')}"


def _stamp(date: str) -> str:
    return f"{date}T00:00:00Z"


class _Entry:
    __slots__ = ("first", "record", "step")

    def __init__(self, record: RfcRecord, step: HistoryEntry, first: bool) -> None:
        self.record = record
        self.step = step
        self.first = first

    def sort_key(self) -> tuple[Any, ...]:
        return (self.step.date, id_sort_key(self.record.id), self.step.status)


def entries_of(records: Iterable[RfcRecord]) -> list[_Entry]:
    """Every history step of *records*, newest first."""
    found = [
        _Entry(record, step, number == 0)
        for record in records
        for number, step in enumerate(record.history)
    ]
    found.sort(key=_Entry.sort_key, reverse=True)
    return found


def feed_title(project: str, noun: str, status: str | None = None,
               module: str | None = None) -> str:
    """A feed's title: the project's RFCs, those of a status, or of a module
    (``训练框架设计：已接受的 RFC``)."""
    from sphinx_rfc.i18n import _

    if status is not None:
        return _("{project}: {noun} {status}").format(project=project, noun=noun, status=status)
    if module is not None:
        return _("{project}: {noun}, {module}").format(project=project, noun=noun, module=module)
    return _("{project}: {noun}").format(project=project, noun=noun)


def feed_xml(
    name: str, title: str, entries: Sequence[_Entry], *, base: str,
    page_uri: Any, status_label: Any,
) -> bytes:
    """The Atom document *name* (its file name) of *entries*."""
    from sphinx_rfc.i18n import _, translating

    updated = _stamp(entries[0].step.date) if entries else "1970-01-01T00:00:00Z"
    feed_id = f"urn:uuid:{uuid.uuid5(_NAMESPACE, f'{base}|{name}')}"
    out = [
        '<?xml version="1.0" encoding="utf-8"?>',
        f'<feed xmlns="{ATOM_NS}">',
        f"  <id>{feed_id}</id>",
        f"  <title>{_xml(title)}</title>",
        f"  <updated>{updated}</updated>",
        f'  <link rel="self" type="application/atom+xml" href={_attribute(base + name)}/>',
        "  <generator>sphinx_rfc</generator>",
    ]
    for item in entries:
        record, step = item.record, item.step
        label = status_label(step.status)
        head = (_("{rfc_id} new, {status}: {title}") if item.first
                else _("{rfc_id} {status}: {title}")).format(
            rfc_id=record.id, status=label if translating() else step.status, title=record.title)
        summary = _("{rfc_id} {status}, {date} ({commit})").format(
            rfc_id=record.id, status=label, date=step.date, commit=step.commit[:7])
        out += [
            "  <entry>",
            f"    <id>{entry_id(record.id, step)}</id>",
            f"    <title>{_xml(head)}</title>",
            f"    <updated>{_stamp(step.date)}</updated>",
            f"    <link rel=\"alternate\" type=\"text/html\" href={_attribute(page_uri(record))}/>",
            f"    <author><name>{_xml(step.author or '-')}</name></author>",
            f'    <category term={_attribute(step.status)} label={_attribute(label)}/>',
            f"    <summary>{_xml(summary)}</summary>",
            "  </entry>",
        ]
    out.append("</feed>")
    return ("\n".join(out) + "\n").encode("utf-8")


def _base(app: Sphinx) -> str:
    base = str(getattr(app.config, "html_baseurl", "") or "")
    return base if not base or base.endswith("/") else base + "/"


def feeds(app: Sphinx) -> dict[str, bytes]:
    """File name -> bytes of every feed of the project *app* has read."""
    from sphinx_rfc.i18n import _

    settings = rfc_config.settings(app.config)
    domain = get_domain(app.env)
    records = sorted(domain.rfcs.values(), key=lambda r: id_sort_key(r.id))
    base = _base(app)
    project = str(app.config.project)
    noun = settings.noun(plural=True)

    def page_uri(record: RfcRecord) -> str:
        return base + app.builder.get_target_uri(record.docname)

    def status_label(status: str) -> str:
        return str(_(settings.statuses.label(status)))

    everything = entries_of(records)
    out = {ALL: feed_xml(ALL, feed_title(project, noun), everything, base=base,
                         page_uri=page_uri, status_label=status_label)}
    # each entry under its status and its record's modules, in one pass (in
    # the order of everything: newest first)
    status_keys = settings.statuses.keys()
    by_status: dict[str, list[_Entry]] = {key: [] for key in status_keys}
    by_module: dict[str, list[_Entry]] = {module: [] for module in settings.modules}
    touched = {id(record): record.touched_modules() for record in records}
    for record in records:
        for module in touched[id(record)]:
            by_module.setdefault(module, [])
    for entry in everything:
        if entry.step.status in by_status:
            by_status[entry.step.status].append(entry)
        for module in touched[id(entry.record)]:
            by_module[module].append(entry)
    for status, chosen in by_status.items():
        name = status_feed(status)
        out[name] = feed_xml(name, feed_title(project, noun, status=status_label(status)), chosen,
                             base=base, page_uri=page_uri, status_label=status_label)
    for module, chosen in by_module.items():
        name = module_feed(module)
        out[name] = feed_xml(name, feed_title(project, noun, module=module), chosen, base=base,
                             page_uri=page_uri, status_label=status_label)
    return out


def _writes_feeds(app: Sphinx) -> bool:
    # (not EPUB: its package takes every file of its output folder; not the
    # json and pickle builders: their pages are data, with no <head> to link from)
    from sphinx.builders.html import StandaloneHTMLBuilder
    from sphinxcontrib.serializinghtml import SerializingHTMLBuilder

    return bool(isinstance(app.builder, StandaloneHTMLBuilder)
                and not isinstance(app.builder, SerializingHTMLBuilder)
                and not app.builder.name.startswith("epub")
                and rfc_config.settings(app.config).history)


def on_build_finished(app: Sphinx, exception: BaseException | None) -> None:
    if exception is not None or not _writes_feeds(app):
        return
    outdir = Path(app.outdir)
    written = False
    for name, data in feeds(app).items():
        target = outdir / name
        try:
            if target.read_bytes() == data:
                continue
        except OSError:
            pass
        write_bytes(target, data, sync=False)  # (the folder is synced once, below)
        written = True
    if written:
        sync_folder(outdir)


def on_html_page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any,
) -> None:
    """``<link rel="alternate">`` to the feeds on index pages and RFC pages."""
    if not _writes_feeds(app):
        return
    domain = get_domain(app.env)
    record = domain.rfcs.get(pagename)
    shows_index = any(key.kind == "index" for key in domain.views.get(pagename, ()))
    if record is None and not shows_index:
        return
    project = str(app.config.project)
    from sphinx_rfc.i18n import _, translating

    settings = rfc_config.settings(app.config)
    noun = settings.noun(plural=True)
    links = [(ALL, feed_title(project, noun))]
    if record is not None:
        # (the status as the feed's own title names it)
        status = str(_(settings.statuses.label(record.status))) if translating() else record.status
        links.append((status_feed(record.status), feed_title(project, noun, status=status)))
        links += [(module_feed(m), feed_title(project, noun, module=m))
                  for m in record.touched_modules()]
    pathto = context.get("pathto")
    tags = "".join(
        f'\n<link rel="alternate" type="application/atom+xml" title={quoteattr(title)} '
        f"href={quoteattr(pathto(name, 1) if pathto else name)} />"
        for name, title in links
    )
    context["metatags"] = str(context.get("metatags", "")) + tags
