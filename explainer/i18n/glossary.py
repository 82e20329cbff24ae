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
    "Term",
    "check_glossary",
    "forbidden_problems",
    "glossary_path",
    "glossary_warnings",
    "missing_terms",
    "read_glossary",
]

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
    return catalog.parent.parent / "glossary.csv"


def read_glossary(path: Path) -> tuple[Term, ...]:
    """The terms of a glossary file; none when it does not exist."""
    try:
        data = path.read_bytes()
    except OSError:
        return ()
    return _parse_glossary(data)


@functools.lru_cache(maxsize=16)
def _parse_glossary(data: bytes) -> tuple[Term, ...]:
    """The terms of a glossary's bytes; kept by content, so that an edited glossary is
    read again (``explainer serve`` runs for hours)."""
    # a glossary that is not UTF-8 is read with U+FFFD for its bad bytes (its terms
    # then match nothing), one that is no CSV as none: never an internal error
    try:
        rows = list(csv.DictReader(io.StringIO(data.decode("utf-8", "replace"), newline="")))
    except csv.Error:
        return ()
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
are the same tuple for every message (:func:`_parse_glossary` keeps them), and hashing
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
    a glossary term in the translation raises :class:`TranslationError`."""
    if catalog is None or catalog.locale is None:
        return
    terms = read_glossary(Path("locales") / str(catalog.locale) / "glossary.csv")
    problems = list(forbidden_problems(message, terms))
    if problems:
        raise TranslationError("; ".join(problems))


def glossary_warnings(catalog: Catalog, path: Path, shown: str) -> list[str]:
    """The warning lines of one catalog, ``shown:LINE:1: warning: ...``: each translated
    message lacking an approved form of a glossary term of its English."""
    terms = read_glossary(glossary_path(path))
    lines: list[str] = []
    for message in catalog:
        for problem in missing_terms(message, terms):
            lines.append(f"{shown}:{message.lineno or 1}:1: warning: {problem}")
    return lines
