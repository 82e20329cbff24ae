"""``kind: play`` read from YAML (``kinds/play.py``): the fields it keeps, what a page
shows of it, and each problem's message, place and code (issue 16: the play kind's
mutants no case file noticed)."""

from __future__ import annotations

from typing import Any

import pytest

from explainer.engine import PRESETS, Rule, Seat, TrickResult, Trump, Verdict, parse_card
from explainer.scenarios.kinds.play import KIND, PlayScenario, PlayView, PresetNote
from explainer.scenarios.loader import load_text
from explainer.scenarios.reader import Reader
from explainer.scenarios.yamlsource import compose

# S to move, void in hearts; partner N has trumped: the house rules make S overtrump N.
PARTNER = "contract: {trump: spades}\ntrick: [W: 7H, N: 8S, E: AH]\n"


def _c(*codes: str) -> tuple[int, ...]:
    return tuple(parse_card(c) for c in codes)


def _load(text: str) -> tuple[PlayScenario | None, list[tuple[str, str]]]:
    scenario, diags = load_text(text, "x.yaml")
    assert scenario is None or isinstance(scenario, PlayScenario)
    return scenario, [(str(d), d.code.name) for d in diags]


def _view(text: str) -> PlayView:
    scenario, diags = _load(text)
    assert diags == [] and scenario is not None
    return KIND.view(scenario)


def test_a_position_keeps_its_trick_hand_and_rules_in_the_written_order() -> None:
    scenario, diags = _load(PARTNER + "hand: {seat: S, cards: [9S, 7S, KD]}\n")
    assert diags == [] and scenario is not None
    assert scenario.trick == ((Seat.W, *_c("7H")), (Seat.N, *_c("8S")), (Seat.E, *_c("AH")))
    assert (scenario.hand_seat, scenario.hand, scenario.play) == (
        Seat.S,
        _c("9S", "7S", "KD"),
        None,
    )
    assert (scenario.contract.trump, scenario.rules) == (Trump.SPADES, PRESETS["house"])
    assert KIND.computed(scenario) == {
        "legal": frozenset(_c("9S", "KD")),
        "rule": Rule.PARTNER_WINS,
    }


def test_a_partner_overtrump_shows_the_forbidden_card_and_the_presets_that_allow_it() -> None:
    view = _view(PARTNER + "hand: {seat: S, cards: [9S, 7S, KD]}\n")
    assert view.trick == ((1, Seat.W, *_c("7H")), (2, Seat.N, *_c("8S")), (3, Seat.E, *_c("AH")))
    assert (view.seat, view.hand, view.legal) == (Seat.S, _c("9S", "7S", "KD"), _c("9S", "KD"))
    assert (view.rule, view.restricted, view.play, view.result) == (
        Rule.PARTNER_WINS,
        True,
        None,
        None,
    )
    assert view.verdicts == tuple(
        Verdict(c, legal, Rule.PARTNER_WINS)
        for c, legal in zip(view.hand, (True, False, True), strict=True)
    )
    every = _c("9S", "7S", "KD")
    assert view.others == (
        PresetNote("ffb_belote", every, Rule.PARTNER_WINS),
        PresetNote("pagat_belote", every, Rule.PARTNER_WINS),
    )
    assert view.at_table == (
        (Seat.N, 2, *_c("8S")),
        (Seat.E, 3, *_c("AH")),
        (Seat.S, None, None),
        (Seat.W, 1, *_c("7H")),
    )


def test_a_partner_winning_with_every_card_allowed_is_not_restricted() -> None:
    view = _view(PARTNER + "hand: {seat: S, cards: [9S, KD]}\n")
    assert (view.legal, view.restricted, view.others) == (_c("9S", "KD"), False, ())


def test_a_finished_trick_shows_its_result_and_no_hand() -> None:
    view = _view("contract: {trump: hearts}\ntrick: [N: 7S, E: AS, S: 10S, W: 8D]\n")
    assert (view.seat, view.hand, view.legal, view.rule, view.verdicts, view.others) == (
        None,
        (),
        (),
        None,
        (),
        (),
    )
    assert view.restricted is False
    assert view.result == TrickResult(Seat.N, _c("7S", "AS", "10S", "8D"), Seat.E, *_c("AS"),
                                      (0, 11, 10, 0))  # fmt: skip


