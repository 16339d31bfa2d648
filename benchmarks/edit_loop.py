"""The edit loop (issue 44): full build, no-change rebuild and one-RFC edit
rebuild of ``rfc`` against ``plain``, CPU time (user + sys), interleaved.

    python benchmarks/edit_loop.py                 # N = 200, 5 rounds
    python benchmarks/edit_loop.py --size 1000 --rounds 3

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
    args = parser.parse_args()
    run.compile_packages()
    variants = ["rfc", "plain"]
    sources = {}
    for variant in variants:
        src = run.WORK / f"loop-n{args.size}-{variant}"
        generate.generate(variant, args.size, src)
        sources[variant] = src
    cpu: dict[tuple[str, str], list[float]] = {}
    loads = []
    for round_ in range(args.rounds):
        loads.append(os.getloadavg()[0])
        order = variants if round_ % 2 == 0 else variants[::-1]
        for measure in BARS:
            for variant in order:
                src = sources[variant]
                if measure == "full":
                    run.clean(src)
                elif measure == "edit":
                    run.edit(src, args.size)
                result, _ = run.sphinx_build(src)
                if result.returncode:
                    raise SystemExit(f"{variant} {measure} failed")
                cpu.setdefault((variant, measure), []).append(result.cpu)
        print(f"round {round_ + 1}: " + ", ".join(
            f"{m} {cpu['rfc', m][-1]:.2f}/{cpu['plain', m][-1]:.2f}" for m in BARS), flush=True)
    print(f"\nN = {args.size}, {args.rounds} rounds, load {', '.join(f'{x:.1f}' for x in loads)}")
    print("| build | rfc CPU s | plain CPU s | ratio (median of rounds) | bar |")
    print("|---|---|---|---|---|")
    for measure, bar in BARS.items():
        a, b = cpu["rfc", measure], cpu["plain", measure]
        ratio = statistics.median(x / y for x, y in zip(a, b, strict=True))
        mark = "met" if ratio <= bar else "missed"
        print(f"| {measure} | {statistics.median(a):.2f} | {statistics.median(b):.2f} "
              f"| {ratio:.2f} | <= {bar:.2f} {mark} |")


if __name__ == "__main__":
    main()
