"""Scoring a coinche deal: made or failed, points and bid, coinche, capot, rounding.

Each team has its trick points ``P`` (card points and the *dix de der*, or the capot's
points), its belote ``B`` and the declarations ``D`` it scores (``coinche.md`` §2). The
takers' total ``T`` (``P + B + D``, as ``belote_counts`` and ``declarations_count``
say) is compared with the bid; the score follows ``scoring``, ``coinche_scoring``,
``capot_bid_scoring``, ``belote`` and ``rounding``. :func:`score_coinche` is the pure
arithmetic (fast, for benchmarks and the match); :func:`play_coinche_deal` checks
eight tricks with the play engine first.

>>> c = CoincheContract(Seat.S, Trump.SPADES, 110)
>>> s = score_coinche(c, trick_points=(117, 45))
>>> s.made, s.unrounded, s.score
(True, (227, 45), (230, 50))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

from ..contract import Contract, Trump, point_table
from ..deal import (
    BELOTE,
    DealResult,
    DealScore,
    Play,
    capot_value,
    deal_total,
    multiplied,
    play_deal,
)
from ..errors import InvalidContractError
from ..play import TrickResult
from ..rules import RuleSet
from ..seats import Seat, Team
from .calls import BidKind, CoincheContract, Level
from .declarations import Announced, DeclarationsResult, compare_declarations
from .errors import DeclarationError
from .rules import FFB_COINCHE, PAGAT_COINCHE, CoincheRules

__all__ = [
    "CoincheDealResult",
    "CoincheScore",
    "bid_needs",
    "card_points_of",
    "declare_classic",
    "play_coinche_deal",
    "round_score",
    "score_classic_declarations",
    "score_coinche",
    "trick_points",
]


@dataclass(frozen=True, slots=True)
class CoincheScore:
    """A scored coinche deal. Per-team tuples are indexed by :class:`Team` (NS = 0).

    ``trick_points`` is ``P``; ``belote`` ``B``; ``declarations`` ``D`` after the
    comparison (§3.5) and before any transfer; ``total`` what was compared with the
    bid; ``unrounded`` and ``score`` the deal's score before and after ``rounding``.
    ``held`` is the takers' total held over by a *litige* (``tie: litige``), and
    ``redeal`` says the deal is played again (``tie: redeal``).
    """

    contract: CoincheContract
    trick_points: tuple[int, int]
    belote: tuple[int, int]
    declarations: tuple[int, int]
    total: tuple[int, int]
    made: bool
    multiplier: int
    unrounded: tuple[int, int]
    score: tuple[int, int]
    held: tuple[int, int] = (0, 0)
    redeal: bool = False

    @property
    def points(self) -> tuple[int, int]:
        """``P + B``: trick points and belote, as the classic deal reports ``points``."""
        return (
            self.trick_points[0] + self.belote[0],
            self.trick_points[1] + self.belote[1],
        )


def round_score(points: int, rounding: str) -> int:
    """``points`` to the nearest 10 under ``rounding`` (``half_up``: 85 → 90;
    ``half_down``: 85 → 80, 86 → 90; ``none``).

    >>> round_score(85, "half_up"), round_score(85, "half_down"), round_score(86, "half_down")
    (90, 80, 90)
    """
    if rounding == "half_up":
        return (points + 5) // 10 * 10
    if rounding == "half_down":
        return (points + 4) // 10 * 10
    return points


def card_points_of(cards: Sequence[int], trump: Trump, rules: CoincheRules = FFB_COINCHE) -> int:
    """The card points of ``cards`` under ``trump`` (tout atout per ``all_trump_points``,
    unscaled)."""
    points = point_table(trump, rules.all_trump_points)
    return sum(points[c] for c in cards)


def trick_points(
    card_points: tuple[int, int],
    last_trick: Team | int,
    capot: Team | None,
    *,
    trump: Trump = Trump.SPADES,
    rules: CoincheRules = FFB_COINCHE,
) -> tuple[int, int]:
    """``P`` per team: the card points and 10 for the last trick; a capot team scores
    ``capot_points`` (252 = 152 + 100, a flat 250, or 162) and the other 0. At tout
    atout under ``ffb2016_ratio`` each team's points are scaled by 162/258.

    >>> trick_points((107, 45), Team.NS, None), trick_points((152, 0), Team.NS, Team.NS)
    ((117, 45), (252, 0))
    """
    if capot is not None:
        return (rules.capot_points, 0) if capot is Team.NS else (0, rules.capot_points)
    p = [card_points[0], card_points[1]]
    p[last_trick] += 10
    if trump == Trump.ALL and rules.all_trump_points == "ffb2016_ratio":
        p = [(x * 162 * 2 + 258) // (2 * 258) for x in p]
    return (p[0], p[1])


def bid_needs(bid: int, rules: CoincheRules = FFB_COINCHE) -> int:
    """The total a numeric ``bid`` needs under ``rules``: the bid, or 82 for a bid of 80
    where ``bid_80_needs`` or ``min_bid`` is 82 (Pagat: "82 is bid by saying '80'").

    >>> bid_needs(80, PAGAT_COINCHE), bid_needs(80), bid_needs(110, PAGAT_COINCHE)
    (82, 80, 110)
    """
    if bid == 80 and (rules.bid_80_needs == 82 or rules.min_bid == 82):
        return 82
    return bid


_need = bid_needs


def _multiplier(level: Level, rules: CoincheRules) -> int:
    if level is Level.NONE:
        return 1
    if level is Level.COINCHE:
        return 2
    if rules.surcoinche == 0:
        raise InvalidContractError(f"a surcoinche is not played under {rules.name}")
    return rules.surcoinche


def _made(
    contract: CoincheContract, total: list[int], capot: Team | None, solo: bool, rules: CoincheRules
) -> str:
    """``made``, ``failed``, ``litige`` or ``redeal``."""
    t = contract.taker & 1
    bid = contract.bid
    if type(bid) is not int:  # capot, générale
        if bid == BidKind.CAPOT:
            return "made" if capot is not None and capot == t else "failed"
        return "made" if solo else "failed"
    if total[t] < _need(bid, rules):
        return "failed"
    if not rules.must_beat_defence or total[t] > total[t ^ 1]:
        return "made"
    if total[t] < total[t ^ 1]:
        return "failed"
    return rules.tie  # failed, made, litige or redeal


def _value(contract: CoincheContract, rules: CoincheRules) -> int:
    """The contract's value as scored: the bid (none under ``points_only``), a capot's or
    a générale's value; twice that at sans atout under ``no_trump_bid: double``."""
    bid = contract.bid
    if type(bid) is int:
        value = 0 if rules.scoring == "points_only" else bid
    else:
        value = rules.capot_value if bid == BidKind.CAPOT else rules.generale_value
    return 2 * value if contract.trump == Trump.NONE and rules.no_trump_bid == "double" else value