def test_a_hand_and_its_play_finish_the_trick() -> None:
    scenario, diags = _load(
        "contract: {trump: hearts}\ntrick: [N: 7S, E: AS, S: 10S]\n"
        "hand: {seat: W, cards: [8S, 9D]}\nplay: 8S\n"
    )
    assert diags == [] and scenario is not None
    assert scenario.play == parse_card("8S")
    assert KIND.computed(scenario) == {
        "legal": frozenset(_c("8S")),
        "rule": Rule.FOLLOW,
        "winner": Seat.E,
        "points": 21,
    }
    assert KIND.view(scenario).play == parse_card("8S")


def test_the_points_of_each_card_may_be_given_when_the_points_are_stated() -> None:
    text = "contract: {trump: hearts}\ntrick: [N: 7S, E: AS, S: 10S, W: 8D]\nexpect: {points: 21}\n"
    scenario, diags = _load(text)
    assert diags == [] and scenario is not None
    assert KIND.licensed_numbers(scenario) == {21, 0, 11, 10}
    plain, _ = _load(text.replace("expect: {points: 21}", "expect: {winner: E}"))
    assert plain is not None and KIND.licensed_numbers(plain) == set()


def test_a_legal_disagreement_names_the_rule_the_surplus_and_the_missing() -> None:
    computed = {"rule": Rule.FOLLOW}
    said, got = frozenset(_c("8S", "9D")), frozenset(_c("8S", "KS"))
    assert KIND.note("legal", said, got, computed) == " (rule: follow); not legal: 9D; missing: KS"
    assert KIND.note("legal", got, got, computed) == " (rule: follow)"
    assert KIND.note("winner", Seat.N, Seat.E, computed) == ""


def test_a_position_recomputed_under_another_preset_has_its_ruling() -> None:
    scenario, _ = _load(PARTNER + "hand: {seat: S, cards: [9S, 7S, KD]}\n")
    assert scenario is not None
    again = KIND.recompute(scenario, PRESETS["official"])
    assert again.rules == PRESETS["official"]
    assert KIND.computed(again)["legal"] == frozenset(_c("9S", "7S", "KD"))
    assert KIND.rules_of(again) == PRESETS["official"]
    trick, _ = _load("contract: {trump: hearts}\ntrick: [N: 7S, E: AS, S: 10S, W: 8D]\n")
    assert trick is not None
    assert KIND.computed(KIND.recompute(trick, PRESETS["official"])) == KIND.computed(trick)


def test_the_schema_of_a_play_bounds_the_trick_and_the_hand() -> None:
    props: dict[str, Any] = KIND.properties()
    assert props["trick"] == {
        "type": "array",
        "maxItems": 4,
        "description": "plays already made, in turn order",
        "items": {"$ref": "#/$defs/card-play"},
    }
    hand = props["hand"]
    assert (hand["type"], hand["additionalProperties"], hand["required"]) == (
        "object",
        False,
        ["seat", "cards"],
    )
    assert hand["properties"]["cards"]["maxItems"] == 8
    assert set(props) == {"contract", "trick", "hand", "play"}


