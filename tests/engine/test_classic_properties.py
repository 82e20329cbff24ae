"""Hypothesis properties of the classic game around a deal: the match, the litige's held
points, the coinche multiplier and the sans atout / tout atout bids.

- A classic match always ends, with one winner who has reached the target and is ahead,
  unless Pagat's draw (both teams over on one deal) ends it.
- Points add up: held points are neither lost nor counted twice, so the totals plus the
  points still held are the start plus every deal's points (to the point, no rounding).
- A coinche multiplies the deal's winners' score and nothing else.
- The sans atout / tout atout option refuses no bidding it did not refuse before, and
  changes none of its results.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explainer.engine import (
    BiddingError,
    MatchDeal,
    MatchError,
    Seat,
    Team,
    Trump,
    find_rules,
    random_scored_deal,
    run_bidding,
    run_match,
    score_deal,
)

SEATS = st.sampled_from(list(Seat))
TEAMS = st.sampled_from(list(Team))


@st.composite
def classic_deals(draw: st.DrawFn, *, litige: bool) -> MatchDeal:
    """A scored deal as a classic match sees it: made, failed, or a litige (under ``tie:
    litige``); 30 points or more to some team, so that a match moves on."""
    kind = draw(st.sampled_from(["made", "failed", *(["litige"] if litige else [])]))
    team = draw(TEAMS)
    a, b = draw(st.integers(0, 272)), draw(st.integers(30, 272))
    if kind == "litige":  # the defenders score theirs, the takers' are held
        score = [0, 0]
        score[team.other] = b
        return MatchDeal((score[0], score[1]), held=b)
    score = [a, b] if team is Team.EW else [b, a]
    return MatchDeal((score[0], score[1]), **{kind: team})


@st.composite
def classic_matches(draw: st.DrawFn, *, size: int, litige: bool) -> list[MatchDeal]:
    """``size`` deals, up to a sixth of them annulled."""
    deals = draw(st.lists(classic_deals(litige=litige), min_size=size, max_size=size))
    for i in draw(st.lists(st.integers(0, size - 1), max_size=size // 6)):
        deals[i] = MatchDeal(annulled=True)
    return deals


PRESET = st.sampled_from(["house", "ffb_belote", "pagat_belote"])
TARGET = st.sampled_from(["501", "1000", "2000"])


MATCH_DEALS = 180
"""A classic match's deals at most, up to a sixth of them annulled: 150 deals of 30 points
or more end a match to 2000 (the highest target)."""


@settings(max_examples=80, deadline=None)
@given(preset=PRESET, target=TARGET, data=st.data())
def test_a_classic_match_ends_with_one_winner_ahead_unless_drawn(preset, target, data) -> None:  # type: ignore[no-untyped-def]
    """The deals are drawn one at a time until the match ends (not 180 at once, of which
    a match reads a tenth), then one more, which ``run_match`` refuses: it is after the end."""
    rules = find_rules(preset, target=target)
    deal = classic_deals(litige=rules.tie == "litige")
    deals: list[MatchDeal] = []
    annulled = 0
    r = None
    while len(deals) < MATCH_DEALS and (r is None or r.ended_at is None):
        if annulled < MATCH_DEALS // 6 and data.draw(st.integers(0, 5)) == 5:
            deals.append(MatchDeal(annulled=True))
            annulled += 1
        else:
            deals.append(data.draw(deal))
        r = run_match(deals, dealer=Seat.N, rules=rules)
    assert r is not None and r.ended_at == len(deals) - 1, (
        "150 deals of 30 points or more and no end"
    )
    if r.drawn:
        assert rules.both_reach == "draw" and min(r.totals) >= int(target)
    else:
        assert r.winner is not None
        assert r.totals[r.winner] >= int(target)
        assert r.totals[r.winner] > r.totals[r.winner.other]
    with pytest.raises(MatchError) as after:  # a deal after the end
        run_match([*deals, data.draw(deal)], dealer=Seat.N, rules=rules)
    assert after.value.deal_index == len(deals)


@settings(max_examples=150, deadline=None)
@given(
    data=st.data(),
    start=st.tuples(st.integers(0, 400), st.integers(0, 400)),
    size=st.integers(1, 12),
)
def test_held_points_are_neither_lost_nor_counted_twice(data, start, size) -> None:  # type: ignore[no-untyped-def]
    rules = find_rules("ffb_belote", target="2000")  # to the point: no rounding
    deals = data.draw(classic_matches(size=size, litige=True))
    try:
        r = run_match(deals, dealer=Seat.E, start=start, rules=rules)
    except MatchError as e:  # a deal after the end: count those before it
        deals = deals[: e.deal_index]
        r = run_match(deals, dealer=Seat.E, start=start, rules=rules)
    scored = sum(d.score[0] + d.score[1] + d.held for d in deals)
    assert r.totals[0] + r.totals[1] + r.held == start[0] + start[1] + scored
    assert r.held == 0 or deals[-1].held or any(d.annulled for d in deals)


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    trump=st.sampled_from(list(Trump)),
    taker=SEATS,
    multiplier=st.sampled_from([2, 4]),
    preset=PRESET,
)
def test_a_coinche_multiplies_the_winners_score_and_nothing_else(  # type: ignore[no-untyped-def]
    seed, trump, taker, multiplier, preset
) -> None:
    rules = find_rules(preset, classic_coinche="on")
    d = random_scored_deal(random.Random(seed), trump, rules, taker=taker)
    args = (d.card_points, d.winners, d.belotes, taker, rules)
    plain = score_deal(*args, trump=trump)
    coinched = score_deal(*args, trump=trump, multiplier=multiplier)
    assert (coinched.points, coinched.made, coinched.held) == (plain.points, plain.made, plain.held)
    if plain.held:
        assert coinched.score == plain.score
        return
    won = taker.team if plain.made else taker.team.other
    assert coinched.score[won] == multiplier * plain.score[won]
    assert coinched.score[won.other] == plain.score[won.other]


BIDS = st.sampled_from(
    ["take", "pass", "pass", "pass", "spades", "hearts", "diamonds", "clubs", "none", "all"]
)


@settings(max_examples=200, deadline=None)
@given(dealer=SEATS, turned=st.integers(0, 31), words=st.lists(BIDS, min_size=1, max_size=8))
def test_the_sans_atout_option_refuses_nothing_it_did_not_and_changes_no_result(  # type: ignore[no-untyped-def]
    dealer, turned, words
) -> None:
    bids = [(dealer.after(i + 1), w) for i, w in enumerate(words)]
    off, on = find_rules("ffb_belote"), find_rules("ffb_belote", classic_sa_ta="on")
    try:
        without = run_bidding(dealer, turned, bids, off)
    except BiddingError:
        return
    assert run_bidding(dealer, turned, bids, on) == without
