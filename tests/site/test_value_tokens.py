"""Value tokens in prose: ``{=belote}`` and friends rendered from the example's own rule
set and the page's locale, right by construction, never counted as prose numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from explainer.engine import Trump, find_rules
from explainer.scenarios.tokens import value_of
from explainer.site.markdown import render

HOUSE = find_rules("house")


@pytest.mark.parametrize(
    ("name", "arg", "rules", "trump", "value"),
    [
        ("belote", None, HOUSE, Trump.HEARTS, 20),
        ("last_trick", None, HOUSE, Trump.HEARTS, 10),
        ("capot", None, HOUSE, Trump.HEARTS, 252),
        ("capot", None, HOUSE.with_knobs(capot_points="250"), Trump.HEARTS, 250),
        ("deal_total", None, HOUSE, Trump.HEARTS, 162),
        ("deal_total", None, HOUSE, Trump.NONE, 162),
        ("deal_total", None, find_rules("ffb_belote"), Trump.ALL, 162),
        ("points", "JH", HOUSE, Trump.HEARTS, 20),
        ("points", "JH", HOUSE, Trump.SPADES, 2),
        ("points", "XX", HOUSE, Trump.SPADES, None),
        ("beloet", None, HOUSE, Trump.SPADES, None),
        ("belote", "JH", HOUSE, Trump.SPADES, None),
    ],
)
def test_value_token_stands_for_the_rule_sets_number(
    name: str, arg: str | None, rules: object, trump: Trump, value: int | None
) -> None:
    assert value_of(name, arg, rules, trump) == value  # type: ignore[arg-type]


def test_value_token_renders_through_the_values_function() -> None:
    html = render(
        "Worth {=belote}, not {=beloet}.", values=lambda n, a: "20" if n == "belote" else None
    )
    assert html == "<p>Worth 20, not {=beloet}.</p>\n"


def test_value_token_without_a_rule_set_stays_as_written() -> None:
    assert render("Worth {=belote}.") == "<p>Worth {=belote}.</p>\n"


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "brings its bonus of 10, and the belote adds 20 more"),
        ("fr", "apporte sa prime de 10, et la belote ajoute encore 20"),
        ("pl", "daje premię 10, i dochodzi jeszcze belote warta 20"),
    ],
)
def test_shipped_belote_deal_names_its_bonuses_from_the_rule_set(
    built_site: Path, lang: str, words: str
) -> None:
    html = (built_site / lang / "one-deal" / "index.html").read_text(encoding="utf-8")
    assert words in html
    assert "{=" not in html
