"""Rules the test suite keeps about its own tests.

**A path from a test file's place names what is there.**  The tests live
one folder down (``tests/unit``, ``tests/build``, ``tests/cli``;
``tools/group_tests.py`` moves them there), so ``Path(__file__).parent /
"roots"`` names nothing; every ``Path(__file__)`` path followed by names
(``Path(__file__).parents[2] / "docs"``) must name a file or folder that
exists.

**A loop that asserts has items.**  ``for row in rows: assert ...`` passes
when ``rows`` is empty: a parser that found nothing, a build that wrote no
table, a filter that no longer matches, and the test still says "passed".
So every ``for`` loop whose body asserts (an ``assert`` anywhere inside it,
not in a nested function) must be preceded, in the same function, by an
assertion that the thing it loops over is not empty::

    rows = table.findall(nodes.row)   # -> rows = list(table.findall(...))
    assert rows                       # or len(rows) >= 2, rows == [...]
    for row in rows:
        assert ...

``assert all(... for x in xs)`` is the same defect (``all`` of nothing is
true).  ``assert any(...)`` is not (``any`` of nothing is false: it
fails), and ``assert not any(bad(x) for x in xs)`` is left alone: it
says "none is bad", which an empty ``xs`` rightly satisfies (a test that
means "every x is good" writes ``all``).

The loop needs no assertion when what it goes over cannot be empty:

- a literal: a non-empty tuple, list, set, dict or string, ``range(n)``
  with a constant ``n > 0``;
- a name bound to such a literal, in the function or at module level
  (bound once);
- a test's parameter whose every ``@pytest.mark.parametrize`` value is
  such a literal.

``sorted(x)``, ``list(x)``, ``tuple(x)``, ``set(x)``, ``enumerate(x)``,
``reversed(x)``, ``x.items()``, ``x.keys()`` and ``x.values()`` have items
when ``x`` has; ``zip(x, y)`` when ``x`` and ``y`` both have.  An
assertion counts as a guard of ``x`` when it asserts ``x`` itself (alone
or in an ``and``), ``len(x)`` greater than zero or equal to a positive
constant, or ``x`` equal to a non-empty literal; wrapped in any of the
calls above too (``assert len(sorted(x)) == 3``).

Where looping over nothing is right (a loop that checks "no warning
says X" over warnings that are rightly none), say so on the loop's line
with ``# may be empty: <why>``; better still, write it without a loop:
``assert not [w for w in warnings if "X" in w]``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

TESTS = Path(__file__).parents[1]
#: folders of tests/ that hold projects and data, not tests
NOT_TESTS = {"roots", "data", "corpus", "__pycache__"}
OPT_OUT = "# may be empty:"
#: calls that have items when their (first) argument has
PASS_THROUGH = {"sorted", "list", "tuple", "set", "frozenset", "enumerate", "reversed", "iter"}
PASS_THROUGH_METHODS = {"items", "keys", "values"}


def suite_files() -> list[Path]:
    """Every Python file of the suite (tests and their helpers)."""
    files = []
    for path in sorted(TESTS.rglob("*.py")):
        if not NOT_TESTS.intersection(path.relative_to(TESTS).parts[:-1]):
            files.append(path)
    return files


# ---------------------------------------------------------------------------
# what cannot be empty


def _literal_items(node: ast.expr) -> bool:
    """Whether ``node`` is a literal with at least one item."""
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return bool(node.elts)
    if isinstance(node, ast.Dict):
        return bool(node.keys)
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str | bytes | tuple) and len(node.value) > 0
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range":
        args = node.args
        if all(isinstance(a, ast.Constant) and isinstance(a.value, int) for a in args) and args:
            values = [a.value for a in args]  # type: ignore[attr-defined]
            return len(range(*values)) > 0
    return False


def _unwrap(node: ast.expr) -> list[ast.expr]:
    """The expressions whose items ``node`` has items with (``zip`` gives each)."""
    if isinstance(node, ast.Call) and node.args and not node.keywords:
        func = node.func
        if isinstance(func, ast.Name) and func.id in PASS_THROUGH:
            return _unwrap(node.args[0])
    if isinstance(node, ast.Call) and node.args:
        func = node.func
        if isinstance(func, ast.Name) and func.id == "zip":
            return [part for arg in node.args for part in _unwrap(arg)]
    if (
        isinstance(node, ast.Call)
        and not node.args
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in PASS_THROUGH_METHODS
    ):
        return _unwrap(node.func.value)
    if (
        isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp)
        and len(node.generators) == 1
        and not node.generators[0].ifs
    ):
        return _unwrap(node.generators[0].iter)  # [f(x) for x in xs]: as many as xs
    return [node]


def _key(node: ast.expr) -> str:
    return ast.unparse(node)


def _at_least_one(op: ast.cmpop, right: ast.expr) -> bool:
    """Whether ``n <op> right`` says that ``n`` is 1 or more."""
    if not isinstance(right, ast.Constant) or not isinstance(right.value, int):
        return False
    return (isinstance(op, ast.Gt) and right.value >= 0) or (
        isinstance(op, ast.GtE | ast.Eq) and right.value >= 1
    )


def _guarded_by(test: ast.expr) -> set[str]:
    """The expressions (as keys) that an ``assert test`` says are not empty."""
    found: set[str] = set()
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        for value in test.values:
            found |= _guarded_by(value)
        return found
    if (
        isinstance(test, ast.Compare)
        and len(test.ops) > 1
        and all(isinstance(op, ast.Eq) for op in test.ops)
        and any(_literal_items(e) for e in [test.left, *test.comparators])
    ):  # a == b == [1, 2]
        return {_key(p) for e in [test.left, *test.comparators] for p in _unwrap(e)}
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        left, op, right = test.left, test.ops[0], test.comparators[0]
        if isinstance(op, ast.GtE) and _literal_items(right):  # xs >= {"a"}
            return {_key(e) for e in _unwrap(left)}
        if isinstance(op, ast.LtE) and _literal_items(left):  # {"a"} <= xs
            return {_key(e) for e in _unwrap(right)}
        left, op, right = test.left, test.ops[0], test.comparators[0]
        if isinstance(left, ast.Constant):  # 0 < len(x) -> len(x) > 0
            left, right = right, left
            op = {ast.Lt: ast.Gt(), ast.LtE: ast.GtE(), ast.Eq: ast.Eq()}.get(type(op), op)
        if isinstance(left, ast.Name) and _at_least_one(op, right):  # a count
            return {left.id}
        if (
            isinstance(left, ast.Call)
            and isinstance(left.func, ast.Name)
            and left.func.id == "len"
            and len(left.args) == 1
        ):
            if _at_least_one(op, right):
                return {_key(e) for e in _unwrap(left.args[0])}
            return found
        if isinstance(op, ast.Eq) and _literal_items(right):
            return {_key(e) for e in _unwrap(left)}
        return found
    return {_key(e) for e in _unwrap(test)}


# ---------------------------------------------------------------------------
# the walk


def _asserts_in(body: list[ast.stmt]) -> bool:
    """Whether ``body`` asserts (not counting nested functions and classes)."""
    todo: list[ast.AST] = list(body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Assert):
            return True
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        todo.extend(ast.iter_child_nodes(node))
    return False


def _module_literals(tree: ast.Module) -> set[str]:
    """Module-level names bound once, to a literal with items."""
    bound: dict[str, list[ast.expr | None]] = {}
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        value: ast.expr | None = None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign):
            targets, value = [node.target], node.value
        elif isinstance(node, ast.AugAssign | ast.For | ast.comprehension):
            targets, value = [node.target], None
        for target in targets:
            if isinstance(target, ast.Name):
                bound.setdefault(target.id, []).append(value)
    top = {
        t.id
        for node in tree.body
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(t, ast.Name)
    }
    return {
        name
        for name, values in bound.items()
        if name in top and len(values) == 1 and values[0] is not None and _literal_items(values[0])
    }


def _parametrized_literals(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The function's parameters whose every parametrize value is a literal with items."""
    names: set[str] = set()
    for deco in func.decorator_list:
        if not (
            isinstance(deco, ast.Call)
            and isinstance(deco.func, ast.Attribute)
            and deco.func.attr == "parametrize"
            and len(deco.args) >= 2
            and isinstance(deco.args[1], ast.List | ast.Tuple)
        ):
            continue
        first = deco.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            argnames = [n.strip() for n in first.value.split(",") if n.strip()]
        elif isinstance(first, ast.Tuple | ast.List) and all(
            isinstance(e, ast.Constant) and isinstance(e.value, str) for e in first.elts
        ):
            argnames = [e.value for e in first.elts]  # type: ignore[attr-defined]
        else:
            continue
        values = deco.args[1].elts
        if not values:
            continue
        for index, argname in enumerate(argnames):
            ok = True
            for value in values:
                if (
                    isinstance(value, ast.Call)
                    and isinstance(value.func, ast.Attribute)
                    and value.func.attr == "param"
                    and value.args
                ):
                    value = value.args[0] if len(argnames) == 1 else ast.Tuple(value.args)
                item = value
                if len(argnames) > 1:
                    if not (isinstance(value, ast.Tuple | ast.List) and len(value.elts) > index):
                        ok = False
                        break
                    item = value.elts[index]
                if not _literal_items(item):
                    ok = False
                    break
            if ok:
                names.add(argname)
    return names


