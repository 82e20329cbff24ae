"""Every sentence of a deal's outcome is true of its result, under every rule set.

Every scoring knob value of both games (classic: the engine's ``SCORING_KNOBS`` and
``classic_declarations``; Coinche: every knob its deal step reads but the play knobs)
is set on the game's default preset, and a pool of real deals (random legal deals from a
fixed seed, and a few chosen ones: ties, capots, a générale, four sevens) is scored under
it. Each outcome is checked claim by claim against the engine's result, independently
of how :mod:`explainer.site.outcomes` chose it (the takers have fewer points only where
they have fewer; "all the points of the deal" only where the defenders score all of
them; every score is the sum of its parts, each part what it says), and rendered in every
language: each sentence gives its claim's numbers, and the English one says "fewer" or
"all the points" only where that is so. For each knob value the outcome classes it must
reach (:data:`CLASSIC_EXPECTED`, :data:`COINCHE_EXPECTED`) are reached, and every class
(:class:`~explainer.site.outcomes.Says`) is reached under some value.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from markupsafe import Markup

from explainer.engine import (
    COINCHE_KNOBS,
    COINCHE_PRESETS,
    FFB_COINCHE,
    HOUSE,
    KNOBS,
    PLAY_KNOBS,
    PRESETS,
    SCORING_KNOBS,
    STEP_KNOBS,
    BidKind,
    CoincheContract,
    CoincheDealResult,
    CoincheRules,
    Contract,
    DealResult,
    Level,
    Rank,
    RuleSet,
    Seat,
    Team,
    Trump,
    card,
    declarations_in_hand,
    declare_classic,
    parse_card,
    play_coinche_deal,
    play_deal,
    presets_for,
    random_scored_deal,
)
from explainer.i18n.catalog import load_catalogs
from explainer.site.env import make_env, use_language
from explainer.site.outcomes import (
    Claim,
    Outcome,
    Says,
    Term,
    TermKind,
    Verdict,
    classic_lines,
    classic_outcome,
    coinche_lines,
    coinche_outcome,
)

ROOT = Path(__file__).resolve().parents[2]
SEED = 24
Tricks = list[list[tuple[Seat, int]]]

# ------------------------------------------------------------------------------ deals


def _tricks(text: str) -> Tricks:
    """Eight tricks written ``"S:JS W:7H N:7D E:7C / ..."``."""
    return [[(Seat[p[0]], parse_card(p[2:])) for p in trick.split()] for trick in text.split("/")]


GENERALE = _tricks(
    "S:JS W:7H N:7D E:7C / S:9S W:8H N:8D E:8C / S:AS W:9H N:9D E:9C / S:10S W:10H N:10D E:10C"
    " / S:KS W:JH N:JD E:JC / S:QS W:QH N:QD E:QC / S:8S W:KH N:KD E:KC / S:7S W:AH N:AD E:AC"
)
"""South holds every spade and leads them all: a générale (and a capot) at spades."""


@dataclass(frozen=True)
class Played:
    """A deal to score: its tricks, trump, taker, and the declarations each seat holds."""

    tricks: Tricks
    trump: Trump
    taker: Seat
    tie: bool = False
    """Chosen for a tie (the two teams' counts equal, no belote): announce nothing."""

    def hands(self) -> list[int]:
        hands = [0, 0, 0, 0]
        for trick in self.tricks:
            for seat, c in trick:
                hands[seat] |= 1 << c
        return hands

    def sevens(self, rank: Rank) -> Seat | None:
        """The seat holding all four cards of ``rank``, if one does."""
        four = sum(1 << card(rank, s) for s in range(4))
        for seat, hand in zip(Seat, self.hands(), strict=True):
            if hand & four == four:
                return seat
        return None


@cache
def _pool(coinche: bool, rules: RuleSet = HOUSE) -> tuple[Played, ...]:
    """Random legal deals from a fixed seed (every trump, every taker), the ties and
    capots among many more, and the générale; played under the play rules ``rules``."""
    rng = random.Random(SEED + coinche)
    trumps = (Trump.SPADES, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS, Trump.NONE, Trump.ALL)
    out: list[Played] = []
    ties = capots = 0
    for i in range(2400):
        trump, taker = trumps[i % 6], Seat(i % 4)
        d = random_scored_deal(rng, trump, rules, taker=taker, leader=Seat((i // 4) % 4))
        tie = d.points[0] == d.points[1] and not d.belotes
        keep = i < (70 if coinche else 150)
        if tie and ties < 10:
            ties, keep = ties + 1, True
        if d.capot is not None and capots < 12:
            capots, keep = capots + 1, True
        if keep:
            out.append(Played(d.tricks(), trump, taker, tie))
    out.append(Played(GENERALE, Trump.SPADES, Seat.S))
    out.append(Played(GENERALE, Trump.SPADES, Seat.N))  # a capot by the takers' partner...
    out.append(Played(GENERALE, Trump.SPADES, Seat.E))  # ...and by the defenders
    return tuple(out)


@cache
def _seven_deals(rules: RuleSet) -> tuple[Played, ...]:
    """Deals where one seat holds four sevens, or four eights (for ``low_carres``)."""
    rng = random.Random(SEED + 7)
    out: list[Played] = []
    i = 0
    while len(out) < 4:
        trump = Trump(i % 4)
        d = random_scored_deal(rng, trump, rules, taker=Seat(i % 4))
        p = Played(d.tricks(), trump, Seat(i % 4))
        i += 1
        if p.sevens(Rank.SEVEN) is not None or p.sevens(Rank.EIGHT) is not None:
            out.append(p)
    return tuple(out)


# ------------------------------------------------------------------------------ classic


@dataclass(frozen=True)
class ClassicCase:
    result: DealResult
    rules: RuleSet
    declarations: tuple[int, int] | None
    outcome: Outcome


def _announced(p: Played, coinche_rules: CoincheRules) -> dict[Seat, list[str]]:
    if p.tie:
        return {}
    hands = p.hands()
    out = {}
    for seat in Seat:
        found = [str(d) for d in declarations_in_hand(hands[seat], p.trump, rules=coinche_rules)]
        if found:
            out[seat] = found
    return out


def classic_cases(rules: RuleSet) -> Iterator[ClassicCase]:
    """Every deal of the pool under ``rules`` (with its declarations announced under
    ``classic_declarations: on``)."""
    for p in _pool(False):
        deal = play_deal(Contract(p.trump, "belote", p.taker), p.tricks, rules)
        decl = None
        if rules.classic_declarations == "on":
            announced = _announced(p, FFB_COINCHE)
            if announced:
                deal, result = declare_classic(deal, announced, rules=rules)
                decl = result.points
        yield ClassicCase(deal, rules, decl, classic_outcome(deal, rules, decl))


def _count(result: DealResult, rules: RuleSet, team: Team) -> int:
    """A team's count, from the cards: card points and last trick (scaled at all-trump
    under ``ffb2016_ratio``), or the capot's value (at all-trump under ``trump_values``
    the cards' 248 and 100 for the last trick, or 258 where the capot has no bonus)."""
    unscaled = result.contract.trump == Trump.ALL and rules.all_trump_points == "trump_values"
    if result.capot is not None:
        if result.capot is not team:
            return 0
        no_bonus = result.capot is not result.taker_team and rules.defenders_capot == "no_bonus"
        if unscaled:
            return 258 if no_bonus else 348
        return 162 if no_bonus else rules.capot_total
    raw = result.card_points[team] + (10 if result.last_trick is team else 0)
    if result.contract.trump == Trump.ALL and rules.all_trump_points == "ffb2016_ratio":
        return (2 * raw * 162 + 258) // (2 * 258)
    return raw


def _played_by(tricks: Any) -> dict[int, Seat]:
    return {c: trick.leader.after(k) for trick in tricks for k, c in enumerate(trick.cards)}


def _belote_claim_holds(c: Claim, result: DealResult, trump: Trump, all_trump_belote: str) -> None:
    by = _played_by(result.tricks)
    assert c.seat in result.belotes and c.suit is not None
    assert by[card(Rank.KING, c.suit)] == by[card(Rank.QUEEN, c.suit)] == c.seat
    if c.says is Says.BELOTE:
        assert trump < Trump.NONE and int(c.suit) == int(trump)
    else:
        assert trump == Trump.ALL and all_trump_belote == "each_suit"


def check_classic(case: ClassicCase) -> None:
    """Every claim of the outcome, against the engine's result and the rules."""
    r, rules, o = case.result, case.rules, case.outcome
    t = r.taker_team
    d = Team(t ^ 1)
    decl = case.declarations or (0, 0)
    totals = (r.points[0] + decl[0], r.points[1] + decl[1])
    assert (o.verdict is Verdict.MADE) == r.made
    for c in o.claims:
        says = c.says
        if says is Says.MORE_POINTS:
            assert (c.takers, c.defenders) == (totals[t], totals[d]) and c.takers > c.defenders
        elif says is Says.FEWER_POINTS:
            assert (c.takers, c.defenders) == (totals[t], totals[d]) and c.takers < c.defenders
            assert o.verdict is Verdict.FAILED
        elif says in (Says.TIE_MADE, Says.TIE_FAILED, Says.TIE_LITIGE):
            assert c.points == totals[t] == totals[d]
            tie = {Says.TIE_MADE: ("made",), Says.TIE_LITIGE: ("litige",)}.get(says)
            assert rules.tie in (tie or ("failed", "litige"))
            if says is Says.TIE_LITIGE:
                assert o.verdict is Verdict.LITIGE and r.held == totals[t] and not r.made
            if says is Says.TIE_FAILED:
                assert o.verdict is Verdict.FAILED and not r.made
                assert rules.tie == "failed" or case.declarations is not None
        elif says in (Says.BELOTE, Says.BELOTE_ALL_TRUMP):
            _belote_claim_holds(c, r, r.contract.trump, rules.all_trump_belote)
        elif says is Says.BELOTE_NOT_COUNTED:
            assert rules.belote == "attack_only" and c.seat in r.belotes and c.seat.team is d
        elif says in (Says.CAPOT_TAKERS, Says.CAPOT_DEFENDERS, Says.CAPOT_DEFENDERS_NO_BONUS):
            assert r.capot is c.team is (t if says is Says.CAPOT_TAKERS else d)
            # 252 (or 250; 162 where the defenders' capot has no bonus), or at all-trump
            # counted at the trump values 348 (258 without the bonus)
            unscaled = r.contract.trump is Trump.ALL and rules.all_trump_points == "trump_values"
            no_bonus = c.team is not t and rules.defenders_capot == "no_bonus"
            capot = (
                (258 if no_bonus else 348) if unscaled else 162 if no_bonus else rules.capot_total
            )
            assert c.points == capot
            no_bonus = says is Says.CAPOT_DEFENDERS_NO_BONUS
            assert no_bonus == (c.team is d and rules.defenders_capot == "no_bonus")
            assert c.points == 162 or not no_bonus
        elif says is Says.DECLARATIONS_BEST:
            assert c.team is not None and decl[c.team] == c.points > 0 and decl[c.team ^ 1] == 0
        elif says is Says.DECLARATIONS_CHANGE_HANDS:
            assert not r.made and decl[t] == c.points > 0
        elif says is Says.HELD:
            assert o.verdict is Verdict.LITIGE and c.points == r.held == totals[t] > 0
        else:
            _classic_score_holds(c, case)


def _classic_score_holds(c: Claim, case: ClassicCase) -> None:
    r, rules = case.result, case.rules
    t = r.taker_team
    decl = case.declarations or (0, 0)
    assert c.team is not None, c
    assert r.score[c.team] == c.score
    if c.says is Says.SCORES_NOTHING:
        assert c.score == 0
        return
    assert c.says is Says.SCORES
    assert sum(term.value for term in c.terms) == c.score
    held = [0, 0]
    for seat in r.belotes:
        held[seat.team] += 20
    other = Team(c.team ^ 1)
    for term in c.terms:
        assert term.times == 1 and term.points > 0
        if term.kind is TermKind.TRICKS:
            assert r.capot is None and term.points == _count(r, rules, c.team)
        elif term.kind is TermKind.CAPOT:
            assert r.capot is c.team and term.points == _count(r, rules, c.team)
        elif term.kind is TermKind.ALL_POINTS:  # "all the points of the deal": all of them
            assert not r.made and c.team is not t
            assert term.points == _count(r, rules, Team.NS) + _count(r, rules, Team.EW)
            # every point of the deal: 162 (258 counted at the trump values), or the capot's
            unscaled = r.contract.trump == Trump.ALL and rules.all_trump_points == "trump_values"
            if r.capot is None:
                assert term.points == (258 if unscaled else 162)
            elif not unscaled:
                no_bonus = r.capot is not t and rules.defenders_capot == "no_bonus"
                assert term.points == (162 if no_bonus else rules.capot_total)
        elif term.kind is TermKind.BELOTE:
            assert term.points == held[c.team]
            assert c.team is t or rules.belote != "attack_only"
            if c.team is t and not r.made:
                assert rules.belote in ("imprenable", "attack_only")
        elif term.kind is TermKind.OTHER_BELOTE:
            assert not r.made and rules.belote == "prenable" and term.points == held[other]
        elif term.kind is TermKind.DECLARATIONS:
            assert term.points == (decl[c.team] if r.made else decl[0] + decl[1])
        else:
            raise AssertionError(f"a classic score has no {term.kind} part")


# ------------------------------------------------------------------------------ coinche


@dataclass(frozen=True)
class CoincheCase:
    result: CoincheDealResult
    rules: CoincheRules
    outcome: Outcome


def _contracts(p: Played, total: int, rules: CoincheRules) -> Iterator[CoincheContract]:
    """Contracts that make and miss the bid, coinched and surcoinched, a capot bid, and
    a générale where the deal is one."""
    made = max(80, min(160, total // 10 * 10))
    levels = (Level.NONE, Level.COINCHE) + ((Level.SURCOINCHE,) if rules.surcoinche else ())
    yield CoincheContract(p.taker, p.trump, made, levels[p.taker % len(levels)])
    yield CoincheContract(
        p.taker, p.trump, min(made + 10, 250), levels[(p.taker + 1) % len(levels)]
    )
    if p.tie or total in (80, 81):
        yield CoincheContract(p.taker, p.trump, 80, Level.NONE)
    if p.tricks is GENERALE or total >= 240:
        yield CoincheContract(p.taker, p.trump, BidKind.CAPOT, levels[p.taker % len(levels)])
    if p.tricks is GENERALE:
        yield CoincheContract(p.taker, p.trump, BidKind.GENERALE, Level.NONE)
        yield CoincheContract(p.taker, p.trump, BidKind.CAPOT, Level.COINCHE)


def _coinche_announced(p: Played, rules: CoincheRules) -> dict[Seat, list[str]]:
    if not rules.declarations:
        return {}
    out = _announced(p, rules)
    for rank, value in ((Rank.SEVEN, "sevens_annul"), (Rank.EIGHT, "eights_void")):
        seat = p.sevens(rank)
        if seat is not None and rules.low_carres == value:
            out[seat] = [f"carre {rank.letter}"]  # its other declarations may share a card
    return out


def coinche_cases(rules: CoincheRules) -> Iterator[CoincheCase]:
    """Every deal of the pool under ``rules``, under the contracts :func:`_contracts`
    chooses from the takers' total."""
    play = HOUSE.with_knobs(**{k: getattr(rules, k) for k in PLAY_KNOBS[:3]})  # one pool each
    for p in (*_pool(True, play), *_seven_deals(play)):
        announced = _coinche_announced(p, rules)
        first = play_coinche_deal(
            CoincheContract(p.taker, p.trump, 80), p.tricks, rules=rules, announced=announced
        )
        for contract in _contracts(p, first.total[p.taker.team], rules):
            r = play_coinche_deal(contract, p.tricks, rules=rules, announced=announced)
            yield CoincheCase(r, rules, coinche_outcome(r, rules))


def _needs(bid: int, rules: CoincheRules) -> int:
    return 82 if bid == 80 and 82 in (rules.bid_80_needs, rules.min_bid) else bid


def check_coinche(case: CoincheCase) -> None:  # noqa: C901 - one branch per sentence
    r, rules, o = case.result, case.rules, case.outcome
    s, c0 = r.scored, r.contract
    t = c0.taker.team
    d = Team(t ^ 1)
    assert (o.verdict is Verdict.MADE) == (r.made and not r.annulled)
    for c in o.claims:
        says = c.says
        if says in (
            Says.BID_REACHED,
            Says.BID_REACHED_NEEDS,
            Says.BID_MISSED,
            Says.BID_MISSED_NEEDS,
        ):
            assert isinstance(c0.bid, int) and c.bid == c0.bid and c.total == s.total[t]
            assert c.need == _needs(c0.bid, rules)
            assert (c.need != c.bid) == (says in (Says.BID_REACHED_NEEDS, Says.BID_MISSED_NEEDS))
            reached = says in (Says.BID_REACHED, Says.BID_REACHED_NEEDS)
            assert (c.total >= c.need) == reached
            if not reached:
                assert o.verdict is Verdict.FAILED
        elif says is Says.DEFENCE_BEATEN:
            assert rules.must_beat_defence and s.total[t] > s.total[d] == c.defence and r.made
        elif says is Says.DEFENCE_AHEAD:  # missed on the defence's total, not on the bid
            assert rules.must_beat_defence and s.total[t] < s.total[d] == c.defence
            assert s.total[t] >= _needs(c0.bid, rules) and not r.made  # type: ignore[arg-type]
        elif says.value.startswith("defence-level-"):
            assert rules.must_beat_defence and s.total[t] == s.total[d] == c.defence
            assert rules.tie == says.value.removeprefix("defence-level-")
            assert r.made == (rules.tie == "made") and s.redeal == (rules.tie == "redeal")
            assert any(s.held) == (rules.tie == "litige")
        elif says is Says.CAPOT_BID_WON:
            assert c0.bid is BidKind.CAPOT and r.capot is t and r.made
        elif says is Says.CAPOT_BID_LOST:
            assert c0.bid is BidKind.CAPOT and not r.made
            assert c.tricks == sum(1 for w in r.play.winners if w.team is t) < 8
        elif says in (Says.GENERALE_WON, Says.GENERALE_LOST):
            assert c0.bid is BidKind.GENERALE and c.seat is c0.taker
            alone = all(w is c0.taker for w in r.play.winners)
            assert alone == (says is Says.GENERALE_WON) == r.made
        elif says is Says.FOUR_SEVENS:
            assert r.annulled and rules.low_carres == "sevens_annul" and r.score == (0, 0)
        elif says in (Says.BELOTE, Says.BELOTE_ALL_TRUMP):
            _belote_claim_holds(c, r.play, c0.trump, rules.all_trump_belote)
        elif says is Says.BELOTE_NOT_COUNTED:
            assert rules.belote == "attack_only" and c.seat in r.play.belotes and c.seat.team is d
            assert s.belote[d] == 0
        elif says in (Says.CAPOT_TAKERS, Says.CAPOT_DEFENDERS):
            assert r.capot is c.team is (t if says is Says.CAPOT_TAKERS else d)
            assert c.points == rules.capot_points == s.trick_points[c.team]
        elif says is Says.DECLARATIONS_BEST:
            assert r.declarations.team is c.team and c.points == r.declarations.points[c.team] > 0
        elif says is Says.DECLARATIONS_TIE:
            assert r.declarations.best is None and any(r.declarations.announced)
            assert rules.declaration_tie == "nobody" and r.declarations.points == (0, 0)
        elif says is Says.DECLARATIONS_EIGHTS:
            assert r.declarations.voided and rules.low_carres == "eights_void"
        elif says in (Says.CAPOT_DECLARATIONS_TAKEN, Says.CAPOT_DECLARATIONS_VOID):
            assert r.capot is not None and r.declarations.points[r.capot ^ 1] == c.points > 0
            taken = rules.capot_declarations == "to_capot_team"
            assert taken == (says is Says.CAPOT_DECLARATIONS_TAKEN)
        elif says is Says.DECLARATIONS_CHANGE_HANDS:
            assert not r.made and c.points > 0
        elif says in (Says.COINCHED, Says.SURCOINCHED):
            level = Level.COINCHE if says is Says.COINCHED else Level.SURCOINCHE
            assert c0.level is level and c.times == s.multiplier
            assert c.times == (2 if level is Level.COINCHE else rules.surcoinche)
        elif says is Says.HELD:
            assert o.verdict is Verdict.LITIGE and c.points == s.held[t] > 0
        elif says is Says.NOBODY_SCORES:
            assert r.score == (0, 0) and (r.annulled or s.redeal)
        else:
            _coinche_score_holds(c, case)


def _coinche_score_holds(c: Claim, case: CoincheCase) -> None:
    r, rules = case.result, case.rules
    s, c0 = r.scored, r.contract
    assert c.team is not None, c
    assert r.score[c.team] == c.score
    if c.says is Says.SCORES_NOTHING:
        assert c.score == 0 and s.unrounded[c.team] == 0
        return
    before = c.before if c.says is Says.SCORES_ROUNDED else c.score
    assert s.unrounded[c.team] == before
    if c.says is Says.SCORES_ROUNDED:
        assert before != c.score and abs(before - c.score) <= 5 and c.score % 10 == 0
    assert sum(term.value for term in c.terms) == before
    other = Team(c.team ^ 1)
    value = (
        (0 if rules.scoring == "points_only" else c0.bid)
        if isinstance(c0.bid, int)
        else (rules.capot_value if c0.bid is BidKind.CAPOT else rules.generale_value)
    )
    if c0.trump is Trump.NONE and rules.no_trump_bid == "double":  # a sans atout counts twice
        value *= 2
    for term in c.terms:
        _coinche_term_holds(term, c.team, other, value, case)


def _coinche_term_holds(term: Term, team: Team, other: Team, value: int, case: CoincheCase) -> None:
    r, rules = case.result, case.rules
    s = r.scored
    assert term.points > 0 and term.times in (1, 2, s.multiplier, 2 * s.multiplier)
    if term.kind is TermKind.TRICKS:
        assert r.capot is None and term.points == s.trick_points[team] and term.times == 1
    elif term.kind is TermKind.CAPOT:
        assert r.capot is team and term.points == s.trick_points[team] == rules.capot_points
    elif term.kind is TermKind.FAILED_CONTRACT:
        assert not r.made and term.points == rules.failure_base and term.times == 1
        assert s.multiplier == 1 or rules.coinche_scoring == "as_uncoinched"
    elif term.kind is TermKind.DEAL:
        assert s.multiplier > 1
        assert term.points in (rules.failure_base, rules.failure_base + 90, 160, 210)
    elif term.kind is TermKind.CONTRACT:
        assert term.points == value
    elif term.kind is TermKind.BELOTE:
        assert term.points == s.belote[team]
    elif term.kind is TermKind.OTHER_BELOTE:
        assert rules.belote == "prenable" and term.points == s.belote[other]
    else:
        assert term.kind is TermKind.DECLARATIONS
        assert term.points <= sum(r.declarations.points)


# ------------------------------------------------------------------------------ rendering


@cache
def _modules() -> Mapping[str, Any]:
    """Each language's ``_outcome.html`` as a module, its language installed (the
    environment's translation functions are bound when the module is made)."""
    out = {}
    for lang, catalog in load_catalogs(ROOT).items():
        env = make_env(ROOT)
        ctx = use_language(env, catalog)
        out[lang] = env.get_template("_outcome.html").make_module(vars=ctx)
    return out


def _render(lang: str, macro: str, *args: Any) -> str:
    html = str(getattr(_modules()[lang], macro)(*args))
    return re.sub(r"\s+", " ", Markup(html).striptags())


def _numbers(c: Claim) -> list[int]:
    """The numbers a claim's sentence must give."""
    fields = {
        Says.MORE_POINTS: (c.takers, c.defenders),
        Says.FEWER_POINTS: (c.takers, c.defenders),
        Says.BID_REACHED: (c.total, c.bid),
        Says.BID_MISSED: (c.total, c.bid),
        Says.BID_REACHED_NEEDS: (c.total, c.need, c.bid),
        Says.BID_MISSED_NEEDS: (c.total, c.need, c.bid),
        Says.CAPOT_BID_LOST: (c.tricks,),
        Says.COINCHED: (c.times,),
        Says.SURCOINCHED: (c.times,),
        Says.SCORES: (c.score, *(t.points for t in c.terms)),
        Says.SCORES_ROUNDED: (c.score, *(t.points for t in c.terms)),
    }
    if c.says.value.startswith("defence-"):
        return [c.defence]
    if c.says in fields:
        return list(fields[c.says])
    return [c.points] if c.points else []


def check_rendered(o: Outcome, lang: str) -> None:
    """Each sentence in ``lang`` gives its claim's numbers; in English, "fewer points"
    and "all ... points of the deal" only where the claims say so (and they are true)."""
    for c in o.claims:
        text = _render(lang, "claim", c)
        assert text.strip() and "%(" not in text, (lang, c)
        for n in _numbers(c):
            assert re.search(rf"(?<!\d){n}(?!\d)", text), (lang, c, text)
    if lang != "en":
        return
    whole = _render(lang, "outcome", o)
    says = o.says
    assert ("fewer points" in whole) == (Says.FEWER_POINTS in says), whole
    alls = [t for c in o.scores for t in c.terms if t.kind is TermKind.ALL_POINTS]
    assert bool(re.search(r"all \d+ points of the deal", whole)) == bool(alls), whole
    assert ("Contract made." in whole) == (o.verdict is Verdict.MADE)
    assert ("Contract failed." in whole) == (o.verdict is Verdict.FAILED)


# ------------------------------------------------------------------------------ tables

ALWAYS_CLASSIC = {Says.MORE_POINTS, Says.FEWER_POINTS, Says.BELOTE, Says.SCORES,
                  Says.SCORES_NOTHING, Says.CAPOT_TAKERS, Says.CAPOT_DEFENDERS}  # fmt: skip

CLASSIC_EXPECTED: Mapping[tuple[str, str], set[Says]] = {
    ("tie", "made"): {Says.TIE_MADE},
    ("tie", "failed"): {Says.TIE_FAILED},
    ("tie", "litige"): {Says.TIE_LITIGE, Says.HELD},
    ("belote", "attack_only"): {Says.BELOTE_NOT_COUNTED},
    ("all_trump_belote", "each_suit"): {Says.BELOTE_ALL_TRUMP},
    ("classic_declarations", "on"): {Says.DECLARATIONS_BEST, Says.DECLARATIONS_CHANGE_HANDS},
    ("defenders_capot", "no_bonus"): {Says.CAPOT_DEFENDERS_NO_BONUS},
}
"""The outcome classes each classic knob value must reach, besides :data:`ALWAYS_CLASSIC`."""

CLASSIC_KNOBS = (*SCORING_KNOBS, "classic_declarations")
"""The classic knobs that change how a deal is scored."""

ALWAYS_COINCHE = {Says.BID_REACHED, Says.BID_MISSED, Says.COINCHED, Says.CAPOT_BID_WON,
                  Says.CAPOT_BID_LOST, Says.GENERALE_WON, Says.SCORES, Says.SCORES_NOTHING,
                  Says.CAPOT_TAKERS, Says.DEFENCE_BEATEN, Says.DEFENCE_AHEAD}  # fmt: skip

COINCHE_EXPECTED: Mapping[tuple[str, str], set[Says]] = {
    ("tie", "failed"): {Says.DEFENCE_LEVEL_FAILED},
    ("tie", "made"): {Says.DEFENCE_LEVEL_MADE},
    ("tie", "litige"): {Says.DEFENCE_LEVEL_LITIGE, Says.HELD},
    ("tie", "redeal"): {Says.DEFENCE_LEVEL_REDEAL, Says.NOBODY_SCORES},
    ("bid_80_needs", "82"): {Says.BID_REACHED_NEEDS, Says.BID_MISSED_NEEDS},
    ("min_bid", "82"): {Says.BID_REACHED_NEEDS, Says.BID_MISSED_NEEDS},
    ("surcoinche", "4"): {Says.SURCOINCHED},
    ("surcoinche", "3"): {Says.SURCOINCHED},
    ("belote", "attack_only"): {Says.BELOTE_NOT_COUNTED},
    ("belote", "imprenable"): {Says.BELOTE},
    ("all_trump_belote", "each_suit"): {Says.BELOTE_ALL_TRUMP},
    ("low_carres", "sevens_annul"): {Says.FOUR_SEVENS},
    ("low_carres", "eights_void"): {Says.DECLARATIONS_EIGHTS},
    ("declaration_tie", "nobody"): {Says.DECLARATIONS_TIE},
    ("declarations", "on"): {Says.DECLARATIONS_BEST, Says.DECLARATIONS_CHANGE_HANDS},
    ("capot_declarations", "to_capot_team"): {Says.CAPOT_DECLARATIONS_TAKEN},
    ("capot_declarations", "void"): {Says.CAPOT_DECLARATIONS_VOID},
    ("rounding", "half_up"): {Says.SCORES_ROUNDED},
    ("rounding", "half_down"): {Says.SCORES_ROUNDED},
}
"""The outcome classes each Coinche knob value must reach, besides :data:`ALWAYS_COINCHE`."""

COINCHE_DEAL_KNOBS = tuple(
    k for k in COINCHE_KNOBS if k in STEP_KNOBS["deal"] and k not in PLAY_KNOBS[:3]
    and k != "classic_declarations"
)  # fmt: skip
"""The Coinche knobs a deal's score reads (its play knobs aside; ``classic_declarations``
is classic Belote's)."""


def _values(table: Mapping[str, Any], knob: str) -> tuple[str, ...]:
    return tuple(table[knob].values)


CLASSIC_VALUES = [(k, v) for k in CLASSIC_KNOBS for v in _values(KNOBS, k)]
COINCHE_VALUES = [(k, v) for k in COINCHE_DEAL_KNOBS for v in _values(COINCHE_KNOBS, k)]


def _check_all(cases: list[Any], check: Any) -> frozenset[Says]:
    """Check every case; render one case of each new set of sentences in every language;
    the sentences reached."""
    reached: set[Says] = set()
    rendered: set[frozenset[Says]] = set()
    for case in cases:
        check(case)
        reached |= case.outcome.says
        if case.outcome.says not in rendered:
            rendered.add(case.outcome.says)
            for lang in _modules():
                check_rendered(case.outcome, lang)
    return frozenset(reached)


@cache
def classic_reached(knob: str, value: str, preset: str = "house") -> frozenset[Says]:
    """Check every classic case under ``preset`` with ``knob`` set to ``value`` (and its
    score table: rows adding up to the total); the sentences reached."""
    rules = PRESETS[preset].with_knobs(**{knob: value})
    cases = list(classic_cases(rules))
    for case in cases:
        lines = classic_lines(case.result, rules, case.declarations)
        if not any(x.key == "scaled" for x in lines):
            addends = [x for x in lines if x.key not in ("total", "score")]
            total = next(x for x in lines if x.key == "total")
            assert (sum(x.ns for x in addends), sum(x.ew for x in addends)) == (total.ns, total.ew)
    return _check_all(cases, check_classic)


@cache
def coinche_reached(knob: str, value: str, preset: str = "ffb_coinche") -> frozenset[Says]:
    """Check every Coinche case under ``preset`` with ``knob`` set to ``value`` (and its
    score lines: rows adding up to the total compared with the bid)."""
    rules = COINCHE_PRESETS[preset].with_knobs(**{knob: value})
    cases = list(coinche_cases(rules))
    for case in cases:
        lines = coinche_lines(case.result, rules)
        if not any(x.key == "scaled" for x in lines):
            total_at = [x.key for x in lines].index("total")
            addends = [x for x in lines[:total_at] if not x.subtotal]
            total = next(x for x in lines if x.key == "total")
            assert (sum(x.ns for x in addends), sum(x.ew for x in addends)) == (total.ns, total.ew)
    return _check_all(cases, check_coinche)


@pytest.mark.parametrize(("knob", "value"), CLASSIC_VALUES, ids=lambda x: str(x))
def test_every_classic_outcome_sentence_is_true_under_every_scoring_knob_value(
    knob: str, value: str
) -> None:
    expected = ALWAYS_CLASSIC | CLASSIC_EXPECTED.get((knob, value), set())
    if (knob, value) == ("defenders_capot", "no_bonus"):
        expected -= {Says.CAPOT_DEFENDERS}
    if (knob, value) == ("belote_bonus", "off"):  # no belote scores, so none is told
        expected -= {Says.BELOTE, Says.BELOTE_ALL_TRUMP, Says.BELOTE_NOT_COUNTED}
    assert sorted(expected - classic_reached(knob, value)) == []


@pytest.mark.parametrize(("knob", "value"), COINCHE_VALUES, ids=lambda x: str(x))
def test_every_coinche_outcome_sentence_is_true_under_every_scoring_knob_value(
    knob: str, value: str
) -> None:
    expected = ALWAYS_COINCHE | COINCHE_EXPECTED.get((knob, value), set())
    if (knob, value) == ("must_beat_defence", "no"):
        expected -= {Says.DEFENCE_BEATEN, Says.DEFENCE_AHEAD}
    assert sorted(expected - coinche_reached(knob, value)) == []


@pytest.mark.parametrize("preset", presets_for("belote"))
@pytest.mark.parametrize("declarations", ["off", "on"])
def test_every_classic_outcome_sentence_is_true_under_every_preset(
    preset: str, declarations: str
) -> None:
    """The presets set several knobs at once (a capot worth 250 with declarations, ...)."""
    assert {Says.MORE_POINTS, Says.FEWER_POINTS} <= classic_reached(
        "classic_declarations", declarations, preset
    )


@pytest.mark.parametrize("preset", list(COINCHE_PRESETS))
def test_every_coinche_outcome_sentence_is_true_under_every_preset(preset: str) -> None:
    value = COINCHE_PRESETS[preset].knobs["declarations"]
    assert {Says.BID_REACHED, Says.BID_MISSED} <= coinche_reached("declarations", value, preset)


def test_every_outcome_class_is_reached_under_some_scoring_knob_value() -> None:
    reached = set().union(
        *(classic_reached(k, v) for k, v in CLASSIC_VALUES),
        *(coinche_reached(k, v) for k, v in COINCHE_VALUES),
    )
    assert sorted(set(Says) - reached) == []


def test_the_shipped_tie_example_shows_the_three_readings_of_a_tie(built_site: Path) -> None:
    """``scenarios/one-deal/scoring/04-tie-failed.yaml``: failed under its own rules,
    made and held over (litige) under the other rule sets, all computed."""
    from explainer.scenarios.loader import load_project
    from explainer.site.examples import outcome_of, view_of
    from explainer.site.variants import variants

    tie = next(s for s in load_project(ROOT).scenarios if s.id == "deal-tie-failed")
    mine = outcome_of(view_of(tie))
    theirs = {v.outcome.verdict for v in variants(tie) if v.outcome is not None}
    assert mine.verdict is Verdict.FAILED and mine.why[0].says is Says.TIE_FAILED
    assert theirs == {Verdict.MADE, Verdict.LITIGE}
    html = (built_site / "en" / "one-deal" / "index.html").read_text(encoding="utf-8")
    example = html[html.index('id="deal-tie-failed"') :]
    example = example[: example.index("</article>")]
    notes = example[example.index('<ul class="variants">') : example.index("</ul>")]
    assert "<strong>Contract made.</strong>" in notes
    assert "<strong>Litige: the contract is held over.</strong>" in notes
    outcome = re.search(r'<p class="outcome failed">.*?</p>', example, flags=re.S)
    assert outcome is not None and "81 each" in outcome.group(0)
