"""The RFC number a file name carries, and the names that carry a date
instead (docs/reference/native.md, "The ID").

``0042-fused-adamw.md`` is RFC 42: the first run of digits of the name.
A name that starts its digits with a date (``20220316_api_design.md``,
``2022-03-16-foo.md``, ``2022_03_16_foo.md``, ``2022.03.16 foo.md``)
carries no number: the date is when it was written, and two documents of
one day would be one RFC.  Nor does one whose first digits are an ordinal
(``hackathon5th_53.md``, the fifth hackathon's task 53).  Such a file's
ID is its stem, as written.

Read with one anchored pattern per name (no search that could rescan).
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from sphinx_rfc import _lazy_re

__all__ = ["dated_name", "name_number"]

_DIGITS = _lazy_re.compile(r"\d+")
#: A date at the start of a run of digits: YYYYMMDD, or YYYY, MM, DD joined
#: by one of ``- _ .`` (the same one twice); not followed by another digit.
_DATE = _lazy_re.compile(
    r"(?P<y>(?:19[7-9]|20\d)\d)(?:(?P<m>\d\d)(?P<d>\d\d)|(?P<sep>[-_.])(?P<m2>\d\d?)(?P=sep)(?P<d2>\d\d?))(?!\d)",
    re.ASCII,
)


#: An English ordinal's ending right after the digits (``5th``, ``1st``,
#: ``2nd``, ``3rd``), then no letter.
_ORDINAL = _lazy_re.compile(r"(?:st|nd|rd|th)(?![A-Za-z])", re.IGNORECASE)


def _no_number(name: str, digits: re.Match[str]) -> bool:
    """Whether the run of *digits* in *name* is a date or an ordinal."""
    return _date_at(name, digits.start()) or _ORDINAL.match(name, digits.end()) is not None


def _date_at(name: str, start: int) -> bool:
    match = _DATE.match(name, start)
    if match is None:
        return False
    month = int(match["m"] or match["m2"])
    day = int(match["d"] or match["d2"])
    return 1 <= month <= 12 and 1 <= day <= 31


def dated_name(name: str) -> bool:
    """Whether the first digits of the file name *name* (a path's last
    part is taken) are a date or an ordinal rather than a number:
    ``20220316_x``, ``hackathon5th_53`` (the fifth hackathon's task 53:
    which number would be the RFC's?)."""
    base = PurePosixPath(name).name
    match = _DIGITS.search(base)
    return match is not None and _no_number(base, match)


def name_digits(name: str) -> str | None:
    """The number of the file name *name* as written (its first run of
    digits, of any length), or None: no digits, or a date or an ordinal
    (:func:`dated_name`)."""
    base = PurePosixPath(name).name
    match = _DIGITS.search(base)
    if match is None or _no_number(base, match):
        return None
    return match.group(0)


def name_number(name: str) -> int | None:
    """:func:`name_digits` as a number (None also for more digits than
    ``int`` reads: no issue has such a number)."""
    digits = name_digits(name)
    try:
        return None if digits is None else int(digits)
    except ValueError:
        return None

