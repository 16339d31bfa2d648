"""Hostile input through every field and table kind, in rST and MyST (issue 15).

A property test: Hypothesis generates hostile text (``tests/hostile.py``:
HTML and attribute breakers, ``javascript:`` / ``data:`` / ``vbscript:``
URLs, Mermaid syntax, control characters, grid-table spans, non-ASCII
digits, RTL and bidi marks, very long tokens, rST / MyST markup characters,
``{}``) and writes it into a Sphinx project, which is built, and asserts:

- the build never crashes;
- every warning names a file of the project and a line;
- no user text reaches the HTML as markup: no tag, attribute or
  ``javascript:`` / ``data:`` / ``vbscript:`` URL that is not Sphinx's own
  or the extension's -- inside the dependency graph's
  ``<svg class="rfc-graph-svg">`` only the SVG tags and attributes that
  ``render/graph_svg.py`` writes (read from a graph it draws) and its style
  sheet as it is --, nothing of it inside a script (JSON data scripts:
  valid JSON without a ``<``), a comment or a declaration, only escaped
  labels in the Mermaid code of an ``rfc-graph`` drawn by Mermaid;
- ``rfcs.json`` is valid against its schema, with no absolute path of the
  build folder and no docutils system message in it (nor in the pages);
- on a part of the examples (below): after one more edit, the incremental
  build equals a clean one (``rfcs.json`` bytes, the body of every page of
  the project and of the domain index pages), and a clean ``-j 2`` build
  equals the clean ``-j 1`` one (``rfcs.json`` bytes, the ``rfc`` warnings).

**What one example covers.** One project of seven documents and a JUnit
result file, under one of two configurations (``rfc_modules`` empty, or
declared with ``rfc_statuses``, ``rfc_extra_fields`` values and module
descriptions that are hostile text themselves):

- an RFC written with directives in rST and one in MyST: the ``rfc``
  directive with each of its options (title, status, type, authors,
  modules, issues, created, updated, supersedes, requires, reviewers,
  approvers, the extra field ``backends``, an unknown one), each present with
  probability 5/6, a hostile ID now and then, a summary; and each of the
  seven table directives with a table of each of its kinds (eight kinds),
  and now and then an ``rfc-reviews`` table under a reviews heading:
  every required column, optional ones at random, headers by label or
  alias, sometimes one hostile extra column, zero to two rows of hostile
  cells; tables as list-table, grid table with row and column spans,
  csv-table (both syntaxes), Markdown pipe tables (escaped or not), grid
  tables through ``eval-rst`` (MyST);
- a template-native RFC in MyST (front matter, basic-information table,
  section tables, a Mermaid block) and one in rST (field list,
  basic-information table, section tables);
- each RFC document present with probability 9/10 (so the sequence also
  removes and adds RFCs); one very long token (300 - 3000 characters) and
  sometimes one line-breaking character (U+2028, NEL, CR, ...) per document;
- three navigation pages: ``rfc-index`` with hostile options, ``rfc-graph``
  (with ``:modules:``, ``:rfc:``, ``:direction:``, ``:module:``; as SVG
  and, once, ``:renderer: mermaid``), two
  ``rfc-module`` pages named by the same hostile module names the RFCs use,
  and the ``:rfc:ref:`` / ``:rfc:mod:`` roles in both syntaxes;
- a JUnit XML file naming the verification tables' test ids, with hostile
  names and messages, or broken (bad characters, truncated, deeply nested,
  not XML, empty).

That is some three hundred hostile strings in one build. Each example is
built **incrementally** on the previous example's build of the same
configuration (one Sphinx application is kept per configuration, as
``sphinx-build`` run again in the same folder), so the examples also form a
random sequence of edits; a failure is confirmed on a clean build before it
is reported, so that it can be shrunk. About one example in
``SPHINX_RFC_HOSTILE_COMPARE`` (a Hypothesis draw) also runs the
comparisons: one more edit (a document removed, an ID changed, the result
file or the index page changed, or a file touched) built by a new
application that loads the environment from disk, a clean ``-j 1`` build
and a clean ``-j 2`` build.

**Settings** (environment variables):

- ``SPHINX_RFC_HOSTILE_EXAMPLES``: the number of examples (default 30,
  derandomized: the same examples on every run, 20 to 45 seconds). Any
  other number draws new examples on every run. The long run (a progress
  line every 100 examples with ``-s``)::

      SPHINX_RFC_HOSTILE_EXAMPLES=10000 python -m pytest -x -q -s tests/build/test_hostile_input.py

  builds about 100 examples a minute on a shared two-core machine (one in
  some 30 with comparisons): one to two hours.
- ``SPHINX_RFC_HOSTILE_COMPARE``: one example in this many runs the
  comparisons (default 6 for the default run, 25 otherwise).
- ``SPHINX_RFC_HOSTILE_SHRINK``: ``1`` lets Hypothesis shrink a failing
  example (minutes: every step is a build); without it the failure is
  reported as found, with the folders of its builds to rebuild by hand.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest
from hostile import (
    Project,
    Workspace,
    check_build,
    clean_build,
    compare_builds,
    edited,
    plain_build,
    projects,
    theirs_too,
    theirs_when_incremental,
)
from hypothesis import HealthCheck, Phase, given, settings

DEFAULT_EXAMPLES = 30
EXAMPLES = int(os.environ.get("SPHINX_RFC_HOSTILE_EXAMPLES", DEFAULT_EXAMPLES))
COMPARE = int(
    os.environ.get("SPHINX_RFC_HOSTILE_COMPARE", 6 if EXAMPLES == DEFAULT_EXAMPLES else 25)
)
SHRINK = os.environ.get("SPHINX_RFC_HOSTILE_SHRINK", "") not in ("", "0")
#: Examples per Hypothesis run: Hypothesis keeps what it knows of every
#: example of a run (some 0.25 MB each here), so a long run is made of
#: several runs, one after the other, on the same kept applications.
BATCH = 500
BATCHES = range(0, EXAMPLES, BATCH)


#: A long run prints a progress line every this many examples (seen with ``-s``).
PROGRESS = 100


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    return Workspace(tmp_path_factory.mktemp("hostile"))


class _Progress:
    examples = compared = 0
    start = time.monotonic()

    @classmethod
    def count(cls, project: Project) -> None:
        cls.examples += 1
        cls.compared += project.compare
        if EXAMPLES != DEFAULT_EXAMPLES and cls.examples % PROGRESS == 0:
            minutes = (time.monotonic() - cls.start) / 60
            print(f"[hostile] {cls.examples} examples ({cls.compared} compared) passed "
                  f"in {minutes:.1f} min", file=sys.stderr, flush=True)


def _short(problem: str) -> str:
    """A problem cut to a readable size (a traceback: its end)."""
    if len(problem) <= 1500:
        return problem
    if "Traceback" in problem:
        return problem[:200] + "\n...\n" + problem[-1300:]
    return problem[:1500] + "..."


def _report(title: str, problems: list[str], *folders: object) -> str:
    shown = "\n".join(_short(p) for p in problems[:25])
    more = f"\n... and {len(problems) - 25} more" if len(problems) > 25 else ""
    where = "".join(f"\n  {folder}" for folder in folders)
    return (f"{title} ({len(problems)} problems):\n{shown}{more}\n"
            f"The project, as built (python -m sphinx -b html DIR DIR/_build/html):{where}")


def check_example(workspace: Workspace, project: Project) -> None:
    """Build one example incrementally and check it; compare on some."""
    files = project.files()
    out = workspace.build(project.layout, files)
    problems = check_build(out)
    if problems:
        # the example's own failure, or one of the incremental build only?
        clean = clean_build(workspace.base / "confirm", project.layout, files)
        confirmed = check_build(clean, all_pages=True)
        if confirmed:
            # an unlocated warning that Sphinx and MyST give alone is theirs
            plain = plain_build(workspace.base / "plain", project.layout, files)
            confirmed = theirs_too(confirmed, clean, plain)
        assert not confirmed, _report("Hostile input broke the build", confirmed, clean.srcdir)
        plain = plain_build(workspace.base / "plain", project.layout, files)
        problems = theirs_when_incremental(problems, clean, plain)
        if problems:
            pytest.fail(_report("Hostile input broke the incremental build only (the previous "
                                "example's project built in the same folder first)",
                                problems, out.srcdir))
    if not project.compare:
        return
    after = edited(project)
    incremental = workspace.build(project.layout, after, fresh_app=True)
    serial = clean_build(workspace.base / "serial", project.layout, after)
    parallel = clean_build(workspace.base / "parallel", project.layout, after, parallel=2)
    problems = check_build(incremental) + compare_builds(incremental, serial, parallel, after)
    assert not problems, _report(
        f"After the edit {project.edit}", problems,
        incremental.srcdir, serial.srcdir, parallel.srcdir,
    )


@pytest.mark.slow
@pytest.mark.parametrize("first", BATCHES, ids=lambda first: f"from-{first}")
def test_hostile_input(workspace: Workspace, first: int) -> None:
    @settings(
        max_examples=min(BATCH, EXAMPLES - first),
        deadline=None,
        derandomize=EXAMPLES == DEFAULT_EXAMPLES,
        # an example takes a build: shrinking one takes minutes (opt in)
        phases=[Phase.explicit, Phase.reuse, Phase.generate, *([Phase.shrink] if SHRINK else [])],
        suppress_health_check=list(HealthCheck),
    )
    @given(project=projects(COMPARE))
    def examples(project: Project) -> None:
        check_example(workspace, project)
        _Progress.count(project)

    examples()


def test_page_check_reads_the_graph_svg() -> None:
    """The page check accepts the graph's own SVG (with hostile titles,
    escaped by ``graph_svg``) and rejects markup, scripts, event
    attributes and ``javascript:`` links inside it, and SVG outside it."""
    from hostile import check_page

    from sphinx_rfc.render.graph_svg import graph_svg

    value = {
        "direction": "LR", "focus": None,
        "nodes": [{"id": "RFC-0001", "title": '<script>PWN(1)</script> "x" </title>',
                   "status": "on-<i>hold</i>", "docname": "a"}],
        "modules": [{"name": "<b>m</b>", "home": None}],
        "edges": [["touches", "RFC-0001", "<b>m</b>"]],
    }
    svg = graph_svg(value, lambda item: "a.html", lambda module: "#m")
    page = f"<!DOCTYPE html><html><body><div class=\"rfc-graph\">{svg}</div></body></html>"
    assert check_page("p.html", page, Path("/nowhere")) == []
    for bad in ('<script>PWN()</script>', '<g onload="PWN()"></g>', "<b>x</b>",
                '<a href="javascript:PWN()"><text>x</text></a>',
                '<a href=" data:text/html,x"></a>', "<style>x{}</style>",
                '<svg class="rfc-graph-svg"></svg>'):
        broken = page.replace("</g></svg>", bad + "</g></svg>")
        assert check_page("p.html", broken, Path("/nowhere")), bad
    outside = page.replace("<body>", "<body><g></g><path d='M0'/>")
    problems = check_page("p.html", outside, Path("/nowhere"))
    assert [p.split(" at ")[0] for p in problems] == [
        "p.html: tag <g>", "p.html: tag <path>", "p.html: attribute 'd'"]


def test_page_check_accepts_what_docutils_makes_of_an_option_list(tmp_path: Path) -> None:
    """An rST paragraph that starts like a command-line option (``-o FILE``)
    is an option list: docutils writes ``<kbd>`` / ``<var>`` for it, which
    is the author's markup, not injected; a ``<var>`` written as raw text
    stays escaped."""
    from conftest import sphinx_build
    from hostile import check_page, conf_py

    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(conf_py("open"), encoding="utf-8")
    (src / "index.rst").write_text(
        "Tools\n=====\n\n-o FILE  where the merged checkpoint goes\n\n"
        "Write <var>x</var> literally.\n", encoding="utf-8")
    built = sphinx_build(src)
    page = (built.outdir / "index.html").read_text(encoding="utf-8")
    assert "<var>FILE</var>" in page and "&lt;var&gt;x&lt;/var&gt;" in page
    assert check_page("index.html", page, src) == []
    assert check_page("index.html", page.replace("&lt;var&gt;x", "<b>x"), src)


def test_an_unlocated_warning_is_theirs_only_when_plain_sphinx_gives_it() -> None:
    """The long run's filter: an unlocated warning is accepted only when a
    build of the same project without the extension gives it word for word
    (docutils reports a reference in some rST field lists with no line,
    extension or not); one the extension causes is still a failure."""
    from hostile import UNLOCATED, Output

    def out(srcdir: str, warnings: str) -> Output:
        return Output(Path(srcdir), Path(srcdir) / "_build", warnings, "", None, [])

    theirs = '/a/native/0004-n.rst:: ERROR: Unknown target name: "x". [docutils]'
    ours = '/a/rfcs/r1.rst:: ERROR: Unknown target name: "y". [docutils]'
    clean = out("/a", theirs + "\n" + ours + "\n")
    plain = out("/b", theirs.replace("/a/", "/b/") + "\n")
    problems = [f"{UNLOCATED}{theirs!r}", f"{UNLOCATED}{ours!r}", "rfcs/r1.html: tag <b>"]
    assert theirs_too(problems, clean, plain) == problems[1:]


def test_an_incremental_only_unlocated_warning_needs_its_message_in_both() -> None:
    """After an incremental read docutils may leave a reference in an rST
    field list with no line: accepted only when the clean build and a build
    without the extension both give the same message."""
    from hostile import UNLOCATED, Output

    def out(srcdir: str, warnings: str) -> Output:
        return Output(Path(srcdir), Path(srcdir) / "_build", warnings, "", None, [])

    unlocated = '/i/native/0004-n.rst:: ERROR: Unknown target name: "x". [docutils]'
    problems = [f"{UNLOCATED}{unlocated!r}"]
    clean = out("/c", '/c/native/0004-n.rst:1: ERROR: Unknown target name: "x". [docutils]\n')
    plain = out("/p", '/p/native/0004-n.rst:1: ERROR: Unknown target name: "x". [docutils]\n')
    assert theirs_when_incremental(problems, clean, plain) == []
    assert theirs_when_incremental(problems, clean, out("/p", "")) == problems
    assert theirs_when_incremental(problems, out("/c", ""), plain) == problems