def _plain(
    made: bool,
    t: int,
    p: list[int],
    b: list[int],
    d: list[int],
    v: int,
    rules: CoincheRules,
    capot: Team | None = None,
) -> list[int]:
    """Not coinched: points + bid (or points, or bid) to a made contract; base + bid and
    both teams' declarations to the defence of a failed one (the base is the defence's
    own trick points when it took every trick, under ``defence_capot: own_points``)."""
    s = [0, 0]
    if made:
        if rules.scoring == "bid_only":
            s[t] = v + b[t]
            s[t ^ 1] = b[t ^ 1]
        else:
            s[t] = p[t] + b[t] + d[t] + v
            s[t ^ 1] = p[t ^ 1] + b[t ^ 1] + d[t ^ 1]
        return s
    prenable = rules.belote == "prenable"
    base = 0 if rules.scoring == "bid_only" else rules.failure_base
    if base and capot == t ^ 1 and rules.defence_capot == "own_points":
        base = p[t ^ 1]
    s[t ^ 1] = base + v + d[t ^ 1] + b[t ^ 1] + (b[t] if prenable else 0)
    s[t] = 0 if prenable else b[t]
    return s


def _coinched(
    w: int, m: int, capot: Team | None, b: list[int], d: list[int], v: int, rules: CoincheRules
) -> list[int]:
    """The winner of a coinched deal scores per ``coinche_scoring``; the loser only a
    belote that stays with its holder."""
    base = rules.failure_base + (90 if capot == w else 0)  # 160 → 250, 162 → 252 on a capot
    inside = b[w] if rules.belote_multiplied else 0
    outside = b[w] - inside
    kind = rules.coinche_scoring
    if rules.scoring == "bid_only":
        win = (v + inside) * m
    elif kind == "whole":
        win = (base + v + d[w] + inside) * m
    elif kind == "bid_only":
        win = base + (v + inside) * m + d[w]
    elif kind == "flat":
        win = (320 + (100 if capot == w else 0)) * m // 2 + (v + inside) * m + d[w]
    else:  # base_only
        win = (base + inside) * m + v + d[w]
    s = [0, 0]
    prenable = rules.belote == "prenable"
    s[w] = win + outside + (b[w ^ 1] if prenable else 0)
    s[w ^ 1] = 0 if prenable else b[w ^ 1]
    return s


