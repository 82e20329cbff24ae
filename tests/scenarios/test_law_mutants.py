"""``kind: law`` (``kinds/law.py``): each problem's message, place and code, the cache read
back without checking again, what a page shows, the note of a disagreement, the index of
a page's laws and the work shared among processes (issue 16: the law kind's mutants no
test noticed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NoReturn

import pytest

from explainer.engine import (
    COINCHE_PRESETS,
    PRESETS,
    DealLaw,
    DealOutcome,
    LawError,
    LawOutcome,
    LawResult,
    MatchConclusion,
    MatchCounterexample,
    MatchDeal,
    MatchLaw,
    MatchOutcome,
    MatchPremise,
    PlayLaw,
    Rule,
    Seat,
    Team,
    check_deal_law,
    check_match_law,
    coinche_scoring_variants,
    match_counterexample_yaml,
    match_variants,
    presets_for,
    scoring_variants,
)
from explainer.scenarios.kinds import law as law_kind
from explainer.scenarios.kinds.law_workers import read_laws
from explainer.scenarios.kinds.play import PlayView
from explainer.scenarios.loader import load_text

LAW = PlayLaw.parse(trump="suit", when=["void", "partner_winning"], then={"may": "any"})
"""Holds under official, not under house (the wrong case's law)."""
HOLDS = PlayLaw.parse(trump="suit", when=["void", "partner_winning"], then={"may": "plain"})
"""Holds under house and official."""
DEAL = DealLaw.parse(trump="suit", then=["made_scores_own"])
TWO = {"house": PRESETS["house"], "official": PRESETS["official"]}
TEXT = (
    "kind: law\nid: void-partner\ncontract: {trump: suit}\nwhen: [void, partner_winning]\n"
    "then: {may: any}\nrules: [house, official]\n"
)


def _diags(text: str) -> list[tuple[str, str]]:
    scenario, diags = load_text(text, "t.yaml")
    assert scenario is None
    return [(str(d), d.code.name) for d in diags]


def _no_check(*_: object) -> NoReturn:
    raise AssertionError("checked again")


@pytest.fixture
def fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(law_kind, "_MEMO", {})
    return tmp_path / "explainer" / "laws"


def _scenario() -> law_kind.LawScenario:
    scenario, diags = load_text(TEXT, "t.yaml")
    assert diags == []
    assert isinstance(scenario, law_kind.LawScenario)
    return scenario


FOLLOW = (
    "t.yaml:3:8: then.must: unknown class: 'follow' (expected one of any, led_suit,"
    " higher_led, trumps, higher_trumps, lower_trumps, plain)",
    "BAD_VALUE",
)
REFUSED: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "kind: law\nthen: {must: led_suit}\n",
        [("t.yaml:1:1: contract: required for kind: law", "MISSING")],
    ),
    (
        "kind: law\ncontract: {trump: suit, taker: N}\nthen: {must: led_suit}\n",
        [("t.yaml:2:25: contract: unknown key 'taker'", "UNKNOWN_KEY")],
    ),
    (
        "kind: law\ncontract: {game: tarot, trump: suit}\nthen: {must: led_suit}\n",
        [
            (
                "t.yaml:2:18: contract.game: unknown value 'tarot' (expected belote or coinche)",
                "BAD_VALUE",
            )
        ],
    ),
    (
        "kind: law\ncontract: {game: belote}\nthen: {must: led_suit}\n",
        [("t.yaml:2:1: contract.trump: required", "MISSING")],
    ),
    (
        "kind: law\ncontract: {trump: [suit, [none]]}\nthen: {must: led_suit}\n",
        [("t.yaml:2:26: contract.trump.2: expected a string, got a list", "TYPE")],
    ),
    (
        "kind: law\ncontract: {trump: {a: 1}}\nthen: {must: led_suit}\n",
        [
            (
                "t.yaml:2:19: contract.trump: expected suit, none, all or a list, got a mapping",
                "TYPE",
            )
        ],
    ),
    (
        "kind: law\ncontract: {trump: suit}\nwhen: [void, [x]]\nthen: {must: led_suit}\n",
        [("t.yaml:3:14: when.2: expected a string, got a list", "TYPE")],
    ),
    (
        "kind: law\ncontract: {trump: suit}\nwhen: void\nthen: {must: led_suit}\n",
        [("t.yaml:3:7: when: expected a list, got 'void'", "TYPE")],
    ),
    (
        "kind: law\ncontract: {trump: suit}\n",
        [("t.yaml:1:1: then: required for kind: law", "MISSING")],
    ),
    (
        "kind: law\ncontract: {trump: suit}\nthen: follow\n",
        [
            (
                "t.yaml:3:7: then: expected a mapping (a play law) or a list (a deal or match law)",
                "TYPE",
            )
        ],
    ),
    (
        "kind: law\ncontract: {trump: suit}\nthen: {must: [x]}\n",
        [("t.yaml:3:14: then.must: expected a string, got a list", "TYPE")],
    ),
    (
        "kind: law\ncontract: {trump: suit}\nthen: {must: follow}\nrules: scoring_variants\n",
        [
            (
                "t.yaml:4:8: rules: scoring_variants is for deal and match laws",
                "BAD_RULES",
            ),
            FOLLOW,
        ],
    ),
    (
        "kind: law\ncontract: {game: coinche, trump: suit}\nthen: [made_scores_own]\n"
        "rules: scoring_variants\n",
        [
            (
                "t.yaml:3:8: then.1: made_scores_own is a word of belote deal laws"
                " (contract.game: belote)",
                "INVALID",
            )
        ],
    ),
    (
        "kind: law\ncontract: {trump: suit}\nwhen: [made, coinched]\nthen: [card_points_152]\n",
        [
            (
                "t.yaml:3:14: when.2: coinched is a word of coinche deal laws"
                " (contract.game: coinche)",
                "INVALID",
            )
        ],
    ),
    (
        "kind: law\ncontract: {game: coinche, trump: suit}\nthen: [one_winner]\n",
        [
            (
                "t.yaml:3:7: then: match laws are checked on classic matches"
                " (contract.game: belote)",
                "BAD_VALUE",
            )
        ],
    ),
    (
        "kind: law\ncontract: {trump: suit}\nwhen: [not both_reach, not litge]\n"
        "then: [points_add_up, card_points_152]\n",
        [
            (
                "t.yaml:3:24: when.2: unknown premise: 'not litge' (did you mean 'litige'?)",
                "BAD_VALUE",
            ),
            (
                "t.yaml:4:23: then.2: unknown conclusion: 'card_points_152' (expected one of"
                " one_winner, winner_ahead, points_add_up, both_reach, litige)",
                "BAD_VALUE",
            ),
        ],
    ),
    (
        "kind: law\ncontract: {game: coinche, trump: suit}\nthen: [failed_defenders_all]\n"
        "rules: [ffb_coinche]\n",
        [
            (
                "t.yaml:3:8: then.1: failed_defenders_all is a word of belote deal laws"
                " (contract.game: belote)",
                "INVALID",
            )
        ],
    ),
    (
        "kind: law\ncontract: {trump: suit}\nthen: {must: led_suit}\nrules: house\n",
        [("t.yaml:4:8: rules: expected a list of presets, got 'house'", "TYPE")],
    ),
    (
        "kind: law\ncontract: {trump: suit}\nthen: {must: follow}\nrules: {a: 1}\n",
        [("t.yaml:4:8: rules: expected a list of presets, got a mapping", "TYPE"), FOLLOW],
    ),
    (
        "kind: law\ncontract: {trump: suit}\nthen: {must: follow}\nrules: [[x], hous, offical]\n",
        [
            ("t.yaml:4:9: rules.1: expected a preset, got a list", "TYPE"),
            (
                "t.yaml:4:14: rules.2: unknown preset 'hous' (did you mean 'house'?) (expected"
                " house, ffb_belote, pagat_belote or official)",
                "BAD_RULES",
            ),
            (
                "t.yaml:4:20: rules.3: unknown preset 'offical' (did you mean 'official'?)"
                " (expected house, ffb_belote, pagat_belote or official)",
                "BAD_RULES",
            ),
            FOLLOW,
        ],
    ),
    (
        "kind: law\ncontract: {game: coinche, trump: suit}\nthen: {must: follow}\nrules: [house]\n",
        [
            (
                "t.yaml:4:9: rules.1: unknown preset 'house' (expected ffb_coinche, ffb_contree"
                " or pagat_coinche)",
                "BAD_RULES",
            ),
            FOLLOW,
        ],
    ),
    (
        "kind: law\ncontract: {trump: suit}\nthen: {must: follow}\nexpect: {holds_under: house}\n",
        [
            ("t.yaml:4:23: expect.holds_under: expected a list of rule sets, got 'house'", "TYPE"),
            FOLLOW,
        ],
    ),
    (
        "kind: law\ncontract: {trump: suit}\nthen: {must: follow}\n"
        "expect: {holds_under: [house, [x]]}\n",
        [("t.yaml:4:31: expect.holds_under.2: expected a rule set, got a list", "TYPE"), FOLLOW],
    ),
    (
        "kind: law\ncontract: {trump: suit}\nthen: {must: follow}\nrules: [house, official]\n"
        "expect: {holds_under: [house, pagat_belote, ffb]}\n",
        [
            (
                "t.yaml:5:10: expect.holds_under: 'ffb' is not checked (rules: house, official)",
                "BAD_RULES",
            ),
            (
                "t.yaml:5:10: expect.holds_under: 'pagat_belote' is not checked (rules: house,"
                " official)",
                "BAD_RULES",
            ),
            FOLLOW,
        ],
    ),
    (
        "kind: law\ncontract: {trump: none}\nwhen: [trump_led]\nthen: {must: led_suit}\n",
        [("t.yaml:3:8: when.1: premise trump_led means nothing with trump: none", "INVALID")],
    ),
    (
        "kind: law\ncontract: {trump: suit}\nthen: {}\n",
        [("t.yaml:3:1: then: a law needs a conclusion", "INVALID")],
    ),
    (
        "kind: law\ncontract: {trump: [suit, sans]}\nthen: [made_scores_own, nonsense]\n",
        [
            (
                "t.yaml:2:26: contract.trump.2: unknown trump: 'sans' (expected one of suit, none, all)",
                "BAD_VALUE",
            ),
            (
                "t.yaml:3:25: then.2: unknown conclusion: 'nonsense' (expected one of"
                " card_points_152, points_162_or_capot, made_scores_own, failed_takers_zero,"
                " failed_defenders_all, takers_keep_belote, capot_252, belote_each_pair,"
                " declarations_scored, made, failed, litige, capot, belote, takers_belote, tie,"
                " king_queen, declaration)",
                "BAD_VALUE",
            ),
        ],
    ),
]


