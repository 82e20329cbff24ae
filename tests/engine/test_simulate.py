"""Random deals stay the same deals however they are played: the written-out shuffle is
Python's, and deals played together under several rule sets are the deals played apart.

The deal laws' printed counts (``10000 deals (5088 meeting its premises)``) are counts
over these deals, so a faster simulation must not change a single card.
"""

from __future__ import annotations

import random

import pytest

from explainer.engine import HOUSE, OFFICIAL, PRESETS, RuleSet, Seat, Trump, find_rules
from explainer.engine.simulate import (
    random_hands,
    random_scored_deal,
    random_scored_deals,
    score_random_deal,
    scored_deal_stream,
)


def test_random_hands_deal_the_cards_of_pythons_shuffle() -> None:
    for seed in range(200):
        deck = list(range(32))
        random.Random(seed).shuffle(deck)
        expected = [sum(1 << c for c in deck[8 * s : 8 * s + 8]) for s in range(4)]
        assert random_hands(random.Random(seed)) == expected


def test_random_hands_take_as_many_random_numbers_as_pythons_shuffle() -> None:
    ours, python = random.Random(11), random.Random(11)
    random_hands(ours)
    python.shuffle(list(range(32)))
    assert ours.getstate() == python.getstate()


RULE_SETS = (
    (HOUSE, PRESETS["ffb_belote"]),
    (PRESETS["ffb_belote"], HOUSE, OFFICIAL),
    (HOUSE, find_rules("house", all_trump_partner="free")),
)


@pytest.mark.parametrize("trump", list(Trump), ids=lambda t: t.word)
@pytest.mark.parametrize("rule_sets", RULE_SETS, ids=lambda r: "+".join(x.name for x in r))
def test_deals_played_together_are_the_deals_played_apart(
    trump: Trump, rule_sets: tuple[RuleSet, ...]
) -> None:
    together = random.Random(5)
    apart = [random.Random(5) for _ in rule_sets]
    for i in range(120):
        taker, leader = Seat(i & 3), Seat(i >> 2 & 3)
        deals = random_scored_deals(together, trump, rule_sets, taker=taker, leader=leader)
        alone = tuple(
            random_scored_deal(rng, trump, rules, taker=taker, leader=leader)
            for rng, rules in zip(apart, rule_sets, strict=True)
        )
        assert deals == alone
    assert all(rng.getstate() == together.getstate() for rng in apart)


def test_rule_sets_that_rule_a_play_otherwise_play_another_deal() -> None:
    rng = random.Random(5)
    differ = 0
    for _ in range(300):
        house, ffb = random_scored_deals(rng, Trump.HEARTS, (HOUSE, PRESETS["ffb_belote"]))
        assert house.rules is HOUSE and ffb.rules is PRESETS["ffb_belote"]
        assert house.hands == ffb.hands
        differ += house.cards != ffb.cards
    assert 0 < differ < 30  # undertrump: required against optional, a few deals in a hundred


@pytest.mark.parametrize("trump", list(Trump), ids=lambda t: t.word)
@pytest.mark.parametrize("rule_sets", RULE_SETS, ids=lambda r: "+".join(x.name for x in r))
def test_a_stream_of_deals_is_the_deals_dealt_one_by_one(
    trump: Trump, rule_sets: tuple[RuleSet, ...]
) -> None:
    """scored_deal_stream (the deal laws' streams, tables looked up once) gives the deals
    random_scored_deals gives in a loop, and leaves the generator where the loop does."""
    turns = [(Seat(i & 3), Seat(i >> 2 & 3)) for i in range(120)]
    streamed, looped = random.Random(9), random.Random(9)
    stream = list(scored_deal_stream(streamed, trump, rule_sets, turns))
    one_by_one = [
        random_scored_deals(looped, trump, rule_sets, taker=taker, leader=leader)
        for taker, leader in turns
    ]
    assert stream == one_by_one
    assert streamed.getstate() == looped.getstate()


def test_a_deal_played_unscored_is_the_scored_deal_once_scored() -> None:
    """A stream's rule set whose deals are not ``scored`` plays the same deals, its score
    fields left at their defaults; :func:`score_random_deal` gives the deal the scored
    stream gives, and leaves a scored deal as it is."""
    rule_sets = (HOUSE, PRESETS["ffb_belote"], find_rules(undertrump="optional"))
    turns = [(Seat(i % 4), Seat(i // 4 % 4)) for i in range(300)]
    for trump in (Trump.HEARTS, Trump.NONE, Trump.ALL):
        scored = list(scored_deal_stream(random.Random(5), trump, rule_sets, turns))
        lazy = scored_deal_stream(
            random.Random(5), trump, rule_sets, turns, scored=(True, False, False)
        )
        for full, part in zip(scored, lazy, strict=True):
            assert part[0] == full[0] and score_random_deal(full[0]) is full[0]
            for f, p in zip(full[1:], part[1:], strict=True):
                assert not p.scored and (p.points, p.score, p.belotes) == ((0, 0), (0, 0), ())
                assert (p.cards, p.winners, p.card_points) == (f.cards, f.winners, f.card_points)
                assert score_random_deal(p) == f
