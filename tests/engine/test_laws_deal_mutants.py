"""Deal laws on few deals (issue 16: ``laws``' deal-law mutants): each parse problem's whole
message and place, each premise and conclusion on hand-made scores at the edge of its
equation, the seeded streams of deals (the same deals whichever streams are played
together), each deal scored under each rule set as if played under it, and
:func:`check_deal_law`'s counts and counterexamples on a few dozen deals.

Each test starts from empty deal streams, so that what it checks does not depend on the
tests run before it."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from explainer.engine import (
    HOUSE,
    KNOBS,
    PRESETS,
    DealConclusion,
    DealCounterexample,
    DealLaw,
    DealOutcome,
    DealPremise,
    LawError,
    RuleSet,
    Seat,
    Team,
    Trump,
    TrumpKind,
    check_deal_law,
    scoring_variants,
)
from explainer.engine.deal import DealScore, score_deal
from explainer.engine.errors import EngineError
from explainer.engine.laws import deal_check as L
from explainer.engine.simulate import RandomDeal, random_scored_deals

FFB = PRESETS["ffb_belote"]
PAGAT = PRESETS["pagat_belote"]
C = DealConclusion
P = DealPremise


@pytest.fixture(autouse=True)
def _fresh_streams(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(L, "_DEAL_POOLS", {})
    monkeypatch.setattr(L, "_SCORED", {})


def _stream(trump: Trump, rules: RuleSet, count: int) -> list[RandomDeal]:
    """The deals a stream must hold: played one by one from ``SEED + trump``, the taker
    turning every deal and the first leader every four."""
    rng = random.Random(L.SEED + trump)
    return [
        random_scored_deals(rng, trump, (rules,), taker=Seat(i % 4), leader=Seat(i // 4 % 4))[0]
        for i in range(count)
    ]


def _play(deal: RandomDeal) -> tuple[object, ...]:
    """A deal as played (cards, winners, card points, taker, leader), its rule set aside."""
    return (deal.cards, deal.winners, deal.card_points, deal.taker, deal.leader, deal.belotes)


# -- parse ------------------------------------------------------------------------------

PREMISES = "made, failed, litige, capot, belote, takers_belote, tie, king_queen, declaration"
CONCLUSIONS = (
    "card_points_152, points_162_or_capot, made_scores_own, failed_takers_zero,"
    " failed_defenders_all, takers_keep_belote, capot_252, belote_each_pair,"
    " declarations_scored, " + PREMISES
)


@pytest.mark.parametrize(
    ("trump", "when", "then", "problems"),
    [
        ([], [], ["card_points_152"], [("a law needs a contract", ("contract", "trump"))]),
        ("suit", ["made"], [], [("a law needs a conclusion", ("then",))]),
        (
            ["suit", "none"],
            ["made", "takers_belote"],
            ["made"],
            [("premise takers_belote means nothing with trump: none", ("when", 1))],
        ),
        (
            ["all", "suit"],
            ["belote"],
            ["made"],
            [("premise belote means nothing with trump: all", ("when", 0))],
        ),
        (
            "suit",
            ["made", "failed"],
            ["capot"],
            [("no deal satisfies: made and failed", ("when",))],
        ),
        (
            "suit",
            ["capot", "not mad"],
            ["made"],
            [(f"unknown premise: 'not mad' (expected one of {PREMISES})", ("when", 1))],
        ),
        (
            "suit",
            ["maybe made"],
            ["made"],
            [(f"unknown premise: 'maybe made' (expected one of {PREMISES})", ("when", 0))],
        ),
        (
            "suit",
            ["not made now"],
            ["made"],
            [(f"unknown premise: 'not made now' (expected one of {PREMISES})", ("when", 0))],
        ),
        (
            "suit",
            ["faild"],
            ["made"],
            [("unknown premise: 'faild' (did you mean 'failed'?)", ("when", 0))],
        ),
        (
            "suit",
            [],
            ["made", "zzz"],
            [(f"unknown conclusion: 'zzz' (expected one of {CONCLUSIONS})", ("then", 1))],
        ),
        (
            "suit",
            [],
            ["made_score_own"],
            [
                (
                    "unknown conclusion: 'made_score_own' (did you mean 'made_scores_own'?)",
                    ("then", 0),
                )
            ],
        ),
        (
            "hearts",
            ["zzz"],
            ["qqq"],
            [
                (
                    "unknown trump: 'hearts' (expected one of suit, none, all)",
                    ("contract", "trump"),
                ),
                (f"unknown premise: 'zzz' (expected one of {PREMISES})", ("when", 0)),
                (f"unknown conclusion: 'qqq' (expected one of {CONCLUSIONS})", ("then", 0)),
            ],
        ),
    ],
)
def test_a_deal_laws_problems_are_each_named_with_its_place(
    trump: str | list[str], when: list[str], then: list[str], problems: list[tuple[str, tuple]]
) -> None:
    law, found = DealLaw.parse_all(trump=trump, when=when, then=then)
    assert law is None
    assert [(str(p), p.where) for p in found] == problems
    with pytest.raises(LawError) as caught:
        DealLaw.parse(trump=trump, when=when, then=then)
    assert (str(caught.value), caught.value.where) == problems[0]


def test_a_deal_law_is_parsed_into_its_kinds_premises_and_conclusions() -> None:
    """Kinds once each, in order; ``not`` negates; a conclusion may be a premise."""
    law = DealLaw.parse(
        trump=["all", "suit", "all"],
        when=["made", "not capot", "not failed"],
        then=["card_points_152", "litige", "points_162_or_capot"],
    )
    assert law == DealLaw(
        (TrumpKind.ALL, TrumpKind.SUIT),
        ((P.MADE, False), (P.CAPOT, True), (P.FAILED, True)),
        (C.CARD_POINTS_152, P.LITIGE, C.POINTS_162_OR_CAPOT),
        "belote",
    )
    assert DealLaw.parse_all(trump="suit", then=["made"], game="coinche") == (
        DealLaw((TrumpKind.SUIT,), (), (P.MADE,), "coinche"),
        [],
    )
    assert DealLaw.parse(trump="none", then=["capot"], game="coinche").game == "coinche"
    law, problems = DealLaw.parse_all(trump="suit", then=["made"], game="other")
    assert law is None
    assert [str(p) for p in problems] == ["unknown game: 'other' (expected belote or coinche)"]
    assert DealLaw.parse_all(trump="none", then=["capot"])[0] == DealLaw(
        (TrumpKind.NONE,), (), (P.CAPOT,), "belote"
    )


def test_a_premise_is_its_words_split_on_white_space() -> None:
    """One word or ``not`` and one word, white space around them aside; never three."""
    law = DealLaw.parse(trump="suit", when=[" made ", "not  capot"], then=["made"])
    assert law.when == ((P.MADE, False), (P.CAPOT, True))
    law, problems = DealLaw.parse_all(trump="suit", when=["is not made", ""], then=["made"])
    assert law is None
    assert [(str(p), p.where) for p in problems] == [
        (f"unknown premise: 'is not made' (expected one of {PREMISES})", ("when", 0)),
        (f"unknown premise: '' (expected one of {PREMISES})", ("when", 1)),
    ]


def test_an_empty_trump_is_a_law_without_a_contract() -> None:
    law, problems = DealLaw.parse_all(trump="", then=["made"])
    assert law is None
    assert [(str(p), p.where) for p in problems] == [
        ("a law needs a contract", ("contract", "trump"))
    ]


@pytest.mark.parametrize(
    "when", [["not made", "failed"], ["made", "not failed"], ["not made", "not failed"]]
)
def test_made_and_failed_exclude_each_other_only_when_both_are_asked(when: list[str]) -> None:
    assert DealLaw.parse(trump="suit", when=when, then=["capot"]).when == tuple(
        (P(w.split()[-1]), w.startswith("not")) for w in when
    )


def test_belote_premises_are_refused_for_every_kind_but_a_trump_suit() -> None:
    """Negated too: ``not belote`` at no-trump would hold of every deal."""
    with pytest.raises(LawError) as caught:
        DealLaw((TrumpKind.SUIT, TrumpKind.ALL), ((P.CAPOT, False), (P.BELOTE, True)), (P.MADE,))
    assert (str(caught.value), caught.value.where) == (
        "premise belote means nothing with trump: all",
        ("when", 1),
    )
    law = DealLaw((TrumpKind.SUIT,), ((P.BELOTE, True), (P.TAKERS_BELOTE, False)), (P.MADE,))
    assert law.game == "belote"


# -- scoring variants -------------------------------------------------------------------

VARIANT_NAMES = [
    "house",
    "house, tie: failed",
    "house, tie: litige",
    "house, belote: imprenable",
    "house, belote: attack_only",
    "house, capot_points: 250",
    "house, all_trump_points: ffb2015",
    "house, all_trump_points: ffb2016_ratio",
    "house, all_trump_points: trump_values",
    "house, all_trump_belote: each_suit",
    "house, belote_bonus: off",
    "house, defenders_capot: no_bonus",
    "ffb_belote",
    "ffb_belote, tie: made",
    "ffb_belote, tie: failed",
    "ffb_belote, belote: prenable",
    "ffb_belote, belote: attack_only",
    "ffb_belote, capot_points: 250",
    "ffb_belote, all_trump_points: pagat",
    "ffb_belote, all_trump_points: ffb2015",
    "ffb_belote, all_trump_points: trump_values",
    "ffb_belote, all_trump_belote: none",
    "ffb_belote, belote_bonus: off",
    "ffb_belote, defenders_capot: no_bonus",
    "pagat_belote",
    "pagat_belote, tie: failed",
    "pagat_belote, tie: litige",
    "pagat_belote, belote: prenable",
    "pagat_belote, belote: attack_only",
    "pagat_belote, capot_points: 250",
    "pagat_belote, all_trump_points: ffb2015",
    "pagat_belote, all_trump_points: ffb2016_ratio",
    "pagat_belote, all_trump_points: trump_values",
    "pagat_belote, all_trump_belote: none",
    "pagat_belote, belote_bonus: off",
    "pagat_belote, defenders_capot: bonus",
]


def test_scoring_variants_are_each_preset_then_each_other_value_of_each_scoring_knob() -> None:
    variants = scoring_variants()
    assert list(variants) == VARIANT_NAMES
    assert scoring_variants("belote") == variants
    for name, rules in variants.items():
        preset, _, change = name.partition(", ")
        if not change:
            assert rules is PRESETS[name]
        else:
            knob, value = change.split(": ")
            assert rules == PRESETS[preset].with_knobs(**{knob: value})


def test_scoring_variants_leave_out_a_knob_of_another_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Were ``tie`` a knob of another game only, a belote law would not vary it (and the
    knobs after it would still vary)."""
    tie = replace(KNOBS["tie"], games=frozenset({"coinche"}))
    monkeypatch.setattr(L, "KNOBS", {**KNOBS, "tie": tie})
    assert list(scoring_variants()) == [n for n in VARIANT_NAMES if ", tie: " not in n]


