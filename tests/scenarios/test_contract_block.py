"""The ``contract`` block (``kinds/contract.py``): what it reads, and each problem's
message, place and code, one case at a time (issue 16: the mutants no case file noticed)."""

from __future__ import annotations

import pytest

from explainer.engine import Contract, RuleSet, Seat, Trump, find_rules
from explainer.scenarios.kinds.contract import read_contract
from explainer.scenarios.reader import Reader
from explainer.scenarios.yamlsource import compose

HEARTS = Contract(Trump.HEARTS, "belote", None)
PRESETS = "expected house, ffb_belote, pagat_belote or official"
SCORES = "(it scores a whole deal: use it with kind: deal)"


def _read(
    text: str, *, need_taker: bool = False, kind: str = "play"
) -> tuple[tuple[Contract, RuleSet] | None, list[tuple[str, str]]]:
    r = Reader("x.yaml")
    root = compose(text)
    assert root is not None
    pairs = r.mapping(root, (), ("contract",))
    assert pairs is not None
    got = read_contract(r, pairs["contract"][1], need_taker=need_taker, kind=kind)
    return got, [(str(d), d.code.name) for d in r.diags]


def test_a_contract_without_rules_is_the_default_preset_and_no_taker() -> None:
    assert _read("contract: {trump: hearts}") == ((HEARTS, find_rules()), [])


def test_a_scoring_knob_applies_to_a_deal_with_the_default_preset() -> None:
    got = _read("contract: {trump: hearts, taker: N, rules: {tie: failed}}", kind="deal")
    contract = Contract(Trump.HEARTS, "belote", Seat.N)
    assert got == ((contract, find_rules("house", tie="failed")), [])


def test_a_knob_overrides_the_preset_it_is_written_with() -> None:
    got = _read("contract: {trump: hearts, rules: {preset: official, undertrump: forbidden}}")
    assert got == ((HEARTS, find_rules("official", undertrump="forbidden")), [])


def test_a_coinche_preset_names_the_play_rules_of_a_coinche_trick() -> None:
    got, diags = _read("contract: {game: coinche, trump: hearts, rules: ffb_coinche}")
    assert diags == [] and got is not None
    contract, rules = got
    assert contract == Contract(Trump.HEARTS, "coinche", None)
    assert (rules.name, rules.game, rules.partner_overtrump) == (
        "ffb_coinche",
        "coinche",
        "no_lower",
    )


def test_a_coinche_trick_takes_a_play_knob_and_names_the_others_in_their_place() -> None:
    got, _ = _read(
        "contract: {game: coinche, trump: hearts, rules: {preset: ffb_coinche,"
        " partner_overtrump: optional}}"
    )
    assert got is not None and got[1].partner_overtrump == "optional"
    refused = _read(
        "contract: {game: coinche, trump: hearts, rules: {preset: ffb_coinche, belote: prenable}}"
    )
    assert refused[0] is None and refused[1][0][1] == "BAD_RULES"
    assert refused[1][0][0].startswith("x.yaml:1:")


def test_the_alias_official_is_read_and_warns_with_the_preset_to_write_instead() -> None:
    r = Reader("x.yaml")
    root = compose("contract: {trump: hearts, rules: official}")
    assert root is not None
    pairs = r.mapping(root, (), ("contract",))
    assert pairs is not None
    got = read_contract(r, pairs["contract"][1], need_taker=False, kind="play")
    assert got == (HEARTS, find_rules("official")) and r.diags == []
    assert [str(w) for w in r.warnings] == [
        "x.yaml:1:34: warning: contract.rules: official is an alias kept for version 1 and no"
        " page names it; write rules: {preset: house, undertrump: optional, partner_overtrump:"
        " optional}, or, for the FFB contrée rulebook's play rules, contract: {game: coinche,"
        " rules: ffb_contree}"
    ]


