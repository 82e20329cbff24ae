"""Whole deals, read exactly: every field of the result, every refusal's whole message,
card and place (issue 16: ``DealResult.contract``, the invalid-seat branch, the card and
allowed values of an illegal play were unchecked)."""

from __future__ import annotations

import pytest

from explainer.engine import (
    HOUSE,
    CardSet,
    Contract,
    IllegalPlayError,
    InvalidDealError,
    Rule,
    Seat,
    Team,
    Trump,
    find_rules,
    parse_card,
    play_deal,
    score_deal,
    score_points,
)
from tests.engine.test_deal import HEARTS_S_TAKES, MADE_WITH_BELOTE, TIE_81_81, tricks


def refusal(bad: list[list[tuple[Seat, int]]]) -> tuple[str, int | None, int | None]:
    with pytest.raises(InvalidDealError) as info:
        play_deal(HEARTS_S_TAKES, bad)
    return str(info.value), info.value.trick_index, info.value.play_index


def test_a_deal_keeps_its_contract_tricks_winners_and_counts() -> None:
    r = play_deal(HEARTS_S_TAKES, tricks(*MADE_WITH_BELOTE), HOUSE, dealer=Seat.W)
    assert r.contract is HEARTS_S_TAKES
    assert r.taker_team is Team.NS
    assert len(r.tricks) == 8 and r.winners == tuple(t.winner for t in r.tricks)
    assert (r.belote, r.belotes, r.capot, r.held) == (Seat.N, (Seat.N,), None, 0)
    assert r.last_trick is r.winners[-1].team
    assert sum(r.card_points) == 152
    assert r.points[0] + r.points[1] == 162 + 20


def test_a_card_that_is_not_a_card_is_refused_at_its_place() -> None:
    bad: list[list[tuple[Seat, object]]] = tricks(*MADE_WITH_BELOTE)  # type: ignore[assignment]
    bad[1][2] = (Seat.E, -1)
    assert refusal(bad) == ("invalid card in trick 2: -1", 1, 2)  # type: ignore[arg-type]
    bad[1][2] = (Seat.E, "7S")
    assert refusal(bad) == ("invalid card in trick 2: '7S'", 1, 2)  # type: ignore[arg-type]


def test_a_seat_that_is_not_a_seat_is_refused_at_its_place() -> None:
    bad: list[list[tuple[object, int]]] = tricks(*MADE_WITH_BELOTE)  # type: ignore[assignment]
    bad[2][3] = (4, bad[2][3][1])
    assert refusal(bad) == ("invalid seat in trick 3: 4", 2, 3)  # type: ignore[arg-type]
    bad[2][3] = ("W", bad[2][3][1])
    assert refusal(bad) == ("invalid seat in trick 3: 'W'", 2, 3)  # type: ignore[arg-type]


def test_a_card_played_twice_names_both_tricks_and_its_second_place() -> None:
    bad = tricks(*MADE_WITH_BELOTE)
    bad[6][1] = (Seat.E, parse_card("9H"))  # 9H was played by E in trick 1
    assert refusal(bad) == ("9H is played twice (trick 1 and trick 7)", 6, 1)


def test_a_seat_with_too_few_cards_is_refused_naming_the_seat_and_its_count() -> None:
    bad = tricks(*MADE_WITH_BELOTE)
    bad[7][1] = (Seat.N, bad[7][1][1])  # N plays E's card: N 9 cards, E 7
    assert refusal(bad) == ("N plays 9 cards, expected 8", None, None)


def test_the_number_of_tricks_and_plays_are_refused_by_their_whole_message() -> None:
    assert refusal(tricks(*MADE_WITH_BELOTE[:7])) == ("a deal has 8 tricks, got 7", None, None)
    assert refusal(tricks(*MADE_WITH_BELOTE, MADE_WITH_BELOTE[0])) == (
        "a deal has 8 tricks, got 9",
        None,
        None,
    )
    bad = tricks(*MADE_WITH_BELOTE)
    bad[2].append(bad[2][0])
    assert refusal(bad) == ("trick 3 has 5 plays, expected 4", 2, None)


def test_a_play_out_of_turn_after_the_lead_says_plays_and_the_seat_expected() -> None:
    bad = tricks(*MADE_WITH_BELOTE)
    bad[3][2], bad[3][3] = bad[3][3], bad[3][2]
    assert refusal(bad) == ("play out of turn in trick 4: W plays, expected S", 3, 2)


def test_an_illegal_play_carries_its_card_rule_and_the_cards_allowed() -> None:
    bad = tricks(*MADE_WITH_BELOTE)
    bad[4][2], bad[5][3] = (Seat.N, parse_card("10H")), (Seat.N, parse_card("8C"))
    with pytest.raises(IllegalPlayError) as info:
        play_deal(HEARTS_S_TAKES, bad, HOUSE)
    e = info.value
    assert (e.card, e.rule, CardSet(e.allowed), e.trick_index, e.play_index) == (
        parse_card("10H"),
        Rule.FOLLOW,
        CardSet.parse("8C 10C"),
        4,
        2,
    )


