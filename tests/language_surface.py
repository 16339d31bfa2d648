"""The projects of tests/build/test_language_surface.py (issue 54, item 4):
a Chinese team's project (``language = "zh_CN"``) and an English team's
(``language = "en"``), each with the usual mistakes, so that every warning
subtype of docs/reference/warnings.md comes out and every command of
docs/reference/cli.md has something to say; and the one test of what a
user may read in a language: :func:`foreign_words`.

Each project is a git repository made here with set commit dates: an RFC
drafted, put in review, accepted, then given a parameter; one accepted
without its owner's approval and never implemented; one in review too
long; one left half from the template; one whose status is a word the
project does not know; a directive RFC with code and test results; a few of the other templates (Rust RFCs, MADR) beside the main
project, each the smallest project that shows its own warnings.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

#: 2025-06-01T00:00:00Z: the day every build of these projects runs on
BUILD_DAY = "1748736000"

# --------------------------------------------------------------------------
# Which words a user may read


#: Spans the author wrote or the user types, quoted by the message:
#: '…', "…", `…`, “…”, ‘…’, 「…」, and (…) after ``:signature-of:``.
QUOTED = re.compile(r"""'[^'\n]*'|"[^"\n]*"|`[^`\n]*`|“[^”\n]*”|‘[^’\n]*’|「[^」\n]*」""")
#: Names: a URL, a path or file name, an ID, a key, package or subtype
#: (``approve-with-conditions``, ``sphinxcontrib-mermaid``), a config or
#: Python name (``rfc_modules``, ``sigpkg.api.changed``), ``rfc.placeholder``,
#: an option (``--format``, ``:signature-of:``), a directive
#: (``rfc-interface``), the command (``sphinx-rfc check``), a commit.
NAMES = re.compile(
    r"""https?://\S+"""
    r"""|(?:[\w.-]+/)+[\w.*-]*|[\w-]+\.(?:md|rst|py|xml|json|sarif|txt|toml|yaml|yml|html|atom|mo|po)\b"""
    r"""|\bsphinx-rfc(?: (?:check|list|new|export|import|status|diff|sync|template)\b)?|\b[A-Z]+-\d+\b|\b[a-z]+(?:-[a-z0-9]+)+\b"""
    r"""|\b\w+(?:_\w+)+\b|\b\w+(?:\.\w+)+\b"""
    r"""|--?[a-z][\w-]*|:[a-z][\w-]*:"""
    r"""|\brfc-[a-z-]+\b"""
    r"""|\b[0-9a-f]{7,40}\b|\bfront matter\b"""
)
#: Words that are names in every language: the product, formats, tools.
#: Kept small on purpose; a word here is one no translation would change.
NAMES_IN_EVERY_LANGUAGE = frozenset({
    "RFC", "RFCs", "ID", "IDs", "JSON", "SARIF", "YAML", "XML", "HTML", "Markdown", "MyST",
    "Sphinx", "JUnit", "Atom", "Mermaid", "PlantUML", "git", "Git", "CDN", "PR", "issue",
    "UT", "Level0", "Level1", "ADR", "ADRs", "MADR", "KEP", "KEPs", "Rust",
})
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
CHINESE_RUN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")


def _unquoted(text: str) -> str:
    return NAMES.sub(" ", QUOTED.sub(" ", text))


def foreign_words(text: str, language: str, author: Iterable[str] = ()) -> list[str]:
    """The words of *text* a user of *language* should not read: in a
    ``zh_CN`` project English words, in an ``en`` project Chinese ones,
    outside what the author wrote or types — quoted spans, names
    (:data:`NAMES`), :data:`NAMES_IN_EVERY_LANGUAGE` and the *author*'s
    own names (the project's modules, test levels)."""
    allowed = NAMES_IN_EVERY_LANGUAGE | set(author)
    rest = _unquoted(text)
    if language == "zh_CN":
        return [w for w in ENGLISH_WORD.findall(rest) if w not in allowed]
    return [w for w in CHINESE_RUN.findall(rest) if w not in allowed]


#: Surfaces that show the author's own text unquoted beside the labels:
#: a page, a diff's cells.
_AUTHOR_TEXT = ("pages", "diff")


@dataclass
class Surface:
    """What one project showed its user, by where: ``(where, text)``."""

    language: str
    author: frozenset[str]
    texts: list[tuple[str, str]] = field(default_factory=list)
    subtypes: set[str] = field(default_factory=set)
    #: Every word of the sources: a page shows the author's text beside
    #: the extension's labels.
    own: frozenset[str] = frozenset()

    def add(self, where: str, text: str) -> None:
        self.texts.extend((where, line) for line in text.splitlines() if line.strip())

    def offenders(self) -> dict[str, list[str]]:
        """where -> each line with foreign words, the words after it."""
        found: dict[str, list[str]] = {}
        for where, line in self.texts:
            words = foreign_words(line, self.language, self.author | (
                self.own if where in _AUTHOR_TEXT else frozenset()))
            if words:
                found.setdefault(where, []).append(f"{line}  <- {', '.join(words)}")
        return found


