"""Measure sphinx_rfc against plain Sphinx and sphinx-needs.

For each size N and each variant (see ``generate.py``) it measures, in one
run: a fresh full build, a no-change rebuild, a one-RFC edit rebuild (the
text of one RFC changes; documents re-read and re-written are counted), a
fresh ``-j 2`` full build, and the peak memory (max RSS) of the
``sphinx-build`` process.  Each measure runs ``--repeat`` times (the
variants take turns measure by measure, the first one alternating between
repetitions, so load from other processes on the machine falls on all of
them alike) and the results are printed as a Markdown table: the median
time of each variant and, against plain Sphinx and sphinx-needs, the median
of the per-repetition ratios.

    python benchmarks/run.py --sizes 100 300 1000
    python benchmarks/run.py --sizes 300 --profile      # cProfile sphinx_rfc, N=300

Work folders go to ``benchmarks/_work/`` (git-ignored); the results are
written there too as ``results.json`` and ``results.md``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import itertools
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import corpus_projects  # benchmarks/corpus_projects.py: the real corpora as projects
import generate  # benchmarks/generate.py: run as a script, this folder is on sys.path

HERE = Path(__file__).resolve().parent
WORK = HERE / "_work"
VARIANT_NAMES = {
    "rfc": "sphinx_rfc",
    "plain": "plain Sphinx",
    "needs": "sphinx-needs",
    "dense": "sphinx_rfc (directives)",
    "dense-native": "sphinx_rfc (template-native)",
    "dense-plain": "plain Sphinx",
    "needs-wrapped": "sphinx-needs, tables in containers",
    "keps": "sphinx_rfc (KEPs)",
    "keps-plain": "plain Sphinx (KEPs)",
    "rust-rfcs": "sphinx_rfc (Rust RFCs)",
    "rust-rfcs-plain": "plain Sphinx (Rust RFCs)",
}
#: every variant ``--variants`` takes: generated (N RFCs) or a real corpus
ALL_VARIANTS = (*generate.VARIANTS, *corpus_projects.VARIANTS)
READ_RE = re.compile(r"^reading sources\.\.\. \[\s*\d+%\] (\S+)", re.MULTILINE)
WRITE_RE = re.compile(r"^writing output\.\.\. \[\s*\d+%\] (\S+)", re.MULTILINE)
SUMMARY_RE = re.compile(r"^sphinx_rfc: \d+ RFCs, (\d+) problems", re.MULTILINE)
WARNING_RE = re.compile(r"WARNING: .*?(?: \[([\w.-]+)\])?$", re.MULTILINE)
#: the 1-minute load average at the start of every repetition of the run
LOADS: list[float] = []
README_START = "<!-- results:start -->"
README_END = "<!-- results:end -->"


@dataclass
class Run:
    """One sphinx-build process."""

    wall: float
    cpu: float
    maxrss_mb: float
    read: int
    written: int
    warnings: int
    rfc_problems: int | None
    returncode: int


@dataclass
class Figures:
    """Everything measured for one variant at one size."""

    full: list[Run] = field(default_factory=list)
    nochange: list[Run] = field(default_factory=list)
    edit: list[Run] = field(default_factory=list)
    status_edit: list[Run] = field(default_factory=list)
    parallel: list[Run] = field(default_factory=list)
    #: rfcs.json of the serial and of the -j 2 build are byte-identical (sphinx_rfc)
    export_same: list[bool] = field(default_factory=list)

    def best(self, name: str) -> Run:
        runs: list[Run] = getattr(self, name)
        return min(runs, key=lambda r: r.wall)

    def peak_mb(self) -> float:
        return statistics.median(r.maxrss_mb for r in self.full)


def html_args(src: Path) -> list[str]:
    """``sphinx-build``'s arguments for an HTML build of *src* into its
    ``_build`` folder (no colour), as every measure runs it."""
    out = src / "_build"
    return ["-b", "html", "-N", str(src), str(out / "html"), "-d", str(out / "doctrees")]


def sphinx_build(src: Path, jobs: int = 1, nice: int = 10) -> tuple[Run, str]:
    """Runs sphinx-build (html) on *src*; returns the measures and its output."""
    exe = Path(sys.executable).with_name("sphinx-build")
    cmd = ["nice", "-n", str(nice), str(exe), *html_args(src)]
    if jobs > 1:
        cmd += ["-j", str(jobs)]
    log = src.parent / f"{src.name}.log"
    # The previous build's output (and the folder `clean` removed) is still
    # being written back to disk: flush it first, so that it is not part of
    # this build's time (as hyperfine's `--prepare sync` does).
    os.sync()
    with log.open("w", encoding="utf-8") as sink:
        start = time.perf_counter()
        proc = subprocess.Popen(
            cmd, stdout=sink, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONHASHSEED": "0"}
        )
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    text = log.read_text(encoding="utf-8", errors="replace")
    summary = SUMMARY_RE.search(text)
    run = Run(
        wall=wall,
        cpu=usage.ru_utime + usage.ru_stime,
        maxrss_mb=usage.ru_maxrss / 1024,
        read=len(READ_RE.findall(text)),
        written=len(WRITE_RE.findall(text)),
        warnings=len(WARNING_RE.findall(text)),
        rfc_problems=int(summary.group(1)) if summary else None,
        returncode=proc.returncode,
    )
    if proc.returncode != 0:
        print(f"  !! sphinx-build failed ({proc.returncode}) on {src}; see {log}", flush=True)
    return run, text


def clean(src: Path) -> None:
    shutil.rmtree(src / "_build", ignore_errors=True)


def edit_status(src: Path, n: int) -> None:
    path = generate.edit_path(src, n)
    path.write_text(generate.status_edit(path.read_text(encoding="utf-8")), encoding="utf-8")


def export_bytes(src: Path) -> bytes | None:
    path = src / "_build" / "html" / "rfcs.json"
    return path.read_bytes() if path.exists() else None


def project(variant: str, n: int) -> Path:
    """The project of *variant* at size *n*, made afresh: generated with N
    RFCs, or a real corpus (its size is its own: one project for every N)."""
    if variant in corpus_projects.VARIANTS:
        src = WORK / f"corpus-{variant}"
        corpus_projects.make_variant(variant, src)
    else:
        src = WORK / f"n{n}-{variant}"
        generate.generate(variant, n, src)
    return src


def edit_variant(variant: str, src: Path, n: int) -> None:
    """One edit of one RFC of *variant*'s project."""
    if variant in corpus_projects.VARIANTS:
        corpus_projects.edit_variant(variant, src)
    else:
        edit(src, n)


