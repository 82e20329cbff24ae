"""The scoring knobs, one test per value: tie, belote, capot_points, all_trump_points,
all_trump_belote, classic_declarations; and whole deals under the classic presets.

Counts are written as a team's card points with the winners of the eight tricks (the
last one's team gets the 10), so each test states its arithmetic.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explainer.engine import (
    ALL_TRUMP_SCALES,
    KNOBS,
    PRESETS,
    CardSet,
    Contract,
    Seat,
    Team,
    Trump,
    belote_seats,
    find_rules,
    parse_card,
    play_deal,
    point_table,
    score_deal,
)

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS_LAST = [E, N, E, N, E, N, E, S]  # both teams win tricks; NS wins the last
EW_LAST = [E, N, E, N, E, N, E, W]
NS_CAPOT = [N, S, N, S, N, S, N, S]
EW_CAPOT = [E, W, E, W, E, W, E, W]


def rules(**knobs: str):
    return find_rules("house", **knobs)


# -- tie ---------------------------------------------------------------------------------------


def test_tie_made_a_tie_is_made_and_each_team_scores_its_own():
    d = score_deal((71, 81), NS_LAST, (), N, rules(tie="made"))
    assert (d.points, d.made, d.score, d.held) == ((81, 81), True, (81, 81), 0)


def test_tie_failed_a_tie_fails_and_the_defenders_score_the_deal():
    d = score_deal((71, 81), NS_LAST, (), N, rules(tie="failed"))
    assert (d.points, d.made, d.score, d.held) == ((81, 81), False, (0, 162), 0)


def test_tie_litige_the_defenders_score_theirs_and_the_takers_points_are_held():
    d = score_deal((71, 81), NS_LAST, (), N, rules(tie="litige"))
    assert (d.points, d.made, d.score, d.held) == ((81, 81), False, (0, 81), 81)


def test_tie_litige_applies_only_to_a_tie():
    more = score_deal((72, 80), NS_LAST, (), N, rules(tie="litige"))
    less = score_deal((70, 82), NS_LAST, (), N, rules(tie="litige"))
    assert (more.made, more.score, more.held) == (True, (82, 80), 0)
    assert (less.made, less.score, less.held) == (False, (0, 162), 0)


def test_tie_counts_the_belote_before_comparing():
    # 61 + 10 + 20 (belote) = 91 against 91: a tie
    d = score_deal((61, 91), NS_LAST, (S,), N, rules(tie="litige"))
    assert (d.points, d.held, d.score) == ((91, 91), 91, (0, 91))


# -- belote --------------------------------------------------------------------------------------


def test_belote_prenable_the_defenders_take_the_failed_takers_belote():
    d = score_deal((10, 142), EW_LAST, (S,), N, rules(belote="prenable"))
    assert (d.points, d.made, d.score) == ((30, 152), False, (0, 182))


def test_belote_imprenable_the_failed_takers_keep_their_belote():
    d = score_deal((10, 142), EW_LAST, (S,), N, rules(belote="imprenable"))
    assert (d.points, d.made, d.score) == ((30, 152), False, (20, 162))


def test_belote_imprenable_the_defenders_keep_theirs_when_the_takers_fail():
    d = score_deal((10, 142), EW_LAST, (E,), N, rules(belote="imprenable"))
    assert (d.points, d.made, d.score) == ((10, 172), False, (0, 182))


def test_belote_attack_only_the_defenders_belote_never_counts():
    made = score_deal((90, 62), NS_LAST, (E,), N, rules(belote="attack_only"))
    assert (made.points, made.made, made.score) == ((100, 62), True, (100, 62))
    failed = score_deal((10, 142), EW_LAST, (E,), N, rules(belote="attack_only"))
    assert (failed.points, failed.score) == ((10, 152), (0, 162))


def test_belote_attack_only_the_failed_takers_keep_theirs():
    d = score_deal((10, 142), EW_LAST, (S,), N, rules(belote="attack_only"))
    assert (d.points, d.made, d.score) == ((30, 152), False, (20, 162))


def test_belote_of_a_made_contract_is_the_same_under_every_value():
    for value in ("prenable", "imprenable"):
        d = score_deal((80, 72), NS_LAST, (S,), N, rules(belote=value))
        assert (d.made, d.score) == (True, (110, 72))


# -- capot_points --------------------------------------------------------------------------------


def test_capot_points_252_the_last_trick_becomes_100():
    d = score_deal((152, 0), NS_CAPOT, (), N, rules(capot_points="252"))
    assert (d.capot, d.points, d.score) == (Team.NS, (252, 0), (252, 0))


def test_capot_points_250_a_flat_250():
    d = score_deal((152, 0), NS_CAPOT, (), N, rules(capot_points="250"))
    assert (d.capot, d.points, d.score) == (Team.NS, (250, 0), (250, 0))


def test_capot_points_250_by_the_defenders_with_the_takers_belote_prenable():
    d = score_deal((0, 152), EW_CAPOT, (N,), N, rules(capot_points="250"))
    assert (d.points, d.made, d.score) == ((20, 250), False, (0, 270))


# -- all_trump_points ----------------------------------------------------------------------------


def test_all_trump_points_pagat_scale_j14_9_9_a6_10_5_k3_q1():
    table = point_table(Trump.ALL, "pagat")
    assert [table[parse_card(c)] for c in "JS 9S AS 10S KS QS 8S 7S".split()] == [
        14,
        9,
        6,
        5,
        3,
        1,
        0,
        0,
    ]
    assert sum(table) == 152


def test_all_trump_points_ffb2015_scale_j13_9_9_a6_10_5_k3_q2():
    table = point_table(Trump.ALL, "ffb2015")
    assert [table[parse_card(c)] for c in "JH 9H AH 10H KH QH 8H 7H".split()] == [
        13,
        9,
        6,
        5,
        3,
        2,
        0,
        0,
    ]
    assert sum(table) == 152


def test_all_trump_points_ffb2016_ratio_counts_trump_values_scaled_to_162():
    assert sum(point_table(Trump.ALL, "ffb2016_ratio")) == 248
    ratio = rules(all_trump_points="ffb2016_ratio")
    # FFB-B16's example: 198 (cards and last trick) x 162/258 -> 124; the rest, 60 -> 38
    d = score_deal((188, 60), NS_LAST, (), N, ratio, trump=Trump.ALL)
    assert (d.points, d.made, d.score) == ((124, 38), True, (124, 38))


def test_all_trump_points_ffb2016_ratio_totals_162_for_every_split():
    ratio = rules(all_trump_points="ffb2016_ratio")
    for ns in range(0, 249):
        d = score_deal((ns, 248 - ns), NS_LAST, (), N, ratio, trump=Trump.ALL)
        assert sum(d.points) == 162, ns


def test_all_trump_points_ffb2016_ratio_capot_is_the_capot_value():
    d = score_deal(
        (248, 0), NS_CAPOT, (), N, rules(all_trump_points="ffb2016_ratio"), trump=Trump.ALL
    )
    assert d.points == (252, 0)


def test_all_trump_points_scale_does_not_touch_suit_contracts():
    for scale in ALL_TRUMP_SCALES:
        assert point_table(Trump.HEARTS, scale) == point_table(Trump.HEARTS)
    ratio = rules(all_trump_points="ffb2016_ratio")
    assert score_deal((80, 72), NS_LAST, (), N, ratio, trump=Trump.HEARTS).points == (90, 72)


# -- all_trump_belote ----------------------------------------------------------------------------

KQ_TWICE = [
    CardSet.parse("KS QS KD QD").mask,
    CardSet.parse("KH QC").mask,
    CardSet.parse("QH KC").mask,
    0,
]


def test_all_trump_belote_none_counts_no_belote_at_all_trump():
    assert belote_seats(Trump.ALL, KQ_TWICE, rules(all_trump_belote="none")) == ()


def test_all_trump_belote_each_suit_counts_one_per_suit_held_by_one_seat():
    assert belote_seats(Trump.ALL, KQ_TWICE, rules(all_trump_belote="each_suit")) == (N, N)
    d = score_deal((80, 72), NS_LAST, (N, N), N, rules(all_trump_belote="each_suit"))
    assert d.points == (130, 72)


def test_all_trump_belote_each_suit_does_not_touch_suit_or_no_trump_contracts():
    each = rules(all_trump_belote="each_suit")
    assert belote_seats(Trump.SPADES, KQ_TWICE, each) == (N,)
    assert belote_seats(Trump.HEARTS, KQ_TWICE, each) == ()
    assert belote_seats(Trump.NONE, KQ_TWICE, each) == ()


# -- classic_declarations ------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["off", "on"])
def test_classic_declarations_is_accepted_and_carried(value):
    r = rules(classic_declarations=value)
    assert r.classic_declarations == value and r.knobs["classic_declarations"] == value
    # carried only: the classic scoring here counts no declaration either way
    assert score_deal((80, 72), NS_LAST, (), N, r).score == (90, 72)


# -- whole deals under the presets ---------------------------------------------------------------

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


def tricks(*lines: str) -> list[list[tuple[Seat, int]]]:
    return [
        [(Seat.parse(p.split(":")[0]), parse_card(p.split(":")[1])) for p in line.split()]
        for line in lines
    ]


@pytest.mark.parametrize(
    ("preset", "score"),
    [
        ("house", (0, 182)),  # prenable: the defenders take the takers' belote
        ("official", (0, 182)),
        ("ffb_belote", (20, 162)),  # imprenable: FFB-B16 §10.2
        ("pagat_belote", (20, 162)),
    ],
)
def test_failed_deal_with_the_takers_belote_under_each_preset(preset, score):
    r = play_deal(
        Contract(Trump.HEARTS, taker=S), tricks(*FAILED_WITH_TAKERS_BELOTE), PRESETS[preset]
    )
    assert (r.belote, r.belotes, r.made, r.score, r.held) == (S, (S,), False, score, 0)


def test_deal_scored_under_ffb_belote_holds_a_tie_as_litige():
    d = score_deal((71, 81), NS_LAST, (), N, PRESETS["ffb_belote"])
    assert (d.made, d.score, d.held) == (False, (0, 81), 81)


# -- totals stay consistent under every combination of the scoring knobs --------------------------

SCORING_KNOBS = ("tie", "belote", "capot_points", "all_trump_points", "defenders_capot")


@st.composite
def scoring_rules(draw):
    return find_rules(
        draw(st.sampled_from(list(PRESETS))),
        **{k: draw(st.sampled_from(KNOBS[k].values)) for k in SCORING_KNOBS},
    )


@settings(max_examples=600, deadline=None)
@given(
    st.integers(0, 152),
    st.lists(st.sampled_from(list(Seat)), min_size=8, max_size=8),
    st.lists(st.sampled_from(list(Seat)), max_size=4),
    st.sampled_from(list(Seat)),
    scoring_rules(),
    st.sampled_from([Trump.HEARTS, Trump.NONE, Trump.ALL]),
)
def test_deal_totals_add_up_under_every_scoring_knob(ns, winners, belotes, taker, rules, trump):
    """Deal total = card points + last trick (or the capot's value) + the belotes that count;
    made: each team its points; failed: the defenders the whole deal and the belotes they get,
    the takers the belote they keep; litige: the held points and the defenders' add up."""
    ratio = trump == Trump.ALL and rules.all_trump_points == "ffb2016_ratio"
    unscaled = trump == Trump.ALL and rules.all_trump_points == "trump_values"
    cards = 248 if ratio or unscaled else 152
    capot = len({w % 2 for w in winners}) == 1
    card_points = (ns * cards // 152, cards - ns * cards // 152)
    if capot:  # a team with every trick has every card
        card_points = (cards, 0) if winners[-1] % 2 == 0 else (0, cards)
    d = score_deal(card_points, winners, belotes, taker, rules, trump=trump)
    takers, defenders = taker % 2, 1 - taker % 2
    counts = {0: 0, 1: 0}
    for seat in belotes:
        counts[seat % 2] += 20
    if rules.belote == "attack_only":
        counts[defenders] = 0
    swept = capot and winners[-1] % 2 == defenders and rules.defenders_capot == "no_bonus"
    whole = int(rules.capot_points) if capot and not swept else 162
    if unscaled:  # counted at the trump values: 258 in all, 348 with a capot (and its bonus)
        whole = 348 if capot and not swept else 258
    assert sum(d.points) == whole + counts[0] + counts[1]
    assert (d.capot is not None) == capot
    tie = d.points[takers] == d.points[defenders]
    if d.made:
        assert d.score == d.points and d.held == 0
        assert d.points[takers] > d.points[defenders] or (tie and rules.tie == "made")
    elif d.held:
        assert tie and rules.tie == "litige"
        assert d.score[takers] == 0 and d.score[defenders] + d.held == sum(d.points)
    else:
        assert d.points[takers] < d.points[defenders] or (tie and rules.tie == "failed")
        kept = 0 if rules.belote == "prenable" else counts[takers]
        assert d.score == tuple(
            kept if t == takers else whole + counts[0] + counts[1] - kept for t in (0, 1)
        )
