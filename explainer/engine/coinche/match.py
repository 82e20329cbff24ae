"""The match around the deals, in Coinche and in classic Belote: a target, the rounding,
both teams over the target at once, the dealer's turn, the points a *litige* holds over.

Each deal's score is rounded and added to the running totals; a team that reaches
(or exceeds, ``target_rule``) the target wins, the higher total if both cross on one
deal (``final_tie`` if still equal; drawn under classic ``both_reach: draw``).
``end_rounding: exact_last_deal`` counts the deal that ends the match to the point;
``belote_finish`` says whether a belote alone may finish it. The next dealer is the seat
after the dealer, after an annulled deal too unless ``all_pass: same_dealer``
(``coinche.md`` §4). A deal is always played to its end: it is scored when its eight
tricks are (FFB-B16 §10.1), and the target is looked at after it.

A *litige* (``tie: litige``) holds the takers' points over (:attr:`MatchDeal.held`); they
go to the winner of the next deal that is not a litige (the team that made its contract,
or the defenders of a failed one), and wait through annulled deals and further litiges,
adding up, as belote-cli plays (FFB-B16 §10.1.3: "reversés à l'équipe réussissant le
contrat de la donne suivante"). Points still held when the match ends stay unscored
(:attr:`MatchResult.held`).

A classic rule set (:class:`~explainer.engine.RuleSet`) plays the match its knobs
``target``, ``both_reach`` and ``rounding`` say, reaching the target wins (FFB-B16
§10.4.2 "atteignant ou dépassant"), equal totals over it play another deal, the next
seat deals after every deal (DSL, Pagat restated; FFB-B16 §4.2 of an annulled deal);
:func:`match_rules` says so as data.

>>> r = run_match([MatchDeal((227, 45))], dealer=Seat.W, start=(1770, 1490),
...               rules=find_coinche_rules("ffb_contree", target=2000))
>>> r.totals, r.winner, r.next_dealer, r.deals_counted
((2000, 1540), <Team.NS: 0>, <Seat.N: 0>, 1)
>>> run_match([MatchDeal((92, 70))], dealer=Seat.N, start=(920, 900), rules=find_rules()).winner
<Team.NS: 0>
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from ..deal import BELOTE
from ..rules import RuleSet, find_rules
from ..seats import TEAMS, Seat, Team
from .errors import MatchError
from .rules import FFB_COINCHE, CoincheRules, find_coinche_rules
from .scoring import round_score

__all__ = ["MatchDeal", "MatchResult", "MatchRules", "match_rules", "play_match", "run_match"]

_ = find_coinche_rules, find_rules, itertools  # for the doctests


@dataclass(frozen=True, slots=True)
class MatchRules:
    """What a match depends on, whatever the game: the rule set's name and its match
    knobs (Coinche's, or classic Belote's with the fixed rules above), typed.

    ``target`` is ``None`` for a match without one (nobody wins); ``both_reach`` is
    ``higher_total`` (then ``final_tie`` for equal totals) or ``draw``; ``litige``
    says whether a deal may hold points over (``tie: litige``).
    """

    name: str
    target: int | None
    target_rule: str = "reach"
    rounding: str = "none"
    end_rounding: str = "rounded"
    final_tie: str = "extra_deal"
    belote_finish: str = "allowed"
    all_pass: str = "next_dealer"
    both_reach: str = "higher_total"
    litige: bool = False


def match_rules(rules: CoincheRules | RuleSet | MatchRules) -> MatchRules:
    """The match knobs of a Coinche or a classic rule set.

    >>> match_rules(find_rules("ffb_belote")).litige, match_rules(FFB_COINCHE).rounding
    (True, 'half_up')
    """
    if isinstance(rules, MatchRules):
        return rules
    if isinstance(rules, RuleSet):
        return MatchRules(
            rules.name,
            int(rules.target),
            rounding=rules.rounding,
            both_reach=rules.both_reach,
            litige=rules.tie == "litige",
        )
    return MatchRules(
        rules.name,
        rules.target,
        rules.target_rule,
        rules.rounding,
        rules.end_rounding,
        rules.final_tie,
        rules.belote_finish,
        rules.all_pass,
        litige=rules.tie == "litige" and rules.must_beat_defence,
    )


@dataclass(frozen=True, slots=True)
class MatchDeal:
    """One deal of a match: its **unrounded** score (NS, EW), the team that won all
    eight tricks, the teams that scored a belote, the team that made its contract or
    the one that failed it, the points a *litige* held over (the takers'; the deal's
    score is then the defenders' alone); or an annulled deal (four passes: no score, not
    counted)."""

    score: tuple[int, int] = (0, 0)
    capot: Team | None = None
    belote: tuple[Team, ...] = ()
    failed: Team | None = None
    annulled: bool = False
    made: Team | None = None
    held: int = 0

    @property
    def won_by(self) -> Team | None:
        """The team that won the deal, if the deal says: the makers, or the defenders of
        a failed contract."""
        if self.made is not None:
            return self.made
        return None if self.failed is None else self.failed.other


@dataclass(frozen=True, slots=True)
class MatchResult:
    """Where the match stands after the deals: the totals, the winner (``None`` while
    the game goes on, or after a draw: ``drawn``), who deals next, how many deals
    counted, the deal (0-based) that ended the match, the totals after each deal and
    the points a *litige* still holds over."""

    totals: tuple[int, int]
    winner: Team | None
    drawn: bool
    next_dealer: Seat
    deals_counted: int
    ended_at: int | None
    history: tuple[tuple[int, int], ...]
    held: int = 0


_NEXT: Final = {seat: seat.next for seat in Seat}
"""The teams, and the seat after each: looked up once (a match law plays a million deals)."""


def _reached(total: int, target: int, rules: MatchRules) -> bool:
    return total > target if rules.target_rule == "exceed" else total >= target


def _belote_blocks(team: Team, deal: MatchDeal, score: int, rules: MatchRules) -> bool:
    """Whether ``team`` may not finish on this deal's belote (``belote_finish``)."""
    if rules.belote_finish == "allowed":
        return False
    if rules.belote_finish == "never":
        return True
    lost_all = deal.capot == team.other
    if rules.belote_finish == "not_if_capot":
        return lost_all
    return lost_all or deal.failed == team or score == BELOTE * deal.belote.count(team)