def edit(src: Path, n: int) -> None:
    """Change one sentence of RFC N/2 (its ``EDIT-MARK-<k>`` becomes
    ``<k + 1>``): every edit changes the text, whatever ran before."""
    path = generate.edit_path(src, n)
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"EDIT-MARK-(\d+)", lambda m: f"EDIT-MARK-{int(m.group(1)) + 1}", text)
    path.write_text(text, encoding="utf-8")


def measure_size(n: int, variants: list[str], repeat: int, log: Any) -> dict[str, Figures]:
    sources = {variant: project(variant, n) for variant in variants}
    results = {v: Figures() for v in variants}
    for rep in range(repeat):
        LOADS.append(os.getloadavg()[0])
        # Measure by measure, every variant in turn, the order reversed every
        # other repetition: the two builds of a pair run seconds apart, and
        # neither variant always runs first (the machine drifts within a run).
        order = variants if rep % 2 == 0 else variants[::-1]
        exports: dict[str, bytes | None] = {}
        for variant in order:
            src, figs = sources[variant], results[variant]
            clean(src)
            run, text = sphinx_build(src)
            figs.full.append(run)
            exports[variant] = export_bytes(src)
            if rep == 0 and run.warnings:
                kinds = sorted(set(WARNING_RE.findall(text)))
                print(f"  {variant}: {run.warnings} warnings {kinds[:8]}", flush=True)
        for variant in order:
            results[variant].nochange.append(sphinx_build(sources[variant])[0])
        for variant in order:
            edit_variant(variant, sources[variant], n)
            results[variant].edit.append(sphinx_build(sources[variant])[0])
        for variant in order:
            # (plain shows no other page's status; a corpus's status is its own text)
            if not variant.endswith("plain") and variant not in corpus_projects.VARIANTS:
                src = sources[variant]
                edit_status(src, n)
                results[variant].status_edit.append(sphinx_build(src)[0])
                edit_status(src, n)  # back, so every repetition starts alike
        for variant in order:
            src, figs = sources[variant], results[variant]
            clean(src)
            figs.parallel.append(sphinx_build(src, jobs=2)[0])
            if exports[variant] is not None:
                figs.export_same.append(exports[variant] == export_bytes(src))
        for variant in variants:
            figs = results[variant]
            f, e, p = figs.full[-1], figs.edit[-1], figs.parallel[-1]
            line = (
                f"  N={n} rep {rep + 1}/{repeat} {variant:5}: full {f.wall:6.2f}s "
                f"nochange {figs.nochange[-1].wall:5.2f}s edit {e.wall:5.2f}s "
                f"(read {e.read}, wrote {e.written}) -j2 {p.wall:6.2f}s "
                f"rss {f.maxrss_mb:5.0f}MB"
            )
            print(line, flush=True)
            log.write(line + "\n")
            log.flush()
    return results


