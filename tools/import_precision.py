"""How right ``sphinx-rfc import`` and the checks read forge issues, measured
on a corpus written without looking at the code (docs/reference/import.md).

    python3 tools/import_precision.py [CORPUS] [--json]

CORPUS (default ``tests/corpus/forge-independent``) holds issues as JSON
(gh or REST shape) and ``truth.json``: for each issue number, the sections
its author left out (``sections_missing``, the template's English names),
the placeholders left (``placeholders_left``: ``[section, text]``), the
status, title and authors meant.  The script imports every issue into a
fresh project, builds it with Sphinx (the ``sphinx_rfc`` first on
``PYTHONPATH`` is the one measured) and compares:

- missing-section and empty-section warnings with ``sections_missing``:
  precision, recall;
- placeholder warnings (``rfc.placeholder``, and a cell that "offers
  several choices", a template menu left) with the blocks (a paragraph,
  a table row, a list item) holding the placeholders left: precision,
  recall;
- warnings the import itself causes (``myst.header``, a field that "is …
  in the basic-information table but … in the metadata");
- status, title and authors in ``rfcs.json`` with those meant.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# (the import and the build run in the project's folder: ``python -m``
# puts the working folder first on sys.path, and the package measured is
# the one PYTHONPATH names)
CONF = """\
extensions = ["myst_parser", "sphinx_rfc"]
exclude_patterns = ["_build"]
suppress_warnings = ["toc.not_included"]
html_sidebars = {"**": []}
rfc_documents = ["rfcs/*"]
"""
WARNING = re.compile(
    r"^(?P<path>[^\s:][^:]*?\.md):(?P<line>\d+)?:? WARNING: (?P<message>.*?)(?: \[(?P<type>[\w.-]+)\])?$"
)


def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()


def _blocks(lines: list[str]) -> list[int]:
    """For each line, the number of its block: lines of one paragraph
    share one; a table row, a heading or a list item is a block of its own."""
    found: list[int] = []
    block, previous_blank = 0, True
    for line in lines:
        text = line.strip()
        own = text.startswith(("|", "#", "- ", "* ")) or bool(re.match(r"\d+[.)] ", text))
        if not text or own or previous_blank:
            block += 1
        found.append(block)
        previous_blank = not text or own
    return found


def _ratio(hit: int, total: int) -> float | None:
    return round(hit / total, 3) if total else None


def _environment() -> dict[str, str]:
    """The environment of the import and the build: ``PYTHONPATH`` with
    its entries made absolute (they run in the project's folder, where
    ``PYTHONPATH=.`` would name the project, not this checkout)."""
    env = dict(os.environ)
    if env.get("PYTHONPATH"):
        env["PYTHONPATH"] = os.pathsep.join(
            os.path.abspath(entry) if entry else os.getcwd()
            for entry in env["PYTHONPATH"].split(os.pathsep))
    return env


def _import_and_build(
    corpus: Path,
) -> tuple[dict[int, list[str]], list[tuple[int, int | None, str, str]], dict[str, Any]]:
    """The corpus's issues imported into a new project and built: each
    imported file's lines by issue number, the warnings on them (number,
    line, type, message) and rfcs.json."""
    sources = sorted(str(p) for p in corpus.glob("*.json") if p.name != "truth.json")
    env = _environment()
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        (project / "conf.py").write_text(CONF, encoding="utf-8")
        (project / "index.md").write_text(
            "# Corpus\n\n```{toctree}\n:glob:\nrfcs/*\n```\n", encoding="utf-8")
        subprocess.run(
            [sys.executable, "-m", "sphinx_rfc.cli", "import", "--dir", str(project / "rfcs"),
             *sources], check=True, capture_output=True, text=True, cwd=project, env=env,
        )
        build = subprocess.run(
            # (--no-color: Sphinx colours its log where CI is set, and the
            # warnings are read from it as text)
            [sys.executable, "-m", "sphinx", "-q", "--no-color", "-b", "html", str(project),
             str(project / "_build")], capture_output=True, text=True, cwd=project, env=env,
        )
        files = {int(re.match(r"\d+", p.name).group()): p  # type: ignore[union-attr]
                 for p in (project / "rfcs").glob("*.md")}
        texts = {n: p.read_text("utf-8").split("\n") for n, p in files.items()}
        warnings: list[tuple[int, int | None, str, str]] = []
        for raw in build.stderr.splitlines():
            match = WARNING.match(raw.strip())
            if match is None or "/rfcs/" not in match["path"]:
                continue
            number = int(re.match(r"\d+", Path(match["path"]).name).group())  # type: ignore[union-attr]
            line = int(match["line"]) if match["line"] else None
            warnings.append((number, line, match["type"] or "", match["message"]))
        export = json.loads((project / "_build" / "rfcs.json").read_text("utf-8"))
    return texts, warnings, export


def _fields_right(truth: dict[str, dict[str, object]],
                  records: dict[int, dict[str, Any]]) -> tuple[int, int, int, list[str]]:
    """How many issues' status, title and authors were read as meant; the
    statuses read wrongly."""
    status = title = authors = 0
    status_wrong = []
    for key, t in truth.items():
        record = records.get(int(key), {})
        status += record.get("status") == t["status_meant"]
        if record.get("status") != t["status_meant"]:
            status_wrong.append(f"#{key}: {record.get('status')} (meant {t['status_meant']})")
        title += _fold(str(record.get("title", ""))) == _fold(str(t["title_meant"]))
        authors += [_fold(a) for a in record.get("authors", [])] == [
            _fold(a) for a in t["authors_meant"]]  # type: ignore[attr-defined]
    return status, title, authors, status_wrong


def measure(corpus: Path) -> dict[str, object]:
    truth: dict[str, dict[str, object]] = json.loads((corpus / "truth.json").read_text("utf-8"))
    texts, warnings, export = _import_and_build(corpus)
    records = {int(re.search(r"\d+", r["id"]).group()): r  # type: ignore[union-attr]
               for r in export["rfcs"]}

    # missing sections
    # (a section whose heading is there with nothing under it is one its
    # author left out too: `rfc.empty-section` names it in brackets)
    said = {(n, label) for n, _l, kind, message in warnings if kind == "rfc.missing-section"
            for label in re.findall(r"missing section '([^']+)'", message)}
    said |= {(n, label) for n, _l, kind, message in warnings if kind == "rfc.empty-section"
             for label in re.findall(r"\(([^/()]+?) / [^()]*\) has no content", message)}
    meant = {(int(n), s) for n, t in truth.items() for s in t["sections_missing"]}  # type: ignore[attr-defined]
    # the corpus names "Related implementation references"; the checks "Related work"
    said = {(n, "Related implementation references" if s == "Related work" else s)
            for n, s in said}
    hit = len(said & meant)

    # placeholders: a warning in the block (a paragraph, or one table row)
    # holding a placeholder the author left: the checks warn once per
    # paragraph, at its first line
    blocks = {number: _blocks(lines) for number, lines in texts.items()}
    placeholder_warnings = [
        (n, line) for n, line, kind, message in warnings
        if kind == "rfc.placeholder" or (kind == "rfc.invalid-value" and "several choices" in message)
    ]
    left_lines: dict[tuple[int, int], int] = {}
    items: list[set[int]] = []
    labels: list[tuple[int, str]] = []
    for key, t in truth.items():
        number = int(key)
        for _section, text in t["placeholders_left"]:  # type: ignore[attr-defined]
            labels.append((number, text))
            wanted = _fold(text)
            block = blocks.get(number, [])
            lines = {block[i] for i, line in enumerate(texts.get(number, []))
                     if wanted in _fold(line)}
            items.append({number * 100000 + b for b in lines})
            for b in lines:
                left_lines[(number, b)] = 1

    def block_of(number: int, line: int | None) -> int:
        block = blocks.get(number, [])
        return block[line - 1] if line and line <= len(block) else -1

    warned = {n * 100000 + block_of(n, line) for n, line in placeholder_warnings}
    right_warnings = sum(1 for n, line in placeholder_warnings
                         if (n, block_of(n, line)) in left_lines)
    found_items = sum(1 for lines in items if lines & warned)
    missed = [f"#{number}: {text!r}" for (number, text), lines in zip(labels, items, strict=True)
              if not lines & warned]
    wrong = [f"#{n}:{line}: {message}" for n, line, kind, message in warnings
             if (n, line) in placeholder_warnings and (n, block_of(n, line)) not in left_lines]
    wrong_sections = sorted(f"#{n}: {s}" for n, s in said - meant)
    missed_sections = sorted(f"#{n}: {s}" for n, s in meant - said)

    caused = [w for w in warnings if w[2] == "myst.header"
              or "in the basic-information table but" in w[3]]
    status, title, authors, status_wrong = _fields_right(truth, records)
    return {
        "issues": len(truth),
        "warnings": len(warnings),
        "missing_section": {"said": len(said), "meant": len(meant), "right": hit,
                            "precision": _ratio(hit, len(said)),
                            "recall": _ratio(hit, len(meant))},
        "placeholder": {"said": len(placeholder_warnings), "meant": len(items),
                        "precision": _ratio(right_warnings, len(placeholder_warnings)),
                        "recall": _ratio(found_items, len(items))},
        "caused_by_import": len(caused),
        "misses": {"placeholders missed": missed, "placeholder warnings counted wrong": wrong,
                   "sections said wrongly": wrong_sections,
                   "sections missed": missed_sections, "status read wrongly": status_wrong},
        "status_right": status, "title_right": title, "authors_right": authors,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="?", default=str(ROOT / "tests/corpus/forge-independent"))
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--misses", action="store_true",
                        help="also list what was missed and what was said wrongly")
    args = parser.parse_args(argv)
    found = measure(Path(args.corpus))
    if args.json:
        print(json.dumps(found, indent=2))
        return 0
    n = found["issues"]
    ms, ph = found["missing_section"], found["placeholder"]
    print(f"{n} issues, {found['warnings']} warnings")
    print(f"missing sections: precision {ms['precision']}, recall {ms['recall']} "  # type: ignore[index]
          f"({ms['right']} right of {ms['said']} said, {ms['meant']} meant)")  # type: ignore[index]
    print(f"placeholders: precision {ph['precision']}, recall {ph['recall']} "  # type: ignore[index]
          f"({ph['said']} said, {ph['meant']} meant)")  # type: ignore[index]
    print(f"warnings the import caused: {found['caused_by_import']}")
    print(f"status right {found['status_right']}/{n}, title right {found['title_right']}/{n}, "
          f"authors right {found['authors_right']}/{n}")
    if args.misses:
        for what, listed in found["misses"].items():  # type: ignore[attr-defined]
            print(f"{what}: {len(listed)}")
            for item in listed:
                print(f"  {item}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
