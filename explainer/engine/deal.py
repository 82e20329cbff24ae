"""A whole deal: eight tricks checked play by play, then scored under the rule set.

Hands are read back from the tricks (a seat held, at each moment, the cards it
had still to play), so a deal needs no separate hands: every play is checked
against the hand its seat held then. Scoring: card points, 10 for the last trick
(*dix de der*), or the rule set's ``capot_points`` (252 or 250) for the team that wins
all eight (*capot*; defenders who do count only 162 under ``defenders_capot: no_bonus``);
20 for each belote (the trump suit's king and queen in one dealt
hand; at all-trump, with ``all_trump_belote: each_suit``, one per suit). At all-trump
with ``all_trump_points: ffb2016_ratio`` each team's count (trump values, last trick
included: 258 in all) is scaled to 162, to the nearest point (FFB-C16 §11.3; an exact
half cannot occur, since 162/258 = 27/43, so the two counts always add up to 162).

The takers (*preneurs*) compare their points with the defenders', belotes included
(under ``belote: attack_only`` the defenders' belote never counts). More is made, less
is failed; a tie follows ``tie``: ``made``, ``failed``, or ``litige`` (the defenders score
theirs and the takers' points are :attr:`DealResult.held` for the next deal). Made, each
team scores its points; failed, the takers score 0 and the defenders the whole deal (162,
or the capot's value) plus the belotes ``belote`` gives them: both teams' (``prenable``),
or their own while the takers keep theirs (``imprenable``; under ``attack_only`` the takers
keep theirs and the defenders have none).

Variants other engines play: ``belote_bonus: off`` scores no belote at all (OpenSpiel's
option); ``all_trump_points: trump_values`` counts an all-trump deal with the trump values
unscaled (258, a capot 348: belote-cli); under ``classic_coinche: on`` a coinched contract
(:attr:`~.contract.Contract.multiplier` 2, surcoinched 4) multiplies the score of the
deal's winners (belote-cli).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from .cards import Mask, Rank, card, card_str
from .contract import Contract, Trump
from .errors import IllegalPlayError, InvalidContractError, InvalidDealError
from .play import Rule, TrickResult, make_ruler, score_trick, why_illegal
from .rules import HOUSE, RuleSet
from .seats import SEATS, TEAMS, Seat, Team

__all__ = [
    "BELOTE",
    "CAPOT",
    "LAST_TRICK",
    "RATIO_TOTAL",
    "DealResult",
    "DealScore",
    "Play",
    "belote_seat",
    "belote_seats",
    "capot_value",
    "check_dealt",
    "deal_total",
    "multiplied",
    "play_deal",
    "score_deal",
    "score_points",
]

LAST_TRICK: Final = 10
"""The *dix de der*: the last trick's bonus."""
CAPOT: Final = 100
"""All eight tricks: this replaces the last trick's 10 (252 in all, ``capot_points: 252``)."""
BELOTE: Final = 20
"""King and queen of trump played by one seat."""
DEAL_TOTAL: Final = 162
"""A deal's card points and last trick, without capot or belote."""
RATIO_TOTAL: Final = 258
"""An all-trump deal counted with trump values (62 a suit, + 10): ``ffb2016_ratio`` scales
it to :data:`DEAL_TOTAL`."""


Play = tuple[Seat, int]
"""One play: the seat and its card."""


@dataclass(frozen=True, slots=True)
class DealScore:
    """A deal's score from its counts. Per-team tuples are indexed by :class:`Team`.

    ``points``: each team's count (card points and last trick, or the capot's value)
    plus the belotes that count for it; ``made``: the takers made the contract (``False``
    at a litige too); ``score``: what each team scores for the deal; ``held``: at a
    *litige*, the takers' points held over for the next deal's winner, else 0.
    """

    points: tuple[int, int]
    capot: Team | None
    made: bool
    score: tuple[int, int]
    held: int


