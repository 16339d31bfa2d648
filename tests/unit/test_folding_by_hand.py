"""Short texts are folded without compiling the CJK patterns
(``spec/folding``: ``_cjk_runs`` and ``_tokens`` one character at a time):
the same runs and tokens as the patterns find, and the same keys."""

from __future__ import annotations

import random
import re

from sphinx_rfc.spec import folding

#: the ranges' edges inside and out, other scripts, digits of every kind,
#: word and non-word marks, spaces (the ideographic one too), separators
ALPHABET = (
    "\u303f\u3040\u30ff\u3100\u33ff\u3400\u4dbf\u4dc0\u4e00\u9fff\ua000\uabff\uac00\ud7af"
    "\ud7b0\uf8ff\uf900\ufaff\ufb00"
    "验证要求背景アイ한국aZz09_²٣Ⅻé\u0301αЖ"
    " \t\u3000\u00a0/|,、`:：-·.（）()"
)
CJK_RUN = re.compile(f"[{folding.CJK_LETTERS}]+")
TOKEN = re.compile(rf"[{folding.CJK_LETTERS}]+|[^\W{folding.CJK_LETTERS}]+|\S")


def _texts(count: int) -> list[str]:
    draw = random.Random(58)
    texts = ["", "a", "验", "底层OP设计", "FP8量化", "关联 Issue / PR", "n/a", "ST / 冒烟",
             "Related PR / Issue", "强/弱依赖", "_x_验_"]
    texts += ["".join(draw.choice(ALPHABET) for _ in range(draw.randint(1, 70)))
              for _ in range(count)]
    return texts


def test_the_runs_and_tokens_are_the_patterns() -> None:
    texts = _texts(3000)
    assert len(texts) > 3000
    for text in texts:
        assert folding._cjk_runs(text) == [m.span() for m in CJK_RUN.finditer(text)], text
        assert folding._tokens(text) == TOKEN.findall(text), text


def test_the_cjk_ranges_are_the_letters() -> None:
    for point in range(0x3000, 0xFFFF):
        char = chr(point)
        assert folding._is_cjk(char) == bool(CJK_RUN.fullmatch(char)), hex(point)


def test_folded_alike_either_way(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    texts = _texts(600)
    monkeypatch.setattr(folding, "_by_hand", lambda text, pattern: True)
    by_hand = [(folding.spaced(t), folding._as_sets(t)) for t in texts]
    monkeypatch.setattr(folding, "_by_hand", lambda text, pattern: False)
    assert by_hand == [(folding.spaced(t), folding._as_sets(t)) for t in texts]


def test_short_texts_compile_no_pattern_long_ones_do() -> None:
    lazy = folding._lazy_re.LazyPattern("[a-z]+")
    assert folding._by_hand("底层OP设计", lazy)
    assert not folding._by_hand("底层OP设计" * 20, lazy)
    lazy.search("x")
    assert not folding._by_hand("底层OP设计", lazy)  # compiled: used from then on
