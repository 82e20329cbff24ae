"""Whole deals: checked play by play, then scored (play_deal)."""

from __future__ import annotations

import pytest

from explainer.engine import (
    HOUSE,
    Contract,
    IllegalPlayError,
    InvalidDealError,
    Rule,
    Seat,
    Team,
    Trump,
    parse_card,
    play_deal,
    score_points,
)


def tricks(*lines: str) -> list[list[tuple[Seat, int]]]:
    return [
        [(Seat.parse(p.split(":")[0]), parse_card(p.split(":")[1])) for p in line.split()]
        for line in lines
    ]


HEARTS_S_TAKES = Contract(Trump.HEARTS, taker=Seat.S)

MADE_WITH_BELOTE = (  # N holds KH and QH
    "N:QH E:9H S:7H W:JH",
    "W:KS N:KH E:7S S:9S",
    "N:AH E:8H S:9C W:8S",
    "N:7D E:JD S:AD W:8D",
    "S:JC W:10D N:8C E:AC",
    "E:QS S:9D W:JS N:10H",
    "N:10C E:QC S:7C W:QD",
    "N:KD E:AS S:KC W:10S",
)

FAILED_WITH_TAKERS_BELOTE = (  # S (a taker) holds KH and QH, and the takers fail
    "N:8S E:AS S:JS W:10S",
    "E:AH S:KH W:9H N:7H",
    "W:7S N:9S E:QS S:QH",
    "S:QD W:10H N:AD E:9D",
    "W:9C N:AC E:10C S:JC",
    "N:10D E:JH S:8D W:8H",
    "E:7C S:KD W:KC N:QC",
    "W:KS N:JD E:8C S:7D",
)

CAPOT_BY_TAKERS = (
    "N:QH E:10H S:AH W:7H",
    "S:8H W:8C N:JH E:JC",
    "N:AS E:7S S:KS W:10S",
    "N:7C E:QC S:KH W:AC",
    "S:AD W:10D N:JS E:7D",
    "S:KD W:QD N:QS E:8D",
    "S:9H W:9C N:10C E:JD",
    "S:9S W:9D N:KC E:8S",
)

TIE_81_81 = (
    "N:10S E:KS S:QS W:8S",
    "N:8C E:QC S:JC W:KC",
    "W:8H N:AC E:KH S:AH",
    "S:10D W:AD N:KD E:QD",
    "W:10H N:8D E:JH S:9H",
    "E:7S S:QH W:AS N:JS",
    "S:JD W:9S N:9D E:7D",
    "S:7H W:10C N:9C E:7C",
)


def test_made_contract_with_belote_each_team_scores_its_points():
    r = play_deal(HEARTS_S_TAKES, tricks(*MADE_WITH_BELOTE), HOUSE, dealer=Seat.W)
    assert [s.name for s in r.winners] == ["W", "N", "N", "S", "E", "N", "N", "N"]
    assert r.card_points == (92, 60)
    assert r.last_trick is Team.NS
    assert r.belote is Seat.N
    assert r.capot is None
    assert r.points == (92 + 10 + 20, 60)
    assert r.made is True
    assert r.score == (122, 60)
    assert sum(r.points) == 162 + 20


def test_failed_contract_defenders_get_162_plus_the_belote():
    r = play_deal(HEARTS_S_TAKES, tricks(*FAILED_WITH_TAKERS_BELOTE), HOUSE)
    assert [s.name for s in r.winners] == ["E", "W", "S", "W", "N", "E", "W", "W"]
    assert r.card_points == (29, 123)
    assert r.belote is Seat.S
    assert r.points == (29 + 20, 123 + 10)
    assert r.made is False
    assert r.score == (0, 162 + 20)


def test_capot_takers_win_all_eight_tricks_for_252():
    r = play_deal(HEARTS_S_TAKES, tricks(*CAPOT_BY_TAKERS), HOUSE)
    assert {w.team for w in r.winners} == {Team.NS}
    assert r.capot is Team.NS
    assert r.card_points == (152, 0)
    assert r.points == (252, 0)
    assert r.made and r.score == (252, 0)


def test_tie_counts_as_made_each_team_scores_81():
    r = play_deal(HEARTS_S_TAKES, tricks(*TIE_81_81), HOUSE)
    assert r.belote is None
    assert r.card_points == (71, 81)
    assert r.points == (81, 81)
    assert r.made is True
    assert r.score == (81, 81)


def test_same_deal_with_the_other_team_taking_swaps_who_is_judged():
    r = play_deal(Contract(Trump.HEARTS, taker=Seat.E), tricks(*FAILED_WITH_TAKERS_BELOTE))
    assert r.made is True and r.score == r.points == (49, 133)


