"""Laws: rule statements checked over play positions and over random deals.

The play-law checks are shared across tests through the module's caches, so the
whole file costs a few full checks, not one per test.
"""

from __future__ import annotations

import random
from itertools import permutations
from math import comb
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explainer.cli import main
from explainer.engine import (
    DEAL_SAMPLES,
    HOUSE,
    OFFICIAL,
    PLAY_SAMPLES,
    PRESETS,
    DealLaw,
    LawError,
    PlayLaw,
    Trump,
    TrumpKind,
    card_str,
    check_deal_law,
    check_play_law,
    counterexample_yaml,
    make_ruler,
    scoring_variants,
)
from explainer.engine.contract import tables
from explainer.engine.laws import RULING_KNOBS
from explainer.engine.laws.sampling import _positions
from explainer.engine.laws.space import _space

# The false statement of the which-card page, as a law.
PARTNER_WINNING_FREE = PlayLaw.parse(
    trump="suit", when=["void", "partner_winning"], then={"may": "any"}
)

FALSE_STATEMENT_COUNTEREXAMPLE = """\
kind: play
contract: {trump: hearts, rules: house}
trick: [N: 7S, E: 8H, S: 8S]
hand: {seat: W, cards: [7H, 9H]}
expect: {legal: [9H], rule: partner-wins}
"""


EVERY = {"house", "ffb_belote", "pagat_belote", "official"}


def holds_under(trump: str | list[str], when: list[str], then: dict[str, str]) -> set[str]:
    """The presets (official included) under which the law holds."""
    law = PlayLaw.parse(trump=trump, when=when, then=then)
    return set(check_play_law(law, PRESETS).holds_under)


# -- the which-card page's false statement ------------------------------------------


def test_partner_winning_free_fails_under_house_with_minimal_counterexample() -> None:
    outcome = check_play_law(PARTNER_WINNING_FREE, PRESETS)["house"]
    assert not outcome.holds
    assert outcome.counterexample is not None
    assert counterexample_yaml(outcome.counterexample) == FALSE_STATEMENT_COUNTEREXAMPLE


def test_partner_winning_free_holds_under_official() -> None:
    outcome = check_play_law(PARTNER_WINNING_FREE, PRESETS)["official"]
    assert outcome.holds
    assert outcome.counterexample is None


def test_partner_winning_free_holds_where_partner_overtrump_is_optional() -> None:
    assert check_play_law(PARTNER_WINNING_FREE, PRESETS).holds_under == {"official", "ffb_belote"}


def test_play_laws_default_to_the_presets_of_their_game() -> None:
    result = check_play_law(PARTNER_WINNING_FREE)
    assert [o.preset for o in result.outcomes] == ["house", "ffb_belote", "pagat_belote"]