def _crossing(
    totals: list[int], deal: MatchDeal, scores: list[int], target: int, rules: MatchRules
) -> list[Team]:
    out = []
    for team in TEAMS:
        if not _reached(totals[team], target, rules):
            continue
        belote = BELOTE * deal.belote.count(team)
        if belote and not _reached(totals[team] - belote, target, rules):
            if _belote_blocks(team, deal, scores[team], rules):
                continue
        out.append(team)
    return out


def _decide(
    crossing: list[Team], totals: list[int], scores: list[int], rules: MatchRules
) -> tuple[Team | None, bool]:
    """``(winner, drawn)`` among the teams that crossed the target on one deal."""
    if len(crossing) == 1:
        return crossing[0], False
    if rules.both_reach == "draw":
        return None, True
    if totals[0] != totals[1]:
        return Team(0 if totals[0] > totals[1] else 1), False
    if rules.final_tie == "draw":
        return None, True
    if rules.final_tie == "last_deal_winner" and scores[0] != scores[1]:
        return Team(0 if scores[0] > scores[1] else 1), False
    return None, False  # extra_deal: one more deal decides


def _add(
    totals: list[int], score: tuple[int, int], deal: MatchDeal, goal: int | None, rules: MatchRules
) -> tuple[list[int], list[Team], list[int]]:
    """The totals after a deal scoring ``score`` (unrounded), the teams it takes over
    the target, and the deal's score as counted (rounded, or exact when it ends the
    match under ``end_rounding: exact_last_deal``)."""
    if rules.rounding == "none":
        scores = [score[0], score[1]]
    else:
        scores = [round_score(score[0], rules.rounding), round_score(score[1], rules.rounding)]
    rounded = [totals[0] + scores[0], totals[1] + scores[1]]
    if goal is None or max(totals[0] + score[0], totals[1] + score[1], *rounded) < goal:
        return rounded, [], scores  # no total near the target: nobody crosses it
    if rules.end_rounding == "exact_last_deal":
        exact = [totals[x] + score[x] for x in (0, 1)]
        crossing = _crossing(exact, deal, list(score), goal, rules)
        if crossing:
            return exact, crossing, list(score)
        return rounded, [], scores
    return rounded, _crossing(rounded, deal, scores, goal, rules), scores


@dataclass(slots=True)
class _State:
    """The match while its deals are added: totals, dealer, held points, the end."""

    totals: list[int]
    dealer: Seat
    held: int = 0
    counted: int = 0
    winner: Team | None = None
    drawn: bool = False
    ended_at: int | None = None
    history: list[tuple[int, int]] = field(default_factory=list)


