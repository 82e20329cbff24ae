"""Every fact type reads each way a value may be written, says what is wrong with a bad
one (message, place and code), and writes, shows and counts its values (issue 16)."""

from __future__ import annotations

from typing import Any

import pytest

from explainer.engine import BidKind, Level, Rule, Seat, Team, Trump
from explainer.scenarios.facts import (
    BAD,
    BID,
    BOOLEAN,
    CARD,
    CARD_REF,
    CARD_SET,
    HANDS,
    INTEGER,
    LEVEL,
    NONE_SCHEMA,
    RULE,
    SEAT,
    SEAT_OR_NONE,
    SEAT_REF,
    TEAM,
    TEAM_OR_NONE,
    TEAM_POINTS,
    TEAM_REF,
    TRUMP_OR_NONE,
    WINNERS,
    FactType,
)
from explainer.scenarios.reader import Reader
from explainer.scenarios.yamlsource import compose

RULE_IDS = ", ".join(r.value for r in Rule)

# (fact type, the value as written, what it reads as, [(diagnostic, code)])
READS: list[tuple[FactType[Any], str, Any, list[tuple[str, str]]]] = [
    (BID, "110", 110, []),
    (BID, "none", None, []),
    (BID, " NONE ", None, []),
    (BID, "capot", BidKind.CAPOT, []),
    (BID, "Generale", BidKind.GENERALE, []),
    (
        BID,
        "lots",
        BAD,
        [
            (
                "x.yaml:1:1: expect.x: expected points, capot, generale or none, got 'lots'",
                "BAD_VALUE",
            )
        ],
    ),
    (BID, "[1]", BAD, [("x.yaml:1:1: expect.x: expected a bid, got a list", "TYPE")]),
    (LEVEL, "coinche", Level.COINCHE, []),
    (LEVEL, "Surcoinche", Level.SURCOINCHE, []),
    (
        LEVEL,
        "double",
        BAD,
        [
            (
                "x.yaml:1:1: expect.x: unknown level: 'double' (expected none, coinche or surcoinche)",
                "BAD_VALUE",
            )
        ],
    ),
    (LEVEL, "[1]", BAD, [("x.yaml:1:1: expect.x: expected a level, got a list", "TYPE")]),
    (TRUMP_OR_NONE, "hearts", Trump.HEARTS, []),
    (TRUMP_OR_NONE, "none", None, []),
    (TRUMP_OR_NONE, "~", None, []),
    (TRUMP_OR_NONE, "null", None, []),
    (TRUMP_OR_NONE, "''", None, []),
    (
        TRUMP_OR_NONE,
        "hearst",
        BAD,
        [
            (
                "x.yaml:1:1: unknown trump: 'hearst' (expected spades, hearts, diamonds, clubs, none or all)",
                "BAD_TRUMP",
            )
        ],
    ),
    (TRUMP_OR_NONE, "[1]", BAD, [("x.yaml:1:1: expect.x: expected a trump, got a list", "TYPE")]),
    (TRUMP_OR_NONE, " Hearts ", Trump.HEARTS, []),
    (SEAT, "N", Seat.N, []),
    (SEAT, "none", BAD, [("x.yaml:1:1: invalid seat: 'none' (expected N, E, S or W)", "BAD_SEAT")]),
    (SEAT, "w", Seat.W, []),
    (SEAT, "[1]", BAD, [("x.yaml:1:1: expect.x: expected a seat, got a list", "TYPE")]),
    (SEAT_OR_NONE, "none", None, []),
    (SEAT_OR_NONE, "~", None, []),
    (SEAT_OR_NONE, "E", Seat.E, []),
    (
        SEAT_OR_NONE,
        "X",
        BAD,
        [("x.yaml:1:1: invalid seat: 'X' (expected N, E, S or W)", "BAD_SEAT")],
    ),
    (TEAM_OR_NONE, "none", None, []),
    (TEAM_OR_NONE, "NS", Team.NS, []),
    (TEAM_OR_NONE, "ew", Team.EW, []),
    (TEAM_OR_NONE, "N", BAD, [("x.yaml:1:1: invalid team: 'N' (expected NS or EW)", "BAD_SEAT")]),
    (TEAM, "none", BAD, [("x.yaml:1:1: invalid team: 'none' (expected NS or EW)", "BAD_SEAT")]),
    (TEAM, "EW", Team.EW, []),
    (RULE, "climb", Rule.CLIMB, []),
    (RULE, " climb ", Rule.CLIMB, []),
    (
        RULE,
        "ruff",
        BAD,
        [
            (
                "x.yaml:1:1: expect.x: unknown rule: 'ruff' (expected one of " + RULE_IDS + ")",
                "BAD_VALUE",
            )
        ],
    ),
    (RULE, "[1]", BAD, [("x.yaml:1:1: expect.x: expected a rule id, got a list", "TYPE")]),
    (
        WINNERS,
        "[N, E, S, W, N, E, S, W]",
        (
            Seat.N,
            Seat.E,
            Seat.S,
            Seat.W,
            Seat.N,
            Seat.E,
            Seat.S,
            Seat.W,
        ),
        [],
    ),
    (
        WINNERS,
        "[N]",
        BAD,
        [("x.yaml:1:1: expect.x: expected the winners of 8 tricks, got 1", "BAD_VALUE")],
    ),
    (WINNERS, "N", BAD, [("x.yaml:1:1: expect.x: expected a list of seats, got 'N'", "TYPE")]),
    (
        WINNERS,
        "[N, E, S, W, N, E, S, X]",
        BAD,
        [("x.yaml:1:23: invalid seat: 'X' (expected N, E, S or W)", "BAD_SEAT")],
    ),
    (HANDS, "{N: [7S]}", {Seat.N: frozenset([0])}, []),
    (
        HANDS,
        "{X: [7S]}",
        BAD,
        [("x.yaml:1:2: invalid seat: 'X' (expected N, E, S or W)", "BAD_SEAT")],
    ),
    (
        HANDS,
        "[1]",
        BAD,
        [("x.yaml:1:1: expect.x: expected a mapping of seats to cards, got a list", "TYPE")],
    ),
    (
        HANDS,
        "{N: 7S}",
        BAD,
        [("x.yaml:1:5: expect.x.N: expected a list of cards, got '7S'", "TYPE")],
    ),
    (TEAM_POINTS, "{NS: 1, EW: 2}", {Team.NS: 1, Team.EW: 2}, []),
    (
        TEAM_POINTS,
        "{NS: 1}",
        BAD,
        [("x.yaml:1:1: expect.x: expected points for both teams, NS and EW", "BAD_VALUE")],
    ),
    (
        TEAM_POINTS,
        "{XX: 1, EW: 2}",
        BAD,
        [("x.yaml:1:2: expect.x: unknown team 'XX' (expected NS or EW)", "BAD_SEAT")],
    ),
    (
        TEAM_POINTS,
        "{NS: x, EW: 1}",
        BAD,
        [("x.yaml:1:6: expect.x.NS: expected a whole number, got 'x'", "TYPE")],
    ),
    (
        TEAM_POINTS,
        "5",
        BAD,
        [("x.yaml:1:1: expect.x: expected a mapping {NS: points, EW: points}, got '5'", "TYPE")],
    ),
    (INTEGER, "5", 5, []),
    (INTEGER, "x", BAD, [("x.yaml:1:1: expect.x: expected a whole number, got 'x'", "TYPE")]),
    (BOOLEAN, "true", True, []),
    (BOOLEAN, "x", BAD, [("x.yaml:1:1: expect.x: expected true or false, got 'x'", "TYPE")]),
    (CARD, "7S", 0, []),
    (
        CARD,
        "1S",
        BAD,
        [
            (
                "x.yaml:1:1: invalid card: '1S' (expected a rank and a suit, like KS or 10H; did you mean 10S, QS, KS or JS?)",
                "BAD_CARD",
            )
        ],
    ),
    (CARD_SET, "[7S, 8S]", frozenset([0, 1]), []),
    (
        CARD_SET,
        "[1S]",
        BAD,
        [
            (
                "x.yaml:1:2: invalid card: '1S' (expected a rank and a suit, like KS or 10H; did you mean 10S, QS, KS or JS?)",
                "BAD_CARD",
            )
        ],
    ),
]