def _unguarded(
    iterable: ast.expr, before: list[ast.stmt], literal_names: set[str]
) -> list[ast.expr]:
    """The parts of ``iterable`` that nothing before shows to have items."""
    guards: set[str] = set()
    local_literals: dict[str, bool] = {}
    for stmt in before:
        if isinstance(stmt, ast.Assert):
            guards |= _guarded_by(stmt.test)
        elif isinstance(stmt, ast.Assign):
            for target in stmt.targets:
                if isinstance(target, ast.Name):
                    local_literals[target.id] = _literal_items(stmt.value)
                    guards.discard(_key(target))
    missing = []
    parts = _unwrap(iterable)
    for part in parts:
        if _literal_items(part) or _key(part) in guards:
            continue
        if isinstance(part, ast.Name) and (
            local_literals.get(part.id) or (part.id not in local_literals and part.id in literal_names)
        ):
            continue
        missing.append(part)
    if len(missing) < len(parts) and _strict_zip(iterable):
        return []  # zip(..., strict=True): one that has items, and all have
    return missing


def _strict_zip(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "zip"
        and any(
            k.arg == "strict" and isinstance(k.value, ast.Constant) and k.value.value is True
            for k in node.keywords
        )
    )


def _counted(loop: ast.For | ast.AsyncFor, after: list[ast.stmt]) -> bool:
    """Whether the loop counts what it saw (``n += 1``, ``seen.append(x)``)
    and an assertion after it says that it saw something."""
    counters: set[str] = set()
    for node in ast.walk(loop):
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            counters.add(node.target.id)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("append", "add", "update", "extend")
            and isinstance(node.func.value, ast.Name)
        ):
            counters.add(node.func.value.id)
    return any(
        isinstance(stmt, ast.Assert) and counters & _guarded_by(stmt.test) for stmt in after
    )


