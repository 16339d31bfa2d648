"""Dump what ``spec/template.py`` reads, to prove a change of its reader
changes nothing (tests/unit/test_template_schemas.py compares it with
``tests/data/template_schemas.json``).

For every template shipped in ``sphinx_rfc/templates`` and every template
file of a test root: the parsed :class:`TemplateSchema` (at depth 2, and 3
where a project reads it so); for every Markdown and reStructuredText
document of the test roots and the templates: :func:`document_parts`
(what ``sphinx-rfc diff`` compares) and, in reStructuredText,
:func:`rst_headings`.

    python3 tools/template_schemas.py            # write the snapshot
    python3 tools/template_schemas.py --check    # compare with it
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
SNAPSHOT = HERE / "tests" / "data" / "template_schemas.json"

#: Template files of the test roots (``rfc_template`` in their conf.py), with
#: the depths they are read at.
ROOT_TEMPLATES: dict[str, tuple[int, ...]] = {
    "tests/roots/test-team-words-strict/team-template.md": (2,),
    "tests/roots/test-template-kep/kep-template.md": (2, 3),
    "tests/roots/test-tables-template/template.md": (2,),
    "tests/roots/test-fill-template/design-template.md": (2,),
    "tests/roots/test-own-text/templates/design.md": (2,),
    "tests/roots/test-own-text/templates/design-2023.md": (2,),
    "tests/roots/test-own-title-note/templates/design.md": (2,),
    "tests/roots/test-sections-joined-heading/templates/design.md": (2,),
    "tests/roots/test-record-table-places/templates/proposal.md": (2,),
}
#: Shipped templates read at depth 3 too (``kep`` is used so).
DEEPER = {"kep.md": (2, 3)}


def plain(value: object) -> object:
    """*value* as JSON data: dataclasses field by field, tuples as lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                if f.name != "text"}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return repr(value)


def _schema(path: Path, depth: int, *, builtin: bool = True) -> object:
    from sphinx_rfc.spec.template import TemplateError, parse_template

    text = path.read_text(encoding="utf-8")
    try:
        schema = parse_template(text, path.name, depth=depth, markdown=path.suffix == ".md",
                                builtin=builtin)
    except TemplateError as exc:
        return {"error": exc.message, "line": exc.line}
    return plain(schema)


def dump() -> dict[str, object]:
    from sphinx_rfc.spec.template import TEMPLATE_FOLDER, document_parts, rst_headings

    schemas: dict[str, object] = {}
    for path in sorted(TEMPLATE_FOLDER.iterdir()):
        if path.suffix not in (".md", ".rst"):
            continue
        for depth in DEEPER.get(path.name, (2,)):
            schemas[f"templates/{path.name}@{depth}"] = _schema(path, depth)
    schemas["templates/hyper-parallel.zh_CN.md@2 (built-in)"] = _schema(
        TEMPLATE_FOLDER / "hyper-parallel.zh_CN.md", 2, builtin=False)
    for name, depths in ROOT_TEMPLATES.items():
        for depth in depths:
            schemas[f"{name}@{depth}"] = _schema(HERE / name, depth)

    documents: dict[str, object] = {}
    files = sorted((HERE / "tests" / "roots").rglob("*.md")) + sorted(
        (HERE / "tests" / "roots").rglob("*.rst")) + sorted(TEMPLATE_FOLDER.iterdir())
    for path in files:
        if path.suffix not in (".md", ".rst") or "_build" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        markdown = path.suffix == ".md"
        entry: dict[str, object] = {"parts": [
            [type(p).__name__.lstrip("_"), plain(p)] for p in document_parts(text, markdown=markdown)
        ]}
        if not markdown:
            entry["rst_headings"] = plain(rst_headings(text))
        documents[path.relative_to(HERE).as_posix()] = entry
    return {"schemas": schemas, "documents": documents}


def _text(data: dict[str, object]) -> str:
    """*data* as JSON, one line per schema or document (a change shows as
    the lines that changed)."""
    lines = ["{"]
    for g, group in enumerate(("documents", "schemas")):
        entries = data[group]
        assert isinstance(entries, dict)
        lines.append(f" {json.dumps(group)}: {{")
        keys = sorted(entries)
        for k, key in enumerate(keys):
            value = json.dumps(entries[key], ensure_ascii=False, sort_keys=True)
            lines.append(f"  {json.dumps(key, ensure_ascii=False)}: {value}"
                         + ("," if k < len(keys) - 1 else ""))
        lines.append(" }" + ("," if g == 0 else ""))
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the snapshot")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(HERE))
    now = dump()
    if not args.check:
        SNAPSHOT.parent.mkdir(parents=True, exist_ok=True)
        SNAPSHOT.write_text(_text(now), encoding="utf-8")
        return 0
    before = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    differ = 0
    for group in ("schemas", "documents"):
        for key in sorted(set(before[group]) | set(now[group])):  # type: ignore[call-overload]
            if before[group].get(key) != json.loads(json.dumps(now[group].get(key))):  # type: ignore[attr-defined]
                print(f"{group}: {key} differs")
                differ += 1
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
