"""The batch face of the ruler: a trick's cascade rules every hand as the ruler does.

``make_trick_ruler(trump, rules)(trick)`` returns a :class:`Cascade`; its ``rule_all``
rules many hands at once. Whatever the hand (any 32-bit mask, the empty one included),
the trick, the contract and the rule set, it must return exactly what
``make_ruler(trump, rules)(hand, trick)`` returns: the legal mask and the same rule.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from explainer.engine import (
    COINCHE_PRESETS,
    FULL_DECK,
    KNOBS,
    PRESETS,
    SUIT_MASKS,
    Cascade,
    Rule,
    Step,
    Trump,
    find_rules,
    make_ruler,
    make_trick_ruler,
    mask_of,
    parse_card,
    trick_cascade,
)
from explainer.engine.play import _BY_LENGTH

PLAY_KNOBS = ("undertrump", "partner_overtrump", "all_trump_partner")

EVERY_PLAY_RULE_SET = [
    find_rules("house", undertrump=u, partner_overtrump=p, all_trump_partner=a)
    for u in KNOBS["undertrump"].values
    for p in KNOBS["partner_overtrump"].values
    for a in KNOBS["all_trump_partner"].values
]
"""Every combination of the knobs the ruler reads (the others do not reach it)."""

ANY_RULE_SET = [*PRESETS.values(), *COINCHE_PRESETS.values(), *EVERY_PLAY_RULE_SET]


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


@st.composite
def tricks(draw: st.DrawFn) -> tuple[int, ...]:
    """0 to 3 distinct cards in play order."""
    n = draw(st.integers(0, 3))
    return tuple(draw(st.lists(st.integers(0, 31), min_size=n, max_size=n, unique=True)))


hands = st.integers(0, FULL_DECK)


@settings(max_examples=1000, deadline=None)
@given(
    tricks(),
    st.sampled_from(list(Trump)),
    st.sampled_from(ANY_RULE_SET),
    st.lists(hands, min_size=1, max_size=12),
)
def test_cascade_rules_every_hand_as_the_ruler(trick, trump, rules, hand_masks):
    ruler = make_ruler(trump, rules)
    cascade = make_trick_ruler(trump, rules)(trick)
    expected = [ruler(hand, trick) for hand in hand_masks]
    assert cascade.rule_all(hand_masks) == expected
    assert [cascade(hand) for hand in hand_masks] == expected


@settings(max_examples=300, deadline=None)
@given(tricks(), st.sampled_from(list(Trump)), st.sampled_from(EVERY_PLAY_RULE_SET))
def test_cascade_rules_the_hands_of_one_card_per_zone_as_the_ruler(trick, trump, rules):
    """Every hand made of at most one card of each suit's lowest, highest and middle
    cards: the hands that sit on the edges of the cascade's masks."""
    pick = [c for s in range(4) for c in (8 * s, 8 * s + 4, 8 * s + 7)]
    rng = random.Random(hash((trick, trump)))
    hand_masks = [0, FULL_DECK] + [
        mask_of(c for c in pick if rng.random() < 0.3) for _ in range(64)
    ]
    ruler = make_ruler(trump, rules)
    expected = [ruler(hand, trick) for hand in hand_masks]
    assert make_trick_ruler(trump, rules)(trick).rule_all(hand_masks) == expected


def test_no_cascade_needs_more_than_the_unrolled_lengths():
    rng = random.Random(1)
    longest = 0
    for trump in Trump:
        for rules in EVERY_PLAY_RULE_SET:
            trick_ruler = make_trick_ruler(trump, rules)
            for n in range(4):
                for _ in range(200):
                    longest = max(longest, len(trick_ruler(tuple(rng.sample(range(32), n))).steps))
    assert longest == len(_BY_LENGTH)


def test_cascade_of_an_empty_trick_is_lead_with_every_card():
    assert trick_cascade([], Trump.HEARTS) == Cascade((Step(FULL_DECK, FULL_DECK, Rule.LEAD),))


def test_rule_all_takes_any_iterable_of_hands():
    cascade = trick_cascade(cards("8D JH"), Trump.HEARTS, PRESETS["house"])
    hand_masks = [mask_of(cards("7H 9S")), mask_of(cards("9S KC")), mask_of(cards("7D"))]
    assert cascade.rule_all(iter(hand_masks)) == cascade.rule_all(hand_masks)
    assert cascade.rule_all(()) == []


def test_no_undertrump_step_discards_a_hand_without_trumps():
    """Under ``undertrump: forbidden``, after an opponent's trump the hand cannot beat,
    a hand with trumps and other cards keeps its trumps back, a hand with no trump
    discards, and a hand of nothing but trumps undertrumps."""
    forbidden = find_rules("house", undertrump="forbidden")
    cascade = trick_cascade(cards("8D JH"), Trump.HEARTS, forbidden)
    mixed, plain, trumps = (mask_of(cards(h)) for h in ("7H 9S", "9S KC", "7H 8H"))
    assert cascade.rule_all([mixed, plain, trumps]) == [
        (mask_of(cards("9S")), Rule.NO_UNDERTRUMP),
        (plain, Rule.DISCARD),
        (trumps, Rule.UNDERTRUMP),
    ]


