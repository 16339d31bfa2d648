"""The ``sphinx-rfc`` command (docs/reference/cli.md)."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import BuildFn, copy_root, parse_warnings, write_project
from test_checks import expected_problems

from sphinx_rfc.cli import main

LINE = re.compile(r"^(?P<file>\S+?):(?P<line>\d+): \[rfc\.(?P<subtype>[\w-]+)\] (?P<rest>.*)$")
SUMMARY = "sphinx_rfc: 6 RFCs, 24 problems (1 draft, 1 implemented, 1 rejected, 2 review, 1 superseded)"


def written(out: str) -> Path:
    """The file ``new`` says it wrote (its output: ``RFC-0001: PATH``)."""
    rfc_id, sep, path = out.strip().partition(": ")
    assert sep and re.fullmatch(r"[A-Z]+-?\d+", rfc_id), out
    return Path(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def defects_rst(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_root("checks-rst", tmp_path_factory.mktemp("cli") / "rst")


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_root("checks-clean", tmp_path_factory.mktemp("cli") / "clean")


# --------------------------------------------------------------------------
# check


def test_check_text(capsys: pytest.CaptureFixture[str], defects_rst: Path) -> None:
    code, out, _err = run(capsys, "check", str(defects_rst))
    assert code == 1
    lines = out.splitlines()
    assert lines[-1] == SUMMARY
    got: Counter[tuple[str, str, int]] = Counter()
    assert lines[:-1]
    for text in lines[:-1]:
        match = LINE.match(text)
        assert match, text
        got[(match["subtype"], match["file"], int(match["line"]))] += 1
        if match["file"] != "notes.rst":
            assert match["rest"].startswith("RFC-000"), text
    assert got == expected_problems(defects_rst, "rst")
    assert "a.rst:4: [rfc.missing-section] RFC-0001: missing section 'Related work'" in lines


def test_check_json(capsys: pytest.CaptureFixture[str], defects_rst: Path) -> None:
    code, out, _err = run(capsys, "check", str(defects_rst), "--format", "json")
    assert code == 1
    problems = json.loads(out)
    assert problems
    assert all(set(p) == {"subtype", "message", "source", "line", "rfc"} for p in problems)
    got = Counter((p["subtype"], p["source"], p["line"]) for p in problems)
    assert got == expected_problems(defects_rst, "rst")
    outside = next(p for p in problems if p["subtype"] == "outside-rfc")
    assert outside["rfc"] is None
    cycle = next(p for p in problems if p["subtype"] == "dependency-cycle")
    assert cycle["rfc"] == "RFC-0003"


def test_check_honours_suppress_warnings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    srcdir = copy_root("checks-rst", tmp_path / "src")
    with (srcdir / "conf.py").open("a") as conf:
        conf.write('suppress_warnings = ["rfc.placeholder", "rfc.outside-rfc"]\n')
    _code, out, _err = run(capsys, "check", str(srcdir), "--format", "json")
    kinds = {p["subtype"] for p in json.loads(out)}
    assert "placeholder" not in kinds and "outside-rfc" not in kinds
    assert "missing-section" in kinds


def test_check_clean_project(capsys: pytest.CaptureFixture[str], clean: Path) -> None:
    assert run(capsys, "check", str(clean)) == (
        0, "sphinx_rfc: 4 RFCs, 0 problems (4 accepted)\n", ""
    )
    assert run(capsys, "check", str(clean), "--strict")[0] == 0
    code, out, _ = run(capsys, "check", str(clean), "--format", "json")
    assert (code, json.loads(out)) == (0, [])


def test_check_strict_fails_on_other_warnings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    srcdir = copy_root("checks-clean", tmp_path / "src")
    (srcdir / "extra.rst").write_text("Extra\n=====\n\nSee :doc:`missing-page`.\n")
    assert run(capsys, "check", str(srcdir))[0] == 0
    code, out, err = run(capsys, "check", str(srcdir), "--strict")
    assert code == 1
    assert out.strip() == "sphinx_rfc: 4 RFCs, 0 problems (4 accepted)"
    assert "missing-page" in err and "extra.rst" in err


def test_check_default_sourcedir(
    capsys: pytest.CaptureFixture[str], clean: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(clean)
    assert run(capsys, "check")[0] == 0
    monkeypatch.chdir(clean.parent)
    shutil.copytree(clean, clean.parent / "docs", dirs_exist_ok=True)
    assert run(capsys, "check")[0] == 0  # found in docs/


def test_usage_and_configuration_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(capsys, "check", str(tmp_path / "nowhere"))[0] == 2
    assert run(capsys, "check", str(tmp_path))[0] == 2  # no conf.py
    monkeypatch.chdir(tmp_path)
    code, _out, err = run(capsys, "check")
    assert code == 2 and "conf.py" in err

    bad = write_project(tmp_path / "bad", {"index.rst": "Index\n=====\n"}, "rfc_modules = 5\n")
    code, _out, err = run(capsys, "check", str(bad))
    assert code == 2 and "rfc_modules" in err
    assert run(capsys, "list", str(bad))[0] == 2

    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "conf.py").write_text("extensions = []\n")
    (plain / "index.rst").write_text("Index\n=====\n")
    code, _out, err = run(capsys, "check", str(plain))
    assert code == 2 and "sphinx_rfc" in err

    with pytest.raises(SystemExit) as exc:
        main(["check", "--format", "xml"])
    assert exc.value.code == 2
    with pytest.raises(SystemExit) as exc:
        main([])
    assert exc.value.code == 2


# --------------------------------------------------------------------------
# list


def test_list(capsys: pytest.CaptureFixture[str], defects_rst: Path) -> None:
    code, out, _ = run(capsys, "list", str(defects_rst))
    assert code == 0
    rows = [line.split(None, 2) for line in out.splitlines()]
    assert rows == [
        ["RFC-0001", "implemented", "Offload optimizer state"],
        ["RFC-0002", "review", "Fused kernels"],
        ["RFC-0003", "draft", "Old offload"],
        ["RFC-0004", "superseded", "Replaced plan"],
        ["RFC-0006", "rejected", "Rejected idea"],
    ]
    code, out, _ = run(capsys, "list", str(defects_rst), "--status", "评审中")
    assert (code, out.split()) == (0, ["RFC-0002", "review", "Fused", "kernels"])
    code, out, _ = run(capsys, "list", str(defects_rst), "--status", "draft,rejected")
    assert [line.split()[0] for line in out.splitlines()] == ["RFC-0003", "RFC-0006"]
    code, _out, err = run(capsys, "list", str(defects_rst), "--status", "nope")
    assert code == 2 and "nope" in err


# --------------------------------------------------------------------------
# new


NEW_CONF = 'rfc_modules = ["model", "distributed", "checkpoint", "optimizer", "trainer"]\n'
INDEX = "Index\n=====\n\n.. toctree::\n   :glob:\n\n   rfcs/*\n"


def test_new_writes_all_four_templates(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, build: BuildFn,
    git_user_name: Callable[[str | None], None],
) -> None:
    git_user_name(None)  # (no default author: the authors are left to fill)
    srcdir = write_project(tmp_path / "src", {"index.rst": INDEX}, NEW_CONF)
    rfcs = srcdir / "rfcs"
    made = []
    for fmt, lang, title, extra in [
        ("md", "zh", "优化器状态卸载", ["--module", "optimizer", "checkpoint"]),
        ("md", "en", "Optimizer state offload", ["--author", "Zhang San <z@example.com>"]),
        ("rst", "zh", "融合注意力算子", ["--module", "model"]),
        ("rst", "en", "Fused attention", []),
    ]:
        code, out, _ = run(
            capsys, "new", title, "--dir", str(rfcs), "--format", fmt, "--lang", lang, *extra
        )
        assert code == 0
        path = written(out)
        assert path.is_file() and path.suffix == f".{fmt}" and path.parent == rfcs
        made.append(path)
    assert [p.name for p in made] == [
        "0001-优化器状态卸载.md", "0002-optimizer-state-offload.md", "0003-融合注意力算子.rst",
        "0004-fused-attention.rst",
    ]
    zh_md = made[0].read_text(encoding="utf-8")
    for heading in ("基本信息", "背景", "目标和非目标", "相关实现参考", "对外接口", "方案设计",
                    "组件依赖", "约束与兼容性", "验证设计"):
        assert heading in zh_md
    for directive in ("rfc", "rfc-references", "rfc-interface", "rfc-changes",
                      "rfc-alternatives", "rfc-dependency", "rfc-constraints",
                      "rfc-verification"):
        assert f"{{{directive}}}" in zh_md
    assert "```{rfc} RFC-0001\n" in zh_md and ":modules: optimizer, checkpoint" in zh_md

    # check reports placeholders and nothing else, in all four
    code, out, _ = run(capsys, "check", str(srcdir), "--format", "json", "--strict")
    problems = json.loads(out)
    assert code == 1
    assert {p["subtype"] for p in problems} == {"placeholder"}
    assert {p["source"] for p in problems} == {f"rfcs/{p.name}" for p in made}
    assert {p["rfc"] for p in problems} == {"RFC-0001", "RFC-0002", "RFC-0003", "RFC-0004"}
    # the author given is no placeholder; a missing one is
    authors = {p["source"] for p in problems if "'authors'" in p["message"]}
    assert authors == {f"rfcs/{made[0].name}", f"rfcs/{made[2].name}",
                       "rfcs/0004-fused-attention.rst"}

    # and a real build gives no other warning
    result = build(srcdir, "html")
    kinds = {kind for _, _, kind, _ in parse_warnings(result.warnings)}
    assert kinds == {"rfc.placeholder"}, result.warnings
    assert "sphinx_rfc: 4 RFCs" in result.status


def test_new_never_overwrites(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "rfcs"
    code, out, _ = run(capsys, "new", "Same title", "--dir", str(folder), "--id", "RFC-0100")
    assert code == 0
    path = written(out)
    before = path.read_text(encoding="utf-8")
    # the ID is taken
    code, out, err = run(capsys, "new", "Other", "--dir", str(folder), "--id", "RFC-0100")
    assert (code, out) == (1, "") and "RFC-0100" in err
    # the file exists (its ID is not declared in it any more)
    path.write_text("no directive here\n", encoding="utf-8")
    code, out, err = run(capsys, "new", "Same title", "--dir", str(folder), "--id", "RFC-0100")
    assert (code, out) == (1, "") and "exists" in err
    assert path.read_text(encoding="utf-8") == "no directive here\n"
    assert before != "no directive here\n"


def test_new_next_id_without_a_project(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "0007-old.md").write_text("# Old\n", encoding="utf-8")
    (tmp_path / "notes.rst").write_text("Notes\n=====\n\n.. rfc:: RFC-0012\n", encoding="utf-8")
    code, out, _ = run(capsys, "new", "Next one", "--dir", str(tmp_path))
    assert code == 0
    path = written(out)
    assert path.name == "0013-next-one.md"
    text = path.read_text(encoding="utf-8")
    assert "```{rfc} RFC-0013" in text and "## 2. Background" in text
    code, out, _ = run(capsys, "new", "中文标题", "--dir", str(tmp_path))
    assert out.startswith("RFC-0014: ") and written(out).name == "0014-中文标题.md"
    assert "## 2. 背景" in written(out).read_text(encoding="utf-8")


def test_new_follows_the_project(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    conf = 'rfc_id_format = "DP-{:03d}"\nrfc_id_pattern = r"^DP-\\d+$"\n'
    srcdir = write_project(tmp_path / "src", {"index.rst": INDEX}, conf)
    (srcdir / "conf.py").write_text(
        (srcdir / "conf.py").read_text().replace('"myst_parser", ', ""), encoding="utf-8"
    )
    (srcdir / "rfcs").mkdir()
    (srcdir / "rfcs" / "first.rst").write_text(
        "First\n=====\n\n.. rfc:: DP-041\n", encoding="utf-8"
    )
    code, out, _ = run(capsys, "new", "Second", "--dir", str(srcdir / "rfcs"))
    assert code == 0
    path = written(out)
    # rst: the project has no myst_parser; the ID follows rfc_id_format
    assert path.name == "0042-second.rst"
    assert ".. rfc:: DP-042" in path.read_text(encoding="utf-8")
    code, _out, err = run(capsys, "new", "Third", "--dir", str(srcdir / "rfcs"), "--id", "RFC-1")
    assert code == 2 and "DP-" in err


def test_new_names_the_file_by_the_title_and_prints_the_id(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 45 item 2: the ID chosen is printed with the file; the slug is
    the title's words, CJK as written, tags left out; --slug overrides."""
    folder = tmp_path / "rfcs"
    code, out, err = run(capsys, "new", "并行优化方案", "--dir", str(folder))
    assert (code, out, err) == (0, f"RFC-0001: {folder / '0001-并行优化方案.md'}\n", "")
    assert "```{rfc} RFC-0001" in (folder / "0001-并行优化方案.md").read_text("utf-8")
    code, out, _ = run(capsys, "new", "【WIP】Hyper 并行优化 (WIP)", "--dir", str(folder))
    assert code == 0 and written(out).name == "0002-hyper-并行优化.md"
    code, out, _ = run(capsys, "new", "[RFC] Zero-copy loader", "--dir", str(folder),
                       "--slug", "loader")
    assert code == 0 and out == f"RFC-0003: {folder / '0003-loader.md'}\n"
    for bad in ("", "a/b", "..", "a\nb"):
        code, out, err = run(capsys, "new", "Bad", "--dir", str(folder), "--slug", bad)
        assert (code, out) == (2, "") and "--slug" in err
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["0001-并行优化方案.md", "0002-hyper-并行优化.md", "0003-loader.md"]
    assert not any(name.endswith("-rfc.md") for name in names)


