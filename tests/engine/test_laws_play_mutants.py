"""Play laws in detail (issue 16, mutation run of ``explainer.engine.laws``): every problem
of a law at once with its place, the premises of exact positions, the tricks of each
contract kind with their zones, the exact counts and smallest counterexamples of small
checks, and the scenario text of a counterexample.

The module keeps what it computes (the tricks of each kind, the sampled positions, the
claims, the checks done) for the whole process; every test here starts from none of it,
so that it sees what a fresh computation gives, not what an earlier test left."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import permutations

import pytest

from explainer.engine import (
    HOUSE,
    PRESETS,
    SUIT_MASKS,
    Cascade,
    LawError,
    PlayLaw,
    Premise,
    Trump,
    TrumpKind,
    check_play_law,
    counterexample_yaml,
    mask_of,
    parse_card,
    position_premises,
)
from explainer.engine.contract import tables
from explainer.engine.laws import Conclusion, Condition, LawResult, sampling
from explainer.engine.laws import play_check as laws
from explainer.engine.laws import space as law_space
from explainer.engine.laws.sampling import _positions
from explainer.engine.laws.space import _space

PREMISE_NAMES = ", ".join(p.value for p in Premise)


def _forget() -> None:
    """Drop every space, sample, claim and check the module has kept."""
    for cached in (
        laws._space,
        laws._positions,
        laws._claim,
        sampling._cell,
        law_space._hand_bits,
        sampling._compositions,
        sampling._subsets,
        sampling._pieces,
        sampling._shifted,
    ):
        cached.cache_clear()
    laws._CHECKED.clear()
    laws._SHARED.clear()


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    """Nothing remembered from another test, before or after this one."""
    _forget()
    yield
    _forget()


def _cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def _problems(**words: object) -> list[tuple[str, tuple[str | int, ...]]]:
    law, problems = PlayLaw.parse_all(**words)  # type: ignore[arg-type]
    assert law is None
    return [(str(p), p.where) for p in problems]


RULES = {
    "house": HOUSE,
    "official": PRESETS["official"],
    "forbidden": HOUSE.with_knobs(undertrump="forbidden"),
    "free": HOUSE.with_knobs(all_trump_partner="free"),
}
"""Rule sets that rule positions differently: every suit knob and the all-trump one."""


# -- what is shared between checks ----------------------------------------------------------


def test_the_failures_memo_is_shared_by_claim_and_sample_never_through_a_reused_id() -> None:
    """Rule sets ruling a trick alike share its failures through one memo per claim and
    sample, found by their ids; an entry left by other objects under the same ids (ids
    are reused once an object is gone) is replaced, never shared."""
    law = PlayLaw.parse(trump="suit", when=["void", "partner_winning"], then={"may": "any"})
    claim = laws._claim(TrumpKind.SUIT, law.then)
    sample = _positions(TrumpKind.SUIT, *law.masks, 10)
    memo = laws._shared(claim, sample)
    assert memo == {}
    assert laws._shared(claim, sample) is memo
    stale: dict[tuple[int, Cascade], list[int]] = {(0, Cascade(())): [1]}
    other_claim = laws._Claim((), (), None, never=False)
    other_sample = ((0, (1,)),)
    for left in ((other_claim, sample, stale), (claim, other_sample, stale)):
        laws._SHARED[id(claim), id(sample)] = left
        fresh = laws._shared(claim, sample)
        assert fresh == {}
        assert laws._SHARED[id(claim), id(sample)] == (claim, sample, fresh)


def test_laws_checked_one_after_another_get_what_each_gets_alone() -> None:
    """Laws with the same premises share their sample, laws with the same conclusions
    their claim, rule sets ruling alike their checks: none of it changes a result. Here
    the laws that hold share the one trick (the empty one) and their sample or their
    claim with the law that fails, whose sampled hands fail."""
    written = [
        ("leading", "must", "trumps"),
        ("leading", "may", "any"),
        ("leading only_trumps", "must", "trumps"),
        ("leading only_trumps", "rule", "lead"),
        ("leading", "must", "trumps"),
    ]
    checked = [
        PlayLaw.parse(trump="suit", when=when.split(), then=[(q, v)]) for when, q, v in written
    ]
    alone = []
    for law in checked:
        _forget()
        alone.append(check_play_law(law, RULES, samples=200))
    _forget()
    together = [check_play_law(law, RULES, samples=200) for law in checked]
    assert together == alone
    assert [r.holds_under for r in together] == [
        frozenset(),
        set(RULES),
        set(RULES),
        set(RULES),
        frozenset(),
    ]


def test_play_laws_are_checked_under_the_presets_of_their_game_by_default() -> None:
    law = PlayLaw.parse(trump="none", when=["leading"], then={"may": "any"})
    result = check_play_law(law, samples=0)
    assert [(o.preset, o.holds, o.exhaustive, o.sampled) for o in result.outcomes] == [
        ("house", True, 1, 0),
        ("ffb_belote", True, 1, 0),
        ("pagat_belote", True, 1, 0),
    ]


# -- words ----------------------------------------------------------------------------


def test_every_word_problem_is_reported_at_once_each_in_its_place() -> None:
    assert _problems(
        trump=["suit", "hearts", "none"],
        when=["void", "partner_winnig", "not"],
        then=[("mus", "any"), ("must", "trump"), ("rule", "overtrumps"), ("may", "any")],
    ) == [
        ("unknown trump: 'hearts' (expected one of suit, none, all)", ("contract", "trump", 1)),
        (
            "unknown premise: 'partner_winnig' (did you mean 'partner_winning'?)",
            ("when", 1),
        ),
        (f"unknown premise: 'not' (expected one of {PREMISE_NAMES})", ("when", 2)),
        ("unknown conclusion: 'mus' (did you mean 'must'?)", ("then", "mus")),
        ("unknown class: 'trump' (did you mean 'trumps'?)", ("then", "must")),
        ("unknown rule: 'overtrumps' (did you mean 'overtrump'?)", ("then", "rule")),
    ]


def test_one_trump_word_is_located_without_an_index() -> None:
    assert _problems(trump="hearts", when=[], then={}) == [
        ("unknown trump: 'hearts' (expected one of suit, none, all)", ("contract", "trump"))
    ]


def test_a_law_needs_a_contract_and_a_conclusion() -> None:
    assert _problems(trump=[], when=[], then={}) == [
        ("a law needs a contract", ("contract", "trump")),
        ("a law needs a conclusion", ("then",)),
    ]
    with pytest.raises(LawError) as caught:
        PlayLaw.parse(trump=[], when=["void"], then={})
    assert str(caught.value) == "a law needs a contract"
    assert caught.value.where == ("contract", "trump")


def test_a_law_built_directly_is_checked_too() -> None:
    with pytest.raises(LawError) as caught:
        PlayLaw((TrumpKind.NONE,), (Condition(Premise.HOLDS_TRUMP),), ())
    assert str(caught.value) == "a law needs a conclusion"
    assert caught.value.where == ("then",)
    with pytest.raises(LawError) as caught:
        PlayLaw(
            (TrumpKind.NONE,), (Condition(Premise.HOLDS_TRUMP),), (Conclusion.parse("may", "any"),)
        )
    assert str(caught.value) == "premise holds_trump means nothing with trump: none"


def test_every_meaningless_premise_and_class_is_named_for_each_kind() -> None:
    assert _problems(
        trump=["none", "all"],
        when=["trump_led", "plain_led", "holds_trump"],
        then=[("must", "plain"), ("may", "trumps"), ("rule", "lead")],
    ) == [
        ("premise trump_led means nothing with trump: none", ("when", 0)),
        ("premise holds_trump means nothing with trump: none", ("when", 2)),
        ("class trumps means nothing with trump: none", ("then", "may")),
        ("premise plain_led means nothing with trump: all", ("when", 1)),
        ("premise holds_trump means nothing with trump: all", ("when", 2)),
        ("class plain means nothing with trump: all", ("then", "must")),
        ("class trumps means nothing with trump: all", ("then", "may")),
    ]


def test_premises_nothing_satisfies_are_named_without_a_kind_when_there_is_one() -> None:
    assert _problems(trump=["none"], when=["following", "not plain_led"], then={"may": "any"}) == [
        ("no position satisfies: following and not plain_led", ("when",))
    ]


def test_premises_nothing_satisfies_are_named_for_each_kind() -> None:
    assert _problems(
        trump=["suit", "none", "all"], when=["can_follow", "void"], then={"may": "any"}
    ) == [
        (f"no position satisfies: can_follow and void with trump: {k}", ("when",))
        for k in ("suit", "none", "all")
    ]


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("void", "void"),
        ("not void", "not void"),
        (" void ", "void"),
        ("  not   void ", "not void"),
        ("not", f"unknown premise: 'not' (expected one of {PREMISE_NAMES})"),
        ("", f"unknown premise: '' (expected one of {PREMISE_NAMES})"),
        ("void not", "unknown premise: 'void not' (did you mean 'void'?)"),
        ("nto void", "unknown premise: 'nto void' (did you mean 'void'?)"),
        ("not not void", f"unknown premise: 'not not void' (expected one of {PREMISE_NAMES})"),
    ],
)
def test_a_premise_is_a_word_or_not_and_a_word(text: str, parsed: str) -> None:
    try:
        condition = Condition.parse(text)
    except LawError as e:
        assert (str(e), e.where) == (parsed, ())
    else:
        assert str(condition) == parsed
        assert condition.negated == parsed.startswith("not ")


def test_a_law_reads_back_as_written() -> None:
    law, problems = PlayLaw.parse_all(
        trump=["suit", "suit", "none"],
        when=[],
        then=[("rule", "lead"), ("must", "any")],
        game="coinche",
    )
    assert problems == []
    assert law is not None
    assert law.kinds == (TrumpKind.SUIT, TrumpKind.NONE)
    assert law.game == "coinche"
    assert str(law) == "when always then rule: lead, must: any (trump: suit, none)"
    law = PlayLaw.parse(trump="all", when=["not leading", "void"], then={"may": "higher_led"})
    assert str(law) == "when not leading and void then may: higher_led (trump: all)"
    assert law == PlayLaw.parse(
        trump=["all"], when=["not leading", "void"], then=[("may", "higher_led")]
    )
    assert law.masks == (Premise.VOID.bit, Premise.LEADING.bit)
    both = PlayLaw.parse(
        trump="suit", when=["not leading", "not void"], then={"may": "any"}, game="x"
    )
    assert both.masks == (0, Premise.LEADING.bit | Premise.VOID.bit)
    assert both.game == "x"
    assert LawError("x").where == ()
    default, _ = PlayLaw.parse_all(trump="suit", when=["leading"], then={"may": "any"})
    assert default is not None
    assert default.game == "belote"


def test_an_outcome_is_found_by_its_rule_set_name_only() -> None:
    result = check_play_law(
        PlayLaw.parse(trump="none", when=["void"], then={"may": "any"}), {"house": HOUSE}, samples=0
    )
    assert result["house"].preset == "house"
    with pytest.raises(KeyError, match="official"):
        result["official"]
    assert LawResult(()).holds_under == frozenset()


# -- positions --------------------------------------------------------------------------

H, N_, A_, S_, C_ = Trump.HEARTS, Trump.NONE, Trump.ALL, Trump.SPADES, Trump.CLUBS


@pytest.mark.parametrize(
    ("trump", "trick", "hand", "premises"),
    [
        (
            H,
            "7S AS 8H",
            "9H KS",
            "following plain_led opponent_winning opponent_trumped trump_in_trick can_follow holds_trump can_overtrump",
        ),
        (
            H,
            "7S AS 8H",
            "7H KS",
            "following plain_led opponent_winning opponent_trumped trump_in_trick can_follow holds_trump only_lower_trumps",
        ),
        (
            H,
            "7S AS 8H",
            "7D 8D",
            "following plain_led opponent_winning opponent_trumped trump_in_trick void",
        ),
        (H, "7S AS", "KS 7H", "following plain_led opponent_winning can_follow holds_trump"),
        (H, "KS 7S", "AS", "following plain_led partner_winning can_follow can_beat"),
        (H, "KS 7S", "QS", "following plain_led partner_winning can_follow"),
        (
            H,
            "JH 9H",
            "AH 8D",
            "following trump_led partner_winning trump_in_trick can_follow holds_trump only_lower_trumps",
        ),
        (
            H,
            "9H JH 7H",
            "AH 8H",
            "following trump_led partner_winning trump_in_trick can_follow holds_trump only_trumps only_lower_trumps",
        ),
        (
            H,
            "7D JH AH",
            "8H 9D",
            "following plain_led partner_winning partner_trumped trump_in_trick can_follow can_beat holds_trump only_lower_trumps",
        ),
        (
            H,
            "7D 8H JH",
            "9H 8D",
            "following plain_led opponent_winning opponent_trumped trump_in_trick can_follow can_beat holds_trump only_lower_trumps",
        ),
        (
            H,
            "AD 8H",
            "7H",
            "following plain_led opponent_winning opponent_trumped trump_in_trick void holds_trump only_trumps only_lower_trumps",
        ),
        (H, "", "7H 8H", "leading holds_trump only_trumps"),
        (H, "", "7S", "leading"),
        (
            S_,
            "7D 7S",
            "8S 9D",
            "following plain_led opponent_winning opponent_trumped trump_in_trick can_follow can_beat holds_trump can_overtrump",
        ),
        (
            S_,
            "7S 8D",
            "8S",
            "following trump_led partner_winning trump_in_trick can_follow can_beat holds_trump only_trumps can_overtrump",
        ),
        (H, "7D AD", "KD 8S", "following plain_led opponent_winning can_follow"),
        (N_, "8C AC 7C", "10C", "following plain_led partner_winning can_follow"),
        (C_, "8D 10D 7S", "9D", "following plain_led partner_winning can_follow"),
        (N_, "10S AS 7D", "KS 8D", "following plain_led partner_winning can_follow"),
        (N_, "10S 7D", "7S 8D", "following plain_led partner_winning can_follow"),
        (A_, "9S JS 7D", "AS 8D", "following trump_led partner_winning can_follow"),
        (A_, "JS 9S", "8S", "following trump_led partner_winning can_follow"),
        (A_, "7S 8S", "9S", "following trump_led opponent_winning can_follow can_beat"),
        (
            C_,
            "7S 8C KS",
            "9C 8D",
            "following plain_led partner_winning partner_trumped trump_in_trick void holds_trump can_overtrump",
        ),
        (
            S_,
            "7D 8S",
            "7S 9S",
            "following plain_led opponent_winning opponent_trumped trump_in_trick void holds_trump only_trumps can_overtrump",
        ),
    ],
)
def test_the_premises_of_a_position(trump: Trump, trick: str, hand: str, premises: str) -> None:
    found = position_premises(trump, _cards(trick), mask_of(_cards(hand)))
    assert found == {Premise(p) for p in premises.split()}


def test_a_law_covers_positions_of_its_kinds_meeting_its_premises() -> None:
    law = PlayLaw.parse(
        trump=["suit", "all"], when=["void", "not partner_winning"], then={"may": "any"}
    )
    void_opponent = (_cards("7S AS"), mask_of(_cards("7D")))
    assert law.covers(Trump.CLUBS, *void_opponent)
    assert law.covers(Trump.ALL, *void_opponent)
    assert not law.covers(Trump.NONE, *void_opponent)
    assert not law.covers(Trump.CLUBS, _cards("AS 7S"), mask_of(_cards("7D")))  # partner wins
    assert not law.covers(Trump.CLUBS, _cards("7S AS"), mask_of(_cards("8S")))  # not void


# -- the tricks of each kind ------------------------------------------------------------


def _canonical(kind: TrumpKind, trick: tuple[int, ...]) -> bool:
    """Plain suits (hearts trump with a suit contract; all four otherwise) in first-seen order."""
    plain = [0, 2, 3] if kind is TrumpKind.SUIT else [0, 1, 2, 3]
    order = [s for s in dict.fromkeys(c >> 3 for c in trick) if s in plain]
    return order == plain[: len(order)]


def _expected(trump: Trump, cards: tuple[int, ...]) -> tuple[set[Premise], tuple[int, ...]]:
    """A trick's premises and the hand's five zones, from the definitions."""
    t = tables(trump)
    tmask = t.trump_mask
    avail = 0xFFFFFFFF & ~mask_of(cards)
    trumps = avail & tmask
    if not cards:
        return {Premise.LEADING}, (0, 0, trumps, 0, avail & ~tmask)
    premises = {Premise.FOLLOWING}
    led = cards[0] >> 3
    trump_led = t.trump_like[led]
    premises.add(Premise.TRUMP_LED if trump_led else Premise.PLAIN_LED)
    keys = [t.win_key[led][c] for c in cards]
    win = keys.index(max(keys))
    partner = len(cards) >= 2 and win == len(cards) - 2
    trumped = not trump_led and bool(tmask >> cards[win] & 1)
    who = "PARTNER" if partner else "OPPONENT"
    premises.add(Premise[f"{who}_WINNING"])
    if trumped:
        premises.add(Premise[f"{who}_TRUMPED"])
    in_trick = [c for c in cards if tmask >> c & 1]
    thi, tlo = trumps, 0
    if in_trick:
        premises.add(Premise.TRUMP_IN_TRICK)
        best = max(in_trick, key=t.strength.__getitem__)
        thi = trumps & t.above[best]
        tlo = trumps & ~thi
    if tmask >> cards[0] & 1:
        return premises, (0, 0, thi, tlo, avail & ~tmask)
    best_led = max((c for c in cards if c >> 3 == led), key=t.strength.__getitem__)
    lhi = SUIT_MASKS[led] & avail & t.above[best_led]
    llo = SUIT_MASKS[led] & avail & ~lhi
    return premises, (lhi, llo, thi, tlo, avail & ~tmask & ~SUIT_MASKS[led])


@pytest.mark.parametrize(
    ("kind", "tricks", "classes", "groups"),
    [(TrumpKind.SUIT, 7073, 31, 545), (TrumpKind.NONE, 2321, 7, 65), (TrumpKind.ALL, 2321, 7, 65)],
)
def test_the_tricks_of_a_kind_are_every_trick_up_to_suit_symmetry(
    kind: TrumpKind, tricks: int, classes: int, groups: int
) -> None:
    space = _space(kind)
    expected = [t for n in range(4) for t in permutations(range(32), n) if _canonical(kind, t)]
    assert space.cards == tuple(expected) == tuple(t.cards for t in space.tricks)
    assert (len(space.tricks), len(space.classes), len(space.groups)) == (tricks, classes, groups)
    for trick in space.tricks:
        premises, zones = _expected(kind.trump, trick.cards)
        assert {p for p in Premise if trick.bits & p.bit} == premises, trick.cards
        assert trick.zones == zones, trick.cards
        tmask = tables(kind.trump).trump_mask
        follow = 0 if not trick.cards else 0b01100 if tmask >> trick.cards[0] & 1 else 0b00011
        assert trick.follow == follow, trick.cards
        lhi, llo, thi, tlo, _ = zones
        led, higher = (thi | tlo, thi) if follow == 0b01100 else (lhi | llo, lhi)
        if not trick.cards:
            led = higher = 0
        avail = sum(zones)
        plain = avail & ~tmask
        assert trick.classes == (avail, led, higher, thi | tlo, thi, tlo, plain), trick.cards


# -- checks: exact counts, smallest counterexamples ---------------------------------------


Then = dict[str, str] | list[tuple[str, str]]
Outcome = tuple[str, int, int, str | None]


def _brief(outcome: laws.LawOutcome) -> Outcome:
    """``(rule set, representatives, sampled positions, counterexample)``, the
    counterexample as its scenario's lines after ``kind: play``."""
    example = outcome.counterexample
    assert outcome.holds == (example is None)
    assert outcome.checked == outcome.exhaustive + outcome.sampled
    text = None if example is None else " | ".join(counterexample_yaml(example).splitlines()[1:])
    return outcome.preset, outcome.exhaustive, outcome.sampled, text


