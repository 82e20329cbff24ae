"""Contracts and their tables: rank order and card points for each kind of trump.

A contract is a trump suit, ``none`` (no-trump, *sans atout*) or ``all`` (all-trump,
*tout atout*). Each of the six kinds has its tables computed once at import; the
rules engine reads them by index, never recomputes them.

>>> t = tables(Trump.HEARTS)
>>> t.points[parse_card("JH")], t.points[parse_card("JS")], t.points[parse_card("AS")]
(20, 2, 11)
>>> sum(tables(Trump.NONE).points), sum(tables(Trump.ALL).points)
(152, 152)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from .cards import SUIT_MASKS, Rank, Suit, card, parse_card
from .errors import InvalidContractError
from .seats import Seat

__all__ = [
    "ALL_TRUMP_POINTS",
    "ALL_TRUMP_SCALES",
    "NO_TRUMP_POINTS",
    "PLAIN_ORDER",
    "PLAIN_POINTS",
    "TRUMP_KEY",
    "TRUMP_ORDER",
    "TRUMP_POINTS",
    "Contract",
    "Tables",
    "Trump",
    "point_table",
    "tables",
]
_ = parse_card  # re-exported for the doctest above


class Trump(IntEnum):
    """What is trump: one of the four suits, ``NONE`` or ``ALL``."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3
    NONE = 4
    ALL = 5

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or ``None`` for no-trump and all-trump."""
        return Suit(self) if self < 4 else None

    @property
    def word(self) -> str:
        """The scenario word: ``spades`` ... ``none``, ``all``."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Trump:
        """``spades``, ``hearts``, ``diamonds``, ``clubs``, ``none`` or ``all``."""
        found = _BY_WORD.get(text.strip().lower()) if isinstance(text, str) else None
        if found is not None:
            return found
        raise InvalidContractError(
            f"unknown trump: {text!r} (expected spades, hearts, diamonds, clubs, none or all)"
        )


_BY_WORD: Final = {t.word: t for t in Trump}
"""Each kind of trump by its scenario word (an enum's members are slow to walk)."""

TRUMP_ORDER: Final = (
    Rank.JACK,
    Rank.NINE,
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
    Rank.EIGHT,
    Rank.SEVEN,
)
"""Trump suit ranks, high to low: J 9 A 10 K Q 8 7."""
PLAIN_ORDER: Final = (
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)
"""Plain suit ranks, high to low: A 10 K Q J 9 8 7."""
TRUMP_POINTS: Final = {
    Rank.JACK: 20,
    Rank.NINE: 14,
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}
PLAIN_POINTS: Final = {
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.JACK: 2,
    Rank.NINE: 0,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}
NO_TRUMP_POINTS: Final = {**PLAIN_POINTS, Rank.ACE: 19}
ALL_TRUMP_POINTS: Final = {
    Rank.JACK: 14,
    Rank.NINE: 9,
    Rank.ACE: 6,
    Rank.TEN: 5,
    Rank.KING: 3,
    Rank.QUEEN: 1,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}
"""All-trump card points, Pagat's scale (PAG-C, WFR-CO): 38 a suit, 152 in all."""
ALL_TRUMP_SCALES: Final = {
    "pagat": ALL_TRUMP_POINTS,
    "ffb2015": {**ALL_TRUMP_POINTS, Rank.JACK: 13, Rank.QUEEN: 2},
    "ffb2016_ratio": TRUMP_POINTS,
    "trump_values": TRUMP_POINTS,
}
"""The all-trump point scales of the ``all_trump_points`` knob, by value. ``ffb2015`` is
FFB-C15/CO15's J 13, 9 9, A 6, 10 5, K 3, Q 2 (also 152 in all); ``ffb2016_ratio`` counts
the trump values (248 in cards, 258 with the last trick) and the deal scoring scales each
team's count to 162 (FFB-C16 §11.3); ``trump_values`` counts them unscaled (belote-cli)."""

TRUMP_KEY: Final = 16
"""Added to a trump's strength in :attr:`Tables.win_key`: a key of at least ``TRUMP_KEY``
means the card is a trump, so any trump beats any card of the led suit."""


