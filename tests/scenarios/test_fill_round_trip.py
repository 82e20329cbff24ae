"""``--fill`` writes what the check then agrees with, for every kind; a statement that
names some seats of a hand is compared with those seats only (issue 16)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from explainer.check import run_check
from explainer.scenarios.loader import load_text
from explainer.scenarios.model import Scenario

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted(p for p in (ROOT / "scenarios").rglob("*.yaml") if p.name != "page.yaml")
DEALING = (
    "kind: dealing\ndealer: N\n"
    "deck: [7S, 8S, 9S, 10S, JS, QS, KS, AS, 7H, 8H, 9H, 10H, JH, QH, KH, AH,\n"
    "       7D, 8D, 9D, 10D, JD, QD, KD, AD, 7C, 8C, 9C, 10C, JC, QC, KC, AC]\n"
    "taker: W\n"
)
"""tests/cases/good/dealing.yaml: W takes JD; N holds 8H 9H 10H 9D 10D QC KC AC."""
EXPECT = re.compile(r"^expect:.*\n(?:[ #].*\n|\n)*", re.MULTILINE)
PLACED = re.compile(r"^(?:page|section|order): .*\n", re.MULTILINE)
"""An example's place on a page: the copy is checked alone, without the page file."""


def _check(path: Path, *, fill: bool = False) -> tuple[int, list[str]]:
    out = io.StringIO()
    code = run_check([str(path)], root=path.parent, fill=fill, out=out)
    return code, out.getvalue().splitlines()


def _scenario(text: str) -> Scenario:
    s, diags = load_text(text, "x.yaml")
    assert diags == [] and isinstance(s, Scenario)
    return s


def test_a_hands_statement_naming_one_seat_passes(tmp_path: Path) -> None:
    f = tmp_path / "one-seat.yaml"
    f.write_text(DEALING + "expect:\n  hands: {N: [8H, 9H, 10H, 9D, 10D, QC, KC, AC]}\n")
    assert _check(f) == (0, ["1 passed, 0 failed"])


def test_a_wrong_hands_statement_shows_only_the_seats_it_names(tmp_path: Path) -> None:
    f = tmp_path / "one-seat.yaml"
    f.write_text(DEALING + "expect:\n  hands: {N: [8H, 9H, 10H, 9D, 10D, QC, KC, JC]}\n")
    assert _check(f) == (
        1,
        [
            f"{f}:7:3: expect.hands: scenario says N 8H 9H 10H 9D 10D JC QC KC,"
            " engine says N 8H 9H 10H 9D 10D QC KC AC",
            "0 passed, 1 failed",
        ],
    )


def test_fill_writes_the_turned_card_and_the_hands_of_a_dealing(tmp_path: Path) -> None:
    f = tmp_path / "d.yaml"
    f.write_text(DEALING)
    assert _check(f, fill=True) == (
        0,
        [f"{f}: filled expect.turned, expect.hands", "1 passed, 0 failed"],
    )
    s = _scenario(f.read_text())
    assert f.read_text().startswith(DEALING + "expect:\n  turned: JD\n  hands: {N: [8H, 9H, ")
    assert _check(f) == (0, ["1 passed, 0 failed"])
    assert sorted(len(cards) for cards in s.expect["hands"].values()) == [8, 8, 8, 8]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_fill_restores_every_stated_fact_of_a_shipped_example(path: Path, tmp_path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    original = _scenario(text)
    assert original.expect  # every shipped example states a fact (check refuses one that does not)
    bare = PLACED.sub("", EXPECT.sub("", text))
    assert "expect:" not in bare
    f = tmp_path / path.name
    f.write_text(bare, encoding="utf-8")
    code, lines = _check(f, fill=True)
    assert (code, lines[-1]) == (0, "1 passed, 0 failed")
    filled = _scenario(f.read_text(encoding="utf-8"))
    assert {k: filled.expect[k] for k in original.expect} == dict(original.expect)
    code, lines = _check(f)
    if original.kind == "law":  # a law that holds says what it was checked over
        assert lines[0].startswith(f"{f}: law {original.id} checked "), lines
        lines = lines[1:]
    assert (code, lines) == (0, ["1 passed, 0 failed"])
