"""What a scored deal's outcome says: every sentence chosen from the result and the rules.

A deal example ends with its outcome: made or failed, why, what happened on the way
(a belote, a capot, declarations, a coinche) and what each team scores. Nothing there is
assumed: each sentence is a :class:`Claim` (which sentence, :class:`Says`, and the
engine's numbers it gives), chosen here from the engine's result (a
:class:`~explainer.engine.DealResult` or :class:`~explainer.engine.CoincheDealResult`)
and the rule set it was scored under. "Fewer points" is said only where the takers have
fewer, "all the points of the deal" only where the defenders score all of them; a score
is shown as the sum of its parts (:class:`Term`), which add up to it. The words are the
templates' (``templates/_outcome.html``, one localized sentence per :class:`Says`); the
site knows the engine only through its public names.

The classic deal's score table is chosen here too (:func:`classic_lines`,
:func:`coinche_lines`): its rows add up to its total, whatever the rule set (a capot
worth 250, an all-trump count scaled to 162, a belote that does not count).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from explainer.engine import (
    BELOTE,
    LAST_TRICK,
    BidKind,
    CoincheContract,
    CoincheDealResult,
    CoincheRules,
    DealResult,
    Level,
    Rank,
    RuleSet,
    Seat,
    Suit,
    Team,
    Trump,
    bid_needs,
    card,
)

__all__ = [
    "Claim",
    "Line",
    "Outcome",
    "Says",
    "Term",
    "TermKind",
    "Verdict",
    "belote_claims",
    "classic_lines",
    "classic_outcome",
    "coinche_lines",
    "coinche_outcome",
]

_TEAMS: Final = (Team.NS, Team.EW)
_SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class Verdict(StrEnum):
    """The outcome's headline (and its mark on the page)."""

    MADE = "made"
    FAILED = "failed"
    LITIGE = "litige"
    """A tie held over: the defenders score now, the takers' points wait."""
    REDEAL = "redeal"
    """A Coinche tie under ``tie: redeal``: the deal is played again."""
    ANNULLED = "annulled"
    """Four sevens declared under ``low_carres: sevens_annul``: nothing scores."""


