"""Time ``sphinx-rfc check`` against a fresh HTML build of the same project.

Not part of the test suite (it takes a while); run it by hand:

    python benchmarks/check_speed.py            # 200 RFCs, best of 2
    python benchmarks/check_speed.py 500 --repeat 3

The project comes from ``generate.py`` (variant ``rfc``: every
directive, all nine sections, every table).  Both commands run as separate
processes, fresh (``check --no-cache``, ``sphinx-build -E``), one after the
other; the best time of each is kept.  Then ``check`` runs with its kept
environment (the default), unchanged and after one RFC is edited.  The claim
checked: a fresh check takes less than half the time of the HTML build.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import generate  # benchmarks/generate.py: run as a script, this folder is on sys.path


def timed(cmd: list[str]) -> tuple[float, float, int]:
    """Wall-clock seconds, CPU seconds (user + system, children included)
    and the exit status of *cmd*."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    bindir = Path(sys.executable).parent
    with tempfile.TemporaryDirectory(prefix="bench-check-") as tmp:
        src = Path(tmp) / "src"
        generate.generate("rfc", args.n, src)
        check: list[tuple[float, float]] = []
        html: list[tuple[float, float]] = []
        for _ in range(args.repeat):
            wall, cpu, code = timed(
                [str(bindir / "sphinx-rfc"), "check", "--no-cache", str(src)]
            )
            check.append((wall, cpu))
            out = Path(tmp) / "html"
            shutil.rmtree(out, ignore_errors=True)
            wall, cpu, html_code = timed([
                str(bindir / "sphinx-build"), "-q", "-E", "-b", "html",
                "-d", str(out / ".doctrees"), str(src), str(out),
            ])
            html.append((wall, cpu))
        # with the kept environment: nothing changed, then one RFC edited
        timed([str(bindir / "sphinx-rfc"), "check", str(src)])
        warm, _, _ = timed([str(bindir / "sphinx-rfc"), "check", str(src)])
        edited = sorted((src / "rfcs").iterdir())[0]
        edited.write_text(edited.read_text(encoding="utf-8") + "\nOne more line.\n",
                          encoding="utf-8")
        after_edit, _, _ = timed([str(bindir / "sphinx-rfc"), "check", str(src)])
    check_wall, html_wall = min(w for w, _ in check), min(w for w, _ in html)
    check_cpu, html_cpu = min(c for _, c in check), min(c for _, c in html)
    ratio = check_wall / html_wall
    print(f"{args.n} RFCs, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
    print(f"  sphinx-rfc check: {check_wall:.2f} s wall, {check_cpu:.2f} s CPU (exit {code})")
    print(f"  sphinx-build -b html: {html_wall:.2f} s wall, {html_cpu:.2f} s CPU "
          f"(exit {html_code})")
    print(f"  ratio: {ratio:.2f} wall, {check_cpu / html_cpu:.2f} CPU")
    print(f"  sphinx-rfc check, environment kept: {warm:.2f} s unchanged, "
          f"{after_edit:.2f} s after editing one RFC")
    return 0 if ratio < 0.5 else 1


if __name__ == "__main__":
    sys.exit(main())
