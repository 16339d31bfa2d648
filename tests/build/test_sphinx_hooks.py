"""The extension uses Sphinx's own hooks (docs/reference/architecture.md,
"Sphinx's hooks"): cross-RFC problems logged by the domain's
``check_consistency``; a node with a visitor per builder where a builder
draws it differently at write time; ``__`` for console messages and ``_``
for text in the output; a type and subtype on every warning; and
``app.parallel`` left as Sphinx has it."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOTS, BuildFn, parse_warnings

from sphinx_rfc import catalog_tool
from sphinx_rfc.report import visible
from sphinx_rfc.spec.subtypes import SUBTYPES, WARNING_TYPE
from sphinx_rfc.store import domain as domain_module
from sphinx_rfc.store.domain import get_domain

PACKAGE = Path(domain_module.__file__).resolve().parent.parent

# -- every warning typed --------------------------------------------------


def _roots() -> list[str]:
    nested = sorted(p.parent for p in ROOTS.glob("test-*/*/conf.py"))
    tops = sorted(p.parent for p in ROOTS.glob("test-*/conf.py"))
    names = [p.relative_to(ROOTS).as_posix() for p in tops if p not in {n.parent for n in nested}]
    names += [p.relative_to(ROOTS).as_posix() for p in nested]
    return [name.removeprefix("test-") for name in names]


#: A warning line of the log: ``path:line: WARNING: message [type.subtype]``.
_LINE = re.compile(r"^(?P<where>.*?): (?:WARNING|ERROR|CRITICAL): (?P<message>.*)$")
_TYPED = re.compile(r" \[(?P<type>[a-z0-9_]+)(?:\.(?P<subtype>[a-z0-9_-]+))?\]$")


def test_the_fixture_roots_are_all_listed() -> None:
    roots = _roots()
    assert len(roots) > 20 and "native-pair/native" in roots and "builders" in roots


@pytest.mark.parametrize("root", _roots())
def test_every_warning_of_the_extension_has_a_type_and_subtype(
    shared_build: BuildFn, root: str
) -> None:
    build = shared_build(root)
    ids = tuple(f"{r.id}:" for r in get_domain(build.app.env).rfcs.values() if r.id)
    lines = [m for line in build.warnings.splitlines() if (m := _LINE.match(line))]
    ours = 0
    for match in lines:  # may be empty: a root with no warning (ours is checked below)
        message = match.group("message")
        typed = _TYPED.search(message)
        if message.startswith(("sphinx_rfc", *ids)) or (typed and typed["type"] == WARNING_TYPE):
            ours += 1
            assert typed is not None, match.group(0)
            assert typed["type"] == WARNING_TYPE and typed["subtype"] in SUBTYPES, match.group(0)
    problems = get_domain(build.app.env).problems()
    # every problem the domain holds was logged, typed (silenced ones aside)
    assert ours >= len(visible(problems, build.app.config.suppress_warnings or ()))
    if problems:
        assert ours, root


def _calls(tree: ast.AST, methods: set[str]) -> list[ast.Call]:
    return [
        node for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
        and node.func.attr in methods and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "logger"
    ]


def test_every_warning_call_of_the_package_is_typed() -> None:
    """Outside the command line (which prints), every ``logger.warning`` /
    ``logger.error`` of the package names a type and a subtype."""
    checked = 0
    for path in sorted(PACKAGE.rglob("*.py")):
        if "cli" in path.relative_to(PACKAGE).parts:
            continue
        for call in _calls(ast.parse(path.read_text(encoding="utf-8")), {"warning", "error"}):
            keywords = {k.arg for k in call.keywords}
            assert {"type", "subtype"} <= keywords, f"{path.name}:{call.lineno}"
            checked += 1
    assert checked >= 3  # report.py and write/mermaid_js.py


# -- __ for the console, _ for the output ---------------------------------


def test_console_messages_use_double_underscore() -> None:
    """What only the build log shows (``logger.info`` of the package) is a
    console message: ``__``, translated to the console's language as
    Sphinx's own; the catalog tool extracts it beside ``_``."""
    seen = 0
    for path in sorted(PACKAGE.rglob("*.py")):
        if "cli" in path.relative_to(PACKAGE).parts:
            continue
        for call in _calls(ast.parse(path.read_text(encoding="utf-8")), {"info"}):
            for node in ast.walk(call):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                    assert node.func.id != "_", f"{path.name}:{call.lineno}: _ in a log message"
                    seen += node.func.id == "__"
    assert seen >= 2
    msgids = catalog_tool.literal_msgids()
    assert "sphinx_rfc: {count} page(s) show changed RFC data: {pages}" in msgids


