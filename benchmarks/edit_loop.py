"""The edit loop (issues 44 and 58): full build, no-change rebuild and
one-RFC edit rebuild of ``sphinx_rfc`` against plain Sphinx on the same
content, CPU time (user + sys) and peak memory, interleaved.

    python benchmarks/edit_loop.py                 # N = 200, 5 rounds, every content
    python benchmarks/edit_loop.py --content loop --size 1000 --rounds 3
    git archive BASE sphinx_rfc | tar -x -C /tmp/base
    python benchmarks/edit_loop.py --baseline /tmp/base   # ... and BASE's code too

The contents (``--content``, several allowed; issue 58):

- ``loop``: ``generate.py``'s ``rfc`` against ``plain`` (N RFCs);
- ``dense``: the table-dense RFCs, ``dense`` (the seven table directives)
  against ``dense-plain`` (N RFCs);
- ``keps`` and ``rust-rfcs``: the real corpora of ``benchmarks/corpora/``
  (checkouts in ``--checkouts``, ``/work/corpora``), each project made as
  ``corpora/run.py`` makes it, with ``html_sidebars = {"**": []}`` added;
  the plain project is the same with ``sphinx_rfc`` taken out of
  ``extensions``.  The edit: a paragraph ``EDIT-MARK-<k>`` at the end of
  the middle RFC (in name order), ``<k>`` counting up.

With ``--baseline DIR`` a third variant, ``rfc-base``, builds its own copy
of the ``rfc`` project with the package found in DIR (``PYTHONPATH``): the
code before and after a change, measured in the same run.

With ``--plain-frozen`` another variant, ``plain-frozen``, builds its own
copy of the plain project with the extension's garbage-collector devices
given to plain Sphinx (:func:`frozen_conf`: ``_nogc``'s handlers, which
``devices.FREEZE_ENV`` and ``devices.FREEZE_SURVIVORS`` switch): they make
Sphinx's own work cheaper too, so ``rfc / plain-frozen`` is what the
extension's own work costs with the collector's share taken out.

Each round builds both variants measure by measure (every variant's full
build, then every variant's no-change rebuild, then every variant's
one-RFC edit rebuild), the variant that goes first alternating from one
round to the next, with ``run.py``'s ``sphinx_build`` (``nice -n 10``,
``PYTHONHASHSEED=0``, ``os.sync()`` first, the extension byte-compiled).
Printed: the median CPU seconds of each and the median of the per-round
ratios ``rfc / plain``, against issue 44's bars (no change <= 1.15, one
RFC edited <= 1.20, full <= 1.10), the median of each build's peak
memory (max RSS) ratios against 1.15 (issue 58; the rebuilds' since
session 25), and the 1-minute load at each round.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import generate  # noqa: E402
import run  # noqa: E402
from corpus_projects import CHECKOUTS, edit_corpus, make_corpus  # noqa: E402

BARS = {"full": 1.10, "nochange": 1.15, "edit": 1.20}
MEMORY_BAR = 1.15
CONTENTS = ("loop", "dense", "keps", "rust-rfcs")
#: content -> (the sphinx_rfc variant, the plain variant) of generate.py
GENERATED = {"loop": ("rfc", "plain"), "dense": ("dense", "dense-plain")}


def frozen_conf() -> str:
    """What ``plain-frozen`` appends to the plain project's conf.py: every
    handler of ``_nogc`` connected as ``wiring.WIRING`` connects it (same
    event, same priority).  The plain build imports ``_nogc`` alone, not
    the package, whose import would be a cost plain Sphinx does not pay."""
    from sphinx_rfc import _nogc, wiring

    connects = [f"    app.connect({wire.event!r}, _nogc.{wire.handler.__name__}, "
                f"priority={wire.priority})"
                for wire in wiring.WIRING if wire.handler.__module__ == _nogc.__name__]
    assert connects, "no _nogc handler in wiring.WIRING"
    return "\n".join([
        "",
        "",
        "# edit_loop.py --plain-frozen: sphinx_rfc's garbage-collector devices alone",
        '_plain_setup = globals().get("setup")',
        "",
        "",
        "def setup(app):",
        "    from sphinx_rfc import _nogc",
        *connects,
        "    return _plain_setup(app) if _plain_setup else None",
        "",
    ])


def make_projects(content: str, size: int, checkouts: Path, variants: list[str]) -> dict[str, Path]:
    """variant ("rfc", "plain", "rfc-base") -> its project for *content*."""
    sources = {}
    for variant in variants:
        tag = f"n{size}" if content in GENERATED else "corpus"
        src = run.WORK / f"loop-{content}-{tag}-{variant}"
        plain = variant.startswith("plain")
        if content in GENERATED:
            generate.generate(GENERATED[content][plain], size, src)
        else:
            make_corpus(content, plain, checkouts, src)
        if variant == "plain-frozen":
            with (src / "conf.py").open("a", encoding="utf-8") as conf:
                conf.write(frozen_conf())
        sources[variant] = src
    return sources


def edit(content: str, src: Path, size: int) -> None:
    if content in GENERATED:
        run.edit(src, size)
    else:
        edit_corpus(src, content)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--content", nargs="+", choices=CONTENTS, default=list(CONTENTS))
    parser.add_argument("--checkouts", type=Path, default=CHECKOUTS)
    parser.add_argument("--baseline", type=Path, help="a folder holding another sphinx_rfc")
    parser.add_argument("--plain-frozen", action="store_true",
                        help="also plain Sphinx with the extension's garbage-collector devices")
    args = parser.parse_args()
    run.compile_packages()
    variants = ["rfc", "plain"]
    paths = {v: os.environ.get("PYTHONPATH", "") for v in variants}
    if args.baseline is not None:
        base = args.baseline.resolve()
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(base / "sphinx_rfc")],
                       check=True)
        variants.append("rfc-base")
        paths["rfc-base"] = os.pathsep.join(p for p in (str(base), paths["rfc"]) if p)
    if args.plain_frozen:
        variants.append("plain-frozen")
        paths["plain-frozen"] = os.pathsep.join(
            p for p in (str(HERE.parent), paths["plain"]) if p)
    for content in args.content:
        sources = make_projects(content, args.size, args.checkouts, variants)
        loop(content, args, variants, paths, sources)


def loop(content: str, args: argparse.Namespace, variants: list[str], paths: dict[str, str],
         sources: dict[str, Path]) -> None:
    cpu: dict[tuple[str, str], list[float]] = {}
    rss: dict[tuple[str, str], list[float]] = {}
    loads = []
    for round_ in range(args.rounds):
        loads.append(os.getloadavg()[0])
        order = variants[round_ % len(variants):] + variants[:round_ % len(variants)]
        for measure in BARS:
            for variant in order:
                src = sources[variant]
                if measure == "full":
                    run.clean(src)
                elif measure == "edit":
                    edit(content, src, args.size)
                os.environ["PYTHONPATH"] = paths[variant]
                result, _ = run.sphinx_build(src)
                if result.returncode:
                    raise SystemExit(f"{content} {variant} {measure} failed")
                cpu.setdefault((variant, measure), []).append(result.cpu)
                rss.setdefault((variant, measure), []).append(result.maxrss_mb)
        print(f"{content} round {round_ + 1}: " + ", ".join(
            f"{m} " + "/".join(f"{cpu[v, m][-1]:.2f}" for v in variants) for m in BARS),
            flush=True)
    size = f"N = {args.size}" if content in GENERATED else "corpus"
    print(f"\n{content}, {size}, {args.rounds} rounds, "
          f"load {', '.join(f'{x:.1f}' for x in loads)}")
    subjects = [v for v in variants if v != "plain"]
    print("| build | plain CPU s | " + " | ".join(
        f"{v} CPU s | {v} / plain" for v in subjects) + " | bar |")
    print("|---|---|" + "---|---|" * len(subjects) + "---|")
    for measure, bar in BARS.items():
        floor = cpu["plain", measure]
        cells = []
        for v in subjects:
            ratio = statistics.median(
                x / y for x, y in zip(cpu[v, measure], floor, strict=True))
            mark = "met" if ratio <= bar else "missed"
            cells.append(f"{statistics.median(cpu[v, measure]):.2f} | {ratio:.2f} {mark}")
        print(f"| {measure} | {statistics.median(floor):.2f} | " + " | ".join(cells)
              + f" | <= {bar:.2f} |")
    for measure in BARS:
        cells = []
        for v in subjects:
            ratio = statistics.median(
                x / y for x, y in zip(rss[v, measure], rss["plain", measure], strict=True))
            mark = "met" if ratio <= MEMORY_BAR else "missed"
            cells.append(f"{statistics.median(rss[v, measure]):.0f} | {ratio:.2f} {mark}")
        print(f"| peak memory (MB, {measure}) | {statistics.median(rss['plain', measure]):.0f} | "
              + " | ".join(cells) + f" | <= {MEMORY_BAR:.2f} |", flush=True)
    if "plain-frozen" in variants:
        # the extension's own work: plain Sphinx given the same collector devices
        def own(rfc: list[float], plain: list[float]) -> str:
            return f"{statistics.median(x / y for x, y in zip(rfc, plain, strict=True)):.2f}"

        print("rfc / plain-frozen, the median of the rounds' ratios: "
              + ", ".join(f"{m} {own(cpu['rfc', m], cpu['plain-frozen', m])}" for m in BARS)
              + f", peak memory (full) {own(rss['rfc', 'full'], rss['plain-frozen', 'full'])}",
              flush=True)


if __name__ == "__main__":
    main()
