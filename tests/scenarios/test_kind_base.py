"""What every kind shares (``kinds/base.py``): a fact's schema, the defaults a kind may
override, reading ``expect``, and where an engine refusal is reported (issue 16: the
mutants of the base module no case file noticed)."""

from __future__ import annotations

from typing import Any

import pytest

from explainer.engine import (
    DeclarationError,
    EngineError,
    IllegalPlayError,
    InvalidDealError,
    Team,
    Trump,
    parse_card,
)
from explainer.scenarios.facts import INTEGER, TEAM_POINTS
from explainer.scenarios.kinds import KINDS
from explainer.scenarios.kinds.base import (
    Fact,
    Kind,
    played,
    report_declaration_error,
    require,
    sort_for_display,
    teams,
)
from explainer.scenarios.model import Scenario
from explainer.scenarios.reader import Reader
from explainer.scenarios.yamlsource import compose

# A deal's keys as a file writes them: tricks.1.2 is at 4:7, announced.N at 6:3.
TEXT = "kind: deal\ntricks:\n  - [N: 7S]\n  - [N: 8S, E: 9S]\nannounced:\n  N: [tierce 9S]\n"


def _reader() -> Reader:
    """A reader that has read ``TEXT``'s keys, so ``r.keys.where`` finds them."""
    r = Reader("x.yaml")
    root = compose(TEXT)
    assert root is not None
    pairs = r.mapping(root, (), None)
    assert pairs is not None
    for i, item in enumerate(r.sequence(pairs["tricks"][1], ("tricks",)) or (), 1):
        r.plays(item, ("tricks", i))
    announced = r.mapping(pairs["announced"][1], ("announced",), None)
    assert announced is not None
    for key, (_, vnode) in announced.items():
        r.sequence(vnode, ("announced", key))
    return r


def _diags(r: Reader) -> list[tuple[str, str]]:
    return [(str(d), d.code.name) for d in r.diags]


def test_a_fact_schema_is_its_types_with_the_description_added() -> None:
    fact = Fact("points", INTEGER, "the trick's points")
    assert fact.schema == {**INTEGER.schema, "description": "the trick's points"}
    assert "description" not in INTEGER.schema  # the type's own schema is left alone


def test_a_fact_without_description_has_its_types_schema() -> None:
    assert Fact("points", INTEGER).schema == dict(INTEGER.schema)


def test_a_kind_finds_its_fact_by_key_and_refuses_another() -> None:
    kind = KINDS["play"]
    assert kind.fact("winner").key == "winner"
    assert kind.fact_keys == ("legal", "rule", "winner", "points")
    with pytest.raises(KeyError, match="bogus"):
        kind.fact("bogus")


def test_a_kinds_defaults_one_macro_no_rules_no_variants_every_computed_key() -> None:
    kind: Kind[Any] = KINDS["bidding"]
    scenario = Scenario(id="x", kind="bidding", path="x.yaml")
    assert kind.macro_of(scenario) == "bidding"
    assert kind.rules_of(scenario) is None
    assert kind.variant_facts(scenario) is None
    assert Kind.fill_keys(kind, {"annulled": False, "taker": None, "bogus": 1}) == [
        "taker",
        "annulled",
    ]


def test_the_base_kind_leaves_each_step_to_the_kind() -> None:
    kind: Kind[Any] = Kind()
    scenario = Scenario(id="x", kind="x", path="x.yaml")
    with pytest.raises(NotImplementedError):
        kind.read(Reader("x.yaml"), {}, {})
    with pytest.raises(NotImplementedError):
        kind.computed(scenario)
    with pytest.raises(NotImplementedError):
        kind.properties()
    with pytest.raises(NotImplementedError):
        kind.view(scenario)
    with pytest.raises(NotImplementedError):
        kind.recompute(scenario, None)


def test_the_numbers_a_scenario_may_give_are_those_of_its_stated_facts() -> None:
    kind: Kind[Any] = KINDS["deal"]
    expect = {"points": {Team.NS: 91, Team.EW: 71}, "made": True}
    scenario = Scenario(id="x", kind="deal", path="x.yaml", expect=expect)
    assert Kind.licensed_numbers(kind, scenario) == {91, 71}


def test_a_disagreement_note_is_the_fact_types_differences() -> None:
    kind: Kind[Any] = KINDS["deal"]
    said, got = {Team.NS: 90, Team.EW: 72}, {Team.NS: 91, Team.EW: 71}
    note = Kind.note(kind, "points", said, got, {})
    assert note == TEAM_POINTS.differences(said, got)