def test_scoring_variants_of_an_unknown_game_are_refused() -> None:
    with pytest.raises(EngineError, match="unknown game: 'skat'"):
        scoring_variants("skat")


# -- facts and conclusions of one deal --------------------------------------------------


@pytest.mark.parametrize(
    ("made", "litige", "capot", "belote", "takers_belote", "facts"),
    [
        (True, False, False, False, False, {P.MADE}),
        (False, False, False, False, False, {P.FAILED}),
        (False, True, False, False, False, {P.LITIGE}),
        (True, True, False, False, False, {P.MADE, P.LITIGE}),
        (True, False, True, False, False, {P.MADE, P.CAPOT}),
        (False, False, False, True, False, {P.FAILED, P.BELOTE}),
        (True, False, False, True, True, {P.MADE, P.BELOTE, P.TAKERS_BELOTE}),
        (False, False, False, False, True, {P.FAILED, P.TAKERS_BELOTE}),
    ],
)
def test_a_deals_facts_are_the_premises_it_satisfies(
    made: bool, litige: bool, capot: bool, belote: bool, takers_belote: bool, facts: set[P]
) -> None:
    assert L._facts(made, litige, capot, belote, takers_belote) == facts


DEAL = _stream(Trump.HEARTS, HOUSE, 1)[0]


