"""``.. rfcdoc-export::``: every field of ``rfcs.json``, read from the JSON
Schema the package ships (``sphinx_rfc/schema/rfcs.schema.json``).

One table per object of the document, each row a field: its path (as ``jq``
would walk it, ``[]`` for the items of a list, ``<name>`` for the keys of a
map), its type (from the schema) and its meaning: the schema's own
``description``; else, for a field that holds a table column, that column
(:data:`sphinx_rfc.spec.table_kinds.TABLES`); else :data:`MEANINGS`.  A
test checks that every field has a meaning and every meaning a field.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from docutils import nodes
from rfcdoc_nodes import Cell, inline, literals, table
from sphinx.util.docutils import SphinxDirective

from sphinx_rfc.spec.table_kinds import TABLES, TableSpec
from sphinx_rfc.write.export import SCHEMA_PATH

#: The objects of ``rfcs.json`` that hold one table row each -> their table kind.
ROW_KINDS: dict[str, str] = {
    "rfcs[].interfaces[].params[]": "interface",
    "rfcs[].dependencies[]": "dependency",
    "rfcs[].verification.levels[]": "levels",
    "rfcs[].verification.interactions[]": "interactions",
    "rfcs[].verification.performance[]": "performance",
    "rfcs[].changes[]": "changes",
    "rfcs[].alternatives[]": "alternatives",
    "rfcs[].references[]": "references",
    "rfcs[].constraints[]": "constraints",
    "rfcs[].reviews[]": "reviews",
}

#: What a field means, where neither the schema nor a table column says it.
MEANINGS: dict[str, str] = {
    "schema_version": "The version of this format.",
    "project": "The project's name: Sphinx's ``project``.",
    "modules": "Every module: those of ``rfc_modules`` in their order, then any other one "
    "an RFC touches or an ``rfc-module`` page declares, by name.",
    "modules.<name>.description": "Its description in ``rfc_modules`` (empty when none).",
    "modules.<name>.docname": "The document whose ``rfc-module`` directive is its home page, "
    "or null.",
    "modules.<name>.rfcs": "IDs of the RFCs touching it: named in their ``:modules:`` or in "
    "their changes table.",
    "rfcs": "Every RFC, ordered by ID (runs of digits compared as numbers).",
    "rfcs[].id": "The RFC ID.",
    "rfcs[].title": "The ``:title:`` option (``title`` field), else the document title "
    "(a leading ``RFC:``, ``[RFC]`` or ``【RFC】`` dropped), else the ID.",
    "rfcs[].status": "The status key (``draft`` when none is given).",
    "rfcs[].type": "The type key, or null.",
    "rfcs[].authors": "The authors, as written (``Name <email>``).",
    "rfcs[].modules": "The modules it declares (``:modules:``, ``modules`` field); those "
    "only its changes table names are not added here (see ``modules.<name>.rfcs``).",
    "rfcs[].issues": "The issues and PRs, as written (``#N``, ``!N``, URLs).",
    "rfcs[].supersedes": "IDs of ``:supersedes:``.",
    "rfcs[].superseded_by": "IDs of the RFCs that supersede it (computed).",
    "rfcs[].requires": "IDs of ``:requires:``.",
    "rfcs[].required_by": "IDs of the RFCs that require it (computed).",
    "rfcs[].extra": "The fields of ``rfc_extra_fields`` it gives, and in a template-native "
    "RFC every other basic-information row, named as written.",
    "rfcs[].docname": "The document.",
    "rfcs[].source": "The source file, relative to the source folder, with ``/``.",
    "rfcs[].line": "The line of the ``rfc`` directive, or of the title of a template-native "
    "RFC.",
    "rfcs[].sections": "Section key -> its state (see the section states of the sections "
    "reference).",
    "rfcs[].interfaces": "One per ``rfc-interface`` directive or interface table.",
    "rfcs[].interfaces[].name": "The directive's argument, or null.",
    "rfcs[].interfaces[].signature_of": "The ``:signature-of:`` option, or null.",
    "rfcs[].interfaces[].params": "The rows of its parameter table.",
    "rfcs[].dependencies": "The rows of its dependency tables.",
    "rfcs[].dependencies[].rfc": "The component, when it is an RFC ID (``rfc_id_pattern``); "
    "else null.",
    "rfcs[].verification": "The verification plan.",
    "rfcs[].verification.levels": "The rows of its test-levels tables.",
    "rfcs[].verification.interactions": "The rows of its interactions tables.",
    "rfcs[].changes": "The rows of its changes tables.",
    "rfcs[].alternatives": "The rows of its alternatives tables.",
    "rfcs[].references": "The rows of its references tables.",
    "rfcs[].constraints": "The rows of its constraints tables.",
    "rfcs[].problems": "Its problems, those silenced by ``suppress_warnings`` included.",
    "problems": "Problems of the build that belong to no RFC document (an unreadable "
    "JUnit XML file of ``rfc_test_results``). Present only when there is one.",
    "problems[].subtype": "The warning subtype, without ``rfc.``.",
    "problems[].message": "The message, as the warning shows it.",
    "problems[].source": "The file the problem is in, relative to the source folder.",
    "problems[].line": "Its line, or null.",
    "rfcs[].problems[].subtype": "The warning subtype, without ``rfc.``.",
    "rfcs[].problems[].message": "The message, as the warning shows it.",
    "rfcs[].problems[].source": "The source file of the problem.",
    "rfcs[].problems[].line": "Its line, or null.",
}

#: The meaning of the fields every row object has besides its columns.
ROW_EXTRA = "Columns whose header matches no column of the table: header -> cell text."


@dataclass
class Field:
    path: str
    name: str
    schema: Mapping[str, Any]
    required: bool = True


@dataclass
class Obj:
    """One object of the document: its path and its fields."""

    path: str
    fields: list[Field]


def load_schema() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return schema


def _resolve(node: Mapping[str, Any], schema: Mapping[str, Any]) -> Mapping[str, Any]:
    ref = node.get("$ref")
    if isinstance(ref, str):
        return schema["$defs"][ref.rsplit("/", 1)[-1]]  # type: ignore[no-any-return]
    return node


def objects(schema: Mapping[str, Any]) -> Iterator[Obj]:
    """Every object with named fields, depth first, the document first."""

    def visit(node: Mapping[str, Any], path: str) -> Iterator[Obj]:
        node = _resolve(node, schema)
        if node.get("type") == "array" and isinstance(node.get("items"), Mapping):
            yield from visit(node["items"], f"{path}[]")
            return
        if node.get("type") != "object":
            return
        extra = node.get("additionalProperties")
        if isinstance(extra, Mapping) and "properties" in _resolve(extra, schema):
            yield from visit(extra, f"{path}.<name>")
            return
        props: Mapping[str, Any] = node.get("properties", {})
        if not props:
            return
        prefix = f"{path}." if path else ""
        required = set(node.get("required", ()))
        yield Obj(path or "rfcs.json",
                  [Field(prefix + name, name, _resolve(sub, schema), name in required)
                   for name, sub in props.items()])
        for name, sub in props.items():
            yield from visit(sub, prefix + name)

    yield from visit(schema, "")


def all_fields(schema: Mapping[str, Any]) -> list[str]:
    return [f.path for obj in objects(schema) for f in obj.fields]


def _anchor(path: str) -> str:
    slug = path.replace("[]", "").replace("<name>", "name").replace(".", "-")
    return "export-" + (slug if path != "rfcs.json" else "document")


def type_nodes(node: Mapping[str, Any], path: str, schema: Mapping[str, Any]) -> list[nodes.Node]:
    """The type of a field, in words, linking to the table of an object."""
    node = _resolve(node, schema)
    if "const" in node:
        return [nodes.Text("always "), *literals([json.dumps(node["const"])])]
    if "enum" in node:
        return [nodes.Text("one of "), *literals([str(v) for v in node["enum"]])]
    for combinator in ("oneOf", "anyOf"):
        if combinator in node:
            out: list[nodes.Node] = []
            for n, option in enumerate(node[combinator]):
                if n:
                    out.append(nodes.Text(" or "))
                out += type_nodes(option, path, schema)
            return out
    kinds = node.get("type", "any")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    out = []
    for n, kind in enumerate(kinds):
        if n:
            out.append(nodes.Text(" or "))
        if kind == "array":
            out.append(nodes.Text("list of "))
            out += type_nodes(node.get("items", {}), f"{path}[]", schema)
        elif kind == "object":
            extra = node.get("additionalProperties")
            if isinstance(extra, Mapping):
                out += [nodes.Text("map: name → "), *type_nodes(extra, f"{path}.<name>", schema)]
            elif path in {obj.path for obj in objects(schema)}:
                ref = nodes.reference("", "", internal=True, refid=_anchor(path))
                ref += nodes.literal(path, path)
                out += [nodes.Text("object "), ref]
            else:
                out.append(nodes.Text("object"))
        else:
            out.append(nodes.Text(kind))
            if "minimum" in node:
                out.append(nodes.Text(f" ≥ {node['minimum']}"))
    return out


def _column_meaning(obj_path: str, name: str) -> list[nodes.Node] | None:
    kind = ROW_KINDS.get(obj_path)
    if kind is None:
        return None
    spec: TableSpec = next(t for t in TABLES if t.kind == kind)
    if name == "extra":
        return [nodes.Text(ROW_EXTRA)]
    if name == "notes":
        return None  # the schema's description says it
    for col in spec.columns:
        if col.key == name:
            return [nodes.Text(f"The {col.label} column of the {kind} table ("),
                    nodes.literal(spec.directive, spec.directive), nodes.Text(").")]
    return None


def meaning(obj_path: str, fld: Field) -> list[nodes.Node] | None:
    """The meaning of a field: the schema's description, its column, or MEANINGS."""
    found: list[nodes.Node] = []
    column = _column_meaning(obj_path, fld.name)
    if column is not None:
        found += column
    elif fld.path in MEANINGS:
        found += inline(MEANINGS[fld.path])
    description = fld.schema.get("description")
    if isinstance(description, str):
        found += [nodes.Text(" " if found else ""), *inline(description)]
    if found and not fld.required:
        found.append(nodes.Text(" Optional: absent when not given."))
    return found or None


class ExportTables(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        schema = load_schema()
        result: list[nodes.Node] = []
        for obj in objects(schema):
            section = nodes.container(classes=["rfcdoc-export-object"])
            # the anchor as a target inside the rubric, where every builder
            # writes it (LaTeX writes no label for a container's ids)
            target = nodes.target("", "", ids=[_anchor(obj.path)])
            section += nodes.rubric("", "", target, nodes.literal(obj.path, obj.path))
            rows: list[list[Cell]] = []
            for fld in obj.fields:
                what = meaning(obj.path, fld)
                if what is None:
                    raise self.error(f"rfcs.json field {fld.path!r} has no meaning: add it to "
                                     "docs/_ext/rfcdoc_export.py MEANINGS or to the schema")
                rows.append([nodes.literal(fld.path, fld.path),
                             type_nodes(fld.schema, fld.path, schema), what])
            section += table(["field", "type", "meaning"], rows, [34, 26, 40],
                             classes=["rfcdoc-export"])
            result.append(section)
        return result
