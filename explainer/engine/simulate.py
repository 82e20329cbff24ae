"""Random legal deals, for property tests and benchmarks.

Every card is chosen at random among the legal ones of the seat to move, using the
same ruler the checks use, so a random deal exercises the whole engine.
"""

from __future__ import annotations

import random as _random
from typing import Final

from .cards import DECK
from .contract import Trump, tables
from .play import make_ruler
from .rules import HOUSE, RuleSet
from .seats import Seat

__all__ = ["random_hands", "random_deal"]

_LOW_BITS: Final = tuple(tuple(b for b in range(8) if m >> b & 1) for m in range(256))


def random_hands(rng: _random.Random) -> list[int]:
    """Four random hands of eight cards, as masks indexed by seat."""
    deck = list(DECK)
    rng.shuffle(deck)
    hands = []
    for s in range(4):
        m = 0
        for c in deck[s * 8:s * 8 + 8]:
            m |= 1 << c
        hands.append(m)
    return hands


def random_deal(
    rng: _random.Random, trump: Trump, rules: RuleSet = HOUSE, *, leader: Seat = Seat.N
) -> list[list[tuple[Seat, int]]]:
    """Eight tricks of random legal plays from random hands, first led by ``leader``."""
    ruler = make_ruler(trump, rules)
    hands = random_hands(rng)
    key_tables = tables(trump).win_key
    rand = rng.random
    low = _LOW_BITS
    tricks: list[list[tuple[Seat, int]]] = []
    lead = int(leader)
    for _ in range(8):
        cards: list[int] = []
        plays: list[tuple[Seat, int]] = []
        seat = lead
        for _ in range(4):
            mask, _rule = ruler(hands[seat], cards)
            k = int(rand() * mask.bit_count())
            base = 0
            while True:
                byte = mask & 0xFF
                bits = low[byte]
                if k < len(bits):
                    c = base + bits[k]
                    break
                k -= len(bits)
                mask >>= 8
                base += 8
            hands[seat] ^= 1 << c
            cards.append(c)
            plays.append((Seat(seat), c))
            seat = (seat + 1) & 3
        key = key_tables[cards[0] >> 3]
        win = max(range(4), key=lambda i: key[cards[i]])
        lead = (lead + win) & 3
        tricks.append(plays)
    return tricks
