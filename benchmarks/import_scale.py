"""Time ``sphinx-rfc import`` of N generated issues: does the import grow
linearly with the number of issues (docs/reference/cli.md, ``import``)?

    python benchmarks/import_scale.py                 # 1,000 and 10,000 issues, median of 3
    python benchmarks/import_scale.py 500 5000 --repeat 5
    python benchmarks/import_scale.py --title-mb 10   # one issue with a 10 MB title
    python benchmarks/import_scale.py 1000 2000 --code ../other-checkout

For each N, in a fresh temporary folder (no ``conf.py``: the default ID
format), each run is its own process (``python -m sphinx_rfc.cli``, so the
code of this checkout is timed):

1. ``import`` into an empty folder (N files written);
2. ``import`` of the same export again (N files found, none written);
3. ``import`` of an export where every issue's body changed (N files
   found and rewritten).

The figure is the CPU time (user + system) of the process, the median of
``--repeat`` runs: on a shared machine it is steadier than the wall time,
which is printed too (it also counts the waits for the disk: each file
written is synced before its rename).
The target (issue 46): 10x the issues in under 10x the time, for each case.
Exit status 1 when it is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: The checkout whose code is timed (``--code``).
ROOT = HERE.parent

BODY = """\
## 1. 基本信息

| 项目 | 内容 |
|---|---|
| 相关模块 | `optimizer` / `checkpoint` |
| 类型 | 性能优化 |

## 2. 背景

Issue {number}, round {round}: the state of the optimizer takes two thirds of
the memory of each device.

## 3. 目标和非目标

- 目标：把优化器状态放到 CPU 内存。
- 非目标：NVMe 卸载。
"""


def issues(count: int, round_: int) -> list[dict[str, object]]:
    """*count* issues in the gh CLI's shape (bodies differ by *round_*)."""
    return [
        {
            "number": number,
            "title": f"[RFC]: Optimizer state offload, part {number}",
            "body": BODY.format(number=number, round=round_),
            "author": {"login": f"author{number % 50}"},
            "createdAt": "2025-01-02T03:04:05Z",
            "labels": [{"name": "RFC"}, {"name": "status: review"}],
            "url": f"https://github.com/example/trainer/issues/{number}",
        }
        for number in range(1, count + 1)
    ]


#: Wall-clock seconds of each run, by case (printed beside the CPU figures).
WALL: dict[tuple[int, str], list[float]] = {}


def cpu_of(cmd: list[str], wall: list[float] | None = None) -> float:
    """CPU seconds (user + system) of *cmd*, run to the end; it must succeed
    (its wall-clock seconds appended to *wall*)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, check=False, env=env)
    if wall is not None:
        wall.append(time.perf_counter() - start)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def import_cmd(source: Path, folder: Path) -> list[str]:
    return [sys.executable, "-m", "sphinx_rfc.cli", "import", str(source), "--dir", str(folder)]


def measure(count: int, repeat: int) -> dict[str, float]:
    """Median CPU seconds of each case for *count* issues."""
    runs: dict[str, list[float]] = {"first": [], "again": [], "changed": []}
    with tempfile.TemporaryDirectory(prefix="rfc-import-") as tmp:
        first = Path(tmp, "issues.json")
        first.write_text(json.dumps(issues(count, 1)), encoding="utf-8")
        changed = Path(tmp, "changed.json")
        changed.write_text(json.dumps(issues(count, 2)), encoding="utf-8")
        for _ in range(repeat):
            folder = Path(tmp, "rfcs")
            shutil.rmtree(folder, ignore_errors=True)
            for case, source in (("first", first), ("again", first), ("changed", changed)):
                wall = WALL.setdefault((count, case), [])
                runs[case].append(cpu_of(import_cmd(source, folder), wall))
    return {case: statistics.median(times) for case, times in runs.items()}


def long_title(megabytes: int, repeat: int) -> float:
    """Median CPU seconds to import one issue whose title is *megabytes* MB."""
    times = []
    with tempfile.TemporaryDirectory(prefix="rfc-import-") as tmp:
        source = Path(tmp, "issue.json")
        title = " ".join(["word"] * (megabytes * 200_000))
        source.write_text(json.dumps({"number": 1, "title": title, "body": "Body."}),
                          encoding="utf-8")
        for _ in range(repeat):
            folder = Path(tmp, "rfcs")
            shutil.rmtree(folder, ignore_errors=True)
            times.append(cpu_of(import_cmd(source, folder)))
        text = next(folder.iterdir()).read_text(encoding="utf-8")
        print(f"the title is in the file {text.count(title)} times "
              f"(front matter and heading); the file is {len(text) / 1e6:.1f} MB")
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("counts", nargs="*", type=int, default=[1000, 10000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--title-mb", type=int, help="time one issue with a title this long")
    parser.add_argument("--code", type=Path, help="time the package of this checkout instead")
    args = parser.parse_args()
    if args.code:
        global ROOT
        ROOT = args.code.resolve()
    if args.title_mb:
        print(f"{args.title_mb} MB title: {long_title(args.title_mb, args.repeat):.2f} s CPU")
        return 0
    results = {count: measure(count, args.repeat) for count in args.counts}
    print(f"{'issues':>8} {'first':>8} {'again':>8} {'changed':>8}   (CPU s, median of "
          f"{args.repeat})")
    for count, cases in results.items():
        print(f"{count:>8} " + " ".join(f"{cases[c]:>8.2f}" for c in ("first", "again",
                                                                        "changed")))
    print(f"{'':>8} {'first':>8} {'again':>8} {'changed':>8}   (wall s, median)")
    for count in results:
        print(f"{count:>8} " + " ".join(
            f"{statistics.median(WALL[count, c]):>8.2f}" for c in ("first", "again", "changed")))
    small, large = min(results), max(results)
    ratio = large / small
    missed = False
    for case in ("first", "again", "changed"):
        growth = results[large][case] / results[small][case]
        print(f"{case}: {large} issues take {growth:.1f}x the time of {small} "
              f"(target: under {ratio:.0f}x)")
        missed |= growth >= ratio
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
