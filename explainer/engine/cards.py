"""Cards, suits and sets of cards.

A card is an ``int`` from 0 to 31: ``suit * 8 + rank``, with suits in the order
spades, hearts, diamonds, clubs and ranks from 7 up to ace. A set of cards is a
32-bit mask (bit ``card`` set), which keeps the rules engine's hot path to a few
integer operations. :class:`CardSet` is the readable face of such a mask, the way
python-chess wraps its bitboards in ``SquareSet``.

>>> parse_card("10h") == parse_card("TH") == parse_card("10♥")
True
>>> card_str(parse_card("th"))
'10H'
>>> CardSet.parse("KS 7S jh")
CardSet('7S KS JH')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final

from .errors import InvalidCardError

__all__ = [
    "DECK",
    "FULL_DECK",
    "RANKS",
    "SUITS",
    "SUIT_MASKS",
    "Card",
    "CardSet",
    "Mask",
    "Rank",
    "Suit",
    "card",
    "card_rank",
    "card_str",
    "card_suit",
    "cards_of",
    "mask_of",
    "parse_card",
]


Card = int
"""A card: ``suit * 8 + rank``, 0 to 31 (``AS`` is 7, ``JH`` is 12)."""
Mask = int
"""A set of cards as a 32-bit mask: bit ``card`` is set when the card is in the set."""


class Suit(IntEnum):
    """The four French suits, in the engine's order."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """The suit's letter in the notation: ``S H D C``."""
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``♠ ♥ ♦ ♣``."""
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red, spades and clubs black."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def from_name(cls, name: str) -> Suit:
        """The suit from its English name (``spades``) or letter (``S``).

        Raises :class:`InvalidCardError` otherwise (a suit is half of a card's name).
        """
        key = name.strip().lower()
        for suit in cls:
            if key in (suit.name.lower(), suit.letter.lower(), suit.symbol):
                return suit
        raise InvalidCardError(f"invalid suit: {name!r}")


class Rank(IntEnum):
    """The eight ranks of the 32-card pack, from the seven up."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def letter(self) -> str:
        """The rank as written in the notation: ``7 8 9 10 J Q K A``."""
        return _RANK_TEXT[self]


_RANK_TEXT: Final = ("7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_PARSE: Final = {"7": 0, "8": 1, "9": 2, "10": 3, "T": 3, "J": 4, "Q": 5, "K": 6, "A": 7}
_SUIT_PARSE: Final = {
    "S": 0,
    "H": 1,
    "D": 2,
    "C": 3,
    "♠": 0,
    "♥": 1,
    "♦": 2,
    "♣": 3,
    "♤": 0,
    "♡": 1,
    "♢": 2,
    "♧": 3,
}

SUITS: Final = tuple(Suit)
RANKS: Final = tuple(Rank)
DECK: Final = tuple(range(32))
"""All 32 cards, spades first, each suit from the seven up."""
FULL_DECK: Final = 0xFFFFFFFF
"""The mask of all 32 cards."""
SUIT_MASKS: Final = (0xFF, 0xFF00, 0xFF0000, 0xFF000000)
"""``SUIT_MASKS[suit]``: the mask of the suit's eight cards."""

_STR: Final = tuple(_RANK_TEXT[c & 7] + "SHDC"[c >> 3] for c in DECK)
_PARSED: dict[str, int] = {}
for _c in DECK:
    for _r, _ri in _RANK_PARSE.items():
        if _ri == _c & 7:
            for _s, _si in _SUIT_PARSE.items():
                if _si == _c >> 3:
                    _PARSED[_r + _s] = _c
del _c, _r, _ri, _s, _si


def card(rank: Rank | int, suit: Suit | int) -> Card:
    """The card of the given rank and suit."""
    return int(suit) * 8 + int(rank)


def card_suit(c: Card) -> Suit:
    """The suit of card ``c``."""
    return Suit(c >> 3)


def card_rank(c: Card) -> Rank:
    """The rank of card ``c``."""
    return Rank(c & 7)


def parse_card(text: str) -> Card:
    """Parse ``AS``, ``10D``, ``TD``, ``jh``, ``7♣``; raise :class:`InvalidCardError` otherwise."""
    if not isinstance(text, str):
        raise InvalidCardError(f"invalid card: {text!r}")
    found = _PARSED.get(text.strip().upper())
    if found is None:
        raise InvalidCardError(f"invalid card: {text!r}")
    return found


def card_str(c: Card) -> str:
    """The canonical text of card ``c``: ``10D``, ``AS``."""
    return _STR[c]


def cards_of(mask: Mask) -> list[Card]:
    """The cards of ``mask`` in deck order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cards: Iterable[Card]) -> Mask:
    """The mask of ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


class CardSet:
    """An immutable set of cards over a 32-bit mask, with set operators and a readable repr.

    >>> hand = CardSet.parse("KS 7S JH")
    >>> parse_card("KS") in hand, len(hand), str(hand)
    (True, 3, '7S KS JH')
    >>> eval(repr(hand)) == hand
    True
    """

    __slots__ = ("mask",)

    def __init__(self, cards: Iterable[Card] | Mask | str = 0) -> None:
        if isinstance(cards, int):
            self.mask = cards & FULL_DECK
        elif isinstance(cards, str):  # so that the repr parses back: CardSet('7S KS')
            self.mask = CardSet.parse(cards).mask
        else:
            self.mask = mask_of(cards)

    @classmethod
    def parse(cls, text: str | Iterable[str]) -> CardSet:
        """Cards from ``"KS 7S"`` or ``["KS", "7S"]``."""
        items = text.replace(",", " ").split() if isinstance(text, str) else text
        return cls(parse_card(t) for t in items)

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, c: object) -> bool:
        return isinstance(c, int) and 0 <= c < 32 and bool(self.mask >> c & 1)

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __str__(self) -> str:
        return " ".join(_STR[c] for c in cards_of(self.mask))

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})"
