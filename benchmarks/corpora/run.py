"""Build real public RFC / ADR / design-document corpora and measure the readers.

For each corpus folder ``benchmarks/corpora/<name>/`` (``corpus.toml``,
``conf.py``, ``labels.tsv``, optionally ``expected.tsv`` and a template)
it finds the checkout ``<checkouts>/<name>/``, copies the corpus's
subfolders into a temporary Sphinx project with the corpus's ``conf.py``,
builds it once (``sphinx-build -b text``, no ``-j``, ``PYTHONHASHSEED=0``)
and reports: documents read (records in ``rfcs.json``), fields read
(title, authors, created, status; against ``expected.tsv`` where there is
one), warnings by subtype, and precision / recall of the labelled subtypes
against ``labels.tsv``.  The README in this folder describes the layout and
the label format.

    python benchmarks/corpora/run.py                         # every corpus found
    python benchmarks/corpora/run.py --corpus rust-rfcs --to-label   # + a sample to label
    python benchmarks/corpora/run.py --readme                # + the table in benchmarks/README.md

The harness measures the ``sphinx_rfc`` of the checkout it lives in (its
root goes first on the builds' ``PYTHONPATH``).  Work folders and
``results.md`` / ``results.json`` go to ``benchmarks/_work/corpora/``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import fnmatch
import json
import math
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DEFAULT_OUT = ROOT / "benchmarks" / "_work" / "corpora"
DEFAULT_CHECKOUTS = Path("/work/corpora")
README = ROOT / "benchmarks" / "README.md"
README_START = "<!-- corpora:start -->"
README_END = "<!-- corpora:end -->"

#: the subtypes whose precision (and recall) the labels measure
LABELLED = ("missing-section", "placeholder", "near-miss", "invalid-value", "empty-section")
#: the basic fields counted in every record
FIELDS = ("title", "authors", "created", "status")
#: files of a corpus folder that are the harness's, not the project's
HARNESS_FILES = {"corpus.toml", "conf.py", "labels.tsv", "expected.tsv", "README.md"}
#: where the other files of a corpus folder (a team's template) go in the project
EXTRA_DIR = "_corpus"
ROOT_DOC = "_corpus_root"
#: how many warnings of a subtype --to-label samples
SAMPLE = 25
#: how many files --to-label lists for the recall check
RECALL_FILES = 10

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_WARNING = re.compile(
    r"^(?:(?P<loc>.*?)(?::(?P<line>\d+))?: )?(?P<level>WARNING|ERROR|CRITICAL|SEVERE): (?P<msg>.*)$"
)
_SUBTYPE = re.compile(r"\[(?P<type>[\w-]+)\.(?P<sub>[\w-]+)\]\s*$")

CONF_TAIL = f"""

