"""What a long history of files that are no RFCs costs (issue 56): a full
HTML build of N RFCs in a repository whose source folder also holds a
``CHANGELOG.md`` committed C times (a line more at every release) and a
notes page rewritten as often, with ``rfc_history`` on (the default)
against off, CPU time (user + sys), interleaved.

    python benchmarks/unrelated_history.py                   # N = 100, 2,600 versions, 3 rounds
    python benchmarks/unrelated_history.py --size 50 --versions 1000 --rounds 3

The status history reads the texts of the RFC documents at their commits
only (:func:`sphinx_rfc.read.history.rfc_sources`), never the changelog's
2,600 versions: before, such a repository made the build 5.1 times as
slow as with the history off.  The RFCs are ``generate.py``'s ``rfc``
variant, committed once and accepted in a second commit each, so each has
a history of two entries; the changelog and the notes page are committed
after them, one release a day (``git fast-import``: seconds).

Both variants build the same folder with ``run.py``'s ``sphinx_build``
settings (``rfc_git_dates`` on in both: the one ``git log`` runs either
way, over all the commits); the one that goes first alternates by round.
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
import history_cost  # noqa: E402
import run  # noqa: E402

BAR = 1.10
_STATUS = re.compile(r":status: [a-z]+")
_START = 1_704_067_200  # 2024-01-01T00:00:00Z


def _data(text: str) -> bytes:
    body = text.encode("utf-8")
    return b"data %d\n" % len(body) + body + b"\n"


def make_repository(src: Path, n: int, versions: int) -> None:
    """*src* as a repository: the generated project, its RFCs accepted, then
    *versions* commits of the changelog and the notes page."""
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

    first = {p: _STATUS.sub(":status: draft", t, count=1) if p in rfc_paths else t
             for p, t in texts.items()}
    commit(0, first)
    commit(1, {p: _STATUS.sub(":status: accepted", texts[p], count=1) for p in rfc_paths})
    entries: list[str] = []
    for release in range(1, versions + 1):
        entries.insert(0, f"## v1.{release}\n\n- 修复 #{release} (fix), status: done\n\n")
        changed = {
            "CHANGELOG.md": "# 更新日志 Changelog\n\n" + "".join(entries),
            "notes.md": f"# 周会记录 Weekly notes\n\n第 {release} 次周会，没有新的 RFC。\n",
        }
        commit(1 + release, changed)
    shutil.rmtree(src / ".git", ignore_errors=True)
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    subprocess.run(["git", "init", "-q", "-b", "main", str(src)], check=True, env=env)
    (src / ".git" / "info" / "exclude").write_text("_build/\n", encoding="utf-8")
    subprocess.run(["git", "-C", str(src), "fast-import", "--quiet"], input=bytes(stream),
                   check=True, env=env)
    subprocess.run(["git", "-C", str(src), "reset", "-q", "--hard", "main"], check=True, env=env)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=100)
    parser.add_argument("--versions", type=int, default=2600)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    run.compile_packages()
    src = run.WORK / f"unrelated-n{args.size}-v{args.versions}"
    made = time.perf_counter()
    make_repository(src, args.size, args.versions)
    print(f"repository of {args.versions + 2} commits made in "
          f"{time.perf_counter() - made:.1f} s", flush=True)
    cpu: dict[str, list[float]] = {"on": [], "off": []}
    loads = []
    for round_ in range(args.rounds):
        loads.append(os.getloadavg()[0])
        order = ["on", "off"] if round_ % 2 == 0 else ["off", "on"]
        for variant in order:
            cpu[variant].append(history_cost.build(src, variant == "on").cpu)
        print(f"round {round_ + 1}: on {cpu['on'][-1]:.2f} s, off {cpu['off'][-1]:.2f} s",
              flush=True)
    ratio = statistics.median(a / b for a, b in zip(cpu["on"], cpu["off"], strict=True))
    print(f"\nN = {args.size}, {args.versions} changelog versions, {args.rounds} rounds, "
          f"load {', '.join(f'{x:.1f}' for x in loads)}")
    print("| full build | history off CPU s | history on CPU s | on / off | bar |")
    print("|---|---|---|---|---|")
    mark = "met" if ratio <= BAR else "missed"
    print(f"| N = {args.size}, {args.versions} unrelated versions | "
          f"{statistics.median(cpu['off']):.2f} | {statistics.median(cpu['on']):.2f} | "
          f"{ratio:.3f} {mark} | <= {BAR:.2f} |")


if __name__ == "__main__":
    main()
