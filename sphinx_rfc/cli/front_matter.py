"""The front matter of an imported RFC (``sphinx-rfc import``): reading it,
and merging the fields an import owns into it without losing a person's
edits.

The front matter holds the fields the import owns (:data:`OWNED`) and
``imported_digest`` (:data:`DIGEST`), a short hash of each as imported, and
of the body (:data:`BODY`: the text below the front matter, its heading
included).  On a re-import (:func:`render`), a field whose value no longer
matches its hash was edited by a person (or by ``sphinx-rfc status``) and is
kept; the other owned fields follow the issue; other fields and lines are
kept as written, in their order.  A body that no longer matches its hash
was edited too: :func:`body_edit` says whether it is kept (the issue's body
did not change) or in conflict with the issue's (it did).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from sphinx_rfc import _lazy_re
from sphinx_rfc.spec import front_matter

#: Front-matter fields the import writes, in this order.
OWNED = (
    "rfc", "title", "status", "authors", "created", "issues", "reporter", "source_issue",
    "forge_state", "forge_history", "wip", "imported_from",
)
#: The field that marks a file as written by the import (its issue's URL or ``#N``).
MARK = "imported_from"
#: The field holding each owned field's hash as imported.
DIGEST = "imported_digest"
#: The entry of :data:`DIGEST` holding the body's hash as imported.
BODY = "body"
_KEY_LINE = _lazy_re.compile(r"^([A-Za-z_][\w.-]*)\s*:(?:\s|$)")


#: Text libyaml's emitter writes as PyYAML's own does: no control
#: character, line or paragraph separator, byte order mark, surrogate or
#: character beyond the BMP (which the two escape or quote differently).
_SAME_IN_LIBYAML = _lazy_re.compile(
    "[^\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff\ufffe\uffff"
    "\U00010000-\U0010ffff]*"
)


def _dumper(value: Any) -> Any:
    """libyaml's emitter for *value* when it writes the same text as
    PyYAML's (tests/cli/test_import_safety.py compares them), which is
    pure Python: a 10 MB title took it 5 s, libyaml 0.04 s."""
    import yaml  # type: ignore[import-untyped]

    fast = getattr(yaml, "CSafeDumper", None)
    items = value if isinstance(value, list) else [value]
    if fast is not None and all(
        not isinstance(item, str) or _SAME_IN_LIBYAML.fullmatch(item) for item in items
    ):
        return fast
    return yaml.SafeDumper


def yaml_line(key: str, value: Any) -> str:
    """``key: value`` as one YAML line (lists in flow style, dates bare)."""
    import yaml  # type: ignore[import-untyped]

    if key == "created" and isinstance(value, str):
        value = dt.date.fromisoformat(value)
    if isinstance(value, list):
        text = yaml.dump(value, Dumper=_dumper(value), allow_unicode=True,
                         default_flow_style=True, width=1 << 30)
        return f"{key}: {text.strip()}"
    text = yaml.dump({key: value}, Dumper=_dumper(value), allow_unicode=True, width=1 << 30,
                     sort_keys=False)
    return str(text).rstrip("\n")


def digest(value: Any) -> str:
    """A short hash of a front-matter value (dates as ISO text)."""
    plain = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    return hashlib.sha1(plain.encode("utf-8")).hexdigest()[:6]


def body_digest(body: str) -> str:
    """A hash of a body as written (long enough that an edit never matches)."""
    return hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def stored_digests(text: str) -> dict[str, str]:
    """``key -> hash`` of *text*'s ``imported_digest``."""
    stored: dict[str, str] = {}
    for item in str((read_front_matter(text) or {}).get(DIGEST) or "").split():
        key, _, value = item.partition("=")
        stored[key] = value
    return stored