# ---- added by benchmarks/corpora/run.py (not part of the corpus's configuration)
root_doc = {ROOT_DOC!r}
exclude_patterns = [*globals().get("exclude_patterns", []), {EXTRA_DIR + "/**"!r}, "_build"]
suppress_warnings = [*globals().get("suppress_warnings", []), "toc.not_included"]
"""


# --------------------------------------------------------------------------
# the data


@dataclass(frozen=True)
class BuildWarning:
    """One warning of the build: file relative to the project, line (0: none)."""

    file: str
    line: int
    subtype: str  # "rfc.missing-section", "myst.header", "" when the message has none
    message: str

    @property
    def rfc_subtype(self) -> str:
        return self.subtype[4:] if self.subtype.startswith("rfc.") else ""


@dataclass(frozen=True)
class Label:
    """One row of ``labels.tsv``.

    ``line`` is ``None`` for a file-level row (``*``): the file was checked
    by hand for ``subtype`` and every real problem of that subtype in it is
    listed by its own row; the row's verdict is ``checked``.
    """

    file: str
    line: int | None
    subtype: str
    verdict: str  # "true" | "false" | "checked"
    key: str
    reason: str
    row: int  # line number in labels.tsv

    @property
    def checked(self) -> bool:
        return self.line is None


@dataclass
class Score:
    """Precision and recall of one subtype against the labels."""

    emitted: int = 0  # warnings of the subtype in the build
    labelled: int = 0  # label rows (true/false) of the subtype that matched a warning
    true: int = 0  # of those, labelled true
    #: recall: real problems listed in the files checked in full, and how many were emitted
    real: int = 0
    found: int = 0
    checked_files: int = 0
    #: warnings in a file checked in full that no label row names (a labelling gap)
    unlabelled_in_checked: list[str] = field(default_factory=list)
    #: label rows true but not emitted (a lost warning, or a problem the reader misses)
    missed: list[str] = field(default_factory=list)
    #: label rows false that are emitted (the false warnings still there)
    false_emitted: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float | None:
        return self.true / self.labelled if self.labelled else None

    @property
    def recall(self) -> float | None:
        return self.found / self.real if self.real else None


@dataclass
class Result:
    name: str
    state: str  # "ok", "absent", "failed"
    note: str = ""
    language: str = ""
    repository: str = ""
    commit: str = ""
    date: str = ""
    seconds: float = 0.0
    files: int = 0  # source files copied
    documents: int = 0  # records in rfcs.json
    fields: dict[str, int] = field(default_factory=dict)
    expected: dict[str, list[int]] = field(default_factory=dict)  # field -> [right, checked]
    wrong: list[str] = field(default_factory=list)
    warnings: dict[str, int] = field(default_factory=dict)  # subtype -> count
    scores: dict[str, Score] = field(default_factory=dict)
    label_errors: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------
# labels and their matching (pure: tests/unit/test_corpora_harness.py)


def fold(text: str) -> str:
    """Text compared loosely: case, runs of white space and quotes do not matter."""
    text = re.sub(r"[`'\"“”‘’「」]", "", text)
    return " ".join(text.casefold().split())


def read_labels(text: str) -> tuple[list[Label], list[str]]:
    """The rows of a ``labels.tsv`` text, and the rows it cannot read (as messages).

    The first line is the header; empty lines and lines starting with ``#``
    are skipped.
    """
    labels: list[Label] = []
    errors: list[str] = []
    for number, raw in enumerate(text.splitlines(), 1):
        if number == 1 or not raw.strip() or raw.startswith("#"):
            continue
        cells = raw.split("\t")
        if len(cells) < 4:
            errors.append(f"labels.tsv:{number}: fewer than 4 columns")
            continue
        cells += [""] * (6 - len(cells))
        file, line, subtype, verdict, key, reason = (c.strip() for c in cells[:6])
        subtype = subtype.removeprefix("rfc.")
        if line == "*":
            if verdict != "checked":
                errors.append(f"labels.tsv:{number}: a '*' row's verdict is 'checked'")
                continue
            labels.append(Label(file, None, subtype, verdict, key, reason, number))
            continue
        if not line.isdigit():
            errors.append(f"labels.tsv:{number}: line {line!r} is not a number or '*'")
            continue
        if verdict not in ("true", "false"):
            errors.append(f"labels.tsv:{number}: verdict {verdict!r} is not true or false")
            continue
        labels.append(Label(file, int(line), subtype, verdict, key, reason, number))
    return labels, errors


def match(labels: list[Label], warnings: list[BuildWarning]) -> dict[int, BuildWarning]:
    """Label row number -> the warning it names.

    A label names a warning of the same file and subtype: with a key, one
    whose message holds the key (folded, see ``fold``), the nearest to the
    label's line (so a warning that moved to another line is still found);
    without a key, the one at the label's line.  Each warning is named by
    at most one label; labels are served in their order in the file.
    """
    by_place: dict[tuple[str, str], list[BuildWarning]] = {}
    for warning in warnings:
        by_place.setdefault((warning.file, warning.rfc_subtype), []).append(warning)
    taken: set[int] = set()
    found: dict[int, BuildWarning] = {}
    for label in labels:
        if label.checked:
            continue
        candidates = [w for w in by_place.get((label.file, label.subtype), []) if id(w) not in taken]
        if label.key:
            key = fold(label.key)
            candidates = [w for w in candidates if key in fold(w.message)]
        else:
            candidates = [w for w in candidates if w.line == label.line]
        if not candidates:
            continue
        at = label.line
        assert at is not None
        best = min(candidates, key=lambda w: (abs(w.line - at), w.line))
        taken.add(id(best))
        found[label.row] = best
    return found


def score(subtype: str, labels: list[Label], warnings: list[BuildWarning]) -> Score:
    """Precision and recall of ``subtype``.

    Precision: of the label rows that name an emitted warning, the share
    labelled true.  Recall: in the files with a ``*`` row (checked in full
    for the subtype), of the rows labelled true, the share emitted.
    """
    mine = [lab for lab in labels if lab.subtype == subtype]
    emitted = [w for w in warnings if w.rfc_subtype == subtype]
    matched = match(mine, emitted)
    result = Score(emitted=len(emitted))
    checked = {lab.file for lab in mine if lab.checked}
    result.checked_files = len(checked)
    named: set[int] = {id(w) for w in matched.values()}
    for label in mine:
        if label.checked:
            continue
        where = f"{label.file}:{label.line} {label.key}".rstrip()
        hit = label.row in matched
        if hit:
            result.labelled += 1
            result.true += label.verdict == "true"
            if label.verdict == "false":
                result.false_emitted.append(f"{where} ({label.reason})")
        elif label.verdict == "true":
            result.missed.append(f"{where} ({label.reason})")
        if label.verdict == "true" and label.file in checked:
            result.real += 1
            result.found += hit
    result.unlabelled_in_checked = [
        f"{w.file}:{w.line} {w.message[:80]}"
        for w in emitted
        if w.file in checked and id(w) not in named
    ]
    return result


def read_warnings(text: str, src: str) -> list[BuildWarning]:
    """The warnings of a ``sphinx-build -w`` file; paths made relative to ``src``."""
    records: list[list[str]] = []
    heads: list[re.Match[str]] = []
    for raw in _ANSI.sub("", text).splitlines():
        head = _WARNING.match(raw)
        if head:
            heads.append(head)
            records.append([head["msg"]])
        elif records:
            records[-1].append(raw)
    warnings: list[BuildWarning] = []
    prefix = src.rstrip("/") + "/"
    for head, lines in zip(heads, records, strict=True):
        message = "\n".join(lines).rstrip()
        sub = _SUBTYPE.search(message)
        loc = head["loc"] or ""
        loc = loc.removeprefix(prefix)
        warnings.append(BuildWarning(
            file=loc,
            line=int(head["line"] or 0),
            subtype=f"{sub['type']}.{sub['sub']}" if sub else "",
            message=message,
        ))
    return warnings


def every_kth(items: list[Any], size: int) -> list[Any]:
    """A deterministic sample of at most ``size`` items: every k-th from the first."""
    if len(items) <= size:
        return list(items)
    k = math.ceil(len(items) / size)
    return items[::k]


# --------------------------------------------------------------------------
# fields against expected.tsv


#: what follows a name and is not part of it: ``<mail>``, ``(handle)``, ``（单位）``
_BESIDE_NAME = re.compile(r"<[^>]*>|\([^)]*\)|（[^）]*）")


def _names(value: Any) -> set[str]:
    """The names of an authors value, each without what is written beside it
    in brackets (ASCII or full-width) or angle brackets."""
    items = value if isinstance(value, list) else re.split(r"[;,]", str(value or ""))
    names = set()
    for item in items:
        name = _BESIDE_NAME.sub("", str(item)).strip().lstrip("@")
        if name:
            names.add(fold(name))
    return names


def same(field_name: str, got: Any, want: str) -> bool:
    """Whether a record's field holds the hand-checked value."""
    if field_name == "authors":
        return _names(got) == _names(want)
    if field_name == "title":
        return fold(re.sub(r"[_-]", " ", str(got or ""))) == fold(re.sub(r"[_-]", " ", want))
    return fold(str(got or "")) == fold(want)


