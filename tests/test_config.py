"""Configuration values (docs/reference/config.md): a wrong shape stops the build
with a ConfigError naming the value."""

from __future__ import annotations

import pytest
from conftest import write_project
from sphinx.errors import ConfigError
from sphinx.testing.util import SphinxTestApp

BAD = [
    ("rfc_modules", "'optimizer'"),
    ("rfc_modules", "{'a': 1}"),
    ("rfc_id_pattern", "'RFC-('"),
    ("rfc_id_format", "'RFC'"),
    ("rfc_statuses", "[1, 2]"),
    ("rfc_types", "{'feature': 'x'}"),
    ("rfc_sections", "{'extra': {'title': ['x']}}"),
    ("rfc_sections", "['x']"),
    ("rfc_required_sections", "['background', 'nosuch']"),
    ("rfc_required_test_levels", "'UT'"),
    ("rfc_placeholders", "['xxx', '']"),
    ("rfc_extra_fields", "{'backends': 'PT'}"),
    ("rfc_issue_url", "'https://x/issues/'"),
    ("rfc_pr_url", "42"),
    ("rfc_documents", "'rfcs/*'"),
    ("rfc_export_json", "'yes'"),
    ("rfc_check_signatures", "1"),
    ("rfc_test_results", "'junit.xml'"),
]


@pytest.mark.parametrize(("name", "value"), BAD)
def test_wrong_shape_is_a_config_error(tmp_path, name: str, value: str) -> None:  # type: ignore[no-untyped-def]
    src = write_project(tmp_path / "src", {"index.rst": "I\n=\n"}, f"{name} = {value}\n")
    with pytest.raises(ConfigError, match=name):
        SphinxTestApp("html", srcdir=src)


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
