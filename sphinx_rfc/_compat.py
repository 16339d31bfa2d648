"""What differs between builders and Sphinx versions, in one place."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sphinx.builders import Builder
    from sphinx.environment import BuildEnvironment


def source_path(env: BuildEnvironment, docname: str) -> str:
    """The document's source file, relative to the source folder, with ``/``."""
    return Path(env.doc2path(docname, False)).as_posix()


def replaces_undecodable() -> bool:
    """Whether Sphinx reads a source that is not text in its encoding with
    a warning, putting ``?`` for the bytes (Sphinx 8), instead of failing
    with ``UnicodeDecodeError`` (Sphinx 9)."""
    import sphinx.builders

    return hasattr(sphinx.builders, "_UnicodeDecodeErrorHandler")


def current_builder(env: BuildEnvironment) -> Builder:
    """The builder at resolve time (``env.app`` is deprecated in Sphinx 9)."""
    app = getattr(env, "_app", None) or env.app
    return app.builder


def serializing(builder: Builder) -> bool:
    """Whether *builder* is one of the JSON / pickle HTML builders, which
    write each page's context itself instead of rendering a template."""
    try:
        from sphinxcontrib.serializinghtml import SerializingHTMLBuilder
    except ImportError:  # (a dependency of Sphinx; without it, no such builder)
        return False
    return isinstance(builder, SerializingHTMLBuilder)


#: Builders that resolve each document on its own.  Others (latex, texinfo,
#: singlehtml, man) resolve a tree assembled from several documents under
#: the name of the first, so the tree is always searched for them.
_PAGE_PER_DOCUMENT = frozenset(
    {"html", "dirhtml", "epub", "text", "xml", "pseudoxml", "json", "pickle", "dummy"}
)


def resolves_one_document(env: BuildEnvironment) -> bool:
    """Whether the tree being resolved is the current document alone."""
    return current_builder(env).name in _PAGE_PER_DOCUMENT


def page_link(builder: Builder, fromdocname: str, docname: str, anchor: str | None) -> str | None:
    """The builder's link from *fromdocname* to *anchor* in *docname*, as
    :func:`sphinx.util.nodes.make_refnode` makes it, or ``None`` for a page
    the builder does not write: LaTeX and texinfo write only the documents
    they are given (``NoUri``), and singlehtml writes no domain index page
    (its one page holds the documents, and it links any other name to a
    file of its own that is never written)."""
    from sphinx.errors import NoUri

    if builder.name == "singlehtml" and docname not in builder.env.all_docs:
        return None
    try:
        uri = str(builder.get_relative_uri(fromdocname, docname))
    except NoUri:
        return None
    return with_anchor(uri, anchor)


def with_anchor(uri: str, anchor: str | None) -> str:
    """*uri*, a builder's link to a page, with *anchor* in that page.  A
    page that is a part of this one (singlehtml links ``#document-NAME``)
    is linked by the anchor alone, as Sphinx's singlehtml builder rewrites
    the links it resolves itself."""
    if not anchor:
        return uri
    return f"#{anchor}" if "#" in uri else f"{uri}#{anchor}"
