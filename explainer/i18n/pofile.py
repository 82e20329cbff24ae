"""Reading a catalog for checking: every syntax problem at its line, then Babel's catalog.

Babel's reader (``read_po``) either stops at the first problem (``abort_invalid``) or
prints a warning and guesses; it also keeps one of two duplicate entries and drops the
``msgstr[n]`` of a message without ``msgid_plural``, silently. The check wants every
problem, each at its line, so :func:`read_catalog` reads the file with a small strict
lexer of its own (one pass, linear in the file's size) and builds the
:class:`babel.messages.catalog.Catalog` through Babel's public API (``Catalog.add``), only
when the file has no syntax problem. No Babel internals are touched: a file this lexer
accepts is one Babel reads the same way (held by a test on the shipped catalogs).

>>> read = read_lines(['msgid "North"', 'msgstr "Nord"', 'msgid "North"', 'msgstr "Nord"'])
>>> read.problems
[(3, "duplicate entry for msgid 'North'")]
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.pofile import unescape

__all__ = [
    "MAX_CATALOG_BYTES",
    "Key",
    "ReadCatalog",
    "describe",
    "read_catalog",
    "read_catalog_bytes",
    "read_lines",
    "short",
]

MAX_CATALOG_BYTES: Final = 5_000_000
"""Larger catalogs are refused unread (the shipped ones are under 100 kB)."""

Key = tuple[str | None, str]
"""A message's identity in a catalog: ``(msgctxt, msgid)``."""

_KEYWORD_LINE: Final = re.compile(r"(msgctxt|msgid|msgid_plural|msgstr|msgstr\[(\d{1,3})\]) (.*)")
_ESCAPE: Final = re.compile(r"\\.")


def short(text: str, width: int = 50) -> str:
    """``text`` quoted for a one-line message, newlines shown as ``\\n``, cut at ``width``."""
    text = text.replace("\n", "\\n")
    return repr(text if len(text) <= width else text[: width - 1] + "…")


def describe(key: Key) -> str:
    """A message named for people: ``'North' (msgctxt 'seat')``."""
    context, msgid = key
    return short(msgid) + (f" (msgctxt {context!r})" if context else "")


def _is_quoted(value: str) -> bool:
    """One C string: quotes at both ends, none inside unless escaped, no lone backslash.

    Linear and without backtracking: a regular expression with a repeated group kept a
    frame per character (1.4 GB for a 10 MB msgstr).
    """
    if len(value) < 2 or value[0] != '"' or value[-1] != '"':
        return False
    rest = _ESCAPE.sub("", value[1:-1])
    return '"' not in rest and "\\" not in rest


@dataclass
class _Entry:
    """One entry while it is read: its strings as lists of quoted parts."""

    line: int
    flags: list[str]
    context: list[str] | None = None
    ids: list[list[str]] = field(default_factory=list)
    strings: dict[int, list[str]] = field(default_factory=dict)
    indexed: bool = False
    damaged: bool = False  # a line of it was unreadable: say nothing more about it

    def key(self) -> Key:
        context = _text(self.context) if self.context is not None else None
        return context, _text(self.ids[0])


def _text(parts: list[str]) -> str:
    return "".join(unescape(p) for p in parts)


@dataclass
class ReadCatalog:
    """A catalog read for checking: Babel's catalog (``None`` after a syntax problem),
    the problems as ``(line, message)``, and how many forms each plural entry gives."""

    path: str
    catalog: Catalog | None
    lang: str | None
    problems: list[tuple[int, str]] = field(default_factory=list)
    plural_given: dict[Key, int] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)


