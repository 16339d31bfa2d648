"""The ``rfc_*`` config values in Sphinx (docs/reference/config.md).

What they are, how each is checked and turned into the frozen
:class:`RfcSettings`, and the template they name, is
:mod:`sphinx_rfc.spec.settings`, which needs no Sphinx.  This module holds
what is Sphinx's:

- the registration (:func:`setup`: ``app.add_config_value`` for every
  declaration of :data:`SETTINGS`, with ``types=`` and ``description=``);
- the validation at ``config-inited``, whose error is Sphinx's
  ``ConfigError`` (:func:`settings_from` and :func:`load_template` raise it
  with the message of the :class:`~sphinx_rfc.spec.setting_values.SettingError`);
- :func:`settings`, the validated :class:`RfcSettings` of a build (kept on
  its ``Config``), which the rest of the package reads.

The names of :mod:`sphinx_rfc.spec.settings` that code, tests and the
documentation's extension import from here are imported here too.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sphinx.errors import ConfigError

from sphinx_rfc.spec import setting_values as _setting_values
from sphinx_rfc.spec import settings as _settings
from sphinx_rfc.spec.setting_values import (
    CONFDIR_ATTR,
    DEFAULT_PLACEHOLDERS,
    NAMED_TEMPLATES,
    SettingError,
)
from sphinx_rfc.spec.settings import CONFIG_VALUES, SETTINGS, RfcSettings
from sphinx_rfc.spec.template import TEMPLATE_FOLDER

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config

    from sphinx_rfc.spec.template import TemplateSchema

__all__ = [
    "CONFIG_VALUES",
    "DEFAULT_PLACEHOLDERS",
    "DIGEST_VALUE",
    "NAMED_TEMPLATES",
    "SETTINGS",
    "TEMPLATE_FOLDER",
    "RfcSettings",
    "SettingError",
    "load_template",
    "settings",
    "settings_from",
    "setup",
]


def settings_from(config: Config, confdir: str | Path | None = None) -> RfcSettings:
    """:func:`sphinx_rfc.spec.settings.settings_from`, raising Sphinx's
    ``ConfigError`` naming the first wrong value.  *config*: a Sphinx
    ``Config``, or any object with its ``rfc_*`` attributes."""
    try:
        return _settings.settings_from(config, confdir)
    except SettingError as exc:
        raise ConfigError(str(exc)) from None


def load_template(
    value: str, confdir: str | Path, depth: int, aliases: object = None
) -> TemplateSchema:
    """:func:`sphinx_rfc.spec.setting_values.load_template`, raising Sphinx's
    ``ConfigError`` naming the file (and line) and what to change."""
    try:
        return _setting_values.load_template(value, confdir, depth, aliases)
    except SettingError as exc:
        raise ConfigError(str(exc)) from None


_CACHE_ATTR = "_sphinx_rfc_settings"


def settings(config: Config) -> RfcSettings:
    """The settings of this build (computed once per Config object)."""
    cached = config.__dict__.get(_CACHE_ATTR)
    if cached is None:
        cached = settings_from(config)
        config.__dict__[_CACHE_ATTR] = cached
    return cached


#: A config value the extension sets: the template's sha256, so that Sphinx,
#: which compares config values between builds, re-reads every document when
#: the template document changes (``""``: no template).
DIGEST_VALUE = "rfc_template_digest"


def _on_config_inited(app: Sphinx, config: Config) -> None:
    config.__dict__.pop(_CACHE_ATTR, None)
    config.__dict__[CONFDIR_ATTR] = str(app.confdir)
    found = settings(config)
    setattr(config, DIGEST_VALUE, found.template.digest if found.template else "")


def setup(app: Sphinx) -> None:
    for s in SETTINGS:
        app.add_config_value(
            s.name, s.default, s.rebuild, types=s.types, description=s.doc  # type: ignore[arg-type]
        )
    app.add_config_value(DIGEST_VALUE, "", "env", types=(str,))
