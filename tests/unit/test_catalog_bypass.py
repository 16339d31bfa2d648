"""``python -m sphinx_rfc.catalog_tool --check`` fails on a message a user
reads that bypasses the catalog (issue 54, item 5): an f-string as a
problem's message or in a log line, a literal a command prints or raises,
an English fragment glued into a translated sentence."""

from __future__ import annotations

from pathlib import Path

import pytest

from sphinx_rfc import catalog_tool

#: A module of the package, as its authors might write one: each ``BAD``
#: line bypasses the catalog, each ``GOOD`` one does not.
MODULE = '''\
from sphinx_rfc.i18n import _, ngettext
from sphinx_rfc.model.problems import Problem


def check(record, logger, CliError, name, n):
    found = [
        Problem("stale-review", f"in review for {n} days", "a.md", 3),  # BAD
        Problem("placeholder", _("placeholder {x!r} left in {where}").format(
            x=n, where=f"field {name!r}"), "a.md", 4),  # BAD
        Problem("unknown-rfc", _("reference to {target}").format(target=name), "a.md", 5),
        Problem("cell-count", ngettext("{n} cell", "{n} cells", n).format(n=n), "a.md", 6),
        Problem("placeholder", message="placeholder left in " + name, source="a.md"),  # BAD
    ]
    why = f"module {name!r} is not in rfc_modules"
    found.append(Problem("unknown-module", why, "a.md", 7))  # BAD
    fine = _("module {name!r} is unknown").format(name=name)
    found.append(Problem("unknown-module", fine, "a.md", 8))
    logger.warning("sphinx_rfc: %s is not applied", name)  # BAD
    logger.warning(_("sphinx_rfc: %s is not applied"), name)
    if not found:
        raise CliError(f"{name}: cannot read it")  # BAD
    raise CliError(f"{name}: {n}")  # (no word: nothing to translate)
'''


def test_the_package_has_no_message_outside_the_catalog() -> None:
    assert catalog_tool.bypass_problems() == []


def test_each_way_round_the_catalog_is_found(tmp_path: Path) -> None:
    path = tmp_path / "checks.py"
    path.write_text(MODULE, encoding="utf-8")
    lines = MODULE.splitlines()
    bad = [n for n, line in enumerate(lines, 1) if line.endswith("# BAD")]
    assert bad
    found = catalog_tool.bypasses([path])
    # (a call spanning lines is reported at its first; the variable's use at the call)
    assert sorted({line for _file, line, _text in found}) == [7, 8, 12, 15, 18, 21]
    assert len(found) == len(bad)
    assert ("checks.py", 8, "field {}") in found
    assert all(lines[line - 1].endswith("# BAD") or lines[line].endswith("# BAD")
               for _file, line, _text in found)


def test_print_counts_only_in_the_command_line(tmp_path: Path) -> None:
    package = tmp_path / "sphinx_rfc"
    (package / "cli").mkdir(parents=True)
    (package / "cli" / "listing.py").write_text('print(f"{x} is no status")\n', encoding="utf-8")
    (package / "report.py").write_text('print(f"{x} is no status")\n', encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(catalog_tool, "PACKAGE_DIR", package)
        found = catalog_tool.bypasses()
    assert found == [("sphinx_rfc/cli/listing.py", 1, "{} is no status")]


def test_check_fails_on_a_new_one(monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(catalog_tool, "bypasses", lambda: [
        ("sphinx_rfc/read/history.py", 403, "in review for {} days")])
    monkeypatch.setattr(catalog_tool, "NOT_YET_IN_CATALOG", {})
    assert catalog_tool.main(["--check"]) == 1
    assert ("sphinx_rfc/read/history.py:403: a message bypasses the catalog: "
            "'in review for {} days'") in capsys.readouterr().out


def test_a_known_count_that_changes_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catalog_tool, "bypasses", lambda: [
        ("sphinx_rfc/cli/new.py", 78, "sphinx-rfc: the title is empty")])
    monkeypatch.setattr(catalog_tool, "NOT_YET_IN_CATALOG", {"sphinx_rfc/cli/new.py": 2})
    assert catalog_tool.bypass_problems() == [
        "sphinx_rfc/cli/new.py: 1 messages bypass the catalog, NOT_YET_IN_CATALOG says 2"]


def test_the_command_line_s_own_errors_and_lines_are_found(tmp_path: Path) -> None:
    """An error a command raises (any ``…Error``), a line it writes to a
    stream or ends with, are read by the user; argparse's type errors are
    put inside argparse's own usage line and are not counted."""
    package = tmp_path / "sphinx_rfc"
    (package / "cli").mkdir(parents=True)
    (package / "cli" / "issues.py").write_text(
        "import argparse, sys\n"
        "from sphinx_rfc.spec.messages import _\n"
        "def load(ref, out, err, parser, n):\n"
        '    raise IssueImportError(f"issue {ref} has no body")  # BAD\n'
        '    raise IssueImportError(_("issue {ref} has no body").format(ref=ref))\n'
        '    err.write("sphinx-rfc import: --number goes with one SOURCE\\n")  # BAD\n'
        '    out.write(_("kept: {path}").format(path=ref) + "\\n")\n'
        '    sys.stderr.write(f"{ref} is not a folder")  # BAD\n'
        '    parser.error("give one source")  # BAD\n'
        '    raise argparse.ArgumentTypeError("at least 1")\n'
        '    raise ValueError(f"{ref}: {n}")\n', encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(catalog_tool, "PACKAGE_DIR", package)
        found = catalog_tool.bypasses()
    assert sorted(line for _file, line, _text in found) == [4, 6, 8, 9]


def test_a_message_inside_an_f_string_is_found(tmp_path: Path) -> None:
    """``_("(none)")`` inside an f-string's field is never extracted (Babel
    reads no f-string), so never translated: it is reported too."""
    path = tmp_path / "shown.py"
    path.write_text(
        "from sphinx_rfc.spec.messages import _\n"
        "def line(old, new):\n"
        "    none = _('(none)')\n"
        "    ok = f'{old or none} -> {new or none}'\n"
        "    return f\"{old or _('(none)')} -> {new}\"  # BAD\n", encoding="utf-8")
    assert catalog_tool.bypasses([path]) == [("shown.py", 5, "(none)")]


def test_an_english_phrase_the_command_line_keeps_for_later_is_found(tmp_path: Path) -> None:
    """A command shows its strings, wherever they go first (a plan's error,
    a list of reasons, a note): an f-string holding an English phrase
    outside the catalog is found; a name, a path or a URL is none."""
    package = tmp_path / "sphinx_rfc"
    (package / "cli").mkdir(parents=True)
    (package / "cli" / "plans.py").write_text(
        "from sphinx_rfc.spec.messages import _\n"
        "def plan(p, url, base, n, why):\n"
        '    p.error = f"no token: set {url} to apply"  # BAD\n'
        '    why.append((url, f"cannot read it: {n}"))  # BAD\n'
        '    p.error = _("no token: set {v} to apply").format(v=url)\n'
        '    return f"{base}/repos/{url}/issues/{n}", f"rfcs-status-{n}.atom"\n',
        encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(catalog_tool, "PACKAGE_DIR", package)
        found = catalog_tool.bypasses()
    assert sorted(line for _file, line, _text in found) == [3, 4]
