"""Generate a benchmark project of N RFCs, in three equivalent variants.

The RFCs describe features of a distributed-training framework (modules
``model``, ``distributed``, ``checkpoint``, ``optimizer``, ``trainer``; PT and
MS backends) and follow the hyper-parallel RFC template: all nine sections, every table.
They alternate Chinese and English and mix reStructuredText and MyST
(number % 4: 0 zh rST, 1 en rST, 2 zh MyST, 3 en MyST).

Variants, with the same text, toctree and theme configuration:

``rfc``
    sphinx_rfc: the ``rfc`` directive, the seven table directives around the
    tables, ``rfc-index``, one ``rfc-module`` page per module, ``rfc-graph``.
``plain``
    plain Sphinx (the floor): the same tables as ordinary tables, the basic
    information as a table with ``:doc:`` links (requires *and* required-by,
    written out by the generator), and an index, module pages and a Mermaid
    graph written out by hand (by the generator) as a user would without
    the extension.
``needs``
    sphinx-needs: the plain pages, plus one ``req`` need per RFC (status,
    tags = modules, ``requires`` / ``supersedes`` links, type, authors,
    backends), ``needtable`` on the index page and on each module page.
    The graph page is the plain page's static Mermaid diagram: ``needflow``
    needs PlantUML or Graphviz, neither of which is installed here.

``needs-wrapped`` (a control, not in ``run.py``'s tables)
    ``needs`` with each table that ``rfc`` writes inside one of the seven
    table directives written inside a ``container`` directive instead:
    the same directive markup around the same tables, nothing reading them.
    ``full_pairs.py --variants rfc needs-wrapped`` compares what the
    extension does with the tables, not what the markup costs.

The table-dense projects (``dense``, ``dense-plain``, ``dense-native``) are
described at :class:`DensePage`.

Usage: ``python benchmarks/generate.py VARIANT N DEST``.
"""

from __future__ import annotations

import argparse
import random
import shutil
import textwrap
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

#: The projects of today's benchmark, and the table-dense ones (``DensePage``).
STANDARD = ("rfc", "plain", "needs")
DENSE = ("dense", "dense-plain", "dense-native")
#: Controls: ``needs-wrapped`` is ``needs`` with every table that ``rfc``
#: puts in a table directive inside a ``container`` directive instead (the
#: same markup around the same tables, with no reading behind it).
CONTROLS = ("needs-wrapped",)
VARIANTS = STANDARD + DENSE + CONTROLS


def family(variant: str) -> str:
    """The variant whose pages, configuration and links *variant* shares."""
    return "needs" if variant == "needs-wrapped" else variant

MODULES = {
    "model": "Model definition, wrappers and layer replacement.",
    "distributed": "Process groups, device mesh, collective communication, FSDP / TP / PP.",
    "checkpoint": "Saving, loading and resharding training state.",
    "optimizer": "Optimizer adapters, sharded states and schedulers.",
    "trainer": "The training loop, callbacks, metrics and logging.",
}

# number of the RFC edited by the one-RFC-edit measure (see run.py)
EDIT_MARK = "EDIT-MARK-0"


def edited_rfc(n: int) -> int:
    return max(1, n // 2)


# --------------------------------------------------------------------------
# the RFCs' data


@dataclass
class Feature:
    en: str
    zh: str
    func: str
    modules: tuple[str, ...]
    components: tuple[str, ...]


FEATURES = (
    Feature(
        "Optimizer state offload",
        "优化器状态卸载",
        "enable_optimizer_offload",
        ("optimizer", "checkpoint"),
        ("FSDP", "optimizer"),
    ),
    Feature(
        "Asynchronous checkpoint save",
        "异步 checkpoint 保存",
        "enable_async_save",
        ("checkpoint", "trainer"),
        ("checkpoint", "FSDP"),
    ),
    Feature(
        "Sequence parallel attention",
        "序列并行注意力",
        "enable_sequence_parallel",
        ("model", "distributed"),
        ("TP / PP", "FSDP"),
    ),
    Feature(
        "Selective activation recomputation",
        "选择性重计算",
        "enable_selective_recompute",
        ("model", "trainer"),
        ("FSDP", "TP / PP"),
    ),
    Feature(
        "Expert parallel MoE layer",
        "专家并行 MoE 层",
        "enable_expert_parallel",
        ("model", "distributed"),
        ("TP / PP", "optimizer"),
    ),
    Feature(
        "Gradient accumulation fusion",
        "梯度累积融合",
        "enable_grad_accum_fusion",
        ("optimizer", "trainer"),
        ("optimizer", "FSDP"),
    ),
    Feature(
        "Checkpoint resharding on load",
        "加载时 checkpoint 重切分",
        "enable_reshard_on_load",
        ("checkpoint", "distributed"),
        ("checkpoint", "TP / PP"),
    ),
    Feature(
        "Pipeline interleaved schedule",
        "流水线交错调度",
        "enable_interleaved_pipeline",
        ("distributed", "trainer"),
        ("TP / PP", "optimizer"),
    ),
    Feature(
        "Mixed precision master weights",
        "混合精度主权重",
        "enable_master_weights",
        ("optimizer", "model"),
        ("optimizer", "FSDP"),
    ),
    Feature(
        "Communication overlap for FSDP",
        "FSDP 通信掩盖",
        "enable_comm_overlap",
        ("distributed",),
        ("FSDP", "TP / PP"),
    ),
    Feature(
        "Elastic training restart",
        "弹性训练重启",
        "enable_elastic_restart",
        ("trainer", "checkpoint"),
        ("checkpoint", "FSDP"),
    ),
    Feature(
        "Context parallel long sequence",
        "上下文并行长序列",
        "enable_context_parallel",
        ("distributed", "model"),
        ("TP / PP", "FSDP"),
    ),
)

STATUS_POOL = (
    "draft",
    "review",
    "review",
    "accepted",
    "accepted",
    "implemented",
    "implemented",
    "implemented",
    "rejected",
    "withdrawn",
)
TYPES = ("feature", "performance", "enhancement", "user-need")
TYPE_ZH = {
    "feature": "功能补全",
    "performance": "性能优化",
    "enhancement": "能力增强",
    "user-need": "用户需求",
}
STATUS_ZH = {
    "draft": "草稿",
    "review": "评审中",
    "accepted": "已接受",
    "implemented": "已实现",
    "rejected": "已拒绝",
    "withdrawn": "已撤回",
    "superseded": "已取代",
}
AUTHORS = (
    "Zhang San <zhangsan@example.com>",
    "Li Si",
    "Wang Wu <wangwu@example.com>",
    "Zhao Liu",
    "Chen Qi <chenqi@example.com>",
    "Sun Ba",
)


@dataclass
class Rfc:
    num: int
    lang: str  # "zh" | "en"
    fmt: str  # "rst" | "md"
    feature: Feature
    title: str
    status: str
    type: str
    authors: list[str]
    modules: list[str]
    issues: list[str]
    created: str
    updated: str | None
    backends: list[str]
    supersedes: list[int] = field(default_factory=list)
    requires: list[int] = field(default_factory=list)
    weak_deps: list[int] = field(default_factory=list)
    superseded_by: list[int] = field(default_factory=list)
    required_by: list[int] = field(default_factory=list)
    func: str = ""

    @property
    def id(self) -> str:
        return rfc_id(self.num)

    @property
    def docname(self) -> str:
        return f"rfcs/{doc_stem(self.num)}"

    @property
    def zh(self) -> bool:
        return self.lang == "zh"


def rfc_id(num: int) -> str:
    return f"RFC-{num:04d}"


def doc_stem(num: int) -> str:
    return f"rfc-{num:04d}"


def plan(n: int) -> list[Rfc]:
    """The N RFCs' metadata, consistent: no cycles, no requirement on a
    rejected / withdrawn RFC, implemented RFCs require implemented ones,
    every superseded RFC is superseded by exactly one later RFC."""
    rfcs: list[Rfc] = []
    superseded: dict[int, int] = {}
    for num in range(1, n + 1):
        if num % 25 == 0 and num > 10:
            superseded[num - 7] = num
    for num in range(1, n + 1):
        rng = random.Random(num * 7919)
        feature = FEATURES[(num - 1) % len(FEATURES)]
        lang = "zh" if num % 2 == 0 else "en"
        fmt = "rst" if num % 4 in (0, 1) else "md"
        stage = (num - 1) // len(FEATURES) + 1
        base = feature.zh if lang == "zh" else feature.en
        title = f"{base}（第 {stage} 期）" if lang == "zh" else f"{base} (stage {stage})"
        status = "superseded" if num in superseded else rng.choice(STATUS_POOL)
        if num == edited_rfc(n) and status != "superseded":
            status = "review"  # the status edit toggles review <-> accepted: both stay valid
        modules = list(feature.modules)
        month = 1 + num % 12
        day = 1 + num % 28
        rfcs.append(
            Rfc(
                num=num,
                lang=lang,
                fmt=fmt,
                feature=feature,
                title=title,
                status=status,
                type=TYPES[num % len(TYPES)],
                authors=rng.sample(AUTHORS, 1 + num % 2),
                modules=modules,
                issues=[f"#{200 + num}", f"!{500 + num}"],
                created=f"2026-{month:02d}-{day:02d}",
                updated=f"2026-{month:02d}-{min(day + 1, 28):02d}" if num % 3 == 0 else None,
                backends=["PT", "MS"] if num % 3 else ["PT"],
                func=f"{feature.func}_v{stage}",
            )
        )
    by_num = {r.num: r for r in rfcs}
    for later, r in ((v, by_num[v]) for v in superseded.values()):
        r.supersedes.append(later - 7)
        by_num[later - 7].superseded_by.append(later)
    requirable = {"draft", "review", "accepted", "implemented"}
    for r in rfcs:
        rng = random.Random(r.num * 104729)
        if r.num <= 3:
            continue
        candidates = [
            c
            for c in range(max(1, r.num - 40), r.num)
            if by_num[c].status in requirable and c not in superseded
        ]
        if r.status == "implemented":
            candidates = [c for c in candidates if by_num[c].status == "implemented"]
        if not candidates:
            continue
        k = min(len(candidates), 1 + r.num % 3)
        picked = sorted(rng.sample(candidates, k))
        r.requires = picked[: max(1, k - 1)]
        r.weak_deps = picked[max(1, k - 1) :]
        for c in r.requires:
            by_num[c].required_by.append(r.num)
    return rfcs


# --------------------------------------------------------------------------
# writing rST and MyST


def width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, size: int) -> str:
    return text + " " * (size - width(text))


