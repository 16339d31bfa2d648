"""What the status history from git and the Atom feeds cost (issue 43):
a full HTML build of N RFCs in a repository of C commits, with
``rfc_history`` on (the default: history, timelines, feeds) against off,
CPU time (user + sys), interleaved.

    python benchmarks/history_cost.py                       # N = 300, 3,000 commits, 5 rounds
    python benchmarks/history_cost.py --size 100 --commits 1000 --rounds 3

The project is ``generate.py``'s ``rfc`` variant, committed once whole and
then edited commit after commit (one RFC each, in turn): every edit adds a
line, and an RFC's status moves draft → review → accepted → implemented
over its ten or so commits, so every RFC has a history of four entries.
The repository is written with ``git fast-import`` (seconds, not minutes
of ``git commit``), one commit a day apart in author dates.

Both variants build the same folder (``rfc_git_dates`` on in both: the one
``git log`` runs either way; ``-D rfc_history=0`` turns off the blobs, the
status reading, the timelines and the feeds), with ``run.py``'s
``sphinx_build`` settings (``nice -n 10``, ``PYTHONHASHSEED=0``,
``os.sync()`` first), the variant that goes first alternating by round.
Printed: each round's CPU seconds, the medians and the median of the
per-round ratios ``on / off``, against the bar (<= 1.10).
"""

from __future__ import annotations

import argparse
import os
import re
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

BAR = 1.10
#: An RFC's status at its k-th edit.
STAGES = ("draft", "draft", "review", "review", "review", "accepted", "accepted",
          "accepted", "implemented", "implemented")
_STATUS = re.compile(r":status: [a-z]+")
_START = 1_704_067_200  # 2024-01-01T00:00:00Z


def _data(text: str) -> bytes:
    body = text.encode("utf-8")
    return b"data %d\n" % len(body) + body + b"\n"


def make_repository(src: Path, n: int, commits: int) -> None:
    """*src* as a repository: the generated project, then *commits* - 1
    commits editing one RFC each."""
    generate.generate("rfc", n, src)
    files = sorted(p for p in src.rglob("*") if p.is_file())
    texts = {p.relative_to(src).as_posix(): p.read_text(encoding="utf-8") for p in files}
    rfc_paths = sorted(p for p in texts if p.startswith("rfcs/"))
    stream = bytearray()

    def commit(number: int, changed: dict[str, str]) -> None:
        when = _START + number * 86_400
        stream.extend(b"commit refs/heads/main\n")
        stream.extend(b"author Bench <bench@example.com> %d +0000\n" % when)
        stream.extend(b"committer Bench <bench@example.com> %d +0000\n" % when)
        stream.extend(_data(f"commit {number}"))
        for path, text in changed.items():
            stream.extend(f"M 100644 inline {path}\n".encode())
            stream.extend(_data(text))

    first = dict(texts)
    for path in rfc_paths:
        first[path] = _STATUS.sub(":status: draft", first[path], count=1)
    texts.update(first)
    commit(0, first)
    edits: dict[str, int] = {}
    for number in range(1, commits):
        path = rfc_paths[(number - 1) % len(rfc_paths)]
        k = edits[path] = edits.get(path, 0) + 1
        stage = STAGES[min(k, len(STAGES) - 1)]
        text = _STATUS.sub(f":status: {stage}", texts[path], count=1)
        comment = f"\n.. edit {k}\n" if path.endswith(".rst") else f"\n<!-- edit {k} -->\n"
        texts[path] = text + comment
        commit(number, {path: texts[path]})
    shutil.rmtree(src / ".git", ignore_errors=True)
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    subprocess.run(["git", "init", "-q", "-b", "main", str(src)], check=True, env=env)
    (src / ".git" / "info" / "exclude").write_text("_build/\n", encoding="utf-8")
    subprocess.run(["git", "-C", str(src), "fast-import", "--quiet"], input=bytes(stream),
                   check=True, env=env)
    subprocess.run(["git", "-C", str(src), "reset", "-q", "--hard", "main"], check=True, env=env)


def build(src: Path, history: bool) -> run.Run:
    """A full build (``run.sphinx_build``'s settings) with ``rfc_history``
    on or off; its CPU seconds in ``.cpu``."""
    run.clean(src)
    exe = Path(sys.executable).with_name("sphinx-build")
    cmd = ["nice", "-n", "10", str(exe), *run.html_args(src)]
    if not history:
        cmd += ["-D", "rfc_history=0"]
    os.sync()
    start = time.perf_counter()
    with (src.parent / f"{src.name}.log").open("w", encoding="utf-8") as sink:
        proc = subprocess.Popen(cmd, stdout=sink, stderr=subprocess.STDOUT,
                                env={**os.environ, "PYTHONHASHSEED": "0"})
        _, status, usage = os.wait4(proc.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code:
        raise SystemExit(f"sphinx-build failed ({code}) on {src}")
    return run.Run(wall=time.perf_counter() - start, cpu=usage.ru_utime + usage.ru_stime,
                   maxrss_mb=usage.ru_maxrss / 1024, read=0, written=0, warnings=0,
                   rfc_problems=None, returncode=code)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=300)
    parser.add_argument("--commits", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    run.compile_packages()
    src = run.WORK / f"history-n{args.size}-c{args.commits}"
    made = time.perf_counter()
    make_repository(src, args.size, args.commits)
    print(f"repository of {args.commits} commits made in {time.perf_counter() - made:.1f} s",
          flush=True)
    cpu: dict[str, list[float]] = {"on": [], "off": []}
    loads = []
    feeds: list[str] = []
    for round_ in range(args.rounds):
        loads.append(os.getloadavg()[0])
        order = ["on", "off"] if round_ % 2 == 0 else ["off", "on"]
        for variant in order:
            cpu[variant].append(build(src, variant == "on").cpu)
            if variant == "on":
                feeds = sorted(p.name for p in (src / "_build" / "html").glob("*.atom"))
        print(f"round {round_ + 1}: on {cpu['on'][-1]:.2f} s, off {cpu['off'][-1]:.2f} s",
              flush=True)
    ratio = statistics.median(a / b for a, b in zip(cpu["on"], cpu["off"], strict=True))
    print(f"\nN = {args.size}, {args.commits} commits, {args.rounds} rounds, "
          f"load {', '.join(f'{x:.1f}' for x in loads)}; {len(feeds)} feeds written")
    print("| full build | history off CPU s | history on CPU s | on / off | bar |")
    print("|---|---|---|---|---|")
    mark = "met" if ratio <= BAR else "missed"
    print(f"| N = {args.size}, {args.commits} commits | {statistics.median(cpu['off']):.2f} | "
          f"{statistics.median(cpu['on']):.2f} | {ratio:.3f} {mark} | <= {BAR:.2f} |")


if __name__ == "__main__":
    main()
