"""What each performance device buys (issue 40 item 3): builds of the N-RFC
``rfc`` project with every device on, and with one device off
(``sphinx_rfc.devices``), CPU time (user + sys), interleaved.

    python benchmarks/devices.py --size 300 --rounds 5
    python benchmarks/devices.py --size 300 --rounds 5 --rebuilds-only
    python benchmarks/devices.py --size 300 --rounds 5 --full-only
    python benchmarks/devices.py --size 300 --instructions   # valgrind: the rebuilds' instructions

Every variant builds its own copy of the project, started by a one-line
wrapper that sets the switches of ``sphinx_rfc.devices`` to False before
Sphinx loads the extension, then runs ``sphinx.cmd.build.main`` (``nice
-n 10``, ``PYTHONHASHSEED=0``, ``os.sync()`` first, the extension
byte-compiled, as ``run.py``).

- **rebuilds** (the devices made for them): one full build of each
  variant, then in each round every variant's no-change rebuild and every
  variant's one-RFC edit rebuild (``run.edit``), the variant that goes
  first rotating;
- **full builds** (the devices made for them): in each round a full build
  of ``all`` and of ``nogc`` off, then a ``-j 2`` full build of ``all``
  and of ``fork_trim`` off, which goes first alternating.

- **instructions** (``--instructions``, instead of the times): one full
  build of each variant (not counted), then its no-change rebuild and its
  one-RFC edit rebuild counted by valgrind's callgrind (``run.py``'s
  ``--instructions``): a count that does not move with the machine's load.

Printed: for each variant and measure, the median CPU seconds and the
median of the per-round ratios ``device off / all on`` (above 1: the
device buys that much), and whether every variant's ``rfcs.json`` is the
same bytes as ``all``'s.
"""

from __future__ import annotations

import argparse
import json
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
import run  # noqa: E402

#: variant -> the switches it turns off
#: (``packed``, ``rows_by_position`` and ``dataclass_closures``, measured
#: on 4 December 2026, were removed with their switches)
REBUILD_VARIANTS = {
    "all": (),
    "lazy_body": ("LAZY_BODY",),
    "derived_cache": ("DERIVED_CACHE",),
    "nogc": ("NOGC",),
}
FULL_PAIRS = (("all", "nogc", 1), ("all", "fork_trim", 2))
SWITCHES = {**REBUILD_VARIANTS, "fork_trim": ("FORK_TRIM",)}

WRAPPER = (
    "import sys; import sphinx_rfc.devices as d; "
    "[setattr(d, n, False) for n in sys.argv[1].split(',') if n]; "
    "from sphinx.cmd.build import main; sys.exit(main(sys.argv[2:]))"
)


def build(src: Path, off: tuple[str, ...], jobs: int = 1) -> float:
    """One ``sphinx-build -b html`` of *src* with *off* switched off: its
    CPU seconds (user + sys, children included)."""
    args = run.html_args(src)
    if jobs > 1:
        args += ["-j", str(jobs)]
    cmd = ["nice", "-n", "10", sys.executable, "-c", WRAPPER, ",".join(off), *args]
    log = src.parent / f"{src.name}.log"
    os.sync()
    with log.open("w", encoding="utf-8") as sink:
        proc = subprocess.Popen(cmd, stdout=sink, stderr=subprocess.STDOUT,
                                env={**os.environ, "PYTHONHASHSEED": "0"})
        _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"build of {src} failed; see {log}")
    return usage.ru_utime + usage.ru_stime


def count(src: Path, off: tuple[str, ...]) -> int:
    """The instructions one ``sphinx-build -b html`` of *src* with *off*
    switched off executes (valgrind's callgrind, the Python process only)."""
    python = Path(os.path.realpath(sys.executable))
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
           str(python), "-c", WRAPPER, ",".join(off), "-q", *run.html_args(src)]
    proc = subprocess.run(cmd, capture_output=True, text=True,
                          env={**os.environ, "PYTHONHASHSEED": "0"}, check=False)
    found = run.COLLECTED_RE.search(proc.stderr)
    if proc.returncode != 0 or found is None:
        raise SystemExit(f"valgrind failed on {src}:\n{proc.stderr[-2000:]}")
    return int(found.group(1))