def _scored(
    taker: Seat,
    *,
    card_points: tuple[int, int] = (81, 71),
    belotes: tuple[Seat, ...] = (),
    points: tuple[int, int] = (91, 71),
    capot: Team | None = None,
    made: bool = True,
    score: tuple[int, int] | None = None,
    held: int = 0,
) -> L._Scored:
    deal = replace(DEAL, taker=taker)
    return L._scored_deal(
        deal,
        card_points,
        belotes,
        DealScore(points, capot, made, points if score is None else score, held),
    )


@pytest.mark.parametrize(
    ("taker", "belotes", "made", "held", "capot", "facts"),
    [
        (Seat.N, (), True, 0, None, {P.MADE}),
        (Seat.N, (Seat.E,), False, 0, None, {P.FAILED, P.BELOTE}),
        (Seat.N, (Seat.S,), True, 0, Team.NS, {P.MADE, P.BELOTE, P.TAKERS_BELOTE, P.CAPOT}),
        (Seat.S, (Seat.S,), True, 0, None, {P.MADE, P.BELOTE, P.TAKERS_BELOTE}),
        (Seat.S, (Seat.W,), True, 0, None, {P.MADE, P.BELOTE}),
        (Seat.E, (Seat.W,), False, 0, None, {P.FAILED, P.BELOTE, P.TAKERS_BELOTE}),
        (Seat.E, (Seat.N, Seat.E), False, 0, None, {P.FAILED, P.BELOTE, P.TAKERS_BELOTE}),
        (Seat.W, (Seat.N,), False, 81, None, {P.LITIGE, P.BELOTE}),
        (Seat.W, (), False, 0, Team.NS, {P.FAILED, P.CAPOT}),
    ],
)
def test_a_scored_deal_knows_its_facts_from_its_score_and_belotes(
    taker: Seat, belotes: tuple[Seat, ...], made: bool, held: int, capot: Team | None, facts: set[P]
) -> None:
    s = _scored(taker, belotes=belotes, made=made, held=held, capot=capot)
    assert s.facts == facts | {P.DECLARATION}  # West was dealt 9C 10C JC: a tierce
    assert (s.deal.taker, s.belotes, s.score.made, s.score.held) == (taker, belotes, made, held)


IMPRENABLE = HOUSE.with_knobs(belote="imprenable")
ATTACK = HOUSE.with_knobs(belote="attack_only")
CAPOT_250 = HOUSE.with_knobs(capot_points="250")
F = False  # a failed deal