def check_expected(text: str, records: dict[str, dict[str, Any]],
                   result: Result) -> None:
    for number, raw in enumerate(text.splitlines(), 1):
        if number == 1 or not raw.strip() or raw.startswith("#"):
            continue
        cells = raw.split("\t")
        if len(cells) < 3:
            result.label_errors.append(f"expected.tsv:{number}: fewer than 3 columns")
            continue
        file, name, want = (c.strip() for c in cells[:3])
        tally = result.expected.setdefault(name, [0, 0])
        tally[1] += 1
        record = records.get(file)
        got = record.get(name) if record else None
        if record is not None and same(name, got, want):
            tally[0] += 1
        else:
            shown = "no record" if record is None else repr(got)
            result.wrong.append(f"{file} {name}: {shown}, expected {want!r}")


# --------------------------------------------------------------------------
# the build


def copy_sources(checkout: Path, src: Path, spec: dict[str, Any]) -> int:
    """Copy the corpus's subfolders (``include`` / ``exclude`` globs) into ``src``."""
    include = spec.get("include") or ["**"]
    exclude = spec.get("exclude") or []
    copied = 0
    for sub in spec["subfolders"]:
        base = checkout / sub
        if not base.is_dir():
            raise FileNotFoundError(f"{base} is not a folder")
        for path in sorted(base.rglob("*")):
            if not path.is_file() or path.is_symlink():
                continue
            rel = path.relative_to(checkout).as_posix()
            if not any(fnmatch.fnmatchcase(rel, pat) for pat in include):
                continue
            if any(fnmatch.fnmatchcase(rel, pat) for pat in exclude):
                continue
            target = src / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
            copied += 1
    return copied


