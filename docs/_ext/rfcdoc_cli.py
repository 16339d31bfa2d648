"""The ``sphinx-rfc`` command, read from its own argument parser
(:func:`sphinx_rfc.cli.build_parser`):

- ``.. rfcdoc-cli-commands::`` every command and what it does;
- ``.. rfcdoc-cli:: COMMAND`` its usage line and every argument and option;
- ``.. rfcdoc-problem-forms::`` one problem as ``check`` prints it, in text,
  in JSON and as a GitHub annotation
  (:meth:`sphinx_rfc.model.problems.Problem.as_text` / ``as_json``,
  :func:`sphinx_rfc.cli.annotations.annotation`);
- ``.. rfcdoc-lifecycle::`` the status transitions ``status`` allows
  (:mod:`sphinx_rfc.spec.lifecycle`), one row per status.

An argument the parser gives no help text takes that of the argument of
the same name in another command, else :data:`MISSING_HELP`.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

from docutils import nodes
from rfcdoc_nodes import Cell, inline, literals, table
from sphinx.util.docutils import SphinxDirective

from sphinx_rfc.cli import build_parser
from sphinx_rfc.cli.annotations import annotation
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.spec import lifecycle

#: Usage lines are wrapped at this width, whatever the terminal of the build.
WIDTH = 78

#: (command, argument dest) -> its meaning, where the parser has no help text.
MISSING_HELP: dict[tuple[str, str], str] = {
    ("new", "title"): "the new RFC's title",
    ("new", "module"): "a module the RFC touches (its ``:modules:``)",
    ("new", "author"): "an author (its ``:authors:``)",
    ("check", "format"): "``text``: one line per problem and a summary line; "
    "``json``: a JSON list of the problems; ``github``: one GitHub Actions annotation "
    "per problem (the summary line on standard error)",
}


def _formatter(prog: str) -> argparse.HelpFormatter:
    return argparse.HelpFormatter(prog, width=WIDTH)


def commands(
    parser: argparse.ArgumentParser | None = None,
) -> Iterator[tuple[str, str, argparse.ArgumentParser]]:
    """``(name, help, parser)`` of each command, in the parser's order."""
    parser = parser or build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help or "" for a in action._choices_actions}
            for name, sub in action.choices.items():
                sub.formatter_class = _formatter
                yield name, helps.get(name, ""), sub


def arguments(sub: argparse.ArgumentParser) -> list[argparse.Action]:
    """A command's arguments and options, ``--help`` left out."""
    return [a for a in sub._actions if not isinstance(a, argparse._HelpAction)]


def argument_names(action: argparse.Action) -> list[str]:
    """``["-j", "--jobs"]`` for an option, ``["sourcedir"]`` for a positional."""
    return list(action.option_strings) or [str(action.metavar or action.dest)]


def _values(action: argparse.Action) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    if action.nargs == 0:
        out.append(nodes.Text("flag"))
    elif action.choices:
        out += [nodes.Text("one of "), *literals([str(c) for c in action.choices])]
    elif action.option_strings:
        metavar = str(action.metavar or action.dest.upper())
        out.append(nodes.literal(metavar, metavar))
    if action.nargs in ("+", "*"):
        out.append(nodes.Text(" (one or more; the option may be repeated)"
                              if isinstance(action, argparse._ExtendAction) else
                              " (one or more)"))
    elif action.nargs == "?" and not action.option_strings:
        out.append(nodes.Text("optional"))
    help_text = action.help or ""
    default = action.default
    if (default not in (None, False, [], argparse.SUPPRESS) and "default" not in help_text
            and action.nargs != 0):
        out += [nodes.Text("; default "), *literals([str(default)])]
    return out


def meaning(command: str, action: argparse.Action) -> str:
    """The argument's help text, that of the same argument in another
    command, or :data:`MISSING_HELP`."""
    if action.help:
        return action.help
    if (command, action.dest) in MISSING_HELP:
        return MISSING_HELP[(command, action.dest)]
    for _name, _help, sub in commands():
        for other in arguments(sub):
            if other.dest == action.dest and other.help:
                return other.help
    return ""


def _command_anchor(name: str) -> str:
    return f"cli-{name}"


class CliCommands(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        rows: list[list[Cell]] = []
        for name, help_text, _sub in commands():
            ref = nodes.reference("", "", internal=True, refid=_command_anchor(name))
            text = f"sphinx-rfc {name}"
            ref += nodes.literal(text, text)
            rows.append([ref, inline(help_text)])
        return [table(["command", "what it does"], rows, [24, 60],
                      classes=["rfcdoc-cli-commands"])]


class CliCommand(SphinxDirective):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        found = {name: (help_text, sub) for name, help_text, sub in commands()}
        name = self.arguments[0]
        if name not in found:
            raise self.error(f"sphinx-rfc has no command {name!r} (it has {', '.join(found)})")
        help_text, sub = found[name]
        usage = sub.format_usage().removeprefix("usage: ").rstrip()
        box = nodes.container(classes=["rfcdoc-cli-command"])
        # the anchor as a target inside the first paragraph, where every
        # builder writes it (LaTeX writes no label for a container's ids)
        target = nodes.target("", "", ids=[_command_anchor(name)])
        box += nodes.paragraph("", "", target,
                               *inline(help_text[:1].upper() + help_text[1:] + "."))
        box += nodes.literal_block(usage, usage, language="text")
        rows: list[list[Cell]] = []
        for action in arguments(sub):
            rows.append([literals(argument_names(action)), _values(action),
                         inline(meaning(name, action))])
        if rows:
            box += table(["argument", "value", "meaning"], rows, [22, 30, 48],
                         classes=["rfcdoc-cli-options", f"rfcdoc-cli-options-{name}"])
        return [box]


class ProblemForms(SphinxDirective):
    """One problem, as ``sphinx-rfc check`` prints it in text and in JSON."""

    def run(self) -> list[nodes.Node]:
        import json

        problem = Problem("placeholder", "placeholder 'TBD' left in paragraph",
                          "rfcs/0042-offload.md", 12, "RFC-0042")
        text = problem.as_text()
        data = json.dumps([problem.as_json()], ensure_ascii=False, indent=2)
        github = annotation(problem, f"docs/{problem.source}")
        return [nodes.literal_block(text, text, language="text"),
                nodes.literal_block(data, data, language="json"),
                nodes.literal_block(github, github, language="text")]


class Lifecycle(SphinxDirective):
    """The transition table of :mod:`sphinx_rfc.spec.lifecycle`: each
    status, and the statuses that may follow it."""

    def run(self) -> list[nodes.Node]:
        rows: list[list[Cell]] = []
        for status in lifecycle.TRANSITIONS:
            nxt = lifecycle.allowed_next(status)
            cell: list[nodes.Node] = literals(nxt) if nxt else [nodes.Text("—")]
            if lifecycle.SUPERSEDED in lifecycle.allowed_next(status, superseded=True):
                cell += [nodes.Text("; "), *literals([lifecycle.SUPERSEDED]),
                         nodes.Text(" when another RFC supersedes it")]
            rows.append([literals([status]), cell])
        return [table(["status", "may become"], rows, [20, 70], classes=["rfcdoc-lifecycle"])]