# The smallest counterexamples that several checks below find, as scenario text.
FORBIDDEN_DISCARD_AFTER_7S_7H = "contract: {trump: hearts, rules: {preset: house, undertrump: forbidden}} | trick: [N: 7S, E: 7H] | hand: {seat: S, cards: [7D]} | expect: {legal: [7D], rule: discard}"
FORBIDDEN_NO_UNDERTRUMP_AFTER_7S_8H = "contract: {trump: hearts, rules: {preset: house, undertrump: forbidden}} | trick: [N: 7S, E: 8H] | hand: {seat: S, cards: [7H, 7D]} | expect: {legal: [7D], rule: no-undertrump}"
FORBIDDEN_OVERTRUMP_AFTER_7S_7H = "contract: {trump: hearts, rules: {preset: house, undertrump: forbidden}} | trick: [N: 7S, E: 7H] | hand: {seat: S, cards: [8H]} | expect: {legal: [8H], rule: overtrump}"
FREE_DISCARD_AFTER_7S_7H = "contract: {trump: hearts, rules: {preset: house, all_trump_partner: free}} | trick: [N: 7S, E: 7H] | hand: {seat: S, cards: [7D]} | expect: {legal: [7D], rule: discard}"
FREE_OVERTRUMP_AFTER_7S_7H = "contract: {trump: hearts, rules: {preset: house, all_trump_partner: free}} | trick: [N: 7S, E: 7H] | hand: {seat: S, cards: [8H]} | expect: {legal: [8H], rule: overtrump}"
FREE_UNDERTRUMP_AFTER_7S_8H = "contract: {trump: hearts, rules: {preset: house, all_trump_partner: free}} | trick: [N: 7S, E: 8H] | hand: {seat: S, cards: [7H, 7D]} | expect: {legal: [7H], rule: undertrump}"
HOUSE_DISCARD_AFTER_7S_7H = "contract: {trump: hearts, rules: house} | trick: [N: 7S, E: 7H] | hand: {seat: S, cards: [7D]} | expect: {legal: [7D], rule: discard}"
HOUSE_OVERTRUMP_AFTER_7S_7H = "contract: {trump: hearts, rules: house} | trick: [N: 7S, E: 7H] | hand: {seat: S, cards: [8H]} | expect: {legal: [8H], rule: overtrump}"
HOUSE_UNDERTRUMP_AFTER_7S_8H = "contract: {trump: hearts, rules: house} | trick: [N: 7S, E: 8H] | hand: {seat: S, cards: [7H, 7D]} | expect: {legal: [7H], rule: undertrump}"
OFFICIAL_DISCARD_AFTER_7S_7H = "contract: {trump: hearts, rules: official} | trick: [N: 7S, E: 7H] | hand: {seat: S, cards: [7D]} | expect: {legal: [7D], rule: discard}"
OFFICIAL_DISCARD_AFTER_7S_8H = "contract: {trump: hearts, rules: official} | trick: [N: 7S, E: 8H] | hand: {seat: S, cards: [7H, 7D]} | expect: {legal: [7H, 7D], rule: discard}"
OFFICIAL_OVERTRUMP_AFTER_7S_7H = "contract: {trump: hearts, rules: official} | trick: [N: 7S, E: 7H] | hand: {seat: S, cards: [8H]} | expect: {legal: [8H], rule: overtrump}"


