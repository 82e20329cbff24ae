"""The auction to the letter (issue 16: ``coinche.auction``'s survivors): why an ended
auction refuses a call, a call pushed as text, the index an error carries, every field of
the result, and the refusals whose message no test read."""

from __future__ import annotations

import pytest

from explainer.engine.coinche import (
    Auction,
    AuctionError,
    AuctionResult,
    Call,
    CallKind,
    Level,
    find_coinche_rules,
    parse_calls,
    run_auction,
)
from explainer.engine.contract import Trump
from explainer.engine.seats import Seat

INVALID = (
    "(expected pass, coinche, surcoinche, or a value then a denomination: 90 hearts, capot spades)"
)


def refusal(calls: list[str], **knobs: str) -> tuple[str, int | None]:
    with pytest.raises(AuctionError) as e:
        run_auction(Seat.N, calls, rules=find_coinche_rules(**knobs))
    return str(e.value), e.value.call_index


def test_a_call_after_four_passes_is_refused_as_the_deal_is_annulled() -> None:
    calls = ["E: pass", "S: pass", "W: pass", "N: pass", "E: pass"]
    assert refusal(calls) == (
        "E cannot call pass: the auction has ended after four passes: the deal is annulled",
        4,
    )


def test_a_call_after_the_coinche_and_its_passes_is_refused_so() -> None:
    calls = ["E: 80 hearts", "S: coinche", "W: pass", "N: pass", "E: pass", "S: pass"]
    assert refusal(calls) == (
        "S cannot call pass: the auction has ended after the coinche and the passes that follow it",
        5,
    )


def test_self_overbid_change_suit_an_auction_ends_after_four_passes() -> None:
    calls = ["E: 80 hearts", "S: pass", "W: pass", "N: pass", "E: pass", "S: pass"]
    assert refusal(calls, self_overbid="change_suit") == (
        "S cannot call pass: the auction has ended after four passes",
        5,
    )


def test_a_capot_after_a_capot_is_refused_as_no_bid_is_higher() -> None:
    assert refusal(["E: capot hearts", "S: capot spades"]) == (
        "S cannot bid capot spades after E's capot hearts: no bid is higher",
        1,
    )


def test_suit_order_ranked_the_same_bid_in_the_same_suit_is_not_higher() -> None:
    assert refusal(["E: 90 hearts", "S: 90 hearts"], suit_order="ranked") == (
        "S cannot bid 90 hearts: it is not higher than E's 90 hearts",
        1,
    )


def test_a_new_auction_has_not_ended_and_takes_a_call_as_text() -> None:
    auction = Auction(Seat.N)
    assert auction.ended is False
    auction.push(Seat.E, "80 hearts")
    assert auction.calls == [(Seat.E, Call(CallKind.BID, 80, Trump.HEARTS))]


def test_an_unreadable_call_pushed_as_text_carries_its_index() -> None:
    auction = Auction(Seat.N)
    auction.push(Seat.E, "80 hearts")
    with pytest.raises(AuctionError) as e:
        auction.push(Seat.S, "90 bananas")
    assert (str(e.value), e.value.call_index) == (f"invalid call: '90 bananas' {INVALID}", 1)


def test_parse_calls_splits_a_line_at_its_first_colon_and_carries_the_index() -> None:
    with pytest.raises(AuctionError) as e:
        parse_calls(["N: pass", "E: pass: pass"])
    assert (str(e.value), e.value.call_index) == (f"invalid call: ' pass: pass' {INVALID}", 1)
    with pytest.raises(AuctionError) as e:
        parse_calls(["N: pass", "X: pass"])
    assert (str(e.value), e.value.call_index) == ("invalid seat: 'X'", 1)


def test_an_auction_of_pairs_and_lines_gives_every_field_of_its_result() -> None:
    bid, coinche, passed = (
        Call(CallKind.BID, 80, Trump.HEARTS),
        Call(CallKind.COINCHE),
        Call(CallKind.PASS),
    )
    r = run_auction(Seat.N, [(Seat.E, bid), (Seat.S, "coinche"), "W: pass", "N: pass", "E: pass"])
    assert r == AuctionResult(
        dealer=Seat.N,
        calls=(
            (Seat.E, bid),
            (Seat.S, coinche),
            (Seat.W, passed),
            (Seat.N, passed),
            (Seat.E, passed),
        ),
        taker=Seat.E,
        trump=Trump.HEARTS,
        bid=80,
        level=Level.COINCHE,
        coinched_by=Seat.S,
        surcoinched_by=None,
        annulled=False,
        next_dealer=Seat.E,
    )
