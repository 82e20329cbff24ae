"""Diagnostics: one located problem each, printed ``path:line:col: message``.

The loader and the runner never raise on bad input: they return every problem they
find, so that one run of ``explainer check`` reports all of them. ``severity`` says
which exit code a problem leads to: ``invalid`` input (2) or an expectation that
``disagree``\\s with the engine (1). ``code`` is a stable short id for tools and tests.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from .model import Location

__all__ = [
    "DISAGREE",
    "EXIT_DISAGREE",
    "EXIT_INVALID",
    "EXIT_OK",
    "INVALID",
    "Diagnostic",
    "Severity",
    "exit_code",
    "one_line",
    "sort_key",
]

Severity = Literal["invalid", "disagree"]
INVALID: Severity = "invalid"
DISAGREE: Severity = "disagree"

EXIT_OK = 0
"""Every example agrees with the engine, every input is valid."""
EXIT_DISAGREE = 1
"""An example's stated facts disagree with the engine."""
EXIT_INVALID = 2
"""Some input is invalid (or the command line is)."""


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """A problem at a place in a file."""

    location: Location
    message: str
    code: str = "invalid"
    severity: Severity = "invalid"

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
    return (loc.path, loc.line, loc.column, d.message)


def exit_code(diagnostics: Iterable[Diagnostic]) -> int:
    """The exit code of a run that found ``diagnostics``: 2 if any input is invalid, 1 if
    some example only disagrees with the engine, 0 if there is nothing."""
    codes = {EXIT_INVALID if d.severity == INVALID else EXIT_DISAGREE for d in diagnostics}
    return max(codes, default=EXIT_OK)
