"""The linear rewrites of issue 46 give what the quadratic patterns gave:
each old pattern (kept here) and its replacement on every string up to a
length over an alphabet of the characters that matter to it (spaces of
several kinds, the punctuation the pattern names, a letter)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator

import pytest

from sphinx_rfc.check import field_places, sections
from sphinx_rfc.spec import cells, fields, front_matter, template, template_parts, text
from sphinx_rfc.write import mermaid_js


def strings(alphabet: tuple[str, ...] | str, longest: int) -> Iterator[str]:
    for length in range(longest + 1):
        for parts in itertools.product(alphabet, repeat=length):
            yield "".join(parts)


def same(old: Callable[[str], object], new: Callable[[str], object],
         alphabet: tuple[str, ...] | str, longest: int) -> None:
    count = 0
    for value in strings(alphabet, longest):
        assert new(value) == old(value), value
        count += 1
    assert count > 100


def spans(pattern: re.Pattern[str]) -> Callable[[str], object]:
    return lambda s: [(m.span(), m.groups()) for m in pattern.finditer(s)]


def groups(pattern: re.Pattern[str], method: str = "match") -> Callable[[str], object]:
    def found(s: str) -> object:
        m = getattr(pattern, method)(s)
        return None if m is None else (m.span(), m.groups())
    return found


def test_trailing_punctuation() -> None:
    old = re.compile(r"[\s.。:：;；,，!！?？、]+$")
    same(lambda s: old.sub("", s), lambda s: s.rstrip(sections._TRAILING),
         " \n.。a\u3000", 6)


def test_whitespace_is_what_backslash_s_matches() -> None:
    assert set(text.WHITESPACE) == {
        chr(c) for c in range(0x110000) if re.fullmatch(r"\s", chr(c))}


def test_field_places_heading() -> None:
    old = re.compile(r"^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$")

    def new(s: str) -> str | None:
        marks = field_places._ATX_MARKS.match(s)
        return None if marks is None else text.atx_title(s[marks.end():])

    same(lambda s: (m := old.match(s)) and m.group(1), new, " \t#a\x0c", 8)


def test_field_places_option() -> None:
    old = re.compile(r"^(\s*):([^:\s][^:]*):(?:[ \t]+(.*?))?\s*$")

    def before(s: str) -> object:
        m = old.match(s)
        if m is None:
            return None
        end = m.end(3) if m.group(3) is not None else len(s)
        return m.group(1), m.group(2), (m.start(3) if m.group(3) else end, end)

    def after(s: str) -> object:
        found = field_places._option(s)
        if found is None:
            return None
        return found[0], found[1], found[2] or (len(s), len(s))

    same(before, after, " \t:a\x0c", 8)


def test_field_places_yaml_key() -> None:
    old = re.compile(r"^([A-Za-z_][\w .-]*?)\s*:(?:[ \t]+(.*?))?(?:\s+#.*)?\s*$")

    def before(s: str) -> object:
        m = old.match(s)
        if m is None:
            return None
        at = m.start(2) if m.group(2) is not None else len(s)
        return m.group(1), (at, m.end(2) if m.group(2) is not None else at)

    def after(s: str) -> object:
        found = field_places._yaml_key(s)
        return None if found is None else (found[0], found[1] or (len(s), len(s)))

    same(before, after, " \t:a#\x0c", 7)


@pytest.mark.parametrize(("old", "new"), [
    (r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$", field_places._SEPARATOR),
    (r"^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$",
     __import__("sphinx_rfc.doctree.tables", fromlist=["x"])._DELIMITER_ROW),
])
def test_delimiter_rows(old: str, new: re.Pattern[str]) -> None:
    before = re.compile(old)
    same(lambda s: bool(before.match(s)), lambda s: bool(new.match(s)), " |-:\n", 8)


def test_fences() -> None:
    old = re.compile(r"^\s*(`{3,}|~{3,}|:{3,})(.*)$")
    same(groups(old), groups(field_places._FENCE), " `:a\n", 8)


@pytest.mark.parametrize(("old", "new", "alphabet", "longest"), [
    (r"\s*(?:[,，、;；]|\s/\s)\s*", text._LIST_SPLIT, " ,/a\n", 7),
    (r"\s*(?:[，,;；：:。（()）【】\[\]]|\s/\s|\s[-–—]\s)\s*", cells._SEPARATOR, " ,/-a", 7),
    (r"\s+/\s+", template._CHOICES, " /a\t", 8),
    (r"\s*(?:[(（\[【]\s*(?:optional|可选|选填|非必填)\s*[)）\]】])\s*", template._OPTIONAL,
     (" ", "(", ")", "可选", "a"), 7),
])
def test_runs_start_at_the_start_of_a_run(old: str, new: re.Pattern[str],
                                          alphabet: str, longest: int) -> None:
    before = re.compile(old, new.flags)
    same(spans(before), spans(new), alphabet, longest)


def test_split_list_brackets() -> None:
    old = re.compile(r"\s*(?:[,，、;；]|\s/\s)\s*")

    def before(s: str) -> list[str]:
        items, start = [], 0
        for match in old.finditer(s):
            prefix = s[:match.start()]
            if prefix.count("[") > prefix.count("]"):
                continue
            items.append(s[start:match.start()])
            start = match.end()
        items.append(s[start:])
        return [i for raw in items if (i := raw.strip().strip("`").strip())]

    same(before, text.split_list, " ,[]a", 7)


def test_clean_title() -> None:
    old = re.compile(text._TITLE_PREFIX.pattern.replace(r"\s*", r"^\s*", 1),
                     text._TITLE_PREFIX.flags)

    def before(title: str) -> str:
        s = title.strip()
        while (match := old.match(s)) and match.end() < len(s):
            s = s[match.end():]
        return s

    same(before, text.clean_title, ("[RFC]", " ", ":", "RFC", "-", "a"), 5)


def test_template_comments() -> None:
    # (a heading's title: its comments dropped, cut at one left open; the
    # template's headings and tables are read by parsers since issue 40)
    same(lambda s: re.sub(r"<!--.*?-->", "", s).split("<!--")[0],
         template_parts.without_comments,
         ("<!--", "-->", "a", "-", ">", "<"), 5)


@pytest.mark.parametrize(("old", "new", "alphabet", "longest"), [
    (r"^(?P<text>.*?)\s*<(?P<url>[a-z][a-z0-9+.-]*://[^<>\s]+)>$", fields._LINKED,
     ("a", " ", "<", ">", "\n", "http://z"), 5),
    (r"^(?P<name>.*?)\s*<(?P<email>[^<>@\s]+@[^<>\s]+)>$",
     __import__("sphinx_rfc.render.elements", fromlist=["x"])._AUTHOR,
     ("a", " ", "<", ">", "\n", "x@y"), 5),
    (r"^(.+?):(\d*):?\s*(?:WARNING|ERROR|CRITICAL): (.*?)(?: \[[\w.-]+\])?$",
     __import__("sphinx_rfc.cli.check", fromlist=["x"])._WARNING_PLACE,
     ("a", ":", "1", " ", "WARNING: ", "\x0c", " [x.y]"), 5),  # a line: no line break
    (r"^([^\s:#][^:]*?)\s*:", front_matter._KEY, "a :#\n", 7),
    (r"^:([\w-]+):\s*(.*)$",
     __import__("sphinx_rfc.directives.rfc", fromlist=["x"])._OPTION_LINE, ":a \n", 7),
])
def test_matched_alike(old: str, new: re.Pattern[str], alphabet: tuple[str, ...],
                       longest: int) -> None:
    same(groups(re.compile(old, new.flags)), groups(new), alphabet, longest)


@pytest.mark.parametrize(("old", "new", "alphabet", "longest"), [
    (r"^\s*(?:\.\.\s+rfc::|[`~:]{3,}\s*\{rfc\})\s*(\S+)",
     __import__("sphinx_rfc.cli.issue_import", fromlist=["x"])._DIRECTIVE_ID,
     ("\n", " ", ".. rfc:: ", "```{rfc}", "X"), 5),
    (r"^#[ \t]+.*$", __import__("sphinx_rfc.cli.new", fromlist=["x"])._H1, "# \ta\n", 7),
    (r"""(?:\bfrom|\bimport)\s*\(?\s*(["'])(?P<spec>\.{1,2}/[^"']+)\1""",
     mermaid_js._RELATIVE_IMPORT, ("import", " ", "(", "'", "./x", "\n"), 5),
])
def test_found_alike(old: str, new: re.Pattern[str], alphabet: tuple[str, ...],
                     longest: int) -> None:
    before = re.compile(old, new.flags)
    same(lambda s: before.findall(s), lambda s: new.findall(s), alphabet, longest)


def test_labelled_items() -> None:
    old = re.compile(r"^(?P<label>[^:：]*[^\s:：])\s*[:：]\s*(?P<item>(?!//).+)$")
    same(lambda s: (m := old.match(s)) and (m["label"], m["item"]), fields._labelled,
         ("a", " ", ":", "//", "\n", "："), 6)


def test_type_lines() -> None:
    """The native reader's ``类型：value`` lines: the same (key, value) pairs
    for every key that is not spaces or a list mark alone (which no type
    key is)."""
    from sphinx_rfc.read import native
    from sphinx_rfc.spec.text import fold_header

    old = re.compile(
        r"^\s*[-*]?\s*(?P<key>[^:：\n]{1,12}?)\s*[:：]\s*(?P<value>\S[^\n]*)$", re.MULTILINE)

    def pairs(pattern: re.Pattern[str]) -> Callable[[str], object]:
        return lambda s: [(fold_header(m["key"]), m["value"]) for m in pattern.finditer(s)
                          if fold_header(m["key"]) not in ("", "-", "*")]

    same(pairs(old), pairs(native._TYPE_LINE), ("- ", " ", "\n", "类型", ":", "x"), 5)