def _flat_capot(
    w: int, m: int, b: list[int], d: list[int], v: int, generale: bool, rules: CoincheRules
) -> list[int]:
    """A capot bid under ``capot_bid_scoring: flat`` (500, 1000 coinched, 2000
    surcoinched, made or failed), or a générale (its value, times the coinche)."""
    s = [0, 0]
    prenable = rules.belote == "prenable"
    s[w] = (v if generale else 2 * v) * m + d[w] + b[w] + (b[w ^ 1] if prenable else 0)
    s[w ^ 1] = 0 if prenable else b[w ^ 1]
    return s


def score_coinche(
    contract: CoincheContract,
    *,
    trick_points: tuple[int, int],
    belote: tuple[int, int] = (0, 0),
    declarations: tuple[int, int] = (0, 0),
    capot: Team | None = None,
    solo: bool = False,
    rules: CoincheRules = FFB_COINCHE,
) -> CoincheScore:
    """Score a coinche deal from its facts (``coinche.md`` §2.10 and the knobs).

    ``trick_points`` is ``P`` per team (see :func:`trick_points`), ``belote`` and
    ``declarations`` the points each team holds (declarations after the comparison of
    §3.5), ``capot`` the team that won all eight tricks, ``solo`` whether the declarer
    alone did (a générale).
    """
    t = contract.taker & 1
    p = list(trick_points)
    b = list(belote)
    if rules.belote == "attack_only":
        b[t ^ 1] = 0
    d = list(declarations)
    total = [
        p[x] + (b[x] if rules.belote_counts else 0) + (d[x] if rules.declarations_count else 0)
        for x in (0, 1)
    ]
    m = _multiplier(contract.level, rules)
    outcome = _made(contract, total, capot, solo, rules)
    facts = (contract, trick_points, (b[0], b[1]), declarations, (total[0], total[1]))
    if outcome in ("litige", "redeal"):
        return _tied(facts, outcome, t, p, b, d, rules)
    made = outcome == "made"
    if capot is not None:  # the capot team's opponents' declarations change hands, or die
        gain = d[capot ^ 1] if rules.capot_declarations == "to_capot_team" else 0
        d[capot], d[capot ^ 1] = d[capot] + gain, 0
    if not made:  # the takers' declarations change hands
        d[t ^ 1], d[t] = d[t ^ 1] + d[t], 0
    v = _value(contract, rules)
    w = t if made else t ^ 1
    bid = contract.bid
    if type(bid) is not int and (bid == BidKind.GENERALE or rules.capot_bid_scoring == "flat"):
        s = _flat_capot(w, m, b, d, v, bid == BidKind.GENERALE, rules)
    elif m == 1 or rules.coinche_scoring == "as_uncoinched":
        # as_uncoinched: scored as if not coinched, with the bid multiplied
        s = _plain(made, t, p, b, d, v * m, rules, capot)
    else:
        s = _coinched(w, m, capot, b, d, v, rules)
    return CoincheScore(
        *facts,
        made=made,
        multiplier=m,
        unrounded=(s[0], s[1]),
        score=(round_score(s[0], rules.rounding), round_score(s[1], rules.rounding)),
    )


def _tied(
    facts: tuple[
        CoincheContract, tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]
    ],
    outcome: str,
    t: int,
    p: list[int],
    b: list[int],
    d: list[int],
    rules: CoincheRules,
) -> CoincheScore:
    """A tie under ``must_beat_defence``: ``litige`` (the defence scores its points now,
    the takers' are held for the next deal's winner) or ``redeal`` (nothing scores)."""
    s, held = [0, 0], [0, 0]
    if outcome == "litige":
        s[t ^ 1] = p[t ^ 1] + b[t ^ 1] + d[t ^ 1]
        held[t] = p[t] + b[t] + d[t]
    return CoincheScore(
        *facts,
        made=False,
        multiplier=_multiplier(facts[0].level, rules),
        unrounded=(s[0], s[1]),
        score=(round_score(s[0], rules.rounding), round_score(s[1], rules.rounding)),
        held=(held[0], held[1]),
        redeal=outcome == "redeal",
    )


