"""Coinche deals for the deal laws: a random legal deal, bid, maybe coinched, and scored.

A Coinche deal law is checked on the deal laws' own random legal deals
(:mod:`.deal_check`'s streams, played under the Coinche rule set's play knobs,
:attr:`~explainer.engine.CoincheRules.play_rules`), each given a contract here and
scored as :func:`~explainer.engine.play_coinche_deal` scores the same tricks: the
contract's bid and level come from the deal's place in its stream
(:func:`coinche_contract`), so every rule set sees the same contracts and a law is
checked over every bid from eighty to a hundred and sixty and the capot, each made and
failed, not coinched, coinched and surcoinched. Every declaration held is announced
where the rule set plays them. The random play knows nothing of the bid, so contracts
are made and failed in about equal numbers at eighty and rarely at a hundred and sixty:
the laws need both, not realistic auctions.

Nothing here decides a score: :func:`coinche_score` hands the deal's facts to the
Coinche scoring (:func:`~explainer.engine.score_coinche`), and the conclusions
(:data:`COINCHE_CONCLUSIONS`) read what it returns.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from ..coinche.calls import BidKind, CoincheContract, Level
from ..coinche.declarations import (
    NO_DECLARATIONS,
    Declaration,
    DeclarationsResult,
    compare_held,
    declarations_in_hand,
    may_declare,
)
from ..coinche.rules import FFB_COINCHE, CoincheRules
from ..coinche.scoring import CoincheScore, score_coinche, trick_points
from ..contract import Trump, point_table
from ..deal import BELOTE, belote_seats
from ..rules import RuleSet
from ..seats import SEATS, TEAMS, Seat, Team
from ..simulate import RandomDeal, recount
from .terms import DealConclusion

__all__ = ["BIDS", "LEVELS", "CoincheFacts", "announce_all", "coinche_contract", "coinche_score"]

BIDS: Final[tuple[int | BidKind, ...]] = (80, 90, 100, 110, 120, 130, 140, 150, 160, BidKind.CAPOT)
"""The bids a stream's deals take in turn: every numeric bid from 80 to 160, and the capot."""
LEVELS: Final = (Level.NONE, Level.COINCHE, Level.SURCOINCHE)
"""The levels a stream's deals take in turn, each bid at each level."""


_EVERY_PAIR: Final = FFB_COINCHE.play_rules
"""A rule set whose belotes are every king and queen of a trump suit one hand holds
(``all_trump_belote: each_suit``, as every Coinche preset)."""


@dataclass(frozen=True, slots=True)
class _Knobs:
    """What a deal's scoring reads of a Coinche rule set, found once per rule set."""

    play: RuleSet
    """:attr:`~explainer.engine.CoincheRules.play_rules`."""
    held: tuple[object, ...]
    """The knobs that decide a hand's declarations (:data:`_HELD_KNOBS`)."""


_KNOBS: dict[int, tuple[CoincheRules, _Knobs]] = {}
""":class:`_Knobs` by the rule set's identity (the rule set is kept with them, so the
identity stays its own): a rule set's hash reads its fifty knobs, and a deal law asks
for each of its thousands of deals."""


def _knobs(rules: CoincheRules) -> _Knobs:
    entry = _KNOBS.get(id(rules))
    if entry is None or entry[0] is not rules:
        knobs = _Knobs(
            rules.play_rules,
            tuple(getattr(rules, k) for k in _HELD_KNOBS),
        )
        entry = _KNOBS[id(rules)] = (rules, knobs)
    return entry[1]


def play_rules(rules: CoincheRules) -> RuleSet:
    """:attr:`~explainer.engine.CoincheRules.play_rules`, built once per rule set (the
    property looks the classic preset up each time)."""
    return _knobs(rules).play


