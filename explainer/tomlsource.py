"""Where each key and value of a TOML document is written, for located messages.

The standard library's :mod:`tomllib` reads TOML but forgets where things were: a
setting whose value is wrong can only be named, not pointed at. :func:`positions` scans
a document that :mod:`tomllib` has read (so it is valid TOML, and the scanner need not
judge anything) once, and returns the 1-based line and column of every key and of every
value, by key path: ``("tool", "explainer", "languages", 2)`` is the second item of that
array (items counted from 1, as the messages count them). :func:`syntax_error` turns
:mod:`tomllib`'s message into the same shape.

>>> found = positions('[tool.explainer]\\ntitle = "Club"\\nlanguages = ["en", "fr"]\\n')
>>> found.keys[("tool", "explainer", "title")], found.values[("tool", "explainer", "title")]
((2, 1), (2, 9))
>>> found.values[("tool", "explainer", "languages", 2)]
(3, 20)
>>> syntax_error(ValueError("Invalid value (at line 3, column 9)"))
(3, 9, 'invalid value')
"""

from __future__ import annotations

import bisect
import re
import tomllib
from dataclasses import dataclass, field
from typing import Final

__all__ = ["Path", "Positions", "positions", "syntax_error"]

Path = tuple[str | int, ...]
"""Keys and 1-based array positions, outermost first."""

_BARE: Final = re.compile(r"[A-Za-z0-9_-]+")
_AT: Final = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_AT_END: Final = re.compile(r"\s*\(at end of document\)\s*$")


@dataclass
class Positions:
    """Each key's and each value's ``(line, column)``, by key path (the first place
    a table is named, for a table written in several places)."""

    keys: dict[Path, tuple[int, int]] = field(default_factory=dict)
    values: dict[Path, tuple[int, int]] = field(default_factory=dict)

    def key(self, path: Path) -> tuple[int, int]:
        """Where ``path``'s key is written, else its nearest written parent's, else 1:1."""
        return _nearest(self.keys, path)

    def value(self, path: Path) -> tuple[int, int]:
        """Where ``path``'s value starts, else where its key is (see :meth:`key`)."""
        return self.values[path] if path in self.values else self.key(path)


def _nearest(found: dict[Path, tuple[int, int]], path: Path) -> tuple[int, int]:
    while path:
        if path in found:
            return found[path]
        path = path[:-1]
    return 1, 1


def syntax_error(exc: ValueError) -> tuple[int, int, str]:
    """``(line, column, message)`` of a :class:`tomllib.TOMLDecodeError`, its message
    in lower case as the other messages are; ``(1, 1, ...)`` when it names no place."""
    message = str(exc)
    line, col = 1, 1
    if m := _AT.search(message):
        line, col, message = int(m[1]), int(m[2]), message[: m.start()]
    elif m := _AT_END.search(message):
        message = message[: m.start()] + " at the end of the file"
    message = _CLEARER.get(message, message)
    return line, col, message[:1].lower() + message[1:]


_CLEARER: Final = {
    "Illegal character '\\n'": "the line ends inside a string (its closing quote is missing)",
}
""":mod:`tomllib`'s messages that say more in other words."""


def positions(text: str) -> Positions:
    """The places of every key and value of ``text``, a document :mod:`tomllib` reads."""
    scanner = _Scanner(text)
    scanner.document()
    return scanner.found


class _Scanner:
    """One pass over a valid TOML document, recording where keys and values start."""

    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0
        self.starts = [0, *(m.end() for m in re.finditer(r"\n", text))]
        self.found = Positions()
        self.tables: dict[Path, int] = {}  # array-of-tables: how many so far

    # -- places

    def at(self, index: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, index)
        return line, index - self.starts[line - 1] + 1

    def mark(self, table: dict[Path, tuple[int, int]], path: Path, index: int) -> None:
        table.setdefault(path, self.at(index))

    # -- characters

    def peek(self, n: int = 1) -> str:
        return self.s[self.i : self.i + n]

    def blank(self, *, newlines: bool) -> None:
        """Skip spaces and comments (and newlines when ``newlines``)."""
        while self.i < len(self.s):
            c = self.s[self.i]
            if c in " \t\r" or (newlines and c == "\n"):
                self.i += 1
            elif c == "#":
                end = self.s.find("\n", self.i)
                self.i = len(self.s) if end < 0 else end
            else:
                return

    # -- the document

    def document(self) -> None:
        current: Path = ()
        while True:
            self.blank(newlines=True)
            if self.i >= len(self.s):
                return
            if self.peek(2) == "[[":
                self.i += 2
                name = self.key(())
                n = self.tables[name] = self.tables.get(name, 0) + 1
                current = (*name, n)
                self.i = self.s.index("]]", self.i) + 2
            elif self.peek() == "[":
                self.i += 1
                current = self.key(())
                self.i = self.s.index("]", self.i) + 1
            else:
                path = self.key(current)
                self.i = self.s.index("=", self.i) + 1
                self.value(path)

    def key(self, prefix: Path) -> Path:
        """A dotted key after ``prefix``; each part's place is recorded."""
        path = prefix
        while True:
            self.blank(newlines=False)
            start = self.i
            path = (*path, self.key_part())
            self.mark(self.found.keys, path, start)
            self.blank(newlines=False)
            if self.peek() != ".":
                return path
            self.i += 1

    def key_part(self) -> str:
        c = self.peek()
        if c in "\"'":
            start = self.i
            self.string()
            raw = self.s[start : self.i]
            return str(next(iter(tomllib.loads(f"{raw} = 0"))))
        m = _BARE.match(self.s, self.i)
        if m is None:  # not valid TOML: the caller read it with tomllib first
            raise ValueError(f"not a key at {self.at(self.i)}")
        self.i = m.end()
        return m.group()

    # -- values

    def value(self, path: Path) -> None:
        self.blank(newlines=False)
        self.mark(self.found.values, path, self.i)
        c = self.peek()
        if c == "{":
            self.inline_table(path)
        elif c == "[":
            self.array(path)
        elif c in "\"'":
            self.string()
        else:
            while self.i < len(self.s) and self.s[self.i] not in ",]}\n#":
                self.i += 1

    def inline_table(self, path: Path) -> None:
        self.i += 1
        while True:
            self.blank(newlines=False)
            if self.peek() == "}":
                self.i += 1
                return
            inner = self.key(path)
            self.i = self.s.index("=", self.i) + 1
            self.value(inner)
            self.blank(newlines=False)
            if self.peek() == ",":
                self.i += 1

    def array(self, path: Path) -> None:
        self.i += 1
        n = 0
        while True:
            self.blank(newlines=True)
            if self.peek() == "]":
                self.i += 1
                return
            n += 1
            self.value((*path, n))
            self.blank(newlines=True)
            if self.peek() == ",":
                self.i += 1

    def string(self) -> None:
        quote = self.peek()
        if self.peek(3) == quote * 3:
            end = self.s.index(quote * 3, self._after_escapes(self.i + 3, quote * 3))
            while self.s[end + 3 : end + 4] == quote:  # up to two quotes end the text
                end += 1
            self.i = end + 3
            return
        self.i = self._after_escapes(self.i + 1, quote) + 1

    def _after_escapes(self, start: int, closing: str) -> int:
        """The index of ``closing`` from ``start``, skipping backslash escapes in basic
        strings (literal strings have none)."""
        i = start
        while True:
            end = self.s.index(closing, i)
            if closing[0] == "'":
                return end
            backslashes = len(self.s[i:end]) - len(self.s[i:end].rstrip("\\"))
            if backslashes % 2 == 0:
                return end
            i = end + 1
