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
    "physical_lines",
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
    text, hidden = _hide_breaks(text)
    try:
        return _compose(text, hidden)
    except SourceError as exc:
        if hidden:  # a message may quote a hidden line break
            exc.message = exc.message.translate(hidden)
            exc.args = (exc.message,)
        raise


def _compose(text: str, hidden: dict[int, str]) -> Node | None:
    """:func:`compose` of a text whose other line breaks are hidden."""
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
        root: Node | None = loader.get_single_node()
    if root is not None:
        _settle(root, text, hidden)
    return root


# YAML 1.1 (libyaml) breaks lines at U+0085, U+2028 and U+2029 too, even in comments;
# editors do not, so the lines and columns of every problem were off after one. Each is
# read as an ordinary character instead, hidden behind a private-use character the text
# does not hold, and put back in the values (and in a message that quotes one).
_OTHER_BREAKS: Final = ("\x85", "\u2028", "\u2029")
_PRIVATE: Final = range(0xE000, 0xF900)


def _hide_breaks(text: str) -> tuple[str, dict[int, str]]:
    """``text`` with U+0085, U+2028 and U+2029 hidden, and how to put them back."""
    present = [c for c in _OTHER_BREAKS if c in text]
    if not present:
        return text, {}
    used = set(text)
    free = (chr(p) for p in _PRIVATE if chr(p) not in used)
    hidden = {ord(c): h for c, h in zip(present, free, strict=False)}
    return text.translate(hidden), {ord(h): c for c, h in ((chr(k), v) for k, v in hidden.items())}


def physical_lines(text: str) -> list[str]:
    """``text``'s lines as editors and the YAML reader count them (ends kept): broken at
    ``\\n``, ``\\r\\n`` and ``\\r`` only, never at U+2028 (``str.splitlines`` does)."""
    return _LINE.findall(text)


_LINE: Final = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")

_FORBIDDEN: Final = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]"
)
"""The characters YAML refuses in a file (``control characters are not allowed``): an
escape in a double-quoted string (``"\\x1b"``, ``"\\0"``) may not bring them back."""
_ESCAPE: Final = re.compile(r"\\(?:x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)", re.S)
_SHORT_ESCAPES: Final = {"0": "\0", "a": "\a", "b": "\b", "v": "\v", "f": "\f", "e": "\x1b"}


def _settle(root: Node, text: str, hidden: dict[int, str]) -> None:
    """Put the hidden line breaks back into every scalar, and refuse a control character
    that an escape of a double-quoted string wrote (the literal one is refused by YAML)."""
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, ScalarNode):
            if hidden:
                node.value = node.value.translate(hidden)
            if node.style == '"' and _FORBIDDEN.search(node.value):
                raise _escaped_control(node, text)
        elif isinstance(node, SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, MappingNode):
            stack.extend(n for pair in node.value for n in pair)


def _escaped_control(node: ScalarNode, text: str) -> SourceError:
    """The first escape in ``node``'s source that writes a forbidden character, located."""
    starts = [0] + [m.end() for m in _LINE.finditer(text)]
    begin = starts[node.start_mark.line] + node.start_mark.column
    end = starts[min(node.end_mark.line, len(starts) - 1)] + node.end_mark.column
    for m in _ESCAPE.finditer(text, begin, end):
        code = m.group(0)[1:]
        char = _SHORT_ESCAPES.get(code) or (chr(int(code[1:], 16)) if len(code) > 1 else "")
        if char and _FORBIDDEN.match(char):
            before = text[: m.start()]
            line = node.start_mark.line + text.count("\n", begin, m.start()) + 1
            column = m.start() - max(before.rfind("\n"), before.rfind("\r"))
            return SourceError(
                f"invalid YAML: character U+{ord(char):04X} (written {m.group(0)}): "
                "control characters are not allowed",
                line,
                column,
                code=Code.YAML,
            )
    return SourceError(
        "invalid YAML: a control character in a double-quoted string",
        node.start_mark.line + 1,
        node.start_mark.column + 1,
        code=Code.YAML,
    )


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
        raise _syntax_error(exc, text) from None
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
            for ln in physical_lines(text)
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


def _syntax_error(exc: yaml.MarkedYAMLError, text: str) -> SourceError:
    mark = exc.problem_mark or exc.context_mark
    problem = exc.problem or exc.context or "syntax error"
    if "expected a single document" in (exc.context or ""):
        problem = "expected a single document, found a second one"
    line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    tab = _indenting_tab(text, line)
    if tab is not None:
        return SourceError("invalid YAML: a tab: indent with spaces", line, tab, code=Code.YAML)
    unindented = _unindented_block(text, line) if "expected ':'" in problem else None
    if unindented is not None:
        first, key = unindented
        return SourceError(
            f"invalid YAML: the text under '{key}' must be indented more than its key",
            first,
            1,
            code=Code.YAML,
        )
    return SourceError(f"invalid YAML: {problem}", line, column, code=Code.YAML)


_BLOCK_HEADER: Final = re.compile(r"([ -]*)([^\s:#][^:#]*):[ \t]*[|>][-+0-9]*[ \t]*(#.*)?")


def _unindented_block(text: str, line: int) -> tuple[int, str] | None:
    """Where a block text (``text: >``) starts whose lines are not indented under their
    key, and the key's line as written, when that is why ``line`` fails: the parser says
    "could not find expected ':'" a line later."""
    lines = physical_lines(text)[: line - 1]
    for number in range(len(lines) - 1, -1, -1):
        header = _BLOCK_HEADER.fullmatch(lines[number].rstrip("\r\n"))
        if header is None:
            continue
        indent = len(header.group(1))
        body = [x for x in lines[number + 1 :] if x.strip()]
        if body and all(len(x) - len(x.lstrip(" ")) <= indent for x in body):
            first = next(n for n in range(number + 1, len(lines)) if lines[n].strip())
            return first + 1, lines[number].strip()
        return None
    return None


def _indenting_tab(text: str, line: int) -> int | None:
    """The 1-based column of a tab in the indentation of ``line`` (1-based), if any: the
    parser's message for it ("found character that cannot start any token") does not
    say that YAML indents with spaces only."""
    lines = physical_lines(text)
    if not 0 < line <= len(lines):
        return None
    row = lines[line - 1]
    indent = row[: len(row) - len(row.lstrip(" \t"))]
    return indent.index("\t") + 1 if "\t" in indent else None