def _literal_targets(loop: ast.For | ast.AsyncFor) -> set[str]:
    """The loop's names bound to a literal with items in every round
    (``for doc, cases in (("a", ("x",)), ("b", ("y",)))``: ``cases``)."""
    if not isinstance(loop.iter, ast.Tuple | ast.List) or not loop.iter.elts:
        return set()
    if isinstance(loop.target, ast.Name):
        return {loop.target.id} if all(_literal_items(e) for e in loop.iter.elts) else set()
    if not isinstance(loop.target, ast.Tuple):
        return set()
    found = set()
    for index, target in enumerate(loop.target.elts):
        if isinstance(target, ast.Name) and all(
            isinstance(e, ast.Tuple | ast.List)
            and len(e.elts) > index
            and _literal_items(e.elts[index])
            for e in loop.iter.elts
        ):
            found.add(target.id)
    return found


def _offenders_in_body(
    body: list[ast.stmt],
    before: list[ast.stmt],
    names: set[str],
    lines: list[str],
    outer_after: list[ast.stmt] | None = None,
) -> Iterator[tuple[int, str]]:
    """Walk a block: ``before`` holds the statements that ran before it,
    ``outer_after`` those that run after it, in the blocks around it."""
    seen = list(before)
    outer = outer_after or []
    for index, stmt in enumerate(body):
        after = body[index + 1 :] + outer
        if isinstance(stmt, ast.Assert):
            yield from _all_offenders(stmt, seen, names, lines)
        if isinstance(stmt, ast.For | ast.AsyncFor):
            if (
                _asserts_in(stmt.body)
                and OPT_OUT not in lines[stmt.lineno - 1]
                and not _counted(stmt, after)
            ):
                for part in _unguarded(stmt.iter, seen, names):
                    yield stmt.lineno, f"for ... in {ast.unparse(part)}"
            inner = names | _literal_targets(stmt)
            yield from _offenders_in_body(stmt.body, seen, inner, lines, after)
            yield from _offenders_in_body(stmt.orelse, seen, names, lines, after)
        elif isinstance(stmt, ast.If | ast.While):
            yield from _offenders_in_body(stmt.body, seen, names, lines, after)
            yield from _offenders_in_body(stmt.orelse, seen, names, lines, after)
        elif isinstance(stmt, ast.With | ast.AsyncWith):
            yield from _offenders_in_body(stmt.body, seen, names, lines, after)
        elif isinstance(stmt, ast.Try):
            for block in (stmt.body, stmt.orelse, stmt.finalbody):
                yield from _offenders_in_body(block, seen, names, lines, after)
            for handler in stmt.handlers:
                yield from _offenders_in_body(handler.body, seen, names, lines, after)
        elif isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            yield from _function_offenders(stmt, names, lines)
        elif isinstance(stmt, ast.ClassDef):
            yield from _offenders_in_body(stmt.body, [], names, lines)
        seen.append(stmt)


