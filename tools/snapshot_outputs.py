"""Snapshot what the extension produces, to prove a refactor changes nothing.

For the demo docs and every test root: build HTML (``-j 1``), keep
``rfcs.json``, every warning line (the project's path replaced by ``<src>``)
and a digest of each HTML page's body; run ``sphinx-rfc check --format json``.
Write it all to one JSON file.  Compare two snapshots with ``--compare A B``.

    python tools/snapshot_outputs.py before.json
    ... change the code ...
    python tools/snapshot_outputs.py after.json
    python tools/snapshot_outputs.py --compare before.json after.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
BODY = re.compile(r'<div class="body" role="main">(.*?)<div class="sphinxsidebar"', re.S)


def projects() -> list[Path]:
    base = HERE / "tests" / "roots"
    nested = sorted(p.parent for p in base.glob("*/*/conf.py"))
    roots = [p.parent for p in base.glob("*/conf.py") if p.parent not in {n.parent for n in nested}]
    return [HERE / "docs", *sorted(roots + nested)]


#: Text appended to every copied ``conf.py`` (``--append-conf``).
APPEND_CONF = ""


def snapshot_one(project: Path) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        # a project inside a root (``root/sub/conf.py``) may use the root's files
        top = project.parent if project.parent.parent.name == "roots" else project
        shutil.copytree(top, Path(tmp) / "src", ignore=shutil.ignore_patterns("_build"))
        src = Path(tmp) / "src" / project.relative_to(top)
        if APPEND_CONF:
            with (src / "conf.py").open("a", encoding="utf-8") as conf:
                conf.write("\n" + APPEND_CONF + "\n")
        out = Path(tmp) / "out"
        run = subprocess.run(
            [sys.executable, "-m", "sphinx", "-q", "--no-color", "-b", "html", str(src), str(out)],
            capture_output=True, text=True, cwd=tmp,
        )
        warnings = [line.replace(str(src), "<src>") for line in run.stderr.splitlines()]
        export = out / "rfcs.json"
        pages = {}
        for page in sorted(out.rglob("*.html")):
            text = page.read_text(encoding="utf-8")
            match = BODY.search(text)
            body = match.group(1) if match else text
            pages[page.relative_to(out).as_posix()] = hashlib.sha1(body.encode()).hexdigest()
        check = subprocess.run(
            [sys.executable, "-m", "sphinx_rfc.cli", "check", str(src), "--format", "json",
             "--no-cache"],
            capture_output=True, text=True, cwd=tmp,
        )
        return {
            "returncode": run.returncode,
            "warnings": warnings,
            "rfcs.json": export.read_text(encoding="utf-8") if export.exists() else None,
            "pages": pages,
            "check": [check.returncode, check.stdout.replace(str(src), "<src>"),
                      check.stderr.replace(str(src), "<src>")],
        }


def compare(a: dict[str, dict[str, object]], b: dict[str, dict[str, object]]) -> int:
    differences = 0
    for name in sorted(set(a) | set(b)):
        for key in sorted(set(a.get(name, {})) | set(b.get(name, {}))):
            left, right = a.get(name, {}).get(key), b.get(name, {}).get(key)
            if left != right:
                differences += 1
                print(f"DIFFERENT {name}: {key}")
                if isinstance(left, dict) and isinstance(right, dict):
                    for page in sorted(set(left) | set(right)):
                        if left.get(page) != right.get(page):
                            print(f"    {page}")
                elif isinstance(left, list) and isinstance(right, list):
                    for line in sorted(set(map(str, left)) ^ set(map(str, right))):
                        print(f"    {'-' if line in map(str, left) else '+'} {line[:300]}")
    print("identical" if not differences else f"{differences} difference(s)")
    return 1 if differences else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", nargs="?")
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"))
    parser.add_argument("--append-conf", default="", metavar="TEXT",
                        help="a line appended to every conf.py (e.g. rfc_template = ...)")
    args = parser.parse_args()
    global APPEND_CONF
    APPEND_CONF = args.append_conf
    if args.compare:
        a, b = (json.loads(Path(p).read_text(encoding="utf-8")) for p in args.compare)
        return compare(a, b)
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = dict(zip(
            (p.relative_to(HERE).as_posix() for p in projects()), pool.map(snapshot_one, projects()), strict=True
        ))
    Path(args.output).write_text(json.dumps(results, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
