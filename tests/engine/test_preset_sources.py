"""Every preset value of both games is sourced, and what a reader sees of a source is plain.

A value cites the primary document (its section as that document numbers it, a verbatim
quote in its language) or carries a note saying why no quote exists; where the quote was
read in a copy, the citation records the copy for maintainers (``read_in``), which no page
shows. Notes, sections and the sources' words reach the pages and the catalogs, so they
hold no research key (``FFB-B16``), no internal file name (``rules.md``), no "via ...",
no repository name and no code value (``bid_only``): a player can follow them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from explainer.engine import (
    COINCHE_KNOBS,
    KNOBS,
    PRESET_SOURCES,
    PRESETS,
    SOURCES,
    Citation,
    Sourced,
    preset_sources,
)

FORBIDDEN = re.compile(
    r"\b(?:FFB-\w+|PAG-[BC]|SEED-\d+|COLV|DSL|CARG|TWF|OSP|BGA|IMPL-FFB)\b"
    r"|\w+\.md\b|fidelity|\bvia\b|github|vareversat|Avo-k|colver|jbgh2|card-game-dsl"
    r"|\bofficial\b|\bseed\b",
    re.IGNORECASE,
)
"""What a reader cannot follow: research keys, internal files, copies, repositories, the
"official" label and the seeds' internal name."""

CODE_VALUE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")
"""A knob name or a code value as a scenario writes it (``bid_only``, ``partner_overtrump``)."""


def _values() -> Iterator[tuple[str, str, Sourced]]:
    for name in PRESETS:
        for knob, sourced in preset_sources(name).items():
            yield name, knob, sourced
    for name, table in PRESET_SOURCES.items():
        for knob, sourced in table.items():
            yield name, knob, sourced


VALUES = list(_values())


def _id(value: tuple[str, str, Sourced]) -> str:
    return f"{value[0]}-{value[1]}"


def test_every_preset_of_both_games_gives_every_knob_of_its_game_a_value() -> None:
    for name in PRESETS:
        assert list(preset_sources(name)) == list(KNOBS), name
    for name, table in PRESET_SOURCES.items():
        assert set(table) == set(COINCHE_KNOBS), name


@pytest.mark.parametrize("value", VALUES, ids=_id)
def test_every_value_has_a_citation_or_a_note_saying_why_none_exists(
    value: tuple[str, str, Sourced],
) -> None:
    _, _, sourced = value
    assert sourced.cites or sourced.note
    if not sourced.cites:
        assert sourced.note.startswith(("No quote", "Unused")), sourced.note


@pytest.mark.parametrize("value", VALUES, ids=_id)
def test_every_citation_names_a_document_with_its_edition_section_and_quote(
    value: tuple[str, str, Sourced],
) -> None:
    for cite in value[2].cites:
        assert isinstance(cite, Citation)
        source = SOURCES[cite.key]
        assert source.publisher and source.title and source.edition, cite
        assert source.url.startswith("https://") or source.key.startswith("SEED-"), cite
        assert cite.section.strip() and cite.quote.strip(), cite
        assert cite.quote == cite.quote.strip() and "  " not in cite.quote, cite


@pytest.mark.parametrize("value", VALUES, ids=_id)
def test_what_a_page_shows_of_a_value_holds_no_key_file_copy_or_code_value(
    value: tuple[str, str, Sourced],
) -> None:
    _, _, sourced = value
    shown = [sourced.note, *(c.section for c in sourced.cites)]
    for text in shown:
        assert not FORBIDDEN.search(text), text
        assert not CODE_VALUE.search(text), text


def test_what_a_page_shows_of_a_source_holds_no_key_file_or_copy() -> None:
    for source in SOURCES.values():
        for text in (source.publisher, source.title, source.edition):
            assert not FORBIDDEN.search(text), text


def test_a_copy_a_quote_was_read_in_is_recorded_for_maintainers_only() -> None:
    """The copies are named where the quote was read in one (never on a page: the site
    has no field for it), and the quotes read in the documents themselves name none."""
    read_in = {c.read_in for *_, s in VALUES for c in s.cites}
    assert any("vareversat/carg" in r for r in read_in)
    assert any("Avo-k/colver" in r for r in read_in)
    assert all(not c.read_in for *_, s in VALUES for c in s.cites if c.key.startswith("SEED-"))


def test_the_preset_of_a_document_follows_its_base_rules() -> None:
    """Pagat's La Coinche: no declarations but the belote, the bidding team's belote only;
    its variations (declarations, any player's belote) are values one can choose."""
    pagat = PRESET_SOURCES["pagat_coinche"]
    assert (pagat["declarations"].value, pagat["belote"].value) == ("off", "attack_only")
    assert "variations" in pagat["declarations"].note
    ffb = PRESET_SOURCES["ffb_coinche"]
    assert ffb["partner_overtrump"].value == "no_lower"
    assert ffb["partner_overtrump"].cites[0].key == "FFB-CO15"