def _all_offenders(
    stmt: ast.Assert, seen: list[ast.stmt], names: set[str], lines: list[str]
) -> Iterator[tuple[int, str]]:
    """``assert all(... for x in xs)`` over an unguarded ``xs``."""
    if OPT_OUT in lines[stmt.lineno - 1]:
        return
    test = stmt.test
    calls: list[ast.Call] = []
    parts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
    for part in parts:
        if isinstance(part, ast.Call) and isinstance(part.func, ast.Name) and part.func.id == "all":
            calls.append(part)
    for call in calls:
        if len(call.args) != 1:
            continue
        # (in ``assert xs and all(... for x in xs)`` what comes first guards)
        earlier: list[ast.stmt] = [ast.Assert(v) for v in parts[: parts.index(call)]]
        arg = call.args[0]
        if isinstance(arg, ast.GeneratorExp | ast.ListComp | ast.SetComp):
            iterable = arg.generators[0].iter
        else:
            iterable = arg
        for part in _unguarded(iterable, seen + earlier, names):
            name = ast.unparse(call.func)
            yield stmt.lineno, f"{name}(... in {ast.unparse(part)})"


def _function_offenders(
    func: ast.FunctionDef | ast.AsyncFunctionDef, names: set[str], lines: list[str]
) -> Iterator[tuple[int, str]]:
    params = _parametrized_literals(func)
    yield from _offenders_in_body(func.body, [], names | params, lines)


