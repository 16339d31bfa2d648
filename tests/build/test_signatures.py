"""The interface drift check (docs/howto/interface-drift.md): ``:signature-of:`` targets are
imported and compared with the parameter tables, one
``rfc.signature-mismatch`` per difference, ``rfc.signature-import`` for
what cannot be imported or found; nothing is imported when the option is
off; editing the code re-reads the RFC.  (``-j 2`` reports the same:
test_build_properties.py.)"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOTS, Build, BuildFn

from sphinx_rfc.features import pycode, signatures
from sphinx_rfc.model.records import Interface, Param
from sphinx_rfc.store.domain import get_domain

ROOT = ROOTS / "test-signatures"
PACKAGE = "sigpkg"


def line(name: str, text: str, nth: int = 1) -> int:
    """The line number of the *nth* line of root file *name* containing *text*."""
    seen = 0
    for number, content in enumerate((ROOT / name).read_text("utf-8").splitlines(), 1):
        if text in content:
            seen += 1
            if seen == nth:
                return number
    raise AssertionError(f"{text!r} not in {name}")


@pytest.fixture
def built(shared_build: BuildFn) -> Build:
    return shared_build("signatures")


def drift_warnings(build: Build) -> set[tuple[str, int | None, str]]:
    return {(f, n, t) for f, n, t, _m in build.rfc_warnings() if t.startswith("rfc.signature")}


EXPECTED: list[tuple[str, int, str, tuple[str, ...]]] = [
    # added(model, enabled=False, extra=1): 'extra' is not in the table
    ("drift.rst", line("drift.rst", "rfc-interface:: added"), "rfc.signature-mismatch",
     ("'extra'", "sigpkg.api.added", "default 1", "not in the table")),
    # dropped(model): the table lists 'verbose' too
    ("drift.rst", line("drift.rst", "verbose"), "rfc.signature-mismatch",
     ("'verbose'", "in the table but not in the signature of sigpkg.api.dropped",
      "its parameters: model")),
    # changed(model, enabled=True, mode="gpu") against False / "cpu"
    ("drift.rst", line("drift.rst", "enabled    bool  False", 2), "rfc.signature-mismatch",
     ("'enabled'", "default 'False' in the table", "True in sigpkg.api.changed")),
    ("drift.rst", line("drift.rst", '"cpu"'), "rfc.signature-mismatch",
     ("'mode'", "default '\"cpu\"' in the table", "'gpu' in sigpkg.api.changed")),
    # required_diff(model, size=3): the table swaps required-ness
    ("drift.rst", line("drift.rst", "model      any   None"), "rfc.signature-mismatch",
     ("'model'", "optional in the table", "required in sigpkg.api.required_diff")),
    ("drift.rst", line("drift.rst", "size       int"), "rfc.signature-mismatch",
     ("'size'", "required in the table", "optional in sigpkg.api.required_diff", "default 3")),
    # Trainer.fit(self, model, epochs=1): self ignored, epochs 2 vs 1
    ("drift.rst", line("drift.rst", "epochs"), "rfc.signature-mismatch",
     ("'epochs'", "default '2' in the table", "1 in sigpkg.api.Trainer.fit")),
    # import failures: SystemExit at import, no such module, no such attribute,
    # not a callable
    ("failures.rst", line("failures.rst", "rfc-interface:: exits"), "rfc.signature-import",
     ("'exits'", "sigpkg.broken", "SystemExit")),
    ("failures.rst", line("failures.rst", "rfc-interface:: nowhere"), "rfc.signature-import",
     ("nopkg_sphinx_rfc_test",)),
    ("failures.rst", line("failures.rst", "rfc-interface:: lookup"), "rfc.signature-import",
     ("'sigpkg.api.Trainer' has no attribute 'evaluate'",)),
    ("failures.rst", line("failures.rst", "rfc-interface:: constant"), "rfc.signature-import",
     ("not a callable",)),
    # MyST: a pipe table whose extra row is not in the code
    ("mdrift.md", line("mdrift.md", "colour"), "rfc.signature-mismatch",
     ("'colour'", "not in the signature of sigpkg.api.changed")),
]


def test_exact_set_of_drift_warnings(built: Build) -> None:
    assert drift_warnings(built) == {(f, n, t) for f, n, t, _ in EXPECTED}
    assert len([w for w in built.rfc_warnings() if w[2].startswith("rfc.signature")]) == len(
        EXPECTED
    )


@pytest.mark.parametrize(("name", "lineno", "subtype", "fragments"), EXPECTED,
                         ids=[f"{e[0]}:{e[1]}:{e[3][0]}" for e in EXPECTED])
def test_warning_names_parameter_and_both_sides(
    built: Build, name: str, lineno: int, subtype: str, fragments: tuple[str, ...]
) -> None:
    messages = [m for f, n, t, m in built.rfc_warnings() if (f, n, t) == (name, lineno, subtype)]
    assert messages, f"no {subtype} at {name}:{lineno}"
    assert any(all(fr in m for fr in fragments) for m in messages), messages


def test_matching_interfaces_give_nothing(built: Build) -> None:
    # enable_offload: lenient defaults (cpu / 'cpu', null / None, [1, 2] / (1, 2),
    # 1e-3 / 0.001, DEFAULT_RATIO as written, Mode.FAST), **kwargs not listed;
    # a class through __init__; *args / **options listed; no :signature-of:
    assert not [w for w in built.rfc_warnings() if w[0] == "match.rst"]
    assert not [w for w in built.rfc_warnings() if not w[2].startswith("rfc.signature")]


def test_problems_reach_domain_and_export(built: Build) -> None:
    problems = get_domain(built.env).problems()
    found = {(p.rfc_id, p.line, p.subtype) for p in problems if p.subtype.startswith("signature")}
    assert len(found) == len(EXPECTED)
    assert ("RFC-0003", line("failures.rst", "rfc-interface:: exits"), "signature-import") in found
    data = json.loads((built.outdir / "rfcs.json").read_text("utf-8"))
    by_id = {r["id"]: r for r in data["rfcs"]}
    drift = [p for p in by_id["RFC-0002"]["problems"] if p["subtype"] == "signature-mismatch"]
    assert len(drift) == 7 and all(p["source"] == "drift.rst" for p in drift)
    assert by_id["RFC-0001"]["problems"] == []
    assert by_id["RFC-0001"]["interfaces"][0]["signature_of"] == "sigpkg.api.enable_offload"


def test_off_imports_nothing(build: BuildFn) -> None:
    result = build("signatures", confoverrides={"rfc_check_signatures": False})
    assert PACKAGE not in sys.modules
    assert not [w for w in result.rfc_warnings() if w[2].startswith("rfc.signature")]
    assert not [m for m in sys.modules if m.startswith("nopkg_sphinx_rfc_test")]


def test_editing_the_code_rereads_the_rfc(build: BuildFn) -> None:
    first = build("signatures")
    src = first.srcdir
    assert ("drift.rst", line("drift.rst", "rfc-interface:: added"), "rfc.signature-mismatch") in (
        drift_warnings(first)
    )
    api = src / "code" / PACKAGE / "api.py"
    api.write_text(
        api.read_text("utf-8").replace("def added(model, enabled=False, extra=1):",
                                       "def added(model, enabled=False):"),
        "utf-8",
    )
    second = build(src)
    # the RFCs importing sigpkg.api depend on its file: re-read and rewritten
    assert "drift" in second.written and "match" in second.written
    warnings = drift_warnings(second)
    assert ("drift.rst", line("drift.rst", "rfc-interface:: added"),
            "rfc.signature-mismatch") not in warnings
    assert ("drift.rst", line("drift.rst", "epochs"), "rfc.signature-mismatch") in warnings
    problems = get_domain(second.env).problems()
    assert not [p for p in problems if "'extra'" in p.message]


def test_autodoc_mock_imports_are_honoured(build: BuildFn) -> None:
    result = build({
        "index.rst": (
            "T\n=\n\n.. rfc:: RFC-0009\n\n.. rfc-interface:: f\n"
            "   :signature-of: heavy_dependency_xyz.sub.func\n\n"
            "   =========  ====  =======  ========  ===========\n"
            "   Parameter  Type  Default  Required  Description\n"
            "   =========  ====  =======  ========  ===========\n"
            "   a          int            yes       a\n"
            "   =========  ====  =======  ========  ===========\n"
        ),
    }, conf='extensions.append("sphinx.ext.autodoc")\nautodoc_mock_imports = ["heavy_dependency_xyz"]\n'
            "rfc_check_signatures = True\nrfc_required_sections = []\n"
            "rfc_required_test_levels = []\n")
    warnings = [w for w in result.rfc_warnings() if w[2].startswith("rfc.signature")]
    # a mocked object has no real signature: one import problem, no traceback
    assert [(w[1], w[2]) for w in warnings] == [(6, "rfc.signature-import")]
    assert "heavy_dependency_xyz" not in sys.modules


# --------------------------------------------------------------------------
# The comparison rules, without Sphinx


@pytest.mark.parametrize(("cell", "value", "source"), [
    ("False", False, "False"), ("false", False, None), ("True", True, None),
    ("None", None, None), ("null", None, None), ("无", None, None),
    ("cpu", "cpu", None), ("'cpu'", "cpu", None), ('"cpu"', "cpu", "'cpu'"),
    ("0.001", 1e-3, None), ("1e-3", 0.001, None), ("3", 3, None), ("3.0", 3, None),
    ("[1, 2]", (1, 2), None), ("(1,2)", (1, 2), "(1, 2)"),
    ("DEFAULT", 0.5, "DEFAULT"), ("0.5", 0.5, "DEFAULT"),
    ("''", "", None), ("{}", {}, None),
])
def test_defaults_equal(cell: str, value: Any, source: str | None) -> None:
    assert signatures.defaults_equal(cell, value, source)


@pytest.mark.parametrize(("cell", "value", "source"), [
    ("1", True, None), ("True", 1, None), ("False", None, None), ("None", False, None),
    ("gpu", "cpu", None), ("2", 1, None), ("[1, 2]", (1, 2, 3), None),
    ("OTHER", 0.5, "DEFAULT"), ("'0'", 0, None),
])
def test_defaults_differ(cell: str, value: Any, source: str | None) -> None:
    assert not signatures.defaults_equal(cell, value, source)


def _interface(*params: Param, target: str = "m.f") -> Interface:
    return Interface("f", target, list(params), 1)


def test_compare_kwargs_hint_and_variadics() -> None:
    def f(a: int, *args: int, b: int = 2, **kwargs: int) -> None: ...

    params = pycode.code_params(f)
    problems = signatures.compare(
        _interface(Param("a", required=True, line=3), Param("b", default="2", required=False),
                   Param("c", default="1", required=False, line=5)),
        params, source="x.rst", line=1,
    )
    assert [(p.subtype, p.line) for p in problems] == [("signature-mismatch", 5)]
    assert "only takes it through **kwargs" in problems[0].message
    listed = signatures.compare(
        _interface(Param("a", required=True), Param("*args", default="()", required=False),
                   Param("b", default="2", required=False),
                   Param("**kwargs", default="{}", required=False)),
        params, source="x.rst", line=1,
    )
    assert listed == []


def test_empty_required_cell_is_inferred_from_default() -> None:
    def f(a: int, b: int = 2) -> None: ...

    problems = signatures.compare(
        _interface(Param("a", default="-"), Param("b", default="2")),
        pycode.code_params(f), source="x.rst", line=1,
    )
    assert problems == []


def test_resolve_never_raises_other_errors(tmp_path: Path) -> None:
    (tmp_path / "raising_mod_sphinx_rfc.py").write_text("raise ValueError('bad')\n", "utf-8")
    (tmp_path / "missing_dep_sphinx_rfc.py").write_text("import not_there_xyz\n", "utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        for target, fragment in [
            ("raising_mod_sphinx_rfc.f", "ValueError: bad"),
            ("missing_dep_sphinx_rfc.f", "No module named 'not_there_xyz'"),
            ("not a name", "not a dotted Python name"),
            ("", "not a dotted Python name"),
        ]:
            with pytest.raises(pycode.SignatureImportError, match=fragment):
                pycode.resolve(target)
        obj, module = pycode.resolve("os.path.join")
        assert obj is os.path.join and module is os.path
    finally:
        for name in ("raising_mod_sphinx_rfc", "missing_dep_sphinx_rfc"):
            sys.modules.pop(name, None)


def test_no_table_means_no_comparison() -> None:
    result = signatures.check_interface(
        Interface("join", "os.path.join", [], 4), source="x.rst", line=3
    )
    assert result.problems == [] and result.files
    broken = signatures.check_interface(
        Interface("x", "os.path.no_such_function", [], 4), source="x.rst", line=3
    )
    assert [(p.subtype, p.line) for p in broken.problems] == [("signature-import", 3)]
