"""``explainer check --fill``: write the engine's answer into absent ``expect`` keys.

The file is edited as text, at the lines the YAML nodes' marks point to, so its
comments, quoting and layout stay as the author wrote them; a value already present
is never changed. New keys go after the last key of ``expect`` (a block mapping), before
the closing brace of a flow mapping, or into a new ``expect:`` at the end of the file.
"""

from __future__ import annotations

from typing import Any

from .kinds import kind_of
from .model import Scenario
from .runner import compute
from .yamlsource import MappingNode, Node, ScalarNode, compose, physical_lines

__all__ = ["fill_text", "flow"]


def flow(value: Any) -> str:
    """A YAML-ready value in flow style: ``[7S, 9S]``, ``{NS: 97, EW: 55}``, ``true``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {flow(v)}" for k, v in value.items()) + "}"
    return str(value)


def fill_text(text: str, scenario: Scenario) -> tuple[str, list[str]]:
    """``text`` with the absent ``expect`` keys of ``scenario`` written in, and their names.

    ``scenario`` must have been loaded from ``text`` without problems.
    """
    facts = compute(scenario)
    fill = kind_of(scenario).fill_keys(facts)
    missing = [k for k in fill if k not in scenario.expect]
    if not missing:
        return text, []
    root = compose(text)
    assert isinstance(root, MappingNode)
    lines = physical_lines(text)
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += "\n"
    new = [(k, flow(facts[k])) for k in missing]
    pair = next(((k, v) for k, v in root.value if k.value == "expect"), None)
    if pair is None:
        if root.flow_style:
            raise ValueError("cannot fill a file written as one flow mapping")
        return _new_block(lines, root, new), missing
    knode, vnode = pair
    if isinstance(vnode, ScalarNode):  # ``expect:`` with no value yet
        return _into_empty(lines, knode, new), missing
    assert isinstance(vnode, MappingNode)
    if vnode.flow_style:
        return _into_flow(lines, vnode, new), missing
    return _into_block(lines, vnode, new), missing


_New = list[tuple[str, str]]


def _new_block(lines: list[str], root: MappingNode, new: _New) -> str:
    """A new ``expect:`` block at the end of the file."""
    indent = root.start_mark.column
    out = [" " * indent + "expect:\n"]
    out += [" " * (indent + 2) + f"{k}: {v}\n" for k, v in new]
    return "".join(lines + out)


def _into_empty(lines: list[str], knode: Node, new: _New) -> str:
    """The keys under an ``expect:`` that has no value yet."""
    line = knode.start_mark.line
    indent = knode.start_mark.column + 2
    out = [" " * indent + f"{k}: {v}\n" for k, v in new]
    head = lines[line]
    lines[line] = head + ("\n" if not head.endswith("\n") else "")
    return "".join(lines[: line + 1] + out + lines[line + 1 :])


def _into_flow(lines: list[str], vnode: MappingNode, new: _New) -> str:
    """The keys before the closing brace of ``expect: {...}``."""
    end = _offset(lines, vnode.end_mark.line, vnode.end_mark.column) - 1  # at the '}'
    body = "".join(lines)
    sep = ", " if vnode.value else ""
    added = sep + ", ".join(f"{k}: {v}" for k, v in new)
    return body[:end] + added + body[end:]


def _into_block(lines: list[str], vnode: MappingNode, new: _New) -> str:
    """The keys after the last key of a block ``expect`` mapping."""
    last_value = vnode.value[-1][1]
    indent = vnode.value[0][0].start_mark.column
    end = last_value.end_mark
    at = end.line if end.column == 0 else end.line + 1
    # Do not push the new keys below blank lines or comments that end the block.
    while (
        at > last_value.start_mark.line + 1
        and at - 1 < len(lines)
        and (not lines[at - 1].strip() or lines[at - 1].lstrip().startswith("#"))
    ):
        at -= 1
    out = [" " * indent + f"{k}: {v}\n" for k, v in new]
    return "".join(lines[:at] + out + lines[at:])


def _offset(lines: list[str], line: int, column: int) -> int:
    return sum(len(x) for x in lines[:line]) + column