def coinche_contract(deal: RandomDeal, index: int, rules: CoincheRules) -> CoincheContract:
    """The contract of the ``index``-th deal of a stream: the deal's taker and trump, the
    bid and level the index gives (the taker and the first leader turn with the index's
    low four bits, so the bid and level turn with the rest: every taker, leader, bid and
    level meet). A level the rule set's auction does not allow is lowered: a capot that
    cannot be coinched (``capot_doublable: no``) or a bid of eighty (``coinche_80: no``)
    stays uncoinched, a surcoinche where none is played (``surcoinche: off``) a coinche."""
    step = index >> 4
    bid = BIDS[step % len(BIDS)]
    level = LEVELS[step // len(BIDS) % len(LEVELS)]
    if level and (
        (bid == BidKind.CAPOT and not rules.capot_doublable) or (bid == 80 and not rules.coinche_80)
    ):
        level = Level.NONE
    if level is Level.SURCOINCHE and rules.surcoinche == 0:
        level = Level.COINCHE
    return CoincheContract(deal.taker, deal.trump, bid, level)


@dataclass(frozen=True, slots=True)
class CoincheFacts:
    """A random deal scored as a Coinche deal: its contract, each team's card points
    (unscaled, under the rule set's tout atout table), the seats holding a belote, the
    declarations compared, and the Coinche score."""

    contract: CoincheContract
    card_points: tuple[int, int]
    capot: Team | None
    belotes: tuple[Seat, ...]
    pairs: int
    """The kings and queens of a trump suit held in one hand (the trump suit; at tout atout
    each suit; none at sans atout), whether or not the rule set counts them."""
    declarations: DeclarationsResult
    score: CoincheScore

    @property
    def annulled(self) -> bool:
        """Four sevens annulled the deal (``low_carres: sevens_annul``): nothing scores."""
        return self.declarations.annulled

    @property
    def final(self) -> tuple[int, int]:
        """The deal's score, rounded: ``(0, 0)`` when annulled."""
        return (0, 0) if self.annulled else self.score.score


def _card_points(deal: RandomDeal, rules: CoincheRules) -> tuple[int, int]:
    """Each team's card points; at tout atout recounted under the rule set's own table,
    unscaled, as :func:`~explainer.engine.play_coinche_deal` counts them."""
    if deal.trump != Trump.ALL:
        return deal.card_points
    return recount(deal.cards, deal.winners, point_table(deal.trump, rules.all_trump_points))


_HELD_DECLARATIONS: dict[tuple[int, Trump, tuple[object, ...]], tuple[Declaration, ...]] = {}
"""The declarations of each hand met, by hand, trump and the knobs that read them."""
_HELD_KNOBS: Final = ("card_reuse", "carre_vs_cent", "low_carres", "no_trump_carres")


def hand_declarations(hand: int, trump: Trump, rules: CoincheRules) -> tuple[Declaration, ...]:
    """:func:`~explainer.engine.declarations_in_hand`, found once per hand (the search is
    the slowest step of a Coinche deal: each deal law asks again)."""
    if not may_declare(hand):
        return ()
    key = (hand, trump, _knobs(rules).held)
    found = _HELD_DECLARATIONS.get(key)
    if found is None:
        found = _HELD_DECLARATIONS[key] = declarations_in_hand(hand, trump, rules=rules)
    return found


def held_declarations(hand: int, trump: Trump, rules: CoincheRules) -> tuple[str, ...]:
    """:func:`~explainer.engine.declarations_in_hand` as announced."""
    return tuple(str(d) for d in hand_declarations(hand, trump, rules))


def announce_all(
    hands: Sequence[int], trump: Trump, rules: CoincheRules
) -> dict[Seat, tuple[str, ...]]:
    """Every declaration each hand (a mask, by seat) holds, as announced, where the rule
    set plays them (nothing where it does not): how a deal law's deals are declared, and
    how a page plays its counterexample again."""
    if not rules.declarations:
        return {}
    return {seat: held_declarations(hands[seat], trump, rules) for seat in SEATS}


_NONE_HELD: Final[tuple[tuple[Declaration, ...], ...]] = ((), (), (), ())


def _announced(deal: RandomDeal, rules: CoincheRules) -> tuple[tuple[Declaration, ...], ...]:
    """:func:`announce_all` of the deal, as the declarations themselves by seat index."""
    if not rules.declarations:
        return _NONE_HELD
    hands, trump = deal.hands, deal.trump
    return tuple(hand_declarations(hands[seat], trump, rules) for seat in SEATS)


def _compared(deal: RandomDeal, rules: CoincheRules) -> DeclarationsResult:
    """:func:`~explainer.engine.compare_declarations` of every declaration held
    (:func:`announce_all`), which need no reading or checking
    (:func:`~explainer.engine.coinche.declarations.compare_held`)."""
    return compare_held(
        _announced(deal, rules), trump=deal.trump, dealer=deal.leader.previous, rules=rules
    )


@dataclass(frozen=True, slots=True)
class _Dealt:
    """What a deal's Coinche scoring reads of its tricks and hands whatever the rule set:
    found once per deal (:func:`_dealt`), read under each rule set."""

    capot: Team | None
    solo: bool
    last: Team
    pairs: int
    declares: bool
    """Whether some hand holds three cards in sequence or four of a rank (else no rule
    set finds a declaration: nothing is compared)."""


_DEALT: dict[int, tuple[RandomDeal, _Dealt]] = {}
""":class:`_Dealt` by the deal's identity (the deal is kept with it, so the identity
stays its own): each deal of a stream is scored under every rule set of a law."""


def _dealt(deal: RandomDeal) -> _Dealt:
    entry = _DEALT.get(id(deal))
    if entry is None or entry[0] is not deal:
        winners = deal.winners
        teams = {w & 1 for w in winners}
        found = _Dealt(
            TEAMS[teams.pop()] if len(teams) == 1 else None,
            all(w == deal.taker for w in winners),
            TEAMS[winners[-1] & 1],
            len(belote_seats(deal.trump, deal.hands, _EVERY_PAIR)),
            any(map(may_declare, deal.hands)),
        )
        entry = _DEALT[id(deal)] = (deal, found)
    return entry[1]


def coinche_score(deal: RandomDeal, index: int, rules: CoincheRules) -> CoincheFacts:
    """The ``index``-th deal of a stream bid (:func:`coinche_contract`) and scored under
    ``rules`` from the facts :func:`~explainer.engine.play_coinche_deal` reads of the
    same tricks: card points, the last trick, a capot, a générale's lone winner, the
    belotes, the declarations announced (:func:`_announced`)."""
    contract = coinche_contract(deal, index, rules)
    card_points = _card_points(deal, rules)
    dealt = _dealt(deal)
    capot = dealt.capot
    belotes = belote_seats(deal.trump, deal.hands, play_rules(rules))
    belote = [0, 0]
    for seat in belotes:
        belote[seat & 1] += BELOTE
    declarations = _compared(deal, rules) if dealt.declares else NO_DECLARATIONS
    points = trick_points(card_points, dealt.last, capot, trump=deal.trump, rules=rules)
    score = score_coinche(
        contract,
        trick_points=points,
        belote=(belote[0], belote[1]),
        declarations=declarations.points,
        capot=capot,
        solo=dealt.solo,
        rules=rules,
    )
    return CoincheFacts(contract, card_points, capot, belotes, dealt.pairs, declarations, score)


@cache
def _equal_rules() -> CoincheRules:
    """The FFB's order of comparison, with an exact tie scoring for nobody."""
    return FFB_COINCHE.with_knobs(declarations="on", declaration_tie="nobody")


_EQUAL: dict[tuple[tuple[int, int, int, int], Trump, Seat], bool] = {}


def declarations_equal(deal: RandomDeal) -> bool:
    """Whether both teams hold a declaration as dealt and their best are exactly equal by
    the FFB's order of comparison (then neither is better): found once per deal, whose
    hands the streams of rule sets that play otherwise share."""
    key = (deal.hands, deal.trump, deal.leader)
    found = _EQUAL.get(key)
    if found is None:
        found = _EQUAL[key] = _declarations_equal(deal)
    return found


def _declarations_equal(deal: RandomDeal) -> bool:
    rules = _equal_rules()
    announced = _announced(deal, rules)
    if not all(any(announced[s] for s in team.seats) for team in Team):
        return False
    compared = compare_held(announced, trump=deal.trump, dealer=deal.leader.previous, rules=rules)
    return compared.best is None


def _takers(f: CoincheFacts) -> int:
    return f.contract.taker & 1


def _takers_keep_belote(f: CoincheFacts, rules: CoincheRules) -> bool:
    """The takers score exactly 20 for each belote of theirs, and nothing else."""
    t = _takers(f)
    held = BELOTE * sum(1 for seat in f.belotes if seat & 1 == t)
    return f.final[t] == held


def _capot_252(f: CoincheFacts, rules: CoincheRules) -> bool:
    """The team that wins every trick counts 252 trick points."""
    return f.capot is None or f.score.trick_points[f.capot] == 252


def _belote_each_pair(f: CoincheFacts, rules: CoincheRules) -> bool:
    """Every king and queen of a trump suit in one hand counts a belote of 20 for its team
    (none counts for the defence under ``belote: attack_only``)."""
    return sum(f.score.belote) == BELOTE * f.pairs


def _declarations_scored(f: CoincheFacts, rules: CoincheRules) -> bool:
    """A team scores declarations."""
    return any(f.declarations.points)


def _winner_takes_all(f: CoincheFacts, rules: CoincheRules) -> bool:
    """Coinched and made or failed: the team that loses the deal scores nothing but a
    belote it keeps (its own, under ``belote: imprenable`` or ``attack_only``)."""
    s = f.score
    if f.contract.level is Level.NONE or any(s.held) or s.redeal:
        return True  # said of coinched deals made or failed only
    loser = _takers(f) ^ (1 if s.made else 0)
    kept = 0 if rules.belote == "prenable" else s.belote[loser]
    return f.final[loser] == kept


def _defence_capot_160(f: CoincheFacts, rules: CoincheRules) -> bool:
    """Defenders who win every trick of a failed numeric bid not coinched score 160 plus
    the bid, besides the belotes and declarations they are given."""
    s = f.score
    t = _takers(f)
    bid = f.contract.bid
    if s.made or any(s.held) or s.redeal or f.contract.level or f.capot != t ^ 1:
        return True  # said of a defence's capot on a failed contract not coinched only
    if type(bid) is not int:
        return True
    declarations = s.declarations[t ^ 1]
    if rules.capot_declarations == "to_capot_team":
        declarations += s.declarations[t]
    given = s.belote[t ^ 1] + (s.belote[t] if rules.belote == "prenable" else 0)
    return s.unrounded[t ^ 1] - declarations - given == 160 + bid


COINCHE_CONCLUSIONS: Final[
    Mapping[DealConclusion, Callable[[CoincheFacts, CoincheRules], bool]]
] = {
    DealConclusion.TAKERS_KEEP_BELOTE: _takers_keep_belote,
    DealConclusion.CAPOT_252: _capot_252,
    DealConclusion.BELOTE_EACH_PAIR: _belote_each_pair,
    DealConclusion.DECLARATIONS_SCORED: _declarations_scored,
    DealConclusion.WINNER_TAKES_ALL: _winner_takes_all,
    DealConclusion.DEFENCE_CAPOT_160: _defence_capot_160,
}
"""What each conclusion a Coinche deal law may draw says of a scored Coinche deal
(``card_points_152`` and a premise claimed are read as in a classic law)."""
