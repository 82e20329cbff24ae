"""The coinche auction (coinche.md §1): worked examples E1-E7, every call error, the knobs."""

from __future__ import annotations

import pytest

from explainer.engine.coinche import (
    FFB_COINCHE,
    FFB_CONTREE,
    PAGAT_COINCHE,
    AuctionError,
    BidKind,
    Call,
    CallKind,
    Level,
    find_coinche_rules,
    run_auction,
)
from explainer.engine.contract import Trump
from explainer.engine.seats import Seat

E3_START = ["N: 90 spades", "E: pass", "S: 110 spades", "W: coinche"]


def error(dealer: Seat, calls: list[str], **kw: object) -> tuple[int | None, str]:
    with pytest.raises(AuctionError) as e:
        run_auction(dealer, calls, **kw)  # type: ignore[arg-type]
    return e.value.call_index, str(e.value)


# --- calls -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("90 hearts", "90 hearts"),
        ("120 none", "120 none"),
        ("130 all", "130 all"),
        ("90 ♥", "90 hearts"),
        ("capot spades", "capot spades"),
        ("générale clubs", "generale clubs"),
        ("Contre", "coinche"),
        ("surcontre", "surcoinche"),
        ("PASS", "pass"),
    ],
)
def test_call_parses_value_first_and_prints_canonically(text: str, canonical: str) -> None:
    assert str(Call.parse(text)) == canonical
    assert Call.parse(canonical) == Call.parse(text)


@pytest.mark.parametrize("text", ["spades 90", "90", "ninety hearts", "capot", "double"])
def test_call_that_is_not_value_then_denomination_is_invalid(text: str) -> None:
    with pytest.raises(AuctionError, match="invalid call"):
        Call.parse(text)


def test_call_bid_is_value_or_capot() -> None:
    assert Call.parse("90 hearts").bid == 90
    assert Call.parse("capot hearts").bid is BidKind.CAPOT
    assert Call.parse("coinche").kind is CallKind.COINCHE


# --- worked examples ---------------------------------------------------------------------


def test_e1_partner_raise_three_passes_end_the_auction() -> None:
    r = run_auction(
        Seat.W, ["N: 90 spades", "E: pass", "S: 110 spades", "W: pass", "N: pass", "E: pass"]
    )
    assert (r.taker, r.trump, r.bid, r.level, r.coinched_by, r.annulled) == (
        Seat.S,
        Trump.SPADES,
        110,
        Level.NONE,
        None,
        False,
    )
    assert r.first_lead is Seat.N
    assert r.next_dealer is Seat.N


def test_e1_self_overbid_change_suit_needs_a_fourth_pass() -> None:
    calls = ["N: 90 spades", "E: pass", "S: 110 spades", "W: pass", "N: pass", "E: pass"]
    rules = find_coinche_rules(self_overbid="change_suit")
    assert error(Seat.W, calls, rules=rules) == (
        None,
        "the auction is not finished after 6 calls: S is still to speak",
    )
    assert run_auction(Seat.W, [*calls, "S: pass"], rules=rules).taker is Seat.S
    assert (
        run_auction(
            Seat.W,
            [*calls, "S: 120 hearts", "W: pass", "N: pass", "E: pass", "S: pass"],
            rules=rules,
        ).trump
        is Trump.HEARTS
    )


def test_e2_four_passes_annul_the_deal_next_dealer_deals() -> None:
    r = run_auction(Seat.S, ["W: pass", "N: pass", "E: pass", "S: pass"])
    assert (r.annulled, r.taker, r.contract, r.next_dealer) == (True, None, None, Seat.W)


def test_e2_all_pass_same_dealer_deals_again() -> None:
    rules = find_coinche_rules(all_pass="same_dealer")
    r = run_auction(Seat.S, ["W: pass", "N: pass", "E: pass", "S: pass"], rules=rules)
    assert r.next_dealer is Seat.S


def test_e3_after_coinche_three_passes_end_it_under_ffb_coinche() -> None:
    r = run_auction(Seat.W, [*E3_START, "N: pass", "E: pass", "S: pass"])
    assert (r.taker, r.bid, r.level, r.coinched_by) == (Seat.S, 110, Level.COINCHE, Seat.W)


