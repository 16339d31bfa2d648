"""The ID ``sphinx-rfc new`` takes when none is given, by ``rfc_new_ids``
(:mod:`sphinx_rfc.spec.id_space`): never one ``sphinx-rfc import`` would
give an issue of the forge, when the project says how.

- ``"next"`` (the default): the number after the highest in use — in an ID
  of the project (imported RFCs included), in an ``rfc`` directive or at
  the start of a file name of the target folder.
- ``{"range": [9000, 9999]}``: the number after the highest in use inside
  the range (its first when none is); the range used up is an error that
  says so.
- ``{"prefix": "L"}``: the ID format with the prefix before its number
  (``RFC-L0001``), numbered among the IDs that have it; the file is named
  by the title's slug alone (a number at its start would be taken for the
  forge's issue of that number by ``import``).

An ID already taken is skipped.  ``conf.py`` is executed once more for the
setting (milliseconds: :func:`sphinx_rfc.cli.conf.project_settings`).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from pathlib import Path
from typing import Protocol

from sphinx_rfc.cli.conf import find_conf, project_settings
from sphinx_rfc.cli.errors import CliError
from sphinx_rfc.spec.file_names import dated_name
from sphinx_rfc.spec.id_space import NewIds, id_numbers, next_number, prefixed_format
from sphinx_rfc.spec.messages import _


class Facts(Protocol):
    """What ``new`` knows of the project (:class:`sphinx_rfc.cli.new.ProjectFacts`)."""

    ids: set[str]
    numbers: set[int]
    id_format: str
    id_pattern: re.Pattern[str]


def policy_of(folder: Path) -> NewIds:
    """The project's ``rfc_new_ids`` around *folder*: the default outside
    a project, or when its ``conf.py`` cannot be read or another of its
    values is wrong (``new`` reads the project quietly; ``check`` tells);
    a wrong ``rfc_new_ids`` is an error."""
    from sphinx.errors import ConfigError

    start = folder if folder.exists() else folder.parent
    confdir = find_conf(start) if start.exists() else None
    if confdir is None:
        return NewIds()
    try:
        settings, _config = project_settings(confdir)
    except ConfigError as exc:
        if "rfc_new_ids" in str(exc):  # (the numbering itself is wrong: no guess)
            raise CliError(_("sphinx-rfc: {message}").format(message=exc)) from None
        return NewIds()  # (another value: new reads the project quietly, check tells)
    except Exception:  # (conf.py itself fails: new's own read of the project tells)
        return NewIds()
    return settings.new_ids


def _last_number(rfc_id: str) -> int | None:
    runs = re.findall(r"\d+", rfc_id)
    return int(runs[-1]) if runs else None


def choose_new_id(
    facts: Facts, policy: NewIds, taken: Collection[str] = (),
) -> tuple[str, int | None]:
    """The ID of a new RFC under *policy*, and the number its file name
    starts with (None: the file is named by its slug alone)."""
    taken = {*facts.ids, *taken}
    id_format = prefixed_format(facts.id_format, policy.prefix)
    if policy.prefix:
        used = id_numbers(taken, id_format)
    else:
        # (an ID that is a dated file's name carries a date, no number)
        numbers = (_last_number(rfc_id) for rfc_id in taken if not dated_name(rfc_id))
        used = {n for n in numbers if n is not None}
        used |= set(facts.numbers)
    number = next_number(policy, used)
    while number is not None:
        candidate = id_format.format(number)
        if candidate not in taken:
            if not facts.id_pattern.match(candidate):
                raise CliError(_(
                    "sphinx-rfc: the next ID, {id}, does not match rfc_id_pattern ({pattern}); "
                    "widen the pattern or change rfc_new_ids").format(
                        id=candidate, pattern=facts.id_pattern.pattern))
            return candidate, None if policy.prefix else number
        number += 1
        if policy.end is not None and number > policy.end:
            number = None
    raise CliError(_(
        "sphinx-rfc: rfc_new_ids: the range {start}-{end} is used up; give a wider one in "
        "conf.py, or an ID with --id").format(start=policy.start, end=policy.end), code=1)


def next_new_id(facts: Facts, folder: Path) -> tuple[str, int | None]:
    """:func:`choose_new_id` under the ``rfc_new_ids`` of the project
    around *folder* (the one *facts* read with the project, when it did:
    ``conf.py`` and the template are not read twice)."""
    policy = getattr(facts, "new_ids", None)
    return choose_new_id(facts, policy if isinstance(policy, NewIds) else policy_of(folder))