def test_console_messages_follow_the_console_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """``__`` speaks the console's language (here zh_CN), ``_`` the
    project's (here none: English), each from the one catalog."""
    import locale

    from sphinx import locale as sphinx_locale

    from sphinx_rfc.i18n import CATALOG, LOCALE_DIR, _, __

    message = "sphinx_rfc: {count} page(s) show changed RFC data: {pages}"
    saved = dict(sphinx_locale.translators)
    monkeypatch.setattr(locale, "getlocale", lambda *args: ("zh_CN", "UTF-8"))
    try:
        sphinx_locale.translators.pop(("general", CATALOG), None)
        sphinx_locale.init_console(LOCALE_DIR, CATALOG)
        assert str(__(message)) == "sphinx_rfc：{count} 个页面显示的 RFC 数据已变化：{pages}"
        assert str(_(message)) == message
    finally:
        sphinx_locale.translators.clear()
        sphinx_locale.translators.update(saved)


# -- cross-RFC problems from check_consistency ----------------------------


def rfc(number: int, title: str, requires: str = "", orphan: bool = False) -> str:
    heading = f"RFC-{number:04d} {title}"
    extra = f"   :requires: {requires}\n" if requires else ""
    return (
        (":orphan:\n\n" if orphan else "")
        + f"{heading}\n{'=' * (len(heading) * 2)}\n\n"
        f".. rfc:: RFC-{number:04d}\n"
        f"   :title: {title}\n"
        "   :modules: checkpoint\n"
        "   :status: 评审中\n" + extra + "\n"
        "背景 Background\n"
        "---------------\n\n"
        "组里讨论过：save 的时候 block 住训练，太慢了。\n"
    )


FILES = {
    "index.rst": "Docs\n====\n\n.. toctree::\n   :glob:\n\n   rfcs/*\n",
    "rfcs/rfc-0001.rst": rfc(1, "Checkpoint 异步保存"),
    # requires an RFC nobody wrote: one cross-RFC problem
    "rfcs/rfc-0002.rst": rfc(2, "Optimizer 状态分片 (draft v2)", requires="RFC-0042"),
}
CONF = (
    "rfc_required_sections = []\nrfc_required_test_levels = []\n"
    'rfc_modules = {"checkpoint": "Saving & loading"}\n'
)


