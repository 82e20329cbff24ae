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
    OTHER_VALUES,
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
    "SOURCE_PUBLISHER",
    "SOURCE_SECTION",
    "extract_rule_texts",
    "play_verb",
    "rule_texts",
]

RULE_NOTE: Final = "rule note"
"""The context of a preset value's note (:attr:`explainer.engine.Sourced.note`)."""
PLAY_VERB: Final = "illegal play"
"""The context of the engine's reason in an illegal-play message (``must climb`` in
``illegal play: 7S (must climb: 9S)``, :func:`~explainer.engine.why_illegal`)."""
SOURCE_PUBLISHER: Final = "source publisher"
"""The context of the publisher of a source with no address: the project's own material,
named in English ("explainer seeds")."""
SOURCE_EDITION: Final = "source edition"
"""The context of a source's edition written in words (``web page, read 2026``)."""
SOURCE_SECTION: Final = "source section"
"""The context a page looks a citation's section up under. A section is the document's
own numbering or heading (``§5.2.2``, ``The Play``), so nothing is extracted under it: it
is shown as the document writes it."""

_WORDS: Final = re.compile(r"[^\W\d_]{3}")
"""Three letters in a row: a text that has words to translate."""


def _other_values(
    *tables: Mapping[str, Mapping[str, Sourced]],
) -> Iterator[tuple[str, str, Sourced]]:
    """``(knob, value, sourced)`` of every value no preset takes in ``tables`` (the Rule
    sets page lists the classic ones, :data:`OTHER_VALUES`)."""
    for table in tables:
        for knob, values in table.items():
            for value, sourced in values.items():
                yield knob, value, sourced


def _values() -> Iterator[tuple[str, str, Sourced]]:
    """``(preset, knob, value)`` of every preset of both games: the classic ones (their
    aliases too: a scenario may still name one) and the Coinche ones."""
    for name in PRESETS:
        for knob, sourced in preset_sources(name).items():
            yield name, knob, sourced
    for name, values in PRESET_SOURCES.items():
        for knob, sourced in values.items():
            yield name, knob, sourced


def rule_texts() -> dict[tuple[str, str], list[str]]:
    """Every translatable text of the rule-set data: ``(context, English)`` -> the
    translator's comments (what the text is and where it is shown), in data order.

    A citation's section is the document's own heading or numbering, in the document's
    language like its quote, so it is not translated."""
    found: dict[tuple[str, str], list[str]] = {}

    def add(context: str, text: str, comment: str) -> None:
        comments = found.setdefault((context, text), [])
        if comment not in comments:
            comments.append(comment)

    for preset, knob, sourced in _values():
        if sourced.note:
            add(
                RULE_NOTE,
                sourced.note,
                f"Rule sets page, preset {preset}, rule {knob} (value {sourced.value}): why"
                " the preset takes this value, or why no quote is given. Keep section numbers"
                " (§10.1.3) and quoted French words « ... » as they are.",
            )
    for knob, value, sourced in _other_values(OTHER_VALUES):
        if sourced.note:
            add(
                RULE_NOTE,
                sourced.note,
                f"Rule sets page, values no rule set takes, rule {knob} (value {value}): who"
                " plays it and how. Keep program names, file names and value names as they"
                " are.",
            )
    for source in SOURCES.values():
        if not source.url:
            add(
                SOURCE_PUBLISHER,
                source.publisher,
                "Who published a source the project holds itself: the app whose help page"
                " and rules card the house rules come from.",
            )
        if _WORDS.search(source.edition):
            add(
                SOURCE_EDITION,
                source.edition,
                f"The edition of the document titled {source.title}: which version was read.",
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