@pytest.mark.parametrize(
    ("trump", "when", "then", "outcomes"),
    [
        (
            "suit",
            ["void", "partner_winning"],
            {"may": "any"},
            [
                (
                    "house",
                    51,
                    312,
                    "contract: {trump: hearts, rules: house} | trick: [N: 7S, E: 8H, S: 8S] | hand: {seat: W, cards: [7H, 9H]} | expect: {legal: [9H], rule: partner-wins}",
                ),
                ("official", 51, 312, None),
                (
                    "forbidden",
                    51,
                    312,
                    "contract: {trump: hearts, rules: {preset: house, undertrump: forbidden}} | trick: [N: 7S, E: 8H, S: 8S] | hand: {seat: W, cards: [7H, 9H]} | expect: {legal: [9H], rule: partner-wins}",
                ),
                (
                    "free",
                    51,
                    312,
                    "contract: {trump: hearts, rules: {preset: house, all_trump_partner: free}} | trick: [N: 7S, E: 8H, S: 8S] | hand: {seat: W, cards: [7H, 9H]} | expect: {legal: [9H], rule: partner-wins}",
                ),
            ],
        ),
        (
            "suit",
            ["void", "opponent_trumped", "only_lower_trumps"],
            {"must": "lower_trumps"},
            [
                ("house", 12, 384, None),
                (
                    "official",
                    12,
                    384,
                    OFFICIAL_DISCARD_AFTER_7S_8H,
                ),
                (
                    "forbidden",
                    12,
                    384,
                    FORBIDDEN_NO_UNDERTRUMP_AFTER_7S_8H,
                ),
                ("free", 12, 384, None),
            ],
        ),
        (
            "suit",
            ["void", "opponent_trumped", "only_lower_trumps"],
            {"may": "plain"},
            [
                (
                    "house",
                    12,
                    384,
                    HOUSE_UNDERTRUMP_AFTER_7S_8H,
                ),
                ("official", 12, 384, None),
                ("forbidden", 12, 384, None),
                (
                    "free",
                    12,
                    384,
                    FREE_UNDERTRUMP_AFTER_7S_8H,
                ),
            ],
        ),
        (
            "suit",
            ["void", "opponent_trumped", "only_lower_trumps"],
            [("rule", "undertrump")],
            [
                ("house", 12, 384, None),
                (
                    "official",
                    12,
                    384,
                    OFFICIAL_DISCARD_AFTER_7S_8H,
                ),
                (
                    "forbidden",
                    12,
                    384,
                    FORBIDDEN_NO_UNDERTRUMP_AFTER_7S_8H,
                ),
                ("free", 12, 384, None),
            ],
        ),
        (
            "suit",
            ["void", "opponent_trumped", "only_lower_trumps", "not only_trumps"],
            [("rule", "no-undertrump")],
            [
                (
                    "house",
                    6,
                    384,
                    HOUSE_UNDERTRUMP_AFTER_7S_8H,
                ),
                (
                    "official",
                    6,
                    384,
                    OFFICIAL_DISCARD_AFTER_7S_8H,
                ),
                ("forbidden", 6, 384, None),
                (
                    "free",
                    6,
                    384,
                    FREE_UNDERTRUMP_AFTER_7S_8H,
                ),
            ],
        ),
        (
            "suit",
            ["void", "opponent_trumped"],
            [("rule", "discard")],
            [
                (
                    "house",
                    39,
                    384,
                    HOUSE_OVERTRUMP_AFTER_7S_7H,
                ),
                (
                    "official",
                    39,
                    384,
                    OFFICIAL_OVERTRUMP_AFTER_7S_7H,
                ),
                (
                    "forbidden",
                    39,
                    384,
                    FORBIDDEN_OVERTRUMP_AFTER_7S_7H,
                ),
                (
                    "free",
                    39,
                    384,
                    FREE_OVERTRUMP_AFTER_7S_7H,
                ),
            ],
        ),
        (
            "suit",
            ["void", "opponent_trumped"],
            [("must", "trumps")],
            [
                (
                    "house",
                    39,
                    384,
                    HOUSE_DISCARD_AFTER_7S_7H,
                ),
                (
                    "official",
                    39,
                    384,
                    OFFICIAL_DISCARD_AFTER_7S_7H,
                ),
                (
                    "forbidden",
                    39,
                    384,
                    FORBIDDEN_DISCARD_AFTER_7S_7H,
                ),
                (
                    "free",
                    39,
                    384,
                    FREE_DISCARD_AFTER_7S_7H,
                ),
            ],
        ),
        (
            "suit",
            ["trump_led", "can_beat"],
            {"must": "higher_led"},
            [
                ("house", 12, 384, None),
                ("official", 12, 384, None),
                ("forbidden", 12, 384, None),
                ("free", 12, 384, None),
            ],
        ),
        (
            ["suit", "all"],
            ["trump_led", "partner_winning"],
            {"must": "higher_led"},
            [
                (
                    "house",
                    26,
                    512,
                    "contract: {trump: all, rules: house} | trick: [N: 7S, E: 7H] | hand: {seat: S, cards: [8H]} | expect: {legal: [8H], rule: discard}",
                ),
                (
                    "official",
                    26,
                    512,
                    "contract: {trump: all, rules: official} | trick: [N: 7S, E: 7H] | hand: {seat: S, cards: [8H]} | expect: {legal: [8H], rule: discard}",
                ),
                (
                    "forbidden",
                    26,
                    512,
                    "contract: {trump: all, rules: {preset: house, undertrump: forbidden}} | trick: [N: 7S, E: 7H] | hand: {seat: S, cards: [8H]} | expect: {legal: [8H], rule: discard}",
                ),
                (
                    "free",
                    26,
                    512,
                    "contract: {trump: all, rules: {preset: house, all_trump_partner: free}} | trick: [N: 7S, E: 7H] | hand: {seat: S, cards: [8H]} | expect: {legal: [8H], rule: discard}",
                ),
            ],
        ),
        (
            "all",
            ["can_follow", "partner_winning"],
            {"may": "led_suit"},
            [
                (
                    "house",
                    10,
                    340,
                    "contract: {trump: all, rules: house} | trick: [N: 8S, E: 7H] | hand: {seat: S, cards: [7S, 9S]} | expect: {legal: [9S], rule: climb}",
                ),
                (
                    "official",
                    10,
                    340,
                    "contract: {trump: all, rules: official} | trick: [N: 8S, E: 7H] | hand: {seat: S, cards: [7S, 9S]} | expect: {legal: [9S], rule: climb}",
                ),
                (
                    "forbidden",
                    10,
                    340,
                    "contract: {trump: all, rules: {preset: house, undertrump: forbidden}} | trick: [N: 8S, E: 7H] | hand: {seat: S, cards: [7S, 9S]} | expect: {legal: [9S], rule: climb}",
                ),
                ("free", 10, 340, None),
            ],
        ),
        (
            ["all", "none"],
            ["can_follow", "partner_winning"],
            [("rule", "climb")],
            [
                (
                    "house",
                    20,
                    512,
                    "contract: {trump: none, rules: house} | trick: [N: 7S, E: 7H] | hand: {seat: S, cards: [8S]} | expect: {legal: [8S], rule: follow}",
                ),
                (
                    "official",
                    20,
                    512,
                    "contract: {trump: none, rules: official} | trick: [N: 7S, E: 7H] | hand: {seat: S, cards: [8S]} | expect: {legal: [8S], rule: follow}",
                ),
                (
                    "forbidden",
                    20,
                    512,
                    "contract: {trump: none, rules: {preset: house, undertrump: forbidden}} | trick: [N: 7S, E: 7H] | hand: {seat: S, cards: [8S]} | expect: {legal: [8S], rule: follow}",
                ),
                (
                    "free",
                    20,
                    512,
                    "contract: {trump: all, rules: {preset: house, all_trump_partner: free}} | trick: [N: 7S, E: 7H] | hand: {seat: S, cards: [8S]} | expect: {legal: [8S], rule: follow}",
                ),
            ],
        ),
        (
            "suit",
            ["void", "not holds_trump"],
            [("rule", "discard")],
            [
                (
                    "house",
                    30,
                    312,
                    "contract: {trump: hearts, rules: house} | trick: [N: 7S, E: 7D] | hand: {seat: S, cards: [8D]} | expect: {legal: [8D], rule: partner-wins}",
                ),
                (
                    "official",
                    30,
                    312,
                    "contract: {trump: hearts, rules: official} | trick: [N: 7S, E: 7D] | hand: {seat: S, cards: [8D]} | expect: {legal: [8D], rule: partner-wins}",
                ),
                (
                    "forbidden",
                    30,
                    312,
                    "contract: {trump: hearts, rules: {preset: house, undertrump: forbidden}} | trick: [N: 7S, E: 7D] | hand: {seat: S, cards: [8D]} | expect: {legal: [8D], rule: partner-wins}",
                ),
                (
                    "free",
                    30,
                    312,
                    "contract: {trump: hearts, rules: {preset: house, all_trump_partner: free}} | trick: [N: 7S, E: 7D] | hand: {seat: S, cards: [8D]} | expect: {legal: [8D], rule: partner-wins}",
                ),
            ],
        ),
        (
            "suit",
            ["void", "opponent_winning", "holds_trump"],
            [("rule", "trump")],
            [
                (
                    "house",
                    36,
                    410,
                    HOUSE_OVERTRUMP_AFTER_7S_7H,
                ),
                (
                    "official",
                    36,
                    410,
                    OFFICIAL_OVERTRUMP_AFTER_7S_7H,
                ),
                (
                    "forbidden",
                    36,
                    410,
                    FORBIDDEN_OVERTRUMP_AFTER_7S_7H,
                ),
                (
                    "free",
                    36,
                    410,
                    FREE_OVERTRUMP_AFTER_7S_7H,
                ),
            ],
        ),
        (
            ["suit", "none", "all"],
            ["can_follow"],
            [("rule", "follow")],
            [
                (
                    "house",
                    260,
                    552,
                    "contract: {trump: all, rules: house} | trick: [N: 7S] | hand: {seat: E, cards: [8S]} | expect: {legal: [8S], rule: climb}",
                ),
                (
                    "official",
                    260,
                    552,
                    "contract: {trump: all, rules: official} | trick: [N: 7S] | hand: {seat: E, cards: [8S]} | expect: {legal: [8S], rule: climb}",
                ),
                (
                    "forbidden",
                    260,
                    552,
                    "contract: {trump: all, rules: {preset: house, undertrump: forbidden}} | trick: [N: 7S] | hand: {seat: E, cards: [8S]} | expect: {legal: [8S], rule: climb}",
                ),
                (
                    "free",
                    260,
                    552,
                    "contract: {trump: all, rules: {preset: house, all_trump_partner: free}} | trick: [N: 7S] | hand: {seat: E, cards: [8S]} | expect: {legal: [8S], rule: climb}",
                ),
            ],
        ),
        (
            "suit",
            ["leading"],
            {"must": "trumps"},
            [
                (
                    "house",
                    3,
                    336,
                    "contract: {trump: hearts, rules: house} | hand: {seat: N, cards: [7S]} | expect: {legal: [7S], rule: lead}",
                ),
                (
                    "official",
                    3,
                    336,
                    "contract: {trump: hearts, rules: official} | hand: {seat: N, cards: [7S]} | expect: {legal: [7S], rule: lead}",
                ),
                (
                    "forbidden",
                    3,
                    336,
                    "contract: {trump: hearts, rules: {preset: house, undertrump: forbidden}} | hand: {seat: N, cards: [7S]} | expect: {legal: [7S], rule: lead}",
                ),
                (
                    "free",
                    3,
                    336,
                    "contract: {trump: hearts, rules: {preset: house, all_trump_partner: free}} | hand: {seat: N, cards: [7S]} | expect: {legal: [7S], rule: lead}",
                ),
            ],
        ),
        (
            "suit",
            ["void", "holds_trump"],
            [("rule", "trump"), ("rule", "overtrump")],
            [
                (
                    "house",
                    72,
                    340,
                    "contract: {trump: hearts, rules: house} | trick: [N: 7S] | hand: {seat: E, cards: [7H]} | expect: {legal: [7H], rule: trump}",
                ),
                (
                    "official",
                    72,
                    340,
                    "contract: {trump: hearts, rules: official} | trick: [N: 7S] | hand: {seat: E, cards: [7H]} | expect: {legal: [7H], rule: trump}",
                ),
                (
                    "forbidden",
                    72,
                    340,
                    "contract: {trump: hearts, rules: {preset: house, undertrump: forbidden}} | trick: [N: 7S] | hand: {seat: E, cards: [7H]} | expect: {legal: [7H], rule: trump}",
                ),
                (
                    "free",
                    72,
                    340,
                    "contract: {trump: hearts, rules: {preset: house, all_trump_partner: free}} | trick: [N: 7S] | hand: {seat: E, cards: [7H]} | expect: {legal: [7H], rule: trump}",
                ),
            ],
        ),
        (
            "suit",
            ["void", "opponent_trumped", "not holds_trump"],
            [("rule", "no-undertrump")],
            [
                (
                    "house",
                    9,
                    350,
                    HOUSE_DISCARD_AFTER_7S_7H,
                ),
                (
                    "official",
                    9,
                    350,
                    OFFICIAL_DISCARD_AFTER_7S_7H,
                ),
                (
                    "forbidden",
                    9,
                    350,
                    FORBIDDEN_DISCARD_AFTER_7S_7H,
                ),
                (
                    "free",
                    9,
                    350,
                    FREE_DISCARD_AFTER_7S_7H,
                ),
            ],
        ),
        (
            "suit",
            ["void", "opponent_trumped", "not holds_trump"],
            [("rule", "discard"), ("must", "plain")],
            [
                ("house", 9, 350, None),
                ("official", 9, 350, None),
                ("forbidden", 9, 350, None),
                ("free", 9, 350, None),
            ],
        ),
    ],
)
def test_a_small_check_counts_its_positions_and_finds_the_smallest_counterexample(
    trump: str | list[str], when: list[str], then: Then, outcomes: list[Outcome]
) -> None:
    """300 sampled positions split among the kinds, drawn in blocks (so a few more):
    the counts are the positions ruled, the counterexample the smallest failing one
    over every kind (fewest cards in hand, then in the trick, then card order)."""
    law = PlayLaw.parse(trump=trump, when=when, then=then)
    result = check_play_law(law, RULES, samples=300)
    assert [_brief(o) for o in result.outcomes] == outcomes
    assert result.holds_under == {name for name, _, _, example in outcomes if example is None}


