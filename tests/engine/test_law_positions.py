"""Which premises a given position satisfies, and which laws cover it: what links an
example on a page to the law that explains it."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explainer.engine import (
    PRESETS,
    PlayLaw,
    Premise,
    Trump,
    TrumpKind,
    check_play_law,
    make_ruler,
    mask_of,
    parse_card,
    position_premises,
)
from explainer.engine.laws.space import _hand_bits, _space


def _cards(*names: str) -> list[int]:
    return [parse_card(n) for n in names]


def _premises(trump: Trump, trick: list[str], hand: list[str]) -> set[str]:
    return {p.value for p in position_premises(trump, _cards(*trick), mask_of(_cards(*hand)))}


def test_leading_holds_only_the_leading_and_hand_premises() -> None:
    assert _premises(Trump.HEARTS, [], ["8D", "9H"]) == {"leading", "holds_trump"}
    assert _premises(Trump.HEARTS, [], ["8H", "9H"]) == {"leading", "holds_trump", "only_trumps"}


def test_second_player_always_has_an_opponent_winning() -> None:
    assert _premises(Trump.NONE, ["7S"], ["8S"]) == {
        "following",
        "plain_led",
        "opponent_winning",
        "can_follow",
        "can_beat",
    }


def test_partner_winning_with_a_trump_in_a_plain_led_trick_is_partner_trumped() -> None:
    assert _premises(Trump.HEARTS, ["AS", "JH", "KS"], ["7H", "8D"]) == {
        "following",
        "plain_led",
        "partner_winning",
        "partner_trumped",
        "trump_in_trick",
        "void",
        "holds_trump",
        "only_lower_trumps",
    }


def test_opponent_trumped_with_a_higher_trump_in_hand_can_overtrump() -> None:
    assert _premises(Trump.HEARTS, ["AS", "7H"], ["9H", "7C"]) == {
        "following",
        "plain_led",
        "opponent_winning",
        "opponent_trumped",
        "trump_in_trick",
        "void",
        "holds_trump",
        "can_overtrump",
    }


@pytest.mark.parametrize(
    ("trump", "trick", "hand", "beats"),
    [
        (Trump.HEARTS, ["KS"], ["AS", "7S"], True),  # a higher card of a plain suit led
        (Trump.HEARTS, ["KS"], ["QS", "7S"], False),  # only lower cards of it
        (Trump.HEARTS, ["9H"], ["JH"], True),  # trump led: a higher trump
        (Trump.HEARTS, ["9H"], ["AH", "AS"], False),  # trump led: only lower trumps
        (Trump.ALL, ["9S", "AS"], ["JS"], True),  # all-trump: the jack beats the nine
        (Trump.ALL, ["9S"], ["AS", "10S"], False),  # all-trump: the ace is below the nine
        (Trump.NONE, ["10D"], ["AD"], True),
        (Trump.HEARTS, ["KS"], ["AH"], False),  # void: a trump is no card of the led suit
    ],
)
def test_can_beat_is_a_card_of_the_led_suit_above_its_best_card(
    trump: Trump, trick: list[str], hand: list[str], beats: bool
) -> None:
    assert ("can_beat" in _premises(trump, trick, hand)) is beats


def test_a_law_covers_only_positions_of_its_contract_kinds() -> None:
    law = PlayLaw.parse(trump="suit", when=["void", "opponent_winning"], then={"may": "plain"})
    trick, hand = _cards("AS"), mask_of(_cards("8D"))
    assert law.covers(Trump.CLUBS, trick, hand)
    assert not law.covers(Trump.NONE, trick, hand)
    assert not law.covers(Trump.ALL, trick, hand)


def test_a_law_covers_only_positions_satisfying_every_premise_and_no_negated_one() -> None:
    law = PlayLaw.parse(
        trump="suit", when=["void", "opponent_winning", "not holds_trump"], then={"may": "any"}
    )
    assert law.covers(Trump.SPADES, _cards("AH"), mask_of(_cards("8D", "9C")))
    assert not law.covers(Trump.SPADES, _cards("AH"), mask_of(_cards("8S", "9C")))  # a trump
    assert not law.covers(Trump.SPADES, _cards("AH"), mask_of(_cards("8H")))  # can follow
    assert not law.covers(Trump.SPADES, _cards("AH", "KH"), mask_of(_cards("8D")))  # partner


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_position_premises_are_the_premises_the_laws_are_checked_with(
    data: st.DataObject,
) -> None:
    """The public function and the classes the check enumerates agree on every trick
    of the checked space and every hand."""
    kind = data.draw(st.sampled_from(list(TrumpKind)))
    space = _space(kind)
    trick = space.tricks[data.draw(st.integers(0, len(space.tricks) - 1))]
    free = [c for c in range(32) if c not in trick.cards]
    hand = mask_of(data.draw(st.lists(st.sampled_from(free), min_size=1, max_size=8, unique=True)))
    zones = sum(1 << z for z, m in enumerate(trick.zones) if hand & m)
    expected = _hand_bits(trick.bits, trick.follow, zones)
    got = position_premises(kind.trump, trick.cards, hand)
    assert {p for p in Premise if expected & p.bit} == got


RULE_LAWS = [
    PlayLaw.parse(trump="all", when=["can_beat"], then={"must": "higher_led", "rule": "climb"}),
    PlayLaw.parse(trump="all", when=["void"], then={"may": "any", "rule": "discard"}),
    PlayLaw.parse(
        trump="suit",
        when=["void", "opponent_winning", "not holds_trump"],
        then={"may": "any", "rule": "discard"},
    ),
    PlayLaw.parse(
        trump="suit",
        when=["void", "opponent_trumped", "only_lower_trumps", "not only_trumps"],
        then={"may": "any", "rule": "discard"},
    ),
    PlayLaw.parse(trump="suit", when=["trump_led", "can_overtrump"], then={"rule": "climb"}),
]


@cache
def _holds(index: int) -> frozenset[str]:
    """The presets under which ``RULE_LAWS[index]`` holds, checked when a test first needs
    it (at import, every worker paid for it while collecting, whether or not it ran these
    tests)."""
    return frozenset(check_play_law(RULE_LAWS[index], PRESETS, samples=2_000).holds_under)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_law_stating_a_rule_names_the_rule_at_every_position_it_covers(
    data: st.DataObject,
) -> None:
    """What makes a page's link true: under a rule set where a law holds, every real
    position it covers (any trump suit, any cards) is decided by the rule it states."""
    law = data.draw(st.sampled_from(RULE_LAWS))
    trump = data.draw(st.sampled_from(list(Trump)))
    cards = data.draw(st.permutations(range(32)))
    n = data.draw(st.integers(0, 3))
    trick, hand = list(cards[:n]), mask_of(cards[n : n + data.draw(st.integers(1, 8))])
    if not law.covers(trump, trick, hand):
        return
    rule = next(c.rule for c in law.then if c.rule is not None)
    for preset in _holds(RULE_LAWS.index(law)):
        assert make_ruler(trump, PRESETS[preset])(hand, trick)[1] is rule


def test_each_rule_law_of_the_property_holds_somewhere() -> None:
    """Otherwise the property above would check nothing for it."""
    assert [sorted(_holds(i)) for i in range(len(RULE_LAWS))] == [
        ["ffb_belote", "house", "official", "pagat_belote"],
        ["ffb_belote", "house", "official", "pagat_belote"],
        ["ffb_belote", "house", "official", "pagat_belote"],
        ["official"],
        ["ffb_belote", "house", "official", "pagat_belote"],
    ]