class Says(StrEnum):
    """Every sentence an outcome may hold; each has its own words in the templates.

    The classes of outcome are these sentences: each is chosen only where what it says is
    true of the result (``tests/site/test_outcomes.py`` enumerates every scoring knob value
    of both games against every one of them)."""

    # why: a classic deal (the takers' points against the defenders')
    MORE_POINTS = "more-points"
    """takers, defenders: the takers have more."""
    FEWER_POINTS = "fewer-points"
    """takers, defenders: the takers have fewer."""
    TIE_MADE = "tie-made"
    """points (each): level, and the rules count a tie as made."""
    TIE_FAILED = "tie-failed"
    """points (each): level, and the rules need more (a tie fails)."""
    TIE_LITIGE = "tie-litige"
    """points (each): level, and the rules hold the contract over (*litige*)."""
    # why: a Coinche deal (the takers' total against the bid, then the defence's)
    BID_REACHED = "bid-reached"
    """total, bid: the takers' total reaches the bid."""
    BID_REACHED_NEEDS = "bid-reached-needs"
    """total, bid, need: it reaches what the bid needs (82 for a bid of 80)."""
    BID_MISSED = "bid-missed"
    """total, bid: the contract is missed on the bid."""
    BID_MISSED_NEEDS = "bid-missed-needs"
    """total, bid, need: missed on what the bid needs."""
    DEFENCE_BEATEN = "defence-beaten"
    """defence: more than the defence's total, as the rules require."""
    DEFENCE_AHEAD = "defence-ahead"
    """defence: the contract is missed on the defence's total (``must_beat_defence``)."""
    DEFENCE_LEVEL_MADE = "defence-level-made"
    """defence: level with the defence; the rules count a tie as made."""
    DEFENCE_LEVEL_FAILED = "defence-level-failed"
    """defence: level with the defence; the rules need more."""
    DEFENCE_LEVEL_LITIGE = "defence-level-litige"
    """defence: level with the defence; the contract is held over."""
    DEFENCE_LEVEL_REDEAL = "defence-level-redeal"
    """defence: level with the defence; the deal is played again."""
    CAPOT_BID_WON = "capot-bid-won"
    """The takers bid capot and won all eight tricks."""
    CAPOT_BID_LOST = "capot-bid-lost"
    """tricks: the takers bid capot and won only ``tricks``."""
    GENERALE_WON = "generale-won"
    """seat: the taker bid a générale and won all eight tricks alone."""
    GENERALE_LOST = "generale-lost"
    """seat: the taker bid a générale and did not win all eight alone."""
    FOUR_SEVENS = "four-sevens"
    """Four sevens were declared: the deal is annulled."""
    # what happened on the way
    BELOTE = "belote"
    """seat, suit: the seat held the king and queen of trump (the trump suit)."""
    BELOTE_ALL_TRUMP = "belote-all-trump"
    """seat, suit: a belote in ``suit`` at all-trump (one per suit)."""
    BELOTE_NOT_COUNTED = "belote-not-counted"
    """seat: a defender's belote, which these rules do not count."""
    CAPOT_TAKERS = "capot-takers"
    """team, points: the takers won all eight tricks."""
    CAPOT_DEFENDERS = "capot-defenders"
    """team, points: the defenders won all eight tricks."""
    CAPOT_DEFENDERS_NO_BONUS = "capot-defenders-no-bonus"
    """team, points: the defenders won all eight tricks, and the rules give the capot's
    bonus to takers only (``defenders_capot: no_bonus``): they count 162."""
    DECLARATIONS_BEST = "declarations-best"
    """team, points: that team has the best declaration and scores all of its own."""
    DECLARATIONS_TIE = "declarations-tie"
    """The best declarations are equal: neither team scores its declarations."""
    DECLARATIONS_EIGHTS = "declarations-eights"
    """Four eights were declared: no declaration counts."""
    DECLARATIONS_CHANGE_HANDS = "declarations-change-hands"
    """points: the contract failed, the takers' declarations go to the defenders."""
    CAPOT_DECLARATIONS_TAKEN = "capot-declarations-taken"
    """team, points: on a capot, the losers' declarations go to the capot team."""
    CAPOT_DECLARATIONS_VOID = "capot-declarations-void"
    """points: on a capot, the losers' declarations count for nothing."""
    COINCHED = "coinched"
    """times: the contract is coinched; the parts marked are multiplied."""
    SURCOINCHED = "surcoinched"
    """times: surcoinched."""
    # the score
    SCORES = "scores"
    """team, score, terms: what the team scores, as the sum of its parts."""
    SCORES_ROUNDED = "scores-rounded"
    """team, before, score, terms: the same, rounded to the nearest 10."""
    SCORES_NOTHING = "scores-nothing"
    """team: the team scores nothing."""
    HELD = "held"
    """points: the takers' points are held for the winner of the next deal."""
    NOBODY_SCORES = "nobody-scores"
    """Nobody scores (a redeal, an annulled deal)."""


class TermKind(StrEnum):
    """A part of a score; each has its own words in the templates."""

    TRICKS = "tricks"
    """The team's card points and last trick (scaled at all-trump where the rules do)."""
    CAPOT = "capot"
    """The capot's points (all eight tricks)."""
    ALL_POINTS = "all-points"
    """Every point of the deal (162, or a capot's value): a failed classic contract."""
    FAILED_CONTRACT = "failed-contract"
    """The points a failed Coinche contract gives the defence (``failure_base``)."""
    DEAL = "deal"
    """The points a coinched deal counts for its winner (``failure_base``, more on a capot)."""
    CONTRACT = "contract"
    """The value of the contract: the bid, or a capot's or générale's value."""
    BELOTE = "belote"
    """The team's own belote."""
    OTHER_BELOTE = "other-belote"
    """The other team's belote, taken."""
    DECLARATIONS = "declarations"
    """The declarations the team scores."""


@dataclass(frozen=True, slots=True)
class Term:
    """One part of a score: ``points`` of ``kind``, multiplied by ``times`` (a coinche)."""

    kind: TermKind
    points: int
    times: int = 1

    @property
    def value(self) -> int:
        """What the part adds to the score."""
        return self.points * self.times