class Writer:
    """Builds a document in one of the two formats."""

    def __init__(self, fmt: str, seed: int) -> None:
        self.fmt = fmt
        self.parts: list[str] = []
        self.table_no = seed

    # inline ------------------------------------------------------------
    def code(self, text: str) -> str:
        return f"``{text}``" if self.fmt == "rst" else f"`{text}`"

    def role(self, name: str, target: str) -> str:
        return f":{name}:`{target}`" if self.fmt == "rst" else f"{{{name}}}`{target}`"

    def doc_link(self, num: int, from_rfcs: bool = True) -> str:
        target = doc_stem(num) if from_rfcs else f"/rfcs/{doc_stem(num)}"
        return self.role("doc", f"{rfc_id(num)} <{target}>")

    def strong(self, text: str) -> str:
        return f"**{text}**"

    # blocks ------------------------------------------------------------
    def add(self, text: str) -> None:
        self.parts.append(text.rstrip("\n") + "\n")

    def heading(self, text: str, level: int) -> None:
        if self.fmt == "md":
            self.add("#" * level + " " + text)
        else:
            char = "=#*-^~"[level - 1]
            line = char * width(text)
            self.add(f"{line}\n{text}\n{line}" if level == 1 else f"{text}\n{line}")

    def para(self, text: str) -> None:
        self.add(text)

    def items(self, entries: Sequence[str], numbered: bool = True) -> None:
        self.add("\n".join(f"{i}. {e}" if numbered else f"- {e}" for i, e in enumerate(entries, 1)))

    def code_block(self, lang: str, text: str) -> None:
        text = text.strip("\n")
        if self.fmt == "md":
            self.add(f"```{lang}\n{text}\n```")
        else:
            self.add(f".. code-block:: {lang}\n\n" + textwrap.indent(text, "   "))

    def mermaid(self, text: str) -> None:
        text = text.strip("\n")
        if self.fmt == "md":
            self.add(f"```{{mermaid}}\n{text}\n```")
        else:
            self.add(".. mermaid::\n\n" + textwrap.indent(text, "   "))

    def table(self, header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        self.table_no += 1
        if self.fmt == "md":
            lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
            lines += ["| " + " | ".join(row) + " |" for row in rows]
            self.add("\n".join(lines))
            return
        style = self.table_no % 3
        if style == 0:
            out = [".. list-table::", "   :header-rows: 1", ""]
            for row in (header, *rows):
                out.append("   * - " + (row[0] or ""))
                out += [f"     - {cell}" if cell else "     -" for cell in row[1:]]
            self.add("\n".join(out))
            return
        sizes = [max(width(str(r[i])) for r in (header, *rows)) + 1 for i in range(len(header))]
        sizes = [max(s, 3) for s in sizes]
        if style == 1:  # simple table
            border = " ".join("=" * s for s in sizes)
            out = [
                border,
                " ".join(pad(c, s) for c, s in zip(header, sizes, strict=True)).rstrip(),
                border,
            ]
            out += [
                " ".join(pad(c, s) for c, s in zip(r, sizes, strict=True)).rstrip() for r in rows
            ]
            out.append(border)
            self.add("\n".join(out))
            return
        line = "+" + "+".join("-" * (s + 2) for s in sizes) + "+"
        head = "+" + "+".join("=" * (s + 2) for s in sizes) + "+"

        def row_text(r: Sequence[str]) -> str:
            return "|" + "|".join(f" {pad(c, s)} " for c, s in zip(r, sizes, strict=True)) + "|"

        out = [line, row_text(header), head]
        for r in rows:
            out += [row_text(r), line]
        self.add("\n".join(out))

    def directive(
        self,
        name: str,
        argument: str,
        options: dict[str, str],
        body: Callable[[Writer], None] | None,
    ) -> None:
        inner = Writer(self.fmt, self.table_no)
        if body is not None:
            body(inner)
        self.table_no = inner.table_no
        content = "\n".join(inner.parts).rstrip("\n")
        opts = "\n".join(f":{k}: {self._option(v)}".rstrip() for k, v in options.items())
        if self.fmt == "md":
            ticks = "`" * max(3, _longest_fence(content) + 1)
            head = f"{ticks}{{{name}}}" + (f" {argument}" if argument else "")
            pieces = [head]
            if opts:
                pieces.append(opts)
            if content:
                if opts:
                    pieces.append("")
                pieces.append(content)
            pieces.append(ticks)
            self.add("\n".join(pieces))
        else:
            head = f".. {name}::" + (f" {argument}" if argument else "")
            pieces = [head]
            if opts:
                pieces.append(textwrap.indent(opts, "   "))
            if content:
                pieces.append("")
                pieces.append(textwrap.indent(content, "   ", lambda line: bool(line.strip())))
            self.add("\n".join(pieces))

    def _option(self, value: str) -> str:
        """MyST reads option values as YAML: quote those YAML would misread."""
        if (
            self.fmt == "md"
            and value
            and (value[0] in "#!&*[{>|%@`'\"" or ": " in value or " #" in value)
        ):
            return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
        return value

    def text(self) -> str:
        return "\n".join(self.parts)


def _longest_fence(text: str) -> int:
    longest = 0
    for line in text.splitlines():
        stripped = line.lstrip()
        run = len(stripped) - len(stripped.lstrip("`"))
        longest = max(longest, run)
    return longest


# --------------------------------------------------------------------------
# one RFC


class RfcPage:
    """Writes one RFC for one variant."""

    def __init__(self, rfc: Rfc, variant: str, by_num: dict[int, Rfc]) -> None:
        self.r = rfc
        self.variant = family(variant)
        self.in_container = variant == "needs-wrapped"
        self.by_num = by_num
        self.w = Writer(rfc.fmt, rfc.num)

    def t(self, zh: str, en: str) -> str:
        return zh if self.r.zh else en

    def wrapped(
        self, name: str, argument: str, options: dict[str, str], body: Callable[[Writer], None]
    ) -> None:
        """Writes *body* inside directive *name* in the rfc variant, inside
        a ``container`` directive in ``needs-wrapped``, bare otherwise."""
        if self.variant == "rfc":
            self.w.directive(name, argument, options, body)
        elif self.in_container:
            self.w.directive("container", "", {}, body)
        else:
            body(self.w)

    def link(self, num: int) -> str:
        """A link to another RFC in running text, as each variant writes it."""
        if self.variant == "rfc":
            return self.w.role("rfc:ref", rfc_id(num))
        if self.variant == "needs":
            return self.w.role("need", rfc_id(num))
        return self.w.doc_link(num)

    def build(self) -> str:
        r, w, t = self.r, self.w, self.t
        w.heading(f"{r.id}: {r.title}", 1)
        self.basic_info()
        self.background()
        self.goals()
        self.references()
        self.interface()
        self.design()
        self.dependencies()
        self.constraints()
        self.verification()
        w.para(t("（完）", "(End of RFC.)"))
        return w.text()

    # section 1 ----------------------------------------------------------
    def basic_info(self) -> None:
        r, w, t = self.r, self.w, self.t
        w.heading(t("1. 基本信息", "1. Basic information"), 2)
        summary = t(
            f"本 RFC 为 {', '.join(r.modules)} 模块引入{r.feature.zh}能力，"
            f"面向 PT 与 MS 两种后端的大规模训练场景。",
            f"This RFC brings {r.feature.en.lower()} to the {', '.join(r.modules)} "
            f"module(s), for large-scale training on the PT and MS backends.",
        )
        if self.variant == "rfc":
            options = {
                "title": r.title,
                "status": r.status,
                "type": r.type,
                "authors": ", ".join(r.authors),
                "modules": ", ".join(r.modules),
                "issues": ", ".join(r.issues),
                "created": r.created,
            }
            if r.updated:
                options["updated"] = r.updated
            if r.supersedes:
                options["supersedes"] = ", ".join(rfc_id(n) for n in r.supersedes)
            if r.requires:
                options["requires"] = ", ".join(rfc_id(n) for n in r.requires)
            options["backends"] = ", ".join(r.backends)
            w.directive("rfc", r.id, options, lambda inner: inner.para(summary))
            return
        if self.variant == "needs":
            options = {
                "id": r.id,
                "status": r.status,
                "tags": ", ".join(r.modules),
                "rfc_type": r.type,
                "authors": ", ".join(r.authors),
                "issues": ", ".join(r.issues),
                "created": r.created,
                "backends": ", ".join(r.backends),
            }
            if r.updated:
                options["updated"] = r.updated
            if r.requires:
                options["requires"] = ", ".join(rfc_id(n) for n in r.requires)
            if r.supersedes:
                options["supersedes"] = ", ".join(rfc_id(n) for n in r.supersedes)
            w.directive("req", r.title, options, lambda inner: inner.para(summary))
        links = ", ".join(w.doc_link(n) for n in r.requires) or "—"
        back = ", ".join(w.doc_link(n) for n in r.required_by) or "—"
        rows = [
            [t("编号", "ID"), r.id],
            [t("标题", "Title"), r.title],
            [t("状态", "Status"), STATUS_ZH[r.status] if r.zh else r.status],
            [t("类型", "Type"), TYPE_ZH[r.type] if r.zh else r.type],
            [t("作者", "Authors"), ", ".join(a.split(" <")[0] for a in r.authors)],
            [t("相关模块", "Modules"), ", ".join(w.code(m) for m in r.modules)],
            [t("相关 issue / PR", "Issues"), ", ".join(r.issues)],
            [t("创建时间", "Created"), r.created],
            [t("更新时间", "Updated"), r.updated or "—"],
            [t("取代", "Supersedes"), ", ".join(w.doc_link(n) for n in r.supersedes) or "—"],
            [
                t("被取代", "Superseded by"),
                ", ".join(w.doc_link(n) for n in r.superseded_by) or "—",
            ],
            [t("依赖 RFC", "Requires"), links],
            [t("被依赖", "Required by"), back],
            ["backends", ", ".join(r.backends)],
        ]
        if self.variant == "plain":
            w.table([t("项目", "Field"), t("内容", "Value")], rows)
            w.para(summary)

    # section 2 ----------------------------------------------------------
    def background(self) -> None:
        r, w, t = self.r, self.w, self.t
        w.heading(t("2. 背景", "2. Background"), 2)
        mark = EDIT_MARK if r.num == edited_rfc(len(self.by_num)) else "0"
        w.para(
            t(
                f"当前框架在 {r.feature.components[0]} 场景下缺少{r.feature.zh}能力，"
                f"千卡规模训练时显存和吞吐都受到影响。用户在 issue {r.issues[0]} 中反馈，"
                f"现有方案需要手工修改模型代码，迁移成本高。本文修订标记：{mark}。",
                f"The framework lacks {r.feature.en.lower()} in the "
                f"{r.feature.components[0]} setting, which limits memory and throughput "
                f"at the scale of a thousand devices. Users reported in issue "
                f"{r.issues[0]} that the current workaround needs hand-written model "
                f"changes, which makes migration expensive. Revision mark: {mark}.",
            )
        )
        if r.requires:
            w.para(
                t("本 RFC 基于 ", "This RFC builds on ")
                + ", ".join(self.link(n) for n in r.requires)
                + t(" 的工作。", ".")
            )
        w.table(
            [t("类型", "Type"), t("需要说明的内容", "What to explain")],
            [
                [
                    TYPE_ZH[r.type] if r.zh else r.type,
                    t(
                        "哪个场景慢；当前指标；目标指标",
                        "which scenario is slow; current and target figures",
                    ),
                ]
            ],
        )
        w.para(
            t(
                f"本 RFC 要解决的问题：在 {r.modules[0]} 模块中提供统一的 {r.func} 接口。",
                f"The problem this RFC solves: a single {r.func} entry point in the "
                f"{r.modules[0]} module.",
            )
        )
        w.para(
            t(
                "完成后的成功标准：在 64 卡 Llama-70B 训练中吞吐提升 15%，显存下降 20%。",
                "Success criteria: 15% more throughput and 20% less memory when training "
                "Llama-70B on 64 devices.",
            )
        )

    # section 3 ----------------------------------------------------------
    def goals(self) -> None:
        w, t, r = self.w, self.t, self.r
        w.heading(t("3. 目标和非目标", "3. Goals and non-goals"), 2)
        w.heading(t("3.1 目标", "3.1 Goals"), 3)
        w.items(
            [
                t(
                    f"支持 {r.func}，PT 与 MS 行为一致。",
                    f"Support {r.func} with the same behaviour on PT and MS.",
                ),
                t(
                    "在 64 卡场景下达到 15% 的吞吐提升和 20% 的显存下降。",
                    "Reach 15% more throughput and 20% less memory on 64 devices.",
                ),
            ]
        )
        w.heading(t("3.2 非目标", "3.2 Non-goals"), 3)
        w.items(
            [
                t(
                    "本期不支持 CPU 训练，原因是没有相应的用户需求。",
                    "No CPU training this round: no user asks for it.",
                ),
                t(
                    "本期不优化推理场景，原因是推理由独立的组件负责。",
                    "Inference is not optimised: a separate component owns it.",
                ),
            ]
        )

    # section 4 ----------------------------------------------------------
    def references(self) -> None:
        w, t, r = self.w, self.t, self.r
        w.heading(t("4. 相关实现参考", "4. Related work"), 2)

        def body(b: Writer) -> None:
            b.table(
                [
                    t("来源", "Source"),
                    t("做法", "Approach"),
                    t("限制", "Limitations"),
                    t("对本 RFC 的影响", "Impact on this RFC"),
                ],
                [
                    [
                        "PyTorch FSDP2",
                        t(
                            "按参数分片并在前向前聚合",
                            "shards parameters and gathers them before forward",
                        ),
                        t("仅支持 PT", "PT only"),
                        t("接口形式参考其 API", "the interface follows its API"),
                    ],
                    [
                        "DeepSpeed ZeRO",
                        t("优化器状态分片与卸载", "shards and offloads optimizer state"),
                        t("配置项繁多", "many options"),
                        t("借鉴卸载策略", "we borrow the offload policy"),
                    ],
                    [
                        "Megatron-LM",
                        t(f"{r.feature.zh}的手写实现", f"a hand-written {r.feature.en.lower()}"),
                        t("与模型代码耦合", "tied to model code"),
                        t("作为性能基线", "used as the performance baseline"),
                    ],
                ],
            )

        self.wrapped("rfc-references", "", {}, body)

    # section 5 ----------------------------------------------------------
    def interface(self) -> None:
        w, t, r = self.w, self.t, self.r
        w.heading(t("5. 对外接口", "5. External interface"), 2)
        w.heading(t("5.1 接口定义", "5.1 Interface definition"), 3)
        code = (
            f"model = {r.func}(\n"
            "    model,\n"
            "    enabled=True,\n"
            '    mode="auto",\n'
            "    bucket_size_mb=25,\n"
            ")\n"
        )
        c = w.code
        rows = [
            [
                c("enabled"),
                c("bool"),
                c("False"),
                t("否", "no"),
                t("是否打开特性", "turns the feature on"),
                "True / False",
                t("类型错误时抛出 TypeError", "TypeError on a wrong type"),
            ],
            [
                c("mode"),
                c("str"),
                c('"auto"'),
                t("否", "no"),
                t("运行模式", "running mode"),
                "auto, manual",
                t("非法值抛出 ValueError", "ValueError on an unknown mode"),
            ],
            [
                c("bucket_size_mb"),
                c("int"),
                c("25"),
                t("否", "no"),
                t("通信桶大小", "communication bucket size"),
                "1 - 1024",
                t("越界时截断并告警", "clamped, with a warning"),
            ],
            [
                c("model"),
                c("nn.Module"),
                "",
                t("是", "yes"),
                t("待包装的模型", "the model to wrap"),
                t("任意模型", "any model"),
                t("None 时抛出 ValueError", "ValueError on None"),
            ],
        ]

        def body(b: Writer) -> None:
            b.code_block("python", code)
            b.table(
                [
                    t("入参 / 配置项", "Parameter"),
                    t("类型", "Type"),
                    t("默认值", "Default"),
                    t("是否必填", "Required"),
                    t("含义", "Meaning"),
                    t("合法范围", "Valid range"),
                    t("错误处理", "Error handling"),
                ],
                rows,
            )

        self.wrapped("rfc-interface", r.func, {}, body)
        w.heading(t("5.2 使用示例", "5.2 Usage example"), 3)
        w.code_block(
            "python",
            (
                f"config.{r.func.removeprefix('enable_')}.enabled = True\n\n"
                "trainer = Trainer(config)\n"
                "trainer.fit(model, dataloader)\n"
            ),
        )
        w.heading(t("5.3 接口说明", "5.3 Interface notes"), 3)
        w.para(
            t(
                "为什么这样设计：与已有的 enable_* 系列接口保持同一形式，便于组合。"
                "和已有接口一致。",
                "Why this design: it has the same shape as the existing enable_* "
                "functions, so they compose. It is consistent with the existing interfaces.",
            )
        )

    # section 6 ----------------------------------------------------------
    def design(self) -> None:
        w, t, r = self.w, self.t, self.r
        w.heading(t("6. 方案设计", "6. Design"), 2)
        w.heading(t("6.1 总体流程", "6.1 Overall flow"), 3)
        w.mermaid(
            t(
                """
flowchart TD
    A["读取用户配置"] --> B["校验参数合法性"]
    B --> C{"是否开启本特性"}
    C -- "否" --> D["保持现有训练流程"]
    C -- "是" --> E["准备分布式上下文"]
    E --> F["改写 / 包装模型"]
    F --> G["构建 optimizer / scheduler"]
    G --> H["执行训练 step"]
    H --> I["checkpoint save / load"]
""",
                """
flowchart TD
    A["Read user config"] --> B["Validate parameters"]
    B --> C{"Feature enabled?"}
    C -- "no" --> D["Keep the current loop"]
    C -- "yes" --> E["Prepare distributed context"]
    E --> F["Wrap the model"]
    F --> G["Build optimizer / scheduler"]
    G --> H["Run a training step"]
    H --> I["checkpoint save / load"]
""",
            )
        )
        w.heading(t("6.2 架构参考", "6.2 Architecture"), 3)
        w.mermaid("""
flowchart LR
    subgraph Framework["Hyper Parallel Framework"]
        Trainer["Trainer"]
        Feature["Feature Runtime"]
        Dist["Distributed Context"]
        Wrapper["Model Wrapper"]
        Optim["Optimizer Adapter"]
        Ckpt["Checkpoint Adapter"]
    end
    Trainer --> Feature
    Feature --> Dist
    Feature --> Wrapper
    Trainer --> Optim
    Trainer --> Ckpt
""")
        w.heading(t("6.3 时序参考", "6.3 Sequence"), 3)
        w.mermaid("""
sequenceDiagram
    participant T as Trainer
    participant R as Feature Runtime
    participant D as Distributed
    participant M as Wrapped Model
    T->>R: prepare(config, model)
    R->>D: init process group / mesh
    T->>M: forward(batch)
    M->>D: collective communication
    T->>M: backward(loss)
""")
        w.heading(t("6.4 关键逻辑", "6.4 Key logic"), 3)
        w.code_block(
            "python",
            f"""
def {r.func}(model, config):
    validate_config(config)
    model = prepare_model(model, config)
    runtime = prepare_runtime(config)
    return WrappedModel(model, runtime)
""",
        )
        w.heading(t("6.5 代码改动点", "6.5 Code changes"), 3)
        yes, no, na = t("是", "yes"), t("否", "no"), t("不涉及", "n/a")
        changes = [
            [
                w.code(m),
                t(f"新增 {r.func} 的 {m} 侧实现", f"add the {m} side of {r.func}"),
                yes if i == 0 else (no if i % 2 else na),
            ]
            for i, m in enumerate(r.modules)
        ]
        changes.append(
            [
                w.code("trainer") if "trainer" not in r.modules else w.code("model"),
                t("读取新配置项", "read the new config item"),
                no,
            ]
        )

        def change_body(b: Writer) -> None:
            b.table(
                [
                    t("模块", "Module"),
                    t("改动内容", "Change"),
                    t("是否影响已有行为", "Affects existing behavior"),
                ],
                changes,
            )

        self.wrapped("rfc-changes", "", {}, change_body)
        w.heading(t("6.6 方案取舍", "6.6 Trade-offs"), 3)

        def alt_body(b: Writer) -> None:
            b.table(
                [
                    t("方案", "Option"),
                    t("优点", "Pros"),
                    t("缺点", "Cons"),
                    t("是否选择", "Chosen"),
                    t("原因", "Reason"),
                ],
                [
                    [
                        t("A：框架内实现", "A: in the framework"),
                        t("对用户透明", "transparent to users"),
                        t("实现复杂", "harder to build"),
                        yes,
                        t("与现有接口一致", "consistent with existing interfaces"),
                    ],
                    [
                        t("B：模型侧手写", "B: in model code"),
                        t("实现简单", "simple"),
                        t("每个模型都要改", "every model must change"),
                        no,
                        "",
                    ],
                ],
            )

        self.wrapped("rfc-alternatives", "", {}, alt_body)

    # section 7 ----------------------------------------------------------
    def dependencies(self) -> None:
        w, t, r = self.w, self.t, self.r
        w.heading(t("7. 组件依赖", "7. Component dependencies"), 2)
        strong, weak, none = t("强", "strong"), t("弱", "weak"), t("不涉及", "none")
        rows = [
            [r.feature.components[0], strong, t("已就绪", "ready"), t("不涉及", "n/a")],
            [
                r.feature.components[1],
                weak,
                t("开发中", "in progress"),
                t("退化为单机模式", "falls back to single-node mode"),
            ],
            [
                "optimizer" if "optimizer" not in r.feature.components else "checkpoint",
                none,
                t("已就绪", "ready"),
                "",
            ],
        ]
        for num, kind in [*((n, strong) for n in r.requires), *((n, weak) for n in r.weak_deps)]:
            cell = rfc_id(num)
            if self.variant == "plain":
                cell = w.doc_link(num)
            elif self.variant == "needs":
                cell = w.role("need", rfc_id(num))
            # rfc-dependency links the RFC and shows its status itself
            status = (
                ""
                if self.variant == "rfc"
                else (STATUS_ZH if r.zh else {s: s for s in STATUS_ZH})[self.by_num[num].status]
            )
            rows.append([cell, kind, status, t("等待依赖合入", "waits for it")])

        def body(b: Writer) -> None:
            b.table(
                [
                    t("依赖组件", "Component"),
                    t("强依赖 / 弱依赖", "Strength"),
                    t("当前状态", "Status"),
                    t("未 ready 时本期能力", "If not ready"),
                ],
                rows,
            )
            b.para(
                t(
                    "完整能力需要：FSDP 与 TP / PP 全部就绪。",
                    "Full capability needs: FSDP and TP / PP both ready.",
                )
            )
            b.para(
                t(
                    "本期最小可交付能力：单机多卡场景可用。",
                    "Minimum deliverable this round: works on one multi-device node.",
                )
            )

        self.wrapped("rfc-dependency", "", {}, body)

    # section 8 ----------------------------------------------------------
    def constraints(self) -> None:
        w, t = self.w, self.t

        def body(b: Writer) -> None:
            b.table(
                [t("类型", "Type"), t("内容", "Content")],
                [
                    [t("不支持项", "Unsupported"), t("CPU 训练；推理", "CPU training; inference")],
                    [
                        t("性能收益", "Performance gain"),
                        t(
                            "64 卡 Llama-70B，吞吐，+15%",
                            "Llama-70B on 64 devices, throughput, +15%",
                        ),
                    ],
                    [
                        t("显存收益", "Memory gain"),
                        t(
                            "64 卡 Llama-70B，峰值显存，-20%",
                            "Llama-70B on 64 devices, peak memory, -20%",
                        ),
                    ],
                    [
                        t("性能劣化", "Regression"),
                        t(
                            "小模型单卡，调度开销，可接受",
                            "small models on one device, scheduling cost, acceptable",
                        ),
                    ],
                    [
                        t("PT / MS 差异", "PT / MS differences"),
                        t("MS 暂不支持动态 shape", "MS has no dynamic shapes yet"),
                    ],
                    [
                        t("和已有行为不一致", "Behaviour changes"),
                        t("无，默认关闭", "none, off by default"),
                    ],
                ],
            )

        w.heading(t("8. 约束与兼容性", "8. Constraints and compatibility"), 2)
        self.wrapped("rfc-constraints", "", {}, body)

    # section 9 ----------------------------------------------------------
    def verification(self) -> None:
        w, t, r = self.w, self.t, self.r
        w.heading(t("9. 验证设计", "9. Verification design"), 2)
        yes, no = t("是", "yes"), t("否", "no")

        def levels(b: Writer) -> None:
            b.table(
                [
                    t("用例级别", "Level"),
                    t("数量", "Count"),
                    t("覆盖内容", "Coverage"),
                    t("通过标准", "Pass criteria"),
                ],
                [
                    [
                        "UT",
                        str(10 + r.num % 7),
                        t("接口、参数校验、核心函数", "interface, validation, core functions"),
                        t("全部通过", "all pass"),
                    ],
                    [
                        "Level0",
                        str(2 + r.num % 3),
                        t("最小训练闭环", "the smallest training loop"),
                        t("loss 下降", "loss goes down"),
                    ],
                    [
                        "Level1",
                        str(1 + r.num % 4),
                        t(
                            "分布式、多组件组合、性能 / 显存",
                            "distributed, combinations, speed / memory",
                        ),
                        t("达到第 3 节目标", "meets the goals of section 3"),
                    ],
                ],
            )

        def interactions(b: Writer) -> None:
            b.table(
                [
                    t("组合", "Combination"),
                    t("是否验证", "Verified"),
                    t("通过标准", "Pass criteria"),
                ],
                [
                    [
                        t("本特性 + FSDP / TP / PP", "this feature + FSDP / TP / PP"),
                        yes,
                        t(
                            "和单卡 loss 对齐，误差 <= 1e-3",
                            "loss matches single device within 1e-3",
                        ),
                    ],
                    [
                        t("本特性 + checkpoint", "this feature + checkpoint"),
                        yes,
                        t("save / load 后可继续训练", "training resumes after save / load"),
                    ],
                    [t("PT / MS 对齐", "PT / MS alignment"), no, ""],
                ],
            )

        w.heading(t("9.1 用例分层", "9.1 Test levels"), 3)
        self.wrapped("rfc-verification", "", {}, levels)
        w.heading(t("9.2 交互验证", "9.2 Interactions"), 3)
        self.wrapped("rfc-verification", "", {}, interactions)


# --------------------------------------------------------------------------
# the table-dense RFCs


class DensePage:
    """One RFC of the table-dense projects: Chinese MyST, nine sections that
    are almost all tables (the seven table directives' tables, a type table,
    a goals table), one short paragraph in two sections (background, goals),
    no diagram, no code block.

    ``dense``: the ``rfc`` directive and the seven table directives.
    ``dense-plain``: the same text as ordinary Markdown tables, the basic
    information as a table with ``{doc}`` links (written out).
    ``dense-native``: the same text as a template-native RFC (plain tables,
    no directive; ``rfc_documents`` matches it).
    """

    def __init__(self, rfc: Rfc, variant: str, by_num: dict[int, Rfc]) -> None:
        self.r = rfc
        self.variant = variant
        self.by_num = by_num
        self.w = Writer("md", rfc.num)

    def wrapped(self, name: str, argument: str, body: Callable[[Writer], None]) -> None:
        if self.variant == "dense":
            self.w.directive(name, argument, {}, body)
        else:
            body(self.w)

    def build(self) -> str:
        r, w = self.r, self.w
        w.heading(f"{r.id}：{r.title}", 1)
        self.basic_info()
        w.heading("2. 背景", 2)
        w.table(
            ["类型", "需要说明的内容"],
            [[TYPE_ZH[r.type], "哪个场景慢；当前指标（吞吐 1.2k tokens/s）；目标指标（+15%）"]],
        )
        mark = EDIT_MARK if r.num == edited_rfc(len(self.by_num)) else "0"
        w.para(
            f"千卡训练时 {r.feature.components[0]} 场景缺少{r.feature.zh}能力，"
            f"用户在 issue {r.issues[0]} 中反馈需要手工改模型代码。修订标记：{mark}。"
        )
        w.heading("3. 目标和非目标", 2)
        w.table(
            ["目标 / 非目标", "内容", "原因 / 指标"],
            [
                ["目标", f"支持 {r.func}，PT 与 MS 行为一致", "64 卡吞吐 +15%，显存 -20%"],
                ["目标", "默认关闭，对已有训练无影响", "兼容已有配置"],
                ["非目标", "本期不支持 CPU 训练", "没有相应的用户需求"],
                ["非目标", "本期不优化推理场景", "推理由独立组件负责"],
            ],
        )
        w.para(f"成功标准：64 卡 Llama-70B 训练吞吐提升 15%（{r.modules[0]} 模块）。")
        w.heading("4. 相关实现参考", 2)
        self.wrapped("rfc-references", "", self.references)
        w.heading("5. 对外接口", 2)
        self.wrapped("rfc-interface", r.func, self.interface)
        w.heading("6. 方案设计", 2)
        w.heading("6.5 代码改动点", 3)
        self.wrapped("rfc-changes", "", self.changes)
        w.heading("6.6 方案取舍", 3)
        self.wrapped("rfc-alternatives", "", self.alternatives)
        w.heading("7. 组件依赖", 2)
        self.wrapped("rfc-dependency", "", self.dependencies)
        w.heading("8. 约束与兼容性", 2)
        self.wrapped("rfc-constraints", "", self.constraints)
        w.heading("9. 验证设计", 2)
        self.wrapped("rfc-verification", "", self.verification)
        return w.text()

    def basic_info(self) -> None:
        r, w = self.r, self.w
        w.heading("1. 基本信息", 2)
        if self.variant == "dense":
            options = {
                "title": r.title,
                "status": r.status,
                "type": r.type,
                "authors": ", ".join(r.authors),
                "modules": ", ".join(r.modules),
                "issues": ", ".join(r.issues),
                "created": r.created,
            }
            if r.updated:
                options["updated"] = r.updated
            if r.supersedes:
                options["supersedes"] = ", ".join(rfc_id(n) for n in r.supersedes)
            if r.requires:
                options["requires"] = ", ".join(rfc_id(n) for n in r.requires)
            options["backends"] = ", ".join(r.backends)
            w.directive("rfc", r.id, options, None)
            return
        native = self.variant == "dense-native"

        def ids(nums: list[int]) -> str:
            if native:
                return ", ".join(rfc_id(n) for n in nums)
            return ", ".join(w.doc_link(n) for n in nums) or "—"

        rows = [
            ["编号", r.id],
            ["标题", r.title],
            ["状态", STATUS_ZH[r.status]],
            ["类型", TYPE_ZH[r.type]],
            ["作者", ", ".join(r.authors if native else (a.split(" <")[0] for a in r.authors))],
            ["相关模块", ", ".join(w.code(m) for m in r.modules)],
            ["相关 issue / PR", ", ".join(r.issues)],
            ["创建时间", r.created],
            ["更新时间", r.updated or ("" if native else "—")],
            ["取代", ids(r.supersedes)],
            ["依赖 RFC", ids(r.requires)],
            ["backends", ", ".join(r.backends)],
        ]
        if native:  # "superseded by" and "required by" are computed by sphinx_rfc
            rows = [row for row in rows if row[1]]
        else:
            rows[10:10] = [["被取代", ids(r.superseded_by)]]
            rows[12:12] = [["被依赖", ids(r.required_by)]]
        w.table(["项目", "内容"], rows)

    def references(self, b: Writer) -> None:
        r = self.r
        b.table(
            ["来源", "做法", "限制", "对本 RFC 的影响"],
            [
                ["PyTorch FSDP2", "按参数分片并在前向前聚合", "仅支持 PT", "接口形式参考其 API"],
                ["DeepSpeed ZeRO", "优化器状态分片与卸载", "配置项繁多", "借鉴卸载策略"],
                ["Megatron-LM", f"{r.feature.zh}的手写实现", "与模型代码耦合", "作为性能基线"],
            ],
        )

    def interface(self, b: Writer) -> None:
        c = b.code
        b.table(
            ["入参 / 配置项", "类型", "默认值", "是否必填", "含义", "合法范围", "错误处理"],
            [
                [
                    c("model"),
                    c("nn.Module"),
                    "",
                    "是",
                    "待包装的模型",
                    "任意模型",
                    "None 时抛出 ValueError",
                ],
                [
                    c("enabled"),
                    c("bool"),
                    c("False"),
                    "否",
                    "是否打开特性",
                    "True / False",
                    "类型错误时抛出 TypeError",
                ],
                [
                    c("mode"),
                    c("str"),
                    c('"auto"'),
                    "否",
                    "运行模式",
                    "auto, manual",
                    "非法值抛出 ValueError",
                ],
                [
                    c("bucket_size_mb"),
                    c("int"),
                    c("25"),
                    "否",
                    "通信桶大小（MB）",
                    "1 - 1024",
                    "越界时截断并告警",
                ],
                [
                    c("offload_ratio"),
                    c("float"),
                    c("1.0"),
                    "否",
                    "卸载比例",
                    "0.0 - 1.0",
                    "越界时抛出 ValueError",
                ],
            ],
        )

    def changes(self, b: Writer) -> None:
        r = self.r
        rows = [
            [b.code(m), f"新增 {r.func} 的 {m} 侧实现", "是" if i == 0 else "否"]
            for i, m in enumerate(r.modules)
        ]
        other = [m for m in MODULES if m not in r.modules]
        rows += [[b.code(m), "读取新配置项", "否"] for m in other[:2]]
        b.table(["模块", "改动内容", "是否影响已有行为"], rows)

    def alternatives(self, b: Writer) -> None:
        b.table(
            ["方案", "优点", "缺点", "是否选择", "原因"],
            [
                ["A：框架内实现", "对用户透明", "实现复杂", "是", "与现有接口一致"],
                ["B：模型侧手写", "实现简单", "每个模型都要改", "否", "迁移成本高"],
                ["C：外部插件", "不改框架", "版本难对齐", "否", "维护成本高"],
            ],
        )

    def dependencies(self, b: Writer) -> None:
        r = self.r
        rows = [
            [r.feature.components[0], "强", "已就绪", "不涉及"],
            [r.feature.components[1], "弱", "开发中", "退化为单机模式"],
            [
                "checkpoint" if "checkpoint" not in r.feature.components else "optimizer",
                "不涉及",
                "已就绪",
                "",
            ],
        ]
        for num, kind in [*((n, "强") for n in r.requires), *((n, "弱") for n in r.weak_deps)]:
            cell = b.doc_link(num) if self.variant == "dense-plain" else rfc_id(num)
            # (rfc-dependency, native or not, links the RFC and shows its status)
            status = STATUS_ZH[self.by_num[num].status] if self.variant == "dense-plain" else ""
            rows.append([cell, kind, status, "等待依赖合入"])
        b.table(["依赖组件", "强依赖 / 弱依赖", "当前状态", "未 ready 时本期能力"], rows)

    def constraints(self, b: Writer) -> None:
        b.table(
            ["类型", "内容"],
            [
                ["不支持项", "CPU 训练；推理"],
                ["性能收益", "64 卡 Llama-70B，吞吐，+15%"],
                ["显存收益", "64 卡 Llama-70B，峰值显存，-20%"],
                ["性能劣化", "小模型单卡，调度开销 < 2%，可接受"],
                ["PT / MS 差异", "MS 暂不支持动态 shape"],
                ["和已有行为不一致", "无，默认关闭"],
            ],
        )

    def verification(self, b: Writer) -> None:
        r = self.r
        b.table(
            ["用例级别", "数量", "覆盖内容", "通过标准"],
            [
                ["UT", str(10 + r.num % 7), "接口、参数校验、核心函数", "全部通过"],
                ["Level0", str(2 + r.num % 3), "最小训练闭环", "loss 下降"],
                [
                    "Level1",
                    str(1 + r.num % 4),
                    "分布式、多组件组合、性能 / 显存",
                    "达到第 3 节目标",
                ],
            ],
        )
        b.table(
            ["组合", "是否验证", "通过标准"],
            [
                ["本特性 + FSDP / TP / PP", "是", "和单卡 loss 对齐，误差 <= 1e-3"],
                ["本特性 + 重计算", "是", "显存下降且 loss 对齐"],
                ["本特性 + checkpoint", "是", "save / load 后可继续训练"],
                ["PT / MS 对齐", "否", ""],
            ],
        )


def dense_plan(n: int) -> list[Rfc]:
    """:func:`plan`'s RFCs, all of them Chinese and MyST."""
    rfcs = plan(n)
    for r in rfcs:
        stage = (r.num - 1) // len(FEATURES) + 1
        r.lang, r.fmt = "zh", "md"
        r.title = f"{r.feature.zh}（第 {stage} 期）"
    return rfcs


def dense_root(rfcs: list[Rfc], variant: str) -> str:
    w = Writer("md", -1)
    w.heading("Hyper Parallel RFC 索引", 1)
    if variant == "dense-plain":
        w.table(
            ["编号", "标题", "状态", "类型", "相关模块", "作者"],
            [
                [
                    w.doc_link(r.num, False),
                    r.title,
                    STATUS_ZH[r.status],
                    TYPE_ZH[r.type],
                    ", ".join(r.modules),
                    ", ".join(a.split(" <")[0] for a in r.authors),
                ]
                for r in rfcs
            ],
        )
    else:
        w.directive("rfc-index", "", {"columns": "id, title, status, type, modules, authors"}, None)
    w.directive(
        "toctree",
        "",
        {"maxdepth": "1", "caption": "RFC"},
        lambda b: b.add("\n".join(r.docname for r in rfcs)),
    )
    return w.text()


def dense_conf(variant: str) -> str:
    common = textwrap.dedent("""\
        project = "Hyper Parallel RFCs"
        author = "benchmark"
        language = "zh_CN"
        html_theme = "alabaster"
        html_sidebars = {"**": []}
        exclude_patterns = ["_build"]
        source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
        """)
    if variant == "dense-plain":
        return common + 'extensions = ["myst_parser"]\n'
    conf = common + textwrap.dedent(f"""\
        extensions = ["myst_parser", "sphinx_rfc"]
        rfc_modules = {MODULES!r}
        rfc_extra_fields = {{"backends": ["PT", "MS"]}}
        rfc_issue_url = "https://atomgit.com/hyper-parallel/issues/{{}}"
        rfc_pr_url = "https://atomgit.com/hyper-parallel/merge_requests/{{}}"
        """)
    if variant == "dense-native":
        conf += 'rfc_documents = ["rfcs/*"]\n'
    return conf


def generate_dense(variant: str, n: int, dest: Path) -> list[Rfc]:
    rfcs = dense_plan(n)
    by_num = {r.num: r for r in rfcs}
    if dest.exists():
        shutil.rmtree(dest)
    (dest / "rfcs").mkdir(parents=True)
    (dest / "conf.py").write_text(dense_conf(variant), encoding="utf-8")
    (dest / "index.md").write_text(dense_root(rfcs, variant), encoding="utf-8")
    for r in rfcs:
        text = DensePage(r, variant, by_num).build()
        (dest / f"{r.docname}.md").write_text(text, encoding="utf-8")
    return rfcs


# --------------------------------------------------------------------------
# the other pages


def index_page(rfcs: list[Rfc], variant: str) -> str:
    w = Writer("rst", 0)
    w.heading("RFC index", 1)
    w.para("Every RFC of the project.")
    if variant == "rfc":
        w.directive("rfc-index", "", {"columns": "id, title, status, type, modules, authors"}, None)
    elif variant == "needs":
        w.directive(
            "needtable",
            "",
            {
                "types": "req",
                "columns": "id;title;status;rfc_type;tags;authors",
                "style": "table",
                "sort": "id",
            },
            None,
        )
    else:
        rows = [
            [
                w.doc_link(r.num, False),
                r.title,
                r.status,
                r.type,
                ", ".join(r.modules),
                ", ".join(a.split(" <")[0] for a in r.authors),
            ]
            for r in rfcs
        ]
        w.table_no = -1  # list-table
        w.table(["ID", "Title", "Status", "Type", "Modules", "Authors"], rows)
    return w.text()


def module_page(name: str, rfcs: list[Rfc], variant: str) -> str:
    w = Writer("rst", 0)
    w.heading(f"Module {name}", 1)
    if variant == "rfc":
        w.directive("rfc-module", name, {}, None)
        return w.text()
    w.para(MODULES[name])
    if variant == "needs":
        w.directive(
            "needtable",
            "",
            {"types": "req", "tags": name, "columns": "id;title;status", "style": "table"},
            None,
        )
        return w.text()
    rows = [
        [w.doc_link(r.num, False), r.title, r.status, "declared"] for r in rfcs if name in r.modules
    ]
    w.table_no = -1
    w.table(["RFC", "Title", "Status", "Relation"], rows or [["—", "", "", ""]])
    return w.text()


def graph_page(rfcs: list[Rfc], variant: str) -> str:
    w = Writer("rst", 0)
    w.heading("RFC graph", 1)
    if variant == "rfc":
        w.directive("rfc-graph", "", {"direction": "LR"}, None)
        return w.text()
    lines = ["flowchart LR"]
    for r in rfcs:
        lines.append(f'    R{r.num}["{r.id}: {r.title}"]')
    for r in rfcs:
        lines += [f"    R{r.num} --> R{n}" for n in r.requires]
        lines += [f"    R{r.num} -.-> R{n}" for n in r.weak_deps]
        lines += [f"    R{r.num} ==> R{n}" for n in r.supersedes]
    for r in rfcs:
        lines.append(f'    click R{r.num} "rfcs/{doc_stem(r.num)}.html"')
    w.mermaid("\n".join(lines))
    return w.text()


def conf_py(variant: str) -> str:
    common = textwrap.dedent("""\
        project = "Hyper Parallel RFCs"
        author = "benchmark"
        html_theme = "alabaster"
        html_sidebars = {"**": []}
        exclude_patterns = ["_build"]
        source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
        """)
    if variant == "rfc":
        return common + textwrap.dedent(f"""\
            extensions = ["myst_parser", "sphinx_rfc"]
            rfc_modules = {MODULES!r}
            rfc_extra_fields = {{"backends": ["PT", "MS"]}}
            rfc_issue_url = "https://atomgit.com/hyper-parallel/issues/{{}}"
            rfc_pr_url = "https://atomgit.com/hyper-parallel/merge_requests/{{}}"
            """)
    if variant == "plain":
        return common + 'extensions = ["myst_parser", "sphinxcontrib.mermaid"]\n'
    return common + textwrap.dedent("""\
        extensions = ["myst_parser", "sphinxcontrib.mermaid", "sphinx_needs"]
        needs_id_regex = r"^RFC-\\d+$"
        needs_id_required = True
        needs_fields = {
            "rfc_type": {"nullable": True, "description": "RFC type"},
            "authors": {"nullable": True, "description": "authors"},
            "issues": {"nullable": True, "description": "issues and PRs"},
            "created": {"nullable": True, "description": "creation date"},
            "updated": {"nullable": True, "description": "last update"},
            "backends": {"nullable": True, "description": "PT / MS"},
        }
        needs_links = {
            "requires": {"incoming": "required by", "outgoing": "requires"},
            "supersedes": {"incoming": "superseded by", "outgoing": "supersedes"},
        }
        """)


def root_page(n: int, rfcs: Iterable[Rfc]) -> str:
    lines = [
        "Hyper Parallel RFCs",
        "===================",
        "",
        "Design proposals of the Hyper Parallel training framework.",
        "",
        ".. toctree::",
        "   :maxdepth: 1",
        "   :caption: Overview",
        "",
        "   rfc-list",
        "   graph",
        *(f"   modules/{m}" for m in MODULES),
        "",
        ".. toctree::",
        "   :maxdepth: 1",
        "   :caption: RFCs",
        "",
        *(f"   {r.docname}" for r in rfcs),
        "",
    ]
    return "\n".join(lines)


def generate(variant: str, n: int, dest: Path) -> list[Rfc]:
    """Writes the project (replacing *dest*); returns the planned RFCs."""
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {VARIANTS}")
    if variant in DENSE:
        return generate_dense(variant, n, dest)
    rfcs = plan(n)
    by_num = {r.num: r for r in rfcs}
    pages = family(variant)
    if dest.exists():
        shutil.rmtree(dest)
    (dest / "rfcs").mkdir(parents=True)
    (dest / "modules").mkdir()
    (dest / "conf.py").write_text(conf_py(pages), encoding="utf-8")
    (dest / "index.rst").write_text(root_page(n, rfcs), encoding="utf-8")
    (dest / "rfc-list.rst").write_text(index_page(rfcs, pages), encoding="utf-8")
    (dest / "graph.rst").write_text(graph_page(rfcs, pages), encoding="utf-8")
    for name in MODULES:
        (dest / "modules" / f"{name}.rst").write_text(
            module_page(name, rfcs, pages), encoding="utf-8"
        )
    for r in rfcs:
        text = RfcPage(r, variant, by_num).build()
        (dest / f"{r.docname}.{r.fmt}").write_text(text, encoding="utf-8")
    return rfcs


def status_edit(text: str) -> str:
    """The edited RFC's source with its status toggled (``rfc``, ``needs``
    and ``dense``: the only ``:status:`` option of the page; ``dense-native``:
    the status row of its basic-information table)."""
    for review, accepted in (
        (":status: review", ":status: accepted"),
        ("| 状态 | 评审中 |", "| 状态 | 已接受 |"),
    ):
        if review in text:
            return text.replace(review, accepted, 1)
        if accepted in text:
            return text.replace(accepted, review, 1)
    return text


def edit_path(dest: Path, n: int) -> Path:
    num = edited_rfc(n)
    fmt = "rst" if num % 4 in (0, 1) and not (dest / "index.md").exists() else "md"
    return dest / "rfcs" / f"{doc_stem(num)}.{fmt}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant", choices=VARIANTS)
    parser.add_argument("n", type=int)
    parser.add_argument("dest", type=Path)
    args = parser.parse_args()
    generate(args.variant, args.n, args.dest)
    print(f"wrote {args.n} RFCs ({args.variant}) to {args.dest}")


if __name__ == "__main__":
    main()
