"""The match (coinche.md §4): worked example E20, impossible matches and the knobs."""

from __future__ import annotations

import pytest

from explainer.engine.coinche import (
    FFB_COINCHE,
    MatchDeal,
    MatchError,
    MatchResult,
    find_coinche_rules,
    run_match,
)
from explainer.engine.seats import Seat, Team

E8 = MatchDeal((227, 45))


def match(
    deals: list[MatchDeal],
    start: tuple[int, int],
    preset: str = "ffb_coinche",
    dealer: Seat = Seat.W,
    **knobs: str,
) -> MatchResult:
    rules = find_coinche_rules(preset, **({"target": "2000"} | knobs))
    return run_match(deals, dealer=dealer, start=start, rules=rules)


def test_e20a_end_rounding_rounded_reaching_2000_wins() -> None:
    r = match([E8], (1770, 1490), "ffb_contree")
    assert (r.totals, r.winner, r.next_dealer, r.deals_counted) == (
        (2000, 1540),
        Team.NS,
        Seat.N,
        1,
    )


def test_e20a_end_rounding_exact_last_deal_1997_is_not_yet() -> None:
    r = match([E8], (1770, 1490), "ffb_contree", end_rounding="exact_last_deal")
    assert r.winner is None
    assert r.totals == (2000, 1540)  # not the last deal: rounded as usual


def test_end_rounding_exact_last_deal_the_winning_deal_counts_to_the_point() -> None:
    r = match([E8], (1780, 1490), "ffb_contree", end_rounding="exact_last_deal")
    assert (r.totals, r.winner) == ((2007, 1535), Team.NS)


def test_e20a_target_2001_is_not_yet_reached() -> None:
    assert match([E8], (1770, 1490), "ffb_contree", target="2001").winner is None


def test_e20a_target_rule_exceed_2000_is_not_enough() -> None:
    assert match([E8], (1770, 1490), "ffb_contree", target_rule="exceed").winner is None


def test_e20b_both_cross_the_higher_total_wins() -> None:
    r = match([MatchDeal((230, 50))], (1950, 1990))
    assert (r.totals, r.winner) == ((2180, 2040), Team.NS)


@pytest.mark.parametrize(
    ("final_tie", "winner", "drawn"),
    [("extra_deal", None, False), ("last_deal_winner", Team.NS, False), ("draw", None, True)],
)
def test_e20b_final_tie(final_tie: str, winner: Team | None, drawn: bool) -> None:
    r = match([MatchDeal((120, 40))], (1900, 1980), final_tie=final_tie)
    assert r.totals == (2020, 2020)
    assert (r.winner, r.drawn) == (winner, drawn)


def test_e20c_belote_finish_not_if_capot_or_failed_a_capot_team_has_not_won() -> None:
    deal = MatchDeal((502, 20), capot=Team.NS, belote=(Team.EW,))
    r = match([deal], (1000, 1990))
    assert (r.totals, r.winner) == ((1500, 2010), None)


def test_e20c_belote_finish_allowed_the_belote_wins() -> None:
    deal = MatchDeal((502, 20), capot=Team.NS, belote=(Team.EW,))
    assert match([deal], (1000, 1990), belote_finish="allowed").winner is Team.EW


def test_belote_finish_not_if_capot_a_failed_team_may_finish_on_its_belote() -> None:
    deal = MatchDeal((260, 20), belote=(Team.EW,), failed=Team.EW)
    assert match([deal], (1000, 1990), belote_finish="not_if_capot").winner is Team.EW
    assert match([deal], (1000, 1990)).winner is None


def test_belote_finish_never_even_a_made_contract() -> None:
    deal = MatchDeal((40, 130), belote=(Team.EW,))
    assert match([deal], (1000, 1880), belote_finish="never").winner is None
    assert match([deal], (1000, 1880)).winner is Team.EW


def test_e20d_dealer_rotation_and_annulled_deals() -> None:
    r = match([MatchDeal(annulled=True), E8], (0, 0), dealer=Seat.S)
    assert (r.next_dealer, r.deals_counted) == (Seat.N, 1)
    r = match([MatchDeal(annulled=True)], (0, 0), dealer=Seat.S, all_pass="same_dealer")
    assert (r.next_dealer, r.deals_counted) == (Seat.S, 0)


def test_rounding_applies_to_each_deal() -> None:
    assert match([E8, E8], (0, 0)).totals == (460, 100)
    assert match([E8, E8], (0, 0), rounding="none").totals == (454, 90)


def test_no_target_nobody_wins() -> None:
    r = run_match([E8] * 20, dealer=Seat.N, rules=FFB_COINCHE)
    assert (r.winner, r.totals) == (None, (4600, 1000))


def test_a_deal_after_the_match_ended_is_an_error() -> None:
    with pytest.raises(MatchError) as e:
        match([E8, E8], (1770, 1490))
    assert (e.value.deal_index, str(e.value)) == (1, "deal 2 comes after the match ended at deal 1")


def test_a_start_at_the_target_is_an_error() -> None:
    with pytest.raises(MatchError) as e:
        match([E8], (2000, 0))
    assert (e.value.deal_index, str(e.value)) == (
        None,
        "the match starts at 2000-0, already at the target 2000",
    )


def test_a_negative_score_is_an_error() -> None:
    with pytest.raises(MatchError) as e:
        match([MatchDeal((-10, 170))], (0, 0))
    assert (e.value.deal_index, str(e.value)) == (0, "deal 1 has a negative score: (-10, 170)")