# (the scenario, [(diagnostic, code)]): each is refused
REFUSED: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "contract: {trump: hearts}\ntrick: [N: 7S, E: 7S, S: 8S]\nhand: {seat: W, cards: [9S]}\n",
        [("x.yaml:2:19: duplicate card: 7S is played twice in the trick", "DUPLICATE_CARD")],
    ),
    (
        "contract: {trump: hearts}\ntrick: [N: 7S, S: 8S]\nhand: {seat: W, cards: [9S]}\n",
        [("x.yaml:2:16: play out of turn: S plays after N, expected E", "OUT_OF_TURN")],
    ),
    (
        "contract: {trump: hearts}\ntrick: [N: 7S, E: 8S, S: 9S, W: 10S]\n"
        "hand: {seat: N, cards: [JS]}\n",
        [
            (
                "x.yaml:2:30: too many plays: a trick holds 3 plays before the hand to move",
                "TOO_MANY",
            )
        ],
    ),
    (
        "contract: {trump: hearts}\ntrick: [N: 7S, E: 8S, S: 9S, W: 10S, N: JS]\n",
        [("x.yaml:2:38: too many plays: a trick holds 4 plays at most", "TOO_MANY")],
    ),
    (
        "contract: {trump: hearts}\ntrick: [N: 7S, E: 8S]\n",
        [
            (
                "x.yaml:2:1: trick: without a hand, the trick must hold all four plays (got 2)",
                "MISSING",
            )
        ],
    ),
    (
        "contract: {trump: hearts}\ntrick: [N: 7S]\nhand: {seat: S, cards: [8S]}\n",
        [
            (
                "x.yaml:3:14: play out of turn: hand.seat is S, but after N it is E's turn",
                "OUT_OF_TURN",
            )
        ],
    ),
    (
        "contract: {trump: hearts}\nhand: {seat: S, cards: [7S, 8S, 9S, 10S, JS, QS, KS, AS, 7H]}\n",
        [("x.yaml:2:17: hand.cards: 9 cards, at most 8", "TOO_MANY")],
    ),
    (
        "contract: {trump: hearts}\ntrick: [N: 7S]\nhand: {seat: E, cards: [8S, 7S]}\n",
        [
            (
                "x.yaml:3:29: duplicate card: 7S is both in the trick and in the hand",
                "DUPLICATE_CARD",
            )
        ],
    ),
    (
        "contract: {trump: hearts}\nhand: {cards: [8S]}\n",
        [("x.yaml:2:1: hand.seat: required", "MISSING")],
    ),
    (
        "contract: {trump: hearts}\nhand: {seat: S}\n",
        [("x.yaml:2:1: hand.cards: required", "MISSING")],
    ),
    (
        "contract: {trump: hearts}\ntrick: [N: 7S, E: 8S, S: 9S, W: 10S]\nplay: JS\n",
        [("x.yaml:3:1: play: needs a hand to play from", "MISSING")],
    ),
    (
        "contract: {trump: hearts}\nhand: {seat: S, cards: [8S]}\nplay: 9S\n",
        [("x.yaml:3:7: illegal play: 9S is not in the hand", "NOT_IN_HAND")],
    ),
    (
        "contract: {trump: hearts}\ntrick: [N: 7S]\nhand: {seat: E, cards: [8S, 9D]}\nplay: 9D\n",
        [("x.yaml:4:7: illegal play: 9D (must follow: 8S)", "ILLEGAL_PLAY")],
    ),
    (
        "contract: {trump: hearts}\ntrick: [N: 7S, E: 8S]\nhand: {seat: S, cards: [9S]}\n"
        "expect: {winner: S, points: 0}\n",
        [
            (
                "x.yaml:4:10: expect.winner: needs a finished trick (four plays: trick and play)",
                "MISSING",
            ),
            (
                "x.yaml:4:21: expect.points: needs a finished trick (four plays: trick and play)",
                "MISSING",
            ),
        ],
    ),
    (
        "contract: {trump: hearts}\ntrick: [N: 7S, E: 8S, S: 9S, W: 10S]\n"
        "expect: {legal: [JS], rule: follow}\n",
        [
            ("x.yaml:3:10: expect.legal: needs a hand", "MISSING"),
            ("x.yaml:3:23: expect.rule: needs a hand", "MISSING"),
        ],
    ),
]


@pytest.mark.parametrize(("text", "diags"), REFUSED)
def test_a_wrong_play_is_refused_saying_what_where_and_which_problem(
    text: str, diags: list[tuple[str, str]]
) -> None:
    assert _load(text) == (None, diags)