def _expect(text: str) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    r = Reader("x.yaml")
    root = compose(text)
    assert root is not None
    pairs = r.mapping(root, (), None)
    assert pairs is not None
    return KINDS["play"].read_expect(r, pairs), _diags(r)


def test_expect_with_nothing_yet_states_no_fact() -> None:
    assert _expect("expect:\n") == ({}, [])


def test_expect_as_an_empty_quoted_string_is_not_a_mapping() -> None:
    assert _expect("expect: ''\n") == (
        {},
        [("x.yaml:1:9: expect: expected a mapping, got nothing", "TYPE")],
    )


def test_expect_drops_a_bad_value_and_keeps_the_others() -> None:
    assert _expect("expect: {winner: Q, points: 12}\n") == (
        {"points": 12},
        [("x.yaml:1:18: invalid seat: 'Q' (expected N, E, S or W)", "BAD_SEAT")],
    )


def test_a_missing_required_key_is_reported_at_the_files_start() -> None:
    r = Reader("x.yaml")
    assert require(r, {}, "dealer", "bidding") is None
    assert _diags(r) == [("x.yaml:1:1: dealer: required for kind: bidding", "MISSING")]


def test_cards_are_shown_by_suit_highest_first_by_the_trumps_order() -> None:
    cards = [parse_card(c) for c in ("7H", "JH", "AS", "9H", "AH", "7S")]
    shown = [parse_card(c) for c in ("AS", "7S", "JH", "9H", "AH", "7H")]
    assert sort_for_display(cards, Trump.HEARTS) == tuple(shown)
    plain = [parse_card(c) for c in ("AS", "7S", "AH", "JH", "9H", "7H")]
    assert sort_for_display(cards) == tuple(plain)


def test_an_engine_pair_is_ns_then_ew() -> None:
    assert teams((90, 72)) == {Team.NS: 90, Team.EW: 72}


def _raise(exc: Exception) -> Any:
    def run() -> Any:
        raise exc

    return run


def test_a_finished_run_gives_its_result_and_reports_nothing() -> None:
    r = _reader()
    assert played(r, lambda: 42) == 42
    assert r.diags == []


# (the engine's refusal, the diagnostic it gives)
REFUSALS: list[tuple[Exception, tuple[str, str]]] = [
    (
        IllegalPlayError("no", card=0, trick_index=1, play_index=1),
        ("x.yaml:4:13: no", "ILLEGAL_PLAY"),
    ),
    (InvalidDealError("bad", trick_index=1), ("x.yaml:4:5: bad", "BAD_DEAL")),
    (InvalidDealError("bad"), ("x.yaml:2:1: bad", "BAD_DEAL")),
    (InvalidDealError("bad", trick_index=0, play_index=0), ("x.yaml:3:6: bad", "BAD_DEAL")),
    (EngineError("other"), ("x.yaml:2:1: other", "BAD_DEAL")),
    (
        DeclarationError("not a run", seat="N", index=0),
        ("x.yaml:6:7: announced.N[1]: not a run", "BAD_VALUE"),
    ),
]


@pytest.mark.parametrize(("exc", "diag"), REFUSALS)
def test_an_engine_refusal_is_reported_at_the_trick_play_or_declaration_it_names(
    exc: Exception, diag: tuple[str, str]
) -> None:
    r = _reader()
    assert played(r, _raise(exc)) is None
    assert _diags(r) == [diag]


def test_a_declaration_error_of_no_seat_is_reported_at_announced() -> None:
    r = _reader()
    report_declaration_error(r, DeclarationError("too many"))
    assert _diags(r) == [("x.yaml:5:1: too many", "BAD_VALUE")]


def test_a_declaration_error_of_a_seat_not_one_token_is_reported_at_the_seat() -> None:
    r = _reader()
    report_declaration_error(r, DeclarationError("cards twice", seat="N"))
    assert _diags(r) == [("x.yaml:6:3: announced.N: cards twice", "BAD_VALUE")]


def test_expect_names_a_key_the_kind_does_not_state() -> None:
    assert _expect("expect: {winer: N, points: 12}\n") == (
        {"points": 12},
        [("x.yaml:1:10: expect: unknown key 'winer' (did you mean 'winner'?)", "UNKNOWN_KEY")],
    )