def test_without_a_dealer_the_first_trick_may_be_led_by_any_seat() -> None:
    r = play_deal(HEARTS_S_TAKES, tricks(*MADE_WITH_BELOTE))
    assert r.tricks[0].leader is Seat.N
    with pytest.raises(InvalidDealError) as info:
        play_deal(HEARTS_S_TAKES, tricks(*MADE_WITH_BELOTE), dealer=Seat.N)
    assert str(info.value) == "play out of turn in trick 1: N leads, expected E"


WINNERS_NS_LAST = [Seat.E, Seat.N, Seat.N, Seat.N, Seat.N, Seat.N, Seat.N, Seat.S]


@pytest.mark.parametrize(
    ("tie", "made", "score", "held"),
    [("made", True, (81, 81), 0), ("failed", False, (0, 162), 0), ("litige", False, (0, 81), 81)],
)
def test_a_tie_is_made_failed_or_held_over_as_the_tie_knob_says(
    tie: str, made: bool, score: tuple[int, int], held: int
) -> None:
    d = score_deal((71, 81), WINNERS_NS_LAST, (), Seat.N, find_rules("house", tie=tie))
    assert (d.points, d.made, d.score, d.held, d.capot) == ((81, 81), made, score, held, None)


@pytest.mark.parametrize(
    ("belote", "score"),
    [("prenable", (0, 202)), ("imprenable", (20, 182)), ("attack_only", (20, 162))],
)
def test_a_failed_contract_gives_the_belotes_as_the_belote_knob_says(
    belote: str, score: tuple[int, int]
) -> None:
    d = score_deal(
        (40, 112),
        WINNERS_NS_LAST[:7] + [Seat.E],
        (Seat.S, Seat.W),
        Seat.N,
        find_rules("house", belote=belote),
    )
    assert (d.made, d.score) == (False, score)


def test_a_made_contract_under_attack_only_drops_only_the_defenders_belote() -> None:
    d = score_deal(
        (100, 52),
        WINNERS_NS_LAST,
        (Seat.S, Seat.W),
        Seat.N,
        find_rules("house", belote="attack_only"),
    )
    assert (d.points, d.made, d.score) == ((130, 52), True, (130, 52))


def test_a_capot_scores_the_capot_value_of_the_rules_and_all_trump_ratio_scales() -> None:
    capot = score_deal((152, 0), [Seat.N] * 8, (), Seat.S, find_rules("house", capot_points="250"))
    assert (capot.points, capot.capot, capot.made, capot.score) == (
        (250, 0),
        Team.NS,
        True,
        (250, 0),
    )
    ratio = find_rules("house", all_trump_points="ffb2016_ratio")
    d = score_deal((188, 60), WINNERS_NS_LAST, (), Seat.N, ratio, trump=Trump.ALL)
    assert d.points == (124, 38)
    plain = score_deal((188, 60), WINNERS_NS_LAST, (), Seat.N, ratio, trump=Trump.HEARTS)
    assert plain.points == (198, 60)


def test_a_checked_deal_tied_under_litige_holds_the_takers_points_over() -> None:
    litige = find_rules("house", tie="litige")
    r = play_deal(Contract(Trump.HEARTS, taker=Seat.N), tricks(*TIE_81_81), litige)
    assert (r.points, r.made, r.score, r.held) == ((81, 81), False, (0, 81), 81)


def test_the_last_trick_is_the_team_that_won_the_eighth_not_another() -> None:
    r = play_deal(HEARTS_S_TAKES, tricks(*TIE_81_81))
    assert [w.name for w in r.winners] == ["N", "W", "S", "W", "E", "S", "S", "S"]
    assert r.last_trick is Team.NS


def test_one_point_ahead_is_made_whatever_the_tie_rule() -> None:
    for tie in ("made", "failed", "litige"):
        d = score_deal((71, 80), WINNERS_NS_LAST, (), Seat.N, find_rules("house", tie=tie))
        assert (d.points, d.made, d.score) == ((81, 80), True, (81, 80))


def test_score_points_scores_under_its_rules() -> None:
    capot = score_points(
        (152, 0), [Seat.N] * 8, None, Seat.N, find_rules("house", capot_points="250")
    )
    assert capot == ((250, 0), Team.NS, True, (250, 0))
    tie = score_points((71, 81), WINNERS_NS_LAST, None, Seat.N, find_rules("house", tie="failed"))
    assert tie == ((81, 81), None, False, (0, 162))