@pytest.mark.parametrize(
    ("conclusion", "rules", "s", "holds"),
    [
        (P.CAPOT, HOUSE, _scored(Seat.N, capot=Team.NS), True),
        (P.CAPOT, HOUSE, _scored(Seat.N), False),
        (C.CARD_POINTS_152, HOUSE, _scored(Seat.N, card_points=(100, 52)), True),
        (C.CARD_POINTS_152, HOUSE, _scored(Seat.N, card_points=(100, 53)), False),
        (C.MADE_SCORES_OWN, HOUSE, _scored(Seat.N, points=(90, 72)), True),
        (C.MADE_SCORES_OWN, HOUSE, _scored(Seat.N, points=(90, 72), score=(90, 71)), False),
        # not made: the conclusion says nothing
        (C.MADE_SCORES_OWN, HOUSE, _scored(Seat.N, made=F, score=(0, 162)), True),
        (C.POINTS_162_OR_CAPOT, HOUSE, _scored(Seat.N, points=(90, 72)), True),
        (C.POINTS_162_OR_CAPOT, HOUSE, _scored(Seat.N, points=(90, 73)), False),
        (C.POINTS_162_OR_CAPOT, HOUSE, _scored(Seat.N, points=(252, 0), capot=Team.NS), True),
        (C.POINTS_162_OR_CAPOT, CAPOT_250, _scored(Seat.N, points=(0, 250), capot=Team.EW), True),
        (C.POINTS_162_OR_CAPOT, CAPOT_250, _scored(Seat.N, points=(0, 252), capot=Team.EW), False),
        (C.POINTS_162_OR_CAPOT, HOUSE, _scored(Seat.E, belotes=(Seat.W,), points=(80, 102)), True),
        (C.POINTS_162_OR_CAPOT, HOUSE, _scored(Seat.E, belotes=(Seat.W,), points=(80, 82)), False),
        # two belotes of one team (all-trump, each suit)
        (
            C.POINTS_162_OR_CAPOT,
            HOUSE,
            _scored(Seat.E, belotes=(Seat.W, Seat.E), points=(80, 122)),
            True,
        ),
        (
            C.POINTS_162_OR_CAPOT,
            HOUSE,
            _scored(Seat.E, belotes=(Seat.W, Seat.E), points=(80, 102)),
            False,
        ),
        # attack_only: the defenders' belote is not in their points
        (C.POINTS_162_OR_CAPOT, ATTACK, _scored(Seat.E, belotes=(Seat.N,), points=(80, 82)), True),
        (
            C.POINTS_162_OR_CAPOT,
            ATTACK,
            _scored(Seat.E, belotes=(Seat.N,), points=(100, 82)),
            False,
        ),
        (C.POINTS_162_OR_CAPOT, ATTACK, _scored(Seat.N, belotes=(Seat.N,), points=(100, 82)), True),
        # failed: the takers score 0, or their belote unless prenable
        (C.FAILED_TAKERS_ZERO, HOUSE, _scored(Seat.E, made=F, score=(162, 0)), True),
        (C.FAILED_TAKERS_ZERO, HOUSE, _scored(Seat.E, made=F, score=(162, 1)), False),
        (
            C.FAILED_TAKERS_ZERO,
            HOUSE,
            _scored(Seat.E, belotes=(Seat.E,), made=F, score=(182, 0)),
            True,
        ),
        (
            C.FAILED_TAKERS_ZERO,
            IMPRENABLE,
            _scored(Seat.E, belotes=(Seat.E,), made=F, score=(162, 20)),
            True,
        ),
        (
            C.FAILED_TAKERS_ZERO,
            IMPRENABLE,
            _scored(Seat.E, belotes=(Seat.E,), made=F, score=(162, 0)),
            False,
        ),
        (
            C.FAILED_TAKERS_ZERO,
            IMPRENABLE,
            _scored(Seat.E, belotes=(Seat.N,), made=F, score=(182, 0)),
            True,
        ),
        (
            C.FAILED_TAKERS_ZERO,
            IMPRENABLE,
            _scored(Seat.E, belotes=(Seat.N,), made=F, score=(182, 20)),
            False,
        ),
        (
            C.FAILED_TAKERS_ZERO,
            ATTACK,
            _scored(Seat.S, belotes=(Seat.N,), made=F, score=(20, 162)),
            True,
        ),
        (
            C.FAILED_TAKERS_ZERO,
            ATTACK,
            _scored(Seat.S, belotes=(Seat.E,), made=F, score=(0, 162)),
            True,
        ),
        # a made deal or a litige says nothing of the failed conclusions
        (C.FAILED_TAKERS_ZERO, HOUSE, _scored(Seat.E, score=(5, 5)), True),
        (C.FAILED_DEFENDERS_ALL, HOUSE, _scored(Seat.E, score=(5, 5)), True),
        (C.FAILED_TAKERS_ZERO, HOUSE, _scored(Seat.E, made=F, held=81, score=(81, 0)), True),
        (C.FAILED_DEFENDERS_ALL, HOUSE, _scored(Seat.E, made=F, held=81, score=(81, 0)), True),
        # failed: the defenders score every point, and the belotes prenable gives them
        (C.FAILED_DEFENDERS_ALL, HOUSE, _scored(Seat.E, made=F, score=(162, 0)), True),
        (C.FAILED_DEFENDERS_ALL, HOUSE, _scored(Seat.E, made=F, score=(161, 0)), False),
        (C.FAILED_DEFENDERS_ALL, HOUSE, _scored(Seat.N, made=F, score=(0, 162)), True),
        (C.FAILED_DEFENDERS_ALL, HOUSE, _scored(Seat.N, made=F, score=(162, 0)), False),
        (
            C.FAILED_DEFENDERS_ALL,
            HOUSE,
            _scored(Seat.E, belotes=(Seat.E,), made=F, score=(182, 0)),
            True,
        ),
        (
            C.FAILED_DEFENDERS_ALL,
            HOUSE,
            _scored(Seat.E, belotes=(Seat.N,), made=F, score=(182, 0)),
            True,
        ),
        (
            C.FAILED_DEFENDERS_ALL,
            IMPRENABLE,
            _scored(Seat.E, belotes=(Seat.E,), made=F, score=(162, 20)),
            True,
        ),
        (
            C.FAILED_DEFENDERS_ALL,
            IMPRENABLE,
            _scored(Seat.E, belotes=(Seat.E,), made=F, score=(182, 20)),
            False,
        ),
        (
            C.FAILED_DEFENDERS_ALL,
            IMPRENABLE,
            _scored(Seat.E, belotes=(Seat.N,), made=F, score=(182, 0)),
            True,
        ),
        (
            C.FAILED_DEFENDERS_ALL,
            ATTACK,
            _scored(Seat.E, belotes=(Seat.N,), made=F, score=(162, 0)),
            True,
        ),
        (
            C.FAILED_DEFENDERS_ALL,
            ATTACK,
            _scored(Seat.E, belotes=(Seat.N,), made=F, score=(182, 0)),
            False,
        ),
        (
            C.FAILED_DEFENDERS_ALL,
            CAPOT_250,
            _scored(Seat.N, made=F, capot=Team.EW, score=(0, 250)),
            True,
        ),
        (
            C.FAILED_DEFENDERS_ALL,
            CAPOT_250,
            _scored(Seat.N, made=F, capot=Team.EW, score=(0, 252)),
            False,
        ),
    ],
)
def test_each_conclusion_holds_exactly_when_its_equation_does(
    conclusion: C | P, rules: RuleSet, s: L._Scored, holds: bool
) -> None:
    assert L._deal_holds(conclusion, s, rules) is holds