@dataclass(frozen=True, slots=True)
class Claim:
    """One sentence of an outcome: which (:attr:`says`) and the values it gives.

    Only the fields its :class:`Says` member names are set; the rest keep their default.
    """

    says: Says
    team: Team | None = None
    seat: Seat | None = None
    suit: Suit | None = None
    takers: int = 0
    defenders: int = 0
    points: int = 0
    total: int = 0
    bid: int = 0
    need: int = 0
    defence: int = 0
    tricks: int = 0
    times: int = 1
    score: int = 0
    before: int = 0
    terms: tuple[Term, ...] = ()


@dataclass(frozen=True, slots=True)
class Outcome:
    """A deal's outcome: the verdict, why, what happened on the way, and the score."""

    verdict: Verdict
    why: tuple[Claim, ...]
    events: tuple[Claim, ...]
    scores: tuple[Claim, ...]

    @property
    def claims(self) -> tuple[Claim, ...]:
        """Every sentence, in page order."""
        return self.why + self.events + self.scores

    @property
    def says(self) -> frozenset[Says]:
        """Which sentences it holds: the classes of outcome it belongs to."""
        return frozenset(c.says for c in self.claims)


@dataclass(frozen=True, slots=True)
class Line:
    """A row of a deal's score table: what it counts (a key the template names) and each
    team's number, NS then EW. A ``subtotal`` row restates the rows above it (scaled)."""

    key: str
    ns: int
    ew: int
    subtotal: bool = False


# ------------------------------------------------------------------------------ helpers


def _belote_teams(seats: Iterable[Seat]) -> tuple[int, int]:
    """How many belotes each team's seats hold."""
    n = [0, 0]
    for seat in seats:
        n[seat.team] += 1
    return (n[0], n[1])


def _played_by(result: DealResult | CoincheDealResult) -> dict[int, Seat]:
    """Who played each card, read from the tricks."""
    out: dict[int, Seat] = {}
    for trick in result.tricks:
        for k, c in enumerate(trick.cards):
            out[c] = trick.leader.after(k)
    return out


def belote_claims(result: DealResult | CoincheDealResult, trump: Trump) -> tuple[Claim, ...]:
    """One sentence per belote the engine scored: who held the king and queen of which
    suit (the trump suit; at all-trump, each suit the rules give a belote in). The suit is
    read from the tricks; the seats are the engine's (``DealResult.belotes``)."""
    deal = result.play if isinstance(result, CoincheDealResult) else result
    seats = list(deal.belotes)
    if not seats:
        return ()
    by = _played_by(result)
    suits = [Suit(trump)] if trump < Trump.NONE else list(_SUITS)
    out = []
    for suit in suits:
        king, queen = card(Rank.KING, suit), card(Rank.QUEEN, suit)
        seat = by.get(king)
        if seat is None or by.get(queen) != seat or seat not in seats:
            continue
        seats.remove(seat)
        says = Says.BELOTE if trump < Trump.NONE else Says.BELOTE_ALL_TRUMP
        out.append(Claim(says, seat=seat, suit=suit))
    return tuple(out)


def _scores(
    team: Team, terms: list[Term], score: int, before: int | None = None, *, brief: bool = True
) -> Claim | None:
    """What ``team`` scores: the sum of its parts (zero parts left out), or nothing;
    ``None`` (when ``brief``) where it scores just the points of its tricks, as the score
    lines already show (the pages are long enough)."""
    kept = tuple(t for t in terms if t.points)
    if not score and not kept:
        return Claim(Says.SCORES_NOTHING, team=team)
    if (
        brief
        and len(kept) == 1
        and kept[0].kind is TermKind.TRICKS
        and kept[0].times == 1
        and before in (None, score)
    ):
        return None
    if before is not None and before != score:
        return Claim(Says.SCORES_ROUNDED, team=team, before=before, score=score, terms=kept)
    return Claim(Says.SCORES, team=team, score=score, terms=kept)


def _present(claims: Iterable[Claim | None]) -> tuple[Claim, ...]:
    return tuple(c for c in claims if c is not None)


# ------------------------------------------------------------------------------ classic


