"""A template's blanks written as ``{name}`` (MADR) or ``[name]``: where
they are in a text, without a pattern (docs/reference/warnings.md,
"Placeholders").  Read by the template reader (which styles a template
uses) and by the placeholder check (the blanks left in an RFC).  And the
code a template writes as an example (:func:`code_blocks`): the code
placeholders an RFC may leave in its code blocks are learned from it."""

from __future__ import annotations

from collections.abc import Iterator

__all__ = ["MARKS", "blank_spans", "code_blocks"]

#: Bracketed words that mark a heading, not a blank (`## Risks [Optional]`).
MARKS = frozenset({"optional", "可选", "选填", "非必填", "required", "必填", "draft", "wip"})


def blank_spans(text: str, opening: str) -> Iterator[tuple[int, int]]:
    """The spans of ``{name}`` (*opening* ``{``) or ``[name]`` blanks in
    *text* (docs/reference/warnings.md): 1 to 80 characters without
    brackets or a line break, a letter among them, not after a letter,
    digit, ``_`` (``a[i]``), ``!``, ``\\`` or a bracket; a ``[name]`` is no task box
    (``[ ]``, ``[x]``), no mark (``[Optional]``, :data:`MARKS`), no citation (``[1]``, ``[RFC 2119]``) and no link
    (``[text](url)``, ``[text][ref]``, ``[ref]: url``)."""
    closing = "}" if opening == "{" else "]"
    at = text.find(opening)
    while at >= 0:
        end = text.find(closing, at + 1, at + 82)
        inner = text[at + 1:end] if end > 0 else ""
        before = text[at - 1] if at else " "
        after = text[end + 1] if 0 < end < len(text) - 1 else " "
        ok = (
            end > 0 and opening not in inner and "\n" not in inner
            and any(c.isalpha() for c in inner)
            and not (before.isalnum() or before in "_!\\`" + opening + closing)
            and after not in closing + "`"
        )
        if ok and opening == "[":
            bare = inner.strip()
            ok = (bare not in ("x", "X") and after not in "([:"
                  and bare.casefold() not in MARKS and not _citation(bare))
        if ok and opening == "{":
            ok = len(inner) >= 2
        if ok:
            yield at, end + 1
        at = text.find(opening, (end + 1) if ok else at + 1)


def _citation(inner: str) -> bool:
    """``1``, ``1, 3``, ``RFC 2119``, ``Smith 2020``: ends with a number of
    three digits or more, or holds no letter."""
    digits = len(inner) - len(inner.rstrip("0123456789"))
    return digits >= 3 or not any(c.isalpha() for c in inner)


def code_blocks(text: str, markdown: bool) -> list[str]:
    """The code blocks of a template's *text*: in Markdown, each fence that
    is code (```python, ```{code-block}), also inside a directive's fence
    (```{rfc-interface}); in reStructuredText, the indented block after a
    line ending ``::`` or a ``code-block``, ``code`` or ``sourcecode``
    directive (its options left out)."""
    return _markdown_code(text) if markdown else _rst_code(text)


_CODE = frozenset({"code", "code-block", "sourcecode"})
#: Fences that are neither code nor hold code: diagrams, the rfc directive.
_NOT_CODE = frozenset({"mermaid", "math", "rfc"})


def _markdown_code(text: str) -> list[str]:
    from sphinx_rfc.spec.template_parts import _fence_directive, markdown_parser

    found: list[str] = []
    for token in markdown_parser().parse(text):
        if token.type not in ("fence", "colon_fence"):
            continue
        name = _fence_directive(token.info)
        if name is None:
            if token.info.strip().split(" ")[0] not in _NOT_CODE:
                found.append(token.content)
        elif name in _CODE:
            found.append(token.content)
        elif name not in _NOT_CODE:
            found.extend(_markdown_code(token.content))
    return found


def _rst_code(text: str) -> list[str]:
    lines = text.splitlines()
    found: list[str] = []
    k = 0
    while k < len(lines):
        line = lines[k]
        bare = line.strip()
        directive = bare.startswith(".. ") and bare[3:].split("::", 1)[0].strip() in _CODE
        if not (directive or (bare.endswith("::") and not bare.startswith(".."))):
            k += 1
            continue
        indent = len(line) - len(line.lstrip())
        k += 1
        block: list[str] = []
        while k < len(lines) and (not lines[k].strip()
                                  or len(lines[k]) - len(lines[k].lstrip()) > indent):
            if not (directive and not block and lines[k].strip().startswith(":")):
                block.append(lines[k])
            k += 1
        found.append("\n".join(block).strip("\n"))
    return found
