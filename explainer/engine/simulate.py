"""Random legal deals, for property tests and benchmarks.

Every card is chosen at random among the legal ones of the seat to move, using the
same rulings the checks use (the trick's cascade, :func:`~.play.make_trick_ruler`), so a
random deal exercises the whole engine. The deal is
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
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Final

from .cards import DECK, Mask
from .contract import Trump, point_table, tables
from .deal import belote_seats, score_deal
from .play import make_trick_ruler
from .rules import HOUSE, RuleSet
from .seats import SEATS, Seat, Team

__all__ = [
    "DRAWS",
    "RandomDeal",
    "random_deal",
    "random_hands",
    "random_scored_deal",
    "random_scored_deals",
    "score_random_deal",
    "scored_deal_stream",
]


_DRAWS: Final = tuple((i, i + 1, (i + 1).bit_length()) for i in range(31, 0, -1))
"""The shuffle's draws: for each position ``i`` from the last, a card index below ``i + 1``
drawn from ``bits`` random bits (a draw that is too large is drawn again)."""


def random_hands(rng: _random.Random) -> list[Mask]:
    """Four random hands of eight cards, as masks indexed by seat.

    The deck is shuffled as ``rng.shuffle`` does it in Python 3.11 (Fisher-Yates from the
    last card, each index drawn by rejection from ``getrandbits``), written out so that a
    draw costs no method calls and the deals do not depend on the Python version.
    """
    deck = list(DECK)
    getrandbits = rng.getrandbits
    for i, n, bits in _DRAWS:
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]
    bit = _BIT.__getitem__
    return [
        sum(map(bit, deck[0:8])),
        sum(map(bit, deck[8:16])),
        sum(map(bit, deck[16:24])),
        sum(map(bit, deck[24:32])),
    ]


_BIT: Final = tuple(1 << c for c in range(32))
"""Each card's mask: a hand is the sum of its cards' (they are distinct)."""


@dataclass(frozen=True, slots=True)
class RandomDeal:
    """A random legal deal, scored. Per-team tuples are indexed by :class:`Team`.

    ``hands`` are the four hands as dealt (masks, by seat); ``cards`` the 32 cards in
    play order; ``leader`` led the first trick and ``winners`` won each trick; ``rules``
    the rule set it was played and scored under. The remaining fields mean what they
    mean on :class:`~.deal.DealResult`, except on a deal played but not ``scored``
    (:func:`scored_deal_stream`'s ``scored``): its score fields are then left at their
    defaults, and :func:`score_random_deal` scores it.
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
    scored: bool = True

    def tricks(self) -> list[list[tuple[Seat, int]]]:
        """The deal as eight tricks of ``(seat, card)`` plays, as :func:`~.deal.play_deal` takes it."""
        out = []
        lead = self.leader
        for ti in range(8):
            out.append([(lead.after(i), self.cards[ti * 4 + i]) for i in range(4)])
            lead = self.winners[ti]
        return out


DRAWS: Final = 29
"""The random numbers a deal's play takes after the shuffle: one per lead (8) and one per
play the rules can bind (21; the last trick's cards are forced)."""


@cache
def _shapes(trump: Trump, rules: RuleSet) -> list[tuple[tuple[Mask, Mask], ...] | None]:
    """Per trick shape, filled as met: the ``(test, keep)`` masks of the trick's
    :class:`~.play.Cascade`, the last test ``-1`` (it decides every other hand). A shape is
    ``led << 6 | best << 1 | partner`` (the led suit, the best card so far, and whether the
    player's partner plays it): all a cascade depends on."""
    return [None] * 256


def _steps(
    trump: Trump, rules: RuleSet, shape: int, trick: Sequence[int]
) -> tuple[tuple[Mask, Mask], ...]:
    """The steps of ``shape`` (:func:`_shapes`), built from ``trick`` the first time."""
    table = _shapes(trump, rules)
    steps = table[shape]
    if steps is None:
        *first, last = make_trick_ruler(trump, rules)(trick).steps
        steps = table[shape] = (*((s.test, s.keep) for s in first), (-1, last.keep))
    return steps


@cache
def _watch(
    trump: Trump, rules: RuleSet, others: tuple[RuleSet, ...]
) -> list[tuple[tuple[int, tuple[tuple[Mask, Mask], ...]], ...] | None]:
    """Per trick shape, filled as met: the other rule sets (index, steps) whose steps
    differ from ``rules``' there, whose ruling of the hand must be compared."""
    return [None] * 256


@dataclass(frozen=True, slots=True)
class _Played:
    """A deal's plays: the cards in play order, the trick winners, the teams' card points,
    and for each other rule set watched whether it rules every play alike."""

    cards: tuple[int, ...]
    winners: tuple[Seat, ...]
    card_points: tuple[int, int]
    alike: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class _Setup:
    """What playing deals under ``rules`` at ``trump``, watching ``others``, reads: found
    once per stream of deals (:func:`scored_deal_stream`), not once per deal."""

    trump: Trump
    rules: RuleSet
    others: tuple[RuleSet, ...]
    table: list[tuple[tuple[Mask, Mask], ...] | None]
    watch: list[tuple[tuple[int, tuple[tuple[Mask, Mask], ...]], ...] | None]
    win_keys: tuple[tuple[int, ...], ...]
    card_points: tuple[int, ...]
    recount: tuple[tuple[int, ...] | None, ...]
    """For each of ``others``, its point table where it counts otherwise, else ``None``."""


def _setup(trump: Trump, rules: RuleSet, others: tuple[RuleSet, ...] = ()) -> _Setup:
    mine = point_table(trump, rules.all_trump_points)
    theirs = (point_table(trump, other.all_trump_points) for other in others)
    return _Setup(
        trump,
        rules,
        others,
        _shapes(trump, rules),
        _watch(trump, rules, others),
        tables(trump).win_key,
        mine,
        tuple(None if table == mine else table for table in theirs),
    )


def _play(setup: _Setup, hands: list[Mask], draws: Sequence[float], leader: int) -> _Played:
    """Play the dealt ``hands`` (masks by seat; left empty) under ``setup.rules``, each
    card the ``int(draw * n)``-th lowest of the ``n`` legal ones; and note, for each rule
    set of ``setup.others``, whether it would have ruled every play alike (then it plays
    the same deal).

    A ruling is the trick's cascade (:func:`~.play.make_trick_ruler`) read from a table by
    the trick's shape: a lookup and a few ``&``.
    """
    trump, rules, others = setup.trump, setup.rules, setup.others
    table = setup.table
    watch = setup.watch
    alike = [True] * len(others)
    win_keys = setup.win_keys
    card_points = setup.card_points
    draw = iter(draws).__next__
    played: list[int] = []
    winners: list[Seat] = []
    team_points = [0, 0]
    lead = leader
    for ti in range(8):
        seat = lead
        hand = hands[seat]
        k = int(draw() * (8 - ti))
        while k:
            hand &= hand - 1
            k -= 1
        c = (hand & -hand).bit_length() - 1
        hands[seat] ^= 1 << c
        played.append(c)
        led = c >> 3 << 6
        key = win_keys[c >> 3]
        best, top, win, points = c, key[c], 0, card_points[c]
        for i in (1, 2, 3):
            seat = (seat + 1) & 3
            hand = hands[seat]
            if ti < 7:
                shape = led | best << 1 | (win == i - 2)
                steps = table[shape] or _steps(trump, rules, shape, played[-i:])
                for test, keep in steps:  # noqa: B007 - keep is read after the break
                    if hand & test:
                        break
                legal = hand & keep
                if others and watch[shape] != ():
                    _compare(watch, shape, trump, rules, others, played[-i:], hand, legal, alike)
                k = int(draw() * legal.bit_count())
                while k:
                    legal &= legal - 1
                    k -= 1
                c = (legal & -legal).bit_length() - 1
                hands[seat] = hand ^ (1 << c)
            else:
                c = hand.bit_length() - 1  # the seat's last card
            played.append(c)
            points += card_points[c]
            if key[c] > top:
                best, top, win = c, key[c], i
        lead = (lead + win) & 3
        winners.append(SEATS[lead])
        team_points[lead & 1] += points
    return _Played(tuple(played), tuple(winners), (team_points[0], team_points[1]), tuple(alike))


def _compare(
    watch: list[tuple[tuple[int, tuple[tuple[Mask, Mask], ...]], ...] | None],
    shape: int,
    trump: Trump,
    rules: RuleSet,
    others: tuple[RuleSet, ...],
    trick: Sequence[int],
    hand: Mask,
    legal: Mask,
    alike: list[bool],
) -> None:
    """Clear ``alike[j]`` where ``others[j]`` rules ``hand`` after ``trick`` otherwise than
    ``rules`` did (``legal``); the shapes where their steps differ are found once."""
    differ = watch[shape]
    if differ is None:
        mine = _steps(trump, rules, shape, trick)
        differ = watch[shape] = tuple(
            (j, theirs)
            for j, other in enumerate(others)
            if (theirs := _steps(trump, other, shape, trick)) != mine
        )
    for j, steps in differ:
        for test, keep in steps:  # noqa: B007 - keep is read after the break
            if hand & test:
                break
        if hand & keep != legal:
            alike[j] = False


def _result(
    trump: Trump,
    rules: RuleSet,
    dealt: tuple[int, int, int, int],
    played: _Played,
    taker: Seat,
    leader: Seat,
    score: bool = True,
) -> RandomDeal:
    """The played deal scored under ``rules`` (:func:`~.deal.score_deal`), or left unscored."""
    if not score:
        return RandomDeal(
            trump, taker, dealt, SEATS[leader], played.cards, played.winners,
            played.card_points, None, None, (0, 0), False, (0, 0), rules=rules, scored=False,
        )  # fmt: skip
    belotes = belote_seats(trump, dealt, rules)
    scored = score_deal(played.card_points, played.winners, belotes, taker, rules, trump=trump)
    return RandomDeal(
        trump=trump,
        taker=taker,
        hands=dealt,
        leader=SEATS[leader],
        cards=played.cards,
        winners=played.winners,
        card_points=played.card_points,
        belote=belotes[0] if belotes else None,
        capot=scored.capot,
        points=scored.points,
        made=scored.made,
        score=scored.score,
        belotes=belotes,
        held=scored.held,
        rules=rules,
    )


def random_scored_deals(
    rng: _random.Random,
    trump: Trump,
    rule_sets: Sequence[RuleSet],
    *,
    taker: Seat = Seat.N,
    leader: Seat = Seat.N,
) -> tuple[RandomDeal, ...]:
    """:func:`random_scored_deal` under each rule set from the same state of ``rng``: the
    deal each would give (a deal takes the same random numbers under any rules, so ``rng``
    is left as each leaves it).

    The deal is played once under the first rule set, watching the others: a rule set
    that rules every play alike plays the same deal, and only those that do not (a few
    deals in a hundred, where ``undertrump`` differs) play it again, together in turn
    (:class:`_Group`).
    """
    group = _Group(trump, tuple(rule_sets), (True,) * len(rule_sets))
    return _scored_deals(rng, group, taker, leader)


def scored_deal_stream(
    rng: _random.Random,
    trump: Trump,
    rule_sets: Sequence[RuleSet],
    turns: Iterable[tuple[Seat, Seat]],
    *,
    scored: Sequence[bool] | None = None,
) -> Iterator[tuple[RandomDeal, ...]]:
    """:func:`random_scored_deals` once for each ``(taker, leader)`` of ``turns``, in
    turn, from ``rng`` as it stands after the last: the same deals as calling it in a
    loop, with the rule sets' tables looked up once for the whole stream.

    ``scored`` says, for each rule set, whether its deals are scored (all, without it):
    the deals a Coinche deal law reads are scored as Coinche deals, never as classic
    ones, except the one that fails it (:func:`score_random_deal`)."""
    flags = tuple(scored) if scored is not None else (True,) * len(rule_sets)
    group = _Group(trump, tuple(rule_sets), flags)
    for taker, leader in turns:
        yield _scored_deals(rng, group, taker, leader)


@dataclass(frozen=True, slots=True, eq=False)
class _Group:
    """The rule sets a stream plays, and the setup of each group of them met: a deal is
    played under the first rule set of the group, watching the rest; those that rule one
    of its plays otherwise play it again as a group of their own, under the first of them,
    watching the others. Rule sets that differ from the first alike (``undertrump``, say)
    then play the deal again once between them, not once each."""

    trump: Trump
    rule_sets: tuple[RuleSet, ...]
    scored: tuple[bool, ...]
    """Whether each rule set's deals are scored (:func:`scored_deal_stream`)."""
    setups: dict[tuple[int, ...], _Setup] = field(default_factory=dict)

    def setup(self, members: tuple[int, ...]) -> _Setup:
        """The setup of the rule sets of ``members`` (indexes), the first watching the rest."""
        found = self.setups.get(members)
        if found is None:
            first, *rest = (self.rule_sets[i] for i in members)
            found = self.setups[members] = _setup(self.trump, first, tuple(rest))
        return found


def _play_group(
    group: _Group,
    members: tuple[int, ...],
    dealt: tuple[int, int, int, int],
    draws: Sequence[float],
    leader: int,
    out: list[_Played | None],
) -> None:
    """Play the deal under the first of ``members``, set ``out`` of each member that plays
    it alike (its card points recounted where its table differs), and play it again for
    those that do not, as a group."""
    setup = group.setup(members)
    played = _play(setup, list(dealt), draws, leader)
    out[members[0]] = played
    again = []
    for j, alike, table in zip(members[1:], played.alike, setup.recount, strict=True):
        if not alike:
            again.append(j)
        else:
            out[j] = played if table is None else _recount(played, table)
    if again:
        _play_group(group, tuple(again), dealt, draws, leader, out)


def _scored_deals(
    rng: _random.Random, group: _Group, taker: Seat, leader: Seat
) -> tuple[RandomDeal, ...]:
    hands = random_hands(rng)
    dealt = (hands[0], hands[1], hands[2], hands[3])
    rand = rng.random
    draws = [rand() for _ in range(DRAWS)]
    out: list[_Played | None] = [None] * len(group.rule_sets)
    _play_group(group, tuple(range(len(out))), dealt, draws, int(leader), out)
    results = []
    for rules, played, score in zip(group.rule_sets, out, group.scored, strict=True):
        assert played is not None  # every rule set plays (_play_group)
        results.append(_result(group.trump, rules, dealt, played, taker, leader, score))
    return tuple(results)


def score_random_deal(deal: RandomDeal) -> RandomDeal:
    """``deal`` scored under its rule set as :func:`random_scored_deal` scores it: the
    deal itself when it was scored, else the same deal with its score."""
    if deal.scored:
        return deal
    played = _Played(deal.cards, deal.winners, deal.card_points, ())
    return _result(deal.trump, deal.rules, deal.hands, played, deal.taker, deal.leader)


def _recount(played: _Played, points: Sequence[int]) -> _Played:
    """The same plays, the card points counted by another table (all-trump scales)."""
    return _Played(
        played.cards, played.winners, recount(played.cards, played.winners, points), played.alike
    )


def recount(cards: Sequence[int], winners: Sequence[int], points: Sequence[int]) -> tuple[int, int]:
    """The teams' card points of a deal's plays (``cards`` in play order, four a trick;
    ``winners`` of each trick) counted by the point table ``points``."""
    team = [0, 0]
    at = 0
    for winner in winners:
        team[winner & 1] += (
            points[cards[at]]
            + points[cards[at + 1]]
            + points[cards[at + 2]]
            + points[cards[at + 3]]
        )
        at += 4
    return (team[0], team[1])


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
    be any card and the last trick's cards are forced, so the rules are asked only for
    the 21 plays where they can bind. The deal is scored as it is played and finished
    with :func:`~.deal.score_deal`.
    """
    return random_scored_deals(rng, trump, (rules,), taker=taker, leader=leader)[0]


def random_deal(
    rng: _random.Random, trump: Trump, rules: RuleSet = HOUSE, *, leader: Seat = Seat.N
) -> list[list[tuple[Seat, int]]]:
    """Eight tricks of random legal plays from random hands, first led by ``leader``."""
    return random_scored_deal(rng, trump, rules, leader=leader).tricks()