@pytest.fixture
def consistency(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The cross-RFC problems logged at each ``check_consistency`` call."""
    logged: list[int] = []
    original = domain_module.RfcDomain.check_consistency

    def spy(self: domain_module.RfcDomain) -> None:
        before = self.__dict__.get("_cross_due", False)
        original(self)
        logged.append(len(self.cross_problems()) if before else 0)

    monkeypatch.setattr(domain_module.RfcDomain, "check_consistency", spy)
    return logged


def _unknown(build: Any) -> list[str]:
    return [w[3] for w in parse_warnings(build.warnings) if w[2] == "rfc.unknown-rfc"]


def test_cross_problems_are_logged_by_check_consistency(
    build: BuildFn, consistency: list[int]
) -> None:
    first = build(dict(FILES), conf=CONF)
    assert consistency == [1]
    assert len(_unknown(first)) == 1 and "RFC-0042" in _unknown(first)[0]
    assert "1 problem" in first.status or "1 个问题" in first.status
    # nothing changed: Sphinx checks no consistency, nothing is logged again,
    # and the summary line still counts the problem
    again = build(first.srcdir)
    assert again.read == [] and consistency == [1] and _unknown(again) == []
    assert "1 problem" in again.status or "1 个问题" in again.status
    # the prose of an RFC edited: read again, the data the same: not again
    page = first.srcdir / "rfcs" / "rfc-0001.rst"
    page.write_text(page.read_text(encoding="utf-8") + "\n补充：async 线程池大小可配。\n",
                    encoding="utf-8")
    prose = build(first.srcdir)
    assert prose.read == ["rfcs/rfc-0001"] and consistency == [1, 0] and _unknown(prose) == []
    # what the RFCs say of each other changed: logged again, once
    page.write_text(rfc(1, "Checkpoint 异步保存", requires="RFC-0043"), encoding="utf-8")
    changed = build(first.srcdir)
    assert consistency == [1, 0, 2]
    assert len(_unknown(changed)) == 2 and "RFC-0043" in " ".join(_unknown(changed))
    # the cause removed: gone
    page.write_text(rfc(1, "Checkpoint 异步保存"), encoding="utf-8")
    fixed = build(first.srcdir)
    assert consistency == [1, 0, 2, 1] and len(_unknown(fixed)) == 1


def test_parallel_reading_logs_them_once(build: BuildFn, consistency: list[int]) -> None:
    first = build(dict(FILES), conf=CONF, parallel=2)
    assert consistency == [1] and len(_unknown(first)) == 1


def test_a_build_that_updates_no_document_still_logs_them(
    build: BuildFn, consistency: list[int]
) -> None:
    """A document removed that no page shows: Sphinx checks no consistency
    (no document updated); the problems are logged at build-finished."""
    files = {
        "index.rst": "Docs\n====\n\nNo toctree: the RFCs are orphans.\n",
        "rfcs/rfc-0001.rst": rfc(1, "Checkpoint 异步保存", requires="RFC-0042", orphan=True),
        "rfcs/rfc-0003.rst": rfc(3, "Trainer hooks 重构", orphan=True),
    }
    first = build(files, conf=CONF)
    assert consistency == [1] and len(_unknown(first)) == 1
    (first.srcdir / "rfcs" / "rfc-0003.rst").unlink()
    again = build(first.srcdir)
    assert again.read == [] and again.written == []
    assert consistency == [1]  # not called by Sphinx
    assert len(_unknown(again)) == 1  # but logged, once
    assert Counter(w[2] for w in parse_warnings(again.warnings))["rfc.unknown-rfc"] == 1


# -- a visitor per builder ------------------------------------------------


def test_review_counts_drawn_per_builder(shared_build: BuildFn) -> None:
    """The index's review counts: one node, drawn by each writer as an
    inline; the LaTeX writer's visitor writes them in words."""
    from sphinx_rfc.render.elements import review_count

    html = shared_build("reviews")
    text = "".join(p.read_text(encoding="utf-8") for p in html.outdir.glob("**/*.html"))
    counts = re.findall(r'<span class="rfc-review-count">([^<]*)</span>', text)
    assert counts and all(re.fullmatch(r"\d+ ✓ / \d+ ✗", c) for c in counts)
    latex = shared_build("reviews", "latex")
    tex = "".join(p.read_text(encoding="utf-8") for p in latex.outdir.glob("*.tex"))
    assert r"\DUrole{rfc-review-count}{1 通过 / 1 反对}" in tex and "✓" not in tex
    assert latex.app.registry.translation_handlers["latex"][review_count.__name__]
    assert "html" not in {
        b for b, handlers in latex.app.registry.translation_handlers.items()
        if review_count.__name__ in handlers
    }
