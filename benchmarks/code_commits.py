"""Issue 47's cost: the commits that cite an RFC, on a full build.

    python benchmarks/code_commits.py                      # 300 RFCs, 5,000 commits, 5 rounds
    python benchmarks/code_commits.py --size 300 --commits 5000 --rounds 7

The project is ``generate.py``'s ``rfc`` variant in ``docs/`` of a git
repository (``benchmarks/_work/code-commits-N-C``, made when missing) that
also holds a small code tree, one folder per module (``rfc_module_paths``),
and a history of C commits made with one ``git fast-import``: each changes
one to three code files, most cite one RFC (``trainer: step 17 (RFC-0042)``),
some cite two or none, every tenth also edits an RFC.  Their module is
drawn at random, so many touch a module the RFC does not list and the build
reports ``rfc.unplanned-change`` (more than a real project would).

Each round builds the project twice on an empty output folder, the order
alternating: with the feature (the defaults: ``rfc_commit_pattern`` on,
the build's one ``git log`` over the whole work tree) and without it
(``-D rfc_commit_pattern=``: the log of the ``docs`` folder only, for the
dates).  Printed: each build's CPU time (user + sys, ``os.wait4``), each
round's ratio (with / without) and their median; the target is 1.05.
"""

from __future__ import annotations

import argparse
import os
import random
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

MODULES = ("model", "distributed", "checkpoint", "optimizer", "trainer")
FILES_PER_MODULE = 12
TARGET = 1.05


def _data(text: str) -> bytes:
    raw = text.encode("utf-8")
    return b"data %d\n" % len(raw) + raw + b"\n"


def make_repository(root: Path, size: int, commits: int) -> None:
    """The project, its code and *commits* commits of history."""
    src = root / "docs"
    generate.generate("rfc", size, src)
    with (src / "conf.py").open("a", encoding="utf-8") as conf:
        paths = {m: f"hyper_parallel/{m}/" for m in MODULES}
        conf.write(f"rfc_module_paths = {paths!r}\n")
    rfcs = sorted(p.relative_to(root).as_posix() for p in (src / "rfcs").iterdir())
    docs = sorted(p.relative_to(root).as_posix() for p in src.rglob("*") if p.is_file())
    code = [f"hyper_parallel/{m}/part_{k}.py" for m in MODULES for k in range(FILES_PER_MODULE)]
    for path in code:
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(f'"""{path}."""\n', encoding="utf-8")
    (root / ".gitignore").write_text("_build/\n", encoding="utf-8")
    rng = random.Random(47)
    stream: list[bytes] = []
    when = 1_700_000_000
    first = [".gitignore", *docs, *code]
    stream.append(b"commit refs/heads/main\nmark :1\n")
    stream.append(b"author B <b@example.com> %d +0000\ncommitter B <b@example.com> %d +0000\n"
                  % (when, when))
    stream.append(_data("Initial import"))
    for path in first:
        stream.append(b"M 100644 inline " + path.encode() + b"\n"
                      + _data((root / path).read_text(encoding="utf-8")))
    edits: dict[str, int] = {}
    for n in range(2, commits + 1):
        when += 3600
        module = rng.choice(MODULES)
        cited = rng.sample(range(1, size + 1), rng.choice((0, 1, 1, 1, 1, 1, 1, 2)))
        refs = " ".join(f"RFC-{i:04d}" for i in cited)
        message = f"{module}: change {n}" + (f" ({refs})" if refs else "") + "\n\nDetails.\n"
        stream.append(b"commit refs/heads/main\nmark :%d\n" % n)
        stream.append(b"author B <b@example.com> %d +0000\ncommitter B <b@example.com> %d +0000\n"
                      % (when, when))
        stream.append(_data(message))
        stream.append(b"from :%d\n" % (n - 1))
        touched = {f"hyper_parallel/{module}/part_{rng.randrange(FILES_PER_MODULE)}.py"
                   for _ in range(rng.randint(1, 3))}
        if n % 10 == 0:
            touched.add(rng.choice(rfcs))
        for path in sorted(touched):
            if path.startswith("docs/"):  # an RFC edited: its text and one more blank line
                edits[path] = edits.get(path, 0) + 1
                text = (root / path).read_text(encoding="utf-8") + "\n" * edits[path]
            else:
                text = f'"""{path}, change {n}."""\n'
            stream.append(b"M 100644 inline " + path.encode() + b"\n" + _data(text))
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=root, env=env, check=True)
    subprocess.run(["git", "fast-import", "--quiet"], cwd=root, env=env, check=True,
                   input=b"".join(stream))
    # the work tree as the last commit has it (only the files' texts differ)
    subprocess.run(["git", "checkout", "-q", "-f", "main"], cwd=root, env=env, check=True)


def build(src: Path, out: Path, extra: list[str]) -> float:
    """One full build: its CPU time (user + sys)."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    cmd = ["nice", "-n", "10", sys.executable, "-m", "sphinx", "-q", "-b", "html", *extra,
           str(src), str(out / "html"), "-d", str(out / "doctrees")]
    os.sync()
    time.sleep(1)
    with (out / "build.log").open("w", encoding="utf-8") as sink:
        proc = subprocess.Popen(cmd, stdout=sink, stderr=subprocess.STDOUT,
                                env={**os.environ, "PYTHONHASHSEED": "0"})
        _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        print(f"  !! the build failed; see {out / 'build.log'}", flush=True)
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=300)
    parser.add_argument("--commits", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    compile_packages()
    root = WORK / f"code-commits-{args.size}-{args.commits}"
    if not (root / ".git").exists():
        shutil.rmtree(root, ignore_errors=True)
        root.mkdir(parents=True)
        make_repository(root, args.size, args.commits)
    variants = {"with": [], "without": ["-D", "rfc_commit_pattern="]}
    cpu: dict[str, list[float]] = {v: [] for v in variants}
    for round_ in range(args.rounds):
        order = list(variants) if round_ % 2 == 0 else list(reversed(variants))
        for name in order:
            used = build(root / "docs", WORK / f"code-commits-out-{name}", variants[name])
            cpu[name].append(used)
            print(f"round {round_ + 1} {name:8s} cpu {used:7.2f}s", flush=True)
    ratios = [a / b for a, b in zip(cpu["with"], cpu["without"], strict=True)]
    median = statistics.median(ratios)
    print("CPU with / without: " + ", ".join(f"{r:.3f}" for r in ratios)
          + f"; median {median:.3f} (target {TARGET:.2f})")
    warned = (WORK / "code-commits-out-with" / "build.log").read_text(encoding="utf-8")
    print(f"rfc.unplanned-change warnings in the last build: {warned.count('unplanned-change')}")
    return 0 if median <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
