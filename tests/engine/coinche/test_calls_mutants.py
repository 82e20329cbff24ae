"""The contrée words of a level, the whole message of an unknown one, and the lowest bid
of a contract (issue 16: ``coinche.calls``' survivors)."""

from __future__ import annotations

import pytest

from explainer.engine.coinche import AuctionError, Call, CoincheContract, Level
from explainer.engine.contract import Trump
from explainer.engine.errors import InvalidContractError
from explainer.engine.seats import Seat


@pytest.mark.parametrize(
    ("text", "level"),
    [("contre", Level.COINCHE), (" Surcontre ", Level.SURCOINCHE), ("none", Level.NONE)],
)
def test_a_level_reads_the_contree_words(text: str, level: Level) -> None:
    assert Level.parse(text) is level


@pytest.mark.parametrize(("text", "shown"), [("double", "'double'"), (3, "3")])
def test_an_unknown_level_is_refused_with_what_was_written(text: object, shown: str) -> None:
    with pytest.raises(InvalidContractError) as e:
        Level.parse(text)  # type: ignore[arg-type]
    assert str(e.value) == f"unknown level: {shown} (expected none, coinche or surcoinche)"


def test_a_contract_may_be_bid_at_80() -> None:
    assert CoincheContract.parse(taker="E", trump="clubs", bid=80) == CoincheContract(
        Seat.E, Trump.CLUBS, 80, Level.NONE
    )


def test_a_call_that_is_not_text_is_refused_with_the_whole_message() -> None:
    with pytest.raises(AuctionError) as e:
        Call.parse(90)  # type: ignore[arg-type]
    assert str(e.value) == (
        "invalid call: 90 (expected pass, coinche, surcoinche, or a value then "
        "a denomination: 90 hearts, capot spades)"
    )
