"""What runs when: every Sphinx event the extension listens to, its
handlers and their priorities, in the order a build emits them; and the
registrations (config values, the domain, directives, transforms, nodes)
made before any handler is connected.

``sphinx_rfc.setup()`` runs :data:`REGISTRATIONS`, then connects
:data:`WIRING` in order, and connects nothing else: a module of the
package connects no handler of its own (``tests/build/test_wiring.py``
compares the listeners of a set-up application with this table, and the
table of docs/reference/architecture.md with those listeners).

Within one event Sphinx calls the handlers by priority (lower first), then
in the order they were connected: the rows of one event are in the order
they run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sphinx_rfc import _nogc, config, directives, i18n
from sphinx_rfc.directives import graph as graph_directive
from sphinx_rfc.directives import index as index_directive
from sphinx_rfc.features import commits, results, signatures
from sphinx_rfc.read import (
    build_log,
    collector,
    frontmatter,
    git_dates,
    git_log,
    history,
    plantuml,
    unread,
)
from sphinx_rfc.resolve import (
    code_views,
    header_only_tables,
    indices,
    mermaid,
    mermaid_fallback,
    views,
    xrefs,
)
from sphinx_rfc.store import derived, domain
from sphinx_rfc.write import export, feeds, index_pages, mermaid_js, static, summary

if TYPE_CHECKING:
    from sphinx.application import Sphinx


#: The events, in the order a build emits them (``rfc-record-read`` is
#: the collector's own, emitted inside ``doctree-read``).
EVENTS = (
    "config-inited",
    "builder-inited",
    "env-get-outdated",
    "env-before-read-docs",
    "env-purge-doc",
    "source-read",
    "include-read",
    "doctree-read",
    collector.RECORD_READ,
    "env-merge-info",
    "env-updated",
    "doctree-resolved",
    "warn-missing-reference",
    "html-collect-pages",
    "html-page-context",
    "build-finished",
)

#: Sphinx's default priority.
DEFAULT = 500


@dataclass(frozen=True)
class Wire:
    """One handler of one event."""

    event: str
    handler: Callable[..., Any]
    #: What it does there, for the architecture page.
    does: str
    priority: int = DEFAULT
    #: Connected only when this says so (checked at setup).
    when: Callable[[], bool] | None = None
    #: Connects the handler itself, in the place of another extension's
    #: (at that handler's priority); None: ``app.connect``.
    install: Callable[[Sphinx], None] | None = None

    def wired(self, answers: dict[Callable[[], bool], bool] | None = None) -> bool:
        """Whether the condition holds; *answers* keeps each condition's
        answer for the rows after (``setup()`` asks every row: the Mermaid
        rows' condition reads the installed version's metadata, 0.8 ms)."""
        if self.when is None:
            return True
        if answers is None:
            return self.when()
        if self.when not in answers:
            answers[self.when] = self.when()
        return answers[self.when]

    def connect(self, app: Sphinx,
                answers: dict[Callable[[], bool], bool] | None = None) -> None:
        if not self.wired(answers):
            return
        if self.install is not None:
            self.install(app)
        else:
            app.connect(self.event, self.handler, priority=self.priority)


# (a condition's docstring is what the architecture page says of its rows)
def _mermaid_adapted() -> bool:
    """only under a sphinxcontrib-mermaid it adapts"""
    return mermaid_js.adapted()


def _mermaid_not_adapted() -> bool:
    """only under a sphinxcontrib-mermaid it does not adapt"""
    return not mermaid_js.adapted()


#: What ``setup()`` registers before it connects a handler, in this order
#: (the transforms of one priority run in the order they were added).
REGISTRATIONS: tuple[Callable[[Sphinx], None], ...] = (
    config.setup,  # the rfc_* config values
    i18n.setup,  # the message catalog
    xrefs.setup,  # the rfc domain (the store's, with the roles' references)
    indices.setup,  # its index pages; the unwritten-index-links post-transform
    directives.setup,  # the directives, their views, the review-count node
    plantuml.setup,  # the PlantUML transform
    collector.setup,  # the rfc-record-read event
    frontmatter.setup,  # the field-list transforms
    views.setup,  # the post-transforms that fill views and draw marked tables
    static.setup,  # the style sheet
    commits.setup,  # asks the build's git log for the whole work tree
    mermaid.setup,  # the post-transform drawing Mermaid code blocks
    mermaid_fallback.setup,  # Mermaid shown as code where it cannot be drawn
    header_only_tables.setup,  # LaTeX: an empty body for a header-only table
)


#: Every handler of the extension, event by event in :data:`EVENTS` order,
#: each event's in the order they run.
WIRING: tuple[Wire, ...] = (
    Wire("config-inited", config._on_config_inited,
         "the rfc_* values validated once into the build's RfcSettings "
         "(late: after conf.py's own handlers)", priority=800),
    Wire("config-inited", _nogc.pause_for_environment,
         "the garbage collector paused while Sphinx loads the environment",
         priority=999),
    Wire("builder-inited", _nogc.resume_after_environment,
         "the garbage collector on again; what survives a full collection frozen "
         "until the build ends", priority=0),
    Wire("builder-inited", build_log._start,
         "starts keeping the other warnings logged per document"),
    Wire("builder-inited", indices.title_indices, "the domain index pages' titles"),
    Wire("builder-inited", static.copy_static_files, "the CSS and JavaScript into _static"),
    Wire("builder-inited", index_pages.on_builder_inited,
         "the domain index pages' template, where the theme's is Sphinx's own"),
    Wire("builder-inited", mermaid_js.say_not_adapted,
         "under a sphinxcontrib-mermaid it does not know: rfc_mermaid_js not applied, "
         "said once", when=_mermaid_not_adapted),
    Wire("builder-inited", mermaid_js.copy_local_build,
         "a local Mermaid build (rfc_mermaid_js) into _static", when=_mermaid_adapted),
    Wire("builder-inited", export.clean_build_leftovers,
         "files a killed run left half-written"),
    Wire("builder-inited", mermaid.keep_sources, "starts noting the sources naming a diagram"),
    Wire("env-get-outdated", git_log.on_build_starts,
         "the build's one git log, run again only when the repository changed "
         "(first: the handlers below read it)", priority=100),
    Wire("env-get-outdated", git_dates.on_env_get_outdated,
         "the RFCs whose git dates changed, read again"),
    Wire("env-get-outdated", history.on_env_get_outdated,
         "the RFCs whose status history or stale-review changed, read again"),
    Wire("env-get-outdated", unread.on_env_get_outdated,
         "Markdown RFCs no parser reads: one not-read problem"),
    Wire("env-get-outdated", results.on_env_get_outdated,
         "the RFCs whose test results changed, read again"),
    Wire("env-get-outdated", commits.on_env_get_outdated,
         "the RFCs whose citing commits changed, read again"),
    Wire("env-before-read-docs", domain._reading_starts,
         "the read phase starts (what a -j worker sends back)"),
    Wire("env-before-read-docs", git_dates.on_env_before_read_docs,
         "git dates for the documents to read"),
    Wire("env-before-read-docs", history.on_env_before_read_docs,
         "status histories for the documents to read"),
    Wire("env-before-read-docs", commits.on_env_before_read_docs,
         "citing commits for the documents to read"),
    Wire("env-purge-doc", mermaid.forget_source, "a removed document's diagram note"),
    Wire("source-read", _nogc.freeze_between_documents,
         "what survived a full collection frozen, once the document before is garbage",
         priority=0),
    Wire("source-read", plantuml.note_source, "whether the source names PlantUML"),
    Wire("source-read", mermaid.note_source, "whether the source names a diagram"),
    Wire("include-read", plantuml.note_include, "the same, for an included file"),
    Wire("include-read", mermaid.note_include, "the same, for an included file"),
    Wire("doctree-read", collector.on_doctree_read,
         "the RFC record: read, checked, rfc-record-read emitted, stored"),
    Wire(collector.RECORD_READ, signatures.on_record_read,
         "interface tables compared with the code (rfc_check_signatures)"),
    Wire(collector.RECORD_READ, results.on_record_read,
         "verification results on the rows (rfc_test_results)"),
    Wire(collector.RECORD_READ, commits.on_record_read,
         "the commits citing the RFC, the plan checked against them"),
    Wire("env-merge-info", mermaid.merge_sources, "a -j worker's diagram notes"),
    Wire("env-updated", build_log._store,
         "each document read keeps its warnings (first: before the data is settled)",
         priority=50),
    Wire("env-updated", domain._reading_ends, "the read phase ends", priority=100),
    Wire("env-updated", graph_directive._add_tikz,
         "LaTeX: tikz loaded when a page has a graph"),
    Wire("env-updated", views.on_env_updated,
         "what the build changed in the data; the pages whose shown data changed"),
    Wire("env-updated", code_views.on_env_updated,
         "the pages whose code views changed"),
    Wire("env-updated", export.on_env_updated,
         "whether rfcs.json is due (late: after the data change is settled)", priority=900),
    Wire("doctree-resolved", _nogc.freeze_between_documents,
         "what survived a full collection frozen, once the page before is garbage",
         priority=0),
    Wire("doctree-resolved", mermaid_js.note_diagram_page,
         "the pages written with a diagram", when=_mermaid_adapted),
    Wire("warn-missing-reference", xrefs.on_missing_reference,
         "an unknown RFC or module reference: one rfc warning"),
    Wire("html-collect-pages", indices.remove_stale_pages, "index pages no longer written"),
    Wire("html-page-context", index_directive.on_html_page_context,
         "rfc-index pages' URL parameters"),
    Wire("html-page-context", mermaid_js.install_js,
         "Mermaid's script only on pages with a diagram (in the place of "
         "sphinxcontrib-mermaid's install_js, at its priority)",
         when=_mermaid_adapted, install=mermaid_js.take_install_js_place),
    Wire("html-page-context", feeds.on_html_page_context, "the feeds' rel=alternate links"),
    Wire("html-page-context", index_pages.on_html_page_context,
         "the domain index pages' entries (late: a theme's own template kept)",
         priority=900),
    Wire("build-finished", domain._cross_left,
         "the cross-RFC problems of a build that updated no document "
         "(before the summary counts them)", priority=100),
    Wire("build-finished", build_log._stop, "stops keeping the other warnings"),
    Wire("build-finished", mermaid_js.on_build_finished,
         "the one line on pages loading Mermaid from a CDN", when=_mermaid_adapted),
    Wire("build-finished", export.on_build_finished, "rfcs.json"),
    Wire("build-finished", feeds.on_build_finished, "the Atom feeds"),
    Wire("build-finished", summary.on_build_finished, "the summary line"),
    Wire("build-finished", derived.on_build_finished,
         "what is made from every RFC, kept for the next build "
         "(last: the summary and rfcs.json ask for the cross-RFC problems)", priority=900),
    Wire("build-finished", _nogc.thaw,
         "the objects frozen for the build back in the garbage collector's reach "
         "(last of all)", priority=999),
)