def _check(i: int, deal: MatchDeal, state: _State, rules: MatchRules) -> None:
    """Raise :class:`MatchError` for a deal that cannot be the ``i``-th (0-based) here."""
    where = f"deal {i + 1}"
    if state.winner is not None or state.drawn:
        raise MatchError(
            f"{where} comes after the match ended at deal {(state.ended_at or 0) + 1}",
            deal_index=i,
        )
    if min(deal.score) < 0 or deal.held < 0:
        raise MatchError(f"{where} has a negative score: {deal.score}", deal_index=i)
    if deal.made is not None and deal.failed is not None:
        raise MatchError(f"{where} is made or failed, not both", deal_index=i)
    if deal.held and not rules.litige:
        raise MatchError(
            f"{where} holds points over, but {rules.name} has no litige (a tie is made or"
            " failed there)",
            deal_index=i,
        )
    if deal.held and (deal.made is not None or deal.failed is not None):
        raise MatchError(f"{where} is a litige: neither made nor failed", deal_index=i)
    if state.held and not (deal.held or deal.annulled) and deal.won_by is None:
        raise MatchError(
            f"{where} takes the {state.held} points held over by a litige: say which team won"
            " it (made: TEAM, or failed: TEAM)",
            deal_index=i,
        )


def _play(i: int, deal: MatchDeal, state: _State, goal: int | None, rules: MatchRules) -> None:
    """Add the ``i``-th deal (0-based, checked) to ``state``."""
    if deal.annulled:
        state.dealer = state.dealer if rules.all_pass == "same_dealer" else _NEXT[state.dealer]
        state.history.append((state.totals[0], state.totals[1]))
        return
    score = [deal.score[0], deal.score[1]]
    if deal.held:
        state.held += deal.held
    elif state.held and (won := deal.won_by) is not None:
        score[won] += state.held
        state.held = 0
    state.counted += 1
    state.dealer = _NEXT[state.dealer]
    new, crossing, scores = _add(state.totals, (score[0], score[1]), deal, goal, rules)
    state.totals = new
    state.history.append((new[0], new[1]))
    if crossing:
        state.winner, state.drawn = _decide(crossing, new, scores, rules)
        if state.winner is not None or state.drawn:
            state.ended_at = i


def run_match(
    deals: Sequence[MatchDeal],
    *,
    dealer: Seat,
    start: tuple[int, int] = (0, 0),
    rules: CoincheRules | RuleSet | MatchRules = FFB_COINCHE,
    target: int | None = None,
) -> MatchResult:
    """Play ``deals`` (first dealt by ``dealer``) from the totals ``start``, under a
    Coinche or a classic rule set (:func:`match_rules`).

    ``target`` defaults to the rules' target (no target: nobody wins). Raises
    :class:`MatchError` for a match that cannot have happened: a start already at the
    target, a negative score, a deal after the match was won, a deal both made and
    failed, points held over where the rules have no litige, or held points whose
    next deal does not say who won it.
    """
    return _run(deals, dealer, start, rules, target, stop=False)


def play_match(
    deals: Iterable[MatchDeal],
    *,
    dealer: Seat,
    start: tuple[int, int] = (0, 0),
    rules: CoincheRules | RuleSet | MatchRules = FFB_COINCHE,
) -> MatchResult:
    """Play deals from ``deals`` as :func:`run_match` does until the match ends, taking
    no deal after that one (or until they run out): the deals of a match drawn from an
    endless stream (the laws' random matches). The deals taken are
    ``len(result.history)``.

    >>> deal = MatchDeal((182, 0), made=Team.NS)
    >>> r = play_match(itertools.repeat(deal), dealer=Seat.N, rules=find_rules())
    >>> r.winner, r.totals, len(r.history)
    (<Team.NS: 0>, (1092, 0), 6)
    """
    return _run(deals, dealer, start, rules, None, stop=True)


def _run(
    deals: Iterable[MatchDeal],
    dealer: Seat,
    start: tuple[int, int],
    rules: CoincheRules | RuleSet | MatchRules,
    target: int | None,
    *,
    stop: bool,
) -> MatchResult:
    m = match_rules(rules)
    goal = target if target is not None else m.target
    if goal is not None and any(_reached(x, goal, m) for x in start):
        raise MatchError(f"the match starts at {start[0]}-{start[1]}, already at the target {goal}")
    state = _State([start[0], start[1]], dealer)
    for i, deal in enumerate(deals):
        _check(i, deal, state, m)
        _play(i, deal, state, goal, m)
        if stop and state.ended_at is not None:
            break
    return MatchResult(
        totals=(state.totals[0], state.totals[1]),
        winner=state.winner,
        drawn=state.drawn,
        next_dealer=state.dealer,
        deals_counted=state.counted,
        ended_at=state.ended_at,
        history=tuple(state.history),
        held=state.held,
    )
