"""The deal and match laws' random deals played ahead, every stream of a kind of contract
together (:func:`~explainer.engine.play_ahead`), as the check does before the laws."""

from __future__ import annotations

import pytest

from explainer.engine import (
    COINCHE_PRESETS,
    PRESETS,
    DealLaw,
    LawResult,
    check_deal_law,
    play_ahead,
    simulate,
)
from explainer.engine.laws import deal_check

SAMPLES = 240
CLASSIC = {name: PRESETS[name] for name in ("house", "ffb_belote", "pagat_belote")}
LAWS = [
    (DealLaw.parse(trump="suit", then=["points_162_or_capot"]), CLASSIC),
    (
        DealLaw.parse(
            trump="suit", when=["failed", "takers_belote"], then=["takers_keep_belote"],
            game="coinche",
        ),
        dict(COINCHE_PRESETS),
    ),
    (DealLaw.parse(trump=["suit", "all"], then=["declarations_scored"]), CLASSIC),
]  # fmt: skip


def _checked(monkeypatch: pytest.MonkeyPatch, *, ahead: bool) -> tuple[list[LawResult], int]:
    """Each law checked in a process that has played no deal yet, and the hands dealt."""
    monkeypatch.setattr(deal_check, "_DEAL_POOLS", {})
    monkeypatch.setattr(deal_check, "_SCORED", {})
    dealt = []
    real = simulate.random_hands
    monkeypatch.setattr(simulate, "random_hands", lambda rng: dealt.append(1) or real(rng))
    if ahead:
        play_ahead(((law.kinds, rules.values()) for law, rules in LAWS), samples=SAMPLES)
    results = [check_deal_law(law, rules, samples=SAMPLES) for law, rules in LAWS]
    return results, len(dealt)


def test_laws_played_ahead_give_the_same_results_and_deal_each_deal_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    alone, dealt_alone = _checked(monkeypatch, ahead=False)
    ahead, dealt_ahead = _checked(monkeypatch, ahead=True)
    assert ahead == alone
    failing = [o for r in alone for o in r.outcomes if o.counterexample is not None]
    assert any(o.counterexample.coinche is not None for o in failing)  # compared too
    assert any(o.counterexample.coinche is None for o in failing)
    # law by law, the Coinche law's stream deals the classic one's hands again
    assert dealt_alone == 2 * SAMPLES + SAMPLES // 2
    assert dealt_ahead == SAMPLES + SAMPLES // 2  # once per deal of each trump


def test_a_law_asking_fewer_deals_reads_the_start_of_the_scored_ones_and_more_extends_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each law gives after another law of another sample count what it gives alone, and
    each deal is scored once whatever the counts asked (the deals scored are kept by stream
    and rule set, not by count)."""

    def alone(samples: int) -> list[LawResult]:
        monkeypatch.setattr(deal_check, "_DEAL_POOLS", {})
        monkeypatch.setattr(deal_check, "_SCORED", {})
        return [check_deal_law(law, rules, samples=samples) for law, rules in LAWS]

    few, many = alone(SAMPLES // 2), alone(SAMPLES)
    monkeypatch.setattr(deal_check, "_DEAL_POOLS", {})
    monkeypatch.setattr(deal_check, "_SCORED", {})
    scored = []
    real = deal_check._scored_deal
    monkeypatch.setattr(
        deal_check,
        "_scored_deal",
        lambda *a: scored.append(1) or real(*a),  # type: ignore[func-returns-value]
    )
    assert [check_deal_law(law, rules, samples=SAMPLES // 2) for law, rules in LAWS] == few
    once = len(scored)
    assert [check_deal_law(law, rules, samples=SAMPLES) for law, rules in LAWS] == many
    assert [check_deal_law(law, rules, samples=SAMPLES // 2) for law, rules in LAWS] == few
    assert len(scored) == 2 * once > 0  # the second half scored once, nothing again
