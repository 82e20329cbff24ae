"""Deal laws of Coinche (issue 24 item 5): the deal laws' random deals bid, maybe coinched,
and scored as Coinche deals under the Coinche presets, each law holding or failing per
preset with a deal that breaks it."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explainer.engine import (
    COINCHE_PRESETS,
    DEAL_SAMPLES,
    FFB_COINCHE,
    PRESETS,
    BidKind,
    DealLaw,
    LawError,
    Level,
    Seat,
    Trump,
    announce_all,
    check_deal_law,
    coinche_contract,
    coinche_scoring_variants,
    compare_declarations,
    declarations_in_hand,
    play_coinche_deal,
)
from explainer.engine.coinche.declarations import compare_held
from explainer.engine.laws.coinche_deal import BIDS, LEVELS, coinche_score, declarations_equal
from explainer.engine.laws.deal_check import _deals, _plays
from explainer.engine.simulate import random_hands, random_scored_deal

PRESET_NAMES = tuple(COINCHE_PRESETS)


def _law(when: list[str], then: list[str], trump: str | list[str] = "suit") -> DealLaw:
    return DealLaw.parse(trump=trump, when=when, then=then, game="coinche")


def _holds(law: DealLaw, **kw: int) -> frozenset[str]:
    return check_deal_law(law, COINCHE_PRESETS, **kw).holds_under


# -- the deals -----------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_random_deal_scores_as_the_coinche_engine_scores_its_tricks(preset: str) -> None:
    """The checker's score of each deal is the one play_coinche_deal gives the same tricks,
    the same contract and every declaration held announced."""
    rules = COINCHE_PRESETS[preset]
    for trump in (Trump.HEARTS, Trump.NONE, Trump.ALL):
        for i, deal in enumerate(_deals(trump, _plays(rules), 400)):
            facts = coinche_score(deal, i, rules)
            announced = {}
            if rules.declarations:  # every declaration held, by the engine's own search
                announced = {
                    s: tuple(
                        str(d) for d in declarations_in_hand(deal.hands[s], trump, rules=rules)
                    )
                    for s in Seat
                }
            assert announce_all(deal.hands, trump, rules) == announced
            played = play_coinche_deal(
                facts.contract,
                deal.tricks(),
                rules=rules,
                dealer=deal.leader.previous,
                announced=announced,
            )
            assert facts.score == played.scored, (trump, i)
            assert facts.final == played.score
            assert facts.capot == played.capot


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    index=st.integers(0, 16 * len(BIDS) * len(LEVELS) - 1),
    preset=st.sampled_from(PRESET_NAMES),
    trump=st.sampled_from(list(Trump)),
    surcoinche=st.sampled_from(["4", "3", "off"]),
)
def test_any_random_deal_bid_any_way_scores_as_its_tricks_do(
    seed: int, index: int, preset: str, trump: Trump, surcoinche: str
) -> None:
    """Whatever the deal, contract and rule set: the deal law's Coinche score is the
    Coinche engine's for the same tricks, and the total points add up as the deal's do."""
    rules = COINCHE_PRESETS[preset].with_knobs(surcoinche=surcoinche)
    deal = random_scored_deal(random.Random(seed), trump, _plays(rules), taker=Seat(index & 3))
    facts = coinche_score(deal, index, rules)
    played = play_coinche_deal(
        facts.contract,
        deal.tricks(),
        rules=rules,
        dealer=deal.leader.previous,
        announced=announce_all(deal.hands, trump, rules),
    )
    assert facts.score == played.scored
    assert facts.card_points == played.card_points
    assert facts.contract.level <= (Level.COINCHE if surcoinche == "off" else Level.SURCOINCHE)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    card_reuse=st.sampled_from(["no", "yes"]),
    carre_vs_cent=st.sampled_from(["carre", "cent", "equal"]),
    low_carres=st.sampled_from(["nothing", "eights_void", "sevens_annul"]),
    no_trump_carres=st.sampled_from(["ffb", "britannica"]),
    declaration_tie=st.sampled_from(["nobody", "first_announced"]),
)
def test_the_deal_laws_compare_held_declarations_as_compare_declarations_does(
    seed: int,
    card_reuse: str,
    carre_vs_cent: str,
    low_carres: str,
    no_trump_carres: str,
    declaration_tie: str,
) -> None:
    """compare_held (the deal laws' comparison of every declaration held, neither read
    from text nor checked against the hands) gives what compare_declarations gives the
    same declarations announced as text with the hands, on seeded deals of every trump."""
    rules = FFB_COINCHE.with_knobs(
        card_reuse=card_reuse,
        carre_vs_cent=carre_vs_cent,
        low_carres=low_carres,
        no_trump_carres=no_trump_carres,
        declaration_tie=declaration_tie,
    )
    rng = random.Random(seed)
    for i in range(40):
        hands = random_hands(rng)
        trump, dealer = Trump(i % 6), Seat(i >> 3 & 3)
        held = tuple(declarations_in_hand(hands[s], trump, rules=rules) for s in Seat)
        written = {s: [str(d) for d in held[s]] for s in Seat}
        expected = compare_declarations(
            written, trump=trump, dealer=dealer, hands=hands, rules=rules
        )
        assert compare_held(held, trump=trump, dealer=dealer, rules=rules) == expected


def test_declarations_equal_is_the_text_comparisons_tie_read_once_per_deal() -> None:
    """declarations_equal (kept per deal) is true exactly where both teams announce and
    compare_declarations of the announced text, ties to nobody, finds no best seat; the
    same deals asked again read the same answers."""
    rules = FFB_COINCHE.with_knobs(declarations="on", declaration_tie="nobody")
    deals = _deals(Trump.HEARTS, _plays(COINCHE_PRESETS["ffb_coinche"]), 600)
    expected = []
    for d in deals:
        announced = announce_all(d.hands, d.trump, rules)
        both = all(announced[Seat(t)] or announced[Seat(t + 2)] for t in (0, 1))
        compared = compare_declarations(
            announced, trump=d.trump, dealer=d.leader.previous, hands=d.hands, rules=rules
        )
        expected.append(both and compared.best is None)
    assert [declarations_equal(d) for d in deals] == expected
    assert [declarations_equal(d) for d in deals] == expected
    assert 0 < sum(expected) < len(expected)


def test_the_deals_meet_every_bid_and_level_with_every_taker() -> None:
    rules = COINCHE_PRESETS["ffb_coinche"]
    deals = _deals(Trump.HEARTS, _plays(rules), 16 * len(BIDS) * len(LEVELS))
    met = Counter(
        (c.taker, c.bid, c.level)
        for i, d in enumerate(deals)
        for c in [coinche_contract(d, i, rules)]
    )
    assert set(met) == {(s, b, lv) for s in Seat for b in BIDS for lv in LEVELS}


def test_a_level_the_auction_forbids_is_lowered() -> None:
    deal = random_scored_deal(random.Random(1), Trump.SPADES, taker=Seat.E)
    capot_coinched = 16 * (len(BIDS) + len(BIDS) - 1)  # the capot, second level
    pagat = COINCHE_PRESETS["pagat_coinche"]
    assert coinche_contract(deal, capot_coinched, pagat).bid == BidKind.CAPOT
    assert coinche_contract(deal, capot_coinched, pagat).level is Level.NONE  # cannot be coinched
    ffb = COINCHE_PRESETS["ffb_coinche"]
    assert coinche_contract(deal, capot_coinched, ffb).level is Level.COINCHE
    eighty_surcoinched = 16 * 2 * len(BIDS)
    assert coinche_contract(deal, eighty_surcoinched, ffb).level is Level.SURCOINCHE
    no_surcoinche = ffb.with_knobs(surcoinche="off")
    assert coinche_contract(deal, eighty_surcoinched, no_surcoinche).level is Level.COINCHE
    no_eighty = ffb.with_knobs(coinche_80="no")
    assert coinche_contract(deal, eighty_surcoinched, no_eighty).level is Level.NONE


# -- the laws, preset by preset -------------------------------------------------------


def test_a_coinche_deal_law_is_checked_on_ten_thousand_deals_per_preset() -> None:
    result = check_deal_law(_law([], ["card_points_152"]), COINCHE_PRESETS)
    assert [o.preset for o in result.outcomes] == list(PRESET_NAMES)
    assert all(o.deals == DEAL_SAMPLES and o.matching == o.deals for o in result.outcomes)
    assert result.holds_under == set(PRESET_NAMES)


def test_the_card_points_add_up_to_152_but_on_the_contree_all_trump_scale() -> None:
    law = _law([], ["card_points_152"], trump=["suit", "none", "all"])
    assert _holds(law, samples=900) == {"ffb_coinche", "pagat_coinche"}


def test_a_tie_fails_only_under_ffb_coinche() -> None:
    result = check_deal_law(_law(["tie"], ["failed"]), COINCHE_PRESETS)
    assert result.holds_under == {"ffb_coinche"}
    for preset in ("ffb_contree", "pagat_coinche"):
        cx = result[preset].counterexample
        assert cx is not None and cx.coinche is COINCHE_PRESETS[preset]
        assert cx.contract is not None and cx.contract.taker == cx.deal.taker


def test_the_takers_keep_their_belote_on_a_failed_contract_but_under_ffb_contree() -> None:
    law = _law(["failed", "takers_belote"], ["takers_keep_belote"])
    assert _holds(law) == {"ffb_coinche", "pagat_coinche"}


def test_a_defenders_belote_counts_but_under_pagat() -> None:
    assert _holds(_law(["king_queen"], ["belote_each_pair"])) == {"ffb_coinche", "ffb_contree"}


def test_a_coinched_contracts_winner_takes_all_but_under_pagat() -> None:
    result = check_deal_law(_law(["coinched"], ["winner_takes_all"]), COINCHE_PRESETS)
    assert result.holds_under == {"ffb_coinche", "ffb_contree"}
    cx = result["pagat_coinche"].counterexample
    assert cx is not None and cx.contract is not None
    assert cx.contract.level is not Level.NONE


def test_a_coinched_contract_scored_as_uncoinched_breaks_winner_takes_all() -> None:
    law = _law(["coinched"], ["winner_takes_all"])
    rules = {"ffb": COINCHE_PRESETS["ffb_coinche"].with_knobs(coinche_scoring="as_uncoinched")}
    assert check_deal_law(law, rules, samples=2000).holds_under == set()


def test_a_capot_counts_252_but_under_pagat() -> None:
    assert _holds(_law(["capot", "made"], ["capot_252"])) == {"ffb_coinche", "ffb_contree"}


def test_a_defences_capot_scores_160_and_the_bid_unless_it_scores_its_own_points() -> None:
    law = _law(["capot", "failed"], ["defence_capot_160"])
    assert _holds(law) == set(PRESET_NAMES)
    own = {n: r.with_knobs(defence_capot="own_points") for n, r in COINCHE_PRESETS.items()}
    result = check_deal_law(law, own)
    assert result.holds_under == set()
    cx = result["ffb_coinche"].counterexample
    assert cx is not None and cx.contract is not None
    assert cx.contract.level is Level.NONE and isinstance(cx.contract.bid, int)
    assert {w.team for w in cx.deal.winners} == {cx.deal.taker.team.other}


def test_declarations_score_only_where_they_are_played() -> None:
    law = _law(["declaration", "not declarations_equal"], ["declarations_scored"])
    assert _holds(law) == {"ffb_coinche"}
    played = {"pagat": COINCHE_PRESETS["pagat_coinche"].with_knobs(declarations="on")}
    assert check_deal_law(law, played).holds_under == {"pagat"}


def test_two_equal_best_declarations_score_for_nobody_under_ffb_coinche() -> None:
    law = _law(["declarations_equal"], ["declarations_scored"])
    result = check_deal_law(law, COINCHE_PRESETS)
    assert result["ffb_coinche"].matching > 0
    assert result.holds_under == set()
    first = {"first": COINCHE_PRESETS["ffb_coinche"].with_knobs(declaration_tie="first_announced")}
    assert check_deal_law(law, first).holds_under == {"first"}


def test_coinche_deal_laws_are_deterministic() -> None:
    law = _law(["coinched"], ["winner_takes_all"])
    assert check_deal_law(law, COINCHE_PRESETS, samples=300) == check_deal_law(
        law, COINCHE_PRESETS, samples=300
    )


# -- the rule sets and the words ------------------------------------------------------


def test_the_default_rule_sets_are_each_preset_and_each_scoring_value() -> None:
    variants = coinche_scoring_variants(["defence_capot", "belote"])
    assert list(variants)[:3] == ["ffb_coinche", "ffb_coinche, defence_capot: own_points",
                                  "ffb_coinche, belote: prenable"]  # fmt: skip
    assert variants["pagat_coinche, belote: imprenable"].belote == "imprenable"
    assert len(variants) == 3 * (1 + 1 + 2)


def test_a_coinche_law_under_a_classic_rule_set_is_refused() -> None:
    with pytest.raises(LawError, match="rule set 'house' is not one of game: coinche"):
        check_deal_law(_law(["made"], ["card_points_152"]), {"house": PRESETS["house"]})
    classic = DealLaw.parse(trump="suit", then=["card_points_152"])
    with pytest.raises(LawError, match="not one of game: belote"):
        check_deal_law(classic, {"ffb_coinche": COINCHE_PRESETS["ffb_coinche"]})


@pytest.mark.parametrize(
    ("game", "when", "then", "message"),
    [
        ("coinche", [], ["made_scores_own"], "made_scores_own is a word of belote deal laws"),
        ("coinche", [], ["points_162_or_capot"], "points_162_or_capot is a word of belote"),
        ("belote", ["coinched"], ["made"], "coinched is a word of coinche deal laws"),
        ("belote", [], ["winner_takes_all"], "winner_takes_all is a word of coinche"),
    ],
)
def test_a_word_of_the_other_game_is_refused_where_it_stands(
    game: str, when: list[str], then: list[str], message: str
) -> None:
    with pytest.raises(LawError, match=message) as caught:
        DealLaw.parse(trump="suit", when=when, then=then, game=game)
    assert caught.value.where == (("when", 0) if when else ("then", 0))
