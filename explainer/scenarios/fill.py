"""``explainer check --fill``: write the engine's answer into absent ``expect`` keys.

The file is edited as text, at the lines the YAML nodes' marks point to, so its
comments, quoting and layout stay as the author wrote them; a value already present
is never changed. New keys go after the last key of ``expect`` (a block mapping), before
the closing brace of a flow mapping, or into a new ``expect:`` at the end of the file.
"""

from __future__ import annotations

from typing import Any

from .keys import EXPECT_KEYS
from .model import AnyScenario
from .runner import compute
from .yamlsource import MappingNode, ScalarNode, compose

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


def fill_text(text: str, scenario: AnyScenario) -> tuple[str, list[str]]:
    """``text`` with the absent ``expect`` keys of ``scenario`` written in, and their names.

    ``scenario`` must have been loaded from ``text`` without problems.
    """
    facts = compute(scenario)
    missing = [k for k in EXPECT_KEYS[scenario.kind] if k in facts and k not in scenario.expect]
    if scenario.kind == "bidding":  # say ``annulled: true``, or who took: not both
        noise = ("taker", "trump") if facts["annulled"] else ("annulled",)
        missing = [k for k in missing if k not in noise]
    if not missing:
        return text, []
    root = compose(text)
    assert isinstance(root, MappingNode)
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += "\n"
    pair = next(((k, v) for k, v in root.value if k.value == "expect"), None)
    if pair is None:
        if root.flow_style:
            raise ValueError("cannot fill a file written as one flow mapping")
        indent = root.start_mark.column
        new = [" " * indent + "expect:\n"]
        new += [" " * (indent + 2) + f"{k}: {flow(facts[k])}\n" for k in missing]
        return "".join(lines + new), missing
    knode, vnode = pair
    if isinstance(vnode, ScalarNode):  # ``expect:`` with no value yet
        line = knode.start_mark.line
        indent = knode.start_mark.column + 2
        new = [" " * indent + f"{k}: {flow(facts[k])}\n" for k in missing]
        head = lines[line]
        ending = "\n" if not head.endswith("\n") else ""
        lines[line] = head + ending
        return "".join(lines[: line + 1] + new + lines[line + 1 :]), missing
    assert isinstance(vnode, MappingNode)
    if vnode.flow_style:
        end = _offset(lines, vnode.end_mark.line, vnode.end_mark.column) - 1  # at the '}'
        body = "".join(lines)
        sep = ", " if vnode.value else ""
        added = sep + ", ".join(f"{k}: {flow(facts[k])}" for k in missing)
        return body[:end] + added + body[end:], missing
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
    new = [" " * indent + f"{k}: {flow(facts[k])}\n" for k in missing]
    return "".join(lines[:at] + new + lines[at:]), missing


def _offset(lines: list[str], line: int, column: int) -> int:
    return sum(len(x) for x in lines[:line]) + column
