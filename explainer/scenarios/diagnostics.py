"""Diagnostics: one located problem each, printed ``path:line:col: message``.

The loader and the runner never raise on bad input: they return every problem they
find, so that one run of ``explainer check`` reports all of them. ``severity`` says
which exit code a problem leads to: ``invalid`` input (2) or an expectation that
``disagree``\\s with the engine (1). ``code`` is a stable short id for tools and tests
(:class:`Code`, listed in ``docs/architecture.md``).

A :class:`Location` is data: the file, the 1-based line and column, and the key path
of the value (``("tricks", 3, 2)``, list items counted from 1, as in the messages). It
is formatted only when printed, so nobody splits a dotted string again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

__all__ = [
    "DISAGREE",
    "EXIT_DISAGREE",
    "EXIT_INVALID",
    "EXIT_OK",
    "INVALID",
    "Code",
    "Diagnostic",
    "KeyPath",
    "Location",
    "Severity",
    "dotted",
    "exit_code",
    "one_line",
    "sort_key",
]

KeyPath = tuple[str | int, ...]
"""Where a value stands in its document: keys and 1-based list positions, outermost first."""


def dotted(key: KeyPath) -> str:
    """A key path as the messages write it: ``("tricks", 3, 2)`` -> ``tricks.3.2``."""
    return ".".join(map(str, key))


class Severity(StrEnum):
    """Which exit code a problem leads to."""

    INVALID = "invalid"
    """The input cannot be read as the format says (exit 2)."""
    DISAGREE = "disagree"
    """The input is valid but a stated fact is not what the engine computes (exit 1)."""


INVALID: Final = Severity.INVALID
DISAGREE: Final = Severity.DISAGREE


class Code(StrEnum):
    """The stable id of each kind of problem (the table in ``docs/architecture.md``)."""

    # reading a file
    IO = "io"
    ENCODING = "encoding"
    TOO_LARGE = "too-large"
    YAML = "yaml"
    TOO_DEEP = "too-deep"
    TOO_LONG = "too-long"
    ALIAS = "alias"
    EMPTY = "empty"
    NOTHING = "nothing-to-check"
    INTERNAL = "internal"
    OUTPUT = "output"
    TOML = "toml"
    OUTSIDE = "outside"
    # the format's keys and values
    INVALID = "invalid"
    TYPE = "type"
    UNKNOWN_KEY = "unknown-key"
    DUPLICATE_KEY = "duplicate-key"
    MISSING = "missing"
    BAD_ID = "bad-id"
    BAD_VALUE = "bad-value"
    NUMBER_TOO_LARGE = "number-too-large"
    BAD_CARD = "bad-card"
    BAD_SEAT = "bad-seat"
    BAD_TRUMP = "bad-trump"
    BAD_RULES = "bad-rules"
    BAD_BID = "bad-bid"
    BAD_DEAL = "bad-deal"
    DUPLICATE_CARD = "duplicate-card"
    TOO_MANY = "too-many"
    OUT_OF_TURN = "out-of-turn"
    NOT_IN_HAND = "not-in-hand"
    ILLEGAL_PLAY = "illegal-play"
    # the project
    DUPLICATE_ID = "duplicate-id"
    UNKNOWN_PAGE = "unknown-page"
    UNKNOWN_SECTION = "unknown-section"
    # the engine's answer
    DISAGREE = "disagree"
    PROSE_NUMBER = "prose-number"
    # catalogs (printed by the i18n checkers)
    CATALOG = "catalog"
    PO_SYNTAX = "po-syntax"
    PO_CARDS = "po-cards"
    PO_PLACEHOLDERS = "po-placeholders"
    PO_MARKDOWN = "po-markdown"
    PO_NEWLINES = "po-newlines"
    PO_NUMBERS = "po-numbers"
    PO_VALUES = "po-values"
    PO_GLOSSARY = "po-glossary"
    PO_PLURAL = "po-plural"
    PO_FUZZY = "po-fuzzy"
    PO_OUTDATED = "po-outdated"
    PO_UNTRANSLATED = "po-untranslated"


EXIT_OK = 0
"""Every example agrees with the engine, every input is valid."""
EXIT_DISAGREE = 1
"""An example's stated facts disagree with the engine."""
EXIT_INVALID = 2
"""Some input is invalid (or the command line is)."""


@dataclass(frozen=True, slots=True)
class Location:
    """Where a value stands: file path (as given), 1-based line and column, and the key
    path of the value (not part of equality: two names of one place are one place)."""

    path: str
    line: int
    col: int = 1
    key: KeyPath = field(default=(), compare=False)

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"

    @property
    def column(self) -> int:
        """The 1-based column (``col``)."""
        return self.col


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """A problem at a place in a file."""

    location: Location
    message: str
    code: Code = Code.INVALID
    severity: Severity = Severity.INVALID

    def __str__(self) -> str:
        return one_line(f"{self.location}: {self.message}")

    @property
    def path(self) -> str:
        """The file, as the user named it."""
        return self.location.path

    @property
    def line(self) -> int:
        """The 1-based line."""
        return self.location.line


def one_line(text: str) -> str:
    """``text`` with every unprintable character escaped as Python would (``\\n``,
    ``\\x1b``, ``\\u202e``): one problem stays one line, and a hostile file name or
    message cannot send terminal escapes or reorder the text around it."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == "\t" else repr(c)[1:-1] for c in text)


def sort_key(d: Diagnostic) -> tuple[str, int, int, str]:
    """Order of the report: by path, then line, then column."""
    loc = d.location
    return (loc.path, loc.line, loc.col, d.message)


def exit_code(diagnostics: Iterable[Diagnostic]) -> int:
    """The exit code of a run that found ``diagnostics``: 2 if any input is invalid, 1 if
    some example only disagrees with the engine, 0 if there is nothing."""
    codes = {EXIT_INVALID if d.severity == Severity.INVALID else EXIT_DISAGREE for d in diagnostics}
    return max(codes, default=EXIT_OK)
