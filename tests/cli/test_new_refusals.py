"""``sphinx-rfc new`` refuses, in one line and writing nothing, what it
cannot do right (issue 56, items 7 and 11): a project whose conf.py is
broken (its settings, template among them, are unknown), and an ID whose
number no file name can carry."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import write_project

from sphinx_rfc.cli import main


def _new(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["new", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_broken_conf_py_is_named_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    docs = write_project(tmp_path / "docs", {"index.md": "# 设计文档\n"},
                         'rfc_template = "team-template.md"\nrfc_modules = ["model",\n')
    code, out, err = _new(capsys, "分片 checkpoint 合并", "--dir", str(docs / "rfcs"))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "conf.py" in err and "nothing written" in err and "Traceback" not in err
    assert not (docs / "rfcs").exists() or not list((docs / "rfcs").iterdir())
    # fixed, the same command writes
    (docs / "conf.py").write_text(
        'extensions = ["myst_parser", "sphinx_rfc"]\nrfc_modules = ["model"]\n', encoding="utf-8")
    code, out, _err = _new(capsys, "分片 checkpoint 合并", "--dir", str(docs / "rfcs"))
    assert code == 0 and out.startswith("RFC-0001: ")


@pytest.mark.parametrize("digits", [19, 4301, 5000])
def test_an_id_of_too_many_digits_is_one_line(
    digits: int, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    folder = tmp_path / "drafts"
    code, out, err = _new(capsys, "Huge", "--dir", str(folder), "--id", "RFC-" + "7" * digits)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and f"{digits} digits" in err
    assert not folder.exists() or not list(folder.iterdir())


def test_eighteen_digits_still_make_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "drafts"
    code, out, _err = _new(capsys, "Big number", "--dir", str(folder), "--id", "RFC-" + "1" * 18)
    assert code == 0 and (folder / ("1" * 18 + "-big-number.md")).exists(), out


@pytest.mark.parametrize(("conf", "cause"), [
    # (write_project's conf.py has three lines before these)
    ("import team_theme_settings\n",
     "line 4: ModuleNotFoundError: No module named 'team_theme_settings'"),
    ('version = open("VERSION").read()\n', "line 4: FileNotFoundError"),
    ("rfc_modules = ['model',\n", "syntax error"),
    ("raise SystemExit(1)\n", "sys.exit()"),
    ('rfc_id_pattern = "RFC-(\\\\d+"\n', "rfc_id_pattern"),
])
def test_a_conf_py_that_fails_is_one_line_with_its_cause(
    conf: str, cause: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """Whatever makes conf.py fail, new says so on one line (the file, the
    line, the cause; never the traceback Sphinx puts into its message),
    exits 2 and writes nothing; so does check."""
    docs = write_project(tmp_path / "docs", {"index.md": "# 设计文档\n"}, conf)
    code, out, err = _new(capsys, "分片 checkpoint 合并", "--dir", str(docs / "rfcs"))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert cause in err and "Traceback" not in err and "nothing written" in err
    assert not (docs / "rfcs").exists()
    if cause.startswith("line"):
        assert f"{docs / 'conf.py'}, {cause}" in err
    code = main(["check", str(docs), "--no-cache"])
    out, err = capsys.readouterr()
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
