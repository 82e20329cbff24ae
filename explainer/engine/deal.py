"""A whole deal: eight tricks checked play by play, then scored.

Hands are read back from the tricks (a seat held, at each moment, the cards it
had still to play), so a deal needs no separate hands: every play is checked
against the hand its seat held then. Scoring follows the seeds' rules card:
card points, 10 for the last trick (*dix de der*) or 100 for all eight (*capot*),
20 for belote-rebelote; the takers (*preneurs*) make the contract with at least
the defenders' points (a tie is made); otherwise they score 0 and the defenders
all 162 (252 after a capot) plus both teams' belote.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .cards import Rank, card, card_str
from .contract import Contract, Trump
from .errors import IllegalPlayError, InvalidDealError
from .play import Rule, TrickResult, make_ruler, score_trick, why_illegal
from .rules import HOUSE, RuleSet
from .seats import Seat, Team

__all__ = [
    "BELOTE",
    "CAPOT",
    "LAST_TRICK",
    "DealResult",
    "Play",
    "belote_seat",
    "play_deal",
    "score_points",
]

LAST_TRICK: Final = 10
"""The *dix de der*: the last trick's bonus."""
CAPOT: Final = 100
"""All eight tricks: this replaces the last trick's 10."""
BELOTE: Final = 20
"""King and queen of trump played by one seat."""

_TEAMS: Final = tuple(Team)
_SEATS: Final = tuple(Seat)

Play = tuple[Seat, int]
"""One play: the seat and its card."""


@dataclass(frozen=True, slots=True)
class DealResult:
    """A scored deal. Per-team tuples are indexed by :class:`Team` (``NS`` = 0, ``EW`` = 1)."""

    contract: Contract
    tricks: tuple[TrickResult, ...]
    rules_applied: tuple[tuple[Rule, ...], ...]
    card_points: tuple[int, int]
    last_trick: Team
    belote: Seat | None
    capot: Team | None
    points: tuple[int, int]
    made: bool
    score: tuple[int, int]

    @property
    def winners(self) -> tuple[Seat, ...]:
        """The winner of each trick."""
        return tuple(t.winner for t in self.tricks)

    @property
    def taker_team(self) -> Team:
        """The takers' team."""
        assert self.contract.taker is not None
        return self.contract.taker.team


def score_points(
    card_points: tuple[int, int],
    winners: Sequence[Seat],
    belote: Seat | None,
    taker: Seat,
) -> tuple[tuple[int, int], Team | None, bool, tuple[int, int]]:
    """``(points, capot, made, score)`` from the card points, trick winners and belote.

    ``winners`` are the eight tricks' winners in order (seats, or their ints).
    """
    last_team = winners[-1] & 1
    capot = None
    for w in winners:
        if w & 1 != last_team:
            break
    else:
        capot = _TEAMS[last_team]
    points = [card_points[0], card_points[1]]
    points[last_team] += CAPOT if capot is not None else LAST_TRICK
    if belote is not None:
        points[belote & 1] += BELOTE
    takers = taker & 1
    made = points[takers] >= points[takers ^ 1]
    if made:
        score = (points[0], points[1])
    else:
        whole = 152 + (CAPOT if capot is not None else LAST_TRICK)
        s = [0, 0]
        s[takers ^ 1] = whole + (BELOTE if belote is not None else 0)
        score = (s[0], s[1])
    return (points[0], points[1]), capot, made, score


