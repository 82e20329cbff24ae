"""Random legal deals, for property tests and benchmarks.

Every card is chosen at random among the legal ones of the seat to move, using the
same ruler the checks use, so a random deal exercises the whole engine. The deal is
scored as it is played (trick winners, card points, belote) and finished with
:func:`~.deal.score_deal`, the scoring that :func:`~.deal.play_deal` uses, so a
random deal costs no second pass over its tricks.

>>> import random
>>> d = random_scored_deal(random.Random(7), Trump.HEARTS, taker=Seat.S)
>>> sum(d.points) - 20 * len(d.belotes) in (162, 252)
True
>>> len(d.tricks()), len(d.cards)
(8, 32)
"""

from __future__ import annotations

import random as _random
from dataclasses import dataclass

from .cards import DECK, Mask
from .contract import Trump, point_table, tables
from .deal import belote_seats, score_deal
from .play import make_ruler
from .rules import HOUSE, RuleSet
from .seats import Seat, Team

__all__ = ["RandomDeal", "random_deal", "random_hands", "random_scored_deal"]

_SEATS = tuple(Seat)


def random_hands(rng: _random.Random) -> list[Mask]:
    """Four random hands of eight cards, as masks indexed by seat."""
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for i, c in enumerate(deck):
        hands[i >> 3] |= 1 << c
    return hands


@dataclass(frozen=True, slots=True)
class RandomDeal:
    """A random legal deal, scored. Per-team tuples are indexed by :class:`Team`.

    ``hands`` are the four hands as dealt (masks, by seat); ``cards`` the 32 cards in
    play order; ``leader`` led the first trick and ``winners`` won each trick; ``rules``
    the rule set it was played and scored under. The remaining fields mean what they
    mean on :class:`~.deal.DealResult`.
    """

    trump: Trump
    taker: Seat
    hands: tuple[int, int, int, int]
    leader: Seat
    cards: tuple[int, ...]
    winners: tuple[Seat, ...]
    card_points: tuple[int, int]
    belote: Seat | None
    capot: Team | None
    points: tuple[int, int]
    made: bool
    score: tuple[int, int]
    belotes: tuple[Seat, ...] = ()
    held: int = 0
    rules: RuleSet = HOUSE

    def tricks(self) -> list[list[tuple[Seat, int]]]:
        """The deal as eight tricks of ``(seat, card)`` plays, as :func:`~.deal.play_deal` takes it."""
        out = []
        lead = self.leader
        for ti in range(8):
            out.append([(lead.after(i), self.cards[ti * 4 + i]) for i in range(4)])
            lead = self.winners[ti]
        return out


def _pick(mask: int, k: int) -> int:
    """The ``k``-th lowest card of ``mask`` (0-based)."""
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def random_scored_deal(
    rng: _random.Random,
    trump: Trump,
    rules: RuleSet = HOUSE,
    *,
    taker: Seat = Seat.N,
    leader: Seat = Seat.N,
) -> RandomDeal:
    """Deal random hands, play every card at random among the legal ones, and score the deal.

    The first trick is led by ``leader``, each next one by the last winner. A lead may
    be any card and the last trick's cards are forced, so the ruler is asked only for
    the 21 plays where the rules can bind.
    """
    ruler = make_ruler(trump, rules)
    win_keys = tables(trump).win_key
    card_points = point_table(trump, rules.all_trump_points)
    hands = random_hands(rng)
    dealt = (hands[0], hands[1], hands[2], hands[3])
    rand = rng.random
    played: list[int] = []
    winners: list[Seat] = []
    team_points = [0, 0]
    lead = int(leader)
    for ti in range(8):
        seat = lead
        hand = hands[seat]
        c = _pick(hand, int(rand() * (8 - ti)))
        hands[seat] = hand ^ (1 << c)
        trick = [c]
        key = win_keys[c >> 3]
        top, win, points = key[c], 0, card_points[c]
        for i in (1, 2, 3):
            seat = (seat + 1) & 3
            hand = hands[seat]
            if ti < 7:
                legal = ruler(hand, trick)[0]
                c = _pick(legal, int(rand() * legal.bit_count()))
                hands[seat] = hand ^ (1 << c)
            else:
                c = hand.bit_length() - 1  # the seat's last card
            trick.append(c)
            points += card_points[c]
            if key[c] > top:
                top, win = key[c], i
        lead = (lead + win) & 3
        winners.append(_SEATS[lead])
        team_points[lead & 1] += points
        played += trick

    belotes = belote_seats(trump, dealt, rules)
    card_pts = (team_points[0], team_points[1])
    scored = score_deal(card_pts, winners, belotes, taker, rules, trump=trump)
    return RandomDeal(
        trump=trump,
        taker=taker,
        hands=dealt,
        leader=Seat(leader),
        cards=tuple(played),
        winners=tuple(winners),
        card_points=card_pts,
        belote=belotes[0] if belotes else None,
        capot=scored.capot,
        points=scored.points,
        made=scored.made,
        score=scored.score,
        belotes=belotes,
        held=scored.held,
        rules=rules,
    )


def random_deal(
    rng: _random.Random, trump: Trump, rules: RuleSet = HOUSE, *, leader: Seat = Seat.N
) -> list[list[tuple[Seat, int]]]:
    """Eight tricks of random legal plays from random hands, first led by ``leader``."""
    return random_scored_deal(rng, trump, rules, leader=leader).tricks()