def test_new_ascii_slugs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``rfc_slug = "ascii"``: ASCII words only; a CJK-only title gives the
    ID's digits alone, and says so."""
    srcdir = write_project(tmp_path / "src", {"index.rst": INDEX}, 'rfc_slug = "ascii"\n')
    folder = srcdir / "rfcs"
    code, out, err = run(capsys, "new", "并行优化方案", "--dir", str(folder))
    assert (code, out) == (0, f"RFC-0001: {folder / '0001.md'}\n")
    assert "no ASCII word" in err and "ID alone" in err
    code, out, err = run(capsys, "new", "支持 ZeRO-3：优化器状态卸载到 CPU", "--dir", str(folder))
    assert (code, err) == (0, "") and written(out).name == "0002-zero-3-cpu.md"
    code, out, err = run(capsys, "new", "并行优化", "--dir", str(folder), "--slug", "并行")
    assert (code, err) == (0, "") and written(out).name == "0003-并行.md"
    (srcdir / "conf.py").write_text(
        (srcdir / "conf.py").read_text("utf-8").replace('"ascii"', '"latin"'), "utf-8")
    before = sorted(folder.iterdir())
    code, _out, err = run(capsys, "new", "Again", "--dir", str(folder))
    # a project whose settings cannot be read is refused, nothing written
    # (its template and ID format unknown: issue 56, item 7)
    assert code == 2 and "rfc_slug" in err and "nothing written" in err
    assert sorted(folder.iterdir()) == before
    code, _out, err = run(capsys, "check", str(srcdir))
    assert code == 2 and "rfc_slug" in err