def body_edit(existing: str, new: str) -> Literal["kept", "edited", "unknown"] | None:
    """Whether *new* (:func:`render` of an issue) may replace the body of
    *existing* (None: it may, the body was not edited since import or is
    the same); ``kept``: the body was edited and the issue's was not, so it
    stays as edited; ``edited``: both were edited; ``unknown``: the file
    was imported without a body hash (by an older version) and its body
    differs from the issue's."""
    _lines, old_body = split_front_matter(existing)
    _lines, new_body = split_front_matter(new)
    if old_body == new_body:
        return None
    stored = stored_digests(existing).get(BODY)
    if stored is None:
        return "unknown"
    if body_digest(old_body) == stored:
        return None
    return "kept" if body_digest(new_body) == stored else "edited"


def split_front_matter(text: str) -> tuple[list[str] | None, str]:
    """The front matter's lines (None: there is none) and the rest
    (:func:`sphinx_rfc.spec.front_matter.split`)."""
    return front_matter.split(text)


def read_front_matter(text: str) -> dict[str, Any] | None:
    """The front matter as data; None when there is none or it is broken
    (a date or number YAML cannot make is kept as written)."""
    return front_matter.read(text)


def _blocks(lines: Sequence[str]) -> list[tuple[str | None, list[str]]]:
    """Front-matter lines grouped: a top-level key with its continuation lines."""
    found: list[tuple[str | None, list[str]]] = []
    for line in lines:
        match = _KEY_LINE.match(line)
        if match:
            found.append((match.group(1), [line]))
        elif found and found[-1][0] is not None and (line[:1] in (" ", "\t", "-") or not line):
            found[-1][1].append(line)
        else:
            found.append((None, [line]))
    return found


def render(
    existing: str | None, fields: Mapping[str, Any], body: str, *, keep_body: bool = False,
    title: str | None = None,
) -> str:
    """The file's text: *fields* merged into *existing*'s front matter
    (person-edited fields kept, see the module's docstring), *body* under
    it, or *existing*'s body as it is (*keep_body*).  The body's hash is
    always that of *body* as it would be written: the body as imported.
    *title*: the ``#`` heading written over a body that has none (default:
    the ``title`` field; an edited ``title`` field wins over both)."""
    blocks: list[tuple[str | None, list[str]]] = []
    current: dict[str, Any] = {}
    stored: dict[str, str] = {}
    kept_body = ""
    if existing is not None:
        lines, kept_body = split_front_matter(existing)
        current = read_front_matter(existing) or {}
        blocks = _blocks(lines or [])
        for item in str(current.get(DIGEST) or "").split():
            key, _, value = item.partition("=")
            stored[key] = value
    title = str(fields["title"] if title is None else title)
    for key in OWNED:
        present = key in current
        edited = present if key not in stored else digest(current.get(key)) != stored[key]
        if edited:
            if key == "title" and isinstance(current.get(key), str):
                title = str(current[key])
            continue
        keys = [k for k, _ in blocks]
        new = fields.get(key)
        if key in keys:
            index = keys.index(key)
            trailing = [line for line in blocks[index][1][1:] if not line.strip()]
            if new is None:
                del blocks[index]
            else:
                blocks[index] = (key, [yaml_line(key, new), *trailing])
        elif new is not None:
            before = [i for i, k in enumerate(keys) if k in OWNED[:OWNED.index(key)]]
            blocks.insert(before[-1] + 1 if before else 0, (key, [yaml_line(key, new)]))
    text = body.replace("\r\n", "\n").replace("\r", "\n").strip("\n")
    first = next((line for line in text.split("\n") if line.strip()), "")
    heading = "" if re.match(r"^ {0,3}#(?:\s|$)", first) else f"# {title}\n\n"
    written = f"\n{heading}{text}\n"
    hashes = " ".join(f"{key}={digest(fields.get(key))}" for key in OWNED)
    hashes += f" {BODY}={body_digest(written)}"
    keys = [k for k, _ in blocks]
    if DIGEST in keys:
        blocks[keys.index(DIGEST)] = (DIGEST, [yaml_line(DIGEST, hashes)])
    else:
        blocks.append((DIGEST, [yaml_line(DIGEST, hashes)]))
    front = "\n".join(line for _key, group in blocks for line in group)
    return f"---\n{front}\n---\n{kept_body if keep_body else written}"