@dataclass(frozen=True, slots=True)
class CoincheDealResult:
    """A coinche deal checked trick by trick and scored.

    ``play`` is the play engine's result (tricks, rules applied, card points under its
    tables); ``card_points`` are recomputed under ``all_trump_points``; ``points`` is
    ``P + B`` per team; ``declarations`` says who scores the *annonces*;
    ``scored`` carries ``total``, ``made`` and ``score``. ``annulled`` is set by four
    7s under ``low_carres: sevens_annul`` (then nothing scores).
    """

    contract: CoincheContract
    play: DealResult
    card_points: tuple[int, int]
    last_trick: Team
    belote: Seat | None
    capot: Team | None
    declarations: DeclarationsResult
    scored: CoincheScore
    annulled: bool = False

    @property
    def tricks(self) -> tuple[TrickResult, ...]:
        """The eight tricks."""
        return self.play.tricks

    @property
    def points(self) -> tuple[int, int]:
        """``P + B`` per team."""
        return self.scored.points

    @property
    def total(self) -> tuple[int, int]:
        """What was compared with the bid."""
        return self.scored.total

    @property
    def made(self) -> bool:
        """Whether the contract was made."""
        return self.scored.made

    @property
    def score(self) -> tuple[int, int]:
        """The deal's score, rounded (``(0, 0)`` when annulled)."""
        return (0, 0) if self.annulled else self.scored.score


def play_coinche_deal(
    contract: CoincheContract,
    tricks: Sequence[Sequence[Play]],
    *,
    rules: CoincheRules = FFB_COINCHE,
    play_rules: RuleSet | None = None,
    dealer: Seat | None = None,
    announced: Announced | None = None,
) -> CoincheDealResult:
    """Check ``tricks`` (as :func:`~explainer.engine.play_deal` does) and score the deal.

    ``play_rules`` defaults to the rule set's own (:attr:`CoincheRules.play_rules`). ``announced`` declarations are checked against
    the hands read back from the tricks. Raises the play engine's errors for the
    tricks and :class:`DeclarationError` for the declarations.
    """
    plain = Contract(contract.trump, "coinche", contract.taker)
    deal = play_deal(plain, tricks, play_rules or rules.play_rules, dealer=dealer)
    hands = [0, 0, 0, 0]
    points = [0, 0]
    rescale = contract.trump == Trump.ALL  # our own scale, whatever the play engine's
    for trick in deal.tricks:
        for k, c in enumerate(trick.cards):
            hands[(trick.leader + k) & 3] |= 1 << c
        points[trick.winner & 1] += (
            card_points_of(trick.cards, contract.trump, rules) if rescale else trick.points
        )
    first = dealer if dealer is not None else deal.tricks[0].leader.previous
    decl = compare_declarations(
        announced or {}, trump=contract.trump, dealer=first, hands=hands, rules=rules
    )
    belote = [0, 0]
    for seat in deal.belotes:  # one per suit at tout atout under all_trump_belote: each_suit
        belote[seat & 1] += BELOTE
    p = trick_points(
        (points[0], points[1]), deal.last_trick, deal.capot, trump=contract.trump, rules=rules
    )
    solo = all(w == contract.taker for w in deal.winners)
    scored = score_coinche(
        contract,
        trick_points=p,
        belote=(belote[0], belote[1]),
        declarations=decl.points,
        capot=deal.capot,
        solo=solo,
        rules=rules,
    )
    return CoincheDealResult(
        contract=contract,
        play=deal,
        card_points=(points[0], points[1]),
        last_trick=deal.last_trick,
        belote=deal.belote,
        capot=deal.capot,
        declarations=decl,
        scored=scored,
        annulled=decl.annulled,
    )


def score_classic_declarations(
    points: tuple[int, int],
    declarations: tuple[int, int],
    *,
    taker: Seat,
    capot: Team | None = None,
    belote: Seat | None = None,
    tie: str = "made",
    belote_rule: str = "prenable",
    belotes: Sequence[Seat] | None = None,
    capot_count: int = 252,
    deal_points: int = 162,
) -> tuple[bool, tuple[int, int]]:
    """Classic Belote with declarations (``classic_declarations: on``): ``(made, score)``.

    ``points`` are each team's points as the classic deal counts them (cards, last
    trick or capot, the belotes that count); ``declarations`` what each team scores after
    :func:`compare_declarations` (called with ``game="belote"``). The declarations count
    towards the contract; the takers make it with more points than the defence
    (``tie: made``: at least as many; FFB-B16 says strictly more). A failed contract
    gives the defence the whole deal (``deal_points``, or ``capot_count`` after a capot) plus every
    declaration of both teams ("162 points de chute + leurs annonces + les annonces des
    preneurs") and the belotes as ``belote_rule`` says (``prenable``: both teams';
    ``imprenable``: their own, the takers keep theirs; ``attack_only``: the takers keep
    theirs and the defence's never counts). ``belotes`` are every seat that scores a
    belote (one per suit at all-trump); ``belote`` is the one seat of a suit contract.
    ``capot_count`` is what defenders who win every trick count instead
    (:func:`~explainer.engine.capot_value` with ``defenders=True``: 252, 250, or 162
    without the bonus), ``deal_points`` what the deal's cards and last trick count
    (:func:`~explainer.engine.deal_total`: 162, or 258 at all-trump counted at the trump
    values).

    >>> score_classic_declarations((92, 70), (0, 50), taker=Seat.E, tie="failed")
    (True, (92, 120))
    """
    t = taker.team
    total = [points[0] + declarations[0], points[1] + declarations[1]]
    made = total[t] > total[t ^ 1] or (total[t] == total[t ^ 1] and tie == "made")
    if made:
        return True, (total[0], total[1])
    whole = capot_count if capot is not None else deal_points
    s = [0, 0]
    kept = 0
    for seat in belotes if belotes is not None else (() if belote is None else (belote,)):
        if seat.team == t and belote_rule != "prenable":
            s[t] += BELOTE
        elif seat.team == t or belote_rule != "attack_only":
            kept += BELOTE
    s[t ^ 1] = whole + kept + declarations[0] + declarations[1]
    return False, (s[0], s[1])


