"""Each rule id of the play-obligations table, under each preset, and the knobs one by one.

A position is written as in a scenario: the contract's trump, the trick so far (cards in
play order) and the hand of the player to move.
"""

from __future__ import annotations

import pytest

from explainer.engine import (
    HOUSE,
    OFFICIAL,
    PRESETS,
    CardSet,
    IllegalPlayError,
    Rule,
    Trump,
    UnknownRulesError,
    check_play,
    find_rules,
    legal_cards,
    make_ruler,
    parse_card,
    rulings_by_preset,
    verdict,
)


def rule_of(trump: str, trick: str, hand: str, rules) -> tuple[str, str]:
    """``(legal cards, rule id)`` of ``hand`` after ``trick``."""
    r = legal_cards(
        CardSet.parse(hand), [parse_card(c) for c in trick.split()], Trump.parse(trump), rules
    )
    return str(r.legal), r.rule.value


# (case id, trump, trick, hand, {preset: (legal, rule)})
CASES = [
    (
        "lead-empty-trick-every-card",
        "hearts",
        "",
        "KS 7S JH 9C 10D",
        {"house": ("7S KS JH 10D 9C", "lead"), "official": ("7S KS JH 10D 9C", "lead")},
    ),
    (
        "lead-no-trump-every-card",
        "none",
        "",
        "AS 7D",
        {"house": ("AS 7D", "lead"), "official": ("AS 7D", "lead")},
    ),
    (
        "follow-plain-suit-any-card-of-it",
        "hearts",
        "AS",
        "KS 7S JH 9C 10D",
        {"house": ("7S KS", "follow"), "official": ("7S KS", "follow")},
    ),
    (
        "follow-plain-suit-even-after-opponent-trumped",
        "spades",
        "AD 8S",
        "7D KD JS",
        {"house": ("7D KD", "follow"), "official": ("7D KD", "follow")},
    ),
    (
        "follow-trump-led-cannot-beat",
        "hearts",
        "JH",
        "7H 8H AS",
        {"house": ("7H 8H", "follow"), "official": ("7H 8H", "follow")},
    ),
    (
        "follow-all-trump-cannot-beat",
        "all",
        "JC 9S",
        "7C AC KD",
        {"house": ("7C AC", "follow"), "official": ("7C AC", "follow")},
    ),
    (
        "climb-trump-led-even-over-partner",
        "diamonds",
        "8D 9C",
        "QS 9D 7D 10H",
        {"house": ("9D", "climb"), "official": ("9D", "climb")},
    ),
    (
        "climb-all-trump-any-led-suit",
        "all",
        "10C",
        "7C JC AC AS",
        {"house": ("JC AC", "climb"), "official": ("JC AC", "climb")},
    ),
    (
        "climb-only-over-the-best-trump-in-the-trick",
        "spades",
        "8S JS",
        "9S 7S AH",
        {"house": ("7S 9S", "follow"), "official": ("7S 9S", "follow")},
    ),
    (
        "partner-wins-void-no-trump-in-trick-every-card",
        "hearts",
        "AC 7C",
        "8H QH KS 9D",
        {"house": ("KS 8H QH 9D", "partner-wins"), "official": ("KS 8H QH 9D", "partner-wins")},
    ),
    (
        "partner-wins-with-trump-no-lower-trump-when-higher-held",
        "spades",
        "7D 9S 7C",
        "JS 8S KH",
        {"house": ("JS KH", "partner-wins"), "official": ("8S JS KH", "partner-wins")},
    ),
    (
        "partner-wins-with-trump-no-higher-held-every-card",
        "spades",
        "7D 9S 7C",
        "8S 7S KH",
        {"house": ("7S 8S KH", "partner-wins"), "official": ("7S 8S KH", "partner-wins")},
    ),
    (
        "trump-void-opponent-wins-every-trump",
        "hearts",
        "AC",
        "8H QH KS 9D 7S",
        {"house": ("8H QH", "trump"), "official": ("8H QH", "trump")},
    ),
    (
        "trump-third-hand-opponent-wins-no-trump-yet",
        "clubs",
        "7D AD",
        "8C JC KS",
        {"house": ("8C JC", "trump"), "official": ("8C JC", "trump")},
    ),
    (
        "overtrump-only-higher-trumps",
        "spades",
        "AD 8S",
        "7S 9S KH",
        {"house": ("9S", "overtrump"), "official": ("9S", "overtrump")},
    ),
    (
        "overtrump-fourth-seat-opponent-trumped",
        "spades",
        "AD 7D 8S",
        "7S 9S KH",
        {"house": ("9S", "overtrump"), "official": ("9S", "overtrump")},
    ),
    (
        "undertrump-cannot-beat-opponents-trump",
        "spades",
        "AD JS",
        "7S 9S KH QC",
        {"house": ("7S 9S", "undertrump"), "official": ("7S 9S KH QC", "discard")},
    ),
    (
        "discard-void-without-trumps",
        "hearts",
        "AC",
        "KS 9D",
        {"house": ("KS 9D", "discard"), "official": ("KS 9D", "discard")},
    ),
    (
        "discard-no-trump-void",
        "none",
        "KD",
        "AS AC",
        {"house": ("AS AC", "discard"), "official": ("AS AC", "discard")},
    ),
    (
        "discard-all-trump-void-partner-or-not",
        "all",
        "KD AD",
        "AS AC",
        {"house": ("AS AC", "discard"), "official": ("AS AC", "discard")},
    ),
]


