"""Bidding and dealing, read exactly: every result field and every refusal's whole message
and index (issue 16: the loose ``match=`` of the older tests let a changed message pass)."""

from __future__ import annotations

import pytest

from explainer.engine import (
    DECK,
    BiddingError,
    InvalidDealError,
    Seat,
    Suit,
    Trump,
    bid_round,
    deal_cards,
    parse_bid,
    parse_card,
    run_bidding,
)

JH = parse_card("JH")
PASSES = [(Seat.E, "pass"), (Seat.S, "pass"), (Seat.W, "pass"), (Seat.N, "pass")]


def refusal(dealer: Seat, bids: list[tuple[Seat, object]]) -> tuple[str, int | None]:
    with pytest.raises(BiddingError) as info:
        run_bidding(dealer, JH, bids)  # type: ignore[arg-type]
    return str(info.value), info.value.bid_index


def test_each_seat_bids_once_a_round_so_bids_four_to_seven_are_the_second_round() -> None:
    assert [bid_round(i) for i in range(8)] == [1, 1, 1, 1, 2, 2, 2, 2]


def test_a_bid_out_of_turn_names_the_seat_that_bid_and_the_one_expected() -> None:
    assert refusal(Seat.N, [(Seat.E, "pass"), (Seat.W, "take")]) == (
        "bid out of turn: W bids, expected S",
        1,
    )


def test_a_bid_after_a_take_names_the_seat_and_its_bid() -> None:
    assert refusal(Seat.N, [(Seat.E, "take"), (Seat.S, Suit.CLUBS)]) == (
        "bid after the bidding ended: S clubs",
        1,
    )
    assert refusal(Seat.N, [(Seat.E, "take"), (Seat.S, "pass")]) == (
        "bid after the bidding ended: S pass",
        1,
    )


def test_a_bid_after_eight_passes_is_refused_and_eight_passes_annul() -> None:
    annulled = run_bidding(Seat.N, JH, PASSES * 2)
    assert (annulled.taker, annulled.trump, annulled.annulled, annulled.round) == (
        None,
        None,
        True,
        None,
    )
    assert refusal(Seat.N, [*PASSES, *PASSES, (Seat.E, "take")]) == (
        "bid after the bidding ended: E take",
        8,
    )


def test_seven_passes_leave_the_bidding_unfinished_not_annulled() -> None:
    assert refusal(Seat.N, (PASSES * 2)[:7]) == (
        "the bidding is not finished after 7 bids: someone must take, or all pass twice",
        None,
    )


def test_a_suit_named_in_the_first_round_is_refused_naming_it() -> None:
    assert refusal(Seat.N, [(Seat.E, Suit.SPADES)]) == (
        "in the first round E may only take or pass, not spades",
        0,
    )


def test_take_in_the_second_round_is_refused_saying_it_is_for_the_first() -> None:
    assert refusal(Seat.N, [*PASSES, (Seat.E, "take")]) == (
        "in the second round E names a suit or passes; take is for the first round",
        4,
    )


def test_the_turned_suit_in_the_second_round_is_refused_naming_the_turned_card() -> None:
    assert refusal(Seat.N, [*PASSES, (Seat.E, "pass"), (Seat.S, "hearts")]) == (
        "in the second round S cannot name the turned suit (hearts, turned JH)",
        5,
    )


def test_a_suit_named_in_the_second_round_after_passes_is_trump_in_round_two() -> None:
    r = run_bidding(Seat.N, JH, [*PASSES, (Seat.E, "pass"), (Seat.S, "pass"), (Seat.W, "clubs")])
    assert (r.taker, r.trump, r.annulled, r.round) == (Seat.W, Trump.CLUBS, False, 2)


def test_a_bid_given_as_text_is_read_and_a_wrong_word_is_refused_at_its_index() -> None:
    r = run_bidding(Seat.N, JH, [(Seat.E, "pass"), (Seat.S, " Take ")])
    assert (r.taker, r.trump, r.round) == (Seat.S, Trump.HEARTS, 1)
    assert refusal(Seat.N, [(Seat.E, "pass"), (Seat.S, "trumps")]) == (
        "invalid bid: 'trumps' (expected take, pass, spades, hearts, diamonds, clubs, none or all)",
        1,
    )


@pytest.mark.parametrize("text", ["S", "♠", "", "sans", None, 3])
def test_a_bid_is_take_pass_or_a_suit_name_and_anything_else_is_quoted(text: object) -> None:
    with pytest.raises(BiddingError) as info:
        parse_bid(text)
    assert str(info.value) == (
        f"invalid bid: {text!r} (expected take, pass, spades, hearts, diamonds, clubs, none or all)"
    )
    assert info.value.bid_index is None


def test_bid_words_read_in_any_case_around_blanks() -> None:
    assert [parse_bid(t) for t in (" TAKE", "Pass ", "Spades", "hearts", "DIAMONDS", "clubs")] == [
        "take",
        "pass",
        Suit.SPADES,
        Suit.HEARTS,
        Suit.DIAMONDS,
        Suit.CLUBS,
    ]


def test_a_dealing_keeps_its_dealer_and_taker() -> None:
    r = deal_cards(DECK, Seat.S, taker=Seat.E)
    assert (r.dealer, r.taker, r.turned) == (Seat.S, Seat.E, 20)
    assert r.hands is not None and [len(h) for h in r.hands] == [8, 8, 8, 8]
    assert [len(h) for h in r.first] == [5, 5, 5, 5]


def deal_refusal(deck: list[object]) -> tuple[str, int | None, int | None]:
    with pytest.raises(InvalidDealError) as info:
        deal_cards(deck, Seat.N)  # type: ignore[arg-type]
    return str(info.value), info.value.play_index, info.value.trick_index


@pytest.mark.parametrize(
    ("deck", "refused"),
    [
        (list(DECK[:31]), ("a deck has 32 cards, got 31", None, None)),
        ([*DECK, 0], ("a deck has 32 cards, got 33", None, None)),
        ([*DECK[:30], 3, 31], ("10S is in the deck twice", 30, None)),
        ([*DECK[:5], -1, *DECK[6:]], ("invalid card in the deck: -1", 5, None)),
        ([*DECK[:31], 32], ("invalid card in the deck: 32", 31, None)),
        ([*DECK[:2], "AS", *DECK[3:]], ("invalid card in the deck: 'AS'", 2, None)),
    ],
    ids=["31-cards", "33-cards", "twice", "negative", "32", "text"],
)
def test_a_wrong_deck_is_refused_naming_the_first_card_at_fault_by_its_place(
    deck: list[object], refused: tuple[str, int | None, int | None]
) -> None:
    assert deal_refusal(deck) == refused


@pytest.mark.parametrize("bid", [None, 3, Trump.HEARTS])
def test_a_bid_that_is_neither_a_word_nor_a_suit_is_an_invalid_bid_at_its_index(
    bid: object,
) -> None:
    assert refusal(Seat.N, [(Seat.E, "pass"), (Seat.S, bid)]) == (
        f"invalid bid: {bid!r} (expected take, pass, spades, hearts, diamonds, clubs, none or all)",
        1,
    )
