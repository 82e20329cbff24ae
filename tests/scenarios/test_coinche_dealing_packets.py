"""A Coinche ``kind: dealing`` without written packets deals in its rule set's
``deal_packets``; beside written packets, that knob is refused (it would change nothing)."""

from __future__ import annotations

from explainer.engine import Seat, find_coinche_rules
from explainer.scenarios.kinds.dealing import DealingScenario
from explainer.scenarios.loader import load_text

DECK = (
    "[7S, 8S, 9S, 10S, JS, QS, KS, AS, 7H, 8H, 9H, 10H, JH, QH, KH, AH,"
    " 7D, 8D, 9D, 10D, JD, QD, KD, AD, 7C, 8C, 9C, 10C, JC, QC, KC, AC]"
)
HEAD = f"kind: dealing\ndealer: W\ndeck: {DECK}\n"


def _load(text: str) -> tuple[DealingScenario | None, list[str]]:
    scenario, diags = load_text(text, "t.yaml")
    assert scenario is None or isinstance(scenario, DealingScenario)
    return scenario, [f"{d} [{d.code.name}]" for d in diags]


def _north(scenario: DealingScenario | None) -> list[int]:
    """North's cards (the seat after the dealer West: it receives the first packet)."""
    assert scenario is not None
    return sorted(scenario.outcome.hands[Seat.N])


def test_coinche_rules_without_packets_deal_in_the_presets_deal_packets() -> None:
    scenario, diags = _load(HEAD + "rules: ffb_coinche\n")
    assert diags == []
    assert scenario is not None
    assert scenario.packets == (3, 2, 3)
    assert scenario.rules == find_coinche_rules("ffb_coinche")
    # 3 of the first 12 cards, 2 of the next 8, 3 of the next 12
    assert _north(scenario) == [0, 1, 2, 12, 13, 20, 21, 22]


def test_deal_packets_knob_without_packets_decides_the_packets() -> None:
    scenario, diags = _load(HEAD + "rules: {preset: ffb_coinche, deal_packets: 4-4}\n")
    assert diags == []
    assert scenario is not None
    assert scenario.packets == (4, 4)
    assert _north(scenario) == [0, 1, 2, 3, 16, 17, 18, 19]


def test_each_deal_packets_value_deals_differently() -> None:
    norths = set()
    for value in ("3-2-3", "3-3-2", "2-3-3", "4-4"):
        scenario, diags = _load(HEAD + f"rules: {{preset: ffb_coinche, deal_packets: {value}}}\n")
        assert diags == []
        assert scenario is not None
        assert scenario.packets == tuple(int(n) for n in value.split("-"))
        norths.add(tuple(_north(scenario)))
    assert len(norths) == 4


def test_written_packets_win_over_the_presets_default() -> None:
    scenario, diags = _load(HEAD + "rules: ffb_coinche\npackets: [3, 3, 2]\n")
    assert diags == []
    assert scenario is not None
    assert scenario.packets == (3, 3, 2)


def test_deal_packets_knob_beside_written_packets_is_refused_at_the_knob() -> None:
    scenario, diags = _load(
        HEAD + "rules: {preset: ffb_coinche, deal_packets: 4-4}\npackets: [3, 2, 3]\n"
    )
    assert scenario is None
    assert diags == [
        "t.yaml:4:30: rules.deal_packets: knob deal_packets does not apply when packets are"
        " written (the packets say how the deck is dealt) [BAD_RULES]"
    ]


def test_a_classic_preset_on_a_dealing_with_rules_is_refused() -> None:
    scenario, diags = _load(HEAD + "rules: house\n")
    assert scenario is None
    assert diags == [
        "t.yaml:4:8: rules: preset house does not apply to coinche (it is a belote preset;"
        " expected ffb_coinche, ffb_contree or pagat_coinche) [BAD_RULES]"
    ]


def test_without_rules_or_packets_a_dealing_turns_a_card() -> None:
    scenario, diags = _load(HEAD)
    assert diags == []
    assert scenario is not None
    assert (scenario.packets, scenario.rules) == (None, None)