def _classic_why(
    made: bool, takers: int, defenders: int, held: int, tie: str
) -> tuple[Verdict, Claim]:
    """The verdict and its reason, from the totals compared (and the engine's ``made``)."""
    if takers > defenders:
        return Verdict.MADE, Claim(Says.MORE_POINTS, takers=takers, defenders=defenders)
    if takers < defenders:
        return Verdict.FAILED, Claim(Says.FEWER_POINTS, takers=takers, defenders=defenders)
    if made:
        return Verdict.MADE, Claim(Says.TIE_MADE, points=takers)
    if held:
        return Verdict.LITIGE, Claim(Says.TIE_LITIGE, points=takers)
    return Verdict.FAILED, Claim(Says.TIE_FAILED, points=takers)


def _counted_belotes(result: DealResult, rules: RuleSet) -> tuple[int, int]:
    """How many belotes count in each team's points: every one held, except the
    defenders' under ``belote: attack_only``."""
    if rules.belote_bonus == "off":  # the belote scores nothing at all
        return (0, 0)
    held = list(_belote_teams(result.belotes))
    if rules.belote == "attack_only":
        held[result.taker_team ^ 1] = 0
    return (held[0], held[1])


def _count(result: DealResult, rules: RuleSet, team: Team) -> int:
    """A team's count before belotes and declarations: card points and last trick, or
    the capot's value (scaled at all-trump where the rules scale it): the engine's
    points less the belotes counted in them."""
    return result.points[team] - BELOTE * _counted_belotes(result, rules)[team]


def classic_outcome(
    result: DealResult, rules: RuleSet, declarations: tuple[int, int] | None = None
) -> Outcome:
    """The outcome of a classic deal scored under ``rules`` (with ``declarations``, what
    each team scores for them under ``classic_declarations: on``)."""
    t = result.taker_team
    d = Team(t ^ 1)
    decl = declarations or (0, 0)
    totals = (result.points[0] + decl[0], result.points[1] + decl[1])
    held = result.held
    verdict, why = _classic_why(result.made, totals[t], totals[d], held, rules.tie)
    scored = rules.belote_bonus == "on"
    events = list(belote_claims(result, result.contract.trump)) if scored else []
    if rules.belote == "attack_only":
        events += [Claim(Says.BELOTE_NOT_COUNTED, seat=s) for s in result.belotes if s.team is d]
    if result.capot is not None:
        says = Says.CAPOT_TAKERS if result.capot is t else Says.CAPOT_DEFENDERS
        if says is Says.CAPOT_DEFENDERS and rules.defenders_capot == "no_bonus":
            says = Says.CAPOT_DEFENDERS_NO_BONUS
        points = _count(result, rules, result.capot)
        events.append(Claim(says, team=result.capot, points=points))
    if declarations is not None:
        events += _classic_declaration_events(decl, t, result.made)
    times = _classic_times(result, verdict)
    if times > 1:
        events.append(Claim(Says.COINCHED if times == 2 else Says.SURCOINCHED, times=times))
    scores = _classic_scores(result, rules, verdict, decl)
    return Outcome(verdict, (why,), tuple(events), scores)


def _classic_times(result: DealResult, verdict: Verdict) -> int:
    """What the deal's winners' score is multiplied by: a classic coinche (2) or
    surcoinche (4) under ``classic_coinche: on``; a litige is not multiplied."""
    if verdict not in (Verdict.MADE, Verdict.FAILED):
        return 1
    return result.contract.multiplier


def _times(terms: list[Term], times: int) -> list[Term]:
    return [Term(t.kind, t.points, times) for t in terms] if times > 1 else terms


def _classic_declaration_events(decl: tuple[int, int], t: Team, made: bool) -> Iterator[Claim]:
    """The team that scores its declarations (the best one's: the other scores none),
    and on a failed contract the takers' going to the defenders."""
    for team in _TEAMS:
        if decl[team]:
            yield Claim(Says.DECLARATIONS_BEST, team=team, points=decl[team])
    if not made and decl[t]:
        yield Claim(Says.DECLARATIONS_CHANGE_HANDS, points=decl[t])