def test_a_rule_set_of_no_preset_is_written_with_every_knob() -> None:
    club = replace(HOUSE, name="club", undertrump="optional")
    law = PlayLaw.parse(trump="suit", when=["void", "partner_winning"], then={"may": "any"})
    outcome = check_play_law(law, {"club": club}, samples=0)["club"]
    assert (outcome.exhaustive, outcome.sampled) == (51, 0)
    assert outcome.counterexample is not None
    assert counterexample_yaml(outcome.counterexample) == (
        "kind: play\n"
        "contract: {trump: hearts, rules: {preset: club, undertrump: optional,"
        " partner_overtrump: required, all_trump_partner: climb, tie: made, belote: prenable,"
        " capot_points: 252, all_trump_points: pagat, all_trump_belote: none,"
        " classic_declarations: off}}\n"
        "trick: [N: 7S, E: 8H, S: 8S]\n"
        "hand: {seat: W, cards: [7H, 9H]}\n"
        "expect: {legal: [9H], rule: partner-wins}\n"
    )


# -- sampled positions --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("when", "target", "tricks", "sizes", "first"),
    [
        (["void", "partner_winning"], 1000, 9, {8: 1080}, (458, 1515590051646)),
        (["void", "partner_winning"], 1080, 9, {8: 1080}, (458, 1515590051646)),
        (["void", "partner_winning"], 1081, 10, {8: 1136}, (458, 1605666012201)),
        (["only_trumps"], 3000, 2335, {7: 686, 8: 2321}, (0, 190689024)),
        (["can_follow"], 3000, 25, {8: 3056}, (209, 3113276211292)),
        (
            ["void", "partner_trumped", "only_trumps", "can_overtrump"],
            5000,
            876,
            {6: 4161, 7: 840},
            (475, 249941248),
        ),
        (
            ["void", "partner_trumped", "only_trumps", "can_overtrump"],
            100_000,
            1008,
            {1: 3347, 2: 15120, 3: 27888, 4: 29120, 5: 17760, 6: 5928, 7: 840},
            (475, 2932267008),
        ),
    ],
)
def test_sampled_positions_are_seeded_distinct_and_satisfy_the_premises(
    when: list[str],
    target: int,
    tricks: int,
    sizes: dict[int, int],
    first: tuple[int, int],
) -> None:
    """Full hands where there are enough (every one where there are at most the target:
    only_trumps has 2 321), then every hand of seven cards, and so on down, the last size
    drawn; the draw is seeded, so the positions found are always the same (their first trick, and
    their hands' masks adding up to the same total). Drawing
    stops as soon as the target is reached (1 080 positions after nine blocks here)."""
    law = PlayLaw.parse(trump="suit", when=when, then={"may": "any"})
    need, forbid = law.masks
    sample = _positions(TrumpKind.SUIT, need, forbid, target)
    space = _space(TrumpKind.SUIT)
    assert [ti for ti, _ in sample] == sorted({ti for ti, _ in sample})
    assert len(sample) == tricks
    found: dict[int, int] = {}
    for _, hands in sample:
        assert len(set(hands)) == len(hands)
        for h in hands:
            found[h.bit_count()] = found.get(h.bit_count(), 0) + 1
    assert found == sizes
    assert (sample[0][0], sum(h for _, hands in sample for h in hands)) == first
    step = max(1, sum(sizes.values()) // 1500)
    every = [(ti, h) for ti, hands in sample for h in hands][::step]
    for ti, hand in every:
        trick = space.tricks[ti].cards
        assert not hand & mask_of(trick)
        premises = law_space._bits_of(position_premises(Trump.HEARTS, trick, hand))
        assert premises & need == need and not premises & forbid, (trick, hand)
