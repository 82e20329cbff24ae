"""The position space of play laws: every trick up to suit symmetry, and the zones of a hand.

A play law speaks of positions (:mod:`.terms`); this module builds every one there is,
in the few classes that a law cannot tell apart, so that a check can rule each class
once (:mod:`.play_check`) and a sample can draw real hands from each (:mod:`.sampling`).
It also says which premises a given position satisfies (:func:`position_premises`),
with the same definitions, for a page that links an example to a law.

Suit symmetry first: in a trump-suit contract which suit is trump is immaterial and the
three plain suits are interchangeable (no-trump and all-trump: all four are), so only
tricks whose plain suits appear in a fixed order are considered, with hearts as trump.

Given the trick, the cards a hand may hold fall into five zones: cards of the led suit
above its best card in the trick, the other cards of the led suit, trumps above every
trump in the trick, trumps below the best one, and every other card (when trump is led,
its cards are in the trump zones). Every premise, every class and the ruling of
:func:`~.play.make_ruler` (under every rule set) depend only on which zones the hand
has cards in: the legal cards are always the hand's cards of some zones, so two
positions that agree on the trick's premises and on the hand's zones get the same
verdict. Two tricks are therefore alike (one :class:`_Class`) when they satisfy the
same premises and leave the same zones available.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from ..cards import SUIT_MASKS
from ..contract import Trump, tables
from .terms import Premise, TrumpKind

_ZONES: Final = 5
"""Zones of a hand given the trick: 0 led suit above its best card, 1 the rest of the
led suit, 2 trumps above every trump in the trick, 3 lower trumps, 4 every other card."""
_B: Final = {p: p.bit for p in Premise}


@dataclass(frozen=True, slots=True)
class _Trick:
    """A trick with what the checks need: premise bits, zones, class masks."""

    cards: tuple[int, ...]
    bits: int
    zones: tuple[int, int, int, int, int]
    follow: int
    classes: tuple[int, ...]

    @property
    def available(self) -> int:
        """The zones (bits 0-4) that hold at least one card."""
        return sum(1 << i for i, z in enumerate(self.zones) if z)


_State = tuple[tuple[int, ...], int, int, int, int, int, int]
"""A trick being built: ``(cards, taken mask, plain suits seen, winner index, winning
key, best trump or -1, best card of the led suit)``."""


def _extend(states: list[_State], trump: Trump) -> list[_State]:
    """Every trick one card longer, keeping the plain suits in their first-seen order."""
    t = tables(trump)
    plain = [s for s in range(4) if s != trump]
    strength, tmask = t.strength, t.trump_mask
    out: list[_State] = []
    for cards, taken, seen, win, top, best_trump, best_led in states:
        n = len(cards)
        key = t.win_key[cards[0] >> 3] if n else t.win_key[0]
        for c in range(32):
            if taken >> c & 1:
                continue
            s = c >> 3
            now = seen
            if s in plain[seen:]:
                if s != plain[seen]:
                    continue
                now += 1
            if not n:
                out.append(((c,), 1 << c, now, 0, t.win_key[s][c], c if tmask >> c & 1 else -1, c))
                continue
            k = key[c]
            w, tp = (n, k) if k > top else (win, top)
            bt = best_trump
            if tmask >> c & 1 and (bt < 0 or strength[c] > strength[bt]):
                bt = c
            bl = c if s == cards[0] >> 3 and strength[c] > strength[best_led] else best_led
            out.append((cards + (c,), taken | 1 << c, now, w, tp, bt, bl))
    return out


def _build_trick(state: _State, trump: Trump) -> _Trick:
    """The premises, zones and class masks of a trick."""
    cards, taken, _, win, _, best_trump, best_led = state
    t = tables(trump)
    n = len(cards)
    tmask = t.trump_mask
    avail = 0xFFFFFFFF & ~taken
    trumps = tmask & avail
    if not n:
        classes = (avail, 0, 0, trumps, trumps, 0, avail & ~tmask)
        return _Trick(cards, _B[Premise.LEADING], (0, 0, trumps, 0, avail & ~tmask), 0, classes)
    led = cards[0] >> 3
    trump_led = t.trump_like[led]
    bits = _B[Premise.FOLLOWING] | (_B[Premise.TRUMP_LED] if trump_led else _B[Premise.PLAIN_LED])
    bits |= _winner_bits(n, win, cards[win], tmask, trump_led)
    thi, tlo, lhi, llo = trumps, 0, 0, 0
    if best_trump >= 0:
        bits |= _B[Premise.TRUMP_IN_TRICK]
        thi = trumps & t.above[best_trump]
        tlo = trumps & ~thi
    follow = 0b01100 if tmask >> cards[0] & 1 else 0b00011
    if follow == 0b00011:
        led_cards = SUIT_MASKS[led] & avail
        lhi = led_cards & t.above[best_led]
        llo = led_cards & ~lhi
    other = avail & ~tmask & ~(lhi | llo)
    led_suit, higher_led = (thi | tlo, thi) if follow == 0b01100 else (lhi | llo, lhi)
    classes = (avail, led_suit, higher_led, thi | tlo, thi, tlo, avail & ~tmask)
    return _Trick(cards, bits, (lhi, llo, thi, tlo, other), follow, classes)


def _winner_bits(n: int, win: int, best: int, tmask: int, trump_led: bool) -> int:
    """The premises that say who is winning the trick, and with what."""
    trumped = not trump_led and bool(tmask >> best & 1)
    if n >= 2 and win == n - 2:
        return _B[Premise.PARTNER_WINNING] | (_B[Premise.PARTNER_TRUMPED] if trumped else 0)
    return _B[Premise.OPPONENT_WINNING] | (_B[Premise.OPPONENT_TRUMPED] if trumped else 0)


_HIGHER_ZONES: Final = 0b00101
"""The zones of cards above the trick's best: of the led suit (0) and of trumps (2)."""


