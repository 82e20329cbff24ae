"""Contracts and their tables, read exactly: every field of ``Tables``, the contract's
words and refusals as whole messages (issue 16: ``Tables.order/trump`` were never read)."""

from __future__ import annotations

import pytest

from explainer.engine import (
    Contract,
    InvalidContractError,
    InvalidSeatError,
    Rank,
    Seat,
    Suit,
    Trump,
    card_str,
    parse_card,
    point_table,
    tables,
)
from explainer.engine.contract import TRUMP_KEY

TRUMP_RANKS = (
    Rank.JACK,
    Rank.NINE,
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
    Rank.EIGHT,
    Rank.SEVEN,
)
PLAIN_RANKS = (
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)


@pytest.mark.parametrize("trump", list(Trump))
def test_tables_know_their_trump_and_show_each_suits_ranks_high_to_low(trump: Trump) -> None:
    t = tables(trump)
    assert t.trump is trump
    assert t.order == tuple(
        TRUMP_RANKS if trump is Trump.ALL or trump == suit else PLAIN_RANKS for suit in Suit
    )


def test_a_contracts_tables_are_its_trumps() -> None:
    assert Contract(Trump.CLUBS).tables is tables(Trump.CLUBS)
    assert Contract(Trump.NONE, "coinche").tables is tables(Trump.NONE)


def test_only_the_trump_suit_and_every_suit_at_all_trump_must_be_beaten_when_led() -> None:
    assert tables(Trump.DIAMONDS).trump_like == (False, False, True, False)
    assert tables(Trump.NONE).trump_like == (False, False, False, False)
    assert tables(Trump.ALL).trump_like == (True, True, True, True)
    assert tables(Trump.ALL).trump_mask == 0


def test_a_cards_key_in_a_trick_is_its_strength_led_suit_plus_sixteen_trump_else_minus_one() -> (
    None
):
    t = tables(Trump.HEARTS)
    led_spades = t.win_key[Suit.SPADES]
    assert [led_spades[parse_card(c)] for c in ("AS", "7S", "JH", "7H", "AD", "AC")] == [
        7,
        0,
        TRUMP_KEY + 7,
        TRUMP_KEY + 0,
        -1,
        -1,
    ]
    assert TRUMP_KEY == 16
    led_hearts = t.win_key[Suit.HEARTS]
    assert [led_hearts[parse_card(c)] for c in ("9H", "AS")] == [TRUMP_KEY + 6, -1]


def test_above_a_card_are_the_cards_of_its_suit_that_beat_it_under_the_contract() -> None:
    t = tables(Trump.SPADES)

    def above(c: str) -> list[str]:
        mask = t.above[parse_card(c)]
        return [card_str(d) for d in range(32) if mask >> d & 1]

    assert above("AS") == ["9S", "JS"]
    assert above("JS") == []
    assert above("7S") == ["8S", "9S", "10S", "JS", "QS", "KS", "AS"]
    assert above("JH") == ["10H", "QH", "KH", "AH"]
    assert above("AH") == []
    assert tables(Trump.NONE).above[parse_card("10D")] == 1 << parse_card("AD")


def test_strength_is_the_place_in_the_suits_order_seven_highest() -> None:
    t = tables(Trump.CLUBS)
    assert [t.strength[parse_card(r + "C")] for r in ("J", "9", "A", "10", "K", "Q", "8", "7")] == [
        7,
        6,
        5,
        4,
        3,
        2,
        1,
        0,
    ]
    assert [t.strength[parse_card(r + "H")] for r in ("A", "10", "K", "Q", "J", "9", "8", "7")] == [
        7,
        6,
        5,
        4,
        3,
        2,
        1,
        0,
    ]


def test_the_all_trump_scale_only_matters_at_all_trump_and_defaults_to_pagat() -> None:
    assert point_table(Trump.ALL) == point_table(Trump.ALL, "pagat") == tables(Trump.ALL).points
    ffb2015 = point_table(Trump.ALL, "ffb2015")
    assert [ffb2015[parse_card(r + "D")] for r in ("J", "9", "A", "10", "K", "Q", "8", "7")] == [
        13,
        9,
        6,
        5,
        3,
        2,
        0,
        0,
    ]
    ratio = point_table(Trump.ALL, "ffb2016_ratio")
    assert [ratio[parse_card(r + "S")] for r in ("J", "9", "A", "10", "K", "Q", "8", "7")] == [
        20,
        14,
        11,
        10,
        4,
        3,
        0,
        0,
    ]
    assert point_table(Trump.NONE, "ffb2015") == tables(Trump.NONE).points


def test_a_trump_has_its_suit_and_its_scenario_word() -> None:
    assert [t.suit for t in Trump] == [
        Suit.SPADES,
        Suit.HEARTS,
        Suit.DIAMONDS,
        Suit.CLUBS,
        None,
        None,
    ]
    assert [t.word for t in Trump] == ["spades", "hearts", "diamonds", "clubs", "none", "all"]


@pytest.mark.parametrize("text", ["sans", "", None, 1, "♠"])
def test_an_unknown_trump_is_refused_listing_the_six_words(text: object) -> None:
    with pytest.raises(InvalidContractError) as info:
        Trump.parse(text)  # type: ignore[arg-type]
    assert str(info.value) == (
        f"unknown trump: {text!r} (expected spades, hearts, diamonds, clubs, none or all)"
    )


def test_a_contract_reads_its_words_and_keeps_trump_game_and_taker() -> None:
    c = Contract.parse(" Hearts ", game="coinche", taker="w")
    assert (c.trump, c.game, c.taker) == (Trump.HEARTS, "coinche", Seat.W)
    d = Contract.parse("all")
    assert (d.trump, d.game, d.taker) == (Trump.ALL, "belote", None)


def test_a_contract_refuses_an_unknown_game_trump_or_taker() -> None:
    with pytest.raises(InvalidContractError) as game:
        Contract.parse("hearts", game="whist")
    assert str(game.value) == "unknown game: 'whist' (expected belote or coinche)"
    with pytest.raises(InvalidContractError) as trump:
        Contract.parse("trefle")
    assert str(trump.value) == (
        "unknown trump: 'trefle' (expected spades, hearts, diamonds, clubs, none or all)"
    )
    with pytest.raises(InvalidSeatError) as taker:
        Contract.parse("hearts", taker="X")
    assert str(taker.value) == "invalid seat: 'X'"


@pytest.mark.parametrize("trump", list(Trump))
def test_every_table_has_one_entry_per_card_and_one_row_per_suit(trump: Trump) -> None:
    t = tables(trump)
    assert [len(t.points), len(t.strength), len(t.above)] == [32, 32, 32]
    assert [len(row) for row in t.win_key] == [32, 32, 32, 32]
    assert len(t.order) == len(t.trump_like) == 4
    assert [len(point_table(Trump.ALL, s)) for s in ("pagat", "ffb2015", "ffb2016_ratio")] == [
        32
    ] * 3