# --------------------------------------------------------------------------
# export


def test_export(capsys: pytest.CaptureFixture[str], clean: Path, tmp_path: Path) -> None:
    target = tmp_path / "out" / "rfcs.json"
    code, out, _ = run(capsys, "export", str(clean), "-o", str(target))
    assert code == 0 and out.strip() == str(target)
    data = json.loads(target.read_text(encoding="utf-8"))
    assert [r["id"] for r in data["rfcs"]] == ["RFC-0010", "RFC-0011", "RFC-0012", "RFC-0013"]
    code, out, _ = run(capsys, "export", str(clean), "-o", "-")
    assert json.loads(out) == data


# --------------------------------------------------------------------------
# Incremental: a fixed RFC's problems disappear


FIXED_A = """\
# RFC: Offload optimizer state

```{rfc} RFC-0001
:status: accepted
:authors: Zhang San
:modules: optimizer
:requires: RFC-0002
:supersedes: RFC-0003
```

## Background

Optimizer state fills the device memory.

## Goals

Halve the memory of the optimizer state.

## Related work

ZeRO-Offload.

## Interface

Not applicable: internal change only.

## Design

The state moves to host memory.

## Dependencies

不涉及，只改内部实现。

## Compatibility

```{rfc-constraints}
| Type | Content |
|---|---|
| Unsupported | Sparse tensors |
```

## Verification

```{rfc-verification}
| Level | Count | Coverage | Pass criteria |
|---|---|---|---|
| UT | 4 | offload | all pass |
| Level0 | 1 | loop | loss matches |
```
"""