def make_project(folder: Path, checkout: Path, spec: dict[str, Any], src: Path) -> int:
    if src.exists():
        shutil.rmtree(src)
    src.mkdir(parents=True)
    copied = copy_sources(checkout, src, spec)
    for extra in sorted(folder.iterdir()):
        if extra.name in HARNESS_FILES or extra.name.startswith((".", "__")):
            continue
        target = src / EXTRA_DIR / extra.name
        target.parent.mkdir(exist_ok=True)
        if extra.is_dir():
            shutil.copytree(extra, target)
        else:
            shutil.copyfile(extra, target)
    conf = (folder / "conf.py").read_text(encoding="utf-8")
    (src / "conf.py").write_text(conf + CONF_TAIL, encoding="utf-8")
    (src / f"{ROOT_DOC}.rst").write_text(
        f"{spec.get('name', folder.name)}\n{'=' * 40}\n\nA corpus built by benchmarks/corpora/run.py.\n",
        encoding="utf-8",
    )
    return copied


def build(src: Path, work: Path, builder: str, timeout: int) -> tuple[int, float, str]:
    out, doctrees, log = work / "out", work / "doctrees", work / "build.log"
    for old in (out, doctrees):
        if old.exists():
            shutil.rmtree(old)
    env = {**os.environ, "PYTHONHASHSEED": "0",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    cmd = [sys.executable, "-m", "sphinx", "-b", builder, "-q", "-w", str(work / "warnings.txt"),
           "-d", str(doctrees), str(src), str(out)]
    start = time.monotonic()
    with log.open("w", encoding="utf-8") as sink:
        try:
            proc = subprocess.run(cmd, stdout=sink, stderr=subprocess.STDOUT, env=env,
                                  timeout=timeout, check=False)
            code = proc.returncode
        except subprocess.TimeoutExpired:
            code = -1
    seconds = time.monotonic() - start
    tail = log.read_text(encoding="utf-8", errors="replace").strip().splitlines()[-3:]
    return code, seconds, " / ".join(tail)


def measure(folder: Path, checkouts: Path, out: Path, builder: str, timeout: int,
            to_label: bool) -> Result:
    spec = tomllib.loads((folder / "corpus.toml").read_text(encoding="utf-8"))
    name = folder.name
    result = Result(name=name, state="ok", language=spec.get("language", ""),
                    repository=spec.get("repository", ""), commit=spec.get("commit", "")[:12],
                    date=dt.date.today().isoformat())
    checkout = checkouts / name
    if not checkout.is_dir():
        result.state, result.note = "absent", f"no checkout at {checkout}"
        return result
    work = out / name
    work.mkdir(parents=True, exist_ok=True)
    src = work / "src"
    try:
        result.files = make_project(folder, checkout, spec, src)
    except (OSError, KeyError) as exc:
        result.state, result.note = "failed", f"could not make the project: {exc}"
        return result
    code, result.seconds, tail = build(src, work, builder, timeout)
    if code != 0:
        result.state = "failed"
        result.note = "timed out" if code == -1 else f"sphinx-build exited {code}: {tail}"
    warnings_file = work / "warnings.txt"
    text = warnings_file.read_text(encoding="utf-8", errors="replace") if warnings_file.exists() else ""
    warnings = read_warnings(text, str(src))
    result.warnings = dict(sorted(Counter(w.subtype or "(none)" for w in warnings).items()))
    exported = work / "out" / "rfcs.json"
    records: dict[str, dict[str, Any]] = {}
    if exported.exists():
        data = json.loads(exported.read_text(encoding="utf-8"))
        records = {r.get("source", ""): r for r in data.get("rfcs", [])}
    elif result.state == "ok":
        result.state, result.note = "failed", "no rfcs.json written"
    result.documents = len(records)
    result.fields = {f: sum(1 for r in records.values() if r.get(f)) for f in FIELDS}
    if (folder / "expected.tsv").exists():
        check_expected((folder / "expected.tsv").read_text(encoding="utf-8"), records, result)
    labels: list[Label] = []
    if (folder / "labels.tsv").exists():
        labels, result.label_errors[:0] = read_labels(
            (folder / "labels.tsv").read_text(encoding="utf-8"))
    for subtype in LABELLED:
        result.scores[subtype] = score(subtype, labels, warnings)
    if to_label:
        write_sample(work / "to-label.tsv", warnings, sorted(records))
    return result


def write_sample(path: Path, warnings: list[BuildWarning], sources: list[str]) -> None:
    """Rows to label: every k-th warning of each labelled subtype, and files for recall.

    The message is in a last column to read while labelling; it is corpus
    text and is not copied into ``labels.tsv``.
    """
    rows = ["file\tline\tsubtype\tverdict\tkey\treason\tmessage (do not copy)"]
    for subtype in LABELLED:
        mine = sorted((w for w in warnings if w.rfc_subtype == subtype),
                      key=lambda w: (w.file, w.line, w.message))
        for w in every_kth(mine, SAMPLE):
            message = " ".join(w.message.split())
            rows.append(f"{w.file}\t{w.line}\t{subtype}\t\t\t\t{message}")
    for source in every_kth(sources, RECALL_FILES):
        rows.append(f"{source}\t*\tmissing-section\tchecked\t\t\t")
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")


# --------------------------------------------------------------------------
# reports


def _ratio(value: float | None, n: int) -> str:
    return "—" if value is None else f"{value:.2f} ({n})"


def cells(result: Result) -> list[str]:
    """The corpus's row of the README table."""
    lang = result.language
    head = f"{result.name} ({result.repository}@{result.commit[:7]}, {lang})"
    if result.state == "absent":
        return [head, "absent", "", "", *([""] * len(LABELLED)), "", ""]
    fields = " / ".join(str(result.fields.get(f, 0)) for f in FIELDS)
    right = sum(v[0] for v in result.expected.values())
    checked = sum(v[1] for v in result.expected.values())
    expected = f"{right}/{checked}" if checked else "—"
    scored = []
    for subtype in LABELLED:
        s = result.scores.get(subtype) or Score()
        cell = f"{s.emitted} · P {_ratio(s.precision, s.labelled)}"
        if subtype == "missing-section" or s.real:
            cell += f" · R {_ratio(s.recall, s.real)}"
        scored.append(cell)
    others = Counter({k: v for k, v in result.warnings.items()
                      if k.startswith("rfc.") and k[4:] not in LABELLED})
    other = ", ".join(f"{k[4:]} {v}" for k, v in sorted(others.items(), key=lambda kv: (-kv[1], kv[0]))[:4])
    rest = sum(others.values()) - sum(v for _, v in sorted(others.items(), key=lambda kv: (-kv[1], kv[0]))[:4])
    if rest:
        other += f", … {rest}"
    docs = f"{result.documents} of {result.files} files"
    if result.state == "failed":
        docs += f" — FAILED: {result.note[:80]}"
    return [head, docs, fields, expected, *scored, other or "0", f"{result.seconds:.0f} s"]


HEADER = ["corpus", "documents", "title / authors / created / status read", "fields right",
          *[f"`{s}`: warnings · P (n) · R (n)" for s in LABELLED], "other `rfc.*` warnings", "build"]


def table(rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    lines += ["| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in rows]
    return "\n".join(lines)


def details(result: Result) -> str:
    out = [f"## {result.name}", "", f"state: {result.state} {result.note}".rstrip(),
           f"warnings: {json.dumps(result.warnings, ensure_ascii=False)}"]
    for name, (right, checked) in sorted(result.expected.items()):
        out.append(f"expected {name}: {right}/{checked}")
    out += [f"- wrong field: {w}" for w in result.wrong]
    out += [f"- label error: {e}" for e in result.label_errors]
    for subtype, s in result.scores.items():
        out.append(f"{subtype}: emitted {s.emitted}, labelled {s.labelled}, true {s.true}, "
                   f"P {_ratio(s.precision, s.labelled)}, R {_ratio(s.recall, s.real)} "
                   f"over {s.checked_files} files checked in full")
        out += [f"  - false warning still emitted: {x}" for x in s.false_emitted]
        out += [f"  - labelled true, not emitted: {x}" for x in s.missed]
        out += [f"  - unlabelled in a checked file: {x}" for x in s.unlabelled_in_checked]
    return "\n".join(out) + "\n"


def widen(row: list[str]) -> list[str]:
    """A row kept from an earlier table with fewer scored subtypes: blank
    cells for the subtypes scored since (before its last two cells)."""
    missing = len(HEADER) - len(row)
    return row if missing <= 0 else [*row[:-2], *(["—"] * missing), *row[-2:]]


def update_readme(results: list[Result], command: str) -> None:
    text = README.read_text(encoding="utf-8")
    if README_START not in text or README_END not in text:
        print(f"{README} has no {README_START} … {README_END} markers; not updated")
        return
    head, rest = text.split(README_START, 1)
    old, tail = rest.split(README_END, 1)
    rows: dict[str, list[str]] = {}
    for line in old.splitlines():  # rows of corpora not measured now are kept
        if line.startswith("| ") and not line.startswith("| corpus |"):
            first = line[2:].split(" ", 1)[0]
            rows[first] = widen([c.strip() for c in re.split(r"(?<!\\) \| ", line[2:-2])])
    for result in results:
        rows[result.name] = cells(result)
    dates = sorted({r.date for r in results if r.state != "absent"})
    note = (f"Measured {', '.join(dates) or 'never'} with `{command}` "
            "(rows of corpora not measured in that run are from earlier runs).")
    body = f"{note}\n\n{table([rows[k] for k in sorted(rows)])}\n"
    README.write_text(f"{head}{README_START}\n{body}{README_END}{tail}", encoding="utf-8")
    print(f"{README} updated")


def corpora(names: list[str] | None) -> list[Path]:
    found = sorted(p.parent for p in HERE.glob("*/corpus.toml"))
    if not names:
        return found
    wanted = [HERE / n for n in names]
    for path in wanted:
        if not (path / "corpus.toml").exists():
            raise SystemExit(f"no corpus {path.name!r} (no {path / 'corpus.toml'})")
    return wanted


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checkouts", type=Path, default=DEFAULT_CHECKOUTS,
                        help="folder holding one checkout per corpus, named as the corpus")
    parser.add_argument("--corpus", nargs="+", metavar="NAME", help="only these corpora")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="work folder")
    parser.add_argument("--builder", default="text", help="Sphinx builder (default: text)")
    parser.add_argument("--timeout", type=int, default=900, help="seconds a build may take")
    parser.add_argument("--to-label", action="store_true",
                        help="also write <out>/<name>/to-label.tsv: a sample of warnings to label")
    parser.add_argument("--readme", action="store_true",
                        help="rewrite the table in benchmarks/README.md")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    results = []
    for folder in corpora(args.corpus):
        print(f"{folder.name}: ", end="", flush=True)
        try:
            result = measure(folder, args.checkouts.resolve(), args.out.resolve(), args.builder,
                             args.timeout, args.to_label)
        except Exception as exc:  # a broken corpus folder is reported, the others still run
            result = Result(name=folder.name, state="failed", note=f"{type(exc).__name__}: {exc}")
        print(result.state, result.note, f"{result.documents} documents, {result.seconds:.0f} s")
        results.append(result)
    rows = [cells(r) for r in results]
    report = table(rows) + "\n\n" + "\n".join(details(r) for r in results)
    (args.out / "results.md").write_text(report, encoding="utf-8")
    (args.out / "results.json").write_text(
        json.dumps([asdict(r) for r in results], indent=1, ensure_ascii=False, sort_keys=True),
        encoding="utf-8")
    print(report)
    if args.readme:
        command = "python benchmarks/corpora/run.py" + (
            f" --corpus {' '.join(args.corpus)}" if args.corpus else "")
        update_readme(results, command)
    return 1 if any(r.state == "failed" for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