def _own_terms(result: DealResult, rules: RuleSet, team: Team, decl: int) -> list[Term]:
    kind = TermKind.CAPOT if result.capot is team else TermKind.TRICKS
    return [
        Term(kind, _count(result, rules, team)),
        Term(TermKind.BELOTE, BELOTE * _counted_belotes(result, rules)[team]),
        Term(TermKind.DECLARATIONS, decl),
    ]


def _classic_scores(
    result: DealResult, rules: RuleSet, verdict: Verdict, decl: tuple[int, int]
) -> tuple[Claim, ...]:
    t = result.taker_team
    d = Team(t ^ 1)
    score = result.score
    m = _classic_times(result, verdict)
    if verdict is Verdict.MADE:  # the takers' score multiplied by a coinche
        return _present(
            _scores(
                team,
                _times(_own_terms(result, rules, team, decl[team]), m if team is t else 1),
                score[team],
            )
            for team in _TEAMS
        )
    if verdict is Verdict.LITIGE:
        return _present(
            (
                _scores(d, _own_terms(result, rules, d, decl[d]), score[d], brief=False),
                Claim(Says.HELD, points=result.held),
            )
        )
    # failed: the defenders score the whole deal, the belotes the rules give them, and
    # every declaration; the takers what they keep (their belote, where the rules say)
    held = _belote_teams(result.belotes)
    kept = score[t]
    whole = _count(result, rules, Team.NS) + _count(result, rules, Team.EW)
    own = BELOTE * _counted_belotes(result, rules)[d]
    taken = score[d] // m - whole - own - decl[0] - decl[1]
    defenders = [
        Term(TermKind.ALL_POINTS, whole),
        Term(TermKind.BELOTE, own),
        Term(TermKind.OTHER_BELOTE, taken),
        Term(TermKind.DECLARATIONS, decl[0] + decl[1]),
    ]
    takers = [Term(TermKind.BELOTE, kept)] if kept and held[t] else []
    return _present((_scores(d, _times(defenders, m), score[d]), _scores(t, takers, kept)))


def classic_lines(
    result: DealResult, rules: RuleSet, declarations: tuple[int, int] | None = None
) -> tuple[Line, ...]:
    """The score table of a classic deal, rows adding up to the total: card points, the
    last trick, the capot (what it adds to the cards: 100 for 252, 98 for a flat 250),
    at all-trump scaled to 162 the count after scaling, belotes (those that count),
    declarations, the total and the score for the deal."""
    counts = (_count(result, rules, Team.NS), _count(result, rules, Team.EW))
    last = [0, 0]
    capot = [0, 0]
    if result.capot is not None:
        capot[result.capot] = counts[result.capot] - result.card_points[result.capot]
    else:
        last[result.last_trick] = LAST_TRICK
    raw = (result.card_points[0] + last[0], result.card_points[1] + last[1])
    lines = [
        Line("card_points", *result.card_points),
        Line("last_trick", last[0], last[1]),
        Line("capot", capot[0], capot[1]),
    ]
    if result.capot is None and raw != counts:  # all-trump, the count scaled to 162
        lines.append(Line("scaled", *counts, subtotal=True))
    counted = _counted_belotes(result, rules)
    lines.append(Line("belote", BELOTE * counted[0], BELOTE * counted[1]))
    decl = declarations or (0, 0)
    if declarations is not None:
        lines.append(Line("declarations", *decl))
    lines.append(Line("total", result.points[0] + decl[0], result.points[1] + decl[1]))
    lines.append(Line("score", *result.score))
    return tuple(lines)


# ------------------------------------------------------------------------------ coinche