@pytest.mark.parametrize(
    ("trump", "kind"),
    [
        (Trump.NONE, TrumpKind.NONE),
        (Trump.ALL, TrumpKind.ALL),
        (Trump.HEARTS, TrumpKind.SUIT),
        (Trump.CLUBS, TrumpKind.SUIT),
    ],
)
def test_a_contract_is_of_its_kind(trump: Trump, kind: TrumpKind) -> None:
    assert L._kind_of(trump) is kind


# -- streams of deals -------------------------------------------------------------------


@pytest.mark.parametrize("trump", [Trump.HEARTS, Trump.ALL])
def test_a_stream_is_seeded_by_its_contract_and_turns_taker_and_leader(trump: Trump) -> None:
    deals = L._deals(trump, HOUSE, 18)
    assert deals == _stream(trump, HOUSE, 18)
    assert [(d.taker, d.leader) for d in deals[:6]] == [
        (Seat.N, Seat.N),
        (Seat.E, Seat.N),
        (Seat.S, Seat.N),
        (Seat.W, Seat.N),
        (Seat.N, Seat.E),
        (Seat.E, Seat.E),
    ]
    assert L._deals(trump, HOUSE, 5) == deals[:5]


def test_streams_played_together_are_the_streams_played_apart() -> None:
    """Whatever stands where when streams are extended together, each stream holds the
    deals played under its own rules from its own seed."""
    L._deals(Trump.HEARTS, HOUSE, 5)
    L._fill(Trump.HEARTS, [HOUSE, FFB, PAGAT], 12)  # house from 5, ffb_belote from 0
    L._fill(Trump.HEARTS, [FFB, PAGAT], 16)  # together from 12, ffb_belote's generator
    L._fill(Trump.HEARTS, [HOUSE], 20)  # the house on its own, from its own generator
    L._fill(Trump.HEARTS, [PAGAT, FFB, HOUSE], 23)  # ffb_belote from 16, the house from 20
    for rules in (HOUSE, FFB, PAGAT):
        assert list(map(_play, L._deals(Trump.HEARTS, rules, 23))) == list(
            map(_play, _stream(Trump.HEARTS, rules, 23))
        )


def test_rule_sets_that_play_alike_share_a_stream_and_others_do_not() -> None:
    """``pagat_belote`` plays as ``ffb_belote`` does (its deals are ffb_belote's, scored
    under it: both let a trump go under a partner's); the house does not."""
    ffb = L._deals(Trump.HEARTS, FFB, 40)
    assert L._deals(Trump.HEARTS, PAGAT, 40) == ffb
    assert ffb == _stream(Trump.HEARTS, FFB, 40)
    house = L._deals(Trump.HEARTS, HOUSE, 40)
    assert list(map(_play, ffb)) != list(map(_play, house))