def test_e3_after_coinche_coinched_team_only_under_ffb_contree() -> None:
    r = run_auction(Seat.W, [*E3_START, "N: pass", "S: pass"], rules=FFB_CONTREE)
    assert (r.taker, r.bid, r.level, r.coinched_by) == (Seat.S, 110, Level.COINCHE, Seat.W)
    assert error(Seat.W, [*E3_START, "N: pass", "E: pass"], rules=FFB_CONTREE) == (
        5,
        "E cannot speak after W's coinche: only the coinched team speaks",
    )


def test_e3_no_bid_after_a_coinche() -> None:
    assert error(Seat.W, [*E3_START, "N: 120 spades"]) == (
        4,
        "N cannot bid 120 spades after W's coinche: a coinche freezes the contract",
    )


def test_e3_coinche_freezes_no_a_bid_decoinches() -> None:
    rules = find_coinche_rules(coinche_freezes="no")
    r = run_auction(
        Seat.W, [*E3_START, "N: 120 diamonds", "E: pass", "S: pass", "W: pass"], rules=rules
    )
    assert (r.taker, r.trump, r.bid, r.level, r.coinched_by) == (
        Seat.N,
        Trump.DIAMONDS,
        120,
        Level.NONE,
        None,
    )


def test_e4_surcoinche_ends_the_auction_at_once() -> None:
    calls = ["E: 80 diamonds", "S: pass", "W: 90 diamonds", "N: coinche", "E: surcoinche"]
    r = run_auction(Seat.N, calls)
    assert (r.taker, r.bid, r.level, r.coinched_by, r.surcoinched_by) == (
        Seat.W,
        90,
        Level.SURCOINCHE,
        Seat.N,
        Seat.E,
    )
    assert error(Seat.N, [*calls, "S: pass"]) == (
        5,
        "S cannot call pass: the auction has ended with E's surcoinche",
    )


def test_e5_capot_bid_may_be_coinched_under_ffb() -> None:
    calls = ["N: 100 spades", "E: 110 hearts", "S: capot spades", "W: coinche"]
    r = run_auction(Seat.W, [*calls, "N: pass", "E: pass", "S: pass"])
    assert (r.taker, r.trump, r.bid, r.level) == (
        Seat.S,
        Trump.SPADES,
        BidKind.CAPOT,
        Level.COINCHE,
    )
    r = run_auction(Seat.W, [*calls, "N: pass", "S: pass"], rules=FFB_CONTREE)
    assert r.bid is BidKind.CAPOT


def test_e5_capot_doublable_no_the_capot_ends_the_auction() -> None:
    calls = ["N: 100 spades", "E: 110 hearts", "S: capot spades"]
    r = run_auction(Seat.W, calls, rules=PAGAT_COINCHE)
    assert (r.taker, r.bid, r.level) == (Seat.S, BidKind.CAPOT, Level.NONE)
    assert error(Seat.W, [*calls, "W: coinche"], rules=PAGAT_COINCHE) == (
        3,
        "W cannot call coinche: the auction has ended with S's capot spades, which cannot be coinched",
    )


def test_e5_no_bid_after_a_capot() -> None:
    assert error(
        Seat.W, ["N: 100 spades", "E: 110 hearts", "S: capot spades", "W: 160 hearts"]
    ) == (
        3,
        "W cannot bid 160 hearts after S's capot spades: no bid is higher",
    )


E6 = [
    (
        ["E: 80 hearts", "S: 80 spades"],
        "S cannot bid 80 spades: it is not higher than E's 80 hearts",
    ),
    (["E: 85 hearts"], "E cannot bid 85 hearts: a bid is a multiple of 10"),
    (["E: 70 hearts"], "E cannot bid 70 hearts: the lowest bid is 80"),
    (
        ["E: 80 hearts", "S: pass", "W: coinche"],
        "W cannot coinche E's bid: W and E are partners",
    ),
    (["E: pass", "S: coinche"], "S cannot coinche: there is no bid"),
    (
        ["E: 80 hearts", "S: coinche", "W: pass", "N: surcoinche"],
        "N cannot surcoinche: only E and W, the coinched team, may",
    ),
    (
        ["E: 80 hearts", "S: pass", "W: pass", "N: pass", "E: 90 spades"],
        "E cannot call 90 spades: the auction has ended after three passes",
    ),
    (["E: 80 hearts", "N: coinche"], "N calls out of turn: it is S's turn"),
]


