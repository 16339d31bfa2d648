"""Internal links of a build's output, and the ones that lead nowhere.

- HTML (``html``, ``dirhtml``, ``singlehtml``, ``epub``): every ``href``
  without a scheme is a file of the output (a folder: its ``index.html``)
  and, with a ``#fragment``, an ``id`` of that file.  The query of a link
  is not part of the file (an index's filter link keeps its parameters).
- LaTeX: every ``\\hyperref`` target is a ``\\label`` of the same ``.tex``
  (else the PDF prints "??"; there is no TeX here to compile it).
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

_HREF = re.compile(r'<a\s[^>]*?href="([^"]*)"')
_ID = re.compile(r'\sid="([^"]*)"')
_LABEL = re.compile(r"\\label\{\\detokenize\{([^}]*)\}\}")
_HYPERREF = re.compile(r"\\hyperref\[\\detokenize\{([^}]*)\}\]")


def html_links(outdir: Path) -> tuple[int, list[tuple[str, str]]]:
    """How many internal links the pages under *outdir* hold, and those
    (page, href) that lead to no file or to no id of their file."""
    pages = {p.resolve(): p.read_text(encoding="utf-8")
             for p in outdir.rglob("*") if p.suffix in {".html", ".xhtml"}}
    ids: dict[Path, set[str]] = {}
    count, dead = 0, []
    for page, text in pages.items():
        for raw in _HREF.findall(text):
            href = html.unescape(raw)
            parts = urlsplit(href)
            if parts.scheme or href.startswith("//"):
                continue
            count += 1
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                dead.append((os.path.relpath(page, outdir), href))
                continue
            if parts.fragment and target in pages:
                if target not in ids:
                    ids[target] = set(_ID.findall(pages[target]))
                if unquote(parts.fragment) not in ids[target]:
                    dead.append((os.path.relpath(page, outdir), href))
    return count, dead


def latex_refs(tex: Path) -> tuple[int, list[str]]:
    """How many ``\\hyperref`` targets *tex* holds, and those it never
    defines with ``\\label``."""
    text = tex.read_text(encoding="utf-8")
    labels = set(_LABEL.findall(text))
    refs = _HYPERREF.findall(text)
    return len(refs), sorted({r for r in refs if r not in labels})