def _coinche_why(r: CoincheDealResult, rules: CoincheRules) -> tuple[Verdict, list[Claim]]:
    s = r.scored
    c = r.contract
    t = c.taker.team
    if r.annulled:
        return Verdict.ANNULLED, [Claim(Says.FOUR_SEVENS)]
    if not isinstance(c.bid, int):
        won = sum(1 for w in r.play.winners if w.team is t)
        if c.bid is BidKind.CAPOT:
            if s.made:
                return Verdict.MADE, [Claim(Says.CAPOT_BID_WON)]
            return Verdict.FAILED, [Claim(Says.CAPOT_BID_LOST, tricks=won)]
        says = Says.GENERALE_WON if s.made else Says.GENERALE_LOST
        return (Verdict.MADE if s.made else Verdict.FAILED), [Claim(says, seat=c.taker)]
    total, defence = s.total[t], s.total[t ^ 1]
    need = bid_needs(c.bid, rules)
    if total < need:
        says = Says.BID_MISSED if need == c.bid else Says.BID_MISSED_NEEDS
        return Verdict.FAILED, [Claim(says, total=total, bid=c.bid, need=need)]
    says = Says.BID_REACHED if need == c.bid else Says.BID_REACHED_NEEDS
    reached = Claim(says, total=total, bid=c.bid, need=need)
    if not rules.must_beat_defence:
        return Verdict.MADE, [reached]
    if total > defence:
        return Verdict.MADE, [reached, Claim(Says.DEFENCE_BEATEN, defence=defence)]
    if total < defence:
        return Verdict.FAILED, [reached, Claim(Says.DEFENCE_AHEAD, defence=defence)]
    if s.redeal:
        return Verdict.REDEAL, [reached, Claim(Says.DEFENCE_LEVEL_REDEAL, defence=defence)]
    if any(s.held):
        return Verdict.LITIGE, [reached, Claim(Says.DEFENCE_LEVEL_LITIGE, defence=defence)]
    if s.made:
        return Verdict.MADE, [reached, Claim(Says.DEFENCE_LEVEL_MADE, defence=defence)]
    return Verdict.FAILED, [reached, Claim(Says.DEFENCE_LEVEL_FAILED, defence=defence)]


def _declaration_events(r: CoincheDealResult, rules: CoincheRules) -> Iterator[Claim]:
    """Who scores the declarations: the best one's team, a tie, four eights; then, on a
    capot or a failed contract, where the losers' declarations go."""
    decl = r.declarations
    announced = any(decl.announced)
    if decl.voided:
        yield Claim(Says.DECLARATIONS_EIGHTS)
    elif decl.team is not None and decl.points[decl.team]:
        yield Claim(Says.DECLARATIONS_BEST, team=decl.team, points=decl.points[decl.team])
    elif announced and decl.best is None and not r.annulled:
        yield Claim(Says.DECLARATIONS_TIE)
    if r.annulled or r.scored.redeal or any(r.scored.held):
        return
    theirs = list(decl.points)
    if r.capot is not None and theirs[r.capot ^ 1]:
        lost = theirs[r.capot ^ 1]
        if rules.capot_declarations == "to_capot_team":
            yield Claim(Says.CAPOT_DECLARATIONS_TAKEN, team=r.capot, points=lost)
            theirs[r.capot] += lost
        else:
            yield Claim(Says.CAPOT_DECLARATIONS_VOID, points=lost)
        theirs[r.capot ^ 1] = 0
    t = r.contract.taker.team
    if not r.scored.made and theirs[t]:
        yield Claim(Says.DECLARATIONS_CHANGE_HANDS, points=theirs[t])


def coinche_outcome(r: CoincheDealResult, rules: CoincheRules) -> Outcome:
    """The outcome of a Coinche deal scored under ``rules``."""
    verdict, why = _coinche_why(r, rules)
    events = list(belote_claims(r, r.contract.trump))
    t = r.contract.taker.team
    for seat in r.play.belotes:
        if seat.team is not t and rules.belote == "attack_only":
            events.append(Claim(Says.BELOTE_NOT_COUNTED, seat=seat))
    if r.capot is not None:
        says = Says.CAPOT_TAKERS if r.capot is t else Says.CAPOT_DEFENDERS
        events.append(Claim(says, team=r.capot, points=r.scored.trick_points[r.capot]))
    events += _declaration_events(r, rules)
    level = r.contract.level
    if level is not Level.NONE and verdict in (Verdict.MADE, Verdict.FAILED):
        says = Says.COINCHED if level is Level.COINCHE else Says.SURCOINCHED
        events.append(Claim(says, times=r.scored.multiplier))
    return Outcome(verdict, tuple(why), tuple(events), _coinche_scores(r, verdict, rules))