def test_deal_records_the_rule_of_every_play():
    r = play_deal(HEARTS_S_TAKES, tricks(*MADE_WITH_BELOTE))
    assert len(r.rules_applied) == 8 and all(len(t) == 4 for t in r.rules_applied)
    assert all(t[0] is Rule.LEAD for t in r.rules_applied)
    assert r.rules_applied[0][1:] == (Rule.CLIMB, Rule.FOLLOW, Rule.CLIMB)
    assert r.tricks[0].breakdown == "3 + 14 + 0 + 20 = 37"


def test_illegal_play_in_trick_5_raises_with_trick_index_4():
    bad = tricks(*MADE_WITH_BELOTE)
    # N plays 10H instead of 8C in trick 5 (it holds clubs), and 8C in trick 6
    bad[4][2], bad[5][3] = (Seat.N, parse_card("10H")), (Seat.N, parse_card("8C"))
    with pytest.raises(IllegalPlayError) as info:
        play_deal(HEARTS_S_TAKES, bad, HOUSE)
    e = info.value
    assert (e.trick_index, e.play_index) == (4, 2)
    assert e.rule is Rule.FOLLOW
    assert str(e) == "illegal play in trick 5: N plays 10H (must follow: 8C 10C)"


def test_duplicated_card_raises_invalid_deal_error():
    bad = tricks(*MADE_WITH_BELOTE)
    bad[7][3] = (Seat.W, parse_card("QH"))  # QH was led in trick 1
    with pytest.raises(InvalidDealError, match="QH is played twice") as info:
        play_deal(HEARTS_S_TAKES, bad)
    assert (info.value.trick_index, info.value.play_index) == (7, 3)


def test_31_cards_raise_invalid_deal_error():
    bad = tricks(*MADE_WITH_BELOTE)
    del bad[7][3]
    with pytest.raises(InvalidDealError, match="trick 8 has 3 plays") as info:
        play_deal(HEARTS_S_TAKES, bad)
    assert info.value.trick_index == 7


def test_seven_tricks_raise_invalid_deal_error():
    with pytest.raises(InvalidDealError, match="8 tricks, got 7"):
        play_deal(HEARTS_S_TAKES, tricks(*MADE_WITH_BELOTE[:7]))


def test_play_out_of_turn_raises_invalid_deal_error():
    bad = tricks(*MADE_WITH_BELOTE)
    bad[0][1], bad[0][2] = bad[0][2], bad[0][1]  # S plays before E
    with pytest.raises(
        InvalidDealError, match="out of turn in trick 1: S plays, expected E"
    ) as info:
        play_deal(HEARTS_S_TAKES, bad)
    assert (info.value.trick_index, info.value.play_index) == (0, 1)


def test_trick_not_led_by_the_last_winner_raises_invalid_deal_error():
    bad = tricks(*MADE_WITH_BELOTE)
    bad[1] = bad[1][1:] + bad[1][:1]  # N leads trick 2, but W won trick 1
    with pytest.raises(InvalidDealError, match="trick 2: N leads, expected W"):
        play_deal(HEARTS_S_TAKES, bad)


def test_first_lead_by_other_than_the_seat_after_the_dealer_raises():
    with pytest.raises(InvalidDealError) as info:
        play_deal(HEARTS_S_TAKES, tricks(*MADE_WITH_BELOTE), dealer=Seat.N)
    assert str(info.value) == "play out of turn in trick 1: N leads, expected E"
    assert (info.value.trick_index, info.value.play_index) == (0, 0)


def test_invalid_card_int_raises_invalid_deal_error():
    bad = tricks(*MADE_WITH_BELOTE)
    bad[2][0] = (Seat.N, 32)
    with pytest.raises(InvalidDealError) as info:
        play_deal(HEARTS_S_TAKES, bad)
    assert str(info.value) == "invalid card in trick 3: 32"
    assert (info.value.trick_index, info.value.play_index) == (2, 0)


def test_deal_without_a_taker_raises_invalid_deal_error():
    with pytest.raises(InvalidDealError) as info:
        play_deal(Contract(Trump.HEARTS), tricks(*MADE_WITH_BELOTE))
    assert str(info.value) == "a deal needs a taker"


def test_score_points_capot_by_defenders_fails_takers_with_252():
    winners = [Seat.E] * 4 + [Seat.W] * 4
    points, capot, made, score = score_points((0, 152), winners, None, Seat.N)
    assert (points, capot, made, score) == ((0, 252), Team.EW, False, (0, 252))


def test_score_points_failed_takers_belote_goes_to_defenders_too():
    winners = [Seat.E] * 7 + [Seat.N]
    points, capot, made, score = score_points((10, 142), winners, Seat.S, Seat.N)
    assert points == (40, 142) and capot is None and not made
    assert score == (0, 182)