def test_steps_that_can_never_decide_are_left_out():
    """Over the jack of trumps no trump is higher: no overtrump step; the undertrump
    step of ``undertrump: required`` follows the led suit's directly."""
    cascade = trick_cascade(cards("8D JH"), Trump.HEARTS, find_rules("ffb_belote"))
    assert [s.rule for s in cascade.steps] == [Rule.FOLLOW, Rule.UNDERTRUMP, Rule.DISCARD]
    assert cascade.steps[0].test == SUIT_MASKS[parse_card("8D") >> 3]


def test_partner_overtrump_step_keeps_back_only_the_lower_trumps():
    """``partner_overtrump: required``, the partner winning with a trump: a hand with a
    higher trump may play anything but its lower trumps."""
    rules = find_rules("house", partner_overtrump="required")
    cascade = trick_cascade(cards("8D 9H 7D"), Trump.HEARTS, rules)
    hand = mask_of(cards("7H JH KS"))
    assert cascade.rule_all([hand]) == [(mask_of(cards("JH KS")), Rule.PARTNER_WINS)]


# -- cascades built by hand: rule_all is the cascade called on each hand ------------------

masks = st.integers(0, FULL_DECK)
rules = st.sampled_from(list(Rule))


@st.composite
def cascades(draw: st.DrawFn) -> Cascade:
    """Any cascade of one to seven steps: any masks, any rules (few, so that steps share
    them), any steps with an ``alt``, the last step's test the whole deck or not."""
    few = draw(st.lists(rules, min_size=1, max_size=3, unique=True))
    rule = st.sampled_from(few)
    step = st.builds(Step, masks, masks, rule, st.none() | rule)
    return Cascade(tuple(draw(st.lists(step, min_size=1, max_size=7))))


@settings(max_examples=1000, deadline=None)
@given(cascades(), st.lists(masks, max_size=12))
def test_rule_all_rules_every_hand_as_the_cascade_called_on_it(cascade, hand_masks):
    assert cascade.rule_all(hand_masks) == [cascade(h) for h in hand_masks]


def test_a_rule_of_the_no_undertrump_step_on_another_step_keeps_its_own_ruling():
    """The step deciding a hand says which rule applies: a hand kept whole by a later
    step that happens to give the ``no-undertrump`` step's rule is ruled by that later
    step's rule, not by the ``no-undertrump`` step's alternative (``discard``)."""
    spades, hearts, diamonds, clubs = SUIT_MASKS
    cascade = Cascade(
        (
            Step(spades, spades, Rule.NO_UNDERTRUMP, Rule.DISCARD),
            Step(hearts, hearts, Rule.TRUMP),
            Step(diamonds, diamonds, Rule.FOLLOW),
            Step(clubs, FULL_DECK, Rule.NO_UNDERTRUMP),
            Step(FULL_DECK, FULL_DECK, Rule.LEAD),
        )
    )
    hand_masks = [mask_of(cards(h)) for h in ("7S 8S", "7S 7C", "7C 8C", "7H 7C")]
    expected = [
        (mask_of(cards("7S 8S")), Rule.DISCARD),
        (mask_of(cards("7S")), Rule.NO_UNDERTRUMP),
        (mask_of(cards("7C 8C")), Rule.NO_UNDERTRUMP),
        (mask_of(cards("7H")), Rule.TRUMP),
    ]
    assert [cascade(h) for h in hand_masks] == expected
    assert cascade.rule_all(hand_masks) == expected


def test_every_step_with_an_alternative_rule_gives_it_in_a_batch():
    """Two steps with an ``alt``: each hand kept whole by either gets that step's ``alt``."""
    spades, hearts, _, _ = SUIT_MASKS
    cascade = Cascade(
        (
            Step(spades, FULL_DECK & ~hearts, Rule.NO_UNDERTRUMP, Rule.DISCARD),
            Step(hearts, FULL_DECK & ~spades, Rule.PARTNER_WINS, Rule.FOLLOW),
            Step(FULL_DECK, FULL_DECK, Rule.LEAD),
        )
    )
    hand_masks = [mask_of(cards(h)) for h in ("7S 7D", "7S 7H", "7H 7D", "7H", "7D")]
    expected = [
        (mask_of(cards("7S 7D")), Rule.DISCARD),
        (mask_of(cards("7S")), Rule.NO_UNDERTRUMP),
        (mask_of(cards("7H 7D")), Rule.FOLLOW),
        (mask_of(cards("7H")), Rule.FOLLOW),
        (mask_of(cards("7D")), Rule.LEAD),
    ]
    assert [cascade(h) for h in hand_masks] == expected
    assert cascade.rule_all(hand_masks) == expected