def play_deal(
    contract: Contract,
    tricks: Sequence[Sequence[Play]],
    rules: RuleSet = HOUSE,
    *,
    dealer: Seat | None = None,
) -> DealResult:
    """Check and score a deal given as eight tricks of four ``(seat, card)`` plays.

    The first trick is led by the seat after ``dealer`` (any seat when ``dealer`` is
    ``None``), each next trick by the last winner. Raises :class:`InvalidDealError` for
    a deal that cannot have happened and :class:`IllegalPlayError` for a play the rules
    forbid; both carry the trick and play index.
    """
    if contract.taker is None:
        raise InvalidDealError("a deal needs a taker")
    if len(tricks) != 8:
        raise InvalidDealError(f"a deal has 8 tricks, got {len(tricks)}")
    seen: dict[int, tuple[int, int]] = {}
    hands = [0, 0, 0, 0]
    for ti, trick in enumerate(tricks):
        if len(trick) != 4:
            raise InvalidDealError(
                f"trick {ti + 1} has {len(trick)} plays, expected 4", trick_index=ti
            )
        for pi, (seat, c) in enumerate(trick):
            if not (isinstance(c, int) and 0 <= c < 32):
                raise InvalidDealError(
                    f"invalid card in trick {ti + 1}: {c!r}", trick_index=ti, play_index=pi
                )
            if seat not in _SEATS:
                raise InvalidDealError(
                    f"invalid seat in trick {ti + 1}: {seat!r}", trick_index=ti, play_index=pi
                )
            if c in seen:
                raise InvalidDealError(
                    f"{card_str(c)} is played twice (trick {seen[c][0] + 1} and trick {ti + 1})",
                    trick_index=ti,
                    play_index=pi,
                )
            seen[c] = (ti, pi)
            hands[seat] |= 1 << c
    for seat in Seat:
        count = hands[seat].bit_count()
        if count != 8:
            raise InvalidDealError(f"{seat.name} plays {count} cards, expected 8")

    trump = contract.trump
    belote = belote_seat(trump, hands)  # from the hands as dealt, before any card is played
    ruler = make_ruler(trump, rules)
    leader = dealer.next if dealer is not None else tricks[0][0][0]
    results: list[TrickResult] = []
    applied: list[tuple[Rule, ...]] = []
    for ti, trick in enumerate(tricks):
        cards: list[int] = []
        rules_here: list[Rule] = []
        for pi, (seat, c) in enumerate(trick):
            expected = leader.after(pi)
            if seat != expected:
                what = "leads" if pi == 0 else "plays"
                raise InvalidDealError(
                    f"play out of turn in trick {ti + 1}: {seat.name} {what}, expected {expected.name}",
                    trick_index=ti,
                    play_index=pi,
                )
            mask, rule = ruler(hands[seat], cards)
            if not mask >> c & 1:
                raise IllegalPlayError(
                    f"illegal play in trick {ti + 1}: {seat.name} plays {card_str(c)}"
                    f" ({why_illegal(rule, mask)})",
                    card=c,
                    rule=rule,
                    allowed=mask,
                    trick_index=ti,
                    play_index=pi,
                )
            hands[seat] &= ~(1 << c)
            cards.append(c)
            rules_here.append(rule)
        result = score_trick(cards, trump, leader)
        results.append(result)
        applied.append(tuple(rules_here))
        leader = result.winner

    card_points = [0, 0]
    for r in results:
        card_points[r.winner.team] += r.points
    points, capot, made, score = score_points(
        (card_points[0], card_points[1]), [r.winner for r in results], belote, contract.taker
    )
    return DealResult(
        contract=contract,
        tricks=tuple(results),
        rules_applied=tuple(applied),
        card_points=(card_points[0], card_points[1]),
        last_trick=results[-1].winner.team,
        belote=belote,
        capot=capot,
        points=points,
        made=made,
        score=score,
    )


def belote_seat(trump: Trump, hands: Sequence[int]) -> Seat | None:
    """The seat whose dealt hand (masks by seat) holds both the king and the queen of
    trump: it plays both, so it scores the belote. ``None`` in no-trump and all-trump.

    >>> from .cards import mask_of, parse_card
    >>> belote_seat(Trump.HEARTS, [0, mask_of([parse_card("KH"), parse_card("QH")]), 0, 0])
    <Seat.E: 1>
    """
    if trump >= Trump.NONE:
        return None
    king_queen = 1 << card(Rank.KING, trump) | 1 << card(Rank.QUEEN, trump)
    for seat in _SEATS:
        if hands[seat] & king_queen == king_queen:
            return seat
    return None
