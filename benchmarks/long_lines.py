"""Time one long line through the build and ``sphinx-rfc status``: the
figures of issue 46 (a trailing-punctuation pattern used with ``.sub`` made
both quadratic in the line's length).

    python benchmarks/long_lines.py                    # 20k, 40k, 80k characters
    python benchmarks/long_lines.py --sizes 40000 1000000

Each size gets a fresh project of one template-native RFC (Markdown) and an
index page, in a temporary folder, with one long line in the RFC:

* ``heading``: a section heading of a letter, N spaces and a letter
  (``## a<N spaces>x``), timed as a ``sphinx-build -b html`` and as a
  ``sphinx-rfc status`` (which scans the headings for the basic-information
  table);
* ``row``: a basic-information row whose value is a letter, N spaces and a
  letter,
  timed as a ``sphinx-rfc status`` (which scans the rows for the field).

Every command is a child process (``python -m sphinx``, ``python -m
sphinx_rfc.cli``: the code of this checkout when it is first on
``PYTHONPATH``); the figure is its CPU time (user + system), the steadier
figure on a shared machine, best of ``--repeat``.  A linear run grows by
about 2x from one size to the next of the default sizes; a quadratic one by
about 4x.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

RFC = """\
# RFC-0001 长行

## 基本信息

| 项目 | 内容 |
|---|---|
| 作者 | {author} |
| 状态 | 草稿 |
| 类型 | 新特性 |

## 背景

text

{heading}

text
"""


def project(root: Path, shape: str, size: int) -> Path:
    (root / "rfcs").mkdir(parents=True)
    (root / "conf.py").write_text(
        'extensions = ["myst_parser", "sphinx_rfc"]\nexclude_patterns = ["_build"]\n'
        'rfc_documents = ["rfcs/*"]\nsuppress_warnings = ["toc.not_included"]\n',
        encoding="utf-8",
    )
    (root / "index.md").write_text("# Index\n", encoding="utf-8")
    long = "a" + " " * size + "x"
    text = RFC.format(
        author=long if shape == "row" else "张三",
        heading=f"## {long}" if shape == "heading" else "## 方案",
    )
    (root / "rfcs" / "0001-long.md").write_text(text, encoding="utf-8")
    return root


def cpu_seconds(cmd: list[str]) -> tuple[float, int]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[20_000, 40_000, 80_000])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--only", choices=["build", "status"], default=None)
    args = parser.parse_args()
    runs = []
    if args.only != "status":
        runs.append(("build, heading", "heading", lambda src: [
            sys.executable, "-m", "sphinx", "-q", "-E", "-b", "html", str(src),
            str(src / "_build" / "html")]))
    if args.only != "build":
        for shape in ("heading", "row"):
            runs.append((f"status, {shape}", shape, lambda src: [
                sys.executable, "-m", "sphinx_rfc.cli", "status", "--force", str(src),
                "RFC-0001", "accepted"]))
    for label, shape, command in runs:
        for size in args.sizes:
            best = None
            for _ in range(args.repeat):
                with tempfile.TemporaryDirectory(prefix="bench-long-lines-") as tmp:
                    src = project(Path(tmp), shape, size)
                    seconds, code = cpu_seconds(command(src))
                best = seconds if best is None else min(best, seconds)
            print(f"{label:16} {size:>9,} characters: {best:7.2f} s CPU (exit {code})",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