@dataclass(frozen=True, slots=True)
class DealResult:
    """A scored deal. Per-team tuples are indexed by :class:`Team` (``NS`` = 0, ``EW`` = 1).

    ``card_points`` are the cards' points under the contract's scale (at all-trump with
    ``ffb2016_ratio``, the trump values, before scaling); ``belotes`` every seat that
    scores a belote (one per suit at all-trump with ``each_suit``), ``belote`` the first
    of them; ``points``, ``made``, ``score`` and ``held`` as on :class:`DealScore`.
    """

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
    belotes: tuple[Seat, ...] = ()
    held: int = 0

    @property
    def winners(self) -> tuple[Seat, ...]:
        """The winner of each trick."""
        return tuple(t.winner for t in self.tricks)

    @property
    def taker_team(self) -> Team:
        """The takers' team."""
        assert self.contract.taker is not None
        return self.contract.taker.team


def _capot(winners: Sequence[Seat | int]) -> Team | None:
    team = winners[-1] & 1
    for w in winners:
        if w & 1 != team:
            return None
    return TEAMS[team]


def _ratio(count: int) -> int:
    """``count`` × 162/258 to the nearest point (``ffb2016_ratio``).

    >>> _ratio(198)  # FFB-B16's example
    124
    """
    return (2 * count * DEAL_TOTAL + RATIO_TOTAL) // (2 * RATIO_TOTAL)


def capot_value(rules: RuleSet, trump: Trump | None = None, *, defenders: bool = False) -> int:
    """What a capot counts in cards and bonus: the rule set's ``capot_points`` (252 or
    250), or at all-trump under ``all_trump_points: trump_values`` the cards' trump values
    and 100 for the last trick (348, as belote-cli counts it). The defenders' capot under
    ``defenders_capot: no_bonus`` counts the deal's cards and last trick only
    (:func:`deal_total`): the capot's bonus is the takers' alone.

    >>> from .rules import find_rules
    >>> capot_value(HOUSE), capot_value(find_rules(all_trump_points="trump_values"), Trump.ALL)
    (252, 348)
    """
    if defenders and rules.defenders_capot == "no_bonus":
        return deal_total(rules, trump)
    if trump == Trump.ALL and rules.all_trump_points == "trump_values":
        return RATIO_TOTAL - LAST_TRICK + CAPOT
    return rules.capot_total


def deal_total(
    rules: RuleSet, trump: Trump | None = None, *, capot: bool = False, defenders: bool = False
) -> int:
    """Every point of a deal in cards and bonus, belotes aside, as :func:`score_deal` counts
    them: 162 (258 at all-trump under ``all_trump_points: trump_values``), or the capot's
    value (:func:`capot_value`, ``defenders`` when the defenders made it). A failed
    contract gives the defenders this.

    >>> from .rules import find_rules
    >>> deal_total(HOUSE), deal_total(HOUSE, capot=True)
    (162, 252)
    >>> deal_total(find_rules(all_trump_points="trump_values"), Trump.ALL)
    258
    """
    if capot:
        return capot_value(rules, trump, defenders=defenders)
    if trump == Trump.ALL and rules.all_trump_points == "trump_values":
        return RATIO_TOTAL
    return DEAL_TOTAL


def _counts(
    card_points: tuple[int, int],
    winners: Sequence[Seat | int],
    capot: Team | None,
    rules: RuleSet,
    trump: Trump | None,
    takers: int,
) -> list[int]:
    """Each team's count before belotes: card points and last trick, or the capot
    (:func:`capot_value`: no bonus for the defenders under ``defenders_capot:
    no_bonus``)."""
    if capot is not None:
        count = [0, 0]
        count[capot] = capot_value(rules, trump, defenders=capot != takers)
        return count
    ratio = trump == Trump.ALL and rules.all_trump_points == "ffb2016_ratio"
    count = [card_points[0], card_points[1]]
    count[winners[-1] & 1] += LAST_TRICK
    if ratio:
        count = [_ratio(count[0]), _ratio(count[1])]
    return count


