"""Match laws (issue 28): statements about whole classic matches, parsed with each problem
at its place, checked over random matches made of the deal laws' deals, each word on
hand-made matches at its edge, the shortest failing end of a match as a ``kind: match``
scenario that ``explainer check`` passes, and a Hypothesis property of :func:`play_match`
(it takes the deals of one match and no more).

The tests share the process's deal streams and scored deals, with each other and with the
deal laws' tests (tests/engine/test_laws.py scores the same 10 000 suit deals under the same
scoring variants): scoring them afresh for each test was most of this file's time. A
stream's deals and a law's outcome do not depend on what was played before: the test of
laws sharing their matches checks each law again from empty streams, and
tests/engine/test_play_ahead.py the deal laws played together or apart."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explainer.check import run_check
from explainer.engine import (
    MATCH_KNOBS,
    PRESETS,
    LawError,
    MatchConclusion,
    MatchCounterexample,
    MatchDeal,
    MatchLaw,
    MatchPremise,
    Seat,
    Team,
    TrumpKind,
    check_match_law,
    match_counterexample_yaml,
    match_rules,
    match_variants,
    run_match,
    scoring_variants,
)
from explainer.engine.coinche.match import play_match
from explainer.engine.laws import deal_check as D
from explainer.engine.laws import match_check as M

HOUSE = PRESETS["house"]
FFB = PRESETS["ffb_belote"]
PAGAT = PRESETS["pagat_belote"]
THREE = {"house": HOUSE, "ffb_belote": FFB, "pagat_belote": PAGAT}
C = MatchConclusion
P = MatchPremise


def test_a_match_law_is_parsed_into_its_kinds_premises_and_conclusions() -> None:
    law = MatchLaw.parse(
        trump=["suit", "all", "suit"],
        when=["not both_reach", "litige"],
        then=["one_winner", "points_add_up", "both_reach"],
    )
    assert law.kinds == (TrumpKind.SUIT, TrumpKind.ALL)
    assert law.when == ((P.BOTH_REACH, True), (P.LITIGE, False))
    assert law.then == (C.ONE_WINNER, C.POINTS_ADD_UP, P.BOTH_REACH)
    assert law.game == "belote"


def test_a_match_laws_problems_are_each_named_with_its_place() -> None:
    law, problems = MatchLaw.parse_all(
        trump=["suit", "sans"], when=["both", "not  litige x"], then=["winner", "made"]
    )
    assert law is None
    assert [(str(p), p.where) for p in problems] == [
        ("unknown trump: 'sans' (expected one of suit, none, all)", ("contract", "trump", 1)),
        ("unknown premise: 'both' (expected one of both_reach, litige)", ("when", 0)),
        (
            "unknown premise: 'not  litige x' (did you mean 'litige'?)",
            ("when", 1),
        ),
        (
            "unknown conclusion: 'winner' (did you mean 'one_winner'?)",
            ("then", 0),
        ),
        (
            "unknown conclusion: 'made' (expected one of one_winner, winner_ahead,"
            " points_add_up, both_reach, litige)",
            ("then", 1),
        ),
    ]


def test_a_match_law_needs_a_contract_and_a_conclusion() -> None:
    with pytest.raises(LawError, match="a law needs a contract") as e:
        MatchLaw.parse(trump=[], then=["one_winner"])
    assert e.value.where == ("contract", "trump")
    with pytest.raises(LawError, match="a law needs a conclusion") as e:
        MatchLaw((TrumpKind.SUIT,), (), ())
    assert e.value.where == ("then",)


def test_match_variants_are_the_scoring_variants_and_each_other_value_of_each_match_knob() -> None:
    variants = match_variants()
    assert MATCH_KNOBS == ("target", "both_reach", "rounding")
    assert set(scoring_variants()) < set(variants)
    extra = [name for name in variants if name not in scoring_variants()]
    assert extra[:4] == [
        "house, target: 501",
        "house, target: 2000",
        "house, both_reach: draw",
        "house, rounding: half_up",
    ]
    assert variants["pagat_belote, both_reach: higher_total"].both_reach == "higher_total"
    assert len(extra) == 12  # three presets, two targets, one both_reach, one rounding


def _match(deals: list[MatchDeal], rules=HOUSE, start=(0, 0)) -> M._Match:  # type: ignore[no-untyped-def]
    return M._play(deals, Seat.N, start, match_rules(rules))


def test_one_winner_is_false_of_a_draw_and_of_a_match_that_has_not_ended() -> None:
    both = MatchDeal((90, 72), made=Team.NS)
    assert M._holds(C.ONE_WINNER, _match([both], HOUSE, (950, 980)))
    drawn = _match([both], PAGAT, (950, 980))
    assert drawn.result.drawn
    assert not M._holds(C.ONE_WINNER, drawn)
    assert M._holds(C.WINNER_AHEAD, drawn)  # nobody won: nobody won behind
    short = _match([MatchDeal((82, 80), made=Team.NS)])
    assert not M._holds(C.ONE_WINNER, short)


def test_both_reach_is_both_totals_at_the_target_and_litige_a_deal_holding_points() -> None:
    assert _match([MatchDeal((90, 72), made=Team.NS)], HOUSE, (950, 928)).facts == {P.BOTH_REACH}
    assert _match([MatchDeal((90, 72), made=Team.NS)], HOUSE, (950, 927)).facts == set()
    held = [MatchDeal((81, 0), held=81), MatchDeal((162, 0), made=Team.NS)]
    assert _match(held, FFB).facts == {P.LITIGE}


def test_points_add_up_counts_held_points_and_fails_where_a_score_is_rounded() -> None:
    held = _match([MatchDeal((81, 0), held=81), MatchDeal((100, 62), made=Team.NS)], FFB)
    assert held.result.totals == (262, 62)
    assert M._holds(C.POINTS_ADD_UP, held)
    still = _match([MatchDeal((81, 0), held=81)], FFB, (10, 20))
    assert still.result.held == 81 and M._holds(C.POINTS_ADD_UP, still)
    rounded = _match([MatchDeal((84, 78), made=Team.NS)], HOUSE.with_knobs(rounding="half_up"))
    assert rounded.result.totals == (80, 80)
    assert not M._holds(C.POINTS_ADD_UP, rounded)


def test_a_winner_ahead_is_a_winner_with_the_higher_total() -> None:
    win = _match([MatchDeal((162, 0), made=Team.NS)], HOUSE, (900, 0))
    assert win.result.winner is Team.NS and M._holds(C.WINNER_AHEAD, win)


def test_a_match_that_never_ends_is_cut_short_after_its_deals() -> None:
    (match,) = M._matches([MatchDeal((0, 0), made=Team.NS)], match_rules(HOUSE), 1)
    assert len(match.deals) == M.MATCH_DEALS
    assert match.result.ended_at is None


def test_matches_follow_each_other_through_the_stream_and_read_it_round() -> None:
    stream = [MatchDeal((500, 0), made=Team.NS), MatchDeal((0, 300), made=Team.EW)] * 2
    stream.append(MatchDeal((600, 0), made=Team.NS))
    matches = M._matches(stream, match_rules(HOUSE), 3)
    assert [len(m.deals) for m in matches] == [3, 3, 4]
    assert [m.dealer for m in matches] == [Seat.N, Seat.E, Seat.S]
    # the second match starts at the stream's fourth deal and reads it round
    assert matches[1].deals == (stream[3], stream[4], stream[0])
    assert matches[2].deals == tuple(stream[1:5])


def test_the_stream_takes_the_laws_kinds_in_turn() -> None:
    stream = M._stream((TrumpKind.SUIT, TrumpKind.NONE), HOUSE)
    per_kind = -(-D.DEAL_SAMPLES // 2)
    suit = D._scored(TrumpKind.SUIT.trump, HOUSE, per_kind)
    none = D._scored(TrumpKind.NONE.trump, HOUSE, per_kind)
    assert stream[:2] == [M._match_deal(suit[0]), M._match_deal(none[0])]
    assert len(stream) == 2 * per_kind


def test_a_scored_deal_is_made_failed_or_held_by_its_takers() -> None:
    deals = D._scored(TrumpKind.SUIT.trump, FFB, 400)
    seen = set()
    for s in deals:
        d = M._match_deal(s)
        takers = Team(s.deal.taker & 1)
        assert d.score == s.score.score and d.held == s.score.held
        if s.score.made:
            assert (d.made, d.failed) == (takers, None)
            seen.add("made")
        elif s.score.held:
            assert (d.made, d.failed) == (None, None)
            seen.add("held")
        else:
            assert (d.made, d.failed) == (None, takers)
            seen.add("failed")
    assert seen == {"made", "failed", "held"}


def test_the_match_laws_hold_where_the_rules_say_and_one_winner_fails_under_pagat() -> None:
    law = MatchLaw.parse(trump="suit", then=["one_winner", "winner_ahead", "points_add_up"])
    result = check_match_law(law, THREE, samples=300)
    assert result.holds_under == {"house", "ffb_belote"}
    pagat = result["pagat_belote"]
    assert (pagat.matches, pagat.matching) == (300, 300)
    assert pagat.deals > 300 * 5
    cx = pagat.counterexample
    assert cx is not None and cx.conclusion is C.ONE_WINNER and cx.rules is PAGAT
    assert len(cx.deals) == 1  # the deal that took both teams over 1000, from before it
    end = run_match(cx.deals, dealer=cx.dealer, start=cx.start, rules=PAGAT)
    assert end.drawn and min(end.totals) >= 1000


def test_points_add_up_fails_only_where_a_variant_rounds() -> None:
    law = MatchLaw.parse(trump="suit", then=["points_add_up"])
    rule_sets = {
        "ffb_belote": FFB,
        "ffb_belote, rounding: half_up": FFB.with_knobs(rounding="half_up"),
    }
    result = check_match_law(law, rule_sets, samples=50)
    assert result.holds_under == {"ffb_belote"}
    cx = result["ffb_belote, rounding: half_up"].counterexample
    assert cx is not None and cx.rules == rule_sets["ffb_belote, rounding: half_up"]


def test_premises_choose_the_matches_and_a_claimed_premise_can_be_false() -> None:
    law = MatchLaw.parse(trump="suit", when=["litige"], then=["points_add_up"])
    result = check_match_law(law, {"ffb_belote": FFB, "house": HOUSE}, samples=200)
    assert 0 < result["ffb_belote"].matching < 200  # some matches hold a litige
    assert result["house"].matching == 0  # house has no litige
    claim = MatchLaw.parse(trump="suit", then=["both_reach"])
    assert not check_match_law(claim, {"house": HOUSE}, samples=50)["house"].holds


def test_match_laws_of_one_kind_share_their_matches_and_each_gives_what_it_gives_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    laws = [MatchLaw.parse(trump="suit", then=[c]) for c in ("one_winner", "points_add_up")]
    monkeypatch.setattr(M, "_STREAMS", {})
    monkeypatch.setattr(M, "_PLAYED", {})
    together = [check_match_law(law, THREE, samples=60) for law in laws]
    assert len(M._PLAYED) == 3  # one set of matches per rule set, read by both laws
    for law, shared in zip(laws, together, strict=True):
        for name in ("_DEAL_POOLS", "_SCORED", "_HELD"):
            monkeypatch.setattr(D, name, {})
        monkeypatch.setattr(M, "_STREAMS", {})
        monkeypatch.setattr(M, "_PLAYED", {})
        assert check_match_law(law, THREE, samples=60) == shared


def test_the_default_rule_sets_are_the_match_variants() -> None:
    law = MatchLaw.parse(trump="suit", then=["winner_ahead"])
    result = check_match_law(law, samples=20)  # MatchLaw's example, under every rule set
    assert [o.preset for o in result.outcomes] == list(match_variants())
    assert result.holds_under == set(match_variants())


def test_rule_sets_that_score_and_add_up_alike_share_their_outcome() -> None:
    law = MatchLaw.parse(trump="suit", then=["one_winner"])
    same = {"a": PAGAT, "b": PAGAT.with_knobs(all_trump_points="ffb2015")}
    a, b = check_match_law(law, same, samples=100).outcomes
    assert (a.holds, a.matches, a.matching, a.deals) == (b.holds, b.matches, b.matching, b.deals)
    assert a.counterexample is not None and b.counterexample is not None
    assert (a.counterexample.rules, b.counterexample.rules) == (same["a"], same["b"])


def test_the_counterexample_is_a_match_scenario_that_check_passes(tmp_path: Path) -> None:
    rules = HOUSE.with_knobs(both_reach="draw")
    deals = (MatchDeal((90, 72), made=Team.NS), MatchDeal((0, 162), failed=Team.NS, capot=None))
    cx = MatchCounterexample(rules, Seat.S, (900, 800), deals, C.ONE_WINNER)
    text = match_counterexample_yaml(cx)
    assert text == (
        "kind: match\n"
        "game: belote\n"
        "rules: {preset: house, both_reach: draw}\n"
        "dealer: S\n"
        "start: {NS: 900, EW: 800}\n"
        "deals: [{score: {NS: 90, EW: 72}, made: NS}, {score: {NS: 0, EW: 162}, failed: NS}]\n"
        "expect: {totals: {NS: 990, EW: 1034}, winner: EW}\n"
    )
    path = tmp_path / "cx.yaml"
    path.write_text("id: cx\n" + text, encoding="utf-8")
    assert run_check([path]) == 0


def test_a_counterexample_with_held_points_and_a_draw_says_so(tmp_path: Path) -> None:
    deals = (MatchDeal((81, 0), held=81), MatchDeal((0, 0), capot=Team.EW, made=Team.EW))
    cx = MatchCounterexample(FFB.with_knobs(both_reach="draw"), Seat.N, (10, 20), deals,
                             C.POINTS_ADD_UP)  # fmt: skip
    text = match_counterexample_yaml(cx)
    assert "deals: [{score: {NS: 81, EW: 0}, held: 81}, {score: {NS: 0, EW: 0}, capot: EW," in text
    assert text.endswith("expect: {totals: {NS: 91, EW: 101}, winner: none}\n")
    still = MatchCounterexample(FFB, Seat.N, (10, 20), deals[:1], C.POINTS_ADD_UP)
    assert match_counterexample_yaml(still).endswith(
        "expect: {totals: {NS: 91, EW: 20}, winner: none, held: 81}\n"
    )
    drawn = MatchCounterexample(PAGAT, Seat.N, (950, 980), (MatchDeal((90, 72), made=Team.NS),),
                                C.ONE_WINNER)  # fmt: skip
    assert match_counterexample_yaml(drawn).endswith("winner: none, drawn: true}\n")
    path = tmp_path / "cx.yaml"
    path.write_text("id: cx\n" + match_counterexample_yaml(drawn), encoding="utf-8")
    assert run_check([path]) == 0


def test_the_shortest_failing_end_starts_after_any_held_points() -> None:
    law = MatchLaw.parse(trump="suit", then=["one_winner"])
    deals = (
        MatchDeal((500, 400), made=Team.NS),
        MatchDeal((81, 0), held=81),
        MatchDeal((430, 520), made=Team.EW),
    )
    match = _match(list(deals), FFB.with_knobs(both_reach="draw"))
    assert match.result.drawn
    cx = M._shortest(law, C.ONE_WINNER, match, FFB.with_knobs(both_reach="draw"))
    assert (cx.start, cx.deals) == ((500, 400), deals[1:])  # not from the held deal's end


DEAL = st.builds(
    lambda ns, ew, made: MatchDeal((ns, ew), made=Team(made)),
    st.integers(0, 262),
    st.integers(0, 262),
    st.integers(0, 1),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(DEAL, max_size=40), st.sampled_from(sorted(THREE)))
def test_play_match_takes_the_deals_of_one_match_and_no_more(deals, preset) -> None:  # type: ignore[no-untyped-def]
    rules = THREE[preset]
    result = play_match(iter(deals), dealer=Seat.W, rules=rules)
    taken = len(result.history)
    assert result == run_match(deals[:taken], dealer=Seat.W, rules=rules)
    if result.ended_at is None:
        assert taken == len(deals)
    else:
        assert result.ended_at == taken - 1