@pytest.mark.parametrize("preset", ["house", "official"])
@pytest.mark.parametrize(
    ("trump", "trick", "hand", "expected"), [pytest.param(*c[1:], id=c[0]) for c in CASES]
)
def test_rule_under_preset(preset, trump, trick, hand, expected):
    assert rule_of(trump, trick, hand, PRESETS[preset]) == expected[preset]


def test_every_rule_id_is_covered_under_both_presets_by_the_table_above():
    seen = {(e[p][1], p) for *_, e in CASES for p in ("house", "official")}
    for rule in Rule:
        assert (rule.value, "house") in seen
        if rule is not Rule.UNDERTRUMP:
            assert (rule.value, "official") in seen


def test_undertrump_never_binds_under_official_it_discards_instead():
    assert rule_of("spades", "AD JS", "7S 9S KH QC", OFFICIAL) == ("7S 9S KH QC", "discard")
    assert rule_of("spades", "AD JS", "7S 9S KH QC", HOUSE) == ("7S 9S", "undertrump")


def test_undertrump_house_with_only_trumps_left_plays_a_trump():
    assert rule_of("spades", "AD JS", "7S 9S", HOUSE) == ("7S 9S", "undertrump")
    assert rule_of("spades", "AD JS", "7S 9S", OFFICIAL) == ("7S 9S", "discard")


def test_partner_overtrump_house_no_lower_trump_keeps_higher_trumps_and_other_suits():
    # partner (2nd card) trumped with the 9; holding J and 8 of trump, the 8 is barred
    assert rule_of("spades", "7D 9S 7C", "JS 8S KH 7H", HOUSE) == ("JS 7H KH", "partner-wins")


def test_partner_wins_second_seat_partner_led_and_is_winning():
    # partner led and is still winning after an opponent's lower card
    assert rule_of("hearts", "AC 7C", "8H QH KS 9D", HOUSE)[1] == "partner-wins"
    # an opponent is winning instead: must trump
    assert rule_of("hearts", "7C AC", "8H QH KS 9D", HOUSE) == ("8H QH", "trump")


# -- knobs, one by one ----------------------------------------------------------------------

UNDER_POS = ("spades", "AD JS", "7S 9S KH QC")
PARTNER_POS = ("spades", "7D 9S 7C", "JS 8S KH")


def test_official_with_undertrump_required_undertrumps():
    rules = find_rules("official", undertrump="required")
    assert (rules.undertrump, rules.partner_overtrump) == (True, False)
    assert rule_of(*UNDER_POS, rules) == ("7S 9S", "undertrump")
    assert rule_of(*PARTNER_POS, rules) == ("8S JS KH", "partner-wins")


def test_house_with_undertrump_optional_discards():
    rules = find_rules("house", undertrump="optional")
    assert (rules.undertrump, rules.partner_overtrump) == (False, True)
    assert rule_of(*UNDER_POS, rules) == ("7S 9S KH QC", "discard")
    assert rule_of(*PARTNER_POS, rules) == ("JS KH", "partner-wins")


def test_official_with_partner_overtrump_required_bars_lower_trump():
    rules = find_rules("official", partner_overtrump="required")
    assert (rules.undertrump, rules.partner_overtrump) == (False, True)
    assert rule_of(*PARTNER_POS, rules) == ("JS KH", "partner-wins")
    assert rule_of(*UNDER_POS, rules) == ("7S 9S KH QC", "discard")


