"""Calls and contracts of the coinche auction, as values that parse and print back.

A call is written value first, as the FFB requires ("on annonce d'abord la valeur …
puis la couleur"): ``90 hearts``, ``capot spades``, ``generale clubs``, ``coinche``,
``surcoinche``, ``pass``. ``contre`` / ``surcontre`` (the contrée words), ``générale``
and suit symbols (``90 ♥``) are accepted; ``str(call)`` is the canonical form.

>>> c = Call.parse("90 ♥")
>>> c.kind, c.value, str(c)
(<CallKind.BID: 'bid'>, 90, '90 hearts')
>>> str(Call.parse("Contre")), str(Call.parse("capot S"))
('coinche', 'capot spades')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum

from ..cards import Suit
from ..contract import Trump
from ..errors import InvalidContractError
from ..seats import Seat
from .errors import AuctionError

__all__ = ["BidKind", "Call", "CallKind", "CoincheContract", "Level"]


class CallKind(StrEnum):
    """What a call does."""

    PASS = "pass"
    BID = "bid"
    CAPOT = "capot"
    GENERALE = "generale"
    COINCHE = "coinche"
    SURCOINCHE = "surcoinche"


class BidKind(StrEnum):
    """The two bids that are not a number: all eight tricks by the team, or by one player."""

    CAPOT = "capot"
    GENERALE = "generale"


class Level(IntEnum):
    """How far the contract was doubled: not, coinché (*contré*), surcoinché."""

    NONE = 0
    COINCHE = 1
    SURCOINCHE = 2

    @property
    def word(self) -> str:
        """The scenario word: ``none``, ``coinche``, ``surcoinche``."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Level:
        """``none``, ``coinche`` / ``contre``, ``surcoinche`` / ``surcontre``."""
        key = text.strip().lower() if isinstance(text, str) else ""
        key = {"contre": "coinche", "surcontre": "surcoinche"}.get(key, key)
        for level in cls:
            if key == level.word:
                return level
        raise InvalidContractError(
            f"unknown level: {text!r} (expected none, coinche or surcoinche)"
        )


_WORDS = {
    "pass": CallKind.PASS,
    "coinche": CallKind.COINCHE,
    "contre": CallKind.COINCHE,
    "surcoinche": CallKind.SURCOINCHE,
    "surcontre": CallKind.SURCOINCHE,
}
_HIGH = {"capot": CallKind.CAPOT, "generale": CallKind.GENERALE, "générale": CallKind.GENERALE}


def _trump(word: str) -> Trump:
    try:
        return Trump.parse(word)
    except InvalidContractError:
        return Trump(Suit.from_name(word))


@dataclass(frozen=True, slots=True)
class Call:
    """One call: its kind and, for a bid, the value (``None`` for capot and générale)
    and the denomination (``Trump``: a suit, ``NONE`` sans atout, ``ALL`` tout atout)."""

    kind: CallKind
    value: int | None = None
    trump: Trump | None = None

    @classmethod
    def parse(cls, text: str) -> Call:
        """A call from its written form; :class:`AuctionError` for anything else."""
        words = text.strip().lower().split() if isinstance(text, str) else []
        if len(words) == 1 and words[0] in _WORDS:
            return cls(_WORDS[words[0]])
        if len(words) == 2:
            try:
                trump = _trump(words[1])
            except ValueError:
                trump = None
            if trump is not None and words[0] in _HIGH:
                return cls(_HIGH[words[0]], None, trump)
            if trump is not None and words[0].isdigit():
                return cls(CallKind.BID, int(words[0]), trump)
        raise AuctionError(
            f"invalid call: {text!r} (expected pass, coinche, surcoinche, or a value then "
            "a denomination: 90 hearts, capot spades)"
        )

    @property
    def is_bid(self) -> bool:
        """A numeric bid, a capot or a générale."""
        return self.kind in (CallKind.BID, CallKind.CAPOT, CallKind.GENERALE)

    @property
    def bid(self) -> int | BidKind:
        """The bid as a contract states it: the value, or capot / générale."""
        if self.kind is CallKind.BID:
            assert self.value is not None
            return self.value
        return BidKind(self.kind.value)

    def __str__(self) -> str:
        if not self.is_bid:
            return self.kind.value
        assert self.trump is not None
        head = str(self.value) if self.kind is CallKind.BID else self.kind.value
        return f"{head} {self.trump.word}"


@dataclass(frozen=True, slots=True)
class CoincheContract:
    """The contract an auction ended on: the declarer (``taker``), the denomination,
    the bid (a value, capot or générale) and the level of doubling."""

    taker: Seat
    trump: Trump
    bid: int | BidKind
    level: Level = Level.NONE

    @classmethod
    def parse(
        cls, *, taker: str, trump: str, bid: str | int, level: str = "none"
    ) -> CoincheContract:
        """A contract from scenario words: ``parse(taker="W", trump="diamonds", bid=90)``."""
        text = str(bid).strip().lower()
        value: int | BidKind
        if text.isdigit():
            value = int(text)
            if value % 10 or value < 80:
                raise InvalidContractError(
                    f"invalid bid: {bid!r} (a bid is a multiple of 10, at least 80)"
                )
        elif text in _HIGH:
            value = BidKind(_HIGH[text].value)
        else:
            raise InvalidContractError(
                f"invalid bid: {bid!r} (expected a number, capot or generale)"
            )
        return cls(Seat.parse(taker), Trump.parse(trump), value, Level.parse(level))

    @property
    def written_bid(self) -> str:
        """The bid as a scenario writes it: ``110``, ``capot``, ``generale``."""
        return str(self.bid) if isinstance(self.bid, int) else self.bid.value
