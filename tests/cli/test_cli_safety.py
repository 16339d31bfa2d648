"""``sphinx-rfc`` given bad input (issue #15; docs/reference/security.md):
a file or folder it cannot use is one line and exit 2, never a traceback;
``new`` writes nothing but what was asked, on the lines it was asked;
``list`` never passes an escape sequence to the terminal."""

from __future__ import annotations

import json
import os
import shutil
import unicodedata
from pathlib import Path

import pytest
from conftest import ROOTS, write_project

from sphinx_rfc.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> bool:
    return err.count("\n") == 1 and err.startswith("sphinx-rfc: ") and "Traceback" not in err


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


@pytest.fixture
def clean(tmp_path: Path) -> Path:
    srcdir = tmp_path / "src"
    shutil.copytree(ROOTS / "test-checks-clean", srcdir)
    return srcdir


# --------------------------------------------------------------------------
# Files and folders the command cannot use


def test_new_into_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    notes = tmp_path / "notes.md"
    notes.write_text("# Notes\n", encoding="utf-8")
    code, out, err = run(capsys, "new", "Offload", "--dir", str(notes))
    assert (code, out) == (2, "") and one_line(err) and str(notes) in err
    code, out, err = run(capsys, "new", "Offload", "--dir", str(notes / "rfcs"))
    assert (code, out) == (2, "") and one_line(err) and str(notes / "rfcs") in err
    assert notes.read_text(encoding="utf-8") == "# Notes\n"


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into any folder")
def test_new_into_a_read_only_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "rfcs"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        code, out, err = run(capsys, "new", "Offload", "--dir", str(folder))
    finally:
        folder.chmod(0o755)
    assert (code, out) == (2, "") and one_line(err) and str(folder) in err
    assert list(folder.iterdir()) == []


