"""The match to the letter (issue 16: ``coinche.match``'s survivors): when a belote alone
may not finish it (``belote_finish``: after a capot against the team, after its failed
contract whatever it scored, when the deal gave it its belotes only), who wins when both
cross, every field of the result, and the message of a deal after the end."""

from __future__ import annotations

import pytest

from explainer.engine.coinche import (
    MatchDeal,
    MatchError,
    MatchResult,
    find_coinche_rules,
    run_match,
)
from explainer.engine.seats import Seat, Team


def winner(deal: MatchDeal, start: tuple[int, int], belote_finish: str) -> Team | None:
    rules = find_coinche_rules("ffb_coinche", target="2000", belote_finish=belote_finish)
    return run_match([deal], dealer=Seat.W, start=start, rules=rules).winner


def test_belote_finish_not_if_capot_a_team_that_lost_every_trick_does_not_finish() -> None:
    deal = MatchDeal((502, 20), capot=Team.NS, belote=(Team.EW,))
    assert winner(deal, (1000, 1990), "not_if_capot") is None


def test_belote_finish_not_if_failed_a_failed_team_does_not_finish_whatever_it_scored() -> None:
    deal = MatchDeal((260, 40), belote=(Team.EW,), failed=Team.EW)
    assert winner(deal, (1000, 1970), "not_if_capot_or_failed") is None
    assert winner(deal, (1000, 1970), "allowed") is Team.EW


def test_belote_finish_a_team_that_scored_only_its_two_belotes_does_not_finish() -> None:
    deal = MatchDeal((220, 40), belote=(Team.EW, Team.EW))
    assert winner(deal, (1000, 1970), "not_if_capot_or_failed") is None
    assert winner(deal, (1000, 1970), "allowed") is Team.EW


def test_belote_finish_a_team_that_scored_more_than_its_belote_finishes() -> None:
    deal = MatchDeal((200, 60), belote=(Team.EW,))
    assert winner(deal, (1000, 1950), "not_if_capot_or_failed") is Team.EW


def test_belote_finish_a_belote_the_team_did_not_need_never_blocks_it() -> None:
    deal = MatchDeal((40, 130), belote=(Team.EW,))
    assert winner(deal, (1000, 1900), "never") is Team.EW


def test_belote_finish_a_blocked_team_leaves_the_other_to_win() -> None:
    deal = MatchDeal((20, 200), belote=(Team.NS,))
    assert winner(deal, (1990, 1900), "not_if_capot_or_failed") is Team.EW


def test_belote_finish_applies_to_the_exact_last_deal() -> None:
    rules = find_coinche_rules(target="2000", end_rounding="exact_last_deal")
    deal = MatchDeal((200, 20), belote=(Team.EW,))
    r = run_match([deal], dealer=Seat.W, start=(1000, 1985), rules=rules)
    assert (r.totals, r.winner) == ((1200, 2005), None)


def test_a_match_won_by_one_team_is_not_drawn_and_ends_at_that_deal() -> None:
    r = run_match([MatchDeal((227, 45))], dealer=Seat.W, start=(1770, 1490), target=2000)
    assert r == MatchResult(
        totals=(2000, 1540),
        winner=Team.NS,
        drawn=False,
        next_dealer=Seat.N,
        deals_counted=1,
        ended_at=0,
        history=((2000, 1540),),
    )


def test_when_both_cross_the_higher_total_of_either_team_wins_undrawn() -> None:
    r = run_match([MatchDeal((50, 230))], dealer=Seat.W, start=(1950, 1990), target=2000)
    assert (r.totals, r.winner, r.drawn) == ((2000, 2220), Team.EW, False)


def test_final_tie_last_deal_winner_the_team_that_scored_more_on_it_wins() -> None:
    rules = find_coinche_rules(target="2000", final_tie="last_deal_winner")
    r = run_match([MatchDeal((40, 120))], dealer=Seat.W, start=(1980, 1900), rules=rules)
    assert (r.totals, r.winner, r.drawn) == ((2020, 2020), Team.EW, False)


def test_a_match_that_goes_on_keeps_every_deals_totals_and_counts_a_zero_score() -> None:
    deals = [MatchDeal((160, 0)), MatchDeal(annulled=True), MatchDeal((0, 250))]
    r = run_match(deals, dealer=Seat.W, start=(0, 10), target=2000)
    assert r == MatchResult(
        totals=(160, 260),
        winner=None,
        drawn=False,
        next_dealer=Seat.S,
        deals_counted=2,
        ended_at=None,
        history=((160, 10), (160, 10), (160, 260)),
    )


def test_a_deal_after_the_end_names_the_deal_that_ended_the_match() -> None:
    deals = [MatchDeal((100, 60)), MatchDeal((227, 45)), MatchDeal((100, 62))]
    with pytest.raises(MatchError) as e:
        run_match(deals, dealer=Seat.W, start=(1670, 1490), target=2000)
    assert str(e.value) == "deal 3 comes after the match ended at deal 2"
    assert e.value.deal_index == 2
