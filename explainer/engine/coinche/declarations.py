"""Declarations (*annonces*): runs and carrés, which team holds the best, who scores.

A run is three to five cards in sequence in one suit, in the natural order
A K Q J 10 9 8 7 whatever the trump: a *tierce* (20), a *cinquante* (50), a *cent*
(100, five cards or more). A carré is four of a rank: jacks 200, nines 150, aces,
tens, kings and queens 100 (at sans atout ``no_trump_carres`` says). Only the team
holding the single best declaration scores, and it scores all its declarations
(FFB-CO15 §8.3). Belote is not a declaration.

>>> r = compare_declarations({Seat.N: ["tierce KH"], Seat.E: ["tierce AC"]},
...                          trump=Trump.SPADES, dealer=Seat.N)
>>> r.best, r.team, r.points
(<Seat.E: 1>, <Team.EW: 1>, (0, 20))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from ..cards import SUITS, CardSet, Rank, Suit, card, card_str, parse_card
from ..contract import TRUMP_ORDER, Trump
from ..seats import Seat, Team
from .errors import DeclarationError
from .rules import FFB_COINCHE, CoincheRules

__all__ = [
    "Declaration",
    "DeclarationKind",
    "DeclarationsResult",
    "compare_declarations",
    "declarations_in_hand",
]


class DeclarationKind(StrEnum):
    """The four kinds of declaration, as written in a scenario."""

    TIERCE = "tierce"
    CINQUANTE = "cinquante"
    CENT = "cent"
    CARRE = "carre"


_LENGTH: Final = {DeclarationKind.TIERCE: 3, DeclarationKind.CINQUANTE: 4, DeclarationKind.CENT: 5}
_RUN_POINTS: Final = {
    DeclarationKind.TIERCE: 20,
    DeclarationKind.CINQUANTE: 50,
    DeclarationKind.CENT: 100,
}
_BY_LENGTH: Final = {
    3: DeclarationKind.TIERCE,
    4: DeclarationKind.CINQUANTE,
    5: DeclarationKind.CENT,
}
_WORDS: Final = {
    "tierce": DeclarationKind.TIERCE,
    "cinquante": DeclarationKind.CINQUANTE,
    "quarte": DeclarationKind.CINQUANTE,
    "cent": DeclarationKind.CENT,
    "quinte": DeclarationKind.CENT,
    "carre": DeclarationKind.CARRE,
    "carré": DeclarationKind.CARRE,
}
_RANK_WORDS: Final = {r.letter: r for r in Rank} | {"T": Rank.TEN}
_CARRE_POINTS: Final = {
    Rank.JACK: 200,
    Rank.NINE: 150,
    Rank.ACE: 100,
    Rank.TEN: 100,
    Rank.KING: 100,
    Rank.QUEEN: 100,
}
_NO_TRUMP_CARRES: Final = {
    "ffb": {
        Rank.ACE: 200,
        Rank.TEN: 150,
        Rank.KING: 100,
        Rank.QUEEN: 100,
        Rank.JACK: 100,
        Rank.NINE: 100,
    },
    "britannica": {Rank.ACE: 200, Rank.TEN: 150, Rank.KING: 100, Rank.QUEEN: 100, Rank.JACK: 100},
}
_CARRE_HEIGHT: Final = {rank: 7 - place for place, rank in enumerate(TRUMP_ORDER)}
"""Two carrés of equal value: the higher in the trump order J 9 A 10 K Q wins (§3.4, §8.6)."""


@dataclass(frozen=True, slots=True)
class Declaration:
    """One declaration: its kind, its top card's rank and, for a run, its suit.

    >>> d = Declaration.parse("cinquante 10H")
    >>> str(d), str(d.cards)
    ('cinquante 10H', '7H 8H 9H 10H')
    """

    kind: DeclarationKind
    rank: Rank
    suit: Suit | None = None

    @classmethod
    def parse(cls, text: str) -> Declaration:
        """``tierce KH``, ``cinquante TOP``, ``cent TOP``, ``carre RANK`` (and the
        accepted spellings ``quarte``, ``quinte``, ``carré``); :class:`DeclarationError`
        for anything else, or for a run that is not a run."""
        words = text.strip().split() if isinstance(text, str) else []
        kind = _WORDS.get(words[0].lower()) if len(words) == 2 else None
        if kind is DeclarationKind.CARRE:
            rank = _RANK_WORDS.get(words[1].upper())
            if rank is not None:
                return cls(kind, rank)
        elif kind is not None:
            try:
                top = parse_card(words[1])
            except ValueError:
                top = -1
            if top >= 0:
                decl = cls(kind, Rank(top & 7), Suit(top >> 3))
                if decl.rank + 1 < _LENGTH[kind]:
                    raise DeclarationError(
                        f"{decl} is not a run: a {kind.value} needs {_LENGTH[kind]} cards "
                        f"in sequence, and only {decl.rank + 1} run down from {card_str(top)}"
                    )
                return decl
        raise DeclarationError(
            f"invalid declaration: {text!r} (expected tierce, cinquante or cent and the top "
            "card, or carre and a rank: tierce KH, carre J)"
        )

    @property
    def cards(self) -> CardSet:
        """The cards the declaration uses."""
        if self.suit is None:  # the rank in each suit
            return CardSet(0x01010101 << self.rank)
        length = _LENGTH[self.kind]  # the top and the cards below it in its suit
        return CardSet(((1 << length) - 1) << (card(self.rank, self.suit) - length + 1))

    def points(self, trump: Trump, rules: CoincheRules = FFB_COINCHE) -> int:
        """What the declaration is worth under ``trump`` (0 for four 7s or 8s)."""
        if self.kind is not DeclarationKind.CARRE:
            return _RUN_POINTS[self.kind]
        table = _NO_TRUMP_CARRES[rules.no_trump_carres] if trump == Trump.NONE else _CARRE_POINTS
        return table.get(self.rank, 0)

    def in_trump(self, trump: Trump) -> bool:
        """A run in the trump suit (it beats an equal run in a plain suit)."""
        return self.suit is not None and (trump == Trump.ALL or int(trump) == int(self.suit))

    def __str__(self) -> str:
        if self.suit is None:
            return f"carre {self.rank.letter}"
        return f"{self.kind.value} {card_str(card(self.rank, self.suit))}"


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def compare(a: Declaration, b: Declaration, trump: Trump, rules: CoincheRules = FFB_COINCHE) -> int:
    """1 if ``a`` beats ``b``, -1 if ``b`` beats ``a``, 0 if they are exactly equal (§3.4)."""
    by_points = a.points(trump, rules) - b.points(trump, rules)
    if by_points:
        return _sign(by_points)
    a_carre, b_carre = a.suit is None, b.suit is None
    if a_carre != b_carre:
        if rules.carre_vs_cent == "carre":
            return 1 if a_carre else -1
        if rules.carre_vs_cent == "cent":
            return -1 if a_carre else 1
        return _sign(a.in_trump(trump) - b.in_trump(trump))
    if a_carre:
        return _sign(_CARRE_HEIGHT[a.rank] - _CARRE_HEIGHT[b.rank])
    if a.rank != b.rank:
        return _sign(a.rank - b.rank)
    return _sign(a.in_trump(trump) - b.in_trump(trump))


@dataclass(frozen=True, slots=True)
class DeclarationsResult:
    """Who scores the declarations of a deal.

    ``announced`` holds each seat's declarations (by seat index); ``best`` is the seat
    with the best one and ``team`` its team, both ``None`` after an exact tie under
    ``declaration_tie: nobody`` or with nothing announced; ``points`` is what each team
    scores (the best team all its declarations, the other 0). ``voided`` is set by four
    8s under ``low_carres: eights_void``, ``annulled`` by four 7s under ``sevens_annul``.
    """

    announced: tuple[tuple[Declaration, ...], ...]
    best: Seat | None
    team: Team | None
    points: tuple[int, int]
    voided: bool = False
    annulled: bool = False

    def seat_points(self, seat: Seat, trump: Trump, rules: CoincheRules = FFB_COINCHE) -> int:
        """What ``seat``'s declarations are worth, whether or not its team scores them."""
        return sum(d.points(trump, rules) for d in self.announced[seat])


