"""The play face, read exactly: the rules argument of ``check_play`` and ``verdict`` used
(issue 16), every field of a trick's result, and every refusal's whole message and values."""

from __future__ import annotations

import pytest

from explainer.engine import (
    HOUSE,
    OFFICIAL,
    PRESETS,
    CardSet,
    IllegalPlayError,
    InvalidDealError,
    InvalidRuleError,
    Rule,
    Seat,
    Trump,
    check_play,
    find_rules,
    legal_cards,
    parse_card,
    rulings_by_preset,
    score_trick,
    trick_winner,
    verdict,
    why_illegal,
)


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


# E leads AS, S plays 7S, W ruffs with JH: N, void in spades and unable to beat the jack,
# holds two low trumps and two clubs.
UNDER_TRICK = cards("AS 7S JH")
UNDER_HAND = CardSet.parse("7H 8H 7C 8C")


def test_check_play_uses_its_rules_an_undertrump_official_allows_house_refuses() -> None:
    ruling = check_play(parse_card("7C"), UNDER_HAND, UNDER_TRICK, Trump.HEARTS, OFFICIAL)
    assert (ruling.legal, ruling.rule) == (UNDER_HAND, Rule.DISCARD)
    with pytest.raises(IllegalPlayError) as info:
        check_play(parse_card("7C"), UNDER_HAND, UNDER_TRICK, Trump.HEARTS, HOUSE)
    e = info.value
    assert str(e) == "illegal play: 7C (must undertrump: 7H 8H)"
    assert (e.card, e.rule, CardSet(e.allowed)) == (
        parse_card("7C"),
        Rule.UNDERTRUMP,
        CardSet.parse("7H 8H"),
    )
    assert (e.trick_index, e.play_index) == (None, None)


def test_verdict_uses_its_rules() -> None:
    official = verdict(parse_card("8C"), UNDER_HAND, UNDER_TRICK, Trump.HEARTS, OFFICIAL)
    house = verdict(parse_card("8C"), UNDER_HAND, UNDER_TRICK, Trump.HEARTS, HOUSE)
    forbidden = find_rules("house", undertrump="forbidden")
    no_under = verdict(parse_card("8H"), UNDER_HAND, UNDER_TRICK, Trump.HEARTS, forbidden)
    assert (official.card, official.legal, official.rule) == (parse_card("8C"), True, Rule.DISCARD)
    assert (house.legal, house.rule) == (False, Rule.UNDERTRUMP)
    assert (no_under.legal, no_under.rule) == (False, Rule.NO_UNDERTRUMP)


def test_a_card_not_in_the_hand_is_refused_with_the_ruling_of_the_hand() -> None:
    with pytest.raises(IllegalPlayError) as info:
        check_play(parse_card("AC"), UNDER_HAND, UNDER_TRICK, Trump.HEARTS)
    e = info.value
    assert str(e) == "illegal play: AC is not in the hand"
    assert (e.card, e.rule, CardSet(e.allowed)) == (
        parse_card("AC"),
        Rule.UNDERTRUMP,
        CardSet.parse("7H 8H"),
    )
    with pytest.raises(IllegalPlayError) as info2:
        verdict(parse_card("AC"), UNDER_HAND.mask, UNDER_TRICK, Trump.HEARTS)
    assert str(info2.value) == "illegal play: AC is not in the hand"
    assert (info2.value.card, info2.value.rule, info2.value.allowed) == (parse_card("AC"), None, 0)


def test_a_hand_may_be_a_card_set_a_mask_or_cards() -> None:
    expected = legal_cards(UNDER_HAND, UNDER_TRICK, Trump.HEARTS)
    assert legal_cards(UNDER_HAND.mask, UNDER_TRICK, Trump.HEARTS) == expected
    assert legal_cards(list(UNDER_HAND), UNDER_TRICK, Trump.HEARTS) == expected
    assert legal_cards(iter(UNDER_HAND), UNDER_TRICK, Trump.HEARTS) == expected


