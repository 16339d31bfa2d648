"""The HTML of the domain index pages ``rfc-rfcs`` and ``rfc-modules``,
without a template loop over every entry.

Sphinx writes every domain index page on every HTML build, a no-change
rebuild included (``StandaloneHTMLBuilder.write_domain_indices``).  Its
``domainindex.html`` renders each entry in a Jinja loop (a ``pathto()``
call and six filters a row); with 1,000 RFCs the two pages have 5,000
rows, and rendering them was half of what a no-change rebuild cost on top
of plain Sphinx.

When the theme's ``domainindex.html`` is Sphinx's own (the basic theme's,
which alabaster, classic, nature and most themes use), this module writes
the page's ``body`` block in Python, the same bytes the template's loop
writes, and lets the theme render everything else: the page comes from
:data:`TEMPLATE_NAME`, which extends ``domainindex.html`` and replaces only
that block.  "Sphinx's own" is decided by the template's source: its
SHA-256 must be one of :data:`KNOWN_TEMPLATES`, whose markup
:func:`body_html` reproduces (a test renders the pages both ways and
compares them).  Any other ``domainindex.html`` (a theme's own, one in the
project's ``templates_path``, a future Sphinx's) is rendered by Jinja as
always; so is every other domain's index.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from markupsafe import escape

from sphinx_rfc._compat import serializing
from sphinx_rfc.store.derived import kept_or_made
from sphinx_rfc.store.domain import get_domain

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.builders import Builder
    from sphinx.jinja2glue import BuiltinTemplateLoader

#: The pages whose body this module writes (``<domain>-<index name>``).
PAGES = frozenset({"rfc-rfcs", "rfc-modules"})

#: The template these pages are rendered with instead (in :data:`TEMPLATE_DIR`).
TEMPLATE_NAME = "sphinx-rfc-domainindex.html"
TEMPLATE_DIR = Path(__file__).parent.parent / "html_templates"

#: SHA-256 of the ``domainindex.html`` sources that :func:`body_html`
#: writes the body of: the basic theme's (the same file in Sphinx 8.1.3,
#: 9.0.4 and 9.2.0; tests/build/test_index_pages.py compares the two on the Sphinx
#: installed, and skips, naming the digest, on a template it does not know).
KNOWN_TEMPLATES = frozenset({
    "ca9ce10c4f0eba9592fe81d0d3a8ecb5186e883aadc50cc05d7290fbfb767e31",
})

#: builder -> whether it renders these pages with :data:`TEMPLATE_NAME`
#: (decided when it is created, :func:`on_builder_inited`)
_usable: WeakKeyDictionary[Builder, bool] = WeakKeyDictionary()


def _entry_rows(
    entries: Iterable[Any], pathto: Callable[..., str], groupid: list[int], minus: str,
) -> Iterable[str]:
    uris: dict[str, str] = {}
    for name, grouptype, page, anchor, extra, qualifier, description in entries:
        if grouptype == 2:
            row = f'\n     <tr class="cg-{groupid[0]}">\n       <td></td>\n       <td>&#160;&#160;&#160;\n       '
        elif grouptype == 1:
            groupid[0] += 1
            row = (f'\n     <tr>\n       <td><img src="{minus}" class="toggler"\n'
                   f'              id="toggle-{groupid[0]}" style="display: none" alt="-" />'
                   '</td>\n       <td>\n       ')
        else:
            row = "\n     <tr>\n       <td></td>\n       <td>\n       "
        code = f'<code class="xref">{escape(name)}</code>'
        if page:
            uri = uris.get(page)
            if uri is None:
                uri = uris[page] = str(escape(pathto(page)))
            row += f'<a href="{uri}#{anchor}">{code}</a>'
        else:
            row += code
        if extra:
            row += f" <em>({escape(extra)})</em>"
        row += "</td><td>"
        if qualifier:
            row += f"<strong>{escape(qualifier)}:</strong>"
        yield f"{row}\n       <em>{escape(description)}</em></td></tr>"


def body_html(context: dict[str, Any]) -> str:
    """The ``body`` block of the basic theme's ``domainindex.html``, for the
    page *context* Sphinx gives it (``indextitle``, ``content``,
    ``pathto``)."""
    content = context["content"]
    pathto = context["pathto"]
    letters = [letter for letter, _entries in content]
    jump = " | \n   ".join(
        f'<a href="#cap-{letter}"><strong>{letter}</strong></a>' for letter in letters
    )
    parts = [
        f'\n\n   <h1>{context["indextitle"]}</h1>\n\n   <div class="modindex-jumpbox">',
        f"\n   {jump}" if jump else "",
        '\n   </div>\n\n   <table class="indextable modindextable">',
    ]
    groupid = [0]
    minus = pathto("_static/minus.png", 1)
    for letter, entries in content:
        parts.append(
            '\n     <tr class="pcap"><td></td><td>&#160;</td><td></td></tr>\n'
            f'     <tr class="cap" id="cap-{letter}"><td></td><td>\n'
            f"       <strong>{letter}</strong></td><td></td></tr>"
        )
        parts.extend(_entry_rows(entries, pathto, groupid, minus))
    parts.append("\n   </table>\n\n")
    return "".join(parts)


def _known_template(templates: BuiltinTemplateLoader) -> bool:
    """Whether the ``domainindex.html`` *templates* finds (the project's
    ``templates_path`` first, then the theme's folders) is one of
    :data:`KNOWN_TEMPLATES`."""
    from jinja2 import TemplateNotFound

    try:
        source = templates.get_source(templates.environment, "domainindex.html")[0]
    except (TemplateNotFound, OSError):
        return False
    return hashlib.sha256(source.encode("utf-8")).hexdigest() in KNOWN_TEMPLATES


def on_builder_inited(app: Sphinx) -> None:
    """For an HTML builder that renders pages from templates (not the JSON
    and pickle ones, which write the page context itself) and whose
    ``domainindex.html`` is a known one: make :data:`TEMPLATE_NAME` findable
    by its template loader, after the project's and the theme's folders."""
    from sphinx.builders.html import StandaloneHTMLBuilder
    from sphinx.jinja2glue import BuiltinTemplateLoader, SphinxFileSystemLoader

    builder = app.builder
    usable = (
        isinstance(builder, StandaloneHTMLBuilder)
        and not serializing(builder)
        and isinstance(builder.templates, BuiltinTemplateLoader)
        and _known_template(builder.templates)
    )
    if usable:
        builder.templates.loaders.append(SphinxFileSystemLoader(TEMPLATE_DIR))  # type: ignore[union-attr]
    _usable[builder] = usable


def on_html_page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any,
) -> str | None:
    """Render ``rfc-rfcs`` and ``rfc-modules`` with :data:`TEMPLATE_NAME`
    and their body from :func:`body_html`, where that writes what the
    theme's template would."""
    if (
        pagename not in PAGES
        or templatename != "domainindex.html"
        or "content" not in context
        or not _usable.get(app.builder, False)
    ):
        return None
    # (the body is kept for the next build while the RFC data is the same)
    builder = app.builder
    links = (builder.name, getattr(builder, "link_suffix", None),
             getattr(builder, "out_suffix", None), str(context["indextitle"]))
    context["sphinx_rfc_index_body"] = kept_or_made(
        get_domain(app.env), ("index-body", pagename, links), lambda: body_html(context)
    )
    return TEMPLATE_NAME
