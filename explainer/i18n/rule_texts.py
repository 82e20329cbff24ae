"""The English words of the engine's rule-set data, made translatable without the engine.

The engine keeps every rule value with its sources (:mod:`explainer.engine.presets`,
:mod:`explainer.engine.sources`): a note where the sources do not settle a value, and
each citation's document title, edition and section. The Rule sets page and the
examples' variant notes show them, so on a Polish or French page they must be in Polish
or French. The engine stays free of prose lookups: this module reads those texts through
the engine's public names (:data:`~explainer.engine.PRESETS`,
:func:`~explainer.engine.preset_sources`, :data:`~explainer.engine.PRESET_SOURCES`,
:data:`~explainer.engine.SOURCES`), and

* :func:`extract_rule_texts` is a Babel extractor (entry point ``explainer_rules``,
  mapped to ``explainer/engine/presets.py`` in ``babel.cfg``) that yields each text as one
  message under a context saying what it is (:data:`RULE_NOTE`, ...);
* the site looks each text up under the same context (:meth:`Words.rule_text
  <explainer.i18n.names.Words.rule_text>`), so an English note changed in the engine is
  simply untranslated until a translator gets to it, like any other message.

The English text itself is the message id, so there is no second copy of it to drift
from the engine's. Quotes are never extracted: they stay in the source's language.
A title is never extracted, only the words the project added after it (a gloss in
parentheses: ``web page``), so a page cites the title in its language and the gloss in
the page's; editions and sections only where they hold words (``§10.2``
and ``2016-01-27`` read the same in every language), publishers only of the project's
own material (a source with no address); a published document keeps its publisher's name.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any, Final

from explainer.engine import (
    KNOBS,
    PRESET_SOURCES,
    PRESETS,
    SOURCES,
    Rule,
    Sourced,
    preset_sources,
    why_illegal,
)

__all__ = [
    "PLAY_VERB",
    "RULE_NOTE",
    "SOURCE_EDITION",
    "SOURCE_GLOSS",
    "SOURCE_PUBLISHER",
    "SOURCE_SECTION",
    "extract_rule_texts",
    "play_verb",
    "rule_texts",
    "split_title",
]

RULE_NOTE: Final = "rule note"
"""The context of a preset value's note (:attr:`explainer.engine.Sourced.note`)."""
PLAY_VERB: Final = "illegal play"
"""The context of the engine's reason in an illegal-play message (``must climb`` in
``illegal play: 7S (must climb: 9S)``, :func:`~explainer.engine.why_illegal`)."""
SOURCE_PUBLISHER: Final = "source publisher"
"""The context of the publisher of a source with no address: the project's own material,
named in English ("explainer seeds")."""
SOURCE_GLOSS: Final = "source gloss"
"""The context of the words the project adds to a document's title, in parentheses
(``web page`` in "Règles de la coinche (web page)"): the title itself is not translated."""
SOURCE_EDITION: Final = "source edition"
"""The context of a source's edition written in words (``web page, read 2026``)."""
SOURCE_SECTION: Final = "source section"
"""The context of a citation's section written in words (``§5.2.2 (via COLV)``)."""

_GLOSS: Final = re.compile(r"^(?P<own>.*?) \((?P<gloss>[^()]*)\)$")
"""A title ending in the project's gloss in parentheses."""

_WORDS: Final = re.compile(r"[^\W\d_]{3}")
"""Three letters in a row: a text that has words to translate."""

_GAME: Final = "belote"
"""The game whose rule sets the Rule sets page shows (with their notes)."""


def _belote_values() -> Iterator[tuple[str, str, Sourced]]:
    """``(preset, knob, value)`` of every row and column of the Rule sets page."""
    for name, rules in PRESETS.items():
        if rules.game != _GAME:
            continue
        values = preset_sources(name)
        for knob, spec in KNOBS.items():
            if _GAME in spec.games:
                yield name, knob, values[knob]