@pytest.mark.parametrize(("calls", "message"), E6)
def test_e6_call_errors_name_the_faulty_call(calls: list[str], message: str) -> None:
    assert error(Seat.N, calls) == (len(calls) - 1, message)


def test_e6_suit_order_ranked_an_equal_value_in_a_higher_suit_overcalls() -> None:
    rules = find_coinche_rules(suit_order="ranked")
    r = run_auction(
        Seat.N, ["E: 80 hearts", "S: 80 spades", "W: pass", "N: pass", "E: pass"], rules=rules
    )
    assert (r.taker, r.trump) == (Seat.S, Trump.SPADES)
    assert error(Seat.N, ["E: 80 spades", "S: 80 hearts"], rules=rules)[0] == 1


def test_e6_self_overbid_change_suit_allows_another_suit_only() -> None:
    rules = find_coinche_rules(self_overbid="change_suit")
    calls = ["E: 80 hearts", "S: pass", "W: pass", "N: pass"]
    assert (
        run_auction(
            Seat.N,
            [*calls, "E: 90 spades", "S: pass", "W: pass", "N: pass", "E: pass"],
            rules=rules,
        ).bid
        == 90
    )
    assert error(Seat.N, [*calls, "E: 90 hearts"], rules=rules) == (
        4,
        "E cannot bid 90 hearts over their own 80 hearts: only a change of suit may follow three passes",
    )


def test_e6_max_bid_160_under_ffb_contree() -> None:
    assert error(Seat.N, ["E: 170 hearts"], rules=FFB_CONTREE) == (
        0,
        "E cannot bid 170 hearts: the highest bid is 160",
    )
    assert run_auction(Seat.N, ["E: 170 hearts", "S: pass", "W: pass", "N: pass"]).bid == 170


def test_e7_coinche_any_time_then_the_coinched_team_in_turn() -> None:
    r = run_auction(
        Seat.N, ["E: 80 hearts", "N: coinche", "E: pass", "W: pass"], rules=PAGAT_COINCHE
    )
    assert (r.taker, r.bid, r.level, r.coinched_by) == (Seat.E, 80, Level.COINCHE, Seat.N)


# --- the other errors of §6.3 and the knobs ----------------------------------------------


def test_coinche_on_ones_own_bid_is_an_error() -> None:
    rules = find_coinche_rules(coinche_timing="any_time")
    assert error(Seat.N, ["E: 80 hearts", "E: coinche"], rules=rules) == (
        1,
        "E cannot coinche their own bid",
    )


def test_coinche_twice_is_an_error() -> None:
    assert error(Seat.N, ["E: 80 hearts", "S: coinche", "W: pass", "N: coinche"]) == (
        3,
        "N cannot coinche: S has already coinched",
    )


def test_surcoinche_without_coinche_is_an_error() -> None:
    assert error(Seat.N, ["E: 80 hearts", "S: pass", "W: surcoinche"]) == (
        2,
        "W cannot surcoinche: nobody has coinched",
    )


def test_surcoinche_off_forbids_the_surcoinche() -> None:
    rules = find_coinche_rules(surcoinche="off")
    assert error(Seat.N, ["E: 80 hearts", "S: coinche", "W: surcoinche"], rules=rules) == (
        2,
        "W cannot surcoinche: there is no surcoinche under ffb_coinche",
    )


@pytest.mark.parametrize("value", ["4", "3"])
def test_surcoinche_4_or_3_allows_the_surcoinche(value: str) -> None:
    rules = find_coinche_rules(surcoinche=value)
    r = run_auction(Seat.N, ["E: 80 hearts", "S: coinche", "W: surcoinche"], rules=rules)
    assert r.level is Level.SURCOINCHE


