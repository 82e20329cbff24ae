"""Where rule values come from: the documents, and a citation for each value.

A rule set is data (``presets.py`` for classic Belote, ``coinche/rules.py`` for Coinche),
and every knob value in it carries a :class:`Citation`: the primary document, the section
as that document numbers it, and a short verbatim quote in the document's own language.
The site links each value to its source, so a reader who doubts "the takers keep their
belote" can open the rulebook at the right page. There is no single "FFB rulebook", so a
source always names its edition.

Keys (``FFB-B16`` is the FFB's classic rulebook of 27 January 2016) are for the data only:
a page shows the document's publisher, title, edition and address, never the key. Where
a quote could be read only in a copy of the document (a transcription, a mirror, a
survey that quotes it), :attr:`Citation.read_in` records that copy for maintainers; it is
never shown, and the page cites the primary document.

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

    ``key`` is stable (used in citations; never shown); ``title`` is the document's own
    title, in its own language ``lang`` (what kind of document it is, a web page, is the
    ``edition``'s to say); ``edition`` an ISO date or year, or words where the document is
    undated; ``url`` its address (empty for the seeds, the app's texts the
    project holds itself).
    """

    key: str
    publisher: str
    title: str
    edition: str
    url: str
    lang: str


def _s(key: str, publisher: str, title: str, edition: str, url: str, lang: str) -> Source:
    return Source(key, publisher, title, edition, url, lang)


_FFB: Final = "Fédération Française de Belote"
_PAGAT: Final = "Pagat (John McLeod)"
_APP: Final = "the Belote app of the house rules"
"""The publisher of the seeds: the app whose help page and rules card the house rules come
from (a source the project holds itself, with no address)."""
_UNDATED: Final = "web page, undated"
_APP_TEXT: Final = "app text, undated"


SOURCES: Final[Mapping[str, Source]] = {
    s.key: s
    for s in (
        _s(
            "FFB-B16",
            _FFB,
            "Règles officielles de la Belote",
            "2016-01-27",
            "https://www.ffbelote.org/wp-content/uploads/2016/01/"
            "regles-officielles-de-la-Belote-27-01-2016.pdf",
            "fr",
        ),
        _s(
            "FFB-C16",
            _FFB,
            "Règles officielles de la Belote Contrée",
            "2016-01-27",
            "https://www.ffbelote.org/wp-content/uploads/2016/01/"
            "regles-officielles-de-la-Belote-Contree-27-01-2016.pdf",
            "fr",
        ),
        _s(
            "FFB-C15",
            _FFB,
            "Règles officielles de la Belote Contrée",
            "2015",
            "https://www.ffbelote.org/wp-content/uploads/2015/11/REGLES-DE-LA-BELOTE-CONTREE.pdf",
            "fr",
        ),
        _s(
            "FFB-CO15",
            _FFB,
            "Règles officielles de la Belote Coinchée",
            "2015",
            "https://www.ffbelote.org/wp-content/uploads/2015/11/REGLES-DE-LA-BELOTE-COINCHEE.pdf",
            "fr",
        ),
        _s(
            "FFB-WB",
            _FFB,
            "Règlement officiel de la belote avec ou sans annonce",
            _UNDATED,
            "https://www.ffbelote.org/reglements-de-la-belote-avec-ou-sans-annonce/",
            "fr",
        ),
        _s(
            "FFB-WC",
            _FFB,
            "Règles de la Coinche",
            _UNDATED,
            "https://www.ffbelote.org/regles-coinche/",
            "fr",
        ),
        _s(
            "FFB-WCT",
            _FFB,
            "Belote contrée",
            _UNDATED,
            "https://www.ffbelote.org/belote-contree/",
            "fr",
        ),
        _s("PAG-B", _PAGAT, "Belote", _UNDATED, "https://www.pagat.com/jass/belote.html", "en"),
        _s(
            "PAG-C", _PAGAT, "La Coinche", _UNDATED, "https://www.pagat.com/jass/coinche.html", "en"
        ),
        _s(
            "FUNBELOTE",
            "FunBelote",
            "Classic belote rules",
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
        _s("SEED-000", _APP, "Jaką kartę wolno zagrać?", _APP_TEXT, "", "pl"),
        _s(
            "SEED-003",
            _APP,
            "4 graczy · Partnerujesz przeciwne AI · Pojedyncze rozdanie",
            _APP_TEXT,
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
    numbering (``§10.2``) or its heading when it has none (``The Play``). ``read_in``
    names the copy the quote was read in when the document itself could not be (a full
    transcription, a mirror, a survey quoting it): maintainers' provenance, never shown
    on a page, which cites the primary document.
    """

    key: str
    section: str
    quote: str
    read_in: str = ""

    @property
    def source(self) -> Source:
        """The cited document."""
        return find_source(self.key)


@dataclass(frozen=True, slots=True)
class Sourced:
    """One knob value of a preset and the citations that say so.

    ``note`` explains a value the sources do not settle (the reading a preset takes of
    an open point, where two sources or editions disagree, or why no quote exists); it
    is shown beside the citation, so it is plain text for players: no document keys,
    file names or copies. A value with no citation must have a note: no rule value is
    only in code.
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
