"""Where a module of ``rfc_modules`` is documented as Python API.

A module's API is the first of these that is a ``py:module`` target, in
this project (autodoc's ``automodule``, ``py:module``) or in an
intersphinx inventory: ``rfc_module_api[name]`` alone when it is given;
else the module's name itself, then each of its ``rfc_module_paths``
turned into a dotted name (``hyper_parallel/trainer/`` ->
``hyper_parallel.trainer``).  A module with none has no API link, and
nothing warns: most modules of a project have no API documentation.

Read at resolve time, when every document's Python objects are merged
(also under ``-j``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from docutils import nodes

from sphinx_rfc import config as rfc_config
from sphinx_rfc._compat import page_link

if TYPE_CHECKING:
    from collections.abc import Mapping

    from sphinx.builders import Builder
    from sphinx.environment import BuildEnvironment

    from sphinx_rfc.spec.settings import RfcSettings

#: ``("doc", docname, anchor)`` in this project, ``("url", uri, "")`` through intersphinx.
ApiTarget = tuple[str, str, str]


def dotted(path: str) -> str | None:
    """``hyper_parallel/trainer/`` -> ``hyper_parallel.trainer`` (a ``.py``
    file, a package's ``__init__.py`` too); None when a part is no name."""
    path = path.strip().removeprefix("./").strip("/")
    if path.endswith(".py"):
        path = path[:-3]
    parts = [p for p in path.split("/") if p]
    if parts and parts[-1] == "__init__":
        parts.pop()
    if not parts or not all(p.isidentifier() for p in parts):
        return None
    return ".".join(parts)


def candidates(name: str, settings: RfcSettings) -> list[str]:
    """The Python module names *name* may be documented as, in order."""
    given = settings.module_api.get(name)
    if given is not None:
        return [given]
    found: dict[str, None] = {}
    if all(p.isidentifier() for p in name.split(".")):
        found[name] = None
    for path in settings.module_paths.get(name, ()):
        name_of_path = dotted(path)
        if name_of_path:
            found[name_of_path] = None
    return list(found)


def _py_modules(env: BuildEnvironment) -> Mapping[str, Any]:
    """The Python domain's module table, read in place (not copied: a
    look-up per module of the index, 1,580 to draw one of 200 rows)."""
    try:
        modules = env.get_domain("py").data.get("modules", {})
    except Exception:
        return {}
    return cast("Mapping[str, Any]", modules)


def _inventory(env: BuildEnvironment) -> Mapping[str, Any]:
    """Intersphinx's ``py:module`` entries, read in place."""
    inventory = getattr(env, "intersphinx_inventory", None) or {}
    return cast("Mapping[str, Any]", inventory.get("py:module", {}))


def target_of(python_name: str, env: BuildEnvironment) -> ApiTarget | None:
    """Where *python_name* (a dotted module name) is documented, or None."""
    entry = _py_modules(env).get(python_name)
    if entry is not None:
        docname, node_id = entry[0], entry[1]
        return ("doc", str(docname), str(node_id))
    item = _inventory(env).get(python_name)
    if item is not None:
        uri = getattr(item, "uri", None)
        if uri is None:
            uri = item[2]
        return ("url", str(uri), "")
    return None


def api_of(name: str, env: BuildEnvironment) -> tuple[str, ApiTarget] | None:
    """The Python module documenting module *name* and where, or None."""
    settings = rfc_config.settings(env.config)
    for python_name in candidates(name, settings):
        target = target_of(python_name, env)
        if target is not None:
            return python_name, target
    return None


def api_value(name: str, env: BuildEnvironment) -> list[str] | None:
    """JSON-able :func:`api_of` (fingerprinted by the pages linking *name*)."""
    found = api_of(name, env)
    return [found[0], *found[1]] if found is not None else None


def api_link(name: str, uri: str, title: str | None = None) -> nodes.reference:
    """A link to the API entry of *name* (a reference, as the domain's
    cross-references are made here)."""
    ref = nodes.reference("", "", refuri=uri, classes=["rfc-api"], internal="://" not in uri)
    if title:
        ref["reftitle"] = title
    ref += nodes.literal(name, name, classes=["xref", "py", "py-mod"])
    return ref


#: The intersphinx object types a ``:signature-of:`` target may be.
_OBJECT_TYPES = ("py:function", "py:class", "py:method", "py:attribute", "py:data",
                 "py:exception", "py:property", "py:module")


def object_value(python_name: str, env: BuildEnvironment) -> list[str] | None:
    """Where the Python object *python_name* (``:signature-of:``) is
    documented: ``[kind, docname or URI, anchor]``, or None."""
    try:
        objects = env.get_domain("py").data.get("objects", {})
    except Exception:
        objects = {}
    entry = objects.get(python_name)
    if entry is not None:
        return ["doc", str(entry[0]), str(entry[1])]
    inventory = getattr(env, "intersphinx_inventory", None) or {}
    for objtype in _OBJECT_TYPES:
        item = inventory.get(objtype, {}).get(python_name)
        if item is not None:
            uri = getattr(item, "uri", None)
            return ["url", str(uri if uri is not None else item[2]), ""]
    return None


def target_reference(
    builder: Builder, fromdocname: str, python_name: str, found: list[str],
) -> nodes.Node | None:
    """A link to *python_name* documented at *found* (:func:`object_value`)."""
    kind, where, anchor = found
    if kind == "url":
        return api_link(python_name, where, python_name)
    if where == fromdocname:
        ref = api_link(python_name, "", python_name)
        del ref["refuri"]
        ref["refid"] = anchor
        return ref
    uri = page_link(builder, fromdocname, where, anchor or None)
    return api_link(python_name, uri, python_name) if uri is not None else None


def api_reference(
    env: BuildEnvironment, builder: Builder, fromdocname: str, name: str,
) -> nodes.Node | None:
    """A link from page *fromdocname* to the API documentation of module
    *name*, or None (no API documentation, or a page the builder does not
    write)."""
    found = api_of(name, env)
    if found is None:
        return None
    python_name, target = found
    return target_reference(builder, fromdocname, python_name, list(target))


def with_api(
    link: nodes.Node, env: BuildEnvironment, builder: Builder, fromdocname: str, name: str,
) -> nodes.Node:
    """*link* (to module *name*), followed by its API link when it has one."""
    api = api_reference(env, builder, fromdocname, name)
    if api is None:
        return link
    both = nodes.inline(classes=["rfc-mod-api"])
    both += link
    both += nodes.Text(" ")
    both += api
    return both