def test_coinche_80_no_forbids_coinching_an_80() -> None:
    rules = find_coinche_rules(coinche_80="no")
    assert error(Seat.N, ["E: 80 hearts", "S: coinche"], rules=rules) == (
        1,
        "S cannot coinche a bid of 80 under ffb_coinche",
    )
    assert (
        run_auction(Seat.N, ["E: 80 hearts", "S: coinche", "W: pass", "N: pass", "E: pass"]).level
        is Level.COINCHE
    )


def test_coinche_timing_in_turn_any_time_with_three_passes_counts_from_the_coincher() -> None:
    rules = find_coinche_rules(coinche_timing="any_time")
    r = run_auction(
        Seat.N, ["E: 80 hearts", "N: coinche", "E: pass", "S: pass", "W: pass"], rules=rules
    )
    assert r.coinched_by is Seat.N


def test_sa_ta_off_refuses_sans_atout_and_tout_atout() -> None:
    assert error(Seat.N, ["E: 90 none"]) == (
        0,
        "E cannot bid 90 none: sans atout and tout atout are not played under ffb_coinche",
    )


def test_sa_ta_on_allows_sans_atout_and_tout_atout() -> None:
    rules = find_coinche_rules(sa_ta="on")
    r = run_auction(
        Seat.N, ["E: 90 none", "S: 100 all", "W: pass", "N: pass", "E: pass"], rules=rules
    )
    assert r.trump is Trump.ALL


def test_generale_off_refuses_the_generale() -> None:
    assert error(Seat.N, ["E: generale hearts"]) == (
        0,
        "E cannot bid generale hearts: the générale is not played under ffb_coinche",
    )


def test_generale_solo_is_biddable_above_numbers() -> None:
    rules = find_coinche_rules(generale="solo")
    r = run_auction(
        Seat.N,
        ["E: 160 hearts", "S: generale spades", "W: pass", "N: pass", "E: pass"],
        rules=rules,
    )
    assert (r.taker, r.bid) == (Seat.S, BidKind.GENERALE)


def test_unfinished_auction_is_an_error_without_index() -> None:
    assert error(Seat.N, ["E: 80 hearts", "S: pass"]) == (
        None,
        "the auction is not finished after 2 calls: W is still to speak",
    )


def test_a_passed_seat_may_bid_later() -> None:
    r = run_auction(
        Seat.N,
        [
            "E: pass",
            "S: 80 clubs",
            "W: pass",
            "N: pass",
            "E: 90 hearts",
            "S: pass",
            "W: pass",
            "N: pass",
        ],
    )
    assert (r.taker, r.bid) == (Seat.E, 90)


def test_min_bid_82_still_writes_the_lowest_bid_as_80() -> None:
    r = run_auction(Seat.N, ["E: 80 hearts", "S: pass", "W: pass", "N: pass"], rules=PAGAT_COINCHE)
    assert r.bid == 80


def test_invalid_call_text_carries_its_index() -> None:
    assert error(Seat.N, ["E: pass", "S: 90 hats"])[0] == 1
    assert error(Seat.N, ["E: pass", "X: pass"]) == (1, "invalid seat: 'X'")


def test_presets_agree_on_e1() -> None:
    calls = ["N: 90 spades", "E: pass", "S: 110 spades", "W: pass", "N: pass", "E: pass"]
    for rules in (FFB_COINCHE, FFB_CONTREE, PAGAT_COINCHE):
        assert run_auction(Seat.W, calls, rules=rules).contract is not None


@pytest.mark.parametrize("cap", ["160", "170", "180", "650"])
def test_max_bid_caps_numeric_bids(cap: str) -> None:
    rules = find_coinche_rules(max_bid=cap)
    top = int(cap)
    assert (
        run_auction(Seat.N, [f"E: {top} hearts", "S: pass", "W: pass", "N: pass"], rules=rules).bid
        == top
    )
    assert error(Seat.N, [f"E: {top + 10} hearts"], rules=rules) == (
        0,
        f"E cannot bid {top + 10} hearts: the highest bid is {top}",
    )


def test_max_bid_none_has_no_ceiling() -> None:
    assert run_auction(Seat.N, ["E: 1000 hearts", "S: pass", "W: pass", "N: pass"]).bid == 1000
