"""The Coinche knobs each engine step reads (``STEP_KNOBS``), and the kinds refusing the
others.

The table is a claim about the engine: a knob outside a step's set cannot change that
step's result. The first test holds it over every shipped Coinche scenario, setting each
such knob to each of its values; the others check that a scenario setting a knob its
kind's step does not read is refused, named and located, and that one it reads is not.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from explainer.engine import (
    COINCHE_KNOBS,
    FULL_DECK,
    KNOBS,
    STEP_KNOBS,
    CoincheRules,
    EngineError,
    compare_declarations,
    deal_packets,
    play_coinche_deal,
    run_auction,
    run_match,
)
from explainer.scenarios.kinds.auction import AuctionScenario
from explainer.scenarios.kinds.coinche_deal import CoincheDealScenario
from explainer.scenarios.kinds.dealing import DealingScenario
from explainer.scenarios.kinds.declarations import DeclarationsScenario
from explainer.scenarios.kinds.match import MatchScenario
from explainer.scenarios.loader import load_project, load_text

ROOT = Path(__file__).resolve().parents[2]


def _mask(cards: tuple[int, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _step(s: Any) -> tuple[str, Callable[[CoincheRules], Any]] | None:
    """The engine step a shipped Coinche scenario runs, as a function of the rules."""
    if isinstance(s, AuctionScenario):
        return "auction", lambda rules: run_auction(s.dealer, list(s.calls), rules=rules)
    if isinstance(s, DealingScenario) and s.rules is not None:
        return "dealing", lambda rules: deal_packets(s.deck, s.dealer, s.packets, rules=rules)
    if isinstance(s, DeclarationsScenario):
        held = dict(s.hands)
        masks = [_mask(held[seat]) if seat in held else FULL_DECK for seat in range(4)]
        masks_or_none = masks if held else None
        return "declarations", lambda rules: compare_declarations(
            dict(s.announced), trump=s.trump, dealer=s.dealer, hands=masks_or_none, rules=rules
        )
    if isinstance(s, CoincheDealScenario):
        plays = [list(t) for t in s.tricks]
        return "deal", lambda rules: play_coinche_deal(
            s.contract, plays, rules=rules, dealer=s.dealer, announced=dict(s.announced)
        )
    if isinstance(s, MatchScenario) and isinstance(s.rules, CoincheRules):
        return "match", lambda rules: run_match(
            list(s.deals), dealer=s.dealer, start=s.start, rules=rules
        )
    return None


def _by_rules_packets(s: DealingScenario) -> Callable[[CoincheRules], Any]:
    """The deal of ``s``'s deck in the packets its rules name (``deal_packets``)."""
    return lambda rules: deal_packets(s.deck, s.dealer, rules=rules)


def _shipped_steps() -> list[tuple[str, str, CoincheRules, Callable[[CoincheRules], Any]]]:
    out = []
    for s in load_project(ROOT).scenarios:
        step = _step(s)
        if step is not None:
            out.append((s.id, step[0], s.rules, step[1]))
        if step is not None and step[0] == "dealing":  # the packets the rules name
            out.append((s.id, "dealing", s.rules, _by_rules_packets(s)))
    return out


def _outcome(run: Callable[[CoincheRules], Any], rules: CoincheRules) -> Any:
    try:
        return run(rules)
    except EngineError as exc:
        return type(exc), str(exc)


def test_a_knob_outside_a_steps_set_never_changes_its_result() -> None:
    steps = _shipped_steps()
    assert {step for _, step, _, _ in steps} == set(STEP_KNOBS)
    for ident, step, rules, run in steps:
        base = _outcome(run, rules)
        for name in sorted(set(COINCHE_KNOBS) - STEP_KNOBS[step]):
            for value in COINCHE_KNOBS[name].values:
                assert _outcome(run, rules.with_knobs(**{name: value})) == base, (
                    ident,
                    name,
                    value,
                )


def test_every_knob_is_read_by_some_step() -> None:
    assert set().union(*STEP_KNOBS.values()) == set(COINCHE_KNOBS)


def test_each_step_reads_a_knob_that_changes_a_shipped_result() -> None:
    """The sets are not padded with everything: in every step some knob of its set
    changes some shipped scenario's result."""
    changed = set()
    for _, step, rules, run in _shipped_steps():
        base = _outcome(run, rules)
        for name in STEP_KNOBS[step]:
            if any(
                _outcome(run, rules.with_knobs(**{name: v})) != base
                for v in COINCHE_KNOBS[name].values
            ):
                changed.add(step)
                break
    assert changed == set(STEP_KNOBS)


AUCTION = (
    "kind: auction\ndealer: W\ncalls:\n  - N: 90 spades\n  - E: pass\n  - S: pass\n  - W: pass\n"
)


def _auction_diagnostics(knob: str) -> list[str]:
    """The diagnostics of :data:`AUCTION` under ``ffb_coinche`` with the line ``knob``."""
    rules = f"kind: auction\nrules:\n  preset: ffb_coinche\n  {knob}\n"
    _, diags = load_text(AUCTION.replace("kind: auction\n", rules), "t.yaml")
    return [str(d) for d in diags]


def test_a_scoring_knob_on_an_auction_is_named_as_not_applying() -> None:
    assert _auction_diagnostics("scoring: bid_only") == [
        "t.yaml:4:3: rules.scoring: knob scoring does not apply to kind: auction"
        " (it applies to kind: deal)"
    ]


def test_a_match_knob_on_an_auction_names_the_match() -> None:
    assert _auction_diagnostics("target: '1000'") == [
        "t.yaml:4:3: rules.target: knob target does not apply to kind: auction"
        " (it applies to kind: match)"
    ]


def test_a_knob_the_auction_reads_is_accepted() -> None:
    assert _auction_diagnostics("surcoinche: 'off'") == []


CLASSIC_MATCH_KNOBS = {"target", "both_reach", "rounding", "tie"}
"""The classic knobs a match reads (:func:`~explainer.engine.match_rules`): the other
knobs score or play the deals, which a match is given already scored."""


def test_a_classic_match_reads_only_its_match_knobs_and_the_tie() -> None:
    matches = [
        s
        for s in load_project(ROOT).scenarios
        if isinstance(s, MatchScenario) and not isinstance(s.rules, CoincheRules)
    ]
    assert len(matches) >= 9
    changed = set()
    for s in matches:

        def run(rules: Any, s: MatchScenario = s) -> Any:
            return _outcome(
                lambda r: run_match(list(s.deals), dealer=s.dealer, start=s.start, rules=r), rules
            )

        base = run(s.rules)
        for name, knob in KNOBS.items():
            for value in knob.values:
                other = run(s.rules.with_knobs(**{name: value}))
                if name in CLASSIC_MATCH_KNOBS:
                    changed |= {name} if other != base else set()
                else:
                    assert other == base, (s.id, name, value)
    assert changed == CLASSIC_MATCH_KNOBS
