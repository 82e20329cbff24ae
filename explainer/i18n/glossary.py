"""The terminology check: one approved term per concept, per language.

Each shipped language has a glossary, ``locales/<lang>/glossary.csv``, in the headed CSV
form Weblate imports as a glossary (translate-toolkit's columns ``source``, ``target``,
``context``, ``developer_comments``), plus two columns of this project:

* ``forms``: the approved translation's inflected forms or stems, ``|``-separated
  (``atut|atuty|atutem``); a word of the translation starting with one of them counts;
* ``forbidden``: variants that must not translate the concept (``bez atutu``), matched
  the same way, at the start of a word, case-insensitively.

For a message whose English contains a glossary term (``source``, matched at the start
of a word, case-insensitively, so ``trump`` matches ``trumps`` but not ``overtrump``), a
forbidden variant in a translated form is an error (``po-glossary``, :data:`CHECKERS`),
and a translated form with none of the approved forms is a warning
(:func:`glossary_warnings`): printed, never failing the check, since a sentence may
rightly paraphrase.
"""

from __future__ import annotations

import csv
import functools
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog, Message, TranslationError

from explainer.cache import ByIdentity

from .checkers import forms

__all__ = [
    "COLUMNS",
    "GLOSSARY_FILE",
    "Term",
    "check_glossary",
    "forbidden_problems",
    "glossary_path",
    "glossary_problems",
    "layered_terms",
    "missing_terms",
    "parse_glossary",
    "read_glossary",
]

GLOSSARY_FILE: Final = "glossary.csv"
"""A language's glossary, beside its ``LC_MESSAGES`` folder."""

COLUMNS: Final = ("source", "target", "context", "developer_comments", "forms", "forbidden")
"""The glossary's header: Weblate's CSV columns, then ``forms`` and ``forbidden``."""


@dataclass(frozen=True)
class Term:
    """One concept: its English, the approved translation, what counts as it, what not."""

    source: str
    target: str
    context: str = ""
    note: str = ""
    forms: tuple[str, ...] = ()
    forbidden: tuple[str, ...] = ()

    @property
    def approved(self) -> tuple[str, ...]:
        """The forms that count as the approved translation (the target if none given)."""
        return self.forms or (self.target,)


def _split(cell: str | None) -> tuple[str, ...]:
    return tuple(part.strip() for part in (cell or "").split("|") if part.strip())


def glossary_path(catalog: Path) -> Path:
    """The glossary next to a catalog: ``locales/pl/LC_MESSAGES/messages.po`` ->
    ``locales/pl/glossary.csv``."""
    return catalog.parent.parent / GLOSSARY_FILE


def read_glossary(path: Path) -> tuple[Term, ...]:
    """The terms of a glossary file; none when it does not exist."""
    try:
        data = path.read_bytes()
    except OSError:
        return ()
    return parse_glossary(data)


@functools.lru_cache(maxsize=16)
def parse_glossary(data: bytes) -> tuple[Term, ...]:
    """The terms of a glossary's bytes; kept by content, so that an edited glossary is
    read again (``explainer serve`` runs for hours). A glossary with a problem
    (:func:`glossary_problems`, which the check reports) has no terms."""
    if glossary_problems(data):
        return ()
    rows = csv.DictReader(io.StringIO(data.decode("utf-8").removeprefix("\ufeff"), newline=""))
    return tuple(
        Term(
            source=row["source"].strip(),
            target=(row.get("target") or "").strip(),
            context=(row.get("context") or "").strip(),
            note=(row.get("developer_comments") or "").strip(),
            forms=_split(row.get("forms")),
            forbidden=_split(row.get("forbidden")),
        )
        for row in rows
        if (row.get("source") or "").strip()
    )


REQUIRED: Final = ("source", "target")
"""The columns a glossary's header must name."""


@functools.lru_cache(maxsize=16)
def glossary_problems(data: bytes) -> tuple[tuple[int, int, str], ...]:
    """What makes a glossary's bytes unusable, as ``(line, column, message)``: text that
    is not UTF-8 (at its first bad byte), CSV that does not parse (at its row, read
    strictly: a quoted cell not closed, text after a closing quote), a header without
    the :data:`REQUIRED` columns, a row with more cells than the header.

    >>> glossary_problems(b"source,target\\ntrump,atut,x\\n")
    ((2, 1, 'a row of 3 cells; the header names 2 columns'),)
    """
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        before = data[: exc.start].decode("utf-8", "replace")
        line, column = before.count("\n") + 1, len(before.rpartition("\n")[2]) + 1
        bad = f"not UTF-8 text (byte 0x{data[exc.start]:02X}); re-save the glossary as UTF-8"
        return ((line, column, bad),)
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    found: list[tuple[int, int, str]] = []
    header: list[str] | None = None
    start = 1  # the line the row being read starts on (a quoted cell may span lines)
    try:
        for row in reader:
            if header is None:
                header = row
                found += _header_problems(row)
            elif len(row) > len(header):
                cells = f"a row of {len(row)} cells; the header names {len(header)} columns"
                found.append((start, 1, cells))
            start = reader.line_num + 1
    except csv.Error as exc:
        why = "a quoted cell is not closed" if "end of data" in str(exc) else str(exc)
        found.append((start, 1, f"not valid CSV: {why}"))
    return tuple(found)