# --------------------------------------------------------------------------
# reporting


def ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}" if b else "—"


def verdict(value: float, limit: float, higher_is_better: bool = False) -> str:
    ok = value >= limit if higher_is_better else value <= limit
    return "✓" if ok else "✗"


def paired_ratio(a: list[Run], b: list[Run], what: str = "wall") -> float:
    """The median of ``a[i] / b[i]`` over the repetitions (*what*: ``wall``,
    ``cpu`` or ``maxrss_mb``): the variants take turns within a repetition,
    so a slow stretch of a shared machine falls on both of a pair."""
    pairs = [(getattr(x, what), getattr(y, what)) for x, y in zip(a, b, strict=False)]
    return statistics.median(x / y for x, y in pairs if y) if pairs else float("nan")


@dataclass
class Group:
    """Variants reported in one table: *subjects* against the *floor* (and a *rival*)."""

    subjects: tuple[str, ...]
    floor: str
    rival: str | None
    #: figure -> the largest ratio to the floor that meets the target
    targets: dict[str, float]
    #: the largest ratio to the rival that meets its target (figures in ``targets``)
    rival_target: float = 1.0
    #: a real corpus's name: its project has its own size, whatever N says
    corpus: str | None = None


GROUPS = (
    # the project's benchmark (issue 16: full build <= 1.05 x plain, no slower than sphinx-needs)
    Group(("rfc",), "plain", "needs", {"full": 1.05, "nochange": 1.3, "edit": 1.5, "memory": 1.2}),
    # the table-dense RFCs (issue 16)
    Group(
        ("dense", "dense-native"),
        "dense-plain",
        None,
        {"full": 1.10, "nochange": 1.2, "edit": 1.3, "memory": 1.15},
    ),
    # the real corpora, sidebars off (issue 58)
    Group(("keps",), "keps-plain", None,
          {"full": 1.10, "nochange": 1.15, "edit": 1.20, "memory": 1.15}, corpus="KEPs"),
    Group(("rust-rfcs",), "rust-rfcs-plain", None,
          {"full": 1.10, "nochange": 1.15, "edit": 1.20, "memory": 1.15}, corpus="Rust RFCs"),
)

#: (label, Figures attribute) of the timed figures, in table order
TIMED = (
    ("full build", "full"),
    ("no-change rebuild", "nochange"),
    ("one-RFC edit rebuild", "edit"),
    ("`-j 2` full build", "parallel"),
    ("status edit of one RFC", "status_edit"),
)


def _median(runs: list[Run], what: str = "wall") -> float:
    return statistics.median(getattr(r, what) for r in runs)


