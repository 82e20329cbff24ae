"""Sampled positions of a play law: full hands drawn with a fixed seed.

The exhaustive half of a check (:mod:`.play_check`) rules one small hand per class of
positions (:mod:`.space`); this half checks the zone argument itself on real hands.
Positions with a full hand of eight cards (tricks up to suit symmetry) that satisfy
the premises are drawn with a fixed seed (:data:`~.terms.SEED`) until the target
number of distinct ones (:data:`~.play_check.PLAY_SAMPLES` by default, split evenly
among the law's contract kinds) is reached; where fewer exist, every one of them, then
every hand of seven cards, and so on down until the sample is full or holds every
position there is (a hand of nothing but trumps while the partner has trumped never
has eight cards: one trump is in the trick). They are drawn in blocks of up to
:data:`BLOCK` positions that share a trick and the hand's card counts per zone and
suit, each block chosen in proportion to the positions of its shape.

Samples are kept for the whole process (:func:`_positions`): laws with the same
premises share them.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, cycle, islice, product
from math import comb, lcm
from operator import or_
from typing import Final

from ..cards import cards_of
from .space import _ZONES, _matches, _Space, _space
from .terms import SEED, TrumpKind

HAND: Final = 8
"""The hand size of sampled positions: the hand a deal starts with (smaller hands are
sampled only where full hands are too few)."""


@cache
def _compositions(
    sizes: tuple[int, ...], total: int = HAND, least: int = 1
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """How ``total`` cards can be taken from parts of the given sizes (at least ``least`` each).

    Returns the card counts per part and the cumulative number of card sets for each,
    so that the last number is how many sets there are, and a uniform number below it
    picks counts in proportion to their sets.
    """
    partial: list[tuple[tuple[int, ...], int, int]] = [((), 0, 1)]
    for i, size in enumerate(sizes):
        rest = sum(sizes[i + 1 :])
        after = least * (len(sizes) - i - 1)
        grown = []
        for ks, used, ways in partial:
            for k in range(max(least, total - used - rest), min(size, total - used - after) + 1):
                grown.append(((*ks, k), used + k, ways * comb(size, k)))
        partial = grown
    cumulative = []
    grand = 0
    for _, _, ways in partial:
        grand += ways
        cumulative.append(grand)
    return tuple(ks for ks, _, _ in partial), tuple(cumulative)


@cache
def _subsets(mask: int) -> tuple[tuple[int, ...], ...]:
    """The submasks of an 8-bit ``mask``, by number of cards: ``_subsets(m)[k]``."""
    by_size: list[list[int]] = [[] for _ in range(9)]
    sub = mask
    while True:
        by_size[sub.bit_count()].append(sub)
        if not sub:
            break
        sub = (sub - 1) & mask
    return tuple(tuple(sorted(b)) for b in by_size)


_Piece = tuple[int, int, int]
"""Cards of one suit: ``(shift, how many, 8-bit mask)``."""


@cache
def _pieces(zone: int) -> tuple[_Piece, ...]:
    """A zone's cards cut by suit (kept: every sample meets the same zones)."""
    out = []
    for s in range(4):
        m = zone >> 8 * s & 0xFF
        if m:
            out.append((8 * s, m.bit_count(), m))
    return tuple(out)


def _zone_list(zones: int) -> tuple[int, ...]:
    return tuple(z for z in range(_ZONES) if zones >> z & 1)


@dataclass(frozen=True, slots=True)
class _Cell:
    """Positions of one group of tricks whose hands have cards in exactly ``zones``
    (one hand size)."""

    tricks: tuple[int, ...]
    zones: tuple[int, ...]
    counts: tuple[tuple[int, ...], ...]
    cumulative: tuple[int, ...]

    @property
    def size(self) -> int:
        """How many positions the cell holds."""
        return len(self.tricks) * self.cumulative[-1]


@cache
def _cell(kind: TrumpKind, group: int, zones: int, size: int = HAND) -> _Cell | None:
    """The positions of a group of tricks with ``size`` cards in hand, in exactly ``zones``."""
    _, sizes, tricks = _space(kind).groups[group]
    zl = _zone_list(zones)
    counts, cumulative = _compositions(tuple(sizes[z] for z in zl), size)
    return _Cell(tricks, zl, counts, cumulative) if counts else None


def _cells(space: _Space, need: int, forbid: int, size: int = HAND) -> list[_Cell]:
    """The cells of hands of ``size`` cards whose positions satisfy the premises."""
    wanted = [
        [zones for zones, bits in patterns if _matches(bits, need, forbid)]
        for patterns in space.patterns
    ]
    out = []
    for gi, (cl_index, _, _) in enumerate(space.groups):
        for zones in wanted[cl_index]:
            cell = _cell(space.kind, gi, zones, size)
            if cell is not None:
                out.append(cell)
    return out


