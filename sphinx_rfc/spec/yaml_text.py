"""YAML metadata read whole even when a value is not what YAML's rules
make of it (front matter, a KEP's ``kep.yaml``).

PyYAML's safe loader turns ``2023-14-05`` into a date and fails on the
impossible month, and turns a number of more than 4,300 digits into an
``int`` and fails on Python's limit: one such value made the whole
mapping lost.  :func:`load` keeps such a value as the text written, for
the field's own check to report at its line (``2023-14-05`` is then an
invalid date like any other).  A YAML syntax error still raises
:class:`yaml.YAMLError`; :func:`error_line` tells its line, and
:func:`load_before_error` reads the top-level keys written before it.
"""

from __future__ import annotations

from typing import Any

import yaml  # type: ignore[import-untyped]

_Base: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_Base):  # type: ignore[misc]
    """The safe loader, keeping as text a date or number it cannot make."""


def _or_text(construct: Any) -> Any:
    def constructor(loader: Any, node: yaml.Node) -> Any:
        try:
            return construct(loader, node)
        except (ValueError, OverflowError):
            return loader.construct_scalar(node)

    return constructor


_Loader.add_constructor("tag:yaml.org,2002:timestamp",
                        _or_text(yaml.SafeLoader.construct_yaml_timestamp))
_Loader.add_constructor("tag:yaml.org,2002:int", _or_text(yaml.SafeLoader.construct_yaml_int))


def load(text: str) -> Any:
    """*text* as YAML data (safe: plain data only); raises
    :class:`yaml.YAMLError` on a syntax error."""
    return yaml.load(text, Loader=_Loader)


def error_line(error: yaml.YAMLError, first: int = 1) -> int | None:
    """The line (counted from *first*) of a YAML error, None when unknown."""
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    return mark.line + first if mark is not None else None


def load_before_error(text: str, error: yaml.YAMLError, tries: int = 5) -> Any:
    """The data of the top-level keys of *text* written before the one the
    syntax *error* is in (None: none can be read).  The text is cut before
    that key; when the rest still fails (an unclosed quote runs on into the
    next key), before the key of the new error, at most *tries* times."""
    lines = text.split("\n")
    for _try in range(tries):
        line = error_line(error, 0)
        if line is None:
            return None
        # back to the start of the top-level key the error is in
        cut = next((i for i in range(min(line, len(lines) - 1), -1, -1)
                    if lines[i][:1] not in ("", " ", "\t", "-", "#")), 0)
        lines = lines[:cut]
        try:
            return load("\n".join(lines))
        except yaml.YAMLError as again:
            error = again
    return None
