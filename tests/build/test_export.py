"""``rfcs.json`` (docs/reference/export.md): content, schema, stable bytes, the switch that
turns it off, and ``sphinx-rfc export``.  (The same bytes from every
writing builder and none from ``dummy``: test_builders.py; ``-j 2`` equals
``-j 1``: test_build_properties.py.)"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from conftest import Build, BuildFn, copy_root

from sphinx_rfc import cli
from sphinx_rfc.write import export


@pytest.fixture
def built(shared_build: BuildFn) -> Build:
    return shared_build("export")


@pytest.fixture
def data(built: Build) -> dict[str, Any]:
    return json.loads((built.outdir / "rfcs.json").read_text(encoding="utf-8"))


def schema() -> dict[str, Any]:
    return json.loads(export.SCHEMA_PATH.read_text(encoding="utf-8"))


def by_id(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["id"]: r for r in data["rfcs"]}


def test_validates_against_the_shipped_schema(data: dict[str, Any]) -> None:
    jsonschema.Draft202012Validator.check_schema(schema())
    jsonschema.Draft202012Validator(schema()).validate(data)


def test_schema_rejects_a_broken_export(data: dict[str, Any]) -> None:
    broken = json.loads(json.dumps(data))
    broken["rfcs"][0]["sections"]["background"] = "half"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, schema(), cls=jsonschema.Draft202012Validator)
    del broken["rfcs"][0]["sections"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, schema(), cls=jsonschema.Draft202012Validator)


def test_bytes_are_canonical(built: Build, data: dict[str, Any]) -> None:
    raw = (built.outdir / "rfcs.json").read_text(encoding="utf-8")
    assert raw == json.dumps(data, sort_keys=True, ensure_ascii=False, indent=2) + "\n"
    assert "李四" in raw and "导出" in raw  # not \u escapes
    assert [r["id"] for r in data["rfcs"]] == ["RFC-0001", "RFC-0002", "RFC-0010"]


def test_top_level_and_modules(data: dict[str, Any]) -> None:
    assert data["schema_version"] == 1
    assert data["project"] == "Export 导出"
    assert data["modules"] == {
        "checkpoint": {"description": "Save and load", "docname": "checkpoint",
                       "rfcs": ["RFC-0001", "RFC-0002"]},
        "optimizer": {"description": "Optimizers", "docname": None, "rfcs": ["RFC-0001"]},
        "trainer": {"description": "", "docname": None, "rfcs": ["RFC-0002"]},
    }


def test_basic_fields_and_computed_relations(data: dict[str, Any]) -> None:
    rfcs = by_id(data)
    one = rfcs["RFC-0001"]
    assert {k: one[k] for k in (
        "title", "status", "type", "authors", "modules", "issues", "created", "updated",
        "supersedes", "superseded_by", "requires", "required_by", "extra", "docname",
        "source", "line",
    )} == {
        "title": "Optimizer state offload", "status": "accepted", "type": "performance",
        "authors": ["Zhang San <zhangsan@example.com>", "李四"], "modules": ["optimizer"],
        "issues": ["#284"], "created": "2026-07-09", "updated": None,
        "supersedes": [], "superseded_by": [], "requires": [], "required_by": ["RFC-0002"],
        "extra": {"backends": ["PT"]}, "docname": "rfcs/0001-offload",
        "source": "rfcs/0001-offload.rst", "line": 4,
    }
    assert rfcs["RFC-0010"]["superseded_by"] == ["RFC-0002"]
    assert rfcs["RFC-0002"]["source"] == "rfcs/0002-sharding.md"
    assert rfcs["RFC-0002"]["requires"] == ["RFC-0001", "RFC-0099"]
    assert rfcs["RFC-0002"]["type"] is None


def test_sections_and_tables(data: dict[str, Any]) -> None:
    one = by_id(data)["RFC-0001"]
    assert set(one["sections"].values()) == {"present"}
    assert len(one["sections"]) == 9
    two = by_id(data)["RFC-0002"]
    assert two["sections"]["background"] == "not-applicable"
    assert two["sections"]["design"] == "missing"
    assert one["interfaces"] == [{
        "name": "enable_offload", "signature_of": None,
        "params": [{"name": "enabled", "type": "bool", "default": "False", "required": False,
                    "meaning": "Turn offload on", "range": "True / False", "errors": "",
                    "extra": {}}],
    }]
    assert one["dependencies"] == [{"component": "FSDP", "strength": "strong",
                                    "status": "ready", "fallback": "", "rfc": None,
                                    "extra": {}}]
    assert one["verification"] == {"levels": [{
        "level": "UT", "count": 12, "coverage": "hooks", "criteria": "all pass",
        "tests": [], "result": None, "extra": {}}], "interactions": []}
    assert one["changes"] == [{"module": "checkpoint", "change": "save state",
                               "affects": "yes", "extra": {}}]
    assert [(a["option"], a["chosen"]) for a in one["alternatives"]] == [("A", True), ("B", False)]
    assert one["references"][0]["source"] == "DeepSpeed"
    assert one["constraints"] == [{"type": "API", "content": "stays the same", "extra": {}}]


def test_problems_per_rfc(built: Build, data: dict[str, Any]) -> None:
    rfcs = by_id(data)
    assert rfcs["RFC-0001"]["problems"] == []
    problems = rfcs["RFC-0002"]["problems"]
    assert {"subtype": "unknown-rfc", "source": "rfcs/0002-sharding.md", "line": 3,
            "message": ":requires: names RFC-0099, which no RFC declares"} in problems
    assert {p["subtype"] for p in problems} == {"missing-section", "unknown-rfc"}
    # every RFC problem warned about is in the export, and only those
    warned = sorted((w[0], w[1], w[2]) for w in built.rfc_warnings())
    exported = sorted(
        (Path(p["source"]).name, p["line"], "rfc." + p["subtype"])
        for r in data["rfcs"] for p in r["problems"]
    )
    assert exported == warned


def test_same_sources_same_bytes_and_no_rewrite(build: BuildFn, built: Build) -> None:
    first = build("export")
    path = first.outdir / "rfcs.json"
    assert path.read_bytes() == (built.outdir / "rfcs.json").read_bytes()
    stamp = path.stat().st_mtime_ns
    again = build(first.srcdir)
    assert again.written == []
    assert path.stat().st_mtime_ns == stamp  # unchanged content is not rewritten


def test_an_edit_reencodes_only_the_changed_rfcs(
    build: BuildFn, monkeypatch: pytest.MonkeyPatch
) -> None:
    # each RFC's text is kept in the doctree folder under a digest of its
    # object; after an edit, the unchanged RFCs' texts come from there and
    # the file is what a fresh build writes
    first = build("export")
    cache = Path(first.app.doctreedir) / export.CACHE_FILENAME
    assert cache.is_file()
    page = first.srcdir / "rfcs" / "0002-sharding.md"
    page.write_text(page.read_text(encoding="utf-8").replace(":status: review", ":status: accepted"),
                    encoding="utf-8")
    encoded: list[str] = []
    real = export._text

    def spy(value: Any, newline: str) -> str:
        encoded.append(value["id"])
        return real(value, newline)

    monkeypatch.setattr(export, "_text", spy)
    again = build(first.srcdir)
    assert again.read == ["rfcs/0002-sharding"]
    # RFC-0002 changed; RFC-0001 shows RFC-0002 nowhere: only the one
    assert encoded == ["RFC-0002"]
    fresh = build(first.srcdir, freshenv=True)
    monkeypatch.undo()
    assert '"status": "accepted"' in (again.outdir / "rfcs.json").read_text(encoding="utf-8")
    assert (again.outdir / "rfcs.json").read_bytes() == (fresh.outdir / "rfcs.json").read_bytes()


def test_an_unchanged_record_is_not_encoded_again_unless_others_change_it(
    build: BuildFn, monkeypatch: pytest.MonkeyPatch
) -> None:
    # an RFC's text is found in the cache by its object; what other RFCs
    # give it (required by) is part of that object: RFC-0002 stops
    # requiring RFC-0001
    first = build("export")
    assert by_id(json.loads((first.outdir / "rfcs.json").read_text(encoding="utf-8")))[
        "RFC-0001"]["required_by"] == ["RFC-0002"]
    page = first.srcdir / "rfcs" / "0002-sharding.md"
    text = page.read_text(encoding="utf-8")
    assert ":requires: RFC-0001, RFC-0099" in text
    page.write_text(text.replace(":requires: RFC-0001, RFC-0099", ":requires: RFC-0099"),
                    encoding="utf-8")
    made: list[str] = []
    real = export._text

    def spy(value: Any, newline: str) -> str:
        made.append(value["id"])
        return real(value, newline)

    monkeypatch.setattr(export, "_text", spy)
    again = build(first.srcdir)
    monkeypatch.undo()
    assert again.read == ["rfcs/0002-sharding"]
    # RFC-0010 is the same record with the same relations: not encoded again
    assert sorted(made) == ["RFC-0001", "RFC-0002"]
    data = json.loads((again.outdir / "rfcs.json").read_text(encoding="utf-8"))
    assert by_id(data)["RFC-0001"]["required_by"] == []
    fresh = build(first.srcdir, freshenv=True)
    assert (again.outdir / "rfcs.json").read_bytes() == (fresh.outdir / "rfcs.json").read_bytes()


def test_an_unreadable_chunk_cache_is_an_empty_one(build: BuildFn) -> None:
    first = build("export")
    expected = (first.outdir / "rfcs.json").read_bytes()
    cache = Path(first.app.doctreedir) / export.CACHE_FILENAME
    (first.outdir / "rfcs.json").unlink()
    cache.write_bytes(b"not a pickle")
    page = first.srcdir / "index.rst"
    page.write_text(page.read_text(encoding="utf-8") + "\nMore words.\n", encoding="utf-8")
    again = build(first.srcdir)
    assert (again.outdir / "rfcs.json").read_bytes() == expected
    assert "not a pickle" not in again.warnings
    assert len(export.ChunkCache._load(cache)) == 3  # rewritten: readable again


def test_switch_writes_nothing(build: BuildFn) -> None:
    off = build("export", confoverrides={"rfc_export_json": False})
    assert (off.outdir / "index.html").exists()
    assert not (off.outdir / "rfcs.json").exists()


def test_cli_export(tmp_path: Path, built: Build, capsys: pytest.CaptureFixture[str]) -> None:
    src = copy_root("export", tmp_path / "src")
    out = tmp_path / "out" / "all.json"
    assert cli.main(["export", str(src), "-o", str(out)]) == 0
    assert out.read_bytes() == (built.outdir / "rfcs.json").read_bytes()
    assert not (src / "_build").exists()  # nothing built in the project
    capsys.readouterr()
    assert cli.main(["export", str(src), "-o", "-"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(out.read_text(encoding="utf-8"))
    assert cli.main(["export", str(tmp_path / "nowhere")]) == 2
    with pytest.raises(SystemExit) as usage:  # argparse: exit status 2
        cli.main(["export", "--bogus"])
    assert usage.value.code == 2


class _Opaque:
    """Not JSON: written through ``str()``, as ``default=str`` does."""

    def __str__(self) -> str:
        return 'a "quoted"\nvalue'


@pytest.mark.parametrize("value", [
    {},
    {"rows": [], "notes": {}, "b": [{"z": 1, "a": None}], "a": [True, False, 0, -7, 10**20]},
    {"text": 'tab\there "quote" \\ back 中文 é \u2028 \x01', "": ""},
    {"floats": [1.5, 1e-7, 2.0, float("nan"), float("inf"), -float("inf")]},
    {"nested": [[[]], [{}], ({"t": "tuple"}, 1)], "opaque": _Opaque()},
    {2: "int key", 1.5: "float key", True: "bool key"},
    {None: "none key"},
])
def test_dumps_matches_the_standard_library(value: dict[Any, Any]) -> None:
    # export.dumps writes the text itself (the standard library's indented
    # encoder is pure Python); the bytes must be the standard library's
    expected = json.dumps(value, sort_keys=True, ensure_ascii=False, indent=2, default=str)
    assert export.dumps(value) == expected + "\n"


def test_dumps_rejects_what_json_rejects() -> None:
    with pytest.raises(TypeError):
        json.dumps({(1, 2): "tuple key"}, sort_keys=True, indent=2)
    with pytest.raises(TypeError):
        export.dumps({(1, 2): "tuple key"})  # type: ignore[dict-item]


@pytest.mark.parametrize("items", [[], [1], [3, 1, 2]])
def test_lazy_list_writes_what_the_list_would(items: list[int]) -> None:
    # write_export makes each RFC's object only as it is written; the
    # bytes are those of the whole document
    def make(n: int) -> dict[str, Any]:
        return {"id": f"RFC-{n}", "rows": [{"n": n, "notes": {}}] * n, "empty": []}

    eager = {"rfcs": [make(n) for n in items], "project": "p", "modules": {}}
    lazy = {"rfcs": export._Lazy(items, make), "project": "p", "modules": {}}
    assert export.dumps(lazy) == export.dumps(eager)
    assert export.dumps(eager) == json.dumps(eager, sort_keys=True, ensure_ascii=False,
                                             indent=2) + "\n"