def multiplied(score: DealScore, taker: Seat | int, multiplier: int) -> DealScore:
    """``score`` with the deal's winners' score times ``multiplier`` (a coinche doubles
    it, a surcoinche makes it four times): the takers' when they made the contract, the
    defenders' when it failed; a *litige* is left as it is (belote-cli's classic coinche).

    >>> multiplied(DealScore((100, 62), None, True, (100, 62), 0), Seat.N, 2).score
    (200, 62)
    """
    if multiplier == 1 or score.held:
        return score
    winners = (taker & 1) if score.made else (taker & 1) ^ 1
    s = [score.score[0], score.score[1]]
    s[winners] *= multiplier
    return replace(score, score=(s[0], s[1]))


def score_deal(
    card_points: tuple[int, int],
    winners: Sequence[Seat | int],
    belotes: Sequence[Seat | int],
    taker: Seat | int,
    rules: RuleSet = HOUSE,
    *,
    trump: Trump | None = None,
    multiplier: int = 1,
) -> DealScore:
    """Score a deal from its card points, trick winners (eight, in order) and belote seats.

    ``trump`` matters only at all-trump: with ``all_trump_points: ffb2016_ratio``
    ``card_points`` are the trump values and each count is scaled to 162; with
    ``trump_values`` they are counted as they are. ``multiplier`` is 2 for a coinched
    contract and 4 for a surcoinched one (:func:`multiplied`).
    """
    return multiplied(_score(card_points, winners, belotes, taker, rules, trump), taker, multiplier)


def _score(
    card_points: tuple[int, int],
    winners: Sequence[Seat | int],
    belotes: Sequence[Seat | int],
    taker: Seat | int,
    rules: RuleSet,
    trump: Trump | None,
) -> DealScore:
    capot = _capot(winners)
    takers = taker & 1
    count = _counts(card_points, winners, capot, rules, trump, takers)
    defenders = takers ^ 1
    bonus = [0, 0]
    for seat in belotes:
        bonus[seat & 1] += BELOTE
    if rules.belote == "attack_only":
        bonus[defenders] = 0  # « La belote ne sert pas en défense »
    points = (count[0] + bonus[0], count[1] + bonus[1])
    ahead = points[takers] - points[defenders]
    tie = rules.tie
    held = 0
    if ahead > 0 or (ahead == 0 and tie == "made"):
        return DealScore(points, capot, True, points, 0)
    s = [0, 0]
    if ahead == 0 and tie == "litige":
        held = points[takers]
        s[defenders] = points[defenders]
    else:
        s[defenders] = count[0] + count[1] + bonus[defenders]
        if rules.belote == "prenable":
            s[defenders] += bonus[takers]
        else:
            s[takers] = bonus[takers]
    return DealScore(points, capot, False, (s[0], s[1]), held)


def score_points(
    card_points: tuple[int, int],
    winners: Sequence[Seat],
    belote: Seat | None,
    taker: Seat,
    rules: RuleSet = HOUSE,
) -> tuple[tuple[int, int], Team | None, bool, tuple[int, int]]:
    """``(points, capot, made, score)`` of a suit or no-trump deal with at most one belote.

    Version 1's shape, kept for callers; :func:`score_deal` says more (held points,
    several belotes, the all-trump ratio).
    """
    d = score_deal(card_points, winners, () if belote is None else (belote,), taker, rules)
    return d.points, d.capot, d.made, d.score


def check_dealt(tricks: Sequence[Sequence[Play]]) -> None:
    """Raise :class:`InvalidDealError` where ``tricks`` cannot be a deal under any
    contract: not eight tricks of four, a bad card or seat, a card played twice, a seat
    without eight cards. :func:`play_deal` checks this first; a scenario whose contract
    cannot be read is still told what is wrong with its tricks."""
    _dealt_hands(tricks)