def offenders(source: str) -> list[tuple[int, str]]:
    """Every loop of ``source`` that asserts over what may be empty: (line, what)."""
    tree = ast.parse(source)
    lines = source.splitlines()
    names = _module_literals(tree)
    return sorted(set(_offenders_in_body(tree.body, [], names, lines)))


# ---------------------------------------------------------------------------
# paths from a test file's place


def file_paths(source: str, here: Path) -> list[tuple[int, str, Path]]:
    """``(line, expression, path)`` of each ``Path(__file__)... / "name"`` of
    *source*, read as if it were the file *here*."""
    found = []
    tree = ast.parse(source)
    inner = {  # (the a / b of a / b / c is part of it)
        id(n.left) for n in ast.walk(tree) if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Div)
    }
    for node in ast.walk(tree):
        if not isinstance(node, ast.BinOp) or not isinstance(node.op, ast.Div) or id(node) in inner:
            continue
        names: list[str] = []
        base: ast.expr = node
        while isinstance(base, ast.BinOp) and isinstance(base.op, ast.Div):
            if not (isinstance(base.right, ast.Constant) and isinstance(base.right.value, str)):
                break
            names.insert(0, base.right.value)
            base = base.left
        else:
            path = _from_file(base, here)
            if path is not None and names:
                found.append((node.lineno, ast.unparse(node), path.joinpath(*names)))
    return found


def _from_file(node: ast.expr, here: Path) -> Path | None:
    """The folder ``Path(__file__)[.resolve()].parent...`` names, or None."""
    ups = 0
    while True:
        if isinstance(node, ast.Attribute) and node.attr == "parent":
            ups, node = ups + 1, node.value
        elif (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Attribute)
            and node.value.attr == "parents"
            and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, int)
        ):
            ups, node = ups + node.slice.value + 1, node.value.value
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "resolve"
        ):
            node = node.func.value
        else:
            break
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "Path"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Name)
        and node.args[0].id == "__file__"
        and ups
    ):
        return here.parents[ups - 1]
    return None


def test_paths_from_a_test_file_name_what_is_there() -> None:
    files = suite_files()
    assert files
    checked, wrong = 0, []
    for path in files:
        for line, expression, target in file_paths(path.read_text(encoding="utf-8"), path):
            checked += 1
            if not target.exists():
                wrong.append(f"{path.relative_to(TESTS)}:{line}: {expression}")
    assert checked >= 5
    assert not wrong, "paths that name nothing (a file moved, its paths not):\n" + "\n".join(wrong)


def test_the_path_rule_reads_each_form() -> None:
    here = TESTS / "unit" / "test_x.py"
    source = (
        'A = Path(__file__).parent / "roots"\n'
        'B = Path(__file__).resolve().parents[1] / "roots" / "test-nav"\n'
        'C = Path(__file__).parent.parent.parent / "docs"\n'
        'D = Path(__file__).parent\n'
    )
    assert file_paths(source, here) == [
        (1, "Path(__file__).parent / 'roots'", TESTS / "unit" / "roots"),
        (2, "Path(__file__).resolve().parents[1] / 'roots' / 'test-nav'", TESTS / "roots" / "test-nav"),
        (3, "Path(__file__).parent.parent.parent / 'docs'", TESTS.parent / "docs"),
    ]


# ---------------------------------------------------------------------------
# the rule, and its self-test


def test_the_suite_has_files() -> None:
    files = suite_files()
    assert len(files) >= 50
    assert Path(__file__) in files


def test_every_asserting_loop_has_items() -> None:
    files = suite_files()
    assert files
    found = []
    for path in files:
        for line, what in offenders(path.read_text(encoding="utf-8")):
            found.append(f"{path.relative_to(TESTS)}:{line}: {what}")
    assert not found, "loops that assert and pass with nothing to loop over:\n" + "\n".join(found)


