"""Fact types: each reads, shows, writes and counts its values; card facts state no number."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from explainer.engine import DECK, Seat, Team, card_str, parse_card
from explainer.scenarios.facts import (
    CARD,
    CARD_SET,
    HANDS,
    INTEGER,
    SEAT_OR_NONE,
    TEAM_POINTS,
    WINNERS,
)
from explainer.scenarios.kinds import KINDS
from explainer.scenarios.reader import Reader
from explainer.scenarios.yamlsource import compose

cards = st.sampled_from(DECK)


@given(cards)
def test_a_card_fact_states_no_number(c: int) -> None:
    assert list(CARD.numbers(c)) == []
    assert CARD.show(c) == card_str(c)


@given(st.frozensets(cards))
def test_a_card_set_fact_states_no_number(hand: frozenset[int]) -> None:
    assert list(CARD_SET.numbers(hand)) == []
    assert list(HANDS.numbers({Seat.N: hand})) == []


@given(st.frozensets(cards, min_size=1))
def test_a_card_set_written_by_fill_reads_back_as_itself(hand: frozenset[int]) -> None:
    text = "[" + ", ".join(CARD_SET.to_yaml(hand)) + "]"
    node = compose(text)
    assert node is not None
    assert CARD_SET.read(Reader("x.yaml"), node, ("expect", "legal")) == hand


def test_points_facts_state_their_points() -> None:
    assert list(INTEGER.numbers(41)) == [41]
    assert sorted(TEAM_POINTS.numbers({Team.NS: 97, Team.EW: 65})) == [65, 97]


def test_facts_are_shown_as_the_messages_write_them() -> None:
    assert CARD_SET.show(frozenset()) == "(none)"
    assert CARD_SET.show(frozenset({parse_card("9S"), parse_card("7S")})) == "7S 9S"
    assert TEAM_POINTS.show({Team.NS: 97, Team.EW: 65}) == "NS 97, EW 65"
    assert SEAT_OR_NONE.show(None) == "none"
    assert WINNERS.differences((Seat.N,) * 8, (Seat.N, Seat.E) * 4) == " (trick 2, 4, 6, 8)"


def test_a_hands_statement_is_compared_with_the_seats_it_names() -> None:
    said = {Seat.E: frozenset({0})}
    got = {seat: frozenset({int(seat)}) for seat in Seat}
    assert HANDS.stated(said, got) == {Seat.E: frozenset({1})}


def test_every_kind_declares_keys_facts_and_a_schema_for_each_key() -> None:
    for name, kind in KINDS.items():
        assert kind.name == name
        assert tuple(kind.properties()) == kind.keys
        assert set(kind.required) <= {"kind", *kind.keys}
        assert len(set(kind.fact_keys)) == len(kind.facts)
