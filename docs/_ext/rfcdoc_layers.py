"""``.. rfcdoc-wiring::``: what runs when, from ``sphinx_rfc/wiring.py``
(every event, handler and priority, in the order a build emits them).

``.. rfcdoc-layers::`` and ``.. rfcdoc-imports::``: the package's layers
and, per part (a folder or a top-level module), what it may import and what
it may not, read from the import-linter contracts in ``pyproject.toml``
(``[tool.importlinter]``), which ``lint-imports`` enforces.

- a ``layers`` contract: a part may import the parts of the layers below
  its own; the parts of one layer (``a | b``) do not import each other;
- a ``forbidden`` contract: its source parts never import its forbidden
  modules (nor through another module, unless ``allow_indirect_imports``),
  but for its ``ignore_imports``;
- an ``independence`` contract: its modules do not import each other.

``tests/build/test_docs.py`` compares the built tables with the contracts, the
layers with the package's parts, and the wiring with the listeners of an
application set up with the extension.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docutils import nodes
from rfcdoc_nodes import Cell, table
from sphinx.util.docutils import SphinxDirective

import sphinx_rfc

PACKAGE = Path(sphinx_rfc.__file__).parent
ROOT_PACKAGE = "sphinx_rfc"
#: Where the contracts are: the repository's ``pyproject.toml`` (beside the
#: package documented; a package copied alone, as ``git archive REV
#: sphinx_rfc`` makes one to compare outputs, is documented with the
#: contracts of the repository these docs are in)
PYPROJECT = next((p for p in (PACKAGE.parent / "pyproject.toml",
                              Path(__file__).resolve().parents[2] / "pyproject.toml")
                  if p.is_file()), PACKAGE.parent / "pyproject.toml")


def contracts(path: Path = PYPROJECT) -> list[dict[str, Any]]:
    with path.open("rb") as stream:
        config = tomllib.load(stream)
    found: list[dict[str, Any]] = config["tool"]["importlinter"]["contracts"]
    return found


def layers(found: list[dict[str, Any]]) -> list[list[str]]:
    """The layers contract's layers, top first, each a list of its parts
    (independent of each other: ``|``)."""
    (contract,) = [c for c in found if c["type"] == "layers"]
    result = []
    for layer in contract["layers"]:
        if ":" in layer:
            raise ValueError(f"a layer of parts that may import each other: {layer!r}")
        result.append([part.strip() for part in layer.split("|")])
    return result


def shown(module: str) -> str:
    """How the architecture page names a module: a folder as ``read/``, a
    module as ``config.py`` or ``spec/template_parts.py``; one outside the
    package by its name."""
    if not module.startswith(ROOT_PACKAGE + "."):
        return module
    path = PACKAGE.joinpath(*module.split(".")[1:])
    return path.relative_to(PACKAGE).as_posix() + ("/" if path.is_dir() else ".py")


def _within(module: str, part: str) -> bool:
    return module == part or module.startswith(part + ".")


@dataclass
class PartRule:
    """What one part of a layer may and may not import."""

    part: str
    #: The parts of the layers below.
    may: list[str] = field(default_factory=list)
    #: The parts of its own layer.
    beside: list[str] = field(default_factory=list)
    #: (modules, also indirectly) of each forbidden contract on it.
    forbidden: list[tuple[list[str], bool]] = field(default_factory=list)
    #: Imports a forbidden contract lets through ("a -> b").
    allowed: list[str] = field(default_factory=list)
    #: Modules inside it that do not import each other.
    independent: list[str] = field(default_factory=list)

    @property
    def forbidden_modules(self) -> list[str]:
        return [m for modules, _ in self.forbidden for m in modules]

    @property
    def may_import(self) -> list[str]:
        """The parts below that no forbidden contract takes away whole."""
        return [m for m in self.may if not any(_within(m, f) for f in self.forbidden_modules)]

    def taken_from(self, part: str) -> list[str]:
        """The modules inside *part* that a forbidden contract takes away."""
        return [f for f in self.forbidden_modules if f != part and _within(f, part)]


def rules(found: list[dict[str, Any]]) -> Iterator[PartRule]:
    """One :class:`PartRule` per part of the layers, top first."""
    stack = layers(found)
    for n, layer in enumerate(stack):
        below = [p for lower in stack[n + 1:] for p in lower]
        for part in layer:
            rule = PartRule(part, may=below, beside=[p for p in layer if p != part])
            for contract in found:
                if contract["type"] == "forbidden" and any(
                    _within(part, s) for s in contract["source_modules"]
                ):
                    indirect = not contract.get("allow_indirect_imports", False)
                    rule.forbidden.append((list(contract["forbidden_modules"]), indirect))
                    rule.allowed += [i for i in contract.get("ignore_imports", [])
                                     if _within(i.split("->")[0].strip(), part)]
                elif contract["type"] == "independence":
                    rule.independent += [m for m in contract["modules"] if _within(m, part)]
            yield rule


def _names(modules: list[str]) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for n, module in enumerate(modules):
        if n:
            out.append(nodes.Text(", "))
        text = shown(module)
        out.append(nodes.literal(text, text))
    return out


def _may(rule: PartRule) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for module in rule.may_import:
        out += [nodes.Text(", ")] if out else []
        out += _names([module])
        taken = rule.taken_from(module)
        if taken:
            out += [nodes.Text(" (not "), *_names(taken), nodes.Text(")")]
    return out


def _may_not(rule: PartRule) -> list[nodes.Node]:
    out: list[nodes.Node] = []

    def clause(*parts: nodes.Node | str) -> None:
        if out:
            out.append(nodes.Text("; "))
        out.extend(nodes.Text(p) if isinstance(p, str) else p for p in parts)

    if rule.beside:
        clause(*_names(rule.beside), " (its own layer)")
    for modules, indirect in rule.forbidden:
        clause(*_names([m for m in modules if m not in rule.beside]),
               " (not even through another module)" if indirect else "")
    for allowed in rule.allowed:
        source, target = (shown(m.strip()) for m in allowed.split("->"))
        clause("but ", nodes.literal(source, source), " imports ",
               nodes.literal(target, target))
    if rule.independent:
        clause(*_names(rule.independent), ": not each other")
    return out or [nodes.Text("—")]


class LayersBlock(SphinxDirective):
    """The layers, top first, one line each (the parts of a line do not
    import each other)."""

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(str(PYPROJECT))
        lines = [", ".join(p.removeprefix(ROOT_PACKAGE + ".") for p in layer)
                 for layer in layers(contracts())]
        text = "\n".join(lines)
        block = nodes.literal_block(text, text, classes=["rfcdoc-layers"])
        block["language"] = "text"
        return [block]


class ImportsTable(SphinxDirective):
    """Per part: what it may import, and what it may not besides every
    layer above it."""

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(str(PYPROJECT))
        rows: list[list[Cell]] = []
        for rule in rules(contracts()):
            part = shown(rule.part)
            rows.append([nodes.literal(part, part), _may(rule) or "—", _may_not(rule)])
        return [table(["part", "may import", "may not import (besides every layer above)"],
                      rows, [14, 56, 30], classes=["rfcdoc-imports"])]


def handler_name(handler: Any) -> str:
    """``read/collector.on_doctree_read``: the module as the page names it
    (without ``.py``), then the function."""
    module = shown(handler.__module__).removesuffix(".py")
    return f"{module}.{handler.__qualname__}"


class WiringTable(SphinxDirective):
    """Every handler of the extension: event, handler, priority, what it does."""

    def run(self) -> list[nodes.Node]:
        from sphinx_rfc import wiring

        self.env.note_dependency(wiring.__file__)
        rows: list[list[Cell]] = []
        for wire in wiring.WIRING:
            does = wire.does
            if wire.when is not None:
                does += f" ({(wire.when.__doc__ or '').strip()})"
            name = handler_name(wire.handler)
            rows.append([nodes.literal(wire.event, wire.event), nodes.literal(name, name),
                         str(wire.priority), does])
        return [table(["event", "handler", "priority", "what it does there"],
                      rows, [18, 34, 8, 40], classes=["rfcdoc-wiring"])]