def _coinche_scores(
    r: CoincheDealResult, verdict: Verdict, rules: CoincheRules
) -> tuple[Claim, ...]:
    s = r.scored
    t = r.contract.taker.team
    if verdict in (Verdict.ANNULLED, Verdict.REDEAL):
        return (Claim(Says.NOBODY_SCORES),)
    parts = _coinche_terms(r, verdict, rules)
    if verdict is Verdict.LITIGE:
        o = Team(t ^ 1)
        told = _scores(o, parts[o], s.score[o], s.unrounded[o], brief=False)
        return _present((told, Claim(Says.HELD, points=s.held[t])))
    return _present(_scores(team, parts[team], s.score[team], s.unrounded[team]) for team in _TEAMS)


def _coinche_terms(
    r: CoincheDealResult, verdict: Verdict, rules: CoincheRules
) -> tuple[list[Term], list[Term]]:
    """Each team's score as the parts it is made of (the formula ``rules`` name; the
    parts add up to the unrounded score, which the tests check)."""
    s = r.scored
    c = r.contract
    t = c.taker.team
    p, b = s.trick_points, list(s.belote)
    d = _declarations_scored(r, rules)
    if verdict is Verdict.LITIGE:
        o = Team(t ^ 1)
        own = [
            Term(_tricks_kind(r, o), p[o]),
            Term(TermKind.BELOTE, b[o]),
            Term(TermKind.DECLARATIONS, d[o]),
        ]
        return (own, []) if o is Team.NS else ([], own)
    made = verdict is Verdict.MADE
    value = _contract_value(c, rules)
    m = s.multiplier
    plain = m == 1 or rules.coinche_scoring == "as_uncoinched"  # the bid alone multiplied
    w = t if made else Team(t ^ 1)
    loser = Team(w ^ 1)
    prenable = rules.belote == "prenable"
    won: list[Term]
    lost: list[Term] = [] if prenable else [Term(TermKind.BELOTE, b[loser])]
    taken = [Term(TermKind.OTHER_BELOTE, b[loser])] if prenable else []
    if not isinstance(c.bid, int) and (
        c.bid is BidKind.GENERALE or rules.capot_bid_scoring == "flat"
    ):
        times = m if c.bid is BidKind.GENERALE else 2 * m
        won = [
            Term(TermKind.CONTRACT, value, times),
            Term(TermKind.DECLARATIONS, d[w]),
            Term(TermKind.BELOTE, b[w]),
            *taken,
        ]
    elif plain and made:
        if rules.scoring == "bid_only":
            won = [Term(TermKind.CONTRACT, value, m), Term(TermKind.BELOTE, b[w])]
            lost = [Term(TermKind.BELOTE, b[loser])]
        else:
            won = [
                Term(_tricks_kind(r, w), p[w]),
                Term(TermKind.BELOTE, b[w]),
                Term(TermKind.DECLARATIONS, d[w]),
                Term(TermKind.CONTRACT, value, m),
            ]
            lost = [
                Term(_tricks_kind(r, loser), p[loser]),
                Term(TermKind.BELOTE, b[loser]),
                Term(TermKind.DECLARATIONS, d[loser]),
            ]
    elif plain:
        base = 0 if rules.scoring == "bid_only" else rules.failure_base
        own_capot = bool(base) and r.capot is w and rules.defence_capot == "own_points"
        won = [
            Term(TermKind.CAPOT, p[w]) if own_capot else Term(TermKind.FAILED_CONTRACT, base),
            Term(TermKind.CONTRACT, value, m),
            Term(TermKind.DECLARATIONS, d[w]),
            Term(TermKind.BELOTE, b[w]),
            *taken,
        ]
    else:
        won = [*_coinched_terms(r, w, m, b, d, value, rules), *taken]
    return (won, lost) if w is Team.NS else (lost, won)