def instructions(size: int, base: Path, variants: list[str]) -> None:
    counts: dict[str, dict[str, int]] = {}
    for variant in ["all", *(v for v in variants if v != "all")]:
        off = REBUILD_VARIANTS[variant]
        src = run.WORK / f"devices-ic-n{size}-{variant}"
        shutil.rmtree(src, ignore_errors=True)
        shutil.copytree(base, src)
        build(src, off)
        counts[variant] = {"nochange": count(src, off)}
        run.edit(src, size)
        counts[variant]["edit"] = count(src, off)
        line = f"{variant:20} " + "  ".join(f"{m} {c / 1e9:.3f} G" for m, c in counts[variant].items())
        if variant != "all":
            line += "  off/on " + "  ".join(
                f"{m} {c / counts['all'][m]:.4f}" for m, c in counts[variant].items())
        print(line, flush=True)
    out = run.WORK / f"devices-ic-n{size}.json"
    out.write_text(json.dumps(counts, indent=1), encoding="utf-8")


def report(cpu: dict[tuple[str, str], list[float]], base: str = "all") -> list[str]:
    lines = []
    for (variant, measure), values in sorted(cpu.items()):
        line = f"{measure:10} {variant:20} median {statistics.median(values):7.2f} s"
        ref = cpu.get((base, measure))
        if variant != base and ref and len(ref) == len(values):
            ratios = [v / r for v, r in zip(values, ref, strict=True)]
            line += (f"  off/on {statistics.median(ratios):.3f} "
                     f"({', '.join(f'{x:.3f}' for x in ratios)})")
        lines.append(line)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--rebuilds-only", action="store_true")
    parser.add_argument("--full-only", action="store_true")
    parser.add_argument("--instructions", action="store_true")
    parser.add_argument("--variants", nargs="+", choices=list(REBUILD_VARIANTS),
                        default=list(REBUILD_VARIANTS), help="with --instructions")
    args = parser.parse_args()
    run.compile_packages()
    base = run.WORK / f"devices-n{args.size}"
    if args.instructions:
        base = run.WORK / f"devices-ic-n{args.size}"
        generate.generate("rfc", args.size, base)
        instructions(args.size, base, args.variants)
        return
    generate.generate("rfc", args.size, base)
    sources = {}
    for variant in SWITCHES:
        src = run.WORK / f"devices-n{args.size}-{variant}"
        shutil.rmtree(src, ignore_errors=True)
        shutil.copytree(base, src)
        sources[variant] = src
    cpu: dict[tuple[str, str], list[float]] = {}
    loads: list[float] = []
    exports: dict[str, bytes] = {}
    started = time.time()
    if not args.full_only:
        variants = list(REBUILD_VARIANTS)
        for variant in variants:
            run.clean(sources[variant])
            cpu.setdefault((variant, "full-once"), []).append(
                build(sources[variant], SWITCHES[variant]))
            exports[variant] = (sources[variant] / "_build" / "html" / "rfcs.json").read_bytes()
        for round_ in range(args.rounds):
            loads.append(os.getloadavg()[0])
            order = variants[round_ % len(variants):] + variants[:round_ % len(variants)]
            for measure in ("nochange", "edit"):
                for variant in order:
                    if measure == "edit":
                        run.edit(sources[variant], args.size)
                    cpu.setdefault((variant, measure), []).append(
                        build(sources[variant], SWITCHES[variant]))
            print(f"rebuild round {round_ + 1} (load {loads[-1]:.1f}, {time.time() - started:.0f} s)",
                  flush=True)
            print("\n".join(report(cpu)), flush=True)
    if not args.rebuilds_only:
        for round_ in range(args.rounds):
            loads.append(os.getloadavg()[0])
            for on, off, jobs in FULL_PAIRS:
                measure = "full" if jobs == 1 else f"full-j{jobs}"
                pair = (on, off) if round_ % 2 == 0 else (off, on)
                for variant in pair:
                    src = sources[variant]
                    run.clean(src)
                    cpu.setdefault((variant, measure), []).append(build(src, SWITCHES[variant], jobs))
                    exports.setdefault(f"{variant}-{measure}",
                                       (src / "_build" / "html" / "rfcs.json").read_bytes())
            print(f"full round {round_ + 1} (load {loads[-1]:.1f}, {time.time() - started:.0f} s)",
                  flush=True)
            print("\n".join(report(cpu)), flush=True)
    first = next(iter(exports.values()))
    same = {name: blob == first for name, blob in exports.items()}
    print("rfcs.json the same bytes:", same)
    print("1-minute loads:", ", ".join(f"{x:.1f}" for x in loads))
    out = run.WORK / f"devices-n{args.size}.json"
    out.write_text(json.dumps({"cpu": {f"{v}|{m}": x for (v, m), x in cpu.items()},
                               "loads": loads, "same": same}, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
