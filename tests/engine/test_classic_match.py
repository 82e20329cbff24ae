"""The classic Belote match: to 1000 (501, 2000), both teams over at once, the litige.

FFB-B16 §10.4.2 (reach or pass the target; the higher total wins when both do; equal
totals play another deal; its example: 910 + 85 rounded to 90 makes 1000), §10.1.3 (a
litige holds the takers' points for the next deal's winner), Pagat's Belote (both
teams over on one deal: a draw), seed 003 (a match to 1000).
"""

from __future__ import annotations

import pytest

from explainer.engine import (
    MatchDeal,
    MatchError,
    MatchRules,
    Seat,
    Team,
    find_rules,
    match_rules,
    run_match,
)

HOUSE = find_rules("house")
FFB = find_rules("ffb_belote")
PAGAT = find_rules("pagat_belote")
NS, EW = Team.NS, Team.EW


def test_classic_rules_play_the_match_their_knobs_say() -> None:
    assert match_rules(HOUSE) == MatchRules("house", 1000, both_reach="higher_total")
    assert match_rules(FFB) == MatchRules("ffb_belote", 1000, litige=True)
    assert match_rules(PAGAT) == MatchRules("pagat_belote", 1000, both_reach="draw")
    assert match_rules(find_rules(target="501", rounding="half_up")).target == 501


def test_the_ffb_example_910_and_85_rounded_reaches_1000() -> None:
    rounded = find_rules("ffb_belote", rounding="half_up")
    r = run_match([MatchDeal((85, 77), made=NS)], dealer=Seat.N, start=(910, 600), rules=rounded)
    assert (r.totals, r.winner) == ((1000, 680), NS)
    to_the_point = run_match(
        [MatchDeal((85, 77), made=NS)], dealer=Seat.N, start=(910, 600), rules=FFB
    )
    assert (to_the_point.totals, to_the_point.winner) == ((995, 677), None)


@pytest.mark.parametrize(("target", "winner"), [("501", NS), ("1000", None), ("2000", None)])
def test_the_target_is_the_rules(target: str, winner: Team | None) -> None:
    r = run_match(
        [MatchDeal((92, 70))], dealer=Seat.N, start=(420, 300), rules=find_rules(target=target)
    )
    assert r.winner == winner


def test_both_over_on_one_deal_the_higher_total_wins_under_the_ffb_and_draws_under_pagat() -> None:
    deal = [MatchDeal((90, 72), made=NS)]
    ffb = run_match(deal, dealer=Seat.N, start=(950, 980), rules=FFB)
    pagat = run_match(deal, dealer=Seat.N, start=(950, 980), rules=PAGAT)
    assert (ffb.totals, ffb.winner, ffb.drawn) == ((1040, 1052), EW, False)
    assert (pagat.winner, pagat.drawn, pagat.ended_at) == (None, True, 0)


def test_equal_totals_over_the_target_play_another_deal() -> None:
    r = run_match([MatchDeal((81, 81))], dealer=Seat.N, start=(930, 930), rules=HOUSE)
    assert (r.totals, r.winner, r.drawn, r.ended_at) == ((1011, 1011), None, False, None)
    again = run_match(
        [MatchDeal((81, 81)), MatchDeal((100, 62))], dealer=Seat.N, start=(930, 930), rules=HOUSE
    )
    assert (again.winner, again.ended_at) == (NS, 1)


def test_the_next_seat_deals_after_every_deal_annulled_or_not() -> None:
    r = run_match(
        [MatchDeal((92, 70)), MatchDeal(annulled=True), MatchDeal((0, 162))],
        dealer=Seat.W,
        rules=HOUSE,
    )
    assert (r.next_dealer, r.deals_counted) == (Seat.S, 2)


# -- a litige's held points --------------------------------------------------------------


def test_a_litige_holds_the_takers_points_for_the_next_deals_winner() -> None:
    deals = [MatchDeal((0, 81), held=81), MatchDeal((100, 62), made=NS)]
    r = run_match(deals, dealer=Seat.N, rules=FFB)
    assert r.history == ((0, 81), (181, 143)) and r.held == 0


def test_held_points_go_to_the_defenders_of_a_failed_contract() -> None:
    deals = [MatchDeal((81, 0), held=81), MatchDeal((0, 162), failed=NS)]
    assert run_match(deals, dealer=Seat.N, rules=FFB).totals == (81, 243)


def test_held_points_wait_through_annulled_deals_and_add_up_over_litiges() -> None:
    deals = [
        MatchDeal((0, 81), held=81),
        MatchDeal(annulled=True),
        MatchDeal((91, 0), held=91),
        MatchDeal((0, 162), failed=NS),
    ]
    r = run_match(deals, dealer=Seat.N, rules=FFB)
    assert r.totals == (91, 81 + 162 + 81 + 91) and r.held == 0
    assert run_match(deals[:3], dealer=Seat.N, rules=FFB).held == 172


def test_held_points_may_take_a_team_over_the_target() -> None:
    deals = [MatchDeal((0, 81), held=81), MatchDeal((85, 77), made=NS)]
    r = run_match(deals, dealer=Seat.N, start=(850, 700), rules=FFB)
    assert (r.totals, r.winner) == ((1016, 858), NS)


@pytest.mark.parametrize(
    ("deals", "rules", "message", "index"),
    [
        (
            [MatchDeal((0, 81), held=81)],
            HOUSE,
            "deal 1 holds points over, but house has no litige",
            0,
        ),
        (
            [MatchDeal((0, 81), held=81), MatchDeal((100, 62))],
            FFB,
            "deal 2 takes the 81 points held over by a litige: say which team won it",
            1,
        ),
        ([MatchDeal((100, 62), made=NS, failed=EW)], FFB, "deal 1 is made or failed, not both", 0),
        (
            [MatchDeal((0, 81), held=81, made=EW)],
            FFB,
            "deal 1 is a litige: neither made nor failed",
            0,
        ),
        (
            [MatchDeal((600, 62)), MatchDeal((92, 70))],
            FFB,
            "deal 2 comes after the match ended at deal 1",
            1,
        ),
    ],
)
def test_a_match_that_cannot_have_happened_is_refused_at_its_deal(
    deals: list[MatchDeal], rules, message: str, index: int
) -> None:
    with pytest.raises(MatchError, match=message) as info:
        run_match(deals, dealer=Seat.N, start=(500, 0), rules=rules)
    assert info.value.deal_index == index