# --------------------------------------------------------------------------
# Repositories


def git(repo: Path, *args: str, date: str | None = None) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "A", "GIT_AUTHOR_EMAIL": "a@example.com",
        "GIT_COMMITTER_NAME": "A", "GIT_COMMITTER_EMAIL": "a@example.com",
        "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
    }
    if date:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = date
    done = subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True,
                          text=True)
    return done.stdout


def write(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def commit(repo: Path, files: dict[str, str], message: str, date: str) -> None:
    write(repo, files)
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", message, date=date)


# --------------------------------------------------------------------------
# The Chinese team's project


ZH_CONF = """\
import os
import sys

sys.path.insert(0, os.path.abspath("code"))

extensions = ["myst_parser", "sphinx_rfc"]
project = "训练框架设计"
language = "zh_CN"
exclude_patterns = ["_build"]
suppress_warnings = ["toc.not_included", "myst.header"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
rfc_documents = ["rfcs/*"]
rfc_modules = ["checkpoint", "trainer", "loader"]
rfc_module_paths = {"checkpoint": ["src/ckpt/"], "trainer": ["src/trainer/"],
                    "loader": ["src/loader/"]}
rfc_approvers = {"checkpoint": ["李雷"], "trainer": ["韩梅梅"]}
rfc_review_days = 14
rfc_implementation_days = 30
rfc_check_signatures = True
rfc_test_results = ["reports/*.xml"]
html_baseurl = "https://docs.example.com/"
"""

ZH_INDEX = """\
# 训练框架设计文档

```{toctree}
:glob:

rfcs/*
api/*
notes
list
stats
```
"""

ZH_LIST = "# 全部 RFC\n\n```{rfc-index}\n```\n\n## 按状态\n\n```{rfc-index}\n:group-by: status\n```\n"
ZH_STATS = "# 看板\n\n```{rfc-stats}\n```\n"

#: a notes page: a dependency table pasted outside any RFC
ZH_NOTES = """\
# 会议纪要 3 月

讨论了 checkpoint 的依赖，先记在这里：

```{rfc-dependency}
| 组件 | 依赖强度 |
|---|---|
| trainer | 强 |
```
"""

ZH_PARAM = "| `async_save` | `bool` | `False` | 否 | 打开异步保存 |\n"
ZH_ADDED = "| `max_pending` | `int` | `2` | 否 | 最多几个未落盘的保存 |\n"
ZH_REVIEWS = (
    "\n## 10. 评审记录\n\n| 评审人 | 结论 | 日期 | 意见 |\n|---|---|---|---|\n"
    "| 李雷 (checkpoint owner) | LGTM | 2025年3月1日 | 写盘失败要能重试 |\n"
    "| 张伟 | 有条件通过 | 2025/3/2 | 补断电测试后合入 |\n"
)


def zh_ckpt(status: str, params: str = ZH_PARAM, reviews: str = "") -> str:
    """RFC-0001: drafted, in review, accepted, then given a parameter."""
    return (
        "# RFC-0001：检查点异步保存\n\n## 1. 基本信息\n\n| 项目 | 内容 |\n|---|---|\n"
        f"| 作者 | 赵六 |\n| 状态 | {status} |\n| 类型 | 性能优化 |\n| 相关模块 | checkpoint |\n\n"
        "## 2. 背景\n\n保存 checkpoint 时训练要停 40 秒左右。\n\n"
        "## 5. 对外接口（Interface）\n\n"
        "| 入参 / 配置项 | 类型 | 默认值 | 是否必填 | 含义 |\n|---|---|---|---|---|\n"
        f"{params}\n"
        "## 9. 验证设计\n\n"
        "| 用例级别 | 数量 | 覆盖内容 | 通过标准 | 用例 |\n|---|---|---|---|---|\n"
        "| UT | 2 | 保存、加载 | 全部通过 | `test_save_async`, `test_load_after_crash` |\n"
        "| Level0 | 1 | 单机 8 卡 | loss 一致 | `test_resume_loss` |\n"
        f"{reviews}"
    )


def zh_hooks(status: str) -> str:
    """RFC-0002: accepted with no approval of trainer's owner; no commit
    touches trainer; it requires an RFC nobody wrote."""
    return (
        "# RFC-0002：trainer 保存钩子\n\n## 1. 基本信息\n\n| 项目 | 内容 |\n|---|---|\n"
        f"| 作者 | 王五 |\n| 状态 | {status} |\n| 类型 | 功能补全 |\n| 相关模块 | trainer |\n"
        "| 依赖 RFC | RFC-0099 |\n\n"
        "## 2. 背景\n\n让用户在保存前后插入自己的逻辑，参见 {rfc:ref}`RFC-0098`。\n"
        "\n## 评审记录\n\n| 评审人 | 结论 | 日期 | 意见 |\n|---|---|---|---|\n"
        "| 李雷 | 通过 | 2025-02-20 | |\n"
    )


def zh_resume(status: str) -> str:
    """RFC-0003: in review since 2025-04-01."""
    return (
        "# RFC-0003：断点续训\n\n## 1. 基本信息\n\n| 项目 | 内容 |\n|---|---|\n"
        f"| 作者 | 钱七 |\n| 状态 | {status} |\n| 类型 | 功能补全 |\n"
        "| 相关模块 | trainer, checkpoint |\n\n## 2. 背景\n\n机器坏了要能接着训。\n"
    )


#: RFC-0004, half filled from the template: placeholders in a field, in
#: a directive's argument, in a row; a row with empty required cells; the
#: same parameter twice; a bad yes/no; a module not in rfc_modules; two
#: alternatives chosen; a dependency on a rejected RFC; a table near a kind;
#: a row with a cell too many; a test level missing; an empty section.
ZH_DATA = """\
# RFC-0004：数据预取流水线

## 1. 基本信息

| 项目 | 内容 |
|---|---|
| 作者 | xxx |
| 状态 | 草稿 |
| 类型 | 性能优化 |
| 相关模块 | loader, data |
| 依赖 RFC | RFC-0005 |
| 评审人 | 李雷 |
| 评审人 | 韩梅梅 |
| 创建时间 | 2025-05-20 |

## 2. 背景

## 5. 对外接口

```{rfc-interface} enable_xxx
| 入参 / 配置项 | 类型 | 默认值 | 是否必填 | 含义 |
|---|---|---|---|---|
| `prefetch` | `int` | `2` | 必须 | 预取的 batch 数 |
| `mode` | `str` | `"thread"` | | |
| `mode` | `str` | `"process"` | 否 | 用进程预取 |
| `pin_memory` | `bool` | xxx | 否 | xxx |
```

## 6. 方案设计

### 6.1 总体流程

预取线程把下一个 batch 放进队列。

### 6.2 代码改动点

| 模块 | 是否影响已有行为 |
|---|---|
| loader | 否 |

### 6.3 方案取舍

| 方案 | 优点 | 缺点 | 是否选择 | 原因 |
|---|---|---|---|---|
| 线程预取 | 简单 | 受 GIL 影响 | 是 | 先做 |
| 进程预取 | 快 | 内存翻倍 | 是 | 之后做 |

## 7. 组件依赖

| 依赖组建 | 强弱 | 备注说明 |
|---|---|---|
| DALI | 弱 | 可选 |

## 8. 约束与兼容性

| 类型 | 内容 |
|---|---|
| 不支持项 | Windows |

## 9. 验证设计

| 用例级别 | 数量 | 覆盖内容 | 通过标准 |
|---|---|---|---|
| UT | 6 | 队列满、队列空 | 全部通过 | 另加 2 个 |
"""

#: RFC-0005, rejected; RFC-0006, superseded though nothing supersedes it
ZH_REJECTED = """\
# RFC-0005：零拷贝数据集

## 1. 基本信息

| 项目 | 内容 |
|---|---|
| 作者 | 孙八 |
| 状态 | 已拒绝 |
| 类型 | 性能优化 |
| 相关模块 | loader |

## 2. 背景

mmap 读数据集，避免一次拷贝。评审认为收益不够。
"""

ZH_SUPERSEDED = """\
# RFC-0006：旧版检查点格式

## 1. 基本信息

| 项目 | 内容 |
|---|---|
| 作者 | 周九 |
| 状态 | 已取代 |
| 类型 | 功能补全 |
| 相关模块 | checkpoint |

## 2. 背景

单文件 pickle 格式，已由分片格式代替。
"""


#: RFC-0014, its status a word the team says but the project does not know
ZH_INVALID = """\
# RFC-0014：梯度累积步数自适应

## 1. 基本信息

| 项目 | 内容 |
|---|---|
| 作者 | 卫四 |
| 状态 | 审核中 |
| 类型 | 性能优化 |
| 相关模块 | trainer |

## 2. 背景

显存不够时自动加大累积步数。
"""


def zh_cycle(number: int, other: int) -> str:
    return (
        f"# RFC-{number:04d}：通信重叠第 {number - 6} 部分\n\n## 1. 基本信息\n\n"
        "| 项目 | 内容 |\n|---|---|\n| 作者 | 吴十 |\n| 状态 | 草稿 |\n| 类型 | 性能优化 |\n"
        f"| 相关模块 | trainer |\n| 依赖 RFC | RFC-{other:04d} |\n\n"
        "## 2. 背景\n\n计算和通信重叠。\n\n"
        "## 8. 约束与兼容性\n\n| 类型 | 内容 |\n|---|---|\n| 不支持项 | CPU 训练 |\n\n"
        "# 9. 验证设计\n\n| 用例级别 | 数量 | 覆盖内容 | 通过标准 |\n|---|---|---|---|\n"
        "| UT | 3 | 重叠开关 | 全部通过 |\n| Level0 | 1 | 8 卡 | 吞吐提升 |\n"
    )


#: the same ID as RFC-0004, given in front matter
ZH_DUPLICATE = """\
---
rfc: RFC-0004
---

# 数据预取（旧稿）

## 1. 基本信息

| 项目 | 内容 |
|---|---|
| 作者 | 郑一 |
| 状态 | 草稿 |

## 2. 背景

旧稿，和 0004 是同一件事。
"""

#: a document in rfc_documents whose ID cannot be found
ZH_NO_ID = """\
# 关于显存碎片的想法

## 2. 背景

显存碎片导致大模型 OOM。
"""

#: a rendered issue pasted with no headings
ZH_PASTED = """\
# RFC-0010：日志按 rank 分文件

作者：冯二 状态：草稿 背景：所有 rank 的日志写进一个文件，看不清。
目标：每个 rank 一个文件。接口：`log_dir` 参数。方案：按 rank 名字命名文件。
"""

#: the record table glued under its caption, no blank line: the quote's text
ZH_GLUED = """\
# RFC-0015：梯度累积步数自适应

> 文档记录
| 字段 | 内容 |
|---|---|
| 作者 | 郑五 |
| 状态 | 草稿 |

## 2. 背景

小 batch 时 loss 抖得厉害。
"""

#: a draft outside rfc_documents that looks like an RFC
ZH_DRAFT = """\
---
status: 草稿
---

# 0011 梯度压缩（草稿）

还没想好。
"""

#: a directive RFC in MyST, with code and tests: a second rfc directive;
#: an interface whose code differs; one whose code cannot be imported; a
#: dependency directive with no table; an unknown column; tests that failed
#: and one in no result file
ZH_DIRECTIVE = """\
# 显存卸载接口

```{rfc} RFC-0012
:title: 优化器状态卸载到主机内存
:status: review
:modules: checkpoint
```

```{rfc} RFC-0013
:status: draft
```

## 对外接口

```{rfc-interface} offload
:signature-of: sigpkg.api.offload

| 入参 / 配置项 | 类型 | 默认值 | 是否必填 | 含义 | 负责人 |
|---|---|---|---|---|---|
| `model` | any | | 是 | 模型 | 陈三 |
| `ratio` | float | `0.5` | 否 | 卸载比例 | 陈三 |
| `colour` | str | `red` | 否 | 代码里没有 | 陈三 |
```

```{rfc-interface} restore
:signature-of: sigpkg.api.restore_all

| 入参 / 配置项 | 类型 | 默认值 | 是否必填 | 含义 |
|---|---|---|---|---|
| `model` | any | | 是 | 模型 |
```

## 组件依赖

```{rfc-dependency}
依赖还在梳理。
```

## 验证设计

```{rfc-verification}
| 用例级别 | 数量 | 覆盖内容 | 通过标准 | 用例 |
|---|---|---|---|---|
| UT | 2 | 卸载、恢复 | 全部通过 | `test_offload`, `test_restore_after_oom` |
| Level0 | 1 | 单机 | loss 一致 | `test_offload` |
```
"""

SIGPKG = {
    "code/sigpkg/__init__.py": "",
    "code/sigpkg/api.py": (
        "def offload(model, ratio=0.25, *, pinned=True):\n"
        '    """Move optimizer state to host memory."""\n'
        "    return model\n"
    ),
}

ZH_JUNIT = """\
<?xml version="1.0" encoding="utf-8"?>
<testsuites>
  <testsuite name="pytest" tests="3" failures="1" errors="0">
    <testcase classname="tests.test_ckpt" name="test_save_async" time="0.1"/>
    <testcase classname="tests.test_ckpt" name="test_load_after_crash" time="0.2">
      <failure message="assert 3 == 4">AssertionError: assert 3 == 4</failure>
    </testcase>
    <testcase classname="tests.test_offload" name="test_offload" time="0.1">
      <failure message="OOM">RuntimeError: out of memory</failure>
    </testcase>
  </testsuite>
</testsuites>
"""


def zh_project(root: Path) -> Path:
    """The Chinese team's repository at *root*; returns its docs folder."""
    docs = root / "docs"
    root.mkdir(parents=True)
    git(root, "init", "-q", "-b", "main")
    commit(root, {
        ".gitignore": "_build/\n__pycache__/\n",
        "docs/conf.py": ZH_CONF, "docs/index.md": ZH_INDEX, "docs/list.md": ZH_LIST,
        "docs/stats.md": ZH_STATS, "docs/notes.md": ZH_NOTES,
        "docs/rfcs/0001-async-ckpt.md": zh_ckpt("草稿"),
        "src/ckpt/save.py": "def save(state):\n    return state\n",
        "src/loader/queue.py": "QUEUE = []\n",
        **{f"docs/{k}": v for k, v in SIGPKG.items()},
    }, "RFC-0001 草稿", "2025-01-06T09:00:00+08:00")
    commit(root, {"docs/rfcs/0002-trainer-hooks.md": zh_hooks("已接受")}, "RFC-0002",
           "2025-01-20T10:00:00+00:00")
    commit(root, {"docs/rfcs/0001-async-ckpt.md": zh_ckpt("评审中")}, "0001 进入评审",
           "2025-02-03T10:00:00+00:00")
    commit(root, {"docs/rfcs/0001-async-ckpt.md": zh_ckpt("已接受", reviews=ZH_REVIEWS)},
           "0001 已接受", "2025-03-04T10:00:00+00:00")
    commit(root, {"docs/rfcs/0003-resume.md": zh_resume("评审中")}, "RFC-0003",
           "2025-04-01T10:00:00+00:00")
    commit(root, {"src/loader/queue.py": "QUEUE: list[object] = []\n",
                  "src/ckpt/save.py": "def save(state, pending=2):\n    return state\n"},
           "RFC-0001: 异步保存，顺便改了 loader 的队列", "2025-04-10T10:00:00+00:00")
    commit(root, {
        "docs/rfcs/0001-async-ckpt.md": zh_ckpt("已接受", ZH_PARAM + ZH_ADDED, ZH_REVIEWS),
        "docs/rfcs/0004-data-prefetch.md": ZH_DATA,
        "docs/rfcs/0005-zero-copy.md": ZH_REJECTED,
        "docs/rfcs/0006-old-format.md": ZH_SUPERSEDED,
        "docs/rfcs/0014-adaptive-accumulation.md": ZH_INVALID,
        "docs/rfcs/0007-overlap-a.md": zh_cycle(7, 8),
        "docs/rfcs/0008-overlap-b.md": zh_cycle(8, 7),
        "docs/rfcs/0009-prefetch-old.md": ZH_DUPLICATE,
        "docs/rfcs/memory-notes.md": ZH_NO_ID,
        "docs/rfcs/0010-rank-logs.md": ZH_PASTED,
        "docs/rfcs/0015-glued-record.md": ZH_GLUED,
        "docs/drafts/0011-grad-compress.md": ZH_DRAFT,
        "docs/api/offload.md": ZH_DIRECTIVE,
        "docs/reports/pytest.xml": ZH_JUNIT,
    }, "0001: max_pending；其余草稿", "2025-05-20T10:00:00+00:00")
    return docs


# --------------------------------------------------------------------------
# The other templates, each its smallest project


def zh_rust_project(root: Path) -> Path:
    """A zh_CN project on the Rust RFC template: a section one heading
    level up, a preamble with a stray character."""
    write(root, {
        "conf.py": (
            'extensions = ["myst_parser", "sphinx_rfc"]\nlanguage = "zh_CN"\n'
            'exclude_patterns = ["_build"]\nsuppress_warnings = ["toc.not_included", '
            '"myst.header"]\nrfc_template = "rust-rfc"\nrfc_documents = ["text/[0-9]*"]\n'
            "rfc_git_dates = False\n"),
        "index.md": "# 语言 RFC\n\n```{toctree}\n:glob:\n\ntext/*\n```\n",
        "text/0001-raw-names.md": (
            "q- Feature Name: raw_names\n- Start Date: 2024-09-04\n\n"
            "## Summary\n\n关键字也能当名字用：`r#match`。\n\n"
            "## Motivation\n\n新版本的关键字会让旧代码编译失败。\n\n"
            "## Guide-level explanation\n\n写 `r#async`。\n\n"
            "## Reference-level explanation\n\n词法分析接受 `r#` 加标识符。\n\n"
            "# Drawbacks\n\n多一种写法。\n\n"
            "## Rationale and alternatives\n\n改名字太麻烦。\n\n"
            "## Unresolved questions\n\n无。\n"),
    })
    return root


def zh_madr_project(root: Path) -> Path:
    """A zh_CN project on MADR: sections written as lines of bold text."""
    write(root, {
        "conf.py": (
            'extensions = ["myst_parser", "sphinx_rfc"]\nlanguage = "zh_CN"\n'
            'exclude_patterns = ["_build"]\nsuppress_warnings = ["toc.not_included"]\n'
            'rfc_template = "madr"\nrfc_documents = ["decisions/[0-9]*"]\n'
            "rfc_git_dates = False\n"),
        "index.md": "# 架构决策\n\n```{toctree}\n:glob:\n\ndecisions/*\n```\n",
        "decisions/0003-log-format.md": (
            "---\nstatus: accepted\n---\n\n# 日志统一用 JSON 格式\n\n"
            "**Context and Problem Statement**\n\n各服务日志格式不一，检索困难。\n\n"
            "**Considered Options**\n\n* JSON\n* 纯文本\n\n"
            "**Decision Outcome**\n\nChosen option: \"JSON\"，因为检索系统直接支持。\n"),
    })
    return root


# --------------------------------------------------------------------------
# The English team's project: the same mistakes, written in English


EN_CONF = ZH_CONF.replace('project = "训练框架设计"', 'project = "Trainer design"').replace(
    'language = "zh_CN"', 'language = "en"').replace(
    '"checkpoint": ["李雷"], "trainer": ["韩梅梅"]', '"checkpoint": ["Lei Li"], "trainer": ["Meimei Han"]')

EN_INDEX = ZH_INDEX.replace("# 训练框架设计文档", "# Trainer design documents")
EN_LIST = "# All RFCs\n\n```{rfc-index}\n```\n\n## By status\n\n```{rfc-index}\n:group-by: status\n```\n"
EN_STATS = "# Dashboard\n\n```{rfc-stats}\n```\n"
EN_NOTES = """\
# Meeting notes, March

We talked about what checkpoint depends on; parking it here for now:

```{rfc-dependency}
| Component | Strength |
|---|---|
| trainer | strong |
```
"""

EN_PARAM = "| `async_save` | `bool` | `False` | no | save in the background |\n"
EN_ADDED = "| `max_pending` | `int` | `2` | no | saves not yet on disk, at most |\n"
EN_REVIEWS = (
    "\n## 10. Reviews\n\n| Reviewer | Verdict | Date | Comments |\n|---|---|---|---|\n"
    "| Lei Li (checkpoint owner) | LGTM | 2025-03-01 | retry a failed write |\n"
    "| Wei Zhang | approve with conditions | 2025-03-02 | add a power-cut test first |\n"
)


def en_ckpt(status: str, params: str = EN_PARAM, reviews: str = "") -> str:
    return (
        "# RFC-0001: Asynchronous checkpoint save\n\n## 1. Basic information\n\n"
        "| Field | Value |\n|---|---|\n"
        f"| Authors | Liu Zhao |\n| Status | {status} |\n| Type | performance |\n"
        "| Modules | checkpoint |\n\n"
        "## 2. Background\n\nTraining stalls for about 40 s on every checkpoint save.\n\n"
        "## 5. External interface\n\n"
        "| Parameter | Type | Default | Required | Meaning |\n|---|---|---|---|---|\n"
        f"{params}\n"
        "## 9. Verification design\n\n"
        "| Level | Count | Coverage | Pass criteria | Tests |\n|---|---|---|---|---|\n"
        "| UT | 2 | save, load | all pass | `test_save_async`, `test_load_after_crash` |\n"
        "| Level0 | 1 | one node, 8 GPUs | same loss | `test_resume_loss` |\n"
        f"{reviews}"
    )


def en_hooks(status: str) -> str:
    return (
        "# RFC-0002: Trainer save hooks\n\n## 1. Basic information\n\n"
        "| Field | Value |\n|---|---|\n"
        f"| Authors | Wu Wang |\n| Status | {status} |\n| Type | feature |\n"
        "| Modules | trainer |\n| Requires | RFC-0099 |\n\n"
        "## 2. Background\n\nLet users run their own code around a save, see {rfc:ref}`RFC-0098`.\n"
        "\n## Reviews\n\n| Reviewer | Verdict | Date | Comments |\n|---|---|---|---|\n"
        "| Lei Li | approve | 2025-02-20 | |\n"
    )


def en_resume(status: str) -> str:
    return (
        "# RFC-0003: Resume after a crash\n\n## 1. Basic information\n\n"
        "| Field | Value |\n|---|---|\n"
        f"| Authors | Qi Qian |\n| Status | {status} |\n| Type | feature |\n"
        "| Modules | trainer, checkpoint |\n\n## 2. Background\n\nA dead node should not "
        "cost a day of training.\n"
    )


EN_DATA = """\
# RFC-0004: Data prefetch pipeline

## 1. Basic information

| Field | Value |
|---|---|
| Authors | xxx |
| Status | draft |
| Type | performance |
| Modules | loader, data |
| Requires | RFC-0005 |
| Reviewers | Lei Li |
| Reviewers | Meimei Han |
| Created | 2025-05-20 |

## 2. Background

## 5. External interface

```{rfc-interface} enable_xxx
| Parameter | Type | Default | Required | Meaning |
|---|---|---|---|---|
| `prefetch` | `int` | `2` | must | batches fetched ahead |
| `mode` | `str` | `"thread"` | | |
| `mode` | `str` | `"process"` | no | prefetch in a process |
| `pin_memory` | `bool` | xxx | no | xxx |
```

## 6. Design

### 6.1 Flow

A prefetch thread puts the next batch in a queue.

### 6.2 Code changes

| Module | Affects existing behaviour |
|---|---|
| loader | no |

### 6.3 Alternatives

| Option | Pros | Cons | Chosen | Reason |
|---|---|---|---|---|
| thread prefetch | simple | GIL | yes | first |
| process prefetch | fast | twice the memory | yes | later |

## 7. Component dependencies

| Componnet | Strenght | Remarks |
|---|---|---|
| DALI | weak | optional |

## 8. Constraints and compatibility

| Type | Content |
|---|---|
| Unsupported | Windows |

## 9. Verification design

| Level | Count | Coverage | Pass criteria |
|---|---|---|---|
| UT | 6 | full queue, empty queue | all pass | and 2 more |
"""

EN_REJECTED = """\
# RFC-0005: Zero-copy datasets

## 1. Basic information

| Field | Value |
|---|---|
| Authors | Ba Sun |
| Status | rejected |
| Type | performance |
| Modules | loader |

## 2. Background

Read datasets with mmap to save one copy. The review found the gain too small.
"""

EN_SUPERSEDED = """\
# RFC-0006: Old checkpoint format

## 1. Basic information

| Field | Value |
|---|---|
| Authors | Jiu Zhou |
| Status | superseded |
| Type | feature |
| Modules | checkpoint |

## 2. Background

One pickle file, replaced by the sharded format.
"""


EN_INVALID = """\
# RFC-0014: Adaptive gradient accumulation

## 1. Basic information

| Field | Value |
|---|---|
| Authors | Si Wei |
| Status | parked |
| Type | performance |
| Modules | trainer |

## 2. Background

Accumulate more steps when memory runs short.
"""


def en_cycle(number: int, other: int) -> str:
    return (
        f"# RFC-{number:04d}: Communication overlap, part {number - 6}\n\n"
        "## 1. Basic information\n\n| Field | Value |\n|---|---|\n| Authors | Shi Wu |\n"
        "| Status | draft |\n| Type | performance |\n"
        f"| Modules | trainer |\n| Requires | RFC-{other:04d} |\n\n"
        "## 2. Background\n\nOverlap compute and communication.\n\n"
        "## 8. Constraints and compatibility\n\n| Type | Content |\n|---|---|\n"
        "| Unsupported | CPU training |\n\n"
        "# 9. Verification design\n\n| Level | Count | Coverage | Pass criteria |\n"
        "|---|---|---|---|\n| UT | 3 | overlap on/off | all pass |\n"
        "| Level0 | 1 | 8 GPUs | more throughput |\n"
    )


EN_DUPLICATE = """\
---
rfc: RFC-0004
---

# Data prefetch (old draft)

## 1. Basic information

| Field | Value |
|---|---|
| Authors | Yi Zheng |
| Status | draft |

## 2. Background

The old draft of 0004.
"""

EN_NO_ID = "# Thoughts on memory fragmentation\n\n## 2. Background\n\nFragmentation OOMs big models.\n"

EN_PASTED = """\
# RFC-0010: One log file per rank

Authors: Er Feng Status: draft Background: every rank writes to one log file.
Goal: a file per rank. Interface: a `log_dir` argument. Design: name files by rank.
"""

EN_GLUED = """\
# RFC-0015: Adaptive accumulation steps

> Document record
| Field | Value |
|---|---|
| Authors | Wu Zheng |
| Status | draft |

## 2. Background

The loss jumps around with small batches.
"""

EN_DRAFT = "---\nstatus: draft\n---\n\n# 0011 Gradient compression (draft)\n\nNot decided yet.\n"

EN_DIRECTIVE = (
    ZH_DIRECTIVE.replace("# 显存卸载接口", "# Memory offload API")
    .replace("优化器状态卸载到主机内存", "Optimizer state offload to host memory")
    .replace("## 对外接口", "## External interface").replace("## 组件依赖", "## Dependencies")
    .replace("## 验证设计", "## Verification design")
    .replace("| 入参 / 配置项 | 类型 | 默认值 | 是否必填 | 含义 | 负责人 |",
             "| Parameter | Type | Default | Required | Meaning | Owner |")
    .replace("| 入参 / 配置项 | 类型 | 默认值 | 是否必填 | 含义 |",
             "| Parameter | Type | Default | Required | Meaning |")
    .replace("| 是 | 模型 | 陈三 |", "| yes | the model | San Chen |")
    .replace("| 否 | 卸载比例 | 陈三 |", "| no | share offloaded | San Chen |")
    .replace("| 否 | 代码里没有 | 陈三 |", "| no | not in the code | San Chen |")
    .replace("| 是 | 模型 |", "| yes | the model |")
    .replace("依赖还在梳理。", "Still sorting out the dependencies.")
    .replace("| 用例级别 | 数量 | 覆盖内容 | 通过标准 | 用例 |",
             "| Level | Count | Coverage | Pass criteria | Tests |")
    .replace("| 卸载、恢复 | 全部通过 |", "| offload, restore | all pass |")
    .replace("| 单机 | loss 一致 |", "| one node | same loss |")
)


def en_project(root: Path) -> Path:
    """The English team's repository at *root*; returns its docs folder."""
    docs = root / "docs"
    root.mkdir(parents=True)
    git(root, "init", "-q", "-b", "main")
    commit(root, {
        ".gitignore": "_build/\n__pycache__/\n",
        "docs/conf.py": EN_CONF, "docs/index.md": EN_INDEX, "docs/list.md": EN_LIST,
        "docs/stats.md": EN_STATS, "docs/notes.md": EN_NOTES,
        "docs/rfcs/0001-async-ckpt.md": en_ckpt("draft"),
        "src/ckpt/save.py": "def save(state):\n    return state\n",
        "src/loader/queue.py": "QUEUE = []\n",
        **{f"docs/{k}": v for k, v in SIGPKG.items()},
    }, "RFC-0001 draft", "2025-01-06T09:00:00+08:00")
    commit(root, {"docs/rfcs/0002-trainer-hooks.md": en_hooks("accepted")}, "RFC-0002",
           "2025-01-20T10:00:00+00:00")
    commit(root, {"docs/rfcs/0001-async-ckpt.md": en_ckpt("review")}, "0001 in review",
           "2025-02-03T10:00:00+00:00")
    commit(root, {"docs/rfcs/0001-async-ckpt.md": en_ckpt("accepted", reviews=EN_REVIEWS)},
           "0001 accepted", "2025-03-04T10:00:00+00:00")
    commit(root, {"docs/rfcs/0003-resume.md": en_resume("review")}, "RFC-0003",
           "2025-04-01T10:00:00+00:00")
    commit(root, {"src/loader/queue.py": "QUEUE: list[object] = []\n",
                  "src/ckpt/save.py": "def save(state, pending=2):\n    return state\n"},
           "RFC-0001: async save, and the loader's queue while at it",
           "2025-04-10T10:00:00+00:00")
    commit(root, {
        "docs/rfcs/0001-async-ckpt.md": en_ckpt("accepted", EN_PARAM + EN_ADDED, EN_REVIEWS),
        "docs/rfcs/0004-data-prefetch.md": EN_DATA,
        "docs/rfcs/0005-zero-copy.md": EN_REJECTED,
        "docs/rfcs/0006-old-format.md": EN_SUPERSEDED,
        "docs/rfcs/0014-adaptive-accumulation.md": EN_INVALID,
        "docs/rfcs/0007-overlap-a.md": en_cycle(7, 8),
        "docs/rfcs/0008-overlap-b.md": en_cycle(8, 7),
        "docs/rfcs/0009-prefetch-old.md": EN_DUPLICATE,
        "docs/rfcs/memory-notes.md": EN_NO_ID,
        "docs/rfcs/0010-rank-logs.md": EN_PASTED,
        "docs/rfcs/0015-glued-record.md": EN_GLUED,
        "docs/drafts/0011-grad-compress.md": EN_DRAFT,
        "docs/api/offload.md": EN_DIRECTIVE,
        "docs/reports/pytest.xml": ZH_JUNIT,
    }, "0001: max_pending; the other drafts", "2025-05-20T10:00:00+00:00")
    return docs


def other_templates(root: Path, language: str) -> list[Path]:
    """The Rust RFC and MADR projects in *language*."""
    found = [zh_rust_project(root / "rust"), zh_madr_project(root / "madr")]
    for project in found:
        conf = project / "conf.py"
        conf.write_text(conf.read_text(encoding="utf-8").replace(
            'language = "zh_CN"', f'language = "{language}"'), encoding="utf-8")
        if language == "en":
            for path in project.rglob("*.md"):
                text = path.read_text(encoding="utf-8")
                for zh_text, en_text in _OTHER_EN.items():
                    text = text.replace(zh_text, en_text)
                path.write_text(text, encoding="utf-8")
    return found


_OTHER_EN = {
    "# 语言 RFC": "# Language RFCs", "关键字也能当名字用：": "A keyword as a name: ",
    "新版本的关键字会让旧代码编译失败。": "New keywords break old code.",
    "写 `r#async`。": "Write `r#async`.", "词法分析接受 `r#` 加标识符。": "The lexer takes `r#` and a name.",
    "多一种写法。": "One more way to write a name.", "改名字太麻烦。": "Renaming is worse.",
    "无。": "None.", "# 架构决策": "# Decisions", "日志统一用 JSON 格式": "JSON logs everywhere",
    "各服务日志格式不一，检索困难。": "Every service logs its own way; search is hard.",
    "纯文本": "plain text", "，因为检索系统直接支持。": ", because search reads it as is.",
}
