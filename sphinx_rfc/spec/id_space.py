"""One ID space for the RFCs ``sphinx-rfc new`` writes and those
``sphinx-rfc import`` brings from a forge (docs/reference/config.md,
``rfc_new_ids``).

An imported RFC keeps its issue's number (issue #321: ``RFC-0321``); the
forge hands out the next numbers, so an RFC written with ``new`` must take
an ID the forge will not: one with a prefix (``RFC-L0001``), one from a
range the forge will not reach (9000 to 9999), or — the default, for a
project that does not import — the next number above every one in use.

Pure data and functions: no Sphinx; the command is
:mod:`sphinx_rfc.cli.id_space`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sphinx_rfc import _lazy_re
from sphinx_rfc.spec.messages import _

#: What a prefix may be made of: letters (any script), digits, ``-`` and
#: ``_``, not ending in a digit (it would run into the number).
_PREFIX = _lazy_re.compile(r"^[^\W\d][\w-]{0,15}$")


@dataclass(frozen=True)
class NewIds:
    """How ``sphinx-rfc new`` numbers an RFC: the next number (of those
    with this *prefix*) from *start* on, up to *end* (None: no end)."""

    prefix: str = ""
    start: int = 1
    end: int | None = None

    @property
    def plain(self) -> bool:
        """The default: no prefix, no range."""
        return not self.prefix and self.start == 1 and self.end is None

    def describe(self) -> str:
        """``prefix 'L'``, ``range 9000-9999``, ``the next free number``."""
        parts = []
        if self.prefix:
            parts.append(f"prefix {self.prefix!r}")
        if self.start != 1 or self.end is not None:
            parts.append(f"range {self.start}-{self.end if self.end is not None else ''}")
        return ", ".join(parts) or "the next free number"


def parse_new_ids(value: object) -> NewIds | str:
    """A ``rfc_new_ids`` value (``"next"``, or a dict with ``prefix`` and/or
    ``range``) as :class:`NewIds`; a string saying what is wrong with it."""
    if value in ("next", None):
        return NewIds()
    if not isinstance(value, dict) or not value or set(value) - {"prefix", "range"}:
        return _('"next", or a dict with the keys "prefix" and/or "range"')
    prefix = value.get("prefix", "")
    if not isinstance(prefix, str) or (prefix and (
            not _PREFIX.match(prefix) or prefix[-1].isdigit())):
        return _("a prefix of letters, digits, - or _, not starting or ending with a digit "
                 "({prefix!r} is not)").format(prefix=prefix)
    found = NewIds(prefix=prefix)
    if "range" in value:
        bounds = value["range"]
        if isinstance(bounds, int) and not isinstance(bounds, bool):
            bounds = [bounds]
        if not isinstance(bounds, list | tuple) or not 1 <= len(bounds) <= 2 or not all(
            (isinstance(b, int) and not isinstance(b, bool)) or (b is None and i == 1)
            for i, b in enumerate(bounds)
        ):
            return _("a range [first, last] of numbers, or [first] ({bounds!r} is not)").format(
                bounds=bounds)
        start = bounds[0]
        end = bounds[1] if len(bounds) == 2 else None
        if start < 1 or (end is not None and end < start):
            return _("a range [first, last] with 1 <= first <= last ({bounds!r} is not)").format(
                bounds=bounds)
        found = NewIds(prefix=prefix, start=start, end=end)
    return found


def prefixed_format(id_format: str, prefix: str) -> str:
    """*id_format* with *prefix* before its number (``RFC-{:04d}`` and
    ``L``: ``RFC-L{:04d}``)."""
    if not prefix:
        return id_format
    at = 0
    while True:
        at = id_format.find("{", at)
        if at < 0:
            return id_format + prefix.replace("{", "{{").replace("}", "}}")
        if id_format.startswith("{{", at):
            at += 2
            continue
        return id_format[:at] + prefix.replace("{", "{{").replace("}", "}}") + id_format[at:]


def id_parts(id_format: str) -> tuple[str, str]:
    """The text of *id_format* before and after its number (``RFC-{:04d}``:
    ``RFC-`` and ``""``)."""
    before, _, rest = prefixed_format(id_format, "\0").partition("\0")
    after = rest.partition("}")[2] if rest.startswith("{") else rest
    return (before.replace("{{", "{").replace("}}", "}"),
            after.replace("{{", "{").replace("}}", "}"))


def key_id(id_format: str, key: str) -> str:
    """The ID of a forge issue named by an identifier that is no number
    (Gitee's ``I7ABCD``): *id_format* with the identifier in place of the
    number (``RFC-I7ABCD``)."""
    before, after = id_parts(id_format)
    return f"{before}{key}{after}"


def id_numbers(ids: Iterable[str], id_format: str) -> set[int]:
    """The numbers of the *ids* made by *id_format* (``RFC-L0007`` of
    ``RFC-L{:04d}``: 7; ``RFC-0007`` is not one of them)."""
    before, after = id_parts(id_format)
    found = set()
    for rfc_id in ids:
        if not rfc_id.startswith(before) or not rfc_id.endswith(after):
            continue
        digits = rfc_id[len(before):len(rfc_id) - len(after)]
        if digits.isascii() and digits.isdigit():
            found.add(int(digits))
    return found


def next_number(policy: NewIds, used: Iterable[int]) -> int | None:
    """The number after the highest of *used* in the policy's range (the
    range's first when none is in it); None when the range is used up.
    Gaps are not filled: a number once used may be an RFC deleted since."""
    inside = [n for n in used if n >= policy.start and (policy.end is None or n <= policy.end)]
    number = max(inside, default=policy.start - 1) + 1
    return None if policy.end is not None and number > policy.end else number
