"""Fact types (``explainer/scenarios/facts.py``): where a wrongly typed card or seat is
reported, and what ``--fill`` writes of a bid (issue 16: the survivors of facts' mutants)."""

from __future__ import annotations

from typing import Any

import pytest

from explainer.engine import BidKind
from explainer.scenarios.facts import BAD, BID, CARD, WINNERS, FactType
from explainer.scenarios.reader import Reader
from explainer.scenarios.yamlsource import compose


@pytest.mark.parametrize(
    ("fact", "key", "text", "expected"),
    [
        (CARD, "turned", "[7S]", "x.yaml:1:1: expect.turned: expected a card, got a list"),
        (WINNERS, "tricks", "[N, [E]]", "x.yaml:1:5: expect.tricks: expected a seat, got a list"),
    ],
)
def test_a_value_of_the_wrong_type_is_reported_at_its_expect_key(
    fact: FactType[Any], key: str, text: str, expected: str
) -> None:
    r = Reader("x.yaml")
    node = compose(text)
    assert node is not None
    assert fact.read(r, node, ("expect", key)) is BAD
    assert [(str(d), d.code.name) for d in r.diags] == [(expected, "TYPE")]


def test_fill_writes_a_bid_word_as_a_plain_string() -> None:
    written = BID.to_yaml(BidKind.CAPOT)
    assert type(written) is str
    assert written == "capot"