Announced = Mapping[Seat, Sequence[Declaration | str]]
"""What each seat announced: declarations or their written tokens, by seat."""


def _read(announced: Announced) -> tuple[tuple[Declaration, ...], ...]:
    out: list[tuple[Declaration, ...]] = [(), (), (), ()]
    for seat, items in announced.items():
        decls = []
        for i, item in enumerate(items):
            try:
                decls.append(item if isinstance(item, Declaration) else Declaration.parse(item))
            except DeclarationError as e:
                raise DeclarationError(str(e), seat=seat.name, index=i) from None
        out[seat] = tuple(decls)
    return tuple(out)


def _check_low(seat: Seat, index: int, decl: Declaration, rules: CoincheRules) -> str:
    """``"void"`` / ``"annul"`` for four 8s / 7s that the rules give a meaning, else raise."""
    if decl.suit is not None or decl.rank > Rank.EIGHT:
        return ""
    if decl.rank == Rank.EIGHT and rules.low_carres == "eights_void":
        return "void"
    if decl.rank == Rank.SEVEN and rules.low_carres == "sevens_annul":
        return "annul"
    raise DeclarationError(
        f"{seat.name} cannot announce {decl}: four {decl.rank.letter}s score nothing",
        seat=seat.name,
        index=index,
    )