def _hands(deal: DealResult) -> list[int]:
    """Each seat's dealt hand as a mask, read back from the tricks it played."""
    hands = [0, 0, 0, 0]
    for trick in deal.tricks:
        for k, c in enumerate(trick.cards):
            hands[(trick.leader + k) & 3] |= 1 << c
    return hands


def classic_comparison(rules: RuleSet) -> CoincheRules:
    """The Coinche rules a classic deal's declarations are compared by under ``rules``:
    Pagat's under ``pagat_belote``, else the FFB's, with the rule set's
    ``classic_declarations`` (made once per pair: a deal law compares thousands)."""
    return _comparison(rules.name == "pagat_belote", rules.classic_declarations)


@cache
def _comparison(pagat: bool, classic_declarations: str) -> CoincheRules:
    base = PAGAT_COINCHE if pagat else FFB_COINCHE
    return base.with_knobs(classic_declarations=classic_declarations)


def declare_classic(
    deal: DealResult, announced: Announced, *, rules: RuleSet
) -> tuple[DealResult, DeclarationsResult]:
    """A classic Belote deal (turned card) scored with its declarations.

    Under ``classic_declarations: on`` the ``announced`` declarations are checked against
    the hands read back from the tricks and compared as in Coinche (FFB rules of
    comparison; Pagat's under ``pagat_belote``), then :func:`score_classic_declarations`
    decides ``made`` and ``score``: the returned deal has those, the declarations result
    what each team scores; under ``tie: litige`` a tie of the totals is a litige, as
    without declarations (the defenders score their total, the takers' is
    :attr:`~explainer.engine.DealResult.held`). Under ``off`` nobody declares: ``announced`` raises
    :class:`DeclarationError` if it names any declaration. No rounding (FFB-WB, PAG-B).
    The dealer, who fixes the order of announcement, is the seat before the first
    trick's leader: :func:`~explainer.engine.play_deal` makes the seat after the dealer
    lead, so the deal already says who dealt.
    """
    if rules.classic_declarations == "off" and any(announced.values()):
        raise DeclarationError(
            f"declarations are not played under {rules.name} (classic_declarations: off)"
        )
    compare = classic_comparison(rules)
    decl = compare_declarations(
        announced,
        trump=deal.contract.trump,
        dealer=deal.tricks[0].leader.previous,
        hands=_hands(deal),
        rules=compare,
        game="belote",
    )
    if not any(decl.points) and not announced:
        return deal, decl
    assert deal.contract.taker is not None
    t = deal.contract.taker.team
    total = (deal.points[0] + decl.points[0], deal.points[1] + decl.points[1])
    if rules.tie == "litige" and total[0] == total[1]:
        # FFB-B16 §10.1.3: a tie of the teams' totals is a litige, declarations or not: the
        # defenders score their total now, the takers' is held for the next deal's winner.
        score = (0, total[1]) if t == 0 else (total[0], 0)
        return replace(deal, made=False, score=score, held=total[t]), decl
    made, score = score_classic_declarations(
        deal.points,
        decl.points,
        taker=deal.contract.taker,
        capot=deal.capot,
        belotes=deal.belotes,
        tie="made" if rules.tie == "made" else "failed",
        belote_rule=rules.belote,
        capot_count=capot_value(rules, deal.contract.trump, defenders=True),
        deal_points=deal_total(rules, deal.contract.trump),
    )
    coinched = multiplied(
        DealScore(deal.points, deal.capot, made, score, 0),
        deal.contract.taker,
        deal.contract.multiplier,
    )
    return replace(deal, made=made, score=coinched.score, held=0), decl
