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
Titles are extracted only where the project added words to the document's own title
(a gloss in parentheses), editions and sections only where they hold words (``§10.2``
and ``2016-01-27`` read the same in every language), publishers only of the project's
own material (a source with no address); a published document keeps its publisher's name.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any, Final

from explainer.engine import KNOBS, PRESET_SOURCES, PRESETS, SOURCES, Sourced, preset_sources

__all__ = [
    "RULE_NOTE",
    "SOURCE_EDITION",
    "SOURCE_PUBLISHER",
    "SOURCE_SECTION",
    "SOURCE_TITLE",
    "extract_rule_texts",
    "rule_texts",
]

RULE_NOTE: Final = "rule note"
"""The context of a preset value's note (:attr:`explainer.engine.Sourced.note`)."""
SOURCE_PUBLISHER: Final = "source publisher"
"""The context of the publisher of a source with no address: the project's own material,
named in English ("explainer seeds")."""
SOURCE_TITLE: Final = "source title"
"""The context of a source document's title that carries the project's gloss."""
SOURCE_EDITION: Final = "source edition"
"""The context of a source's edition written in words (``web page, read 2026``)."""
SOURCE_SECTION: Final = "source section"
"""The context of a citation's section written in words (``§5.2.2 (via COLV)``)."""

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
        if "(" in source.title:
            add(
                SOURCE_TITLE,
                source.title,
                f"The title of source {source.key}: keep the document's own title, in its"
                " language; translate the words in parentheses (the site's description).",
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
    return found


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