def _check_cards(
    decls: tuple[tuple[Declaration, ...], ...],
    hands: Sequence[int] | None,
    rules: CoincheRules,
) -> None:
    owner: dict[int, tuple[Seat, int]] = {}
    for seat in Seat:
        for i, d in enumerate(decls[seat]):
            missing = d.cards.mask & ~hands[seat] if hands is not None else 0
            if missing:
                raise DeclarationError(
                    f"{seat.name} announced {d} without {CardSet(missing)}", seat=seat.name, index=i
                )
            for c in d.cards:
                if c not in owner:
                    owner[c] = (seat, i)
                    continue
                other, j = owner[c]
                if other != seat:
                    raise DeclarationError(
                        f"{card_str(c)} is announced by both {other.name} and {seat.name}",
                        seat=seat.name,
                        index=i,
                    )
                if not rules.card_reuse and j != i:
                    raise DeclarationError(
                        f"{seat.name}'s {decls[seat][j]} and {d} both use {card_str(c)}: "
                        "a card counts in one declaration only",
                        seat=seat.name,
                        index=i,
                    )


def compare_declarations(
    announced: Announced,
    *,
    trump: Trump,
    dealer: Seat,
    hands: Sequence[int | CardSet] | None = None,
    rules: CoincheRules = FFB_COINCHE,
    game: str = "coinche",
) -> DeclarationsResult:
    """Which team scores the announced declarations, and how much (§3.4-§3.5).

    ``dealer`` fixes the order of announcement (the seat after the dealer first) for
    ``declaration_tie: first_announced``. ``hands`` (by seat; masks or card sets), if
    given, must hold every announced card. Declarations are played as
    ``rules.declarations`` says for ``game="coinche"`` and ``rules.classic_declarations``
    for ``game="belote"`` (classic Belote, turned card). Raises
    :class:`DeclarationError` (with the seat and index) for a declaration that cannot be.
    """
    if not any(announced.values()):  # nothing announced: nobody scores (most deals)
        return NO_DECLARATIONS
    decls = _read(announced)
    played = rules.declarations if game == "coinche" else rules.classic_declarations
    if not played and any(decls):
        knob = "declarations" if game == "coinche" else "classic_declarations"
        raise DeclarationError(f"declarations are not played under {rules.name} ({knob}: off)")
    masks = None if hands is None else [h.mask if isinstance(h, CardSet) else h for h in hands]
    _check_cards(decls, masks, rules)
    return compare_held(decls, trump=trump, dealer=dealer, rules=rules)


def compare_held(
    decls: tuple[tuple[Declaration, ...], ...],
    *,
    trump: Trump,
    dealer: Seat,
    rules: CoincheRules = FFB_COINCHE,
) -> DeclarationsResult:
    """:func:`compare_declarations` of declarations known to be held (by seat index, each
    seat's as :func:`declarations_in_hand` finds them in its hand as dealt, under rules
    that play them): the same result, without reading or checking them again (a deal law
    compares the declarations of thousands of deals)."""
    if not any(decls):
        return NO_DECLARATIONS
    effects = {_check_low(s, i, d, rules) for s in Seat for i, d in enumerate(decls[s])}
    if "annul" in effects or "void" in effects:
        return DeclarationsResult(decls, None, None, (0, 0), "void" in effects, "annul" in effects)
    best_seat = _best_seat(decls, trump, dealer, rules)
    if best_seat is None:
        return DeclarationsResult(decls, None, None, (0, 0))
    team = best_seat.team
    total = sum(d.points(trump, rules) for s in team.seats for d in decls[s])
    points = (total, 0) if team is Team.NS else (0, total)
    return DeclarationsResult(decls, best_seat, team, points)


NO_DECLARATIONS: Final = DeclarationsResult(((), (), (), ()), None, None, (0, 0))
"""The comparison when no seat announces anything."""


def _best_seat(
    decls: tuple[tuple[Declaration, ...], ...], trump: Trump, dealer: Seat, rules: CoincheRules
) -> Seat | None:
    """The seat holding the best declaration; on an exact tie between the teams, the
    first to announce (``first_announced``) or nobody (``nobody``)."""
    best_seat: Seat | None = None
    best: Declaration | None = None
    tied = False
    for seat in (dealer.after(k) for k in range(1, 5)):  # order of announcement
        for d in decls[seat]:
            if d.points(trump, rules) == 0:
                continue
            order = 1 if best is None else compare(d, best, trump, rules)
            if order > 0:
                best_seat, best, tied = seat, d, False
            elif order == 0 and best_seat is not None and seat.team != best_seat.team:
                tied = True
    if tied and rules.declaration_tie == "nobody":
        return None
    return best_seat