def _header_problems(header: list[str]) -> list[tuple[int, int, str]]:
    missing = [c for c in REQUIRED if c not in header]
    if not missing:
        return []
    expected = ",".join(COLUMNS)
    return [(1, 1, f"the header has no column {missing[0]!r} (expected {expected})")]


@functools.cache
def _pattern(word: str) -> re.Pattern[str]:
    """``word`` at the start of a word (not after a letter, digit, ``-`` or ``|``)."""
    return re.compile(r"(?<![\w\-|])" + re.escape(word), re.IGNORECASE)


@functools.cache
def _fold(word: str) -> str:
    return word.casefold()


def _has(text: str, folded: str, word: str) -> bool:
    """Whether ``word`` starts a word of ``text`` (``folded`` is ``text.casefold()``)."""
    # a plain substring test first: most words are not in most texts, and compiling and
    # running the word-start pattern for every pair was most of the glossary's time;
    # each text is folded once, not once per word
    return _fold(word) in folded and _pattern(word).search(text) is not None


_NOT_WORDS: Final = re.compile(r"%\([^()]*\)[a-z]|\{[^{}]*\}")
"""Placeholders and tokens (``%(trump)s``, ``{=last_trick}``): names, not English words."""


def _terms_in(message: Message, terms: tuple[Term, ...]) -> tuple[Term, ...]:
    """The terms whose English is in the message's English (msgid and msgid_plural)."""
    ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
    return tuple(terms[i] for i in _matching(tuple(str(s) for s in ids), _sources(terms)))


@functools.lru_cache(maxsize=4096)
def _matching(ids: tuple[str, ...], sources: tuple[str, ...]) -> tuple[int, ...]:
    """The indexes of the ``sources`` found in ``ids``. Kept per English text: every
    catalog has the same msgids, and both the check and the warnings look for them, so
    the search ran four times per message."""
    texts = [(text, text.casefold()) for text in (_NOT_WORDS.sub(" ", s) for s in ids)]
    return tuple(
        i
        for i, source in enumerate(sources)
        if any(_has(text, folded, source) for text, folded in texts)
    )


_SOURCES: Final[ByIdentity[tuple[str, ...]]] = ByIdentity()
"""The English of each glossary in use, by the identity of its terms: a glossary's terms
are the same tuple for every message (:func:`parse_glossary` keeps them), and hashing
the tuple for each message would cost what the memo saves."""


def _sources(terms: tuple[Term, ...]) -> tuple[str, ...]:
    return _SOURCES.get(terms, "sources", None, lambda: tuple(term.source for term in terms))


def forbidden_problems(message: Message, terms: tuple[Term, ...]) -> Iterator[str]:
    """Each forbidden variant a translated form uses for a term of the English."""
    found = [term for term in _terms_in(message, terms) if term.forbidden]
    for form in forms(message) if found else ():
        folded = form.text.casefold()
        for term in found:
            for bad in term.forbidden:
                if _has(form.text, folded, bad):
                    yield (
                        f"{form.where}glossary: {bad!r} for {term.source!r}: write {term.target!r}"
                    )


def missing_terms(message: Message, terms: tuple[Term, ...]) -> Iterator[str]:
    """Each term of the English whose approved forms a translated form lacks."""
    found = list(_terms_in(message, terms))
    for form in forms(message) if found else ():
        folded = form.text.casefold()
        for term in found:
            if not any(_has(form.text, folded, ok) for ok in term.approved):
                yield f"{form.where}glossary: no approved form of {term.target!r} for {term.source!r}"


def check_glossary(catalog: Catalog | None, message: Message) -> None:
    """Babel checker (``pybabel compile``, from the project's root): a forbidden variant of
    a glossary term in the translation raises :class:`TranslationError`. The terms are
    the theme's glossary of the catalog's language and the project's own
    (``locales/<lang>/glossary.csv``), whose rows replace the theme's."""
    if catalog is None or catalog.locale is None:
        return
    from .catalog import THEME_LOCALES

    lang = str(catalog.locale)
    terms = layered_terms(
        read_glossary(THEME_LOCALES / lang / GLOSSARY_FILE),
        read_glossary(Path("locales") / lang / GLOSSARY_FILE),
    )
    problems = list(forbidden_problems(message, terms))
    if problems:
        raise TranslationError("; ".join(problems))


def layered_terms(*glossaries: tuple[Term, ...]) -> tuple[Term, ...]:
    """The terms of several glossaries, a later one's row replacing an earlier one's for
    the same term (English and context): a site's glossary over the theme's."""
    terms: dict[tuple[str, str], Term] = {}
    for glossary in glossaries:
        for term in glossary:
            terms[(term.source.casefold(), term.context)] = term
    return tuple(terms.values())
