"""Seats and teams read only text: anything else is an invalid seat, not a crash."""

from __future__ import annotations

import pytest

from explainer.engine import InvalidSeatError, Seat, Team


@pytest.mark.parametrize("value", [None, 0, ["N"]])
def test_a_seat_that_is_not_text_is_an_invalid_seat_quoting_it(value: object) -> None:
    with pytest.raises(InvalidSeatError) as info:
        Seat.parse(value)  # type: ignore[arg-type]
    assert str(info.value) == f"invalid seat: {value!r}"


@pytest.mark.parametrize("value", [None, 1, ("N", "S")])
def test_a_team_that_is_not_text_is_an_invalid_team_quoting_it(value: object) -> None:
    with pytest.raises(InvalidSeatError) as info:
        Team.parse(value)  # type: ignore[arg-type]
    assert str(info.value) == f"invalid team: {value!r}"


def test_a_team_reads_either_order_of_letters_in_any_case_around_blanks() -> None:
    assert [Team.parse(t) for t in (" ns", "SN", "ew ", "wE")] == [
        Team.NS,
        Team.NS,
        Team.EW,
        Team.EW,
    ]