def group_table(n: int, results: dict[str, Figures], group: Group) -> list[str]:
    subjects = [v for v in group.subjects if v in results]
    floor = results[group.floor]
    rival = results.get(group.rival) if group.rival else None
    shown = [*subjects, group.floor, *([group.rival] if rival else [])]
    reps = min(len(results[v].full) for v in shown)
    what = f"The {group.corpus} corpus" if group.corpus else f"N = {n} RFCs"
    lines = [
        f"**{what}** ({reps} paired repetitions; times in seconds, median of the "
        f"repetitions; ratios: median of the per-repetition ratios, wall time (CPU time))\n"
    ]
    head = ["figure", *(VARIANT_NAMES[v] for v in shown)]
    for v in subjects:
        head.append(f"{v} / {group.floor}")
        if rival:
            head.append(f"{v} / {group.rival}")
    head.append("target (wall ratio)")
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|---|" + "---:|" * (len(head) - 2) + "---|")

    def row(label: str, cells: list[str], ratios: list[str], target: str) -> None:
        lines.append("| " + " | ".join([label, *cells, *ratios, target]) + " |")

    for label, key in TIMED:
        runs = {v: getattr(results[v], key) for v in shown}
        if not all(runs[v] for v in subjects):
            continue
        cells = [f"{_median(runs[v]):.2f}" if runs[v] else "—" for v in shown]
        ratios, marks = [], []
        limit = group.targets.get(key)
        for v in subjects:
            if runs[group.floor]:
                w = paired_ratio(runs[v], runs[group.floor])
                c = paired_ratio(runs[v], runs[group.floor], "cpu")
                ratios.append(f"{w:.2f} ({c:.2f})")
                if limit is not None:
                    marks.append(
                        f"{v} {verdict(w, limit)}" if len(subjects) > 1 else verdict(w, limit)
                    )
            else:
                ratios.append("—")
            if rival:
                if runs[group.rival]:
                    w = paired_ratio(runs[v], runs[group.rival])
                    c = paired_ratio(runs[v], runs[group.rival], "cpu")
                    ratios.append(f"{w:.2f} ({c:.2f})")
                    if limit is not None:
                        marks.append(
                            f"vs {group.rival} <= {group.rival_target:.2f} "
                            f"{verdict(w, group.rival_target)}"
                        )
                else:
                    ratios.append("—")
        target = f"<= {limit:.2f} " + ", ".join(marks) if limit is not None else ""
        row(label, cells, ratios, target)
    # memory
    cells = [f"{results[v].peak_mb():.0f}" for v in shown]
    ratios, marks = [], []
    limit = group.targets["memory"]
    for v in subjects:
        m = paired_ratio(results[v].full, floor.full, "maxrss_mb")
        ratios.append(f"{m:.2f}")
        marks.append(f"{v} {verdict(m, limit)}" if len(subjects) > 1 else verdict(m, limit))
        if rival:
            ratios.append(f"{paired_ratio(results[v].full, rival.full, 'maxrss_mb'):.2f}")
    row("peak memory (MB)", cells, ratios, f"<= {limit:.2f} " + ", ".join(marks))
    # -j 2 speedup
    speed = {v: _median(results[v].full) / _median(results[v].parallel) for v in shown}
    ratios = []
    for v in subjects:
        ratios.append(f"{speed[v] / speed[group.floor]:.2f}")
        if rival:
            ratios.append(f"{speed[v] / speed[group.rival]:.2f}")
    row("`-j 2` speedup (×)", [f"{speed[v]:.2f}" for v in shown], ratios, "at least the floor's")
    blank = [""] * (len(head) - 2 - len(shown))
    edits = {v: results[v].edit[0] for v in shown}
    row("edit: docs read / written", [f"{e.read} / {e.written}" for e in edits.values()], blank, "")
    same = [
        "—" if not results[v].export_same else "yes" if all(results[v].export_same) else "NO"
        for v in shown
    ]
    row("`rfcs.json` identical, serial vs `-j 2`", same, blank, "")
    warnings = []
    for v in shown:
        first = results[v].full[0]
        extra = f" ({first.rfc_problems} RFC problems)" if first.rfc_problems is not None else ""
        warnings.append(f"{first.warnings}{extra}")
    row("warnings (full build)", warnings, blank, "")
    lines.append("")
    return lines


def table(all_results: dict[int, dict[str, Figures]]) -> str:
    lines: list[str] = []
    for group in GROUPS:
        for n, results in all_results.items():
            if group.floor in results and any(v in results for v in group.subjects):
                lines += group_table(n, results, group)
    for group in GROUPS:
        if group.corpus:
            continue  # (one size: its own)
        sizes = sorted(n for n, r in all_results.items() if group.floor in r)
        pairs = list(itertools.pairwise(sizes))
        if not pairs:
            continue
        variants = [*group.subjects, group.floor, *([group.rival] if group.rival else [])]
        lines.append("Full-build growth (median time ratio between sizes; linear = size ratio):\n")
        lines.append("| sizes | linear | " + " | ".join(VARIANT_NAMES[v] for v in variants) + " |")
        lines.append("|---|---:|" + "---:|" * len(variants))
        for a, b in pairs:
            cells = []
            for v in variants:
                if v in all_results[a] and v in all_results[b]:
                    g = _median(all_results[b][v].full) / _median(all_results[a][v].full)
                    cells.append(f"{g:.2f}")
                else:
                    cells.append("—")
            lines.append(f"| {a} → {b} | {b / a:.2f} | " + " | ".join(cells) + " |")
        lines.append("")
    return "\n".join(lines)