def test_export_into_a_folder(
    capsys: pytest.CaptureFixture[str], clean: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    code, out, err = run(capsys, "export", str(clean), "-o", str(site))
    assert (code, out) == (2, "") and one_line(err) and str(site) in err
    assert list(site.iterdir()) == []
    (site / "api").write_text("a file\n")
    target = site / "api" / "rfcs.json"
    code, out, err = run(capsys, "export", str(clean), "-o", str(target))
    assert (code, out) == (2, "") and one_line(err) and str(target) in err


LATIN1_NOTES = "Notes\n=====\n\nCaf\xe9 au lait, \xe0 la carte.\n"


@pytest.mark.parametrize("argv", [["check", "-j", "1"], ["check", "-j", "2"], ["list"]])
def test_a_source_file_that_is_not_utf8(
    capsys: pytest.CaptureFixture[str], clean: Path, argv: list[str]
) -> None:
    # an old page saved by an editor set to Latin-1
    (clean / "notes.rst").write_bytes(LATIN1_NOTES.encode("latin-1"))
    code, out, err = run(capsys, *argv, str(clean))
    assert (code, out) == (2, "")
    assert one_line(err) and f"{clean / 'notes.rst'}:4:" in err and "UTF-8" in err, err


# --------------------------------------------------------------------------
# new: what was asked, where it was asked


def written(folder: Path) -> list[Path]:
    return sorted(folder.iterdir()) if folder.is_dir() else []


@pytest.mark.parametrize("fmt", ["md", "rst"])
def test_new_refuses_an_id_that_adds_lines(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str
) -> None:
    folder = tmp_path / "rfcs"
    for rfc_id in ("RFC-1\n   :status: accepted", "RFC-1\n:status: accepted"):
        code, out, err = run(
            capsys, "new", "Offload", "--dir", str(folder), "--format", fmt, "--id", rfc_id
        )
        assert (code, out) == (2, "") and one_line(err) and "--id" in err
    assert written(folder) == []


def test_new_refuses_an_id_the_pattern_rejects(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "rfcs"
    code, out, err = run(capsys, "new", "Offload", "--dir", str(folder), "--id", "../../x")
    assert (code, out) == (2, "") and one_line(err) and r"^RFC-[0-9]+$" in err
    assert written(folder) == []

    # a project whose pattern has no end anchor: line breaks are refused all the same
    srcdir = write_project(tmp_path / "src", {"index.rst": "Index\n=====\n"},
                           'rfc_id_pattern = r"^RFC-\\d+"\n')
    code, out, err = run(capsys, "new", "Offload", "--dir", str(srcdir / "rfcs"),
                         "--id", "RFC-7\n:status: accepted")
    assert (code, out) == (2, "") and one_line(err)
    assert written(srcdir / "rfcs") == []


@pytest.mark.parametrize(("option", "value"), [
    ("title", "\x1b[1mOffload\x1b[0m"),
    ("--module", "optimizer\n   :status: accepted"),
    ("--author", "Zhang San\u2028:status: accepted"),
    ("--author", "Li Si\x85:status: accepted"),
])
def test_new_refuses_control_characters(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, option: str, value: str
) -> None:
    folder = tmp_path / "rfcs"
    argv = ["new", value] if option == "title" else ["new", "Offload", option, value]
    code, out, err = run(capsys, *argv, "--dir", str(folder))
    assert (code, out) == (2, "") and one_line(err)
    assert not any(unicodedata.category(c) == "Cc" for c in err[:-1])  # shown escaped
    assert written(folder) == []


def test_new_fills_the_template_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "rfcs"
    code, out, _ = run(capsys, "new", "Render {{id}} in page titles", "--dir", str(folder),
                       "--author", "{{title}} Team")
    assert code == 0
    assert out.startswith("RFC-0001: ")
    text = Path(out.strip().partition(": ")[2]).read_text(encoding="utf-8")
    assert text.startswith("# Render {{id}} in page titles\n")
    assert "```{rfc} RFC-0001\n" in text and ":authors: {{title}} Team\n" in text


# --------------------------------------------------------------------------
# list: no escape sequence reaches the terminal; --format json


def test_list_shows_titles_without_control_characters(
    capsys: pytest.CaptureFixture[str], clean: Path
) -> None:
    # a heading pasted from a coloured terminal, and one that sets the
    # terminal's window title
    page = clean / "rfcs" / "0010-optimizer-state-offload.md"
    page.write_text(page.read_text(encoding="utf-8").replace(
        "# Optimizer state offload", "# \x1b[1mOptimizer state\x1b[0m offload\x1b]0;pwned\x07\x9b2J", 1
    ), encoding="utf-8")
    code, out, _ = run(capsys, "list", str(clean))
    assert code == 0
    assert not [c for c in out if unicodedata.category(c) == "Cc" and c != "\n"]
    assert out.splitlines() == [
        "RFC-0010  accepted  [1mOptimizer state[0m offload]0;pwned2J",
        "RFC-0011  accepted  优化器状态卸载",
        "RFC-0012  accepted  Fused attention kernels",
        "RFC-0013  accepted  融合注意力算子",
    ]
    # JSON keeps the title as it is, every control character escaped
    code, out, _ = run(capsys, "list", str(clean), "--format", "json")
    assert not [c for c in out if unicodedata.category(c) == "Cc" and c != "\n"]
    assert json.loads(out)[0]["title"] == "\x1b[1mOptimizer state\x1b[0m offload\x1b]0;pwned\x07\x9b2J"


def test_list_json(capsys: pytest.CaptureFixture[str], clean: Path, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "list", str(clean), "--format", "json")
    assert code == 0
    listed = json.loads(out)
    run(capsys, "export", str(clean), "-o", str(tmp_path / "rfcs.json"))
    exported = json.loads((tmp_path / "rfcs.json").read_text(encoding="utf-8"))["rfcs"]
    keys = ("id", "title", "status", "type", "docname", "source")
    assert listed == [{k: rfc[k] for k in keys} for rfc in exported]
    assert listed[1] == {
        "id": "RFC-0011", "title": "优化器状态卸载", "status": "accepted", "type": "performance",
        "docname": "rfcs/0011-optimizer-offload-zh", "source": "rfcs/0011-optimizer-offload-zh.md",
    }
    code, out, _ = run(capsys, "list", str(clean), "--format", "json", "--status", "draft")
    assert (code, json.loads(out)) == (0, [])
    assert run(capsys, "list", str(clean), "--format", "text") == run(capsys, "list", str(clean))


# --------------------------------------------------------------------------
# What docs/reference/security.md says of the JUnit reader


def test_the_junit_reader_fetches_no_entity_and_stops_entity_bombs(tmp_path: Path) -> None:
    import pyexpat
    from xml.etree.ElementTree import ParseError

    from sphinx_rfc.features.junit import parse_junit

    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET", encoding="utf-8")
    uri = secret.as_uri()
    case = '<testsuite><testcase name="t"><failure message="m">{}</failure></testcase></testsuite>'
    report = tmp_path / "report.xml"
    report.write_text(f'<!DOCTYPE r [<!ENTITY e SYSTEM "{uri}">]>' + case.format("&e;"))
    with pytest.raises(ParseError, match="undefined entity"):
        parse_junit(report)
    for doctype in (f'<!DOCTYPE r SYSTEM "{uri}">', f'<!DOCTYPE r [<!ENTITY % p SYSTEM "{uri}"> %p;]>'):
        report.write_text(doctype + case.format("text"))
        assert [(c.name, c.outcome) for c in parse_junit(report)] == [("t", "failed")]
    if pyexpat.version_info < (2, 4, 0):
        pytest.skip(f"{pyexpat.EXPAT_VERSION} has no limit on entity expansion")
    entities = '<!ENTITY a0 "lol">' + "".join(
        f'<!ENTITY a{i} "{f"&a{i - 1};" * 10}">' for i in range(1, 10)
    )
    report.write_text(f"<!DOCTYPE r [{entities}]>" + case.format("&a9;"))
    with pytest.raises(ParseError, match="amplification"):
        parse_junit(report)