def _dealt_hands(tricks: Sequence[Sequence[Play]]) -> list[Mask]:
    """The four hands as dealt (masks by seat), read back from the eight tricks.

    Raises :class:`InvalidDealError` for a deal that cannot have happened: not eight
    tricks of four, a bad card or seat, a card played twice, a seat without eight cards.
    """
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
            if seat not in SEATS:
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
    return hands


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
    if contract.multiplier != 1 and rules.classic_coinche == "off":
        raise InvalidContractError(
            f"a coinche is not played under {rules.name} (classic_coinche: off)"
        )
    hands = _dealt_hands(tricks)
    trump = contract.trump
    belotes = belote_seats(trump, hands, rules)  # from the hands as dealt, before any play
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
        result = score_trick(cards, trump, leader, rules)
        results.append(result)
        applied.append(tuple(rules_here))
        leader = result.winner

    card_points = [0, 0]
    for r in results:
        card_points[r.winner.team] += r.points
    scored = score_deal(
        (card_points[0], card_points[1]),
        [r.winner for r in results],
        belotes,
        contract.taker,
        rules,
        trump=trump,
        multiplier=contract.multiplier,
    )
    return DealResult(
        contract=contract,
        tricks=tuple(results),
        rules_applied=tuple(applied),
        card_points=(card_points[0], card_points[1]),
        last_trick=results[-1].winner.team,
        belote=belotes[0] if belotes else None,
        capot=scored.capot,
        points=scored.points,
        made=scored.made,
        score=scored.score,
        belotes=belotes,
        held=scored.held,
    )


def belote_seat(trump: Trump, hands: Sequence[Mask]) -> Seat | None:
    """The seat whose dealt hand (masks by seat) holds both the king and the queen of
    trump: it plays both, so it scores the belote. ``None`` in no-trump and all-trump.

    >>> from .cards import mask_of, parse_card
    >>> belote_seat(Trump.HEARTS, [0, mask_of([parse_card("KH"), parse_card("QH")]), 0, 0])
    <Seat.E: 1>
    """
    if trump >= Trump.NONE:
        return None
    king_queen = _KING_QUEEN[trump]
    for seat in SEATS:
        if hands[seat] & king_queen == king_queen:
            return seat
    return None


_KING_QUEEN: Final = tuple(
    1 << card(Rank.KING, suit) | 1 << card(Rank.QUEEN, suit) for suit in range(4)
)
"""The king and queen of each suit, as a mask (a deal law looks for them in every deal)."""


def belote_seats(trump: Trump, hands: Sequence[Mask], rules: RuleSet = HOUSE) -> tuple[Seat, ...]:
    """Every seat that scores a belote, from the dealt hands (masks by seat), suit by suit.

    At a suit contract, the trump suit's (:func:`belote_seat`); at all-trump with
    ``all_trump_belote: each_suit``, one for each suit whose king and queen one seat
    holds (the FFB's "jusqu'à 4 Belotes"); otherwise none. None at all under
    ``belote_bonus: off``.

    >>> from explainer.engine import CardSet, find_rules
    >>> hands = [CardSet.parse("KS QS KD QD").mask, CardSet.parse("KH").mask, 0, 0]
    >>> belote_seats(Trump.ALL, hands, find_rules("house", all_trump_belote="each_suit"))
    (<Seat.N: 0>, <Seat.N: 0>)
    """
    if rules.belote_bonus == "off":
        return ()
    if trump < Trump.NONE:
        seat = belote_seat(trump, hands)
        return () if seat is None else (seat,)
    if trump == Trump.NONE or rules.all_trump_belote == "none":
        return ()
    out = []
    for king_queen in _KING_QUEEN:
        for seat in SEATS:
            if hands[seat] & king_queen == king_queen:
                out.append(seat)
    return tuple(out)
