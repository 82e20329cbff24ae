"""The rule id says what decided it: each id's sentence is true of the legal set it returns.

Each ``Rule`` member's docstring is a sentence about the position and the legal cards.
Here each sentence is written again as a check on the position, from the cards alone,
and run over seeded positions of every contract under every combination of the play
knobs (undertrump x partner_overtrump x all_trump_partner), so that no id is returned
where its sentence is false (the only-lower-trumps hand once read ``discard``).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from explainer.engine import (
    SUIT_MASKS,
    Rule,
    RuleSet,
    Trump,
    find_rules,
    make_ruler,
    tables,
)

PLAY_KNOBS = [
    find_rules("house", undertrump=u, partner_overtrump=p, all_trump_partner=a)
    for u in ("required", "optional", "forbidden")
    for p in ("required", "optional", "no_lower")
    for a in ("climb", "free")
]


def facts(trump: Trump, trick: list[int], hand: int) -> dict:
    """What the sentences speak of, computed from the cards."""
    t = tables(trump)
    led = trick[0] >> 3
    key = t.win_key[led]
    win = max(range(len(trick)), key=lambda i: key[trick[i]])
    best = trick[win]
    trumps = hand & t.trump_mask
    in_suit = hand & SUIT_MASKS[led]
    return {
        "led_trump_like": t.trump_like[led],
        "in_suit": in_suit,
        "higher_in_suit": in_suit & t.above[best],
        "partner_wins": win == len(trick) - 2,
        "trump_suit_contract": trump < Trump.NONE,
        "best_is_trump": bool(t.trump_mask >> best & 1),
        "trump_in_trick": any(t.trump_mask >> c & 1 for c in trick),
        "trumps": trumps,
        "higher_trumps": trumps & t.above[best] if t.trump_mask >> best & 1 else trumps,
    }


def sentence_holds(
    rule: Rule, legal: int, hand: int, trump: Trump, trick: list[int], rules: RuleSet
) -> bool:
    """Whether ``rule``'s sentence (the member's docstring) is true of this ruling."""
    if rule is Rule.LEAD:
        return not trick and legal == hand
    f = facts(trump, trick, hand)
    void = not f["in_suit"]
    opponent_trumped = void and not f["partner_wins"] and f["best_is_trump"]
    if rule is Rule.FOLLOW:
        free = trump == Trump.ALL and rules.all_trump_partner == "free" and f["partner_wins"]
        need_not_climb = not f["led_trump_like"] or not f["higher_in_suit"] or free
        return legal == f["in_suit"] != 0 and need_not_climb
    if rule is Rule.CLIMB:
        return f["led_trump_like"] and legal == f["higher_in_suit"] != 0
    if rule is Rule.PARTNER_WINS:
        if not (void and f["trump_suit_contract"] and f["partner_wins"]):
            return False
        lower = f["trumps"] & ~f["higher_trumps"]
        barred = (
            rules.partner_overtrump == "required" and f["best_is_trump"] and f["higher_trumps"] != 0
        )
        kept_back = (
            rules.partner_overtrump == "no_lower"
            and f["best_is_trump"]
            and lower != 0
            and f["trumps"] != hand
        )
        return legal == (hand & ~lower if barred else hand) and not kept_back
    if rule is Rule.PARTNER_NO_LOWER:
        lower = f["trumps"] & ~f["higher_trumps"]
        return (
            void
            and f["trump_suit_contract"]
            and f["partner_wins"]
            and f["best_is_trump"]
            and rules.partner_overtrump == "no_lower"
            and lower != 0
            and f["trumps"] != hand
            and legal == hand & ~lower
        )
    if rule is Rule.TRUMP:
        plain_led = not f["led_trump_like"]
        return (
            void
            and plain_led
            and not f["partner_wins"]
            and not f["trump_in_trick"]
            and legal == f["trumps"] != 0
        )
    if rule is Rule.OVERTRUMP:
        return opponent_trumped and legal == f["higher_trumps"] != 0
    if rule is Rule.UNDERTRUMP:
        must = rules.undertrump == "required" or f["trumps"] == hand
        return opponent_trumped and not f["higher_trumps"] and legal == f["trumps"] != 0 and must
    if rule is Rule.NO_UNDERTRUMP:
        return (
            opponent_trumped
            and rules.undertrump == "forbidden"
            and f["trumps"] != 0
            and not f["higher_trumps"]
            and legal == hand & ~f["trumps"] != 0
        )
    assert rule is Rule.DISCARD
    nothing_binds = (
        not f["trump_suit_contract"]
        or not f["trumps"]
        or (
            opponent_trumped
            and rules.undertrump == "optional"
            and not f["higher_trumps"]
            and f["trumps"] != hand
        )
    )
    return void and legal == hand and nothing_binds


@pytest.mark.parametrize("rules", PLAY_KNOBS, ids=lambda r: "-".join(list(r.knobs.values())[:3]))
def test_every_rule_ids_sentence_is_true_of_its_legal_set(rules):
    rng = random.Random(11)
    deck = list(range(32))
    seen: Counter[Rule] = Counter()
    for i in range(6 * 1500):
        trump = Trump(i % 6)
        rng.shuffle(deck)
        n_trick, n_hand = rng.randrange(4), rng.randrange(1, 9)
        trick = deck[:n_trick]
        hand = sum(1 << c for c in deck[n_trick : n_trick + n_hand])
        legal, rule = make_ruler(trump, rules)(hand, trick)
        assert legal, (trump, trick, hand)
        assert sentence_holds(rule, legal, hand, trump, trick, rules), (rule, trump, trick, hand)
        seen[rule] += 1
    expected = set(Rule)
    if rules.undertrump != "forbidden":
        expected.discard(Rule.NO_UNDERTRUMP)
    if rules.partner_overtrump != "no_lower":
        expected.discard(Rule.PARTNER_NO_LOWER)
    assert set(seen) == expected


def test_only_lower_trumps_under_undertrump_optional_is_undertrump_not_discard():
    # an opponent ruffed with the jack; East holds only the 7 and 9 of trump
    legal, rule = make_ruler(Trump.SPADES, find_rules("official"))(
        (1 << 0) | (1 << 2), [8 * 2 + 7, 4]
    )
    assert (rule, legal) == (Rule.UNDERTRUMP, (1 << 0) | (1 << 2))
