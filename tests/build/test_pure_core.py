"""The pure core (``spec/``, ``model/``, ``check/``) runs without Sphinx
(issue 40, docs/reference/architecture.md): the settings are read by
``spec/settings.py``, the messages made through ``spec/messages.py``, into
which ``i18n.py`` installs Sphinx's translator.  Each test that needs a
fresh interpreter (nothing of Sphinx imported yet) runs one."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import write_project
from sphinx.errors import ConfigError

import sphinx_rfc
from sphinx_rfc import config
from sphinx_rfc.spec import setting_values
from sphinx_rfc.spec import settings as spec_settings

#: The package under test, first on the path of the fresh interpreter.
_PATH = os.pathsep.join(
    p for p in (str(Path(sphinx_rfc.__file__).parent.parent), os.environ.get("PYTHONPATH")) if p
)


def _python(code: str, cwd: Path | None = None) -> str:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
        cwd=cwd, check=False, env={**os.environ, "PYTHONPATH": _PATH},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_pure_core_imports_neither_sphinx_nor_docutils() -> None:
    out = _python("""
        import importlib, pkgutil, sys
        names = []
        for package in ("spec", "model", "check"):
            top = importlib.import_module("sphinx_rfc." + package)
            for info in pkgutil.walk_packages(top.__path__, top.__name__ + "."):
                importlib.import_module(info.name)
                names.append(info.name)
        assert "sphinx_rfc.spec.settings" in names and "sphinx_rfc.check.cross" in names
        print(len(names))
        print(sorted({m.split(".")[0] for m in sys.modules} & {"sphinx", "docutils"}))
        print(sorted(m for m in sys.modules if m in ("sphinx_rfc.config", "sphinx_rfc.i18n")))
    """)
    count, outside, sphinx_side = out.splitlines()
    assert int(count) > 30
    assert outside == "[]"
    assert sphinx_side == "[]"


def test_messages_are_english_until_a_translator_is_installed() -> None:
    out = _python("""
        from sphinx_rfc.spec import messages
        print(messages._("dependency cycle"))
        print(messages.ngettext("{n} problem", "{n} problems", 1),
              messages.ngettext("{n} problem", "{n} problems", 3), sep="|")
        print(messages.translating(), messages.local_words(["评审中", "in review"]))
        import sphinx_rfc.i18n
        print(messages._ is not sphinx_rfc.i18n._)
    """)
    assert out.splitlines() == [
        "dependency cycle",
        "{n} problem|{n} problems",
        "False ['in review']",  # (untranslated: the English words only)
        "True",
    ]


# an RFC that requires one nobody wrote yet, and a cycle between two others:
# the check/ modules say both, imported before anything of Sphinx
ZH_RST = {
    "index.rst": "RFC 列表\n========\n\n.. toctree::\n\n   rfc-0041\n   rfc-0042\n",
    "rfc-0041.rst": (
        "流水线并行调度 (pipeline schedule)\n"
        "===================================\n\n"
        ".. rfc:: RFC-0041\n"
        "   :title: 流水线并行调度\n"
        "   :status: draft\n"
        "   :requires: RFC-0042, RFC-0077\n"
    ),
    "rfc-0042.rst": (
        "1F1B 调度 interleave\n"
        "====================\n\n"
        ".. rfc:: RFC-0042\n"
        "   :title: 1F1B 交错调度\n"
        "   :status: draft\n"
        "   :requires: RFC-0041\n"
    ),
}
ZH_CONF = ('language = "zh_CN"\nsource_suffix = {".rst": "restructuredtext"}\n'
           "rfc_required_sections = []\nrfc_required_test_levels = []\n")


def test_a_check_imported_before_sphinx_still_speaks_chinese(tmp_path: Path) -> None:
    """The checks take ``_`` from ``spec/messages`` at import; the message
    is translated when it is made, in the build."""
    src = write_project(tmp_path / "src", ZH_RST, ZH_CONF)
    out = _python(f"""
        import sphinx_rfc.check.cross, sphinx_rfc.check.record, sys
        assert "sphinx" not in sys.modules
        from sphinx.cmd.build import build_main
        code = build_main(["-q", "-b", "html", "-w", "warnings.txt", {str(src)!r}, "out"])
        print(code)
    """, cwd=tmp_path)
    assert out.strip() == "0"
    warnings = (tmp_path / "warnings.txt").read_text(encoding="utf-8").splitlines()
    rfc = [line for line in warnings if "[rfc." in line]
    assert rfc, warnings
    assert any("RFC-0041: :requires: 指向 RFC-0077，但没有 RFC 声明该 ID" in line
               for line in rfc), rfc
    cycles = [line for line in rfc if "[rfc.dependency-cycle]" in line]
    assert cycles, rfc
    assert all("依赖循环" in line and "dependency cycle" not in line for line in cycles)


@pytest.mark.parametrize(("values", "name"), [
    ({"rfc_modules": 5}, "rfc_modules"),
    ({"rfc_template": "没有这个模板.md"}, "rfc_template"),
    ({"rfc_types": ["feature"], "rfc_slug": "拼音"}, "rfc_slug"),
])
def test_the_same_message_as_setting_error_and_as_config_error(
    tmp_path: Path, values: dict[str, object], name: str
) -> None:
    namespace = SimpleNamespace(**values)
    with pytest.raises(setting_values.SettingError) as plain:
        spec_settings.settings_from(namespace, tmp_path)
    with pytest.raises(ConfigError) as sphinx_side:
        config.settings_from(namespace, tmp_path)  # type: ignore[arg-type]
    assert str(plain.value) == str(sphinx_side.value)
    assert name in str(sphinx_side.value)
    assert not isinstance(plain.value, ConfigError)


def test_load_template_raises_config_error_through_config(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"rfc_template: .*does not exist"):
        config.load_template("missing-template.md", tmp_path, 2)
    with pytest.raises(setting_values.SettingError, match=r"rfc_template: .*does not exist"):
        setting_values.load_template("missing-template.md", tmp_path, 2)
