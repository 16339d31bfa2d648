"""Full builds only, two (or more) variants in turn, and the ratio of each pair.

    python benchmarks/full_pairs.py --size 300 --variants rfc needs --pairs 4
    python benchmarks/full_pairs.py --size 300 --variants rfc needs --pairs 4 --gc-stats
    python benchmarks/full_pairs.py --size 300 --variants rfc needs needs-wrapped --pairs 6

``run.py`` measures five things per repetition; when only the full build is
in question, this takes more pairs of it in the same time.  The projects
are the ones ``run.py`` writes (``_work/nSIZE-VARIANT``, generated when
missing).  Each build runs on an empty output folder under ``nice -n 10``
with ``PYTHONHASHSEED=0``, after ``os.sync()`` and a one-second pause (the
previous build's output is written back first); the variant that goes
first alternates from pair to pair.  Printed: each build's wall and CPU
time (user + sys, ``os.wait4``), each pair's CPU ratio (first variant /
second), their median, and the medians of the pairs where each variant
went first (a difference between those two is the order, not the code).
With three or more variants a round builds each once, the order rotating
from round to round (``--pairs`` a multiple of their number puts each in
each place equally often), and every other variant is compared with the
second, round by round.
With ``--gc-stats`` each build runs under ``gc_stats.py`` and its line of
garbage collections is printed too.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import generate  # noqa: E402
from run import WORK, compile_packages  # noqa: E402


def build(src: Path, out: Path, gc_stats: bool) -> tuple[float, float, str]:
    """One full build of *src* into *out*: wall time, CPU time, and the
    line of ``gc_stats.py`` when it ran under it."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    runner = [str(HERE / "gc_stats.py")] if gc_stats else ["-m", "sphinx"]
    cmd = ["nice", "-n", "10", sys.executable, *runner, "-q", "-b", "html",
           str(src), str(out / "html"), "-d", str(out / "doctrees")]
    os.sync()
    time.sleep(1)
    log = out / "build.log"
    with log.open("w", encoding="utf-8") as sink:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=sink, stderr=subprocess.STDOUT,
                                env={**os.environ, "PYTHONHASHSEED": "0"})
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        print(f"  !! the build of {src} failed; see {log}", flush=True)
    text = log.read_text(encoding="utf-8", errors="replace")
    gc_line = " | ".join(line for line in text.splitlines() if line.startswith(("GC ", "left ")))
    return wall, usage.ru_utime + usage.ru_stime, gc_line


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=300)
    parser.add_argument("--variants", nargs="+", default=["rfc", "needs"],
                        choices=list(generate.VARIANTS))
    parser.add_argument("--pairs", type=int, default=4)
    parser.add_argument("--gc-stats", action="store_true")
    args = parser.parse_args()
    count = len(args.variants)
    if count < 2:
        parser.error("--variants takes two variants or more")
    compile_packages()
    sources = {}
    for variant in args.variants:
        src = WORK / f"n{args.size}-{variant}"
        if not src.exists():
            generate.generate(variant, args.size, src)
        sources[variant] = src
    cpu: dict[str, list[float]] = {v: [] for v in args.variants}
    for pair in range(args.pairs):
        turn = pair % count
        order = args.variants[turn:] + args.variants[:turn]
        for variant in order:
            wall, used, gc_line = build(sources[variant], WORK / f"pairs-{variant}", args.gc_stats)
            cpu[variant].append(used)
            print(f"pair {pair + 1} {variant:12s} wall {wall:7.2f}s cpu {used:7.2f}s {gc_line}",
                  flush=True)
    floor = args.variants[1]
    for variant in (v for v in args.variants if v != floor):
        ratios = [a / b for a, b in zip(cpu[variant], cpu[floor], strict=True)]
        print(f"CPU {variant} / {floor}: " + ", ".join(f"{r:.3f}" for r in ratios)
              + f"; median {statistics.median(ratios):.3f}")
        if count == 2:
            for label, picked in ((f"{variant} first", ratios[0::2]),
                                  (f"{floor} first", ratios[1::2])):
                if picked:
                    print(f"  pairs where {label}: median {statistics.median(picked):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
