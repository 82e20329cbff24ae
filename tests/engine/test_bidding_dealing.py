"""Bidding (run_bidding) and dealing (deal_cards)."""

from __future__ import annotations

import pytest

from explainer.engine import (
    DECK,
    BiddingError,
    CardSet,
    InvalidDealError,
    Seat,
    Suit,
    Trump,
    card_str,
    deal_cards,
    parse_bid,
    parse_card,
    run_bidding,
)

JH = parse_card("JH")


def bids(text: str) -> list[tuple[Seat, object]]:
    out = []
    for item in text.split():
        seat, bid = item.split(":")
        out.append((Seat.parse(seat), parse_bid(bid)))
    return out


# -- bidding --------------------------------------------------------------------------------


def test_taken_in_round_1_the_turned_suit_is_trump():
    r = run_bidding(Seat.N, JH, bids("E:pass S:pass W:take"))
    assert (r.taker, r.trump, r.round, r.annulled) == (Seat.W, Trump.HEARTS, 1, False)


def test_first_bidder_is_the_seat_after_the_dealer_and_may_take_at_once():
    r = run_bidding(Seat.W, parse_card("7C"), bids("N:take"))
    assert (r.taker, r.trump, r.round) == (Seat.N, Trump.CLUBS, 1)


def test_another_suit_named_in_round_2():
    r = run_bidding(Seat.N, JH, bids("E:pass S:pass W:pass N:pass E:pass S:spades"))
    assert (r.taker, r.trump, r.round, r.annulled) == (Seat.S, Trump.SPADES, 2, False)


def test_annulled_after_eight_passes():
    r = run_bidding(Seat.N, JH, bids(" ".join(f"{s}:pass" for s in "ESWN" * 2)))
    assert r.annulled and r.taker is None and r.trump is None and r.round is None


def test_bid_out_of_turn_is_a_bidding_error_with_its_index():
    with pytest.raises(BiddingError, match="out of turn: W bids, expected S") as info:
        run_bidding(Seat.N, JH, bids("E:pass W:take"))
    assert info.value.bid_index == 1


def test_bid_after_the_end_is_a_bidding_error_with_its_index():
    with pytest.raises(BiddingError, match="after the bidding ended") as info:
        run_bidding(Seat.N, JH, bids("E:take S:pass"))
    assert info.value.bid_index == 1


def test_bid_after_eight_passes_is_a_bidding_error():
    with pytest.raises(BiddingError, match="after the bidding ended") as info:
        run_bidding(Seat.N, JH, bids(" ".join(f"{s}:pass" for s in "ESWN" * 2) + " E:clubs"))
    assert info.value.bid_index == 8


def test_turned_suit_in_round_2_is_a_bidding_error():
    with pytest.raises(BiddingError, match="cannot name the turned suit") as info:
        run_bidding(Seat.N, JH, bids("E:pass S:pass W:pass N:pass E:hearts"))
    assert info.value.bid_index == 4


def test_take_in_round_2_is_a_bidding_error():
    with pytest.raises(BiddingError, match="second round") as info:
        run_bidding(Seat.N, JH, bids("E:pass S:pass W:pass N:pass E:pass S:take"))
    assert info.value.bid_index == 5


def test_suit_in_round_1_is_a_bidding_error():
    with pytest.raises(BiddingError, match="first round .* not spades") as info:
        run_bidding(Seat.N, JH, bids("E:pass S:spades"))
    assert info.value.bid_index == 1


def test_unfinished_bidding_is_a_bidding_error_without_index():
    with pytest.raises(BiddingError, match="not finished after 5 bids") as info:
        run_bidding(Seat.N, JH, bids("E:pass S:pass W:pass N:pass E:pass"))
    assert info.value.bid_index is None


def test_suit_names_given_as_plain_strings_are_parsed_or_rejected_with_index():
    r = run_bidding(
        Seat.N, JH, [(s, "pass") for s in (Seat.E, Seat.S, Seat.W, Seat.N)] + [(Seat.E, "Clubs")]
    )
    assert r.trump is Trump.CLUBS
    with pytest.raises(BiddingError, match="invalid bid: 'trumps'") as info:
        run_bidding(Seat.N, JH, [(Seat.E, "trumps")])
    assert info.value.bid_index == 0


def test_parse_bid_words():
    assert parse_bid("Take") == "take" and parse_bid("PASS") == "pass"
    assert parse_bid("diamonds") is Suit.DIAMONDS
    with pytest.raises(BiddingError, match="invalid bid: 'S'"):
        parse_bid("S")


# -- dealing --------------------------------------------------------------------------------


def cards(indexes) -> CardSet:
    return CardSet(DECK[i] for i in indexes)


def test_deal_three_then_two_from_the_seat_after_the_dealer_then_turn_a_card():
    r = deal_cards(DECK, Seat.N)  # E, S, W, N receive in that order
    assert r.first[Seat.E] == cards([0, 1, 2, 12, 13])
    assert r.first[Seat.S] == cards([3, 4, 5, 14, 15])
    assert r.first[Seat.W] == cards([6, 7, 8, 16, 17])
    assert r.first[Seat.N] == cards([9, 10, 11, 18, 19])
    assert card_str(r.turned) == card_str(DECK[20])
    assert r.hands is None and r.taker is None


def test_taker_gets_the_turned_card_and_two_more_others_three():
    r = deal_cards(DECK, Seat.N, taker=Seat.W)
    assert r.hands is not None
    assert r.hands[Seat.E] == cards([0, 1, 2, 12, 13, 21, 22, 23])
    assert r.hands[Seat.S] == cards([3, 4, 5, 14, 15, 24, 25, 26])
    assert r.hands[Seat.W] == cards([6, 7, 8, 16, 17, 20, 27, 28])
    assert r.hands[Seat.N] == cards([9, 10, 11, 18, 19, 29, 30, 31])


def test_dealer_west_north_receives_first_and_taker_dealer_gets_the_last_two():
    deck = list(reversed(DECK))
    r = deal_cards(deck, Seat.W, taker=Seat.W)
    assert r.first[Seat.N] == CardSet(deck[0:3] + deck[12:14])
    assert r.hands[Seat.N] == CardSet(deck[0:3] + deck[12:14] + deck[21:24])
    assert r.hands[Seat.W] == CardSet(deck[9:12] + deck[18:20] + [deck[20]] + deck[30:32])


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (list(DECK[:31]), "32 cards, got 31"),
        (list(DECK) + [0], "32 cards, got 33"),
        (list(DECK[:31]) + [0], "7S is in the deck twice"),
        (list(DECK[:31]) + [32], "invalid card in the deck: 32"),
    ],
    ids=["31-cards", "33-cards", "duplicate", "out-of-range"],
)
def test_bad_deck_raises_invalid_deal_error(deck, message):
    with pytest.raises(InvalidDealError, match=message):
        deal_cards(deck, Seat.N, taker=Seat.E)