def _git(*args: str) -> str:
    """The output of a git command in the project ('' when git fails)."""
    return subprocess.run(
        ["git", "-C", str(HERE.parent), *args], capture_output=True, text=True, check=False
    ).stdout.strip()


def machine() -> str:
    import docutils
    import myst_parser
    import sphinx

    try:
        import sphinx_needs

        needs_version = sphinx_needs.__version__
    except ImportError:
        needs_version = "not installed"
    import sphinx_rfc

    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    head = _git("rev-parse", "--short", "HEAD")
    dirty = _git("status", "--porcelain", "sphinx_rfc")
    return (
        f"{dt.date.today().isoformat()}, sphinx_rfc at commit {head or '?'}"
        f"{' (plus uncommitted changes)' if dirty else ''}; {os.cpu_count()} cores ({cpu}), shared with other "
        f"jobs; Python {platform.python_version()}, Sphinx {sphinx.__version__}, "
        f"docutils {docutils.__version__}, myst-parser {myst_parser.__version__}, "
        f"sphinx-needs {needs_version}, sphinx_rfc {sphinx_rfc.__version__}; "
        f"theme alabaster, `html_sidebars = {{'**': []}}`; builds run under `nice -n 10`."
    )


def update_readme(report: str) -> None:
    readme = HERE / "README.md"
    text = readme.read_text(encoding="utf-8")
    if README_START not in text or README_END not in text:
        print("README.md has no results markers; not updated")
        return
    head, rest = text.split(README_START, 1)
    _, tail = rest.split(README_END, 1)
    readme.write_text(f"{head}{README_START}\n{report}\n{README_END}{tail}", encoding="utf-8")
    print("README.md updated")


# --------------------------------------------------------------------------
# profiling


#: Sphinx phases compared between the variants: (label, file suffix, function)
PHASES = (
    ("read (parse + transforms + doctree-read)", "sphinx/builders/__init__.py", "read"),
    ("write (resolve + translate + HTML files)", "sphinx/builders/__init__.py", "write"),
    (
        "  of which get_and_resolve_doctree",
        "sphinx/environment/__init__.py",
        "get_and_resolve_doctree",
    ),
    ("  of which write_doc (translate)", "sphinx/builders/html/__init__.py", "write_doc"),
    ("finish (indices, search index, static)", "sphinx/builders/html/__init__.py", "finish"),
    ("pickle.dump (environment, doctrees)", "~", "<built-in method _pickle.dump>"),
)


# cProfile's default (wall-clock) timer: a CPU-time timer would ignore other
# processes' load, but its clock_gettime() per call made the profiled build
# 15 times slower on the benchmark machine (a VM); profile on an idle machine
_PROFILE_MAIN = """
import cProfile, sys
from sphinx.cmd.build import main
profiler = cProfile.Profile()
profiler.enable()
try:
    main(sys.argv[2:])
finally:
    profiler.disable()
    profiler.dump_stats(sys.argv[1])
"""


def _profile_build(variant: str, n: int) -> tuple[Any, float]:
    import pstats

    src = project(variant, n)
    clean(src)
    prof = WORK / f"{src.name}.prof"
    cmd = [sys.executable, "-c", _PROFILE_MAIN, str(prof), "-q", *html_args(src)]
    start = time.perf_counter()
    subprocess.run(["nice", "-n", "10", *cmd], check=False)
    return pstats.Stats(str(prof)), time.perf_counter() - start


def _cumulative(stats: Any, suffix: str, func: str) -> float:
    total = 0.0
    for (file, _line, name), (_cc, _nc, _tt, ct, _callers) in stats.stats.items():
        if name == func and file.replace("\\", "/").endswith(suffix):
            total += ct
    return total