def test_an_unknown_key_is_named_and_the_contract_still_read() -> None:
    got = _read("contract: {trump: hearts, colour: red}")
    assert got == (
        (HEARTS, find_rules()),
        [("x.yaml:1:27: contract: unknown key 'colour'", "UNKNOWN_KEY")],
    )


# (the contract block, need_taker, kind, [(diagnostic, code)]): each is refused (None)
REFUSED: list[tuple[str, bool, str, list[tuple[str, str]]]] = [
    (
        "contract: {trump: hearts, taker: [N]}",
        False,
        "play",
        [("x.yaml:1:34: contract.taker: expected a seat, got a list", "TYPE")],
    ),
    (
        "contract: {trump: hearts, taker: Q}",
        False,
        "play",
        [("x.yaml:1:34: invalid seat: 'Q' (expected N, E, S or W)", "BAD_SEAT")],
    ),
    (
        "contract: {trump: hearts}",
        True,
        "deal",
        [("x.yaml:1:1: contract.taker: required for kind: deal", "MISSING")],
    ),
    ("contract: {taker: N}", False, "play", [("x.yaml:1:1: contract.trump: required", "MISSING")]),
    (
        "contract: {trump: [1]}",
        False,
        "play",
        [("x.yaml:1:19: contract.trump: expected a trump, got a list", "TYPE")],
    ),
    (
        "contract: {trump: bogus}",
        False,
        "play",
        [
            (
                "x.yaml:1:19: unknown trump: 'bogus'"
                " (expected spades, hearts, diamonds, clubs, none or all)",
                "BAD_TRUMP",
            )
        ],
    ),
    (
        "contract: {trump: hearts, rules: [house]}",
        False,
        "play",
        [("x.yaml:1:34: contract.rules: expected a preset or a mapping, got a list", "TYPE")],
    ),
    (
        "contract: {trump: hearts, rules: {preset: [house]}}",
        False,
        "play",
        [("x.yaml:1:43: contract.rules.preset: expected a string, got a list", "TYPE")],
    ),
    (
        "contract: {trump: hearts, rules: {tie: [failed]}}",
        False,
        "deal",
        [("x.yaml:1:40: contract.rules.tie: expected a string, got a list", "TYPE")],
    ),
    (
        "contract: {trump: hearts, rules: bogus}",
        False,
        "play",
        [
            (
                f"x.yaml:1:34: unknown rules: 'bogus' (did you mean 'house'?) ({PRESETS})",
                "BAD_RULES",
            )
        ],
    ),
    (
        "contract: {trump: hearts, rules: ffb_coinche}",
        False,
        "play",
        [
            (
                "x.yaml:1:34: contract.rules: preset ffb_coinche does not apply to belote"
                f" (it is a coinche preset; {PRESETS})",
                "BAD_RULES",
            )
        ],
    ),
    (
        "contract: {trump: hearts, rules: {tie: failed, capot_points: '250'}}",
        False,
        "play",
        [
            (
                f"x.yaml:1:35: contract.rules.tie: knob tie does not apply to kind: play {SCORES}",
                "BAD_RULES",
            ),
            (
                "x.yaml:1:48: contract.rules.capot_points: knob capot_points does not apply to"
                f" kind: play {SCORES}",
                "BAD_RULES",
            ),
        ],
    ),
    (
        "contract: {trump: hearts, rules: {undertrump: never}}",
        False,
        "play",
        [
            (
                "x.yaml:1:47: invalid value for undertrump: 'never'"
                " (expected required, optional or forbidden)",
                "BAD_RULES",
            )
        ],
    ),
]


@pytest.mark.parametrize(("text", "need_taker", "kind", "diags"), REFUSED)
def test_a_wrong_contract_is_refused_saying_what_where_and_which_problem(
    text: str, need_taker: bool, kind: str, diags: list[tuple[str, str]]
) -> None:
    assert _read(text, need_taker=need_taker, kind=kind) == (None, diags)
