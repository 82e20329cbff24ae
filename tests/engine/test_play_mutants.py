"""The batch face's details the rulings alone do not show (issue 16, mutation run of
``explainer.engine.play``): a cascade hashes as its steps, rules hands of any iterable
under every step kind and at any length, and keeps only the steps that can decide."""

from __future__ import annotations

from explainer.engine import (
    FULL_DECK,
    SUIT_MASKS,
    Cascade,
    Rule,
    Step,
    Trump,
    find_rules,
    mask_of,
    parse_card,
    trick_cascade,
)


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


FORBIDDEN = find_rules("house", undertrump="forbidden")


def test_a_cascade_hashes_as_its_steps() -> None:
    cascade = trick_cascade(cards("8D JH"), Trump.HEARTS)
    other = trick_cascade(cards("8D"), Trump.HEARTS)
    assert hash(cascade) == hash(cascade.steps)
    assert hash(other) == hash(other.steps)
    assert {cascade: "a", other: "b"}[trick_cascade(cards("8D JH"), Trump.HEARTS)] == "a"


def test_a_no_undertrump_cascade_rules_hands_of_a_generator_as_of_a_list() -> None:
    cascade = trick_cascade(cards("8D JH"), Trump.HEARTS, FORBIDDEN)
    hand_masks = [mask_of(cards(h)) for h in ("7H 9S", "9S KC", "7H 8H", "7D AH")]
    expected = [cascade(h) for h in hand_masks]
    assert cascade.rule_all(h for h in hand_masks) == expected
    assert cascade.rule_all(tuple(hand_masks)) == expected
    assert expected[:3] == [
        (mask_of(cards("9S")), Rule.NO_UNDERTRUMP),
        (mask_of(cards("9S KC")), Rule.DISCARD),
        (mask_of(cards("7H 8H")), Rule.UNDERTRUMP),
    ]


def test_a_cascade_longer_than_the_unrolled_ones_rules_hand_by_hand() -> None:
    """A cascade built by hand may have more steps than any trick needs: ``rule_all``
    then rules each hand as calling the cascade does."""
    spades, hearts, diamonds, clubs = SUIT_MASKS
    seven_spades = mask_of(cards("7S"))
    cascade = Cascade(
        (
            Step(seven_spades, spades, Rule.LEAD),
            Step(spades, spades, Rule.FOLLOW),
            Step(hearts, hearts, Rule.TRUMP),
            Step(diamonds, diamonds, Rule.CLIMB),
            Step(clubs, clubs, Rule.OVERTRUMP),
            Step(FULL_DECK, FULL_DECK, Rule.DISCARD),
        )
    )
    hand_masks = [mask_of(cards(h)) for h in ("7S 8S 7H", "8S 7H", "7H 7D", "7D 7C", "7C", "")]
    assert cascade.rule_all(hand_masks) == [
        (mask_of(cards("7S 8S")), Rule.LEAD),
        (mask_of(cards("8S")), Rule.FOLLOW),
        (mask_of(cards("7H")), Rule.TRUMP),
        (mask_of(cards("7D")), Rule.CLIMB),
        (mask_of(cards("7C")), Rule.OVERTRUMP),
        (0, Rule.DISCARD),
    ]


def test_a_step_covered_by_the_earlier_steps_together_is_left_out() -> None:
    """Trumps led, ``undertrump: forbidden``: a hand void in trumps meets the plain-suit
    step, so the undertrump step (trumps: covered by the led suit's steps and the plain
    suits' together, by neither alone) can never decide."""
    cascade = trick_cascade(cards("8H"), Trump.HEARTS, FORBIDDEN)
    hearts = SUIT_MASKS[1]
    above = mask_of(cards("9H 10H JH QH KH AH"))
    assert cascade.steps == (
        Step(above, above, Rule.CLIMB),
        Step(hearts, hearts, Rule.FOLLOW),
        Step(FULL_DECK & ~hearts, FULL_DECK & ~hearts, Rule.NO_UNDERTRUMP, Rule.DISCARD),
        Step(FULL_DECK, FULL_DECK, Rule.DISCARD),
    )
