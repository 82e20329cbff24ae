"""Cards, suits, ranks and card sets, read exactly: every property, every boundary card
(``7S`` is card 0, ``AC`` card 31) and every refusal's whole message."""

from __future__ import annotations

import pytest

from explainer.engine import (
    FULL_DECK,
    CardSet,
    InvalidCardError,
    Rank,
    Suit,
    cards_of,
    mask_of,
    parse_card,
)


def test_suits_have_their_letter_symbol_and_colour() -> None:
    assert [(s.letter, s.symbol, s.is_red) for s in Suit] == [
        ("S", "♠", False),
        ("H", "♥", True),
        ("D", "♦", True),
        ("C", "♣", False),
    ]


def test_ranks_are_written_seven_to_ace_with_10_for_the_ten() -> None:
    assert [r.letter for r in Rank] == ["7", "8", "9", "10", "J", "Q", "K", "A"]


@pytest.mark.parametrize(
    ("name", "suit"),
    [
        ("spades", Suit.SPADES),
        (" Hearts ", Suit.HEARTS),
        ("d", Suit.DIAMONDS),
        ("C", Suit.CLUBS),
        ("♥", Suit.HEARTS),
        ("♣", Suit.CLUBS),
    ],
)
def test_a_suit_reads_its_english_name_letter_or_symbol(name: str, suit: Suit) -> None:
    assert Suit.from_name(name) is suit


@pytest.mark.parametrize("name", ["pique", "", "SH", "x"])
def test_an_unknown_suit_is_an_invalid_card_error_quoting_it(name: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        Suit.from_name(name)
    assert str(info.value) == f"invalid suit: {name!r}"


@pytest.mark.parametrize("value", [None, 7, b"AS"])
def test_a_card_that_is_not_text_is_an_invalid_card_quoting_it(value: object) -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_card(value)  # type: ignore[arg-type]
    assert str(info.value) == f"invalid card: {value!r}"


def test_the_first_and_last_cards_of_the_deck_are_in_a_full_set_and_nothing_else() -> None:
    full = CardSet(FULL_DECK)
    assert 0 in full and 31 in full and len(full) == 32
    assert 32 not in full and -1 not in full and "7S" not in full and None not in full
    assert 0 in CardSet.parse("7S") and 31 not in CardSet.parse("7S")


def test_a_card_set_from_a_mask_keeps_only_the_32_cards() -> None:
    s = CardSet(1 << 32 | 1 << 31 | 1)
    assert s.mask == 1 << 31 | 1
    assert str(s) == "7S AC"


def test_a_card_set_from_text_or_cards_equals_the_parsed_set() -> None:
    assert CardSet("KS 7S") == CardSet.parse("7S, KS") == CardSet([6, 0])
    assert CardSet().mask == 0 and str(CardSet()) == ""


def test_equal_card_sets_hash_alike_and_a_card_set_is_not_its_mask() -> None:
    a, b = CardSet.parse("AS KH"), CardSet.parse("KH AS")
    assert hash(a) == hash(b) == hash(a.mask)
    assert len({a, b}) == 1
    assert a != a.mask and (a == a.mask) is False
    assert a.__eq__(a.mask) is NotImplemented


def test_cards_of_and_mask_of_are_inverse_in_deck_order() -> None:
    assert cards_of(1 << 31 | 1 << 8 | 1) == [0, 8, 31]
    assert mask_of([31, 0, 8]) == 1 << 31 | 1 << 8 | 1
    assert cards_of(0) == [] and mask_of([]) == 0
