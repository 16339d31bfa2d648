"""Configuration values (docs/reference/config.md): each declared once, as a
field of RfcSettings; a wrong shape stops the build with a ConfigError
naming the value."""

from __future__ import annotations

import re
from dataclasses import fields
from types import SimpleNamespace

import pytest
from conftest import write_project
from sphinx.errors import ConfigError
from sphinx.testing.util import SphinxTestApp

from sphinx_rfc import config
from sphinx_rfc.config import CONFIG_VALUES, SETTINGS, RfcSettings, settings_from
from sphinx_rfc.spec import settings as spec_settings

_MODULES = "a list of module names or a dict name -> description"
_SECTIONS = 'a dict key -> {"titles": [str, ...], "directive": str or None}'
_KEYS = ("['background', 'basic-info', 'constraints', 'dependencies', 'design', 'goals', "
         "'interface', 'references', 'verification']")


def _regex_error(pattern: str) -> str:
    try:
        re.compile(pattern)
    except re.error as exc:
        return str(exc)
    raise AssertionError(pattern)


#: (name, value, what the message says it must be): the messages as they
#: were before the declarations were merged, word for word.
BAD = [
    ("rfc_modules", "'optimizer'", _MODULES),
    ("rfc_modules", "{'a': 1}", _MODULES),
    ("rfc_id_pattern", "'RFC-('", f"a valid regular expression ({_regex_error('RFC-(')})"),
    ("rfc_id_format", "'RFC'", "a format string with one {} for a number"),
    ("rfc_statuses", "[1, 2]", "a list of status keys or a dict key -> list of aliases"),
    ("rfc_types", "{'feature': 'x'}", "a list of type keys or a dict key -> list of aliases"),
    ("rfc_sections", "{'extra': {'title': ['x']}}", _SECTIONS),
    ("rfc_sections", "['x']", _SECTIONS),
    ("rfc_required_sections", "['background', 'nosuch']", f"a list of section keys from {_KEYS}"),
    ("rfc_required_test_levels", "'UT'", "a list of test level names"),
    ("rfc_placeholders", "['xxx', '']", "a list of non-empty strings"),
    ("rfc_extra_fields", "{'backends': 'PT'}", "a dict field name -> list of allowed values"),
    ("rfc_issue_url", "'https://x/issues/'", "None or a format string with {}"),
    ("rfc_pr_url", "42", "None or a format string with {}"),
    ("rfc_documents", "'rfcs/*'", "a list of docname glob patterns"),
    ("rfc_export_json", "'yes'", "True or False"),
    ("rfc_check_signatures", "1", "True or False"),
    ("rfc_test_results", "'junit.xml'", "a list of glob patterns of JUnit XML files"),
]


@pytest.mark.parametrize(("name", "value", "shape"), BAD)
def test_wrong_shape_is_a_config_error(tmp_path, name: str, value: str, shape: str) -> None:  # type: ignore[no-untyped-def]
    src = write_project(tmp_path / "src", {"index.rst": "I\n=\n"}, f"{name} = {value}\n")
    with pytest.raises(ConfigError, match=name) as raised:
        SphinxTestApp("html", srcdir=src)
    assert str(raised.value) == f"sphinx_rfc: config value {name!r} must be {shape}; got {value}"


def test_good_values_are_accepted(tmp_path) -> None:  # type: ignore[no-untyped-def]
    conf = """
rfc_modules = ["model", "trainer"]
rfc_id_pattern = r"^FEAT-\\d+$"
rfc_id_format = "FEAT-{:03d}"
rfc_statuses = {"draft": ["wip"], "done": ["finished"]}
rfc_types = ["feature"]
rfc_sections = {"rollout": {"titles": ["Rollout", "上线"], "directive": None}}
rfc_required_sections = ["background", "rollout"]
rfc_required_test_levels = ["UT"]
rfc_placeholders = ["xxx", "TODO"]
rfc_extra_fields = {"backends": ["PT", "MS"]}
rfc_issue_url = "https://x/issues/{}"
rfc_pr_url = None
rfc_documents = ["rfcs/*"]
rfc_export_json = False
rfc_check_signatures = False
rfc_test_results = []
"""
    src = write_project(
        tmp_path / "src",
        {
            "index.rst": "I\n=\n\n.. rfc:: FEAT-001\n   :status: finished\n\nBackground\n----------\n\nWhy.\n",
        },
        conf,
    )
    app = SphinxTestApp("html", srcdir=src)
    try:
        app.build()
    finally:
        app.cleanup()  # restores docutils' global registries for later tests
    (rec,) = app.env.get_domain("rfc").rfcs.values()
    assert rec.status == "done"
    assert "rfc.invalid-value" not in app.warning.getvalue()
    # the custom required section is reported, by its own title
    assert "missing section 'Rollout'" in app.warning.getvalue()