@dataclass(frozen=True, slots=True, eq=False)
class Tables:
    """Per-contract lookup tables, indexed by card (0-31).

    ``points[c]``: card points. ``strength[c]``: 0-7, the card's place in its suit's
    order under this contract (7 highest). ``above[c]``: mask of the cards of the same
    suit that beat ``c``. ``trump_mask``: the trump suit's cards (0 for none/all).
    ``trump_like``: suits whose led cards must be beaten when possible (the trump suit,
    or all four with all-trump). ``win_key[led][c]``: the card's strength in a trick
    led in ``led``: 16 + strength for a trump, strength for the led suit, -1 otherwise.
    ``order[suit]``: the suit's ranks, high to low, as shown on rank tables.
    """

    trump: Trump
    points: tuple[int, ...]
    strength: tuple[int, ...]
    above: tuple[int, ...]
    trump_mask: int
    trump_like: tuple[bool, ...]
    win_key: tuple[tuple[int, ...], ...]
    order: tuple[tuple[Rank, ...], ...]


def _build(trump: Trump) -> Tables:
    points: list[int] = [0] * 32
    strength: list[int] = [0] * 32
    orders: list[tuple[Rank, ...]] = []
    for suit in Suit:
        is_trump = trump == Trump.ALL or int(trump) == int(suit)
        order = TRUMP_ORDER if is_trump else PLAIN_ORDER
        if trump == Trump.ALL:
            table = ALL_TRUMP_POINTS
        elif trump == Trump.NONE:
            table = NO_TRUMP_POINTS
        else:
            table = TRUMP_POINTS if is_trump else PLAIN_POINTS
        orders.append(order)
        for place, rank in enumerate(order):
            c = card(rank, suit)
            strength[c] = 7 - place
            points[c] = table[rank]
    above = []
    for c in range(32):
        mask = 0
        for d in range(c & ~7, (c & ~7) + 8):
            if strength[d] > strength[c]:
                mask |= 1 << d
        above.append(mask)
    trump_mask = SUIT_MASKS[trump] if trump < 4 else 0
    win_key = tuple(
        tuple(
            TRUMP_KEY + strength[c] if trump_mask >> c & 1 else strength[c] if c >> 3 == led else -1
            for c in range(32)
        )
        for led in range(4)
    )
    return Tables(
        trump=trump,
        points=tuple(points),
        strength=tuple(strength),
        above=tuple(above),
        trump_mask=trump_mask,
        trump_like=tuple(trump == Trump.ALL or trump == s for s in range(4)),
        win_key=win_key,
        order=tuple(orders),
    )


_TABLES: Final = tuple(_build(t) for t in Trump)


def tables(trump: Trump | int) -> Tables:
    """The lookup tables of a kind of trump (computed once, at import)."""
    return _TABLES[trump]


def _scale(table: dict[Rank, int]) -> tuple[int, ...]:
    return tuple(table[Rank(c & 7)] for c in range(32))


_ALL_TRUMP_TABLES: Final = {name: _scale(t) for name, t in ALL_TRUMP_SCALES.items()}


def point_table(trump: Trump | int, scale: str = "pagat") -> tuple[int, ...]:
    """Card points by card under ``trump``; ``scale`` (an ``all_trump_points`` value)
    matters only at all-trump.

    >>> point_table(Trump.ALL, "ffb2015")[parse_card("JS")], sum(point_table(Trump.ALL, "ffb2016_ratio"))
    (13, 248)
    """
    if trump == Trump.ALL:
        return _ALL_TRUMP_TABLES[scale]
    return _TABLES[trump].points


@dataclass(frozen=True, slots=True)
class Contract:
    """What the deal is played in: the trump, the game, (for a whole deal) the taker, and
    whether it was coinched.

    ``game`` is ``belote`` or ``coinche``; it names the game on the page and does not
    change the rules by itself (the rule set does).
    """

    trump: Trump
    game: str = "belote"
    taker: Seat | None = None
    multiplier: int = 1
    """1, or 2 for a contract coinched and 4 surcoinched (classic Belote under
    ``classic_coinche: on``; a Coinche deal carries its own level)."""

    def __post_init__(self) -> None:
        if self.game not in ("belote", "coinche"):
            raise InvalidContractError(f"unknown game: {self.game!r} (expected belote or coinche)")
        if self.multiplier not in (1, 2, 4):
            raise InvalidContractError(
                f"invalid multiplier: {self.multiplier!r} (expected 1, 2 or 4)"
            )

    @property
    def tables(self) -> Tables:
        """The contract's rank and point tables."""
        return _TABLES[self.trump]

    @classmethod
    def parse(cls, trump: str, *, game: str = "belote", taker: str | None = None) -> Contract:
        """A contract from scenario words: ``Contract.parse("hearts", taker="S")``."""
        return cls(Trump.parse(trump), game, Seat.parse(taker) if taker is not None else None)