def test_the_knobs_that_rule_each_contracts_play_part_its_streams() -> None:
    """At all-trump only ``all_trump_partner`` rules the play (``undertrump`` does not):
    a rule set that plays otherwise there has its own deals, played and scored under it."""
    free = HOUSE.with_knobs(all_trump_partner="free")
    optional = HOUSE.with_knobs(undertrump="optional")
    for rules in (HOUSE, free, optional):
        assert list(map(_play, L._deals(Trump.ALL, rules, 30))) == list(
            map(_play, _stream(Trump.ALL, rules, 30))
        )
        assert [s.score for s in L._scored(Trump.ALL, rules, 30)] == [
            L._own_score(d) for d in _stream(Trump.ALL, rules, 30)
        ]
    assert list(map(_play, _stream(Trump.ALL, free, 30))) != list(
        map(_play, _stream(Trump.ALL, HOUSE, 30))
    )


@pytest.mark.parametrize(
    ("trump", "name"),
    [
        (Trump.HEARTS, "house"),
        (Trump.HEARTS, "house, belote: imprenable"),
        (Trump.HEARTS, "house, tie: litige"),
        (Trump.HEARTS, "pagat_belote"),
        (Trump.HEARTS, "ffb_belote, belote: attack_only"),
        (Trump.NONE, "house, capot_points: 250"),
        (Trump.ALL, "house, all_trump_points: ffb2016_ratio"),
        (Trump.ALL, "house, all_trump_points: ffb2015"),
        (Trump.ALL, "house, all_trump_belote: each_suit"),
        (Trump.ALL, "ffb_belote, all_trump_points: pagat"),
        (Trump.ALL, "ffb_belote"),
    ],
)
def test_a_streams_deals_are_scored_as_if_played_under_each_rule_set(
    trump: Trump, name: str
) -> None:
    """The stream is filled under the first preset that plays alike, then each rule set
    scores its deals: as the deals played under it directly would be scored."""
    rules = scoring_variants()[name]
    L._deals(trump, PRESETS[name.partition(",")[0]], 24)
    scored = L._scored(trump, rules, 24)
    own = _stream(trump, rules, 24)
    assert [(s.card_points, s.belotes) for s in scored] == [(d.card_points, d.belotes) for d in own]
    assert [s.score for s in scored] == [
        DealScore(d.points, d.capot, d.made, d.score, d.held) for d in own
    ]
    assert [s.deal.cards for s in scored] == [d.cards for d in own]
    assert L._scored(trump, rules, 10) == scored[:10]


@pytest.mark.parametrize(
    ("trump", "knobs"),
    [
        (Trump.ALL, {"all_trump_points": "ffb2016_ratio"}),
        (Trump.ALL, {"all_trump_points": "ffb2015"}),
        (Trump.ALL, {"all_trump_belote": "each_suit"}),
        (Trump.HEARTS, {"belote": "attack_only"}),
        (Trump.HEARTS, {"all_trump_points": "ffb2016_ratio"}),
    ],
)
def test_a_deal_rescored_under_other_scoring_is_scored_as_if_played_under_it(
    trump: Trump, knobs: dict[str, str]
) -> None:
    other = HOUSE.with_knobs(**knobs)
    rng = random.Random(7)
    for i in range(12):
        deal, direct = random_scored_deals(rng, trump, (HOUSE, other), taker=Seat(i % 4))
        s = L._rescore(deal, other)
        assert (s.deal, s.card_points, s.belotes) == (deal, direct.card_points, direct.belotes)
        assert s.score == L._own_score(direct)
        assert s.facts == L._scored_deal(direct, direct.card_points, direct.belotes, s.score).facts


def test_a_deals_own_score_is_its_score_under_its_rules() -> None:
    for deal in _stream(Trump.ALL, FFB, 12) + _stream(Trump.HEARTS, HOUSE, 12):
        assert L._own_score(deal) == score_deal(
            deal.card_points, deal.winners, deal.belotes, deal.taker, deal.rules, trump=deal.trump
        )


# -- check_deal_law ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trump", "samples", "deals"),
    [
        (["suit"], 1, 1),
        (["suit", "none"], 7, 8),
        (["suit", "none", "all"], 7, 9),
        (["none", "all"], 6, 6),
    ],
)
def test_the_samples_are_split_evenly_among_the_laws_kinds_rounded_up(
    trump: list[str], samples: int, deals: int
) -> None:
    law = DealLaw.parse(trump=trump, then=["points_162_or_capot"])
    result = check_deal_law(law, samples=samples)
    unscaled = "all" in trump  # an all-trump deal counted with trump values adds up to 258
    assert [(o.preset, o.holds, o.deals, o.matching) for o in result.outcomes] == [
        (name, not (unscaled and "trump_values" in name), deals, deals) for name in VARIANT_NAMES
    ]