def _settings(**values: str) -> RfcSettings:
    return settings_from(SimpleNamespace(**{k: eval(v) for k, v in values.items()}))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("values", "reported"),
    [
        ({"rfc_statuses": "[1]", "rfc_sections": "['x']"}, "rfc_sections"),
        ({"rfc_types": "5", "rfc_export_json": "'y'"}, "rfc_export_json"),
        ({"rfc_placeholders": "''", "rfc_issue_url": "5"}, "rfc_issue_url"),
        ({"rfc_documents": "5", "rfc_check_signatures": "5"}, "rfc_check_signatures"),
        ({"rfc_modules": "5", "rfc_test_results": "5"}, "rfc_modules"),
    ],
)
def test_of_several_wrong_values_the_same_one_is_reported(
    values: dict[str, str], reported: str
) -> None:
    """As before the declarations were merged (``spec/settings._VALIDATED_LAST``)."""
    with pytest.raises(ConfigError, match=f"config value {reported!r}"):
        _settings(**values)


def test_values_naming_statuses_know_the_projects_own() -> None:
    """``rfc_sections_exempt_statuses`` and ``rfc_forge_status_map`` name
    statuses of ``rfc_statuses``: a project's own (``搁置``, ``shipped``) are
    accepted, not only the built-in ones."""
    got = _settings(
        rfc_statuses="{'draft': ['草稿'], 'shipped': ['已上线'], 'shelved': ['搁置']}",
        rfc_sections_exempt_statuses="['搁置', 'shelved']",
        rfc_forge_status_map="{'closed:completed': '已上线', 'closed:not_planned': 'shelved'}",
    )
    assert got.sections_exempt_statuses == ("shelved", "shelved")
    assert got.forge_status_map["closed:completed"] == "shipped"
    assert got.forge_status_map["closed:not_planned"] == "shelved"
    # a status the project does not have is still refused, naming rfc_statuses
    with pytest.raises(ConfigError, match=r"rfc_sections_exempt_statuses.*rfc_statuses"):
        _settings(rfc_statuses="['draft', 'shipped']",
                  rfc_sections_exempt_statuses="['withdrawn']")


def test_each_value_is_declared_once_on_its_field() -> None:
    assert [s.name for s in SETTINGS] == [f"rfc_{f.name}" for f in fields(RfcSettings)]
    assert list(CONFIG_VALUES) == [s.name for s in SETTINGS]
    assert {s.attr for s in SETTINGS} >= spec_settings._VALIDATED_LAST
    assert SETTINGS
    for s in SETTINGS:
        assert s.attr == s.name.removeprefix("rfc_")
        assert s.rebuild in ("env", ""), s.name
        assert isinstance(s.default, s.types), s.name  # Sphinx would warn about its own default
        assert s.shape and "\n" not in s.shape, s.name
        assert s.doc.endswith(".") and "\n" not in s.doc, s.name


def test_defaults_give_the_default_settings() -> None:
    default = settings_from(SimpleNamespace())  # type: ignore[arg-type]
    assert default.modules == {} and default.documents == () and default.export_json is True
    assert default.id_pattern.pattern == r"^RFC-[0-9]+$" and default.id_format == "RFC-{:04d}"
    assert default.required_sections == tuple(s.key for s in default.sections)
    assert default.placeholders == tuple(config.DEFAULT_PLACEHOLDERS)
    assert default.issue_url is None and default.statuses.keys()[0] == "draft"


def test_sphinx_registers_the_declarations(tmp_path) -> None:  # type: ignore[no-untyped-def]
    src = write_project(tmp_path / "src", {"index.rst": "I\n=\n"})
    app = SphinxTestApp("html", srcdir=src)
    try:
        options = app.config.values
        assert SETTINGS
        for s in SETTINGS:
            option = options[s.name]
            assert option.default == s.default and option.rebuild == s.rebuild, s.name
            assert set(option.valid_types) == set(s.types), s.name  # type: ignore[arg-type]
            assert option.description == s.doc, s.name
        assert config.settings(app.config) is config.settings(app.config)
    finally:
        app.cleanup()
