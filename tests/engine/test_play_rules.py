"""Each rule id of the play-obligations table, under each preset, and the knobs one by one.

A position is written as in a scenario: the contract's trump, the trick so far (cards in
play order) and the hand of the player to move.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from explainer.engine import (
    HOUSE,
    OFFICIAL,
    PRESETS,
    CardSet,
    IllegalPlayError,
    InvalidRuleError,
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


# The classic presets' play knobs: ffb_belote and pagat_belote require undertrumping like
# house but let you play a trump lower than your partner's like official (FFB-B16 §5.2.3;
# Pagat: "free to either trump, or discard any card"). Each case above differs on at most
# one of the two knobs.
PLAYS_LIKE = {
    "ffb_belote": lambda case_id: "official" if case_id.startswith("partner-wins") else "house",
    "pagat_belote": lambda case_id: "official" if case_id.startswith("partner-wins") else "house",
}


def _expected(case_id: str, expected: dict, preset: str) -> tuple[str, str]:
    return expected[preset] if preset in expected else expected[PLAYS_LIKE[preset](case_id)]


@pytest.mark.parametrize("preset", ["house", "official", "ffb_belote", "pagat_belote"])
@pytest.mark.parametrize(
    ("case_id", "trump", "trick", "hand", "expected"),
    [pytest.param(*c, id=c[0]) for c in CASES],
)
def test_rule_under_preset(preset, case_id, trump, trick, hand, expected):
    want = _expected(case_id, expected, preset)
    assert rule_of(trump, trick, hand, PRESETS[preset]) == want


def test_every_rule_id_but_no_undertrump_is_covered_under_both_presets_by_the_table_above():
    seen = {(e[p][1], p) for *_, e in CASES for p in ("house", "official")}
    for rule in Rule:
        # only under undertrump: forbidden and partner_overtrump: no_lower (below)
        if rule in (Rule.NO_UNDERTRUMP, Rule.PARTNER_NO_LOWER):
            continue
        assert (rule.value, "house") in seen
        if rule is not Rule.UNDERTRUMP:
            assert (rule.value, "official") in seen


def test_undertrump_optional_does_not_bind_with_other_cards_it_discards_instead():
    assert rule_of("spades", "AD JS", "7S 9S KH QC", OFFICIAL) == ("7S 9S KH QC", "discard")
    assert rule_of("spades", "AD JS", "7S 9S KH QC", HOUSE) == ("7S 9S", "undertrump")


def test_undertrump_with_only_lower_trumps_left_is_undertrump_under_every_value():
    for value in ("required", "optional", "forbidden"):
        rules = find_rules("house", undertrump=value)
        assert rule_of("spades", "AD JS", "7S 9S", rules) == ("7S 9S", "undertrump")


def test_undertrump_required_must_play_a_lower_trump():
    rules = find_rules("house", undertrump="required")
    assert rule_of("spades", "AD JS", "7S 9S KH QC", rules) == ("7S 9S", "undertrump")


def test_undertrump_optional_may_play_any_card():
    rules = find_rules("house", undertrump="optional")
    assert rule_of("spades", "AD JS", "7S 9S KH QC", rules) == ("7S 9S KH QC", "discard")


def test_undertrump_forbidden_bars_the_lower_trumps_while_other_cards_are_held():
    rules = find_rules("house", undertrump="forbidden")
    assert rule_of("spades", "AD JS", "7S 9S KH QC", rules) == ("KH QC", "no-undertrump")
    # overtrumping stays an obligation
    assert rule_of("spades", "AD 8S", "7S 9S KH", rules) == ("9S", "overtrump")


def test_all_trump_partner_climb_beats_the_partners_card():
    rules = find_rules("house", all_trump_partner="climb")
    assert rule_of("all", "9C 7C", "JC 8C KD", rules) == ("JC", "climb")


def test_all_trump_partner_free_only_follows_when_the_partner_wins():
    rules = find_rules("house", all_trump_partner="free")
    assert rule_of("all", "9C 7C", "JC 8C KD", rules) == ("8C JC", "follow")
    # an opponent winning: climb as before
    assert rule_of("all", "7C 9C", "JC 8C KD", rules) == ("JC", "climb")
    # a trump-suit contract is not all-trump: the knob does not apply there
    assert rule_of("clubs", "9C 7C", "JC 8C KD", rules) == ("JC", "climb")


def test_partner_overtrump_house_no_lower_trump_keeps_higher_trumps_and_other_suits():
    # partner (2nd card) trumped with the 9; holding J and 8 of trump, the 8 is barred
    assert rule_of("spades", "7D 9S 7C", "JS 8S KH 7H", HOUSE) == ("JS 7H KH", "partner-wins")


NO_LOWER = find_rules("house", partner_overtrump="no_lower")


def test_partner_no_lower_bars_a_lower_trump_even_when_no_higher_one_is_held():
    # FFB-CO15 §5.2 rule 4: under the partner's ruff a lower trump only from a hand of
    # nothing but trumps; here the hand holds a king of hearts
    assert rule_of("spades", "7D 9S 7C", "8S 7S KH", NO_LOWER) == ("KH", "partner-no-lower")
    # a higher trump stays allowed, the lower one is barred
    assert rule_of("spades", "7D 9S 7C", "JS 8S KH", NO_LOWER) == ("JS KH", "partner-no-lower")


def test_partner_no_lower_lets_a_hand_of_nothing_but_trumps_play_any_of_them():
    assert rule_of("spades", "7D 9S 7C", "JS 8S 7S", NO_LOWER) == ("7S 8S JS", "partner-wins")
    # with no lower trump in the hand nothing is kept back
    assert rule_of("spades", "7D 9S 7C", "JS KH", NO_LOWER) == ("JS KH", "partner-wins")


def test_partner_no_lower_binds_only_when_the_partner_wins_with_a_trump():
    # the partner wins with a plain card: any card, a low trump too
    assert rule_of("hearts", "AC 7C", "8H QH KS 9D", NO_LOWER) == ("KS 8H QH 9D", "partner-wins")
    # an opponent wins with a trump: the undertrump knob decides, not this one
    assert rule_of("spades", "AD 8S", "7S KH", NO_LOWER) == ("7S", "undertrump")


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
    assert (rules.undertrump, rules.partner_overtrump) == ("required", "optional")
    assert rule_of(*UNDER_POS, rules) == ("7S 9S", "undertrump")
    assert rule_of(*PARTNER_POS, rules) == ("8S JS KH", "partner-wins")


def test_house_with_undertrump_optional_discards():
    rules = find_rules("house", undertrump="optional")
    assert (rules.undertrump, rules.partner_overtrump) == ("optional", "required")
    assert rule_of(*UNDER_POS, rules) == ("7S 9S KH QC", "discard")
    assert rule_of(*PARTNER_POS, rules) == ("JS KH", "partner-wins")


def test_official_with_partner_overtrump_required_bars_lower_trump():
    rules = find_rules("official", partner_overtrump="required")
    assert (rules.undertrump, rules.partner_overtrump) == ("optional", "required")
    assert rule_of(*PARTNER_POS, rules) == ("JS KH", "partner-wins")
    assert rule_of(*UNDER_POS, rules) == ("7S 9S KH QC", "discard")


def test_house_with_partner_overtrump_optional_allows_lower_trump():
    rules = find_rules("house", partner_overtrump="optional")
    assert (rules.undertrump, rules.partner_overtrump) == ("required", "optional")
    assert rule_of(*PARTNER_POS, rules) == ("8S JS KH", "partner-wins")
    assert rule_of(*UNDER_POS, rules) == ("7S 9S", "undertrump")


def test_both_knobs_overridden_turn_house_into_official_rules():
    rules = find_rules("house", undertrump="optional", partner_overtrump="optional")
    assert rules.knobs == OFFICIAL.knobs
    assert rules.name == "house" and not rules.is_preset


def test_house_is_the_default_and_official_is_house_with_both_play_knobs_optional():
    assert find_rules() is HOUSE and find_rules("official") is OFFICIAL
    assert HOUSE.knobs == {
        "undertrump": "required",
        "partner_overtrump": "required",
        "all_trump_partner": "climb",
        "tie": "made",
        "belote": "prenable",
        "capot_points": "252",
        "all_trump_points": "pagat",
        "all_trump_belote": "none",
        "classic_declarations": "off",
        "defenders_capot": "bonus",
        "classic_sa_ta": "off",
        "classic_coinche": "off",
        "belote_bonus": "on",
        "target": "1000",
        "both_reach": "higher_total",
        "rounding": "none",
    }
    assert OFFICIAL.knobs == {
        **HOUSE.knobs,
        "undertrump": "optional",
        "partner_overtrump": "optional",
    }
    assert HOUSE.is_preset and OFFICIAL.is_preset


def test_unknown_preset_raises_unknown_rules_error_with_a_hint_and_the_presets():
    with pytest.raises(UnknownRulesError) as info:
        find_rules("hose")
    assert str(info.value) == (
        "unknown rules: 'hose' (did you mean 'house'?)"
        " (expected house, ffb_belote, pagat_belote or official)"
    )
    assert isinstance(info.value, ValueError)


def test_unknown_preset_without_a_close_name_lists_the_presets():
    with pytest.raises(UnknownRulesError) as info:
        find_rules("tavern")
    assert str(info.value) == (
        "unknown rules: 'tavern' (expected house, ffb_belote, pagat_belote or official)"
    )


def test_unknown_knob_raises_unknown_rules_error_with_a_hint():
    with pytest.raises(UnknownRulesError) as info:
        find_rules("house", overtrump="required")
    assert str(info.value) == (
        "unknown rules knob: 'overtrump' (did you mean 'undertrump'?) (expected undertrump,"
        " partner_overtrump, all_trump_partner, tie, belote, capot_points, all_trump_points,"
        " all_trump_belote, classic_declarations, defenders_capot, classic_sa_ta, classic_coinche, belote_bonus,"
        " target, both_reach or rounding)"
    )


def test_unknown_knob_value_raises_unknown_rules_error_with_the_values():
    with pytest.raises(UnknownRulesError) as info:
        find_rules("official", undertrump="sometimes")
    assert str(info.value) == (
        "invalid value for undertrump: 'sometimes' (expected required, optional or forbidden)"
    )


def test_close_knob_value_gets_a_hint():
    with pytest.raises(UnknownRulesError) as info:
        find_rules("house", tie="litig")
    assert str(info.value) == (
        "invalid value for tie: 'litig' (did you mean 'litige'?) (expected made, failed or litige)"
    )


def test_knob_that_does_not_apply_to_the_game_is_named():
    coinche_rules = replace(HOUSE, game="coinche")
    with pytest.raises(UnknownRulesError) as info:
        coinche_rules.with_knobs(classic_declarations="on")
    assert str(info.value) == (
        "rules knob classic_declarations does not apply to coinche (it applies to belote)"
    )


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
    with pytest.raises(IllegalPlayError) as info:
        check_play(parse_card("AS"), CardSet.parse("7S"), [], Trump.HEARTS)
    assert str(info.value) == "illegal play: AS is not in the hand"
    assert (info.value.card, info.value.rule) == (parse_card("AS"), Rule.LEAD)


def test_verdict_says_legal_or_not_with_the_deciding_rule():
    hand = CardSet.parse("7S 9S KH")
    trick = [parse_card("AD"), parse_card("8S")]
    assert verdict(parse_card("9S"), hand, trick, Trump.SPADES).legal
    v = verdict(parse_card("7S"), hand, trick, Trump.SPADES)
    assert (v.legal, v.rule) == (False, Rule.OVERTRUMP)
    with pytest.raises(IllegalPlayError) as info:
        verdict(parse_card("AS"), hand, trick, Trump.SPADES)
    assert str(info.value) == "illegal play: AS is not in the hand"
    assert info.value.card == parse_card("AS")


def test_rulings_by_preset_shows_where_house_and_official_differ():
    out = rulings_by_preset(
        CardSet.parse("7S 9S KH QC"), [parse_card("AD"), parse_card("JS")], Trump.SPADES
    )
    assert list(out) == ["house", "ffb_belote", "pagat_belote", "official"]
    assert out["ffb_belote"] == out["pagat_belote"] == out["house"]
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
        "partner-no-lower",
        "trump",
        "overtrump",
        "undertrump",
        "no-undertrump",
        "discard",
    ]
    assert Rule.parse("partner-wins") is Rule.PARTNER_WINS
    with pytest.raises(InvalidRuleError, match="unknown rule: 'ruff'"):
        Rule.parse("ruff")


def test_check_play_and_verdict_follow_each_preset():
    hand = CardSet.parse("7S 9S KH QC")
    trick = [parse_card("AD"), parse_card("JS")]
    for name in ("house", "ffb_belote", "pagat_belote"):
        assert check_play(parse_card("7S"), hand, trick, Trump.SPADES, PRESETS[name]).rule is (
            Rule.UNDERTRUMP
        )
        assert not verdict(parse_card("KH"), hand, trick, Trump.SPADES, PRESETS[name]).legal
    assert verdict(parse_card("KH"), hand, trick, Trump.SPADES, OFFICIAL).legal
    # partner ruffed with the 9; the 8 under it is allowed by FFB-B16 §5.2.3 and by Pagat
    # ("free to either trump, or discard any card"), not by the house rules
    partner = [parse_card("7D"), parse_card("9S"), parse_card("7C")]
    hand = CardSet.parse("JS 8S KH")
    for name in ("ffb_belote", "pagat_belote"):
        assert verdict(parse_card("8S"), hand, partner, Trump.SPADES, PRESETS[name]).legal
    with pytest.raises(IllegalPlayError) as info:
        check_play(parse_card("8S"), hand, partner, Trump.SPADES, HOUSE)
    assert str(info.value) == "illegal play: 8S (partner wins, no lower trump: JS KH)"
    with pytest.raises(IllegalPlayError) as info:
        check_play(parse_card("8S"), hand, partner, Trump.SPADES, NO_LOWER)
    assert str(info.value) == "illegal play: 8S (partner trumped, no lower trump: JS KH)"


def test_check_play_under_undertrump_forbidden_names_the_rule():
    rules = find_rules("pagat_belote", undertrump="forbidden")
    with pytest.raises(IllegalPlayError) as info:
        check_play(
            parse_card("7S"),
            CardSet.parse("7S KH"),
            [parse_card("AD"), parse_card("JS")],
            Trump.SPADES,
            rules,
        )
    assert str(info.value) == "illegal play: 7S (may not undertrump: KH)"