BAD = '''
import pytest

def test_rows(app):
    for row in app.rows():
        assert row.ok

def test_cells(table):
    cells = table.cells
    for cell in cells:
        assert cell

def test_all(table):
    assert all(c.ok for c in table.cells)

def test_none(table):
    assert all(not c.bad for c in table.cells)

def test_zip(a, b):
    assert a
    for x, y in zip(a, b):
        assert x == y

def test_inner(rows):
    assert rows
    for row in rows:
        for cell in row:
            assert cell

def test_rebound(rows):
    assert rows
    rows = [r for r in rows if r]
    for row in rows:
        assert row

@pytest.mark.parametrize("names", [["a"], []])
def test_param(names):
    for name in names:
        assert name

def test_small(rows):
    assert len(rows) >= 0
    for row in rows:
        assert row

def test_counted_nothing(rows):
    seen = 0
    for row in rows:
        assert row
        seen += 1
    assert seen >= 0
'''

GOOD = '''
import pytest

CASES = [("a", 1), ("b", 2)]

def test_rows(app):
    rows = list(app.rows())
    assert rows
    for row in rows:
        assert row.ok

def test_len(cells):
    assert len(cells) == 3
    for cell in sorted(cells):
        assert cell

def test_literal():
    for name in ("a", "b"):
        assert name
    for i in range(3):
        assert i >= 0
    for name, n in CASES:
        assert n

def test_all(cells, rows):
    assert cells, "no cells"
    assert all(c.ok for c in cells)
    assert len(rows) == 2 and all(r.ok for r in rows)
    assert any(c.ok for c in []), "any() of nothing fails by itself"

def test_zip(a, b):
    assert len(a) > 0 and b
    for x, y in zip(a, b):
        assert x == y
    for x, y in zip(a, b, strict=True):
        assert x == y

def test_none_bad(warnings):
    assert not any("Traceback" in w for w in warnings)

def test_items(table):
    assert table.rows == [1, 2]
    for i, row in enumerate(table.rows):
        assert row

def test_inner(rows):
    assert rows
    for row in rows:
        assert row
        for cell in row:
            assert cell

@pytest.mark.parametrize("names", [["a"], ("b", "c")])
def test_param(names):
    for name in names:
        assert name

def test_said(warnings):
    for w in warnings:  # may be empty: no warning is the good case
        assert "Traceback" not in w

def test_counted(rows):
    seen = 0
    for row in rows:
        assert row
        seen += 1
    assert seen >= 2

def test_shapes(a, b, c, d, e, f):
    assert [x.id for x in a] == ["1", "2"]
    assert b == set(c) == {"x"}
    assert {"1"} <= d.keys()
    assert e >= {"y"}
    for x, y in zip(a, b, strict=True):
        assert x == y
    for k in c:
        assert k
    for k, v in d.items():
        assert v
    for x in e:
        assert x
    for doc, cases in (("a", ("x", "y")), ("b", ["z"])):
        for case in cases:
            assert case
    seen = 0
    for row in f:
        for cell in row:
            assert cell
            seen += 1
    assert seen > 0

@pytest.mark.parametrize(("root", "prose"), [("a", ["x"]), ("b", ("y", "z"))])
def test_param_tuple(root, prose):
    for text in prose:
        assert text

def test_no_assert(rows):
    for row in rows:
        print(row)
'''


def test_the_rule_finds_each_defect() -> None:
    found = offenders(BAD)
    assert [line for line, _what in found] == [5, 10, 14, 17, 21, 27, 33, 38, 43, 48]
    assert found[0] == (5, "for ... in app.rows()")
    assert found[2] == (14, "all(... in table.cells)")
    assert found[3] == (17, "all(... in table.cells)")
    assert found[4] == (21, "for ... in b")


def test_the_rule_passes_guarded_loops() -> None:
    assert offenders(GOOD) == []


@pytest.mark.parametrize("source", ["for x in y:\n    assert x\n", "assert all(y)\n"])
def test_module_level_loops_count_too(source: str) -> None:
    assert offenders(source) == [(1, "for ... in y")] or offenders(source) == [
        (1, "all(... in y)")
    ]
