"""A random deal is the same deal card for card whatever runs before it (issue 16:
``simulate``'s survivors). The deal laws print counts over these deals, so the card a
lead takes and the rulings a deal played under several rule sets reuses are pinned."""

from __future__ import annotations

import random

import pytest

from explainer.engine import (
    HOUSE,
    OFFICIAL,
    PRESETS,
    RuleSet,
    Seat,
    Trump,
    find_rules,
    make_trick_ruler,
)
from explainer.engine.cards import DECK, parse_card
from explainer.engine.contract import tables
from explainer.engine.simulate import random_scored_deal, random_scored_deals

FFB = PRESETS["ffb_belote"]

PINNED = [
    (
        1,
        Trump.HEARTS,
        HOUSE,
        Seat.N,
        "8S AS KS 10S 10D AD 9D 8D QD 7H 10H 7D 9C KC QC AC"
        " 7C JC QH JH AH 10C 9H 8H QS 7S JD 9S JS KD KH 8C",
    ),
    (
        2,
        Trump.NONE,
        OFFICIAL,
        Seat.E,
        "KH QH 10H JS 10S 7S AS KS AH 8H AD AC 8D 10D QD JD"
        " 7H 9C 9D JH KD 10C QS 7D JC 7C KC 8C 9S QC 9H 8S",
    ),
    (
        3,
        Trump.ALL,
        FFB,
        Seat.W,
        "10D 8S AD 8C QH 7H AH 9H 7C 10C 9C AC 9S JS 10S KS"
        " JD QS 7D 7S 9D KH KD AS 8D 8H QD KC JH QC 10H JC",
    ),
]


@pytest.mark.parametrize(("seed", "trump", "rules", "leader", "cards"), PINNED)
def test_a_seeds_deal_is_played_card_for_card_as_pinned(
    seed: int, trump: Trump, rules: RuleSet, leader: Seat, cards: str
) -> None:
    d = random_scored_deal(random.Random(seed), trump, rules, leader=leader)
    assert d.cards == tuple(parse_card(c) for c in cards.split())


def test_rulings_watched_for_one_rule_set_are_not_reused_for_another() -> None:
    # ffb_belote and official rule a partner's overtrump alike, the house does not: the
    # shapes where ffb_belote and official agree must be watched again for the house.
    for first in (FFB, HOUSE):
        together, apart = random.Random(9), random.Random(9)
        for i in range(150):
            deals = random_scored_deals(
                together, Trump.CLUBS, (first, OFFICIAL), leader=Seat(i & 3)
            )
            alone = random_scored_deal(apart, Trump.CLUBS, OFFICIAL, leader=Seat(i & 3))
            assert deals[1] == alone


def test_a_random_deal_at_a_litige_holds_the_takers_points_over() -> None:
    litige = find_rules("ffb_belote", tie="litige")
    d = random_scored_deal(random.Random(221), Trump.HEARTS, litige)
    assert (d.points, d.score, d.held) == ((81, 81), (0, 81), 81)


class _Scripted(random.Random):
    """A random source that deals chosen hands and takes chosen draws: ``random_hands``
    shuffles with ``getrandbits``, the play draws with ``random``."""

    def __init__(self, bits: list[int], draws: list[float]) -> None:
        super().__init__(0)
        self._bits, self._draws = iter(bits), iter(draws)

    def getrandbits(self, k: int, /) -> int:
        return next(self._bits)

    def random(self) -> float:
        return next(self._draws)


def _scripted(hands: list[str], tricks: list[str], trump: Trump, rules: RuleSet) -> _Scripted:
    """The random source whose deal (first led by N) deals ``hands`` (N E S W) and plays
    ``tricks`` under ``rules``: the shuffle's swaps undone, each draw the middle of the
    played card's place among the legal ones."""
    target = [parse_card(c) for h in hands for c in h.split()]
    deck, bits = list(DECK), []
    for i in range(31, 0, -1):
        j = deck.index(target[i], 0, i + 1)
        bits.append(j)
        deck[i], deck[j] = deck[j], deck[i]
    held = [sum(1 << parse_card(c) for c in h.split()) for h in hands]
    ruler = make_trick_ruler(trump, rules)
    draws, lead = [], 0
    for ti, trick in enumerate(tricks):
        cards = [parse_card(c) for c in trick.split()]
        for i, c in enumerate(cards[: 1 if ti == 7 else 4]):
            seat = (lead + i) & 3
            legal = ruler(cards[:i])(held[seat])[0]
            ranked = [b for b in range(32) if legal >> b & 1]
            draws.append((ranked.index(c) + 0.5) / len(ranked))
            held[seat] ^= 1 << c
        key = tables(trump).win_key[cards[0] >> 3]
        lead = (lead + max(range(4), key=lambda k: key[cards[k]])) & 3
    return _Scripted(bits, draws)


def test_a_rule_set_that_climbs_over_a_partner_plays_again_where_the_first_left_it_free() -> None:
    """At tout atout under ``all_trump_partner: free`` S may play AH under N's 9H; the
    house makes S climb with JH. S holds JH AH only, every heart above the 9 and one
    below: the house keeps JH, inside the hand, and the deal must be played again."""
    free = find_rules("house", all_trump_partner="free")
    hands = [
        "JS 7S JD 8D JC KC 9H 10H",
        "10S 8S 10D QD 10C QC 7H KH",
        "AS QS AD KD AC 7C JH AH",
        "9S KS 9D 7D 9C 8C 8H QH",
    ]
    tricks = ["JS 10S AS 9S", "JD 10D AD 9D", "JC 10C AC 9C", "7S 8S QS KS"]
    tricks += ["7D 8D QD KD", "7C 8C KC QC", "9H 7H AH 8H", "10H KH JH QH"]
    first, watched = random_scored_deals(
        _scripted(hands, tricks, Trump.ALL, free), Trump.ALL, (free, HOUSE)
    )
    alone = random_scored_deal(_scripted(hands, tricks, Trump.ALL, free), Trump.ALL, HOUSE)
    assert first.cards == tuple(parse_card(c) for t in tricks for c in t.split())
    assert watched == alone
    assert alone.cards[24:] == tuple(parse_card(c) for c in "9H 7H JH 8H AH QH 10H KH".split())