REFUSED_TOO: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "contract: {trump: hearts}\nhand: {seat: S, cards: []}\nplay: 7S\n",
        [("x.yaml:3:7: illegal play: 7S is not in the hand", "NOT_IN_HAND")],
    ),
    (
        "contract: {trump: hearts}\nhand: {seat: Q, cards: [8S]}\nplay: 9S\n",
        [("x.yaml:2:14: invalid seat: 'Q' (expected N, E, S or W)", "BAD_SEAT")],
    ),
    (
        "contract: {trump: hearts}\nhand: {seat: [S], cards: 7S}\nplay: [7S]\n",
        [
            ("x.yaml:2:14: hand.seat: expected a seat, got a list", "TYPE"),
            ("x.yaml:2:26: hand.cards: expected a list of cards, got '7S'", "TYPE"),
            ("x.yaml:3:7: play: expected a card, got a list", "TYPE"),
        ],
    ),
    (
        "contract: {trump: hearts}\nhand: {seat: S, cards: [7S], colour: red}\n",
        [("x.yaml:2:30: hand: unknown key 'colour'", "UNKNOWN_KEY")],
    ),
    (
        "contract: {trump: hearts}\nhand: [S]\n",
        [("x.yaml:2:7: hand: expected a mapping, got a list", "TYPE")],
    ),
    (
        "contract: {trump: hearts}\ntrick: [N: 7S, E: 7S]\n",
        [("x.yaml:2:19: duplicate card: 7S is played twice in the trick", "DUPLICATE_CARD")],
    ),
    (
        "contract: {trump: hearts}\ntrick: [N: 7S, S: 8S]\n",
        [("x.yaml:2:16: play out of turn: S plays after N, expected E", "OUT_OF_TURN")],
    ),
]


@pytest.mark.parametrize(("text", "diags"), REFUSED_TOO)
def test_a_wrong_hand_or_play_is_refused_with_only_its_own_problem(
    text: str, diags: list[tuple[str, str]]
) -> None:
    """A play needs the hand to hold it, even an empty hand; a trick that is already wrong
    is not also said to lack a hand."""
    assert _load(text) == (None, diags)


def test_a_full_hand_of_eight_cards_is_read() -> None:
    scenario, diags = _load(
        "contract: {trump: hearts}\nhand: {seat: S, cards: [7S, 8S, 9S, 10S, JS, QS, KS, AS]}\n"
    )
    assert diags == [] and scenario is not None
    assert len(scenario.hand) == 8


def test_a_play_is_judged_by_the_scenarios_preset() -> None:
    """Under official rules a defender may discard instead of undertrumping."""
    scenario, diags = _load(
        "contract: {trump: spades, rules: official}\ntrick: [N: AH, E: JS]\n"
        "hand: {seat: S, cards: [7S, 8D]}\nplay: 8D\n"
    )
    assert diags == [] and scenario is not None
    assert scenario.play == parse_card("8D")


def test_a_refused_scenario_is_never_computed() -> None:
    r = Reader("x.yaml")
    root = compose("contract: {trump: hearts}\ntrick: [N: 7S, E: 7S, S: 8S, W: 9S]\n")
    assert root is not None
    pairs = r.mapping(root, (), None)
    assert pairs is not None
    assert KIND.read(r, pairs, {"id": "x", "kind": "play", "path": "x.yaml"}) is None
    assert [str(d) for d in r.diags] == [
        "x.yaml:2:19: duplicate card: 7S is played twice in the trick"
    ]


def test_a_view_carries_the_scenario_its_contract_rules_trick_and_play() -> None:
    for text in (
        "contract: {trump: hearts}\ntrick: [N: 7S, E: AS, S: 10S, W: 8D]\n",
        "contract: {trump: hearts, rules: official}\ntrick: [N: 7S, E: AS, S: 10S]\n"
        "hand: {seat: W, cards: [8S, 9D]}\nplay: 8S\n",
    ):
        scenario, _ = _load(text)
        assert scenario is not None
        view = KIND.view(scenario)
        assert (view.scenario, view.contract, view.rules) == (
            scenario,
            scenario.contract,
            scenario.rules,
        )
        assert view.trick == tuple((i, s, c) for i, (s, c) in enumerate(scenario.trick, 1))
        assert (view.seat, view.play) == (scenario.hand_seat, scenario.play)
        assert view.result == scenario.outcome.trick and view.result is not None


def test_a_legal_disagreement_lists_every_surplus_and_missing_card() -> None:
    said, got = frozenset(_c("8S", "9D", "7C")), frozenset(_c("8S", "KS", "AS"))
    assert KIND.note("legal", said, got, {"rule": Rule.FOLLOW}) == (
        " (rule: follow); not legal: 9D 7C; missing: KS AS"
    )