@pytest.mark.parametrize(("text", "expected"), REFUSED)
def test_a_bad_law_is_refused_with_each_problem_at_its_place(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert _diags(text) == expected


def test_a_cached_play_law_result_is_read_back_without_checking_again(
    fresh_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh = law_kind.checked_result(LAW, TWO)
    assert fresh.outcomes[0].counterexample is not None  # house: a counterexample kept
    assert law_kind.checked_result(LAW, TWO) is fresh  # remembered in this process
    law_kind._MEMO.clear()
    monkeypatch.setattr(law_kind, "_check", _no_check)
    assert law_kind.is_cached(LAW, TWO)
    assert law_kind.checked_result(LAW, TWO) == fresh


def test_a_holding_deal_law_result_is_cached_and_read_back(fresh_cache: Path) -> None:
    result = LawResult((DealOutcome("house", True, 100, 60), DealOutcome("official", True, 90, 50)))
    law_kind._store("k", result)
    assert law_kind._load("k", TWO) == result
    # read under rule sets in another order, the entry is not theirs
    assert law_kind._load("k", {"official": TWO["official"], "house": TWO["house"]}) is None


def test_a_result_checked_elsewhere_is_remembered_and_cached(
    fresh_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = LawResult(
        (LawOutcome("house", True, 10, 0, None), LawOutcome("official", True, 12, 0, None))
    )
    monkeypatch.setattr(law_kind, "_check", _no_check)
    law_kind.remember(HOLDS, TWO, result)
    assert law_kind.checked_result(HOLDS, TWO) is result
    law_kind._MEMO.clear()
    assert law_kind.checked_result(HOLDS, TWO) == result


def test_the_cache_key_depends_on_the_rule_sets_contents() -> None:
    same_names = {"house": PRESETS["official"], "official": PRESETS["house"]}
    assert law_kind.law_key(LAW, TWO) != law_kind.law_key(LAW, same_names)
    assert law_kind.law_key(LAW, TWO) == law_kind.law_key(LAW, dict(TWO))


def test_a_page_shows_a_play_law_with_its_counterexample_as_a_play_example() -> None:
    s = _scenario()
    view = KIND_VIEW(s)
    assert (view.scenario, view.play, view.presets, view.holds_under) == (
        s,
        True,
        ("house", "official"),
        ("official",),
    )
    house, official = s.outcome.outcomes
    assert view.checked == max(house.checked, official.checked) > 0
    ((preset, example),) = view.counterexamples
    assert preset == "house"
    assert isinstance(example, PlayView)
    cx = house.counterexample
    assert cx is not None
    play = example.scenario
    assert (play.id, play.kind, play.path) == ("void-partner-house", "play", s.path)
    assert (play.rules, play.hand_seat, play.hand, play.trick) == (
        cx.rules,
        cx.seat,
        cx.hand,
        cx.trick,
    )
    assert (play.contract.trump, play.contract.game) == (cx.trump, "belote")
    assert play.outcome.ruling is not None
    assert example.rule is cx.rule
    assert tuple(play.outcome.ruling.legal) == cx.legal


def KIND_VIEW(s: law_kind.LawScenario) -> law_kind.LawView:  # noqa: N802 - the kind's view
    return law_kind.KIND.view(s)


def test_a_page_shows_a_deal_law_over_its_most_deals() -> None:
    result = LawResult(
        (DealOutcome("house", True, 100, 60), DealOutcome("official", False, 120, 70))
    )
    s = _scenario()
    deal = law_kind.LawScenario(
        id="d", kind="law", path=s.path, game="belote", law=DEAL, rule_sets=TWO, outcome=result
    )
    view = law_kind.KIND.view(deal)
    assert (view.play, view.presets, view.holds_under, view.checked, view.counterexamples) == (
        False,
        ("house", "official"),
        ("house",),
        120,
        (),
    )


def test_the_note_gives_each_failing_preset_its_counterexample_and_each_holding_one_its_count() -> (
    None
):
    s = _scenario()
    failing, _ = s.outcome.outcomes  # house's, with its counterexample
    assert failing.counterexample is not None
    both = LawResult(
        (
            LawOutcome("house", False, 5, 0, failing.counterexample),
            LawOutcome("official", False, 6, 0, failing.counterexample),
        )
    )
    line = law_kind.counterexample_line(failing.counterexample)
    note = law_kind.KIND.note(
        "holds_under", frozenset({"house", "official"}), None, {"holds_under": both}
    )
    assert (
        note == f"; under house it does not hold: {line}; under official it does not hold: {line}"
    )
    held = LawResult(
        (LawOutcome("house", True, 5, 0, None), LawOutcome("official", True, 6, 1, None))
    )
    assert (
        law_kind.KIND.note("holds_under", frozenset(), None, {"holds_under": held})
        == "; under house it holds over 5 positions; under official it holds over 7 positions"
    )


def test_fill_writes_the_presets_a_law_holds_under_sorted() -> None:
    result = LawResult(
        (LawOutcome("official", True, 1, 0, None), LawOutcome("house", True, 1, 0, None))
    )
    assert law_kind.PRESET_SET.to_yaml(result) == ["house", "official"]


def test_only_a_deal_law_licenses_the_numbers_152_and_162() -> None:
    s = _scenario()
    deal = law_kind.LawScenario(
        id="d", kind="law", path=s.path, game="belote", law=DEAL, rule_sets=TWO, outcome=s.outcome
    )
    assert law_kind.KIND.licensed_numbers(deal) == {152, 162}
    assert law_kind.KIND.licensed_numbers(s) == set()


def test_a_pages_laws_are_numbered_in_order_and_an_unstated_rule_links_nowhere() -> None:
    s = _scenario()
    view = law_kind.KIND.view(s)
    other = law_kind.KIND.view(
        law_kind.LawScenario(
            id="second",
            kind="law",
            path=s.path,
            game="belote",
            law=LAW,
            rule_sets=TWO,
            outcome=s.outcome,
        )
    )
    index = law_kind.law_index([view, "not a law", other])
    assert dict(index.numbers) == {"void-partner": 1, "second": 2}
    (_, example) = view.counterexamples[0]
    assert example.rule is not None
    assert law_kind.LawIndex({}, {}).link(example) is None


def test_deal_laws_share_their_deals_and_play_laws_their_positions() -> None:
    assert law_kind.shared_work(DEAL, TWO) == ("deal", ("suit",))
    assert law_kind.shared_work(LAW, TWO) == ("play", LAW.masks)


def test_deal_laws_of_other_kinds_of_contract_share_nothing() -> None:
    all_trump = DealLaw.parse(trump="all", then=["made_scores_own"])
    both = DealLaw.parse(trump=["all", "suit"], then=["made_scores_own"])
    assert law_kind.shared_work(all_trump, TWO) == ("deal", ("all",))
    assert law_kind.shared_work(both, TWO) == ("deal", ("all", "suit"))


def test_a_groups_weight_counts_its_kinds_of_contract_and_its_laws() -> None:
    deal_kinds, play_kinds = len(DEAL.kinds), len(LAW.kinds)
    assert law_kind.weight([(DEAL, TWO)]) == pytest.approx(1.5 * deal_kinds + 0.03)
    assert law_kind.weight([(LAW, TWO), (HOLDS, TWO)]) == pytest.approx(0.2 * play_kinds + 0.06)


def test_a_coinche_play_law_plays_each_presets_classic_rule_set() -> None:
    rule_set = law_kind._rule_set("coinche", "ffb_coinche", deal=False)
    assert rule_set == COINCHE_PRESETS["ffb_coinche"].play_rules
    assert law_kind._rule_set("belote", "house", deal=False) is PRESETS["house"]


def test_a_coinche_deal_law_is_checked_under_each_coinche_preset_itself() -> None:
    assert (
        law_kind._rule_set("coinche", "pagat_coinche", deal=True)
        is COINCHE_PRESETS["pagat_coinche"]
    )
    assert law_kind._rule_set("belote", "house", deal=True) is PRESETS["house"]


def test_a_law_keeps_the_rule_sets_it_is_checked_under() -> None:
    assert dict(_scenario().rule_sets) == TWO


def test_a_coinche_law_without_rules_is_checked_under_every_coinche_presets_play_rules() -> None:
    scenario, diags = load_text(
        "kind: law\ncontract: {game: coinche, trump: suit}\nwhen: [void, partner_winning]\n"
        "then: {may: any}\n",
        "t.yaml",
    )
    assert diags == []
    assert isinstance(scenario, law_kind.LawScenario)
    assert dict(scenario.rule_sets) == {n: p.play_rules for n, p in COINCHE_PRESETS.items()}
    assert [o.preset for o in scenario.outcome.outcomes] == list(COINCHE_PRESETS)


def test_a_law_keeps_the_game_of_its_contract() -> None:
    """The law's game is part of the law (and so of its cache key): a Coinche play law is
    a Coinche law, a deal law a Belote one."""
    coinche = _coinche_law().law
    assert coinche == PlayLaw.parse(
        trump="suit", when=["void", "partner_winning"], then={"may": "any"}, game="coinche"
    )
    assert coinche.game == "coinche"


def _coinche_law() -> law_kind.LawScenario:
    scenario, diags = load_text(
        "kind: law\nid: c\ncontract: {game: coinche, trump: suit}\n"
        "when: [void, partner_winning]\nthen: {may: any}\n",
        "t.yaml",
    )
    assert diags == []
    assert isinstance(scenario, law_kind.LawScenario)
    return scenario


def test_a_coinche_laws_counterexample_is_a_coinche_play_under_the_failing_presets_rules() -> None:
    """Only ffb_coinche fails (partner_overtrump: no_lower); its counterexample is shown
    as a Coinche play under ffb_coinche's play rules, which no classic preset has."""
    s = _coinche_law()
    ((preset, example),) = law_kind.KIND.view(s).counterexamples
    cx = s.outcome.outcomes[0].counterexample
    assert cx is not None
    assert preset == "ffb_coinche"
    assert cx.rules == COINCHE_PRESETS["ffb_coinche"].play_rules
    assert cx.rules.partner_overtrump == "no_lower"
    assert all(cx.rules.partner_overtrump != r.partner_overtrump for r in PRESETS.values())
    assert example.scenario.rules == cx.rules
    assert (example.scenario.contract.trump, example.scenario.contract.game) == (
        cx.trump,
        "coinche",
    )
    assert example.rule is cx.rule


def test_a_deal_law_with_scoring_variants_is_read_under_every_scoring_variant(
    tmp_path: Path,
) -> None:
    """Read, not checked (checking every variant takes seconds)."""
    path = tmp_path / "law.yaml"
    path.write_text(
        "kind: law\nid: d\ncontract: {trump: suit}\nthen: [made_scores_own]\n"
        "rules: scoring_variants\n",
        encoding="utf-8",
    )
    ((law, rule_sets),) = read_laws([path])
    assert law == DealLaw.parse(trump="suit", then=["made_scores_own"])
    assert law.game == "belote"
    assert dict(rule_sets) == scoring_variants("belote")
    assert len(rule_sets) > len(presets_for("belote"))


def test_a_coinche_deal_law_is_read_under_each_coinche_preset_or_every_scoring_variant(
    tmp_path: Path,
) -> None:
    """Read, not checked: a Coinche deal law's rule sets are the Coinche rule sets
    themselves (their deals are bid and scored as Coinche deals), not their play rules."""
    path = tmp_path / "law.yaml"
    text = "kind: law\nid: d\ncontract: {game: coinche, trump: suit}\nthen: [capot_252]\n"
    path.write_text(text, encoding="utf-8")
    ((law, rule_sets),) = read_laws([path])
    assert law == DealLaw.parse(trump="suit", then=["capot_252"], game="coinche")
    assert dict(rule_sets) == dict(COINCHE_PRESETS)
    path.write_text(text + "rules: scoring_variants\n", encoding="utf-8")
    ((_, rule_sets),) = read_laws([path])
    assert dict(rule_sets) == coinche_scoring_variants()
    assert "pagat_coinche, belote: prenable" in rule_sets


def test_a_coinche_deal_laws_counterexample_is_cached_with_its_contract() -> None:
    law = DealLaw.parse(trump="suit", when=["tie"], then=["failed"], game="coinche")
    rules = {"ffb_contree": COINCHE_PRESETS["ffb_contree"]}
    result = check_deal_law(law, rules, samples=2000)
    data = law_kind._encode(result)
    assert data is not None
    (back,) = law_kind._decode(data, rules).outcomes
    (said,) = result.outcomes
    assert (back.preset, back.holds, back.deals, back.matching) == (
        said.preset,
        said.holds,
        said.deals,
        said.matching,
    )
    assert back.counterexample is not None and said.counterexample is not None
    cx, was = back.counterexample, said.counterexample
    assert (cx.contract, cx.coinche, cx.conclusion) == (was.contract, was.coinche, was.conclusion)
    assert (cx.deal.cards, cx.deal.taker, cx.deal.leader) == (
        was.deal.cards,
        was.deal.taker,
        was.deal.leader,
    )
    assert cx.rules == COINCHE_PRESETS["ffb_contree"].play_rules


def test_the_note_of_a_failing_deal_law_names_the_conclusion_false_in_a_deal() -> None:
    capot = DealLaw.parse(trump="suit", then=["capot"])
    result = check_deal_law(capot, {"house": PRESETS["house"]}, samples=20)
    assert not result.outcomes[0].holds
    assert (
        law_kind.KIND.note("holds_under", frozenset({"house"}), None, {"holds_under": result})
        == "; under house it does not hold: capot is false in a deal"
    )


def test_a_law_problem_the_engine_does_not_place_is_reported_on_the_law(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every problem the engine finds now carries its place; one that does not (``where``
    defaults to nothing) is put on the scenario, worded ``law: ...``."""

    def unplaced(**_: object) -> tuple[None, list[LawError]]:
        return None, [LawError("cannot be checked")]

    monkeypatch.setattr(PlayLaw, "parse_all", unplaced)
    assert _diags(TEXT) == [("t.yaml:1:1: law: cannot be checked", "INVALID")]


def test_the_law_cache_keeps_its_newest_entries_up_to_its_own_limit(
    fresh_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The laws' folder keeps CACHE_KEEP entries, not the cache's default: with a limit of
    20 (more than the default 16), 20 of 30 results are kept."""
    monkeypatch.setattr(law_kind, "CACHE_KEEP", 20)
    result = LawResult((DealOutcome("house", True, 100, 60),))
    for i in range(30):
        law_kind._store(f"k{i}", result)
    assert len(list(fresh_cache.glob("*.json"))) == 20


def test_a_counterexample_is_ruled_again_under_its_presets_rules() -> None:
    """Under official a player who cannot overtrump may discard (undertrump: optional), so
    "must trumps" fails there; ruled under house the same position would force the trump."""
    scenario, diags = load_text(
        "kind: law\nid: u\ncontract: {trump: suit}\n"
        "when: [void, opponent_trumped, only_lower_trumps, not only_trumps]\n"
        "then: {must: trumps}\nrules: [official]\n",
        "t.yaml",
    )
    assert diags == []
    assert isinstance(scenario, law_kind.LawScenario)
    ((preset, example),) = law_kind.KIND.view(scenario).counterexamples
    cx = scenario.outcome.outcomes[0].counterexample
    assert cx is not None
    assert preset == "official"
    ruling = example.scenario.outcome.ruling
    assert ruling is not None
    assert (str(ruling.legal), ruling.rule) == ("7H 7D", Rule.DISCARD)
    assert tuple(ruling.legal) == cx.legal


MATCH = MatchLaw.parse(trump="suit", then=["one_winner"])
THREE = {name: PRESETS[name] for name in presets_for("belote")}


def _match_scenario(result: Any, law: MatchLaw = MATCH) -> law_kind.LawScenario:
    return law_kind.LawScenario(
        id="m", kind="law", path=Path("m.yaml"), game="belote", law=law, rule_sets=THREE,
        outcome=result,
    )  # fmt: skip


def test_a_page_shows_a_match_law_over_its_matches() -> None:
    result = LawResult(
        (
            MatchOutcome("house", True, 1000, 1000, 10500),
            MatchOutcome("ffb_belote", True, 900, 5, 9),
        )
    )
    view = law_kind.KIND.view(_match_scenario(result))
    assert (view.play, view.match, view.holds_under, view.checked, view.counterexamples) == (
        False,
        True,
        ("house", "ffb_belote"),
        1000,
        (),
    )
    assert law_kind.checked_line(_match_scenario(result)) == (
        "m.yaml: law m checked on 1000 matches (10500 deals) under house;"
        " 900 matches (9 deals; 5 meeting its premises) under ffb_belote"
    )


def test_a_holding_match_law_result_is_cached_and_read_back(fresh_cache: Path) -> None:
    result = LawResult(
        (
            MatchOutcome("house", True, 10, 10, 100),
            MatchOutcome("ffb_belote", False, 10, 4, 90),
            MatchOutcome("pagat_belote", True, 10, 10, 95),
        )
    )
    law_kind._store("m", result)
    assert law_kind._load("m", THREE) == result


@pytest.mark.parametrize("said", [MatchConclusion.WINNER_AHEAD, MatchPremise.LITIGE])
def test_every_field_of_a_failing_match_is_cached_and_read_back(
    fresh_cache: Path, said: MatchConclusion | MatchPremise
) -> None:
    deals = (
        MatchDeal((0, 182), Team.EW, (Team.NS, Team.EW), Team.NS, False, None, 0),
        MatchDeal((0, 0), None, (), None, True, None, 0),
        MatchDeal((81, 0), None, (), None, False, None, 81),
        MatchDeal((100, 62), None, (Team.NS,), None, False, Team.NS, 0),
    )
    cx = MatchCounterexample(PRESETS["ffb_belote"], Seat.W, (640, 912), deals, said)
    result = LawResult(
        (
            MatchOutcome("house", True, 10, 10, 100),
            MatchOutcome("ffb_belote", False, 10, 4, 90, cx),
            MatchOutcome("pagat_belote", True, 10, 10, 95),
        )
    )
    law_kind._store("m", result)
    assert law_kind._load("m", THREE) == result


def test_mixed_cached_outcomes_are_unreadable(fresh_cache: Path) -> None:
    with pytest.raises(ValueError, match="mixed"):
        law_kind._decode([["match", "house", True, 1, 1, 1], ["deal", "x", True, 1, 1]], THREE)


def test_a_failing_match_law_is_cached_with_its_match_and_its_note_gives_the_match(
    fresh_cache: Path,
) -> None:
    rule_sets = {"pagat_belote": PRESETS["pagat_belote"]}
    result = check_match_law(MATCH, rule_sets, samples=200)
    failing = result["pagat_belote"]
    assert failing.counterexample is not None
    law_kind._store("failing", result)
    assert law_kind._load("failing", rule_sets) == result  # read back, the match and all
    line = ", ".join(match_counterexample_yaml(failing.counterexample).splitlines())
    note = law_kind.KIND.note(
        "holds_under", frozenset({"pagat_belote"}), None, {"holds_under": result}
    )
    assert (
        note
        == f"; under pagat_belote it does not hold: one_winner is false in this match: {{{line}}}"
    )
    held = LawResult((MatchOutcome("house", True, 10, 7, 100),))
    assert (
        law_kind.KIND.note("holds_under", frozenset(), None, {"holds_under": held})
        == "; under house it holds over 7 of 10 matches"
    )


def test_a_match_law_licenses_the_targets_of_its_rule_sets() -> None:
    s = _match_scenario(None)
    assert law_kind.KIND.licensed_numbers(s) == {1000}
    other = law_kind.LawScenario(
        id="m", kind="law", path=Path("m.yaml"), game="belote", law=MATCH,
        rule_sets={"x": PRESETS["house"].with_knobs(target="501")}, outcome=None,
    )  # fmt: skip
    assert law_kind.KIND.licensed_numbers(other) == {501}


def test_match_laws_share_the_deal_laws_deals_and_weigh_their_rule_sets() -> None:
    assert law_kind.shared_work(MATCH, THREE) == law_kind.shared_work(DEAL, TWO)
    both = law_kind.weight([(DEAL, TWO), (MATCH, THREE)])
    assert both == pytest.approx(1.5 * 1 + 0.06 + 0.2 * 3)  # one kind of contract, shared


def test_a_match_law_with_scoring_variants_is_read_under_every_match_variant(
    tmp_path: Path,
) -> None:
    path = tmp_path / "law.yaml"
    path.write_text(
        "kind: law\nid: m\ncontract: {trump: suit}\nwhen: [not litige]\n"
        "then: [winner_ahead, both_reach]\nrules: scoring_variants\n",
        encoding="utf-8",
    )
    ((law, rule_sets),) = read_laws([path])
    assert law == MatchLaw.parse(
        trump="suit", when=["not litige"], then=["winner_ahead", "both_reach"]
    )
    assert dict(rule_sets) == match_variants("belote")


def test_a_match_law_is_checked_by_the_match_check() -> None:
    result = law_kind._check(MATCH, {"house": PRESETS["house"]})
    assert isinstance(result.outcomes[0], MatchOutcome)
