"""Random deals agree with the checked deal field by field, follow their rule set, and
are what their seed makes them (issue 16: ``random_deal`` was never called, the preset
could be ignored and the ``RandomDeal`` fields were unread)."""

from __future__ import annotations

import random

import pytest

from explainer.engine import (
    HOUSE,
    OFFICIAL,
    Contract,
    IllegalPlayError,
    RuleSet,
    Seat,
    Trump,
    find_rules,
    play_deal,
    random_deal,
    random_hands,
    random_scored_deal,
)

ALL_KNOBS = find_rules(
    "ffb_belote", all_trump_points="ffb2016_ratio", all_trump_belote="each_suit", tie="litige"
)


@pytest.mark.parametrize("trump", list(Trump))
@pytest.mark.parametrize("rules", [HOUSE, OFFICIAL, ALL_KNOBS], ids=["house", "official", "ffb"])
def test_a_random_deal_is_scored_as_the_checked_deal_scores_its_tricks(
    trump: Trump, rules: RuleSet
) -> None:
    for seed in range(6):
        taker, leader = Seat(seed % 4), Seat((seed + 1) % 4)
        d = random_scored_deal(random.Random(seed), trump, rules, taker=taker, leader=leader)
        r = play_deal(Contract(trump, taker=taker), d.tricks(), rules)
        assert (d.trump, d.taker, d.leader, d.rules) == (trump, taker, leader, rules)
        assert d.tricks()[0][0][0] is leader
        assert d.winners == r.winners
        assert (d.card_points, d.belote, d.belotes, d.capot) == (
            r.card_points,
            r.belote,
            r.belotes,
            r.capot,
        )
        assert (d.points, d.made, d.score, d.held) == (r.points, r.made, r.score, r.held)
        dealt = [0, 0, 0, 0]
        for trick in d.tricks():
            for seat, c in trick:
                dealt[seat] |= 1 << c
        assert d.hands == tuple(dealt)
        assert sorted(d.cards) == list(range(32))


def test_random_deals_follow_their_rule_set_not_the_house() -> None:
    refused = 0
    for seed in range(60):
        d = random_scored_deal(random.Random(seed), Trump.HEARTS, OFFICIAL)
        try:
            play_deal(Contract(Trump.HEARTS, taker=Seat.N), d.tricks(), HOUSE)
        except IllegalPlayError:
            refused += 1
    assert refused > 0


def test_random_deal_gives_the_tricks_of_the_scored_deal_of_the_same_seed() -> None:
    tricks = random_deal(random.Random(3), Trump.SPADES, OFFICIAL, leader=Seat.W)
    same = random_scored_deal(random.Random(3), Trump.SPADES, OFFICIAL, leader=Seat.W)
    assert tricks == same.tricks()
    assert tricks[0][0][0] is Seat.W and len(tricks) == 8
    assert random_deal(random.Random(3), Trump.SPADES)[0][0][0] is Seat.N


def test_random_hands_deal_eight_cards_to_each_seat_from_the_shuffled_deck() -> None:
    hands = random_hands(random.Random(11))
    deck = list(range(32))
    random.Random(11).shuffle(deck)
    assert hands == [sum(1 << c for c in deck[8 * s : 8 * s + 8]) for s in range(4)]
