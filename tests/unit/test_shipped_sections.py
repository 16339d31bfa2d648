"""The built-in template's sections are parsed on first use, and the keys
written out for ``rfc_required_sections``' default are the template's."""

from __future__ import annotations

import subprocess
import sys

from sphinx_rfc.spec import sections
from sphinx_rfc.spec.template import default_schema


def test_the_written_keys_are_the_shipped_templates() -> None:
    specs = default_schema().section_specs
    assert specs
    assert tuple(s.key for s in specs) == sections.SECTION_KEYS
    assert sections.SECTIONS is sections.shipped_sections()
    assert specs == sections.SECTIONS


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        sections.NO_SUCH_NAME  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as exc:
        assert "NO_SUCH_NAME" in str(exc)
    else:
        raise AssertionError("no AttributeError")


def test_setting_up_the_extension_parses_no_template() -> None:
    """Importing what ``setup()`` imports and validating the default
    settings reads no template document."""
    probe = (
        "import sphinx_rfc.spec.template as t\n"
        "calls = []\n"
        "real = t.parse_template\n"
        "t.parse_template = lambda *a, **k: calls.append(a[1]) or real(*a, **k)\n"
        "import sphinx_rfc.wiring, sphinx_rfc.store.domain\n"
        "from sphinx_rfc.spec.settings import settings_from\n"
        "s = settings_from(object())\n"
        "assert s.required_sections, s\n"
        "print(calls)\n"
        "assert s.sections[0].key == 'basic-info'\n"
        "print(calls)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out == ["[]", "['hyper-parallel.zh_CN.md']"]


def test_the_settings_repr_does_not_change_when_the_sections_are_read() -> None:
    """The repr keys the values kept between builds (store/derived.py): a
    build that reads the sections and one that does not give the same."""
    from sphinx_rfc.spec.settings import settings_from

    first, second = settings_from(object()), settings_from(object())
    before = repr(first)
    assert "sections=shipped_sections()" in before
    assert [s.key for s in first.sections] == list(sections.SECTION_KEYS)
    assert repr(first) == before == repr(second)
    assert first == second


def test_words_for_a_builtin_section_keep_the_others() -> None:
    from types import SimpleNamespace

    from sphinx_rfc.spec.settings import settings_from

    config = SimpleNamespace(rfc_aliases={"sections": {"goals": ["Objectives"]}})
    found = settings_from(config)
    assert [s.key for s in found.sections] == list(sections.SECTION_KEYS)
    goals = next(s for s in found.sections if s.key == "goals")
    assert "Objectives" in goals.titles
    assert "sections=(SectionSpec(" in repr(found)
