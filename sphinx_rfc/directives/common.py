"""What the navigation directives (``rfc-index``, ``rfc-module``,
``rfc-graph``; docs/reference/navigation.md) share.

Each one shows other documents' data, so it only records, at read time,
*what* it shows: an ``rfc_pending`` node whose view key encodes its
options.  The view's value function computes, from the domain's snapshot,
exactly the data the spot displays, and its renderer builds the nodes from
that value alone (:mod:`sphinx_rfc.resolve.views`); pages are rewritten when
that value changes, so they never go stale.

Here: reading options and recording problems at read time, the view key of
a directive's options, and the parts their renderers have in common.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from docutils import nodes
from docutils.parsers.rst import directives

from sphinx_rfc._compat import source_path
from sphinx_rfc.i18n import _
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.nodes import PayloadKind, ViewKey, generated, note_rfc_data, rfc_data, rfc_pending
from sphinx_rfc.render.elements import xref
from sphinx_rfc.spec.text import split_list

if TYPE_CHECKING:
    from collections.abc import Callable

    from sphinx.util.docutils import SphinxDirective

    from sphinx_rfc.model.records import RfcRecord
    from sphinx_rfc.render.values import ModuleValue
    from sphinx_rfc.resolve.context import RenderContext
    from sphinx_rfc.spec.subtypes import Subtype

#: Shown by an index or a graph that nothing matches.
NO_MATCH = "No {nouns} match."


# --------------------------------------------------------------------------
# read time


def warn(directive: SphinxDirective, subtype: Subtype, message: str) -> None:
    """Record a problem at the directive's line; :func:`with_problems` hands
    it to the collector, which reports it and keeps it with the page's RFC
    (so it is in ``rfcs.json`` and ``sphinx-rfc check`` too)."""
    found: list[Problem] = directive.__dict__.setdefault("_rfc_problems", [])
    found.append(Problem(subtype, message, source_path(directive.env, directive.env.docname),
                         directive.lineno))


def with_problems(directive: SphinxDirective, result: list[nodes.Node]) -> list[nodes.Node]:
    note_rfc_data(directive.env)  # (each navigation directive returns through here)
    found = directive.__dict__.get("_rfc_problems")
    if found:
        result.append(rfc_data.make(PayloadKind.PROBLEMS, found, directive.lineno))
    return result


def option_items(directive: SphinxDirective, name: str) -> list[str]:
    """The items of a comma-list option (none when it is absent)."""
    return split_list(directive.options.get(name) or "")


#: The options by which ``rfc-index`` and ``rfc-stats`` filter the RFCs
#: (:func:`option_keys`, :func:`matches_filters`).
FILTER_OPTIONS: dict[str, Callable[[str], Any]] = dict.fromkeys(
    ("status", "type", "module"), directives.unchanged
)


def option_keys(
    directive: SphinxDirective, name: str, lookup: Callable[[str], str | None], unknown: str,
) -> list[str]:
    """The keys of a comma-list option's items (statuses, types: *lookup*
    reads a word as its key); an item no key reads is ``invalid-value``
    (*unknown*: the message, with ``{what}``, ``{item}`` and ``{name}``) and
    kept as a key that matches nothing."""
    keys = []
    for item in option_items(directive, name):
        key = lookup(item)
        if key is None:
            warn(directive, "invalid-value", unknown.format(what=_(name), item=item, name=name))
            key = "\0" + item  # matches nothing
        keys.append(key)
    return keys


def matches_filters(record: RfcRecord, spec: Mapping[str, Any]) -> bool:
    """Whether *record* passes a directive's ``status``, ``type`` and
    ``module`` filters (an empty one passes every record)."""
    if spec["status"] and record.status not in spec["status"]:
        return False
    if spec["type"] and record.type not in spec["type"]:
        return False
    return not spec["module"] or bool(set(spec["module"]) & set(record.touched_modules()))


def options_view(kind: str, spec: Mapping[str, Any], line: int) -> rfc_pending:
    """The pending node of a view whose key carries the directive's options
    as JSON (sorted keys: equal options, one view)."""
    node = rfc_pending.make(ViewKey(kind, json.dumps(spec, sort_keys=True, ensure_ascii=False)))
    node.line = line
    return node


def options_of(key: ViewKey) -> Any:
    """The options an :func:`options_view` key carries."""
    return json.loads(key.subject)


def check_xrefs(node: rfc_pending, role: str, targets: Sequence[str], line: int) -> None:
    """Hidden cross-references inside the pending node: the collector records
    them, so an unknown RFC or module is reported once, after reading, as a
    cross-RFC problem (``rfc.unknown-rfc`` / ``rfc.unknown-module``), and the
    page is refreshed when the target appears.  The pending node is replaced
    before references are resolved, so they never reach a writer."""
    for target in targets:
        ref = xref(role, target, quiet=False)
        ref.line = line
        node += ref


# --------------------------------------------------------------------------
# resolve time


def empty(message: str, css_class: str, **nouns: str) -> nodes.Element:
    """What a spot shows when nothing matches: a translated sentence, its
    ``{noun}`` / ``{nouns}`` the template's (RFC, ADR, KEP)."""
    text = str(_(message))
    return generated(nodes.paragraph("", text.format(**nouns) if nouns else text,
                                     classes=[css_class]))


def header(labels: Iterable[str]) -> list[nodes.Node]:
    """Header cells: translated labels, marked as the extension's text."""
    return [generated(nodes.inline("", str(_(label)))) for label in labels]


def module_ref(ctx: RenderContext, name: str, location: ModuleValue | None) -> nodes.Node:
    """A link to a module the project knows, else its name as code."""
    return ctx.module_link(name) if location else nodes.literal(name, name)


def keep_widths(ctx: RenderContext, table: nodes.table) -> nodes.table:
    """Outside HTML, lay the table out by its column widths: LaTeX otherwise
    sizes columns by content and squeezes IDs and status labels."""
    if ctx.builder.format != "html":
        table["classes"].append("colwidths-given")
    return table
