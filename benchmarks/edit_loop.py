"""The edit loop (issue 44): full build, no-change rebuild and one-RFC edit
rebuild of ``rfc`` against ``plain``, CPU time (user + sys), interleaved.

    python benchmarks/edit_loop.py                 # N = 200, 5 rounds
    python benchmarks/edit_loop.py --size 1000 --rounds 3
    git archive BASE sphinx_rfc | tar -x -C /tmp/base
    python benchmarks/edit_loop.py --baseline /tmp/base   # ... and BASE's code too

With ``--baseline DIR`` a third variant, ``rfc-base``, builds its own copy
of the ``rfc`` project with the package found in DIR (``PYTHONPATH``): the
code before and after a change, measured in the same run.

Each round builds both variants measure by measure (every variant's full
build, then every variant's no-change rebuild, then every variant's
one-RFC edit rebuild), the variant that goes first alternating from one
round to the next, with ``run.py``'s ``sphinx_build`` (``nice -n 10``,
``PYTHONHASHSEED=0``, ``os.sync()`` first, the extension byte-compiled).
Printed: the median CPU seconds of each and the median of the per-round
ratios ``rfc / plain``, against issue 44's bars (no change <= 1.15, one
RFC edited <= 1.20, full <= 1.10), and the 1-minute load at each round.
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

BARS = {"full": 1.10, "nochange": 1.15, "edit": 1.20}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--baseline", type=Path, help="a folder holding another sphinx_rfc")
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
    sources = {}
    for variant in variants:
        src = run.WORK / f"loop-n{args.size}-{variant}"
        generate.generate(variant.removesuffix("-base"), args.size, src)
        sources[variant] = src
    cpu: dict[tuple[str, str], list[float]] = {}
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
                    run.edit(src, args.size)
                os.environ["PYTHONPATH"] = paths[variant]
                result, _ = run.sphinx_build(src)
                if result.returncode:
                    raise SystemExit(f"{variant} {measure} failed")
                cpu.setdefault((variant, measure), []).append(result.cpu)
        print(f"round {round_ + 1}: " + ", ".join(
            f"{m} " + "/".join(f"{cpu[v, m][-1]:.2f}" for v in variants) for m in BARS),
            flush=True)
    print(f"\nN = {args.size}, {args.rounds} rounds, load {', '.join(f'{x:.1f}' for x in loads)}")
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


if __name__ == "__main__":
    main()