def _matching(trump: Trump, rules: RuleSet, count: int, when: set[str], unless: set[str]) -> int:
    """The deals of a stream, scored under ``rules``, that are (not) made / capot."""
    n = 0
    for d in _stream(trump, rules, count):
        facts = {"made"} if d.made else set()
        facts |= {"capot"} if d.capot is not None else set()
        n += when <= facts and not unless & facts
    return n


def test_a_laws_outcome_counts_the_deals_and_those_that_satisfy_its_premises() -> None:
    law = DealLaw.parse(
        trump=["suit", "all"], when=["made", "not capot"], then=["made_scores_own", "made"]
    )
    rule_sets = {"a": HOUSE, "b": FFB}
    result = check_deal_law(law, rule_sets, samples=60)
    assert result.outcomes == (
        DealOutcome("a", True, 60, 28),
        DealOutcome("b", True, 60, 28),
    )
    for o, rules in zip(result.outcomes, rule_sets.values(), strict=True):
        assert o.matching == sum(
            _matching(t, rules, 30, {"made"}, {"capot"}) for t in (Trump.HEARTS, Trump.ALL)
        )
    capot = DealLaw.parse(trump=["none", "all"], when=["capot"], then=["made"])
    outcome = check_deal_law(capot, rule_sets, samples=60)["a"]
    assert outcome.matching == sum(
        _matching(t, HOUSE, 30, {"capot"}, set()) for t in (Trump.NONE, Trump.ALL)
    )
    assert outcome.matching == 3


def test_a_false_law_fails_at_its_first_counterexample_under_each_rule_set() -> None:
    """The first deal that meets the premises and breaks a conclusion, its first broken
    conclusion; the rule set is each outcome's own, also where two share their deals."""
    law = DealLaw.parse(trump="suit", when=["takers_belote"], then=["made"])
    other = HOUSE.with_knobs(all_trump_points="ffb2015")  # scores a suit deal as house
    result = check_deal_law(law, {"house": HOUSE, "other": other, "ffb": FFB}, samples=40)
    deals = _stream(Trump.HEARTS, HOUSE, 40)
    first = next(d for d in deals if not d.made and any(b.team == d.taker.team for b in d.belotes))
    assert [(o.preset, o.holds, o.deals, o.matching) for o in result.outcomes] == [
        ("house", False, 40, 6),
        ("other", False, 40, 6),
        ("ffb", False, 40, 6),
    ]
    assert result["house"].counterexample == DealCounterexample(Trump.HEARTS, HOUSE, first, P.MADE)
    assert result["other"].counterexample == DealCounterexample(Trump.HEARTS, other, first, P.MADE)
    ffb = result["ffb"].counterexample
    assert ffb is not None and ffb.rules is FFB and ffb.conclusion is P.MADE


def test_the_counterexample_is_the_first_deal_at_its_first_broken_conclusion() -> None:
    law = DealLaw.parse(trump=["none", "suit"], then=["capot", "failed", "litige"])
    outcome = check_deal_law(law, {"house": HOUSE}, samples=8)["house"]
    first = _stream(Trump.NONE, HOUSE, 1)[0]
    assert first.made and first.capot is Team.NS  # breaks failed, then litige
    assert outcome == DealOutcome(
        "house", False, 8, 8, DealCounterexample(Trump.NONE, HOUSE, first, P.FAILED)
    )
    law = DealLaw.parse(trump=["suit"], when=["not made"], then=["failed", "made_scores_own"])
    outcome = check_deal_law(law, {"ffb": FFB}, samples=40)["ffb"]
    assert outcome.holds and outcome.matching == 22


def test_a_litige_breaks_not_made_then_failed() -> None:
    """Deal 39 of the all-trump stream is a tie: a litige under ``ffb_belote``."""
    law = DealLaw.parse(trump="all", when=["not made"], then=["failed"])
    result = check_deal_law(law, {"ffb": FFB, "house": HOUSE}, samples=40)
    litige = _stream(Trump.ALL, FFB, 40)[39]
    assert litige.held > 0
    assert result["ffb"] == DealOutcome(
        "ffb", False, 40, 19, DealCounterexample(Trump.ALL, FFB, litige, P.FAILED)
    )
    assert result["house"] == DealOutcome("house", True, 40, 18)


def test_the_default_rule_sets_are_the_scoring_variants_of_the_laws_game() -> None:
    law = DealLaw.parse(trump="all", then=["card_points_152"])
    result = check_deal_law(law, samples=4)
    ratio = {
        n
        for n, r in scoring_variants().items()
        if r.all_trump_points in ("ffb2016_ratio", "trump_values")
    }
    assert [o.preset for o in result.outcomes] == VARIANT_NAMES
    assert result.holds_under == set(VARIANT_NAMES) - ratio
    with pytest.raises(EngineError, match="unknown game: 'skat'"):
        check_deal_law(replace(law, game="skat"), samples=4)