def _own_time_differences(a: Any, b: Any) -> list[tuple[float, int, int, str]]:
    def aggregate(stats: Any) -> dict[str, list[float]]:
        totals: dict[str, list[float]] = {}
        for (file, _line, func), (_cc, nc, tt, _ct, _callers) in stats.stats.items():
            short = file.replace("\\", "/").split("site-packages/")[-1]
            short = short.removeprefix(HERE.parent.as_posix() + "/")
            entry = totals.setdefault(f"{short}:{func}", [0.0, 0])
            entry[0] += tt
            entry[1] += nc
        return totals

    ta, tb = aggregate(a), aggregate(b)
    rows = [
        (
            ta.get(k, [0.0, 0])[0] - tb.get(k, [0.0, 0])[0],
            int(ta.get(k, [0, 0])[1]),
            int(tb.get(k, [0, 0])[1]),
            k,
        )
        for k in set(ta) | set(tb)
    ]
    return sorted(rows, reverse=True)


def profile(n: int, subject: str = "rfc", floor: str = "plain", top: int = 30) -> None:
    """cProfile the full build of the sphinx_rfc (*subject*) and the
    *floor* variant (plain Sphinx, or sphinx-needs); print the Sphinx phases
    side by side, then sphinx_rfc's own functions."""
    profiled = {v: _profile_build(v, n) for v in (subject, floor)}
    runs = {"rfc": profiled[subject], "plain": profiled[floor]}
    stats = runs["rfc"][0]
    print(
        f"full build of N={n} under cProfile, wall time (profiler overhead included: compare, "
        f"do not read the seconds as build times)\n"
    )
    print(f"| phase | sphinx_rfc (s) | {floor} (s) | difference (s) |")
    print("|---|---:|---:|---:|")
    totals = {v: s.total_tt for v, (s, _) in runs.items()}
    print(
        f"| whole build | {totals['rfc']:.2f} | {totals['plain']:.2f} "
        f"| {totals['rfc'] - totals['plain']:+.2f} |"
    )
    for label, suffix, func in PHASES:
        a = _cumulative(stats, suffix, func)
        b = _cumulative(runs["plain"][0], suffix, func)
        print(f"| {label} | {a:.2f} | {b:.2f} | {a - b:+.2f} |")
    ours = []
    for (file, line, func), (_cc, _nc, tt, ct, _callers) in stats.stats.items():
        if "sphinx_rfc" in file:
            name = "sphinx_rfc/" + file.replace("\\", "/").rsplit("/sphinx_rfc/", 1)[-1]
            ours.append((ct, tt, f"{name}:{line}:{func}"))
    own_total = sum(tt for _ct, tt, _ in ours)
    print(f"\nlargest differences in own time, sphinx_rfc minus {floor} (file, function):\n")
    print(f"{'own diff':>9} {'calls rfc':>10} {'calls ' + floor:>11}  function")
    for diff, calls_a, calls_b, name in _own_time_differences(stats, runs["plain"][0])[:20]:
        print(f"{diff:9.2f} {calls_a:10d} {calls_b:11d}  {name}")
    print(
        f"\ntime inside sphinx_rfc's own functions (tottime): {own_total:.2f}s "
        f"= {own_total / totals['rfc']:.1%} of the build\n"
    )
    print("sphinx_rfc functions by cumulative time (includes the docutils/Sphinx work they call;")
    print("the table directives' cumulative time includes parsing their content, which plain")
    print("Sphinx does too):\n")
    print(f"{'cumulative':>10} {'own':>8}  function")
    for ct, tt, name in sorted(ours, reverse=True)[:top]:
        print(f"{ct:10.3f} {tt:8.3f}  {name}")
    print("\nwhole sphinx_rfc build, by own time:")
    stats.sort_stats("tottime").print_stats(15)


COLLECTED_RE = re.compile(r"Collected : (\d+)")


def _count(src: Path) -> int:
    """The instructions one ``sphinx-build -b html`` of *src* executes,
    counted by valgrind's callgrind (into its existing output, if any)."""
    python = Path(os.path.realpath(sys.executable))
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
           str(python), "-m", "sphinx", "-q", *html_args(src)]
    proc = subprocess.run(cmd, capture_output=True, text=True,
                          env={**os.environ, "PYTHONHASHSEED": "0"}, check=False)
    found = COLLECTED_RE.search(proc.stderr)
    if proc.returncode != 0 or found is None:
        raise SystemExit(f"valgrind failed on {src}:\n{proc.stderr[-2000:]}")
    return int(found.group(1))


