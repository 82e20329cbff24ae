"""YAML text -> PyYAML nodes with marks, every scalar kept as its written string.

The scenario format never relies on YAML's implicit typing: ``on``, ``no``, ``010``
and ``1e3`` stay the strings the author wrote, and each field parses its own value.
Nodes are composed by libyaml (PyYAML's C parser) with a resolver that tags every
scalar ``str`` without running YAML 1.1's regular expressions, which is both
safer and faster than :class:`yaml.CSafeLoader`.

Cheap guards run before the composer, because libyaml's composer recurses in C and
expands aliases: files over :data:`MAX_BYTES`, nesting deeper than :data:`MAX_DEPTH`,
and anchors or aliases are refused with a located :class:`SourceError`.
Marks are 0-based in PyYAML; :class:`SourceError` holds them 1-based.
"""

from __future__ import annotations

import re
from typing import Any, Final

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_ITEMS",
    "SourceError",
    "compose",
    "Node",
    "ScalarNode",
    "SequenceNode",
    "MappingNode",
]

MAX_BYTES: Final = 1_000_000
"""Larger files are refused unread."""
MAX_DEPTH: Final = 50
"""Deeper nesting of lists and mappings is refused before composing."""
MAX_ITEMS: Final = 1000
"""Longer lists (and larger mappings) are refused by the reader."""

_STR_TAG: Final = "tag:yaml.org,2002:str"
_SEQ_TAG: Final = "tag:yaml.org,2002:seq"
_MAP_TAG: Final = "tag:yaml.org,2002:map"

try:
    from yaml.cyaml import CParser as _Parser  # the C parser behind yaml.CSafeLoader

    HAVE_LIBYAML: Final = True
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    from yaml.composer import Composer
    from yaml.parser import Parser
    from yaml.reader import Reader
    from yaml.scanner import Scanner

    class _Parser(Reader, Scanner, Parser, Composer):  # type: ignore[no-redef]
        def __init__(self, stream: str) -> None:
            Reader.__init__(self, stream)
            Scanner.__init__(self)
            Parser.__init__(self)
            Composer.__init__(self)

    HAVE_LIBYAML = False  # type: ignore[misc]


class _StringResolver:
    """Tags every scalar as a string: the format reads values itself."""

    yaml_implicit_resolvers: dict[str, Any] = {}

    def descend_resolver(self, current_node: Any, current_index: Any) -> None:
        pass

    def ascend_resolver(self) -> None:
        pass

    def resolve(self, kind: type, value: Any, implicit: Any) -> str:
        if kind is ScalarNode:
            return _STR_TAG
        if kind is SequenceNode:
            return _SEQ_TAG
        return _MAP_TAG


class _Loader(_Parser, _StringResolver):  # type: ignore[misc, valid-type]
    def __init__(self, stream: str) -> None:
        _Parser.__init__(self, stream)


class SourceError(ValueError):
    """A file that cannot be read as a scenario document at all (1-based position)."""

    def __init__(self, message: str, line: int = 1, column: int = 1, code: str = "yaml") -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.code = code


# A nesting deeper than MAX_DEPTH needs either that many brackets or that many columns
# of indentation and indicators: below both bounds the precise scan is not needed.
_DEEP_INDENT: Final = re.compile(r"^[ \t?:-]{40,}", re.M)
_MAYBE_ANCHOR: Final = re.compile(r"[&*]")


def compose(text: str) -> Node | None:
    """The document's root node (``None`` for an empty document).

    Raises :class:`SourceError` for a syntax error, a second document, an anchor or
    alias, too deep a nesting or too large a text.
    """
    if len(text) > MAX_BYTES:
        raise SourceError(f"file too large: {len(text)} characters (at most {MAX_BYTES})",
                          code="too-large")
    if (
        _MAYBE_ANCHOR.search(text)
        or text.count("[") + text.count("{") > MAX_DEPTH - 10
        or _DEEP_INDENT.search(text)
    ):
        _scan_events(text)
    loader = _Loader(text)
    try:
        return loader.get_single_node()  # type: ignore[no-any-return]
    except yaml.MarkedYAMLError as exc:
        raise _syntax_error(exc) from None
    except yaml.YAMLError as exc:
        raise SourceError(f"invalid YAML: {exc}") from None
    finally:
        loader.dispose()


def _scan_events(text: str) -> None:
    """Walk the parser's events (no composing): refuse anchors, aliases, deep nesting."""
    depth = 0
    loader = _Loader(text)
    try:
        while True:
            event = loader.get_event()
            if event is None:
                break
            anchor = getattr(event, "anchor", None)
            if isinstance(event, yaml.AliasEvent):
                m = event.start_mark
                raise SourceError(
                    f"aliases are not allowed: '*{anchor}' (write the value out)",
                    m.line + 1, m.column + 1, code="alias",
                )
            if anchor is not None:
                m = event.start_mark
                raise SourceError(
                    f"anchors are not allowed: '&{anchor}' (write the value out)",
                    m.line + 1, m.column + 1, code="alias",
                )
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    m = event.start_mark
                    raise SourceError(f"nesting too deep (more than {MAX_DEPTH} levels)",
                                      m.line + 1, m.column + 1, code="too-deep")
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
            elif isinstance(event, yaml.StreamEndEvent):
                break
    except yaml.MarkedYAMLError as exc:
        raise _syntax_error(exc) from None
    except yaml.YAMLError as exc:
        raise SourceError(f"invalid YAML: {exc}") from None
    finally:
        loader.dispose()


def _syntax_error(exc: yaml.MarkedYAMLError) -> SourceError:
    mark = exc.problem_mark or exc.context_mark
    problem = exc.problem or exc.context or "syntax error"
    if "expected a single document" in (exc.context or ""):
        problem = "expected a single document, found a second one"
    line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    return SourceError(f"invalid YAML: {problem}", line, column, code="yaml")
