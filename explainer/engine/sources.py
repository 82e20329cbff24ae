"""Where rule values come from: the documents, and a citation for each value.

A rule set is data (``rules.py`` for classic Belote, ``coinche/`` for Coinche), and
every knob value in it carries a :class:`Citation`: the document, the section, and a
short quote in the document's own language. The site links each value to its source,
so a reader who doubts "the takers keep their belote" can open the rulebook at the
right page. Keys are the research notes' (``FFB-B16`` is the FFB's classic rulebook of
27 January 2016); there is no single "FFB rulebook", so a citation always names the
edition.

>>> SOURCES["FFB-B16"].edition
'2016-01-27'
>>> Citation("FFB-B16", "§10.2", "même en cas de chute").source.lang
'fr'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from .errors import EngineError, UnknownRulesError

__all__ = ["SOURCES", "Citation", "Knob", "Source", "Sourced", "find_source"]


@dataclass(frozen=True, slots=True)
class Source:
    """One document rule values are taken from.

    ``key`` is stable (used in citations and on the site's rule-set page); ``title`` is
    the document's own title, in its own language ``lang``; ``edition`` an ISO date or
    year, or a revision note when the document has none.
    """

    key: str
    publisher: str
    title: str
    edition: str
    url: str
    lang: str


def _s(key: str, publisher: str, title: str, edition: str, url: str, lang: str) -> Source:
    return Source(key, publisher, title, edition, url, lang)


SOURCES: Final[Mapping[str, Source]] = {
    s.key: s
    for s in (
        _s(
            "FFB-B16",
            "Fédération Française de Belote",
            "Règles officielles de la Belote",
            "2016-01-27",
            "https://www.ffbelote.org/wp-content/uploads/2016/01/"
            "regles-officielles-de-la-Belote-27-01-2016.pdf",
            "fr",
        ),
        _s(
            "FFB-C16",
            "Fédération Française de Belote",
            "Règles officielles de la Belote Contrée",
            "2016-01-27",
            "https://www.ffbelote.org/wp-content/uploads/2016/01/"
            "regles-officielles-de-la-Belote-Contree-27-01-2016.pdf",
            "fr",
        ),
        _s(
            "FFB-C15",
            "Fédération Française de Belote",
            "Règles officielles de la Belote Contrée",
            "2015",
            "https://www.ffbelote.org/wp-content/uploads/2015/11/REGLES-DE-LA-BELOTE-CONTREE.pdf",
            "fr",
        ),
        _s(
            "FFB-CO15",
            "Fédération Française de Belote",
            "Règles officielles de la Belote Coinchée",
            "2015",
            "https://www.ffbelote.org/wp-content/uploads/2015/11/REGLES-DE-LA-BELOTE-COINCHEE.pdf",
            "fr",
        ),
        _s(
            "FFB-WB",
            "Fédération Française de Belote",
            "Règlements de la belote avec ou sans annonce (web page)",
            "web page, read 2026",
            "https://www.ffbelote.org/reglements-de-la-belote-avec-ou-sans-annonce/",
            "fr",
        ),
        _s(
            "FFB-WC",
            "Fédération Française de Belote",
            "Règles de la coinche (web page)",
            "web page, read 2026",
            "https://www.ffbelote.org/regles-coinche/",
            "fr",
        ),
        _s(
            "PAG-B",
            "Pagat (John McLeod)",
            "Belote",
            "web page, read 2026",
            "https://www.pagat.com/jass/belote.html",
            "en",
        ),
        _s(
            "PAG-C",
            "Pagat (John McLeod)",
            "La Coinche",
            "web page, read 2026",
            "https://www.pagat.com/jass/coinche.html",
            "en",
        ),
        _s(
            "DSL",
            "jbgh2/card-game-dsl",
            "Belote (Pagat's Belote restated as a specification)",
            "docs/games/belote.md, read 2026",
            "https://github.com/jbgh2/card-game-dsl/blob/main/docs/games/belote.md",
            "en",
        ),
        _s(
            "FUNBELOTE",
            "FunBelote",
            "Classic belote rules (web page)",
            "web page, read 2026",
            "https://www.funbelote.com/en/rules-belote/classic/",
            "en",
        ),
        _s(
            "BELOTE-CLI",
            "ElysiumDisc/belote (belote-cli), a game engine",
            "Belote – 4-Player Terminal Card Game",
            "source code, commit e79035b (version 4.9), read 2026",
            "https://github.com/ElysiumDisc/belote",
            "en",
        ),
        _s(
            "OPENSPIEL",
            "google-deepmind/open_spiel, a game engine",
            "Belote",
            "pull request 1574, commit 9adb6ba, read 2026",
            "https://github.com/google-deepmind/open_spiel/pull/1574",
            "en",
        ),
        _s(
            "OLIBOY50",
            "Oliboy50/coinche, a game engine",
            "Coinche",
            "source code, commit 7eb1906, read 2026",
            "https://github.com/Oliboy50/coinche",
            "en",
        ),
        _s(
            "SEED-000",
            "explainer seeds",
            "Którą kartę mogę zagrać? (the app's help page)",
            "seed 000",
            "",
            "pl",
        ),
        _s(
            "SEED-003",
            "explainer seeds",
            "Zasady jednego rozdania (the app's rules card)",
            "seed 003",
            "",
            "pl",
        ),
    )
}
"""Every document a rule value may cite, by key. Add a source here before citing it."""


def find_source(key: str) -> Source:
    """The source with ``key``; :class:`UnknownRulesError` naming the known keys otherwise."""
    try:
        return SOURCES[key]
    except KeyError:
        raise UnknownRulesError(f"unknown source: {key!r} (known: {', '.join(SOURCES)})") from None


@dataclass(frozen=True, slots=True)
class Citation:
    """Where one rule value is written: a source key, a section, and a short quote.

    The quote is in the source's language, verbatim and short (a clause, not a page):
    enough for a reader to find the passage. ``section`` is the document's own
    numbering (``§10.2``) or a heading when it has none.
    """

    key: str
    section: str
    quote: str

    @property
    def source(self) -> Source:
        """The cited document."""
        return find_source(self.key)


@dataclass(frozen=True, slots=True)
class Sourced:
    """One knob value of a preset and the citations that say so.

    ``note`` explains a value the sources do not settle (the reading a preset takes of
    an open point, or the seeds' house choice); it is shown beside the citation.
    A value with no citation must have a note: no rule value is only in code.
    """

    value: str
    cites: tuple[Citation, ...]
    note: str = ""

    def __post_init__(self) -> None:
        if not self.cites and not self.note:
            raise EngineError(f"rule value {self.value!r} has neither a citation nor a note")


@dataclass(frozen=True, slots=True)
class Knob:
    """A rule that sources disagree on: its name, its values (as written in a
    scenario), the games it applies to and one sentence saying what it decides."""

    name: str
    values: tuple[str, ...]
    games: frozenset[str]
    doc: str