def _all_values() -> Iterator[Mapping[str, Sourced]]:
    for name, rules in PRESETS.items():
        if rules.game == _GAME:
            yield preset_sources(name)
    yield from PRESET_SOURCES.values()


def rule_texts() -> dict[tuple[str, str], list[str]]:
    """Every translatable text of the rule-set data: ``(context, English)`` -> the
    translator's comments (what the text is and where it is shown), in data order."""
    found: dict[tuple[str, str], list[str]] = {}

    def add(context: str, text: str, comment: str) -> None:
        comments = found.setdefault((context, text), [])
        if comment not in comments:
            comments.append(comment)

    for preset, knob, sourced in _belote_values():
        if sourced.note:
            add(
                RULE_NOTE,
                sourced.note,
                f"Rule sets page, preset {preset}, rule {knob} (value {sourced.value}): why"
                " the preset takes this value. Keep document keys (FFB-B16), section numbers,"
                " value names in code font and quoted words as they are.",
            )
    for source in SOURCES.values():
        if not source.url:
            add(
                SOURCE_PUBLISHER,
                source.publisher,
                "Who published a source the project holds itself (the seeds: the materials"
                " of the app the house rules come from).",
            )
        own, gloss = split_title(source.title)
        if gloss:
            add(
                SOURCE_GLOSS,
                gloss,
                f"What the document of source {source.key} is, after its own title"
                f" ({own}), which stays in its language.",
            )
        if _WORDS.search(source.edition):
            add(
                SOURCE_EDITION,
                source.edition,
                f"The edition of source {source.key} ({source.title}): which version was read.",
            )
    for values in _all_values():
        for sourced in values.values():
            for cite in sourced.cites:
                if _WORDS.search(cite.section):
                    add(
                        SOURCE_SECTION,
                        cite.section,
                        f"A section of {cite.key} ({cite.source.title}) as cited: keep the"
                        " document's own heading and numbers; translate the site's words"
                        " ('via COLV': read in the secondary document COLV; 'all FFB"
                        " editions': every edition of the FFB rulebook says so).",
                    )
    for rule in Rule:
        add(
            PLAY_VERB,
            play_verb(rule),
            f"Why a card may not be played, in the message the Your position page shows"
            f' ("illegal play: 7S (must climb: 9S)"); rule {rule.value}. The same words'
            " as explainer check's message, which is English.",
        )
    return found


def play_verb(rule: Rule) -> str:
    """The engine's reason for an illegal play under ``rule``, without the cards:
    ``must climb`` (:func:`~explainer.engine.why_illegal`)."""
    return why_illegal(rule, 0).removesuffix(": ")


def split_title(title: str) -> tuple[str, str]:
    """A source's title and the project's gloss after it, ``""`` when it has none.

    >>> split_title("Règles de la coinche (web page)")
    ('Règles de la coinche', 'web page')
    >>> split_title("Règles officielles de la Belote")
    ('Règles officielles de la Belote', '')
    """
    m = _GLOSS.match(title)
    return (m["own"], m["gloss"]) if m else (title, "")


def _line_of(source: str, text: str) -> int:
    """The line of ``source`` where ``text`` starts (its first words), else 1."""
    head = text[:24]
    at = source.find(head)
    return source.count("\n", 0, at) + 1 if at >= 0 else 1


def extract_rule_texts(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel extractor: every text of :func:`rule_texts`, each once, at its line in the
    mapped file where it is written there (the notes), else at line 1.

    The texts are read from the engine's data, not parsed from ``fileobj``: a note built
    from two constants (``"..." + _NO_TA_IN_CLASSIC``) is one message, exactly as the
    site looks it up. Yields ``(lineno, "pgettext", (context, message), comments)``.
    """
    raw = fileobj.read()
    source = raw.decode(options.get("encoding", "utf-8")) if isinstance(raw, bytes) else raw
    for (context, text), comments in rule_texts().items():
        yield _line_of(source, text), "pgettext", (context, text), comments
