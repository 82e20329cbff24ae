"""``explainer/scenarios/runner.py``: what each diagnostic of the run says, where, with
which code and severity (issue 16: the runner's mutants the case files did not notice —
a case file's line shows neither the code nor the severity)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from explainer.scenarios import runner
from explainer.scenarios.diagnostics import DISAGREE, INVALID, Code, Diagnostic, Location
from explainer.scenarios.loader import load_text
from explainer.scenarios.model import Scenario
from explainer.scenarios.runner import run, run_all

FULL_TRICK = "contract: {trump: hearts}\ntrick: [N: AS, E: 7S, S: 8S, W: 9S]\n"
STATED = "expect: {winner: N}\n"
"""A fact the trick states, written last: an example that states none is refused."""
NOT_A_FACT = (
    "is not one of this example's checked facts (state it under expect, or write it in words)"
)
UNKNOWN_NAME = (
    "expected one of belote, last_trick, capot, deal_total, points; points takes a card:"
    " {=points:JH}"
)


def _scenario(text: str) -> Scenario:
    scenario, diags = load_text(text, "x.yaml")
    assert diags == []
    assert isinstance(scenario, Scenario)
    return scenario


def _at(line: int, *key: str | int) -> Location:
    return Location("x.yaml", line, 1, key)


def _bad_token(line: int, key: str, token: str, why: str = UNKNOWN_NAME) -> Diagnostic:
    """The whole diagnostic of a value token ``{=token}`` the check cannot compute."""
    return Diagnostic(
        _at(line, key), f"{key}: unknown value token {{={token}}} ({why})", Code.BAD_VALUE, INVALID
    )


def test_a_number_in_the_title_is_a_prose_number_of_the_title() -> None:
    scenario = _scenario(FULL_TRICK + "title: A trick of 7\n" + STATED)
    assert run(scenario) == [
        Diagnostic(
            _at(3, "title"), f"title: the number 7 {NOT_A_FACT}", Code.PROSE_NUMBER, DISAGREE
        )
    ]


def test_a_number_right_after_a_card_token_is_still_a_prose_number() -> None:
    scenario = _scenario(FULL_TRICK + "text: North leads {AS}7 times.\n" + STATED)
    assert [str(d) for d in run(scenario)] == [f"x.yaml:3:1: text: the number 7 {NOT_A_FACT}"]


def test_a_bad_value_token_in_the_title_is_kept_beside_one_in_the_text() -> None:
    scenario = _scenario(FULL_TRICK + "title: Worth {=beloet}\ntext: Worth {=capt}.\n" + STATED)
    assert run(scenario) == [_bad_token(3, "title", "beloet"), _bad_token(4, "text", "capt")]


def test_known_value_tokens_are_not_reported() -> None:
    scenario = _scenario(
        FULL_TRICK + "text: '{=belote}, {=points:JH}, {=capot}, {=deal_total}'\n" + STATED
    )
    assert run(scenario) == []
    assert run_all([scenario]) == []


def test_a_bad_value_token_after_a_good_one_is_reported() -> None:
    scenario = _scenario(FULL_TRICK + "text: Worth {=belote}, then {=belotte}.\n" + STATED)
    assert run(scenario) == [_bad_token(3, "text", "belotte")]


def test_a_value_token_in_a_kind_without_a_belote_rule_set_is_invalid() -> None:
    scenario = _scenario(
        "kind: auction\nrules: ffb_contree\ndealer: W\ncalls: [N: pass, E: pass, S: pass, W: pass]\n"
        "text: The belote is {=belote}.\nexpect: {annulled: true}\n"
    )
    assert run_all([scenario]) == [_bad_token(5, "text", "belote", "kind: auction has no rule set")]


def test_an_example_stating_no_fact_is_refused_as_invalid_at_expect() -> None:
    bare = _scenario(FULL_TRICK + "expect: {}\n")
    assert run(bare) == [
        Diagnostic(
            Location("x.yaml", 3, 1, ("expect",)),
            "states no fact to check (explainer check --fill PATH writes the engine's)",
            Code.NO_FACT,
            INVALID,
        )
    ]
    assert [str(d.location) for d in run(_scenario(FULL_TRICK))] == ["x.yaml:1:1"]


def test_a_law_without_expect_is_not_refused() -> None:
    law = _scenario(
        "kind: law\ntitle: Follow suit\ncontract: {game: belote, trump: [suit]}\nrules: [house]\n"
        "when: [can_follow]\nthen: {must: led_suit}\n"
    )
    assert runner.no_fact(law) is None


def test_a_disagreement_is_a_disagree_diagnostic_at_its_key() -> None:
    scenario = _scenario(FULL_TRICK + "expect:\n  winner: E\n")
    assert run(scenario) == [
        Diagnostic(
            Location("x.yaml", 4, 3, ("expect", "winner")),
            "expect.winner: scenario says E, engine says N",
            Code.DISAGREE,
            DISAGREE,
        )
    ]


def test_a_stated_fact_the_engine_does_not_compute_says_engine_says_none() -> None:
    # The loader refuses such a key; the runner still says so rather than fail (at expect).
    scenario = _scenario(FULL_TRICK + "expect:\n  winner: N\n")
    said = _scenario(
        "contract: {trump: spades}\ntrick: [W: 7H, N: 8S, E: AH]\n"
        "hand: {seat: S, cards: [9S, 7S, KD]}\nexpect: {legal: [9S, KD]}\n"
    ).expect["legal"]
    odd = dataclasses.replace(scenario, expect={"winner": scenario.expect["winner"], "legal": said})
    assert [(str(d), d.code, d.severity) for d in run(odd)] == [
        ("x.yaml:3:1: expect.legal: scenario says 9S KD, engine says none", Code.DISAGREE, DISAGREE)
    ]


def test_a_runner_failure_is_an_internal_error_at_the_top_of_its_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scenario = _scenario(FULL_TRICK + "expect:\n  winner: N\n")

    def boom(s: Any) -> Any:
        raise RuntimeError("no kind\nhere")

    monkeypatch.setattr(runner, "kind_of", boom)
    assert run_all([scenario]) == [
        Diagnostic(
            Location("x.yaml", 1, 1),
            "internal error: RuntimeError: no kind\\nhere",
            Code.INTERNAL,
            INVALID,
        )
    ]
