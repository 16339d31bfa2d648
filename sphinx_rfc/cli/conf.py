"""A project's ``conf.py`` read without reading the project: for the
commands that edit files (``import``, ``status``) and need only the
``rfc_*`` settings (the ID format, the statuses, ``rfc_documents``).

Executing ``conf.py`` alone takes milliseconds where reading the project
with the ``dummy`` builder (:mod:`sphinx_rfc.cli.project`) takes seconds.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx_rfc.spec.settings import RfcSettings


def find_conf(start: Path) -> Path | None:
    """The nearest folder from *start* upwards holding a ``conf.py``."""
    current = start.resolve()
    for folder in (current, *current.parents):
        if (folder / "conf.py").is_file():
            return folder
    return None


def project_settings(confdir: Path) -> tuple[RfcSettings, Any]:
    """The project's ``rfc_*`` settings and its Sphinx config, from executing
    ``conf.py`` alone (no application, no extension loaded).  Raises
    ConfigError."""
    from sphinx.config import Config
    from sphinx.util.tags import Tags

    from sphinx_rfc.config import SETTINGS, settings_from
    from sphinx_rfc.i18n import speak

    # absolute: Sphinx executes conf.py from inside its folder
    config = Config.read(confdir.resolve(), overrides={}, tags=Tags())
    speak(config.language)  # (the command's messages, from here on)
    for value in SETTINGS:
        config.add(value.name, value.default, value.rebuild, value.types, value.doc)  # type: ignore[arg-type]
    return settings_from(config, confdir.resolve()), config


def error_line(exc: BaseException, confdir: Path) -> str:
    """*exc* (Sphinx's error reading the project) on one line: for a
    ``conf.py`` that cannot be executed, the file, the line and the cause
    (``conf.py, line 2: ModuleNotFoundError: No module named 'x'``), not
    the traceback Sphinx puts into its message; any other error's message
    with its lines joined."""
    import traceback

    from sphinx_rfc.spec.messages import _

    conf = confdir / "conf.py"
    cause = exc.__cause__
    if isinstance(cause, SyntaxError):
        return _("{conf}, line {line}: syntax error: {error}").format(
            conf=conf, line=cause.lineno, error=cause.msg)
    if cause is not None and not isinstance(cause, SystemExit):
        frames = [f for f in traceback.extract_tb(cause.__traceback__)
                  if Path(f.filename).name == "conf.py"]
        what = " ".join(str(cause).split())
        error = f"{type(cause).__name__}: {what}" if what else type(cause).__name__
        if frames:
            return _("{conf}, line {line}: {error}").format(
                conf=conf, line=frames[-1].lineno, error=error)
        return f"{conf}: {error}"
    return " ".join(str(exc).split())
