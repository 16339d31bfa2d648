"""The one reader of a Markdown file's front matter (spec/front_matter.py,
issue 57): where it opens and closes, what it loads, and that it is the
only place the package loads a front matter's YAML."""

from __future__ import annotations

import ast
import datetime as dt
from pathlib import Path

import sphinx_rfc
from sphinx_rfc.spec import front_matter

PACKAGE = Path(sphinx_rfc.__file__).parent

PASTED = """---
rfc: RFC-0412
title: 梯度累积 bucket 化 (draft v2)
authors: [王磊, "Chen Yu"]
created: 2024-03-07
updated: 2024-13-40
...
# 梯度累积 bucket 化

正文。
"""


def test_a_front_matter_closed_by_dots() -> None:
    lines, rest = front_matter.split(PASTED)
    assert lines is not None and lines[0] == "rfc: RFC-0412"
    assert rest.startswith("# 梯度累积")
    data = front_matter.read(PASTED)
    assert data is not None
    assert data["authors"] == ["王磊", "Chen Yu"]
    assert data["created"] == dt.date(2024, 3, 7)
    # an impossible date stays as written, for the field's own check
    assert data["updated"] == "2024-13-40"


def test_key_lines_count_from_the_file() -> None:
    lines = PASTED.split("\n")
    end = front_matter.closing_line(lines)
    assert end == 6
    found = front_matter.key_lines(lines[1:end], first=2)
    assert found == {"rfc": 2, "title": 3, "authors": 4, "created": 5, "updated": 6}


def test_no_front_matter() -> None:
    # an indented fence opens none (MyST's rule), nor does one never closed
    for text in ("  ---\nrfc: RFC-1\n---\n", "---\nrfc: RFC-1\n\n# 标题\n", "# 标题\n---\n"):
        assert front_matter.split(text) == (None, text)
        assert front_matter.read(text) is None


def test_broken_yaml_and_a_list_are_no_fields() -> None:
    assert front_matter.read('---\ntitle: "unclosed\nstatus: draft\n---\n') is None
    assert front_matter.read("---\n- a\n- b\n---\n") is None
    assert front_matter.read("---\n---\nbody\n") is None
    assert front_matter.load(["status: 草稿", "modules: trainer, data"]) == {
        "status": "草稿", "modules": "trainer, data"}


def test_the_package_loads_yaml_in_two_places_only() -> None:
    """YAML is loaded by spec/yaml_text (its one ``yaml.load``); a front
    matter only through spec/front_matter, a KEP's ``kep.yaml`` sidecar by
    read/frontmatter."""
    calls = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name)
                    and (node.func.value.id, node.func.attr) in {
                        ("yaml", "load"), ("yaml", "safe_load"), ("yaml_text", "load"),
                        ("yaml", "full_load"), ("yaml", "unsafe_load")}):
                calls.append((path.relative_to(PACKAGE).as_posix(), node.func.value.id))
    assert sorted(calls) == [("read/frontmatter.py", "yaml_text"),
                             ("spec/front_matter.py", "yaml_text"),
                             ("spec/yaml_text.py", "yaml")]