@pytest.mark.parametrize(("fact", "text", "value", "diags"), READS)
def test_a_fact_reads_its_value_or_says_what_is_wrong(
    fact: FactType[Any], text: str, value: Any, diags: list[tuple[str, str]]
) -> None:
    r = Reader("x.yaml")
    node = compose(text)
    assert node is not None
    got = fact.read(r, node, ("expect", "x"))
    assert [(str(d), d.code.name) for d in r.diags] == diags
    assert got is BAD if value is BAD else got == value


def test_facts_write_their_values_as_a_scenario_does() -> None:
    assert BID.to_yaml(None) == "none"
    assert BID.to_yaml(110) == 110
    assert BID.to_yaml(BidKind.CAPOT) == "capot"
    assert LEVEL.to_yaml(Level.SURCOINCHE) == "surcoinche"
    assert TRUMP_OR_NONE.to_yaml(None) == "none"
    assert TRUMP_OR_NONE.to_yaml(Trump.CLUBS) == "clubs"
    assert SEAT_OR_NONE.to_yaml(None) == TEAM_OR_NONE.to_yaml(None) == "none"
    assert (SEAT.to_yaml(Seat.W), TEAM.to_yaml(Team.EW)) == ("W", "EW")
    assert RULE.to_yaml(Rule.PARTNER_WINS) == "partner-wins"
    assert CARD.to_yaml(0) == "7S"
    assert CARD_SET.to_yaml(frozenset({8, 0})) == ["7S", "7H"]
    assert HANDS.to_yaml({Seat.S: frozenset({31, 0})}) == {"S": ["7S", "AC"]}
    assert TEAM_POINTS.to_yaml({Team.NS: 1, Team.EW: 2}) == {"NS": 1, "EW": 2}
    assert WINNERS.to_yaml((Seat.N, Seat.E)) == ["N", "E"]
    assert (INTEGER.to_yaml(5), BOOLEAN.to_yaml(False)) == (5, False)


