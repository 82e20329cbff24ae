"""Seats, teams and turn order.

Seats are ints 0-3 in turn order N, E, S, W: play goes N -> E -> S -> W -> N, and
the seat after the dealer in that order leads the first trick. Partners sit two
apart (N-S, E-W); a seat's team is ``seat & 1`` (0 = NS, 1 = EW).

>>> Seat.parse("s").partner
<Seat.N: 0>
>>> Seat.W.next, Seat.E.team
(<Seat.N: 0>, <Team.EW: 1>)
"""

from __future__ import annotations

from enum import IntEnum

from .errors import InvalidSeatError

__all__ = ["SEATS", "TEAMS", "Seat", "Team"]


class Team(IntEnum):
    """The two partnerships: North-South and East-West."""

    NS = 0
    EW = 1

    @property
    def other(self) -> Team:
        """The opposing team."""
        return TEAMS[self ^ 1]

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The team's two seats."""
        return _TEAM_SEATS[self]

    @classmethod
    def parse(cls, text: str) -> Team:
        """``NS`` or ``EW`` (either order of letters, any case)."""
        key = text.strip().upper() if isinstance(text, str) else None
        if key in ("NS", "SN"):
            return cls.NS
        if key in ("EW", "WE"):
            return cls.EW
        raise InvalidSeatError(f"invalid team: {text!r}")


class Seat(IntEnum):
    """A seat at the table, in turn order."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def next(self) -> Seat:
        """The seat that plays after this one."""
        return SEATS[(self + 1) & 3]

    @property
    def previous(self) -> Seat:
        """The seat that plays before this one (the dealer of a deal this seat opens)."""
        return SEATS[(self + 3) & 3]

    @property
    def partner(self) -> Seat:
        """The seat across the table."""
        return SEATS[self ^ 2]

    @property
    def team(self) -> Team:
        """The seat's partnership."""
        return TEAMS[self & 1]

    @classmethod
    def parse(cls, text: str) -> Seat:
        """``N``, ``E``, ``S`` or ``W``, any case; :class:`InvalidSeatError` otherwise."""
        key = text.strip().upper() if isinstance(text, str) else None
        if key in ("N", "E", "S", "W"):
            return cls[key]
        raise InvalidSeatError(f"invalid seat: {text!r}")

    def after(self, n: int) -> Seat:
        """The seat ``n`` places later in turn order."""
        return SEATS[(self + n) & 3]


SEATS: tuple[Seat, ...] = tuple(Seat)
"""The seats by index (N, E, S, W): a lookup costs less than calling the enum, and the
deal laws turn seats hundreds of thousands of times; every module reads them here."""
TEAMS: tuple[Team, ...] = tuple(Team)
"""The teams by index (NS, EW)."""
_TEAM_SEATS: tuple[tuple[Seat, Seat], ...] = tuple((SEATS[t], SEATS[t + 2]) for t in Team)