class _Lexer:
    """The entries of a catalog's lines, with every problem found on the way."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.problems: list[tuple[int, str]] = []
        self.plural_given: dict[Key, int] = {}
        self.entry: _Entry | None = None
        self.current: list[str] | None = None  # the string continuation lines extend
        self.flags: list[str] = []
        self.seen: set[Key] = set()

    def feed(self, number: int, raw: str) -> None:
        line = raw.strip()
        if not line:
            return
        if line.startswith("#"):
            self._comment(number, line)
        elif line.startswith('"'):
            self._continuation(number, line)
        else:
            self._keyword(number, line)

    def _comment(self, number: int, line: str) -> None:
        if line.startswith("#-"):
            self._bad_line(number, "merge conflict marker '#-': resolve the conflict")
            return
        if self.entry is not None and self.entry.ids:
            self.finish()
        self.current = None
        if line.startswith("#,"):
            self.flags.extend(f.strip() for f in line[2:].split(",") if f.strip())

    def _bad_line(self, number: int, problem: str) -> None:
        self.problems.append((number, problem))
        self.current = None
        if self.entry is not None:
            self.entry.damaged = True

    def _continuation(self, number: int, line: str) -> None:
        if not _is_quoted(line):
            self._bad_line(number, f"badly quoted string: {line[:40]!r}")
        elif self.current is None:
            self.problems.append((number, "a string outside msgctxt, msgid and msgstr"))
        else:
            self.current.append(line)

    def _keyword(self, number: int, line: str) -> None:
        m = _KEYWORD_LINE.fullmatch(line)
        if m is None:
            word = line.split(None, 1)[0]
            if word in ("msgctxt", "msgid", "msgid_plural", "msgstr") and word == line:
                self._bad_line(number, f"{word} without a string")
            else:
                expected = "expected msgctxt, msgid, msgid_plural, msgstr"
                self._bad_line(number, f"unknown keyword {word!r} ({expected})")
            return
        keyword, index, value = m.group(1), m.group(2), m.group(3).strip()
        if not _is_quoted(value):
            self._bad_line(number, f"badly quoted string: {value[:40]!r}")
            return
        self.current = [value]
        if keyword == "msgctxt":
            self._start(number, context=self.current)
        elif keyword == "msgid":
            self._msgid(number)
        elif keyword == "msgid_plural":
            self._msgid_plural(number)
        else:
            self._msgstr(number, int(index) if index is not None else None)

    def _start(self, number: int, *, context: list[str] | None = None) -> None:
        if self.entry is not None:
            if not self.entry.ids:
                self.problems.append((self.entry.line, "msgctxt without msgid"))
            else:
                self.finish()
        self.entry = _Entry(number, self.flags, context)
        self.flags = []

    def _msgid(self, number: int) -> None:
        assert self.current is not None
        if self.entry is None or self.entry.ids:
            self._start(number)
        assert self.entry is not None
        self.entry.line = number
        self.entry.ids.append(self.current)

    def _msgid_plural(self, number: int) -> None:
        assert self.current is not None
        entry = self.entry
        if entry is None or len(entry.ids) != 1 or entry.strings:
            self.problems.append((number, "msgid_plural must follow the entry's msgid"))
            return
        entry.ids.append(self.current)

    def _msgstr(self, number: int, index: int | None) -> None:
        assert self.current is not None
        entry = self.entry
        if entry is None or not entry.ids:
            self.problems.append((number, "msgstr without msgid"))
            return
        if index is not None:
            entry.indexed = True
        elif len(entry.ids) > 1:
            self.problems.append((number, "a plural message needs msgstr[0], msgstr[1], ..."))
        slot = index or 0
        if slot in entry.strings:
            self.problems.append((number, f"msgstr{'' if index is None else f'[{index}]'} twice"))
        entry.strings[slot] = self.current

    def finish(self) -> None:
        """Close the entry being read: check it, then add it to the catalog."""
        entry, self.entry = self.entry, None
        if entry is None or entry.damaged:  # its unreadable line is reported already
            return
        if not entry.ids:
            self.problems.append((entry.line, "msgctxt without msgid"))
            return
        key = entry.key()
        if not entry.strings:
            self.problems.append((entry.line, f"missing msgstr for msgid {short(key[1])}"))
        elif entry.indexed and len(entry.ids) == 1:
            # Babel would keep msgstr[0] and silently drop the other forms
            self.problems.append(
                (entry.line, "plural forms (msgstr[n]) for a message without msgid_plural")
            )
        if key in self.seen:
            self.problems.append((entry.line, f"duplicate entry for msgid {describe(key)}"))
        self.seen.add(key)
        if not self.problems:
            self._add(entry, key)

    def _add(self, entry: _Entry, key: Key) -> None:
        if len(entry.ids) > 1:
            self.plural_given[key] = len(entry.strings)
            msgid: str | tuple[str, ...] = (key[1], _text(entry.ids[1]))
            forms = range(self.catalog.num_plurals)
            string: str | tuple[str, ...] = tuple(_text(entry.strings.get(i, [])) for i in forms)
        else:
            msgid, string = key[1], _text(entry.strings[0])
        self.catalog.add(msgid, string, flags=entry.flags, lineno=entry.line, context=key[0])


def read_lines(lines: Iterable[str], lang: str | None = None) -> ReadCatalog:
    """Read a catalog's decoded lines (see :func:`read_catalog`)."""
    kept = list(lines)
    try:
        locale = Locale.parse(lang) if lang else None
    except (ValueError, UnknownLocaleError):
        return ReadCatalog("", None, lang, [(1, f"unknown language {lang!r} (folder name)")])
    lexer = _Lexer(Catalog(locale=locale))
    for number, line in enumerate(kept, start=1):
        lexer.feed(number, line)
    lexer.finish()
    problems = sorted(set(lexer.problems))
    catalog = None if problems else lexer.catalog
    return ReadCatalog("", catalog, lang, problems, lexer.plural_given, kept)


def read_catalog(path: Path, lang: str | None, *, shown: str | None = None) -> ReadCatalog:
    """Read a ``.po``/``.pot`` file (``lang`` None for the template), collecting every
    syntax problem as ``(line, message)``; the catalog is ``None`` if there is one."""
    shown = shown or str(path)
    try:
        with path.open("rb") as f:
            data = f.read(MAX_CATALOG_BYTES + 1)
    except OSError as exc:
        return ReadCatalog(shown, None, lang, [(1, f"cannot read the catalog: {exc.strerror}")])
    return read_catalog_bytes(data, lang, shown)


def read_catalog_bytes(data: bytes, lang: str | None, shown: str) -> ReadCatalog:
    """Read a catalog's bytes, as :func:`read_catalog` reads its file (the check reads
    each file once, for its cache key and for this)."""
    if len(data) > MAX_CATALOG_BYTES:
        too_large = f"catalog too large (more than {MAX_CATALOG_BYTES} bytes)"
        return ReadCatalog(shown, None, lang, [(1, too_large)])
    return _parse(data, lang, shown)


@functools.lru_cache(maxsize=8)
def _parse(data: bytes, lang: str | None, shown: str) -> ReadCatalog:
    """The catalog of a file's bytes; kept, since the check, the coverage and the
    glossary warnings each read every catalog, and parsing is most of their time. The
    key is the bytes themselves, so a changed file is parsed again. Callers only read
    the result."""
    lines = []
    undecodable = []
    for number, raw in enumerate(data.splitlines(), start=1):
        try:
            lines.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            undecodable.append((number, "not UTF-8 text"))
            lines.append(raw.decode("utf-8", "replace"))
    read = read_lines(lines, lang)
    read.path = shown
    if undecodable:
        read.catalog = None
        read.problems = sorted({*read.problems, *undecodable})
    return read