_Found = dict[int, set[int]]
"""Positions being gathered: the hands (masks) found so far for each trick index."""


def _enumerate(space: _Space, cells: Sequence[_Cell], found: _Found) -> None:
    """Add every position of the cells to ``found``."""
    for cell in cells:
        for ti in cell.tricks:
            zones = space.tricks[ti].zones
            lists = [cards_of(zones[z]) for z in cell.zones]
            hands = found.setdefault(ti, set())
            for ks in cell.counts:
                parts = [
                    [sum(1 << c for c in sub) for sub in combinations(cards, k)]
                    for cards, k in zip(lists, ks, strict=True)
                ]
                hands.update(map(sum, product(*parts)))


BLOCK: Final = 128
"""Positions drawn at once from one trick with given card counts per zone and suit."""


@cache
def _shifted(mask: int, shift: int, k: int) -> tuple[int, ...]:
    """The ``k``-card submasks of the 8-bit ``mask``, moved to their suit."""
    return tuple(m << shift for m in _subsets(mask)[k])


def _draw_lists(
    cell: _Cell, pieces: tuple[tuple[_Piece, ...], ...], rand: Callable[[], float]
) -> list[tuple[int, ...]]:
    """For one draw: each suit's card sets of the right size, rotated by a random amount."""
    ks = cell.counts[bisect_right(cell.cumulative, int(rand() * cell.cumulative[-1]))]
    lists = []
    for z, k in zip(cell.zones, ks, strict=True):
        parts = pieces[z]
        if len(parts) == 1:
            spread: tuple[int, ...] = (k,)
        else:
            counts, cum = _compositions(tuple(p[1] for p in parts), k, 0)
            spread = counts[bisect_right(cum, int(rand() * cum[-1]))]
        for (shift, _, mask), j in zip(parts, spread, strict=True):
            if j:
                sets = _shifted(mask, shift, j)
                turn = int(rand() * len(sets))
                lists.append(sets[turn:] + sets[:turn])
    return lists


def _sample(
    space: _Space, cells: Sequence[_Cell], target: int, rng: random.Random, found: _Found
) -> None:
    """Add ``target`` new distinct positions of the cells to ``found`` (at least), seeded.

    Positions are drawn in blocks: a cell and a trick in proportion to their positions,
    then how many cards the hand takes from each zone and each suit in proportion to the
    hands that do, then up to :data:`BLOCK` hands of that shape, walking each suit's
    card sets together from a random starting point (the walk runs in C, so a position
    costs a fraction of a microsecond).
    """
    cumulative = []
    total = 0
    for cell in cells:
        total += cell.size
        cumulative.append(total)
    rand = rng.random
    pieces: dict[int, tuple[tuple[_Piece, ...], ...]] = {}
    count = 0
    while count < target:
        cell = cells[bisect_right(cumulative, int(rand() * total))]
        ti = cell.tricks[int(rand() * len(cell.tricks))]
        zones = pieces.get(ti)
        if zones is None:
            zones = pieces[ti] = tuple(_pieces(z) for z in space.tricks[ti].zones)
        lists = _draw_lists(cell, zones, rand)
        walk: Iterator[int] = cycle(lists[0])
        period = len(lists[0])
        for sets in lists[1:]:
            walk = map(or_, walk, cycle(sets))
            period = lcm(period, len(sets))
        hands = found.get(ti)
        if hands is None:
            hands = found[ti] = set()
        before = len(hands)
        hands.update(islice(walk, min(BLOCK, period)))
        count += len(hands) - before


_Sample = tuple[tuple[int, tuple[int, ...]], ...]
"""Positions grouped by trick: ``(trick index, hands)``, tricks in increasing order, the
hands (masks) in the order the seeded draw found them."""


def _count(sample: _Sample) -> int:
    return sum(len(hands) for _, hands in sample)


@cache
def _positions(kind: TrumpKind, need: int, forbid: int, target: int) -> _Sample:
    """The sampled positions checked for premises ``(need, forbid)``, shared by laws.

    Full hands first: every one of them where there are at most ``target``, else
    ``target`` drawn with a fixed seed. Where full hands are too few (a hand of nothing
    but trumps while a trump is in the trick never has eight cards), hands of seven
    cards follow, then six, and so on, until ``target`` positions or every one there is.
    """
    space = _space(kind)
    found: _Found = {}
    rng = random.Random(SEED)
    left = target
    for size in range(HAND, 0, -1):
        if left <= 0:
            break
        cells = _cells(space, need, forbid, size)
        total = sum(c.size for c in cells)
        if total <= left:
            _enumerate(space, cells, found)
        else:
            _sample(space, cells, left, rng, found)
        left -= total
    return tuple((ti, tuple(found[ti])) for ti in sorted(found))
