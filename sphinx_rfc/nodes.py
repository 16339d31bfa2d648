"""Doctree nodes of sphinx_rfc.

``rfc_data`` carries read-time records from a directive to the collector,
which removes it: it never reaches a writer.  ``rfc_pending`` marks a spot
that shows other documents' data (or an RFC's own basic-information table,
built only then); the resolve-time transform replaces it for every
builder, so no writer needs a visitor for either.

Whatever puts RFC data into the document being read (an ``rfc_data`` or
``rfc_pending`` node, a cross-reference of the ``rfc`` domain) also calls
:func:`note_rfc_data`, so that the collector need not walk a document that
holds none (:func:`holds_rfc_data`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple, TypeVar, cast

from docutils import nodes


class PayloadKind(StrEnum):
    """What an ``rfc_data`` node carries to the collector."""

    #: The ``rfc`` directive's declaration (``read/metadata.RfcDeclaration``).
    META = "meta"
    #: A table directive's rows (``model/records.TablePayload``).
    TABLE = "table"
    #: ``rfc-module``'s module home (``model/records.ModuleHome``).
    MODULE_HOME = "module-home"
    #: The problems of a directive that shows data (a list of ``Problem``).
    PROBLEMS = "problems"


class rfc_data(nodes.Invisible, nodes.Element):  # noqa: N801 (docutils naming)
    """Read-time payload: ``node["kind"]`` (a :class:`PayloadKind`) and
    ``node["payload"]``."""

    @classmethod
    def make(cls, kind: PayloadKind, payload: Any, line: int | None) -> rfc_data:
        node = cls()
        node["kind"] = kind
        node["payload"] = payload
        node.line = line
        return node


class ViewKey(NamedTuple):
    """Names the data a spot of a page shows (``rfc_pending``'s
    ``node["view"]``, the domain's ``views`` of each page): the view kind,
    then what the kind needs."""

    #: The view kind (``basic-info``, ``module``, ``index`` …: the
    #: registry's key, :data:`sphinx_rfc.resolve.views.VIEWS`).
    kind: str
    #: An RFC ID, a module name, an API object, the JSON of a directive's
    #: options; ``""`` for a kind that needs none.
    subject: str = ""


class rfc_pending(nodes.General, nodes.Element):  # noqa: N801
    """Filled at resolve time from the view ``node["view"]`` (a :class:`ViewKey`)."""

    @classmethod
    def make(cls, view: ViewKey, **attrs: Any) -> rfc_pending:
        node = cls()
        node["view"] = view
        for key, value in attrs.items():
            node[key] = value
        return node

    def fill(self, replacement: list[nodes.Node]) -> None:
        """Put *replacement* where this spot is: in place of its row when
        it is a row's (``part="row"``, alone in that row), else of itself;
        an empty replacement removes the spot (or its row)."""
        target: nodes.Element = self.parent.parent if self.get("part") == "row" else self
        if replacement:
            target.replace_self(replacement)
        else:
            target.parent.remove(target)


# --------------------------------------------------------------------------
# Tables read at read time, drawn at resolve time

#: Attribute of a table the read step has read (a table directive's, or one
#: of a template-native RFC's sections): a :data:`TableMark`.  The render
#: step (:func:`sphinx_rfc.render.tables.draw_read_table`) draws the table
#: when its page is resolved and removes the mark; the read step takes a
#: marked table as read already.
TABLE_MARK = "rfc-read-table"
#: Attribute of a cell of a marked table: the :data:`CellOp` s to apply to it,
#: in order (a list).
CELL_MARK = "rfc-cell"

class TableMark(NamedTuple):
    """What the read step noted of a table it read (:data:`TABLE_MARK`)."""

    #: The table kind (``dependency`` …).
    kind: str
    #: Whether the header row is the first body row (it becomes a ``thead``).
    header_in_body: bool
    #: How many classes the table had when it was read (the render step's
    #: go after them, before those added later).
    classes_at: int
    #: The view keys its drawn cells hold (links, ``rfc_pending`` spots),
    #: which the collector notes at read time.
    views: tuple[ViewKey, ...]


# What the render step does to a cell (:data:`CELL_MARK`: a list of them,
# in order), one type each.


class _CellOpBase:
    """The base of the cell operations: pickled as their class and their
    fields, as a tuple would be (a dataclass's own pickling took 3.6 µs an
    operation and twice the bytes in every pickled doctree)."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        cls = type(self)
        names: tuple[str, ...] = cls.__match_args__  # type: ignore[attr-defined]
        return cls, tuple([getattr(self, name) for name in names])


@dataclass(frozen=True, slots=True)
class AddClass(_CellOpBase):
    """Add the class *name* to the cell."""

    name: str


@dataclass(frozen=True, slots=True)
class Label(_CellOpBase):
    """The cell's text replaced by a label of the extension, in the build's
    language (a header's canonical name)."""

    msgid: str


@dataclass(frozen=True, slots=True)
class Badge(_CellOpBase):
    """An enum value's badge (``rfc-value-<key>``), then the note."""

    key: str
    msgid: str
    note: str


@dataclass(frozen=True, slots=True)
class RefLink(_CellOpBase):
    """A link to the RFC *rfc_id*."""

    rfc_id: str


@dataclass(frozen=True, slots=True)
class ModuleLink(_CellOpBase):
    """A link to *module* showing *text* (``""``: the module's name)."""

    module: str
    text: str


@dataclass(frozen=True, slots=True)
class DepModule(_CellOpBase):
    """The cell's content inside a :data:`DEP_MODULE_VIEW` spot for *text*."""

    text: str


@dataclass(frozen=True, slots=True)
class DepStatus(_CellOpBase):
    """A :data:`DEP_STATUS_VIEW` spot for the RFC *rfc_id*."""

    rfc_id: str


@dataclass(frozen=True, slots=True)
class InfoLink(_CellOpBase):
    """In a template-native RFC's own basic-information table
    (:data:`INFO_MARK`): the value cell of *field* (modules, supersedes,
    requires, issues) as links, when it holds no link of the author's."""

    field: str


@dataclass(frozen=True, slots=True)
class InfoBadge(_CellOpBase):
    """In the same table: the value cell of *field* (the ID, status, type)
    as the ``rfc`` directive's table shows it."""

    field: str


CellOp = (AddClass | Label | Badge | RefLink | ModuleLink | DepModule | DepStatus
          | InfoLink | InfoBadge)
#: The cell operations that replace a cell's content: what the author
#: wrote there is not on the page.
REPLACING: tuple[type[CellOp], ...] = (
    Label, Badge, RefLink, ModuleLink, DepStatus, InfoLink, InfoBadge)
#: The class of a cell whose value is none its column allows (the read
#: step's own checks skip its text).
INVALID_CELL = AddClass("rfc-invalid")
#: Each operation by the name its tuple form starts with.
_OP_NAMES: dict[str, type[CellOp]] = {
    "class": AddClass, "label": Label, "badge": Badge, "ref": RefLink, "mod": ModuleLink,
    "dep-module": DepModule, "dep-status": DepStatus, "info-link": InfoLink,
    "info-badge": InfoBadge,
}


def cell_op(op: CellOp | tuple[str, ...]) -> CellOp:
    """*op*; written as a tuple (``("info-badge", FIELD)``: its name, then
    its fields), as the operation it names."""
    if isinstance(op, tuple):
        name, *fields = op
        made: CellOp = _OP_NAMES[name](*fields)
        return made
    return op


#: Attribute of a template-native RFC's own basic-information table (the
#: author's key/value table): an :data:`InfoMark`.  The render step
#: (:func:`sphinx_rfc.render.native_info.draw_native_info`) draws it from
#: the page's record when the page is resolved: links, badges, the rows of
#: the ``rfc`` directive's table it lacks, the dates taken from git, the
#: rows computed from other RFCs.
INFO_MARK = "rfc-info-table"

class InfoMark(NamedTuple):
    """What the read step noted of a template-native RFC's own
    basic-information table (:data:`INFO_MARK`)."""

    #: The page whose record fills the table.
    docname: str
    #: The fields the author's rows show (no row of the directive's for them).
    kept: tuple[str, ...]
    #: Whether the title row is left out (the page's heading says it).
    title_hidden: bool
    #: The fields whose value came from git (shown as rows of their own).
    from_git: tuple[str, ...]


#: View kind of a dependency's status cell left empty for an RFC component.
DEP_STATUS_VIEW = "dep-status"
#: View kind of a dependency's component that may name a module (when
#: ``rfc_modules`` is empty, only the whole project knows its modules).
DEP_MODULE_VIEW = "dep-module"
#: View key a page with marked tables holds, so that its resolving walks it
#: (value None: the tables show the page's own data).
READ_TABLES_VIEW = ViewKey("read-tables")


#: Key, in Sphinx's state of the document being read, of the mark "holds RFC data".
_HOLDS_DATA = "sphinx_rfc_holds_data"


def document_state(env: Any) -> Any:
    """Sphinx's state of the document being read, reset for each document
    (``env.current_document`` since Sphinx 8.2, ``env.temp_data`` before)."""
    state = getattr(env, "current_document", None)
    return state if state is not None else env.temp_data


def note_rfc_data(env: Any) -> None:
    """Mark the document being read as holding RFC data."""
    document_state(env)[_HOLDS_DATA] = True


def holds_rfc_data(env: Any) -> bool:
    """Whether :func:`note_rfc_data` was called for the document being read."""
    return bool(document_state(env).get(_HOLDS_DATA))


_NodeT = TypeVar("_NodeT", bound=nodes.Node)


def first(
    tree: nodes.Node, kind: type[_NodeT], test: Callable[[_NodeT], object] | None = None
) -> _NodeT | None:
    """The first node of *tree* (itself included, in document order) that is
    a *kind* and passes *test*: docutils' ``next_node``, typed."""
    if test is None:
        return tree.next_node(kind, include_self=True)
    found = tree.next_node(lambda n: isinstance(n, kind) and bool(test(n)), include_self=True)
    return cast("_NodeT | None", found)


def holds(tree: nodes.Node, kind: type[nodes.Node]) -> bool:
    """Whether *tree* or a node inside it is a *kind*."""
    return first(tree, kind) is not None


def generated(node: nodes.Element) -> nodes.Element:
    """Mark text the extension writes (labels), so that placeholder checks
    skip it and gettext does not extract it into the user's catalogs."""
    node["rfc-generated"] = True
    for sub in node.findall(nodes.TextElement):
        # Inline nodes with a 'translatable' attribute are unwrapped by
        # Sphinx's RemoveTranslatableInline: mark block-level text only.
        if not isinstance(sub, nodes.Inline):
            sub["translatable"] = False
    return node