def _coinched_terms(
    r: CoincheDealResult,
    w: Team,
    m: int,
    b: list[int],
    d: tuple[int, int],
    value: int,
    rules: CoincheRules,
) -> list[Term]:
    """The winner's parts of a coinched deal (``coinche_scoring``), a part multiplied by
    the coinche marked with its ``times``."""
    capot = r.capot is w
    base = rules.failure_base + (90 if capot else 0)
    inside = b[w] if rules.belote_multiplied else 0
    outside = [Term(TermKind.BELOTE, b[w] - inside)]
    bel = Term(TermKind.BELOTE, inside, m)
    contract = Term(TermKind.CONTRACT, value, m)
    if rules.scoring == "bid_only":
        return [contract, bel, *outside]
    kind = rules.coinche_scoring
    if kind == "whole":
        return [
            Term(TermKind.DEAL, base, m),
            contract,
            Term(TermKind.DECLARATIONS, d[w], m),
            bel,
            *outside,
        ]
    if kind == "bid_only":
        return [
            Term(TermKind.DEAL, base),
            contract,
            bel,
            Term(TermKind.DECLARATIONS, d[w]),
            *outside,
        ]
    if kind == "flat":
        flat = 160 + (50 if capot else 0)
        return [
            Term(TermKind.DEAL, flat, m),
            contract,
            bel,
            Term(TermKind.DECLARATIONS, d[w]),
            *outside,
        ]
    return [
        Term(TermKind.DEAL, base, m),
        bel,
        Term(TermKind.CONTRACT, value),
        Term(TermKind.DECLARATIONS, d[w]),
        *outside,
    ]


def _tricks_kind(r: CoincheDealResult, team: Team) -> TermKind:
    return TermKind.CAPOT if r.capot is team else TermKind.TRICKS


def _contract_value(c: CoincheContract, rules: CoincheRules) -> int:
    """The value of the contract (``v``): the bid (0 under ``scoring: points_only``), or
    a capot's or a générale's value; twice that at sans atout under ``no_trump_bid:
    double``."""
    bid = c.bid
    if isinstance(bid, int):
        value = 0 if rules.scoring == "points_only" else bid
    else:
        value = rules.capot_value if bid is BidKind.CAPOT else rules.generale_value
    doubled = c.trump == Trump.NONE and rules.no_trump_bid == "double"
    return 2 * value if doubled else value


def _declarations_scored(r: CoincheDealResult, rules: CoincheRules) -> tuple[int, int]:
    """What each team scores for declarations once they change hands (a capot, a failed
    contract), as the engine's score counts them."""
    d = list(r.declarations.points)
    if r.capot is not None:
        gain = d[r.capot ^ 1] if rules.capot_declarations == "to_capot_team" else 0
        d[r.capot], d[r.capot ^ 1] = d[r.capot] + gain, 0
    t = r.contract.taker.team
    if not r.scored.made and not any(r.scored.held):
        d[t ^ 1], d[t] = d[t ^ 1] + d[t], 0
    return (d[0], d[1])


def coinche_lines(r: CoincheDealResult, rules: CoincheRules) -> tuple[Line, ...]:
    """The score lines of a Coinche deal, rows adding up to the total compared with the
    bid: tricks won (a count, not points), card points, the last trick or the capot's
    bonus, at all-trump scaled to 162 the count after scaling, belote, declarations; a
    belote or declarations the rules keep out of that total come after it."""
    s = r.scored
    ns_tricks = sum(1 for w in r.play.winners if w.team is Team.NS)
    last = [0, 0]
    bonus = [0, 0]
    if r.capot is not None:
        bonus[r.capot] = s.trick_points[r.capot] - r.card_points[r.capot]
    else:
        last[r.last_trick] = LAST_TRICK
    raw = (r.card_points[0] + last[0], r.card_points[1] + last[1])
    lines = [
        Line("tricks", ns_tricks, 8 - ns_tricks, subtotal=True),
        Line("card_points", *r.card_points),
        Line("last_trick", last[0], last[1]),
        Line("capot", bonus[0], bonus[1]),
    ]
    if r.capot is None and raw != s.trick_points:
        lines.append(Line("scaled", *s.trick_points, subtotal=True))
    belote = Line("belote" if rules.belote_counts else "belote_apart", *s.belote)
    decl = Line(
        "declarations" if rules.declarations_count else "declarations_apart", *s.declarations
    )
    counted = [x for x in (belote, decl) if not x.key.endswith("_apart")]
    apart = [x for x in (belote, decl) if x.key.endswith("_apart")]
    lines += [*counted, Line("total", *s.total), *apart, Line("score", *r.score)]
    keep = {"tricks", "card_points", "total", "score", "scaled"}
    return tuple(line for line in lines if line.key in keep or (line.ns, line.ew) != (0, 0))