#: the builds ``--instructions`` counts, in the order it runs them
COUNTED = (("full", "full build"), ("nochange", "no-change rebuild"), ("edit", "one-RFC edit rebuild"))


def _count_variant(n: int, variant: str, src: Path, rebuilds_only: bool = False
                   ) -> dict[str, int]:
    clean(src)
    if rebuilds_only:
        sphinx_build(src)  # the full build, run but not counted
        counts = {"nochange": _count(src)}
    else:
        counts = {"full": _count(src), "nochange": _count(src)}
    edit_variant(variant, src, n)
    counts["edit"] = _count(src)
    for key, label in COUNTED:
        if key in counts:
            print(f"  N={n} {variant}: {label} {counts[key] / 1e9:.3f} G instructions", flush=True)
    return counts


def instructions(n: int, variants: list[str], rebuilds_only: bool = False) -> str:
    """The instructions each variant's full build, no-change rebuild and
    one-RFC edit rebuild execute, counted by valgrind (``callgrind``: about
    50 times slower than a build; the variants run side by side, one per
    core).  Unlike times, a count is the same on every run and every load
    (with ``PYTHONHASHSEED=0``; the garbage collector and the interpreter's
    exit included), so it shows what a change to the code did, on a machine
    whose speed drifts by a tenth or more between two runs of the same
    build.  With *rebuilds_only* the full build runs uncounted (at N = 1000
    counting it takes two hours; the rebuilds, minutes)."""
    sources = {variant: project(variant, n) for variant in variants}
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        futures = {v: pool.submit(_count_variant, n, v, sources[v], rebuilds_only)
                   for v in variants}
        counts = {v: f.result() for v, f in futures.items()}
    floor = next((v for v in variants if v.endswith("plain")), variants[0])
    rival = "needs" if "needs" in variants and floor == "plain" else None
    head = ["build", *(f"{VARIANT_NAMES[v]} (`{v}`)" for v in variants)]
    head += [f"{v} / {floor}" for v in variants if v != floor]
    head += [f"{v} / {rival}" for v in variants if rival and v not in (floor, rival)]
    rows = ["| " + " | ".join(head) + " |", "|---|" + "---:|" * (len(head) - 1)]
    for key, label in COUNTED:
        if key not in counts[floor]:
            continue
        cells = [label, *(f"{counts[v][key] / 1e9:.3f}" for v in variants)]
        cells += [f"{counts[v][key] / counts[floor][key]:.3f}" for v in variants if v != floor]
        cells += [f"{counts[v][key] / counts[rival][key]:.3f}"
                  for v in variants if rival and v not in (floor, rival)]
        rows.append("| " + " | ".join(cells) + " |")
    return (f"**N = {n}**, instructions executed (G; valgrind callgrind, `PYTHONHASHSEED=0`)\n\n"
            + "\n".join(rows) + "\n")