def test_facts_show_their_values_in_one_line() -> None:
    assert (BID.show(None), BID.show(80), BID.show(BidKind.GENERALE)) == ("none", "80", "generale")
    assert (BOOLEAN.show(True), BOOLEAN.show(False)) == ("true", "false")
    assert TRUMP_OR_NONE.show(None) == "none"
    assert WINNERS.show(()) == "(none)"
    assert WINNERS.show((Seat.S, Seat.W)) == "S W"
    assert HANDS.show({Seat.N: frozenset({1, 0}), Seat.E: frozenset()}) == "N 7S 8S, E "
    assert LEVEL.show(Level.NONE) == "none"


def test_only_points_facts_state_numbers() -> None:
    assert list(BID.numbers(110)) == [110]
    assert list(BID.numbers(BidKind.CAPOT)) == list(BID.numbers(None)) == []
    assert list(INTEGER.numbers(7)) == [7]
    assert list(TEAM_POINTS.numbers({Team.NS: 3, Team.EW: 4})) == [3, 4]
    for fact, value in [(SEAT, Seat.N), (BOOLEAN, True), (RULE, Rule.LEAD), (LEVEL, Level.NONE)]:
        assert list(fact.numbers(value)) == []


def test_winners_differences_name_the_tricks_that_differ() -> None:
    n8 = (Seat.N,) * 8
    assert WINNERS.differences(n8, n8) == ""
    assert WINNERS.differences(n8, (Seat.E,) + n8[1:]) == " (trick 1)"
    assert WINNERS.differences(n8[:7], n8) == ""  # compared as far as both go
    assert SEAT.differences(Seat.N, Seat.E) == ""


def test_only_hands_are_stated_in_part() -> None:
    got = {seat: frozenset({int(seat)}) for seat in Seat}
    assert HANDS.stated({Seat.W: frozenset()}, got) == {Seat.W: frozenset({3})}
    assert TEAM_POINTS.stated({Team.NS: 0, Team.EW: 0}, {Team.NS: 1, Team.EW: 2}) == {
        Team.NS: 1,
        Team.EW: 2,
    }


def test_party_schemas_allow_none_only_when_optional() -> None:
    assert SEAT.schema == SEAT_REF
    assert TEAM.schema == TEAM_REF
    assert SEAT_OR_NONE.schema == {"anyOf": [SEAT_REF, NONE_SCHEMA]}
    assert TEAM_OR_NONE.schema == {"anyOf": [TEAM_REF, NONE_SCHEMA]}
    assert CARD.schema == CARD_REF
    assert TRUMP_OR_NONE.schema == {"enum": ["spades", "hearts", "diamonds", "clubs", "none"]}
