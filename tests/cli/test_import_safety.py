"""``sphinx-rfc import`` on input it did not expect and files people edited
(docs/reference/security.md, "Guarantees"): any JSON is imported or is one
line naming the source, exit status 1, never a traceback; a body edited
since import is never overwritten without ``--force``; the folder is read
once, through an index, with the same result as comparing every file."""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest
import yaml  # type: ignore[import-untyped]
from hypothesis import given, settings
from hypothesis import strategies as st

from sphinx_rfc.cli import issue_import as ii
from sphinx_rfc.cli import main
from sphinx_rfc.cli.front_matter import BODY, stored_digests, yaml_line

ISSUE = {
    "number": 42, "title": "[RFC]: Optimizer offload",
    "body": "## 2. 背景\n\nThe state of the optimizer.\n",
    "url": "https://example.org/issues/42", "labels": [{"name": "status: review"}],
}


def import_(source: Path, folder: Path, *extra: str) -> int:
    return main(["import", str(source), "--dir", str(folder), *extra])


def write_issue(path: Path, issue: dict[str, object]) -> Path:
    path.write_text(json.dumps(issue), encoding="utf-8")
    return path


# --------------------------------------------------------------------------
# Any JSON: one line, exit 1


def deep(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


@pytest.mark.parametrize(("data", "message"), [
    (deep(100_000), "not JSON (nested too deeply to read)"),
    (b'{"number": ' + deep(100_000) + b"}", "not JSON (nested too deeply to read)"),
    (b'{"number": ' + b"9" * 10_000 + b"}", "not JSON (Exceeds the limit (4300 digits)"),
    (b'{"number": 1, "title": "caf\xe9"}', "not UTF-8 text (byte 0xe9 at offset 27)"),
    (codecs.BOM_UTF16_LE + '{"number": 1}'.encode("utf-16-le"),
     "not UTF-8 text (it starts with a UTF-16 byte order mark); save it as UTF-8"),
    (codecs.BOM_UTF32_BE + '{"number": 1}'.encode("utf-32-be"),
     "not UTF-8 text (it starts with a UTF-32 byte order mark)"),
    (b'{"number": 1,\x00 "title": "t"}', "not JSON (a NUL character at offset 13)"),
    (b"", "not JSON (Expecting value: line 1 column 1 (char 0))"),
    (b'{"number": 42, "title": "t", "body": "a\\u0000b"}',
     "issue #42: its body holds a NUL character"),
    (b'{"number": 42, "title": "t\\u0000", "body": "b"}',
     "issue #42: its title holds a NUL character"),
    (b'{"number": "' + b"x" * 1_000_000 + b'"}', "issue number 'xxxxxxxxxx"),
    (b'{"number": 4, "title": "t", "body": "b", "createdAt": "' + b"y" * 10**6 + b'"}',
     "issue #4: created 'yyyyyyyy"),
])
def test_any_json_is_one_line_and_exit_1(
    data: bytes, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "issues.json"
    source.write_bytes(data)
    assert import_(source, tmp_path / "rfcs") == 1
    out, err = capsys.readouterr()
    assert out == ""
    lines = [line for line in err.splitlines() if "no conf.py above" not in line]
    assert len(lines) == 1 and len(lines[0]) < 400, lines
    assert lines[0].startswith(f"sphinx-rfc import: {source}: ")
    assert message in lines[0]
    assert not (tmp_path / "rfcs").exists()


def test_nested_just_under_the_limit_is_one_line_per_item(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Values nested as deeply as the JSON reader allows, where the
    message quotes them: shortened, one line each; the good issue is
    imported."""
    depth = 900
    nested = "[" * depth + "]" * depth
    source = tmp_path / "issues.json"
    source.write_text(
        f'[{{"number": {nested}}}, {{"number": 3, "title": "t", "body": "b", '
        f'"labels": [{nested}]}}]', encoding="utf-8")
    assert import_(source, tmp_path / "rfcs") == 1
    out, err = capsys.readouterr()
    assert out == f"created {tmp_path / 'rfcs' / '0003-t.md'}\n"
    assert f"sphinx-rfc import: {source}: item 1: issue number [[[...]]] is not a positive" in err


# --------------------------------------------------------------------------
# No edit lost


def test_an_edited_body_survives_a_reimport(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "rfcs"
    source = write_issue(tmp_path / "issue.json", ISSUE)
    assert import_(source, folder) == 0
    path = folder / "0042-optimizer-offload.md"
    text = path.read_text(encoding="utf-8")
    assert BODY in stored_digests(text)
    edited = text.replace("The state of the optimizer.", "The state, as the team rewrote it.")
    path.write_text(edited, encoding="utf-8")
    capsys.readouterr()
    # the same issue again: the file is left alone
    assert import_(source, folder) == 0
    assert capsys.readouterr().out == f"kept: edited since import: {path}\n"
    assert path.read_text(encoding="utf-8") == edited
    # the issue's labels change, not its body: the fields follow, the body stays
    write_issue(source, {**ISSUE, "labels": [{"name": "status: accepted"}]})
    assert import_(source, folder) == 0
    assert capsys.readouterr().out == f"kept: edited since import: {path}\n"
    now = path.read_text(encoding="utf-8")
    assert "status: accepted\n" in now
    assert now.endswith("The state, as the team rewrote it.\n")
    assert ii.read_front_matter(now) is not None


def test_with_the_issue_changed_too_nothing_is_overwritten_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "rfcs"
    source = write_issue(tmp_path / "issue.json", ISSUE)
    other = write_issue(tmp_path / "other.json", {**ISSUE, "number": 43, "url": "u43"})
    assert import_(source, folder) == 0 and import_(other, folder) == 0
    path = folder / "0042-optimizer-offload.md"
    edited = path.read_text(encoding="utf-8").replace("optimizer.", "optimizer, edited.")
    path.write_text(edited, encoding="utf-8")
    changed = {**ISSUE, "body": "## 2. 背景\n\nThe issue's new text.\n"}
    both = tmp_path / "both.json"
    both.write_text(json.dumps([changed, {**ISSUE, "number": 43, "url": "u43",
                                           "body": "Issue 43, changed."}]), encoding="utf-8")
    capsys.readouterr()
    assert import_(both, folder) == 1
    out, err = capsys.readouterr()
    # the other RFC is imported; this one is refused, naming the file and the issue
    assert out == f"updated {folder / '0043-optimizer-offload.md'}\n"
    assert err.splitlines(keepends=True)[-1] == (
        f"sphinx-rfc import: {both}: issue #42: {path} was edited since import and the body "
        "of issue #42 changed too; not overwriting (--force writes the issue's body over the "
        "file's)\n"
    )
    assert path.read_text(encoding="utf-8") == edited
    assert [p.name for p in folder.iterdir() if p.name.startswith(".")] == []
    # --force: the issue's body
    assert import_(both, folder, "--force") == 0
    assert capsys.readouterr().out.startswith(f"updated {path}\n")
    forced = path.read_text(encoding="utf-8")
    assert forced.endswith("The issue's new text.\n") and "edited" not in forced
    # and the hash is the new body's: the next import changes nothing
    assert import_(both, folder) == 0
    assert capsys.readouterr().out.startswith(f"unchanged {path}\n")


def test_fields_keep_their_protection_when_the_body_is_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "rfcs"
    source = write_issue(tmp_path / "issue.json", ISSUE)
    import_(source, folder)
    path = folder / "0042-optimizer-offload.md"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("status: review", "status: accepted")
                    .replace("optimizer.", "optimizer (edited)."), encoding="utf-8")
    write_issue(source, {**ISSUE, "labels": [{"name": "status: rejected"}],
                         "title": "[RFC]: Optimizer offload"})
    assert import_(source, folder) == 0
    meta = ii.read_front_matter(path.read_text(encoding="utf-8"))
    assert meta is not None and meta["status"] == "accepted"  # the person's
    assert "optimizer (edited)." in path.read_text(encoding="utf-8")


def test_a_file_imported_without_a_body_hash_is_not_overwritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file an older version imported: whether its body was edited is
    not known; the same body is fine, a different one needs ``--force``."""
    folder = tmp_path / "rfcs"
    source = write_issue(tmp_path / "issue.json", ISSUE)
    import_(source, folder)
    path = folder / "0042-optimizer-offload.md"
    text = path.read_text(encoding="utf-8")
    digest = stored_digests(text)[BODY]
    older = text.replace(f" {BODY}={digest}", "")
    assert BODY not in stored_digests(older)
    path.write_text(older, encoding="utf-8")
    assert import_(source, folder) == 0  # same body: the hash is added
    assert path.read_text(encoding="utf-8") == text
    path.write_text(older, encoding="utf-8")
    write_issue(source, {**ISSUE, "body": "Changed."})
    capsys.readouterr()
    assert import_(source, folder) == 1
    assert "holds no hash of the body it was imported with" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == older
    assert import_(source, folder, "--force") == 0
    assert path.read_text(encoding="utf-8").endswith("Changed.\n")


# --------------------------------------------------------------------------
# The index finds what the search of every file found


def test_the_index_finds_files_by_number_and_by_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "rfcs"
    folder.mkdir()
    # an RFC of ID RFC-0042 under another name (front matter), one of
    # RFC-0043 declared by a directive, and an imported file renamed
    (folder / "offload.md").write_text("---\nrfc: RFC-0042\n---\n# Offload\n", "utf-8")
    (folder / "sharded.rst").write_text("Sharded\n=======\n\n.. rfc:: RFC-0043\n", "utf-8")
    issues = [ISSUE, {**ISSUE, "number": 43, "url": "u43"},
              {**ISSUE, "number": 44, "url": "u44"}]
    source = tmp_path / "issues.json"
    source.write_text(json.dumps(issues), encoding="utf-8")
    assert import_(source, folder) == 1
    out, err = capsys.readouterr()
    assert out == f"created {folder / '0044-optimizer-offload.md'}\n"
    assert f"{folder / 'offload.md'} already holds RFC-0042 or number 42" in err
    assert f"{folder / 'sharded.rst'} already holds RFC-0043 or number 43" in err
    # renamed by hand: found by its ID in the front matter, not its name
    (folder / "0044-optimizer-offload.md").rename(folder / "offload-v2.md")
    source.write_text(json.dumps([issues[2]]), encoding="utf-8")
    assert import_(source, folder) == 0
    assert capsys.readouterr().out == f"unchanged {folder / 'offload-v2.md'}\n"
    # two files of one issue
    (folder / "0044-copy.md").write_text((folder / "offload-v2.md").read_text("utf-8"), "utf-8")
    assert import_(source, folder) == 1
    assert "both hold issue #44" in capsys.readouterr().err


# --------------------------------------------------------------------------
# The front matter's lines: libyaml's emitter where it writes PyYAML's text

_YAML_SPECIAL = st.text(
    alphabet=" \t:#'\"-?[]{},&*!|>%@`\\\u00a0\u3000é中0123.eEyYnN~+_=<oOfFtTrRuUlL\u0301\u00ad",
    max_size=12,
)
_ANY_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=20)


def python_yaml_line(key: str, value: object) -> str:
    """The line as PyYAML's own emitter writes it (what the import always wrote)."""
    if isinstance(value, list):
        text = yaml.safe_dump(value, allow_unicode=True, default_flow_style=True,
                              width=1 << 30)
        return f"{key}: {text.strip()}"
    return str(yaml.safe_dump({key: value}, allow_unicode=True, width=1 << 30,
                              sort_keys=False)).rstrip("\n")


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.one_of(_YAML_SPECIAL, _ANY_TEXT,
                 st.lists(st.one_of(_YAML_SPECIAL, _ANY_TEXT), max_size=3)))
def test_front_matter_lines_are_those_of_pyyaml(value: str | list[str]) -> None:
    assert yaml_line("title", value) == python_yaml_line("title", value)


def test_too_large_for_memory_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A source the reader runs out of memory on (standing in for one of
    many gigabytes)."""
    source = write_issue(tmp_path / "issues.json", ISSUE)

    def no_memory(*args: object, **kwargs: object) -> object:
        raise MemoryError

    monkeypatch.setattr(json, "loads", no_memory)
    assert import_(source, tmp_path / "rfcs") == 1
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"sphinx-rfc import: {source}: not JSON (too large for memory)"
    )
    monkeypatch.setattr(Path, "read_bytes", no_memory)
    assert import_(source, tmp_path / "rfcs") == 1
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"sphinx-rfc import: {source}: cannot read it: too large for memory"
    )