def test_fixing_an_rfc_clears_its_problems(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, build: BuildFn
) -> None:
    srcdir = copy_root("checks-md", tmp_path / "src")
    first = build(srcdir, "html")
    assert "sphinx_rfc: 6 RFCs, 24 problems" in first.status
    code, out, _ = run(capsys, "check", str(srcdir))
    assert code == 1 and "a.md:" in out

    (srcdir / "a.md").write_text(FIXED_A, encoding="utf-8")
    second = build(srcdir, "html")
    # only a.md was read again; its 9 problems are gone from the summary
    assert second.read == ["a"]
    assert "sphinx_rfc: 6 RFCs, 16 problems (1 accepted, 1 draft" in second.status
    assert not [w for w in parse_warnings(second.warnings) if w[0] == "a.md"]
    # cross-RFC problems are still reported (once) after the change
    kinds = Counter(kind for _, _, kind, _ in parse_warnings(second.warnings))
    assert kinds["rfc.dependency-cycle"] == 1 and kinds["rfc.duplicate-id"] == 1

    code, out, _ = run(capsys, "check", str(srcdir))
    assert code == 1
    assert "a.md:" not in out
    assert out.splitlines()[-1].startswith("sphinx_rfc: 6 RFCs, 16 problems")


def test_check_reads_only_what_changed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    srcdir = copy_root("checks-rst", tmp_path / "src")
    first = run(capsys, "check", str(srcdir))
    assert run(capsys, "check", str(srcdir)) == first  # from the kept environment
    assert run(capsys, "check", str(srcdir), "--no-cache") == first
    # a file put back with an old time (copy2 keeps it) is read again all the same
    fixed = tmp_path / "fixed.rst"
    fixed.write_text(
        (srcdir / "b.rst").read_text(encoding="utf-8").replace(":type: bogus", ":type: feature"),
        encoding="utf-8",
    )
    old = (srcdir / "b.rst").stat().st_mtime_ns - 10**10
    import os

    os.utime(fixed, ns=(old, old))
    shutil.copy2(fixed, srcdir / "b.rst")
    code, out, _ = run(capsys, "check", str(srcdir))
    assert code == 1
    assert "b.rst:6: [rfc.invalid-value]" in first[1]
    assert "[rfc.invalid-value]" not in out
    assert out.splitlines()[-1].startswith("sphinx_rfc: 6 RFCs, 23 problems")
    assert run(capsys, "check", str(srcdir), "--no-cache")[1] == out


def test_kept_environment_reads_nothing_when_nothing_changed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sphinx.builders import Builder

    srcdir = copy_root("checks-clean", tmp_path / "src")
    assert run(capsys, "check", str(srcdir), "-j", "1")[0] == 0
    read: list[str] = []
    original = Builder.read_doc

    def spy(self, docname, *args, **kwargs):  # type: ignore[no-untyped-def]
        read.append(docname)
        return original(self, docname, *args, **kwargs)

    monkeypatch.setattr(Builder, "read_doc", spy)
    assert run(capsys, "check", str(srcdir), "-j", "1")[0] == 0
    assert read == []
    path = srcdir / "rfcs" / "0012-fused-attention-kernels.rst"
    path.write_text(path.read_text(encoding="utf-8") + "\nMore xxx.\n", encoding="utf-8")
    code, out, _ = run(capsys, "check", str(srcdir), "-j", "1")
    assert read == ["rfcs/0012-fused-attention-kernels"]
    assert code == 1 and "rfcs/0012-fused-attention-kernels.rst:" in out
