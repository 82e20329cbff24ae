"""The match around the deals: a target, the rounding, a final tie, the dealer's turn.

Each deal's score is rounded and added to the running totals; a team that reaches
(or exceeds, ``target_rule``) the target wins, the higher total if both cross on one
deal (``final_tie`` if still equal). ``end_rounding: exact_last_deal`` counts the deal
that ends the match to the point; ``belote_finish`` says whether a belote alone may
finish it. The next dealer is the seat after the dealer, after an annulled deal too
unless ``all_pass: same_dealer`` (``coinche.md`` §4).

>>> r = run_match([MatchDeal((227, 45))], dealer=Seat.W, start=(1770, 1490),
...               rules=find_coinche_rules("ffb_contree", target=2000))
>>> r.totals, r.winner, r.next_dealer, r.deals_counted
((2000, 1540), <Team.NS: 0>, <Seat.N: 0>, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..deal import BELOTE
from ..seats import Seat, Team
from .errors import MatchError
from .rules import FFB_COINCHE, CoincheRules, find_coinche_rules
from .scoring import round_score

__all__ = ["MatchDeal", "MatchResult", "run_match"]

_ = find_coinche_rules  # for the doctest above


@dataclass(frozen=True, slots=True)
class MatchDeal:
    """One deal of a match: its **unrounded** score (NS, EW), the team that won all
    eight tricks, the teams that scored a belote, the team that failed its contract;
    or an annulled deal (four passes: no score, not counted)."""

    score: tuple[int, int] = (0, 0)
    capot: Team | None = None
    belote: tuple[Team, ...] = ()
    failed: Team | None = None
    annulled: bool = False


@dataclass(frozen=True, slots=True)
class MatchResult:
    """Where the match stands after the deals: the totals, the winner (``None`` while
    the game goes on, or after a draw: ``drawn``), who deals next, how many deals
    counted, the deal (0-based) that ended the match and the totals after each deal."""

    totals: tuple[int, int]
    winner: Team | None
    drawn: bool
    next_dealer: Seat
    deals_counted: int
    ended_at: int | None
    history: tuple[tuple[int, int], ...]


def _reached(total: int, target: int, rules: CoincheRules) -> bool:
    return total > target if rules.target_rule == "exceed" else total >= target


def _belote_blocks(team: Team, deal: MatchDeal, score: int, rules: CoincheRules) -> bool:
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
    totals: list[int], deal: MatchDeal, scores: list[int], target: int, rules: CoincheRules
) -> list[Team]:
    out = []
    for team in Team:
        if not _reached(totals[team], target, rules):
            continue
        belote = BELOTE * deal.belote.count(team)
        if belote and not _reached(totals[team] - belote, target, rules):
            if _belote_blocks(team, deal, scores[team], rules):
                continue
        out.append(team)
    return out


def _decide(
    crossing: list[Team], totals: list[int], scores: list[int], rules: CoincheRules
) -> tuple[Team | None, bool]:
    """``(winner, drawn)`` among the teams that crossed the target on one deal."""
    if len(crossing) == 1:
        return crossing[0], False
    if totals[0] != totals[1]:
        return Team(0 if totals[0] > totals[1] else 1), False
    if rules.final_tie == "draw":
        return None, True
    if rules.final_tie == "last_deal_winner" and scores[0] != scores[1]:
        return Team(0 if scores[0] > scores[1] else 1), False
    return None, False  # extra_deal: one more deal decides


def _add(
    totals: list[int], deal: MatchDeal, goal: int | None, rules: CoincheRules
) -> tuple[list[int], list[Team], list[int]]:
    """The totals after ``deal``, the teams it takes over the target, and the deal's
    score as counted (rounded, or exact when it ends the match under
    ``end_rounding: exact_last_deal``)."""
    scores = [round_score(deal.score[x], rules.rounding) for x in (0, 1)]
    rounded = [totals[x] + scores[x] for x in (0, 1)]
    if goal is None:
        return rounded, [], scores
    if rules.end_rounding == "exact_last_deal":
        exact = [totals[x] + deal.score[x] for x in (0, 1)]
        crossing = _crossing(exact, deal, list(deal.score), goal, rules)
        if crossing:
            return exact, crossing, list(deal.score)
        return rounded, [], scores
    return rounded, _crossing(rounded, deal, scores, goal, rules), scores


def run_match(
    deals: Sequence[MatchDeal],
    *,
    dealer: Seat,
    start: tuple[int, int] = (0, 0),
    rules: CoincheRules = FFB_COINCHE,
    target: int | None = None,
) -> MatchResult:
    """Play ``deals`` (first dealt by ``dealer``) from the totals ``start``.

    ``target`` defaults to ``rules.target`` (no target: nobody wins). Raises
    :class:`MatchError` for a match that cannot have happened: a start already at the
    target, a negative score, a deal after the match was won.
    """
    goal = target if target is not None else rules.target
    totals = [start[0], start[1]]
    if goal is not None and any(_reached(x, goal, rules) for x in totals):
        raise MatchError(
            f"the match starts at {totals[0]}-{totals[1]}, already at the target {goal}"
        )
    winner: Team | None = None
    drawn = False
    ended_at: int | None = None
    counted = 0
    history: list[tuple[int, int]] = []
    for i, deal in enumerate(deals):
        if winner is not None or drawn:
            raise MatchError(
                f"deal {i + 1} comes after the match ended at deal {(ended_at or 0) + 1}",
                deal_index=i,
            )
        if deal.annulled:
            dealer = dealer if rules.all_pass == "same_dealer" else dealer.next
            history.append((totals[0], totals[1]))
            continue
        if min(deal.score) < 0:
            raise MatchError(f"deal {i + 1} has a negative score: {deal.score}", deal_index=i)
        counted += 1
        dealer = dealer.next
        new, crossing, scores = _add(totals, deal, goal, rules)
        totals = new
        history.append((totals[0], totals[1]))
        if crossing:
            winner, drawn = _decide(crossing, totals, scores, rules)
            if winner is not None or drawn:
                ended_at = i
    return MatchResult(
        totals=(totals[0], totals[1]),
        winner=winner,
        drawn=drawn,
        next_dealer=dealer,
        deals_counted=counted,
        ended_at=ended_at,
        history=tuple(history),
    )
