"""YAML text -> PyYAML nodes with marks, every scalar kept as its written string.

The scenario format never relies on YAML's implicit typing: ``on``, ``no``, ``010``
and ``1e3`` stay the strings the author wrote, and each field parses its own value.
Nodes are composed by libyaml (PyYAML's C parser) with a resolver that tags every
scalar ``str`` without running YAML 1.1's regular expressions, which is both
safer and faster than :class:`yaml.CSafeLoader`.

Cheap guards run before the composer, because libyaml's composer recurses in C and
expands aliases: files over :data:`MAX_BYTES`, nesting deeper than :data:`MAX_DEPTH`,
lists and mappings longer than :data:`MAX_ITEMS`, and anchors or aliases are refused
with a located :class:`SourceError`, streaming the parser's events (no node is built).
Marks are 0-based in PyYAML; :class:`SourceError` holds them 1-based.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Final

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .diagnostics import Code

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_ITEMS",
    "MAX_PROSE",
    "MappingNode",
    "Node",
    "ScalarNode",
    "SequenceNode",
    "SourceError",
    "compose",
]

MAX_BYTES: Final = 1_000_000
"""Larger files are refused unread."""
MAX_DEPTH: Final = 50
"""Deeper nesting of lists and mappings is refused before composing."""
MAX_ITEMS: Final = 1000
"""Longer lists (and larger mappings) are refused by the reader."""
MAX_PROSE: Final = 50_000
"""The most characters of prose (titles, texts, intros together) one file may hold:
six times the longest shipped page. Rendering Markdown costs up to 30 µs a character on
hostile text (``[`` repeated: linear, but slow), so this keeps every file's pages to
seconds in every language."""

_STR_TAG: Final = "tag:yaml.org,2002:str"
_SEQ_TAG: Final = "tag:yaml.org,2002:seq"
_MAP_TAG: Final = "tag:yaml.org,2002:map"

try:
    from yaml.cyaml import CParser as _Parser  # type: ignore[attr-defined]  # the C parser behind yaml.CSafeLoader

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

    def __init__(
        self, message: str, line: int = 1, column: int = 1, code: Code = Code.YAML
    ) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.code = code


# A nesting deeper than MAX_DEPTH needs that many brackets and columns of indentation and
# indicators together (a block level takes a column, a flow level a bracket): below that
# bound the precise scan is not needed.
_DEEP_INDENT: Final = re.compile(r"^[ \t?:-]{40,}", re.M)
_INDENT: Final = re.compile(r"^[ \t?:-]+", re.M)
"""A line's block nesting: at most one level per column of indentation and indicators."""
_MAYBE_ANCHOR: Final = re.compile(r"[&*]")


def compose(text: str) -> Node | None:
    """The document's root node (``None`` for an empty document).

    Raises :class:`SourceError` for a syntax error, a second document, an anchor or
    alias, too deep a nesting or too large a text.
    """
    if len(text) > MAX_BYTES:
        raise SourceError(
            f"file too large: {len(text)} characters (at most {MAX_BYTES})", code=Code.TOO_LARGE
        )
    surrogate = _SURROGATE.search(text)
    if surrogate is not None:
        raise _surrogate_error(text, surrogate.start())
    brackets = text.count("[") + text.count("{")
    if (
        _MAYBE_ANCHOR.search(text)
        # block levels and brackets add up: 15 levels of "- " and 36 brackets are 51
        or (
            brackets and brackets + max(map(len, _INDENT.findall(text)), default=0) > MAX_DEPTH - 10
        )
        or _DEEP_INDENT.search(text)
        # n items need n - 1 separators: 1001 items on one line have 1000 commas
        or text.count("\n") + text.count(",") >= MAX_ITEMS
    ):
        _scan_events(text)
    with _reading(text) as loader:
        return loader.get_single_node()  # type: ignore[no-any-return]


_SURROGATE: Final = re.compile("[\ud800-\udfff]")
"""Half of a UTF-16 pair alone: text a file cannot hold (UTF-8 cannot encode it), only a
caller of :func:`compose` can pass it."""


def _surrogate_error(text: str, pos: int) -> SourceError:
    before = text[:pos]
    return SourceError(
        f"not Unicode text (a lone surrogate, U+{ord(text[pos]):04X})",
        before.count("\n") + 1,
        len(before.rpartition("\n")[2]) + 1,
        Code.ENCODING,
    )


@contextmanager
def _reading(text: str) -> Iterator[_Loader]:
    """A loader over ``text`` whose every YAML error becomes one located :class:`SourceError`."""
    loader = _Loader(text)
    try:
        yield loader
    except yaml.MarkedYAMLError as exc:
        if "nesting depth" in str(exc):  # libyaml's own limit, hit while reading ahead
            _check_flow_depth(text)
        raise _syntax_error(exc) from None
    except yaml.reader.ReaderError as exc:
        raise _reader_error(text, exc) from None
    except yaml.YAMLError as exc:
        raise SourceError(f"invalid YAML: {_one_line(str(exc))}") from None
    finally:
        loader.dispose()


def _check_flow_depth(text: str) -> None:
    """Refuse brackets nested deeper than :data:`MAX_DEPTH` before libyaml sees them.

    Called when a libyaml build stops at its own limit (1000 levels) while reading ahead,
    with a message that points past the fault, before our event scan got there; counting ``[``/``{`` against ``]``/``}`` finds the
    first bracket too deep in one linear pass. (Brackets inside quoted text count too: no
    real scenario nests 50 of them.)
    """
    first = next(
        (
            ln.lstrip()[:1]
            for ln in text.splitlines()
            if ln.strip() and not ln.lstrip().startswith(("#", "%", "---"))
        ),
        "",
    )
    depth = 0 if first in ("[", "{") else 1  # a block mapping or list at the root is a level
    line = column = 0
    for ch in text:
        if ch == "\n":
            line += 1
            column = 0
            continue
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise SourceError(
                    f"nesting too deep (more than {MAX_DEPTH} levels)",
                    line + 1,
                    column + 1,
                    code=Code.TOO_DEEP,
                )
        elif ch in "]}" and depth:
            depth -= 1
        column += 1


def _position(mark: Any) -> tuple[int, int]:
    """1-based ``(line, column)`` of a PyYAML mark (0-based), or the file's start."""
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


def _scan_events(text: str) -> None:
    """Walk the parser's events (no composing): refuse anchors, aliases, deep nesting and
    lists or mappings longer than :data:`MAX_ITEMS`, before any node is built."""
    depth = 0
    # per open collection: [is a list, nodes seen inside it, its start mark]
    open_: list[list[Any]] = []
    with _reading(text) as loader:
        while True:
            event = loader.get_event()
            if event is None:
                break
            anchor = getattr(event, "anchor", None)
            if isinstance(event, yaml.AliasEvent):
                raise SourceError(
                    f"aliases are not allowed: '*{anchor}' (write the value out)",
                    *_position(event.start_mark),
                    code=Code.ALIAS,
                )
            if anchor is not None:
                raise SourceError(
                    f"anchors are not allowed: '&{anchor}' (write the value out)",
                    *_position(event.start_mark),
                    code=Code.ALIAS,
                )
            if open_ and isinstance(event, (yaml.NodeEvent, yaml.CollectionStartEvent)):
                top = open_[-1]
                top[1] += 1
                if top[1] > (MAX_ITEMS if top[0] else 2 * MAX_ITEMS):
                    what = "items in one list" if top[0] else "keys in one mapping"
                    raise SourceError(
                        f"too many {what} (more than {MAX_ITEMS})",
                        *_position(top[2]),
                        code=Code.TOO_LONG,
                    )
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                open_.append([isinstance(event, yaml.SequenceStartEvent), 0, event.start_mark])
                depth += 1
                if depth > MAX_DEPTH:
                    raise SourceError(
                        f"nesting too deep (more than {MAX_DEPTH} levels)",
                        *_position(event.start_mark),
                        code=Code.TOO_DEEP,
                    )
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                open_.pop()
                depth -= 1
            elif isinstance(event, yaml.StreamEndEvent):
                break


def _one_line(message: str) -> str:
    """A diagnostic is one line: PyYAML's messages span several."""
    return " ".join(message.split())


def _reader_error(text: str, exc: yaml.reader.ReaderError) -> SourceError:
    """A character YAML forbids (NUL, other control characters), at its line and column.

    libyaml gives the position in UTF-8 bytes, the pure-Python reader in characters.
    """
    char = exc.character if isinstance(exc.character, int) else ord(exc.character or "\0")
    pos = exc.position or 0
    prefix = text.encode("utf-8")[:pos].decode("utf-8", "replace") if HAVE_LIBYAML else text[:pos]
    line = prefix.count("\n") + 1
    column = len(prefix) - (prefix.rfind("\n") + 1) + 1
    return SourceError(
        f"invalid YAML: character U+{char:04X}: {_one_line(str(exc.reason))}",
        line,
        column,
        code=Code.YAML,
    )


def _syntax_error(exc: yaml.MarkedYAMLError) -> SourceError:
    mark = exc.problem_mark or exc.context_mark
    problem = exc.problem or exc.context or "syntax error"
    if "expected a single document" in (exc.context or ""):
        problem = "expected a single document, found a second one"
    line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    return SourceError(f"invalid YAML: {problem}", line, column, code=Code.YAML)