def compile_packages() -> None:
    """Byte-compile sphinx_rfc before measuring, as ``pip install`` does for
    Sphinx, docutils, MyST and sphinx-needs.  An editable install on a
    machine with ``PYTHONDONTWRITEBYTECODE`` set (this one) never writes the
    ``.pyc`` files, so every ``sphinx-build`` would compile the extension's
    sources again: about 0.15 s a build on the benchmark machine, which no
    installed copy pays and which is a sixth of plain Sphinx's no-change
    rebuild at N = 200."""
    import sphinx_rfc

    package = Path(sphinx_rfc.__file__).parent
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(package)], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 300, 1000])
    parser.add_argument(
        "--variants",
        nargs="+",
        default=list(generate.STANDARD),
        choices=ALL_VARIANTS,
        help="default: rfc plain needs; the table-dense projects: dense dense-plain "
        "dense-native; the real corpora (checkouts in $SPHINX_RFC_CORPORA, default "
        "/work/corpora; their size is their own): keps keps-plain rust-rfcs rust-rfcs-plain",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        nargs="+",
        default=None,
        help="repetitions per size (one number, or one per size); default 3 up to N=100, 2 below N=1000, then 1",
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help="profile the sphinx_rfc full build of each size instead, beside plain "
        "Sphinx's (beside sphinx-needs' with --variants rfc needs)",
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count the instructions of a full build, a no-change and a one-RFC edit "
        "rebuild of each variant (valgrind; deterministic, ~50x slower than a build, "
        "the variants side by side) instead",
    )
    parser.add_argument(
        "--rebuilds-only",
        action="store_true",
        help="with --instructions: run the full build without counting it, count the "
        "no-change and the edit rebuild (minutes instead of hours at N = 1000)",
    )
    parser.add_argument(
        "--readme", action="store_true", help="write the table into benchmarks/README.md"
    )
    parser.add_argument(
        "--from-results",
        action="store_true",
        help="no builds: print (and with --readme write) the table of the last run again "
        "from _work/results.json",
    )
    args = parser.parse_args()
    WORK.mkdir(exist_ok=True)
    if args.from_results:
        rerender(args.readme)
        return
    compile_packages()
    if args.instructions:
        info = machine()
        report = f"Run: {info}\n\n" + "\n".join(
            instructions(n, args.variants, args.rebuilds_only) for n in args.sizes)
        print(report)
        (WORK / "instructions.md").write_text(report, encoding="utf-8")
        return
    if args.profile:
        subject = args.variants[0] if args.variants[0] != "dense-plain" else "dense"
        if subject.endswith("-plain") and subject in corpus_projects.VARIANTS:
            subject = subject.removesuffix("-plain")
        floor = ("dense-plain" if subject in generate.DENSE
                 else f"{subject}-plain" if subject in corpus_projects.VARIANTS else "plain")
        if subject == "rfc" and "needs" in args.variants[1:2]:
            floor = "needs"  # --variants rfc needs: against sphinx-needs
        for n in args.sizes:
            profile(n, subject, floor)
        return
    if args.repeat is None:
        repeats = [3 if n <= 100 else 2 if n < 1000 else 1 for n in args.sizes]
    elif len(args.repeat) == 1:
        repeats = args.repeat * len(args.sizes)
    else:
        repeats = args.repeat
    all_results: dict[int, dict[str, Figures]] = {}
    load_before = os.getloadavg()
    info = machine()  # before the run: the commit measured
    start = time.perf_counter()
    with (WORK / "run.log").open("a", encoding="utf-8") as log:
        for n, repeat in zip(args.sizes, repeats, strict=True):
            print(f"N={n}: {repeat} repetition(s)", flush=True)
            all_results[n] = measure_size(n, args.variants, repeat, log)
    load_after = os.getloadavg()
    report = (
        f"Run: {info} Total run time {time.perf_counter() - start:.0f}s; load average "
        f"(1, 5, 15 min) {', '.join(f'{x:.1f}' for x in load_before)} before, "
        f"{', '.join(f'{x:.1f}' for x in load_after)} after; 1-minute load at the start of "
        f"the repetitions {min(LOADS):.1f}–{max(LOADS):.1f}.\n\n" + table(all_results)
    )
    print()
    print(report)
    (WORK / "results.md").write_text(report, encoding="utf-8")
    (WORK / "results.json").write_text(
        json.dumps(
            {str(n): {v: asdict(f) for v, f in r.items()} for n, r in all_results.items()}, indent=1
        ),
        encoding="utf-8",
    )
    if args.readme:
        update_readme(report)


def rerender(readme: bool) -> None:
    """The table of the last run, from its saved figures (after a change of
    :func:`table`), under the last run's own "Run:" line."""
    saved = json.loads((WORK / "results.json").read_text(encoding="utf-8"))
    all_results: dict[int, dict[str, Figures]] = {}
    for n, variants in saved.items():
        all_results[int(n)] = {}
        for variant, figures in variants.items():
            runs = {k: [Run(**r) for r in v] for k, v in figures.items() if k != "export_same"}
            all_results[int(n)][variant] = Figures(**runs, export_same=figures["export_same"])
    first = (WORK / "results.md").read_text(encoding="utf-8").split("\n\n", 1)[0]
    report = first + "\n\n" + table(all_results)
    print(report)
    (WORK / "results.md").write_text(report, encoding="utf-8")
    if readme:
        update_readme(report)


if __name__ == "__main__":
    main()