def test_every_preset_rules_the_same_position_under_its_own_knobs() -> None:
    by_preset = rulings_by_preset(UNDER_HAND, UNDER_TRICK, Trump.HEARTS)
    assert list(by_preset) == list(PRESETS)
    assert {name: r.rule for name, r in by_preset.items()} == {
        "house": Rule.UNDERTRUMP,
        "ffb_belote": Rule.UNDERTRUMP,
        "pagat_belote": Rule.UNDERTRUMP,
        "official": Rule.DISCARD,
    }


@pytest.mark.parametrize(
    ("rule", "reason"),
    [
        (Rule.FOLLOW, "must follow: 7S AS"),
        (Rule.CLIMB, "must climb: 7S AS"),
        (Rule.PARTNER_WINS, "partner wins, no lower trump: 7S AS"),
        (Rule.PARTNER_NO_LOWER, "partner trumped, no lower trump: 7S AS"),
        (Rule.TRUMP, "must trump: 7S AS"),
        (Rule.OVERTRUMP, "must overtrump: 7S AS"),
        (Rule.UNDERTRUMP, "must undertrump: 7S AS"),
        (Rule.NO_UNDERTRUMP, "may not undertrump: 7S AS"),
        (Rule.LEAD, "may lead: 7S AS"),
        (Rule.DISCARD, "may discard: 7S AS"),
    ],
)
def test_each_rule_says_why_a_card_is_illegal_in_its_own_words(rule: Rule, reason: str) -> None:
    assert why_illegal(rule, CardSet.parse("AS 7S").mask) == reason


def test_an_unknown_rule_id_is_refused_with_a_hint_and_every_id() -> None:
    assert Rule.parse("no-undertrump") is Rule.NO_UNDERTRUMP
    with pytest.raises(InvalidRuleError) as info:
        Rule.parse("undertrumps")
    assert str(info.value) == (
        "unknown rule: 'undertrumps' (did you mean 'undertrump'?) (expected one of lead, follow,"
        " climb, partner-wins, partner-no-lower, trump, overtrump, undertrump, no-undertrump,"
        " discard)"
    )


def test_a_trick_result_keeps_its_leader_cards_winner_and_points_in_play_order() -> None:
    r = score_trick(cards("AS 10S 7S JH"), Trump.HEARTS, Seat.S)
    assert r.leader is Seat.S
    assert r.cards == tuple(cards("AS 10S 7S JH"))
    assert (r.winner, r.winning_card) == (Seat.E, parse_card("JH"))
    assert (r.card_points, r.points, r.breakdown) == ((11, 10, 0, 20), 41, "11 + 10 + 0 + 20 = 41")


def test_a_trick_is_scored_on_the_rules_all_trump_scale_led_by_north_by_default() -> None:
    trick = cards("JS 9S QS AD")
    pagat = score_trick(trick, Trump.ALL)
    ffb = score_trick(trick, Trump.ALL, rules=find_rules("house", all_trump_points="ffb2015"))
    assert (pagat.leader, pagat.winner, pagat.card_points) == (Seat.N, Seat.N, (14, 9, 1, 6))
    assert ffb.card_points == (13, 9, 2, 6)


def test_the_highest_trump_wins_else_the_highest_card_of_the_suit_led() -> None:
    assert trick_winner(cards("9C 7H AC 8H"), Trump.HEARTS) == 3
    assert trick_winner(cards("9C AD AC KC"), Trump.HEARTS) == 2
    assert trick_winner(cards("10D"), Trump.NONE) == 0
    assert trick_winner(cards("QD AS 7D JD"), Trump.NONE) == 0


@pytest.mark.parametrize("n", [3, 5])
def test_a_finished_trick_has_four_cards(n: int) -> None:
    with pytest.raises(InvalidDealError) as info:
        score_trick(cards("7S 8S 9S 10S JS")[:n], Trump.SPADES)
    assert str(info.value) == f"a finished trick has 4 cards, got {n}"