def test_house_with_partner_overtrump_optional_allows_lower_trump():
    rules = find_rules("house", partner_overtrump="optional")
    assert (rules.undertrump, rules.partner_overtrump) == (True, False)
    assert rule_of(*PARTNER_POS, rules) == ("8S JS KH", "partner-wins")
    assert rule_of(*UNDER_POS, rules) == ("7S 9S", "undertrump")


def test_both_knobs_overridden_turn_house_into_official_rules():
    rules = find_rules("house", undertrump="optional", partner_overtrump="optional")
    assert rules.knobs == OFFICIAL.knobs
    assert rules.name == "house" and not rules.is_preset


def test_presets_are_house_required_and_official_optional():
    assert find_rules() is HOUSE and find_rules("official") is OFFICIAL
    assert HOUSE.knobs == {"undertrump": "required", "partner_overtrump": "required"}
    assert OFFICIAL.knobs == {"undertrump": "optional", "partner_overtrump": "optional"}
    assert HOUSE.is_preset and OFFICIAL.is_preset


def test_unknown_preset_raises_unknown_rules_error_quoting_it():
    with pytest.raises(UnknownRulesError) as info:
        find_rules("tavern")
    assert str(info.value) == "unknown rules: 'tavern'"
    assert isinstance(info.value, ValueError)


def test_unknown_knob_raises_unknown_rules_error_quoting_it():
    with pytest.raises(UnknownRulesError, match=r"unknown rules knob: 'overtrump'"):
        find_rules("house", overtrump="required")


def test_unknown_knob_value_raises_unknown_rules_error_quoting_it():
    with pytest.raises(UnknownRulesError, match=r"'sometimes'"):
        find_rules("official", undertrump="sometimes")


# -- the readable face: verdict, check_play, rulings_by_preset, Rule ids ---------------------


def test_check_play_illegal_message_names_the_rule_and_the_allowed_cards():
    hand = CardSet.parse("QS 9D 7D 10H")
    trick = [parse_card("8D"), parse_card("9C")]
    with pytest.raises(IllegalPlayError) as info:
        check_play(parse_card("7D"), hand, trick, Trump.DIAMONDS)
    assert str(info.value) == "illegal play: 7D (must climb: 9D)"
    assert info.value.rule is Rule.CLIMB
    assert CardSet(info.value.allowed) == CardSet.parse("9D")
    assert check_play(parse_card("9D"), hand, trick, Trump.DIAMONDS).rule is Rule.CLIMB


def test_check_play_card_not_in_hand_is_illegal():
    with pytest.raises(IllegalPlayError, match="not in the hand"):
        check_play(parse_card("AS"), CardSet.parse("7S"), [], Trump.HEARTS)


def test_verdict_says_legal_or_not_with_the_deciding_rule():
    hand = CardSet.parse("7S 9S KH")
    trick = [parse_card("AD"), parse_card("8S")]
    assert verdict(parse_card("9S"), hand, trick, Trump.SPADES).legal
    v = verdict(parse_card("7S"), hand, trick, Trump.SPADES)
    assert (v.legal, v.rule) == (False, Rule.OVERTRUMP)
    with pytest.raises(IllegalPlayError):
        verdict(parse_card("AS"), hand, trick, Trump.SPADES)


def test_rulings_by_preset_shows_where_house_and_official_differ():
    out = rulings_by_preset(
        CardSet.parse("7S 9S KH QC"), [parse_card("AD"), parse_card("JS")], Trump.SPADES
    )
    assert set(out) == {"house", "official"}
    assert (str(out["house"].legal), out["house"].rule) == ("7S 9S", Rule.UNDERTRUMP)
    assert (str(out["official"].legal), out["official"].rule) == ("7S 9S KH QC", Rule.DISCARD)


def test_ruler_hot_path_takes_masks_and_tuples():
    ruler = make_ruler(Trump.SPADES, OFFICIAL)
    legal, rule = ruler(CardSet.parse("7S 9S KH").mask, (parse_card("AD"), parse_card("8S")))
    assert (str(CardSet(legal)), rule) == ("9S", Rule.OVERTRUMP)
    assert make_ruler(Trump.SPADES, OFFICIAL) is ruler  # built once


def test_rule_ids_are_stable_and_parse_back():
    assert [r.value for r in Rule] == [
        "lead",
        "follow",
        "climb",
        "partner-wins",
        "trump",
        "overtrump",
        "undertrump",
        "discard",
    ]
    assert Rule.parse("partner-wins") is Rule.PARTNER_WINS
    with pytest.raises(ValueError, match="unknown rule: 'ruff'"):
        Rule.parse("ruff")
