"""The engine's rule-set words reach the catalogs, and every value has a name.

explainer/i18n/rule_texts.py extracts the notes and sources' words of the engine's
rule-set data (the engine holds no translation code); explainer/i18n/names.py names
every knob value a page can show.
"""

from __future__ import annotations

import io

from explainer.engine import (
    COINCHE_KNOBS,
    COINCHE_PRESETS,
    KNOBS,
    PRESET_SOURCES,
    SOURCES,
    DeclarationKind,
)
from explainer.i18n.names import DECLARATION_NAMES, KNOB_LABELS, KNOB_NUMBERS, KNOB_PHRASES
from explainer.i18n.rule_texts import (
    RULE_NOTE,
    SOURCE_EDITION,
    SOURCE_PUBLISHER,
    SOURCE_SECTION,
    extract_rule_texts,
    rule_texts,
)
from explainer.site.variants import other_value_rows, rule_set_rows


def _extracted() -> dict[tuple[str, str], tuple[int, list[str]]]:
    source = b'x = 1\nNOTE = (\n    "A tournament may drop the litige rule; it"\n)\n'
    out = {}
    for line, func, (context, message), comments in extract_rule_texts(
        io.BytesIO(source), (), (), {}
    ):
        assert func == "pgettext"
        out[context, message] = (line, comments)
    return out


def test_every_note_of_both_games_presets_is_extracted() -> None:
    found = _extracted()
    page = {s.note for row in rule_set_rows() for _, s in row.values if s.note}
    coinche = {s.note for values in PRESET_SOURCES.values() for s in values.values() if s.note}
    elsewhere = {row.sourced.note for row in other_value_rows() if row.sourced.note}
    assert page and coinche and elsewhere
    assert {m for c, m in found if c == RULE_NOTE} == page | coinche | elsewhere


def test_a_note_is_extracted_at_its_line_in_the_mapped_file_else_line_1() -> None:
    found = _extracted()
    tie = next(m for c, m in found if m.startswith("A tournament may drop the litige rule"))
    assert found[RULE_NOTE, tie][0] == 3
    assert all(line == 1 for (c, m), (line, _) in found.items() if m != tie)


def test_quotes_are_never_extracted() -> None:
    messages = {m for _, m in rule_texts()}
    quotes = {
        c.quote for values in PRESET_SOURCES.values() for s in values.values() for c in s.cites
    }
    assert "il faut fournir un atout plus faible" not in messages
    assert not messages & quotes


def test_only_source_words_that_read_differently_are_extracted() -> None:
    found = rule_texts()
    assert all("(" not in s.title for s in SOURCES.values())  # what a document is: its edition
    editions = {m for c, m in found if c == SOURCE_EDITION}
    assert "2016-01-27" not in editions and "web page, undated" in editions
    assert not any(c == SOURCE_SECTION for c, _ in found)
    assert all(s.title not in {m for _, m in found} for s in SOURCES.values())
    publishers = {m for c, m in found if c == SOURCE_PUBLISHER}
    assert publishers == {"the Belote app of the house rules"}


def test_every_extracted_text_says_what_it_is_for_the_translator() -> None:
    for (context, _), comments in rule_texts().items():
        assert comments and all(c.strip() for c in comments), context


def _shown_knob_values() -> set[tuple[str, str]]:
    """Every value of every knob of both games (the Rule sets page shows every rule, an
    example's contract line every rule it changes), but the numbers any whole number may
    take (``KNOB_NUMBERS``)."""
    tables = (KNOBS, COINCHE_KNOBS)
    return {
        (k, v) for table in tables for k, spec in table.items() for v in spec.values
        if not (k in KNOB_NUMBERS and v.isdigit())
    }  # fmt: skip


def test_every_knob_value_of_both_games_has_a_name() -> None:
    missing = sorted(_shown_knob_values() - set(KNOB_PHRASES))
    assert missing == []


def test_every_knob_of_both_games_has_a_name() -> None:
    assert sorted((set(KNOBS) | set(COINCHE_KNOBS)) - set(KNOB_LABELS)) == []


def test_every_preset_the_presets_use_is_named() -> None:
    values = {(k, v) for r in COINCHE_PRESETS.values() for k, v in r.knobs.items()}
    assert all(p in KNOB_PHRASES or k in KNOB_NUMBERS for p in values for k in [p[0]])


def test_every_declaration_kind_has_a_name() -> None:
    assert set(DECLARATION_NAMES) == {k.value for k in DeclarationKind}