def _run_table() -> tuple[tuple[int, Declaration], ...]:
    """Every run, with its cards' mask, in the order :func:`_runs` gives them (by suit,
    then from the highest top, then from the shortest)."""
    out = []
    for suit in SUITS:
        for top in range(7, 1, -1):
            for length in (3, 4, 5):
                if top + 1 < length:
                    break
                mask = sum(1 << card(top - k, suit) for k in range(length))
                out.append((mask, Declaration(_BY_LENGTH[length], Rank(top), suit)))
    return tuple(out)


_RUNS: Final = _run_table()
"""Every run and its mask, made once: a hand is looked at thousands of times a check."""
_CARRES: Final = tuple(
    (0x01010101 << rank, Declaration(DeclarationKind.CARRE, rank)) for rank in Rank
)
"""Every carré and its mask, from the sevens up."""
_THREE_LOW: Final = 0x3F3F3F3F
"""The cards that can be the lowest of three in sequence (a seven up to a queen)."""


def _has_run(hand: int) -> bool:
    """Three cards in sequence in some suit."""
    return bool(hand & hand >> 1 & hand >> 2 & _THREE_LOW)


def _has_carre(hand: int) -> bool:
    """Some rank four times."""
    return bool(hand & hand >> 8 & hand >> 16 & hand >> 24 & 0xFF)


def may_declare(hand: int) -> bool:
    """Whether ``hand`` (a mask) holds three cards in sequence in a suit or four of a rank:
    a hand without either holds no declaration (most hands: nothing is searched)."""
    return _has_run(hand) or _has_carre(hand)


def _runs(hand: int) -> list[Declaration]:
    if not _has_run(hand):
        return []
    return [d for mask, d in _RUNS if hand & mask == mask]


def _carres(hand: int, trump: Trump, rules: CoincheRules) -> list[Declaration]:
    if not _has_carre(hand):
        return []
    return [d for mask, d in _CARRES if hand & mask == mask and d.points(trump, rules) > 0]


def _maximal_runs(hand: int) -> list[Declaration]:
    """Each run at its longest, from its top (a cent for five cards or more)."""
    out = []
    for suit in SUITS:
        rank = 7
        while rank >= 2:
            length = 0
            while rank - length >= 0 and hand >> card(rank - length, suit) & 1:
                length += 1
            if length >= 3:
                out.append(Declaration(_BY_LENGTH[min(length, 5)], Rank(rank), suit))
            rank -= max(length, 1)
    return out


def declarations_in_hand(
    hand: int | CardSet, trump: Trump, *, rules: CoincheRules = FFB_COINCHE
) -> tuple[Declaration, ...]:
    """The declarations a seat holding ``hand`` (as dealt) can announce at best.

    With ``card_reuse: no`` the cards are split among disjoint declarations for the most
    points, then the best single declaration; with ``yes`` every carré and every run at
    its longest count. Four 7s and 8s are left out (they are not worth announcing).

    >>> [str(d) for d in declarations_in_hand(CardSet.parse("KH QH JH JS JD JC 7S 8D"), Trump.HEARTS)]
    ['carre J']
    """
    mask = hand.mask if isinstance(hand, CardSet) else hand
    if not may_declare(mask):
        return ()
    carres = _carres(mask, trump, rules)
    if rules.card_reuse:
        return tuple(carres + _maximal_runs(mask))
    candidates = carres + _runs(mask)
    if not candidates:
        return ()
    masks = [d.cards.mask for d in candidates]
    used = 0
    for m in masks:
        if used & m:
            break
        used |= m
    else:  # no two share a card: all of them (each is worth points) score the most
        return tuple(candidates)
    points = [d.points(trump, rules) for d in candidates]
    best: tuple[int, int, list[Declaration]] = (0, 0, [])

    def search(start: int, used: int, chosen: list[int], total: int, top: int) -> None:
        nonlocal best
        if (total, top) > best[:2]:
            best = (total, top, [candidates[i] for i in chosen])
        for i in range(start, len(candidates)):
            if not masks[i] & used:
                chosen.append(i)
                search(i + 1, used | masks[i], chosen, total + points[i], max(top, points[i]))
                chosen.pop()

    search(0, 0, [], 0, 0)
    return tuple(best[2])