def test_counterexample_pasted_into_a_file_passes_explainer_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    example = check_play_law(PARTNER_WINNING_FREE, PRESETS)["house"].counterexample
    assert example is not None
    path = tmp_path / "counterexample.yaml"
    path.write_text(counterexample_yaml(example), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 passed, 0 failed"


def test_counterexample_under_changed_knobs_names_them_and_passes_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = HOUSE.with_knobs(undertrump="optional")
    result = check_play_law(PARTNER_WINNING_FREE, {"mine": rules}, samples=0)
    example = result["mine"].counterexample
    assert example is not None
    text = counterexample_yaml(example)
    assert "rules: {preset: house, undertrump: optional}}" in text  # only the changed knobs
    path = tmp_path / "knobs.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["check", str(path)]) == 0


# -- true rules hold, false ones fail, under the right presets ----------------------


def test_leading_may_play_any_card_by_rule_lead() -> None:
    law = (["suit", "none", "all"], ["leading"], {"may": "any", "rule": "lead"})
    assert holds_under(*law) == EVERY


def test_can_follow_must_play_the_led_suit() -> None:
    assert holds_under(["suit", "none", "all"], ["can_follow"], {"must": "led_suit"}) == EVERY


def test_trump_led_must_climb_when_able_even_if_partner_wins() -> None:
    law = (["suit", "all"], ["trump_led", "partner_winning"], {"must": "higher_led"})
    assert holds_under(*law) == set()  # not when you cannot climb
    assert holds_under(["suit"], ["trump_led", "can_overtrump"], {"must": "higher_led"}) == EVERY


def test_void_with_opponent_trumped_must_overtrump_when_able() -> None:
    when = ["void", "opponent_trumped", "can_overtrump"]
    assert holds_under("suit", when, {"must": "higher_trumps", "rule": "overtrump"}) == EVERY


def test_undertrump_is_required_only_under_house() -> None:
    when = ["void", "opponent_trumped", "only_lower_trumps"]
    assert holds_under("suit", when, {"must": "trumps"}) == {"house", "ffb_belote", "pagat_belote"}
    assert holds_under("suit", [*when, "not only_trumps"], {"may": "plain"}) == {"official"}


def test_void_without_trumps_may_discard_any_card() -> None:
    law = (["suit", "none", "all"], ["void", "not holds_trump"], {"may": "any"})
    with pytest.raises(LawError):  # holds_trump means nothing without a trump suit
        holds_under(*law)
    assert holds_under("suit", ["void", "not holds_trump"], {"may": "any"}) == EVERY
    assert holds_under(["none", "all"], ["void"], {"may": "any", "rule": "discard"}) == EVERY


def test_a_law_with_two_deciding_rules_never_holds() -> None:
    law = PlayLaw.parse(trump="suit", when=["leading"], then=[("rule", "lead"), ("rule", "follow")])
    assert check_play_law(law, samples=0).holds_under == frozenset()


# -- counts: exhaustive classes plus at least PLAY_SAMPLES full hands ---------------


def test_checks_every_class_and_at_least_the_sample_size_of_full_hands() -> None:
    result = check_play_law(PARTNER_WINNING_FREE, PRESETS)
    for outcome in result.outcomes:
        assert outcome.exhaustive > 0
        assert outcome.sampled >= PLAY_SAMPLES
        assert outcome.checked == outcome.exhaustive + outcome.sampled


def _canonical(trick: tuple[int, ...]) -> bool:
    """Plain suits in first-seen order (hearts trump): the tricks the space keeps."""
    order = [s for s in dict.fromkeys(c >> 3 for c in trick) if s != Trump.HEARTS]
    return order == [0, 2, 3][: len(order)]


def _hand_sizes(law: PlayLaw) -> dict[int, int]:
    """How many sampled positions of each hand size the law was checked over."""
    sizes: dict[int, int] = {}
    for _, hands in _positions(TrumpKind.SUIT, *law.masks, PLAY_SAMPLES):
        for h in hands:
            sizes[h.bit_count()] = sizes.get(h.bit_count(), 0) + 1
    return sizes


def test_rare_premises_check_every_full_hand_position_then_smaller_hands() -> None:
    # Eight trumps in hand: the whole trump suit, so the trick holds no trump. Counted here
    # independently: tricks of 0-3 cards without hearts, plain suits in first-seen order.
    plain = [c for c in range(32) if c >> 3 != Trump.HEARTS]
    expected = sum(1 for n in range(4) for t in permutations(plain, n) if _canonical(t))
    law = PlayLaw.parse(trump="suit", when=["only_trumps"], then={"must": "trumps"})
    outcome = check_play_law(law)["house"]
    assert outcome.holds
    assert outcome.sampled >= PLAY_SAMPLES
    sizes = _hand_sizes(law)
    assert sizes[8] == expected < PLAY_SAMPLES  # every full hand there is
    # then every hand of seven cards, and so on down until the sample is full
    assert sorted(sizes, reverse=True) == list(range(8, min(sizes) - 1, -1))


def test_partner_trumped_only_trumps_is_checked_over_every_smaller_hand_there_is() -> None:
    """No full hand holds only trumps while the partner has trumped (one of the eight
    trumps is in the trick), so the law is checked over hands of seven cards down to one:
    counted here independently, by size, over tricks led by an opponent in a plain suit,
    trumped by the partner and not beaten by a higher trump."""
    t = tables(Trump.HEARTS)
    trumps = [c for c in range(32) if c >> 3 == Trump.HEARTS]
    others = [c for c in range(32) if c >> 3 != Trump.HEARTS]
    expected = dict.fromkeys(range(1, 9), 0)
    for lead, partner, third in permutations(range(32), 3):
        trick = (lead, partner, third)
        if lead in trumps or partner not in trumps or not _canonical(trick):
            continue
        if third in trumps and t.strength[third] > t.strength[partner]:
            continue  # the opponent overtrumped: the partner is not winning
        best = max((c for c in trick if c in trumps), key=t.strength.__getitem__)
        left = [c for c in trumps if c not in trick]
        higher = sum(1 for c in left if t.strength[c] > t.strength[best])
        for k in range(1, 9):
            expected[k] += comb(len(left), k) - comb(len(left) - higher, k)
    assert others  # the hand holds none of them: it is void in the led suit
    law = PlayLaw.parse(
        trump="suit",
        when=["void", "partner_trumped", "only_trumps", "can_overtrump"],
        then={"must": "higher_trumps"},
    )
    total = sum(expected.values())
    assert expected[8] == 0 < total
    outcome = check_play_law(law)["house"]
    assert outcome.sampled == min(total, outcome.sampled) >= min(total, PLAY_SAMPLES)
    sizes = _hand_sizes(law)
    drawn = min(sizes)  # every hand of a larger size, then hands of this size drawn
    assert all(sizes[k] == expected[k] for k in sizes if k > drawn)
    assert sizes[drawn] <= expected[drawn]
    assert outcome.sampled == sum(sizes.values())


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_rule_sets_alike_on_the_ruling_knobs_rule_every_position_alike(
    data: st.DataObject,
) -> None:
    """What lets a law be ruled once for every rule set that agrees on RULING_KNOBS."""
    kind = data.draw(st.sampled_from(list(TrumpKind)))
    base = data.draw(st.sampled_from([r for r in PRESETS.values() if r.game == "belote"]))
    other = data.draw(st.sampled_from([r for r in PRESETS.values() if r.game == "belote"]))
    same = other.with_knobs(**{k: getattr(base, k) for k in RULING_KNOBS[kind]})
    space = _space(kind)
    trick = space.tricks[data.draw(st.integers(0, len(space.tricks) - 1))].cards
    free = [c for c in range(32) if c not in trick]
    cards = data.draw(st.lists(st.sampled_from(free), min_size=1, max_size=8, unique=True))
    hand = sum(1 << c for c in cards)
    assert make_ruler(kind.trump, base)(hand, trick) == make_ruler(kind.trump, same)(hand, trick)


def test_the_same_law_gives_the_same_counts_and_counterexample() -> None:
    law = PlayLaw.parse(trump="suit", when=["void", "opponent_winning"], then={"may": "any"})
    first = check_play_law(law, samples=2_000)
    from explainer.engine.laws import play_check as laws

    laws._positions.cache_clear()
    laws._CHECKED.clear()
    assert check_play_law(law, samples=2_000) == first


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_positions_alike_get_the_same_ruling(data: st.DataObject) -> None:
    """The zone argument the exhaustive check rests on: a position and its class
    representative (same trick premises, same zones in hand) are ruled alike."""
    kind = data.draw(st.sampled_from(list(TrumpKind)))
    rules = data.draw(st.sampled_from(list(PRESETS.values())))
    space = _space(kind)
    ti = data.draw(st.integers(0, len(space.tricks) - 1))
    trick = space.tricks[ti]
    free = [c for c in range(32) if not any(c == x for x in trick.cards)]
    hand_cards = data.draw(st.lists(st.sampled_from(free), min_size=1, max_size=8, unique=True))
    hand = sum(1 << c for c in hand_cards)
    zones = sum(1 << z for z, m in enumerate(trick.zones) if hand & m)
    cl = next(c for c in space.classes if (c.bits, c.available) == (trick.bits, trick.available))
    rep = space.tricks[cl.trick]
    rep_hand = sum(rep.zones[z] & -rep.zones[z] for z in range(5) if zones >> z & 1)
    ruler = make_ruler(kind.trump, rules)
    legal, rule = ruler(hand, trick.cards)
    rep_legal, rep_rule = ruler(rep_hand, rep.cards)

    def legal_zones(t_zones: tuple[int, ...], h: int, lg: int) -> tuple[bool, ...]:
        return tuple(bool(h & m) and bool(lg & m) for m in t_zones)

    assert rule == rep_rule
    assert legal_zones(trick.zones, hand, legal) == legal_zones(rep.zones, rep_hand, rep_legal)
    for m in trick.zones:  # legal cards are whole zones of the hand
        assert legal & hand & m in (0, hand & m)


# -- bad laws: located, with a hint ------------------------------------------------


@pytest.mark.parametrize(
    ("when", "then", "message", "where"),
    [
        (
            ["void", "partner_winnig"],
            {"may": "any"},
            "unknown premise: 'partner_winnig' (did you mean 'partner_winning'?)",
            ("when", 1),
        ),
        (
            ["void"],
            {"mus": "any"},
            "unknown conclusion: 'mus' (did you mean 'must'?)",
            ("then", "mus"),
        ),
        (
            ["void"],
            {"must": "trump"},
            "unknown class: 'trump' (did you mean 'trumps'?)",
            ("then", "must"),
        ),
        (
            ["void"],
            {"rule": "overtrumps"},
            "unknown rule: 'overtrumps' (did you mean 'overtrump'?)",
            ("then", "rule"),
        ),
        (
            ["can_follow", "void"],
            {"may": "any"},
            "no position satisfies: can_follow and void",
            ("when",),
        ),
        (
            ["leading", "not following", "partner_winning"],
            {"may": "any"},
            "no position satisfies: leading and not following and partner_winning",
            ("when",),
        ),
    ],
)
def test_bad_law_is_refused_with_a_located_message(
    when: list[str], then: dict[str, str], message: str, where: tuple[str | int, ...]
) -> None:
    with pytest.raises(LawError) as caught:
        PlayLaw.parse(trump="suit", when=when, then=then)
    assert str(caught.value) == message
    assert caught.value.where == where


def test_trump_led_means_nothing_with_no_trump() -> None:
    with pytest.raises(LawError) as caught:
        PlayLaw.parse(trump="none", when=["trump_led"], then={"may": "any"})
    assert str(caught.value) == "premise trump_led means nothing with trump: none"
    assert caught.value.where == ("when", 0)


def test_plain_class_means_nothing_with_all_trump() -> None:
    with pytest.raises(LawError) as caught:
        PlayLaw.parse(trump=["suit", "all"], when=["void"], then={"may": "plain"})
    assert str(caught.value) == "class plain means nothing with trump: all"


def test_unknown_trump_kind_is_refused_with_a_hint() -> None:
    with pytest.raises(LawError) as caught:
        PlayLaw.parse(trump="hearts", when=["void"], then={"may": "any"})
    assert str(caught.value) == "unknown trump: 'hearts' (expected one of suit, none, all)"


def test_premises_nothing_satisfies_under_one_kind_name_it() -> None:
    with pytest.raises(LawError) as caught:
        PlayLaw.parse(
            trump=["suit", "all"], when=["following", "not trump_led"], then={"may": "any"}
        )
    assert str(caught.value) == "no position satisfies: following and not trump_led with trump: all"


# -- deal laws ----------------------------------------------------------------------

ALL_KINDS = ["suit", "none", "all"]


VARIANTS = scoring_variants()


def test_scoring_variants_set_each_scoring_knob_to_each_value() -> None:
    assert VARIANTS["house, belote: imprenable"] == HOUSE.with_knobs(belote="imprenable")
    assert VARIANTS["ffb_belote"] == PRESETS["ffb_belote"]
    assert len(VARIANTS) == 27  # 3 presets, each with 2 + 2 + 1 + 2 + 1 other values


def test_card_points_total_152_except_at_all_trump_on_the_ffb_2016_scale() -> None:
    result = check_deal_law(DealLaw.parse(trump=ALL_KINDS, then=["card_points_152"]))
    ratio = {name for name, rules in VARIANTS.items() if rules.all_trump_points == "ffb2016_ratio"}
    assert result.holds_under == set(VARIANTS) - ratio
    for outcome in result.outcomes:
        assert outcome.deals >= DEAL_SAMPLES
    suits = check_deal_law(DealLaw.parse(trump=["suit", "none"], then=["card_points_152"]))
    assert suits.holds_under == set(VARIANTS)


def test_points_162_with_the_last_trick_or_the_capot_value() -> None:
    law = DealLaw.parse(trump=ALL_KINDS, then=["points_162_or_capot"])
    assert check_deal_law(law).holds_under == set(VARIANTS)
    capot = DealLaw.parse(trump=ALL_KINDS, when=["capot"], then=["points_162_or_capot"])
    result = check_deal_law(capot)
    assert result.holds_under == set(VARIANTS)
    assert result["house, capot_points: 250"].matching > 0


def test_a_made_contract_scores_each_team_its_own_points() -> None:
    law = DealLaw.parse(trump=ALL_KINDS, when=["made"], then=["made_scores_own"])
    result = check_deal_law(law)
    assert result.holds_under == set(VARIANTS)
    assert all(0 < o.matching < o.deals for o in result.outcomes)


def test_a_failed_contract_scores_the_takers_zero_and_the_defenders_all() -> None:
    law = DealLaw.parse(
        trump=ALL_KINDS, when=["failed"], then=["failed_takers_zero", "failed_defenders_all"]
    )
    assert check_deal_law(law).holds_under == set(VARIANTS)


def test_failed_takers_score_nothing_but_their_belote_where_it_is_imprenable() -> None:
    law = DealLaw.parse(trump="suit", when=["failed", "takers_belote"], then=["failed_takers_zero"])
    result = check_deal_law(law)
    assert result.holds_under == set(VARIANTS)
    assert result["house, belote: imprenable"].matching > 0


def test_a_litige_is_neither_made_nor_failed() -> None:
    law = DealLaw.parse(trump=ALL_KINDS, when=["litige"], then=["made"])
    result = check_deal_law(law, {"house, tie: litige": VARIANTS["house, tie: litige"]})
    outcome = result["house, tie: litige"]
    assert not outcome.holds and outcome.matching > 0


def test_a_false_deal_law_fails_with_the_deal_that_refutes_it() -> None:
    law = DealLaw.parse(trump="suit", when=["takers_belote"], then=["made"])
    outcome = check_deal_law(law, {"house": HOUSE})["house"]
    assert not outcome.holds
    example = outcome.counterexample
    assert example is not None
    assert not example.deal.made
    assert any(seat.team == example.deal.taker.team for seat in example.deal.belotes)


def test_deal_law_words_are_checked() -> None:
    with pytest.raises(LawError) as caught:
        DealLaw.parse(trump="suit", when=["mad"], then=["made_scores_own"])
    assert str(caught.value) == "unknown premise: 'mad' (did you mean 'made'?)"
    with pytest.raises(LawError) as caught:
        DealLaw.parse(trump="none", when=["belote"], then=["made_scores_own"])
    assert str(caught.value) == "premise belote means nothing with trump: none"
    with pytest.raises(LawError) as caught:
        DealLaw.parse(trump="suit", when=["made", "failed"], then=["made_scores_own"])
    assert str(caught.value) == "no deal satisfies: made and failed"


def test_deal_laws_are_deterministic() -> None:
    law = DealLaw.parse(trump="suit", when=["failed"], then=["failed_takers_zero"])
    rules = {"house": HOUSE, "official": OFFICIAL}
    assert check_deal_law(law, rules, samples=200) == check_deal_law(law, rules, samples=200)


def test_sampled_positions_are_full_hands_of_distinct_cards() -> None:
    space = _space(TrumpKind.SUIT)
    rng = random.Random(3)
    sample = _positions(TrumpKind.SUIT, *PARTNER_WINNING_FREE.masks, PLAY_SAMPLES)
    keys = [(ti, hand) for ti, hands in sample for hand in hands]
    assert len(set(keys)) == len(keys) >= PLAY_SAMPLES
    for ti, hand in rng.sample(keys, 500):
        trick = space.tricks[ti].cards
        assert hand.bit_count() == 8
        assert not any(hand >> c & 1 for c in trick), [card_str(c) for c in trick]