@cache
def _hand_bits(trick_bits: int, follow: int, zones: int) -> int:
    """The premise bits of a position whose hand has cards in exactly ``zones``."""
    bits = trick_bits
    if follow:
        bits |= _B[Premise.CAN_FOLLOW] if zones & follow else _B[Premise.VOID]
        if zones & follow & _HIGHER_ZONES:
            bits |= _B[Premise.CAN_BEAT]
    if zones & 0b01100:
        bits |= _B[Premise.HOLDS_TRUMP]
        if not zones & 0b10011:
            bits |= _B[Premise.ONLY_TRUMPS]
        if trick_bits & _B[Premise.TRUMP_IN_TRICK]:
            if zones & 0b00100:
                bits |= _B[Premise.CAN_OVERTRUMP]
            else:
                bits |= _B[Premise.ONLY_LOWER_TRUMPS]
    return bits


def _matches(bits: int, need: int, forbid: int) -> bool:
    return bits & need == need and not bits & forbid


def _bits_of(premises: Iterable[Premise]) -> int:
    return sum(p.bit for p in premises)


def position_premises(trump: Trump, trick: Sequence[int], hand: int) -> frozenset[Premise]:
    """The premises a position satisfies: ``trick`` the cards played (in order), ``hand``
    the mask of the cards of the player to move (none of them in the trick).

    The same definitions the laws' positions are built with (:func:`_build_trick`), so a
    law holding under a rule set holds at every position of its kinds this returns its
    premises for.
    """
    t = tables(trump)
    taken, win, top, best_trump, best_led = 0, 0, -1, -1, -1
    key = t.win_key[trick[0] >> 3] if trick else t.win_key[0]
    for i, c in enumerate(trick):
        taken |= 1 << c
        if key[c] > top:
            win, top = i, key[c]
        if t.trump_mask >> c & 1 and (best_trump < 0 or t.strength[c] > t.strength[best_trump]):
            best_trump = c
        if c >> 3 == trick[0] >> 3 and (best_led < 0 or t.strength[c] > t.strength[best_led]):
            best_led = c
    built = _build_trick((tuple(trick), taken, 0, win, top, best_trump, best_led), trump)
    zones = sum(1 << i for i, zone in enumerate(built.zones) if hand & zone)
    bits = _hand_bits(built.bits, built.follow, zones)
    return frozenset(p for p in Premise if bits & p.bit)


@dataclass(frozen=True, slots=True)
class _Class:
    """Positions alike for every law: one representative trick, the zones it leaves."""

    trick: int
    bits: int
    follow: int
    available: int


@dataclass(frozen=True, slots=True, eq=False)
class _Space:
    """Every trick of a contract kind up to suit symmetry, grouped for the checks."""

    kind: TrumpKind
    tricks: tuple[_Trick, ...]
    cards: tuple[tuple[int, ...], ...]
    """The cards of each trick, as the ruler takes them."""
    classes: tuple[_Class, ...]
    groups: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]
    """``(class index, zone sizes, trick indices)``: tricks of one class with equal zone sizes."""
    patterns: tuple[tuple[tuple[int, int], ...], ...]
    """For each class, ``(zones, premise bits)`` of every hand it allows (zones non-empty)."""

    def classes_matching(self, need: int, forbid: int) -> Iterable[tuple[_Class, int]]:
        """``(class, zones)`` for every hand pattern of every class satisfying the premises."""
        for cl, patterns in zip(self.classes, self.patterns, strict=True):
            for zones, bits in patterns:
                if _matches(bits, need, forbid):
                    yield cl, zones


@cache
def _space(kind: TrumpKind) -> _Space:
    """The tricks of ``kind`` (first by size, then card order), computed once."""
    trump = kind.trump
    tricks: list[_Trick] = []
    first: dict[tuple[int, int], int] = {}
    classes: list[_Class] = []
    grouped: dict[tuple[int, tuple[int, ...]], list[int]] = {}
    states: list[_State] = [((), 0, 0, 0, 0, -1, 0)]
    for n in range(4):
        if n:
            states = _extend(states, trump)
        for state in states:
            t = _build_trick(state, trump)
            key = (t.bits, t.available)
            if key not in first:
                first[key] = len(classes)
                classes.append(_Class(len(tricks), t.bits, t.follow, t.available))
            sizes = tuple(z.bit_count() for z in t.zones)
            grouped.setdefault((first[key], sizes), []).append(len(tricks))
            tricks.append(t)
    groups = tuple((c, s, tuple(ix)) for (c, s), ix in grouped.items())
    patterns = tuple(
        tuple(
            (zones, _hand_bits(cl.bits, cl.follow, zones))
            for zones in range(1, 32)
            if not zones & ~cl.available
        )
        for cl in classes
    )
    cards = tuple(t.cards for t in tricks)
    return _Space(kind, tuple(tricks), cards, tuple(classes), groups, patterns)