def test_the_same_law_gives_the_same_outcomes_from_fresh_or_full_streams(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    law = DealLaw.parse(trump=["suit", "all"], when=["failed"], then=["failed_defenders_all"])
    first = check_deal_law(law, samples=30)
    again = check_deal_law(law, samples=30)
    more = check_deal_law(law, samples=50)
    monkeypatch.setattr(L, "_DEAL_POOLS", {})
    monkeypatch.setattr(L, "_SCORED", {})
    assert check_deal_law(law, samples=30) == first == again
    assert [o.deals for o in more.outcomes] == [50] * len(VARIANT_NAMES)


@pytest.mark.parametrize(
    ("trump", "when", "then"),
    [
        (["suit", "all"], ["made"], ["made_scores_own"]),
        (["suit", "all"], ["not made"], ["failed"]),
        (["none", "all"], [], ["belote"]),
        (["all"], [], ["card_points_152"]),
    ],
)
def test_a_law_checked_under_every_variant_at_once_gets_each_ones_outcome_alone(
    trump: list[str], when: list[str], then: list[str]
) -> None:
    """Rule sets that score alike share one outcome: never one of another rule set."""
    law = DealLaw.parse(trump=trump, when=when, then=then)
    together = check_deal_law(law, samples=40)
    for name, rules in scoring_variants().items():
        assert check_deal_law(law, {name: rules}, samples=40).outcomes == (together[name],)


def test_scored_deals_are_kept_and_a_smaller_count_reads_the_start_of_them() -> None:
    """A stream's deals are scored once under a rule set, whatever count a law asks: the
    same scored deals are handed out again, not scored again; a smaller count gets the
    start of them, a larger one the same start and more; another rule set gets scored deals
    of its own."""
    imprenable = L._scored(Trump.HEARTS, IMPRENABLE, 12)
    for count in (12, 8, 16):
        again = L._scored(Trump.HEARTS, IMPRENABLE, count)
        assert len(again) == count
        assert all(a is b for a, b in zip(again, imprenable, strict=False))  # the shorter
    house = L._scored(Trump.HEARTS, HOUSE, 12)
    assert not any(a is b for a, b in zip(house, imprenable, strict=True))


def test_a_tie_is_equal_points_belotes_included_and_a_pair_is_dealt_not_scored() -> None:
    assert P.TIE in _scored(Seat.N, points=(81, 81)).facts
    assert P.TIE not in _scored(Seat.N, points=(91, 71)).facts
    assert P.KING_QUEEN not in _scored(Seat.N).facts  # nobody was dealt KH QH
    spades = replace(DEAL, trump=Trump.SPADES)  # West was dealt QS KS
    assert L._pairs(spades) == (Seat.W,)
    everything = replace(DEAL, trump=Trump.ALL)  # no other king and queen in one hand
    assert L._pairs(everything) == (Seat.W,)
    assert L._pairs(replace(DEAL, trump=Trump.NONE)) == ()


def test_the_facts_of_tie_pair_and_declaration_are_their_flags() -> None:
    assert L._facts(True, False, False, False, False, tie=True) == {P.MADE, P.TIE}
    assert L._facts(False, False, False, False, False, king_queen=True) == {
        P.FAILED,
        P.KING_QUEEN,
    }
    assert L._facts(True, False, False, False, False, declaration=True) == {
        P.MADE,
        P.DECLARATION,
    }


def test_takers_keep_belote_is_their_belotes_exactly() -> None:
    kept = _scored(Seat.N, belotes=(Seat.S,), made=False, score=(20, 162))
    given = _scored(Seat.N, belotes=(Seat.S,), made=False, score=(0, 182))
    assert L._takers_keep_belote(kept, HOUSE) and not L._takers_keep_belote(given, HOUSE)
    assert not L._takers_keep_belote(_scored(Seat.N, made=False, score=(20, 162)), HOUSE)


def test_a_capot_counts_252_belote_aside_and_a_deal_without_one_says_nothing() -> None:
    assert L._capot_252(_scored(Seat.N), HOUSE)
    assert L._capot_252(_scored(Seat.N, capot=Team.NS, points=(272, 0), belotes=(Seat.S,)), HOUSE)
    assert not L._capot_252(_scored(Seat.E, capot=Team.NS, points=(162, 0)), HOUSE)
    # a defenders' belote does not count under attack_only: it is not set aside
    defenders = _scored(Seat.E, capot=Team.NS, points=(252, 0), belotes=(Seat.S,))
    assert L._capot_252(defenders, ATTACK) and not L._capot_252(defenders, HOUSE)


def test_every_pair_scores_when_the_points_hold_20_for_each() -> None:
    everything = replace(DEAL, trump=Trump.ALL)  # West was dealt QS KS
    s = L._scored_deal(everything, (152, 0), (), DealScore((182, 0), None, True, (182, 0), 0))
    assert L._belote_each_pair(s, HOUSE)
    none = L._scored_deal(everything, (152, 0), (), DealScore((162, 0), None, True, (162, 0), 0))
    assert not L._belote_each_pair(none, HOUSE)


def test_declarations_score_only_under_rules_that_play_them() -> None:
    s = _scored(Seat.N)
    assert not L._declarations_scored(s, HOUSE)
    assert not L._declarations_scored(s, PRESETS["ffb_belote"])
    assert L._declarations_scored(s, PRESETS["pagat_belote"])
