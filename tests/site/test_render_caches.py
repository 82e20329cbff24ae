"""What a build keeps while it renders (issue 27: the answers asked for again and again)
changes no byte: an example's recomputations under other rules, a knob set on a rule
set, the families of presets, an example's notes in every language, a language's
looked-up and typeset words, its card chips and its texts outside any example. Each
test renders with the kept answers and with every one of them computed afresh, and
compares."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import explainer.site.env as env_module
import explainer.site.markdown as markdown_module
import explainer.site.render as render_module
import explainer.site.variants as variants_module
from explainer.engine import PRESETS, Seat, Trump, card_str, legal_cards
from explainer.i18n.catalog import Catalog
from explainer.i18n.names import Words, typeset
from explainer.scenarios.loader import load_text
from explainer.scenarios.model import Scenario
from explainer.site.build import gather
from explainer.site.render import render_site
from explainer.site.variants import variants

ROOT = Path(__file__).resolve().parents[2]


def _recomputed(self: Any, rules: Any) -> Any:
    return variants_module._recomputed(self.scenario, rules)


def _facts(self: Any, rules: Any) -> Any:
    other = variants_module._recomputed(self.scenario, rules)
    return None if other is None else variants_module._checked(self.scenario, other)


def _said(self: Words, marked: tuple[str, str], **values: Any) -> str:
    return typeset(self.lang, self.catalog.p(marked, **values))


def _looked_up(self: Catalog, context: str, message: str) -> str:
    return str(self.translations.pgettext(context, message))


def _unkept(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every answer the render keeps, computed afresh at each call instead."""
    monkeypatch.setattr(render_module, "_kept", lambda notes: notes)
    monkeypatch.setattr(variants_module._Example, "recomputed", _recomputed)
    monkeypatch.setattr(variants_module._Example, "facts", _facts)
    monkeypatch.setattr(variants_module, "_with_knob", variants_module._with_knob.__wrapped__)
    monkeypatch.setattr(variants_module, "_families", variants_module._families.__wrapped__)
    monkeypatch.setattr(env_module, "_prose", env_module._prose.__wrapped__)
    monkeypatch.setattr(markdown_module, "_chip", markdown_module._chip.__wrapped__)
    monkeypatch.setattr(Words, "_p", _said)
    monkeypatch.setattr(Words, "rules", Words._rules_in_words)
    monkeypatch.setattr(Catalog, "pgettext", _looked_up)


def test_the_shipped_site_rendered_with_nothing_kept_is_byte_identical(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    site, problems = gather(ROOT)
    assert site is not None and not problems
    render_site(site, "https://example.invalid/")  # fills what is kept
    kept = render_site(site, "https://example.invalid/")
    _unkept(monkeypatch)
    site, _ = gather(ROOT)  # new catalogs: nothing looked up yet
    assert site is not None
    afresh = render_site(site, "https://example.invalid/")
    assert kept.keys() == afresh.keys()
    assert [p for p in kept if kept[p] != afresh[p]] == []


def _play(seed: int) -> Scenario:
    """A random play position under a random classic preset, its facts the engine's."""
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    n = rng.randint(0, 3)
    trick, hand = deck[:n], deck[n : n + rng.randint(1, 8)]
    trump = rng.choice(("spades", "hearts", "diamonds", "clubs", "none", "all"))
    preset = rng.choice(sorted(p for p in PRESETS if PRESETS[p].game == "belote"))
    leader = Seat(rng.randrange(4))
    seat = leader.after(len(trick))
    ruling = legal_cards(hand, trick, Trump.parse(trump), PRESETS[preset])
    played = ", ".join(f"{leader.after(k).name}: {card_str(c)}" for k, c in enumerate(trick))
    text = "\n".join(
        [
            "id: random-play",
            "title: A random position",
            f"contract: {{game: belote, rules: {preset}, trump: {trump}}}",
            *([f"trick: [{played}]"] if trick else []),
            f"hand: {{seat: {seat.name}, cards: [{', '.join(card_str(c) for c in hand)}]}}",
            "expect:",
            f"  legal: [{', '.join(card_str(c) for c in ruling.legal)}]",
            f"  rule: {ruling.rule.value}",
        ]
    )
    scenario, problems = load_text(text + "\n", "random-play.yaml")
    assert isinstance(scenario, Scenario), problems
    return scenario


@settings(max_examples=60, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_a_play_example_s_notes_are_the_same_with_its_recomputations_kept(seed: int) -> None:
    scenario = _play(seed)
    kept = variants(scenario)
    with pytest.MonkeyPatch.context() as monkeypatch:
        _unkept(monkeypatch)
        assert variants(scenario) == kept
