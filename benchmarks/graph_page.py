"""Time and weigh the graph page of an N-RFC project, drawn both ways.

The ``rfc`` project of ``generate.py`` (N RFCs, a ``graph`` page holding
one ``rfc-graph`` of every RFC) is built twice, once with
``rfc_graph_renderer = "svg"`` (the default: the picture made at build
time) and once with ``"mermaid"`` (code drawn in the browser).  Then, in
turns, the graph page's source is touched and each project rebuilt: that
rebuild reads and writes the graph page (and ``index``, whose toctree lists
it), so the difference between the two is what drawing the SVG costs.
Printed: the full builds, the best graph-page rebuild of each and their
difference, the size of the page and of its drawing, and — the figure
that load on a shared machine disturbs least — the CPU time of the graph's
renderer alone, both ways, in this process on the built environment.

    python benchmarks/graph_page.py             # N = 300, best of 3
    python benchmarks/graph_page.py --n 1000 --repeat 5

Work folders go to ``benchmarks/_work/graph-page-N/`` (git-ignored).  Each
``sphinx-build`` runs as a child process under ``nice -n 10`` with
``PYTHONHASHSEED=0``, as in ``run.py``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import generate  # noqa: E402

RENDERERS = ("mermaid", "svg")
WRITE_RE = re.compile(r"^writing output\.\.\. \[\s*\d+%\] (\S+)", re.MULTILINE)
DRAWING_RE = re.compile(r'<svg .*?</svg>|<pre\s+class="mermaid">.*?</pre>', re.S)


def sphinx_build(project: Path) -> tuple[float, list[str]]:
    """Build *project* (incrementally); wall time and the pages written."""
    command = ["nice", "-n", "10", sys.executable, "-m", "sphinx", "-b", "html",
               "-d", str(project / "doctrees"), str(project / "src"), str(project / "out")]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    start = time.perf_counter()
    run = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    wall = time.perf_counter() - start
    if run.returncode != 0 or "WARNING" in run.stderr:
        raise SystemExit(f"sphinx-build failed in {project}:\n{run.stderr[-3000:]}")
    return wall, WRITE_RE.findall(run.stdout)


def renderer_times(project: Path, repeat: int) -> dict[str, float]:
    """CPU time of the ``graph`` view's renderer on the built project (the
    value computed once, as the build does), best of *repeat*, both ways."""
    from sphinx.application import Sphinx

    from sphinx_rfc.directives.graph import render_graph
    from sphinx_rfc.nodes import rfc_pending
    from sphinx_rfc.resolve import views
    from sphinx_rfc.resolve.context import RenderContext

    app = Sphinx(str(project / "src"), str(project / "src"), str(project / "out"),
                 str(project / "doctrees"), "html", status=None, warning=None)
    ctx = RenderContext(app.env, app.builder, "graph")
    key = next(k for keys in ctx.domain.views.values() for k in keys if k[0] == "graph")
    value = views.view_value(ctx.domain, ctx.snapshot, key)
    best = {}
    for renderer in RENDERERS:
        node = rfc_pending.make(key, renderer=renderer)
        times = []
        for _ in range(repeat):
            start = time.process_time()
            render_graph(ctx, node, value)  # type: ignore[arg-type]
            times.append(time.process_time() - start)
        best[renderer] = min(times)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=300, help="RFCs (default 300)")
    parser.add_argument("--repeat", type=int, default=3, help="graph-page rebuilds of each")
    args = parser.parse_args()

    work = HERE / "_work" / f"graph-page-{args.n}"
    if work.exists():
        shutil.rmtree(work)
    source = work / "generated"
    generate.generate("rfc", args.n, source)
    full: dict[str, float] = {}
    for renderer in RENDERERS:
        project = work / renderer
        shutil.copytree(source, project / "src")
        with (project / "src" / "conf.py").open("a", encoding="utf-8") as conf:
            conf.write(f"\nrfc_graph_renderer = {renderer!r}\n")
        full[renderer], _written = sphinx_build(project)
        print(f"full build, {renderer}: {full[renderer]:.2f} s", flush=True)

    best = dict.fromkeys(RENDERERS, float("inf"))
    for _ in range(args.repeat):
        for renderer in RENDERERS:  # in turns: the machine's load falls on both
            project = work / renderer
            os.utime(project / "src" / "graph.rst")
            wall, written = sphinx_build(project)
            assert "graph" in written, written
            best[renderer] = min(best[renderer], wall)

    print(f"\nN = {args.n} RFCs; graph page rebuilt {args.repeat} times each "
          f"(reads and writes graph and index), best wall time:")
    for renderer in RENDERERS:
        page = (work / renderer / "out" / "graph.html").read_bytes()
        drawing = DRAWING_RE.search(page.decode("utf-8"))
        size = len(drawing.group(0).encode("utf-8")) if drawing else 0
        print(f"  {renderer:8} {best[renderer]:6.2f} s   graph.html {len(page) / 1e6:6.3f} MB"
              f"   drawing {size / 1e6:6.3f} MB")
    extra = best["svg"] - best["mermaid"]
    print(f"  SVG over Mermaid: {extra:+.2f} s per graph-page build "
          f"(full builds: {full['svg'] - full['mermaid']:+.2f} s, one run each)")
    cpu = renderer_times(work / "svg", max(args.repeat, 3))
    print(f"  the renderer alone (CPU, best of {max(args.repeat, 3)}): "
          + ", ".join(f"{r} {cpu[r]:.3f} s" for r in RENDERERS)
          + f"; SVG over Mermaid {cpu['svg'] - cpu['mermaid']:+.3f} s")


if __name__ == "__main__":
    main()
