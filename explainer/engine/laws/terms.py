"""The words a law is written in, and what each means.

A law names the contracts it speaks of (:class:`TrumpKind`: ``suit``, ``none``,
``all``), premises that must all hold (``when``, each may be negated) and conclusions
that must then all hold (``then``). Both kinds of law, their checks and the scenario
reader take their words from here, so that a word means one thing everywhere; the
error for a law that cannot be checked (:class:`LawError`) and what both checks share
(the :data:`SEED`, the :data:`RULING_KNOBS`) are here for the same reason.

Play laws
---------

A position is a trick of 0 to 3 cards led by N and the hand of the seat to move (the
seat after the last play); the partner is the seat two before it.

Premises (:class:`Premise`): ``leading`` (the trick is empty), ``following``,
``trump_led`` (the led suit is trump; with all-trump, any led suit), ``plain_led``,
``can_follow``, ``can_beat`` (the hand holds a card of the led suit above its best card in
the trick; with a trump suit led, a trump above every trump in it), ``void`` (following,
and no card of the led suit), ``partner_winning``,
``opponent_winning``, ``trump_in_trick``, ``partner_trumped`` (partner winning with a
trump in a plain-led trick), ``opponent_trumped``, ``holds_trump``, ``can_overtrump``
(a trump is in the trick and the hand holds a trump above every trump in it),
``only_lower_trumps`` (a trump is in the trick; the hand holds trumps, none above
the best one in it), ``only_trumps`` (every card of the hand is a trump).

Conclusions: ``must: CLASS`` (every legal card is in CLASS), ``may: CLASS`` (every card
of the hand in CLASS is legal), ``rule: RULE_ID`` (the deciding :class:`~.play.Rule`).
Classes (:class:`CardClass`), as cards of the hand: ``any``, ``led_suit``,
``higher_led`` (beats the best card of the led suit so far), ``trumps``,
``higher_trumps`` (above every trump in the trick: every trump when there is none),
``lower_trumps`` (below the best trump in the trick), ``plain`` (not trumps).

With no trump (``none``) the premises and classes about trumps mean nothing, and with
all-trump (``all``) nothing is plain and no card is trumped; a law that names one of
them for such a contract is refused (:class:`LawError`), as is a law whose premises no
position satisfies, so that a law can never hold by being about nothing.

Deal laws
---------

A deal is one played to its end and scored. Premises (:class:`DealPremise`): ``made``,
``failed`` (not made, and not a *litige*), ``litige`` (a tie held over under ``tie:
litige``), ``capot``, ``belote`` (some seat scored a belote), ``takers_belote`` (a seat
of the takers did), ``tie`` (the takers' points, belotes included, equal the
defenders'), ``king_queen`` (a hand as dealt holds the king and queen of a trump suit:
the trump suit, or at all-trump any suit; nothing at no-trump), ``declaration`` (a hand
as dealt holds a declaration: a carré, or three cards or more in sequence in one suit).
Conclusions (:class:`DealConclusion`), each an exact equation: ``card_points_152``
(both teams' card points add up to 152), ``points_162_or_capot`` (the points, belotes
aside, add up to 162, or to what the capot team counts with a capot), ``made_scores_own``
(made: each team scores its own points), ``failed_takers_zero`` (failed: the takers
score 0, plus their belote where ``belote`` is ``imprenable`` or ``attack_only``),
``failed_defenders_all`` (failed: the defenders score every point of the deal plus the
belotes ``belote`` gives them: both with ``prenable``, their own with ``imprenable``,
none with ``attack_only``); and, whatever the rule set, ``takers_keep_belote`` (the
takers score exactly 20 for each belote of theirs, and nothing else), ``capot_252`` (a
team that wins every trick counts 252, belotes aside), ``belote_each_pair`` (the two
teams' points add up to 162, or what the capot team counts, plus 20 for each
``king_queen`` pair: every such pair scores a belote), ``declarations_scored`` (with
every declaration held announced, the team with the best one scores declarations: the
rule set plays them, ``classic_declarations: on``). A premise may be a conclusion too
(``when: [takers_belote], then: [made]`` is a claim, and a false one).

A deal law of Coinche (``game: coinche``) speaks of the same random deals bid and scored
as Coinche deals (:mod:`.coinche_deal`: a numeric or capot bid, maybe coinched or
surcoinched). Its words mean what they mean above, read on the Coinche score: ``made``
and ``failed`` as the rule set decides against the bid, ``tie`` the two totals compared
with the bid equal, ``belote`` and ``takers_belote`` a belote the rule set counts.
Two premises are its own: ``coinched`` (coinched or surcoinched) and
``declarations_equal`` (both teams hold declarations and their best are exactly equal
by the FFB's order of comparison: neither worth more, nor with a higher top card, nor in
trumps). Its conclusions are ``card_points_152``, ``takers_keep_belote``, ``capot_252``
(the team that wins every trick counts 252 trick points), ``belote_each_pair`` (each
king and queen of a trump suit in one hand counts a belote of 20),
``declarations_scored`` (the team with the best declaration scores them), and two of its
own: ``winner_takes_all`` (coinched or surcoinched, and made or failed: the team that
loses the deal scores nothing but a belote it keeps, 20 under ``belote: imprenable`` or
``attack_only``) and ``defence_capot_160`` (defenders who win every trick of a failed
numeric bid that was not coinched score 160 plus the bid, besides the belotes and
declarations they are given, not their own trick points). The classic conclusions that
read the classic score (``points_162_or_capot``, ``made_scores_own``,
``failed_takers_zero``, ``failed_defenders_all``) are refused in a Coinche law, and the
Coinche words in a classic one.

Match laws
----------

A match is classic Belote's, played from 0-0 to its end under the rule set's ``target``,
``both_reach`` and ``rounding``, its deals random legal deals played to their end and
scored. Premises (:class:`MatchPremise`): ``both_reach`` (both teams reached the target
on the same deal), ``litige`` (a deal of the match held points over). Conclusions
(:class:`MatchConclusion`): ``one_winner`` (the match ended with one team the winner: not
drawn, and not still going after :data:`~.match_check.MATCH_DEALS` deals),
``winner_ahead`` (a team that won has the higher total), ``points_add_up`` (the totals
and the points still held over add up to every point the deals scored). A premise may be
a conclusion too, as in a deal law.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final, TypeVar

from ..contract import Trump
from ..errors import EngineError
from ..play import Rule
from ..rules import PRESETS, RuleSet

SEED: Final = 20261130
"""The seed of every sample, of positions and of deals: the same law gives the same counts
and counterexample."""


class LawError(EngineError):
    """A law that cannot be checked: an unknown word, or premises nothing satisfies.

    ``where`` locates the fault in the law as written (``("when", 1)``, ``("then",
    "must")``, ``("contract", "trump")``), so that a caller can point at it.
    """

    def __init__(self, message: str, *, where: tuple[str | int, ...] = ()) -> None:
        super().__init__(message)
        self.where = where


def _unknown(what: str, text: object, choices: Iterable[str]) -> str:
    """``unknown premise: 'vod' (did you mean 'void'?)`` or the list of choices."""
    names = list(choices)
    close = difflib.get_close_matches(str(text), names, n=1)
    hint = f"did you mean {close[0]!r}?" if close else "expected one of " + ", ".join(names)
    return f"unknown {what}: {text!r} ({hint})"


class TrumpKind(Enum):
    """The kind of contract a law speaks of; a trump suit stands for all four."""

    SUIT = "suit"
    NONE = "none"
    ALL = "all"

    @property
    def trump(self) -> Trump:
        """The contract positions are built in: hearts stands for any trump suit."""
        return {"suit": Trump.HEARTS, "none": Trump.NONE, "all": Trump.ALL}[self.value]


class Premise(Enum):
    """A fact about a position (the module docstring defines each)."""

    LEADING = "leading"
    FOLLOWING = "following"
    TRUMP_LED = "trump_led"
    PLAIN_LED = "plain_led"
    CAN_FOLLOW = "can_follow"
    CAN_BEAT = "can_beat"
    VOID = "void"
    PARTNER_WINNING = "partner_winning"
    OPPONENT_WINNING = "opponent_winning"
    TRUMP_IN_TRICK = "trump_in_trick"
    PARTNER_TRUMPED = "partner_trumped"
    OPPONENT_TRUMPED = "opponent_trumped"
    HOLDS_TRUMP = "holds_trump"
    CAN_OVERTRUMP = "can_overtrump"
    ONLY_LOWER_TRUMPS = "only_lower_trumps"
    ONLY_TRUMPS = "only_trumps"

    @property
    def bit(self) -> int:
        """The premise's bit in a position's premise mask."""
        return 1 << _PREMISE_INDEX[self]


_PREMISE_INDEX: Final = {p: i for i, p in enumerate(Premise)}
_TRUMP_PREMISES: Final = frozenset(
    {
        Premise.TRUMP_IN_TRICK,
        Premise.PARTNER_TRUMPED,
        Premise.OPPONENT_TRUMPED,
        Premise.HOLDS_TRUMP,
        Premise.CAN_OVERTRUMP,
        Premise.ONLY_LOWER_TRUMPS,
        Premise.ONLY_TRUMPS,
    }
)
_MEANINGLESS_PREMISES: Final = {
    TrumpKind.SUIT: frozenset[Premise](),
    TrumpKind.NONE: _TRUMP_PREMISES | {Premise.TRUMP_LED},
    TrumpKind.ALL: _TRUMP_PREMISES | {Premise.PLAIN_LED},
}


class CardClass(Enum):
    """A set of cards of the hand, relative to the trick (the module docstring defines each)."""

    ANY = "any"
    LED_SUIT = "led_suit"
    HIGHER_LED = "higher_led"
    TRUMPS = "trumps"
    HIGHER_TRUMPS = "higher_trumps"
    LOWER_TRUMPS = "lower_trumps"
    PLAIN = "plain"


_CLASS_INDEX: Final = {c: i for i, c in enumerate(CardClass)}
_TRUMP_CLASSES: Final = frozenset(
    {CardClass.TRUMPS, CardClass.HIGHER_TRUMPS, CardClass.LOWER_TRUMPS}
)
_MEANINGLESS_CLASSES: Final = {
    TrumpKind.SUIT: frozenset[CardClass](),
    TrumpKind.NONE: _TRUMP_CLASSES,
    TrumpKind.ALL: _TRUMP_CLASSES | {CardClass.PLAIN},
}


class Quantifier(Enum):
    """What a conclusion says of a class: every legal card is in it, or each of its cards is legal."""

    MUST = "must"
    MAY = "may"
    RULE = "rule"


@dataclass(frozen=True, slots=True)
class Condition:
    """A premise, or its negation (``not partner_winning``)."""

    premise: Premise
    negated: bool = False

    def __str__(self) -> str:
        return ("not " if self.negated else "") + self.premise.value

    @classmethod
    def parse(cls, text: str) -> Condition:
        """``void`` or ``not void``; :class:`LawError` with a hint otherwise."""
        words = str(text).split()
        negated = len(words) == 2 and words[0] == "not"
        name = words[-1] if words else ""
        if len(words) not in (1, 2) or (len(words) == 2 and not negated):
            name = str(text)
        for p in Premise:
            if p.value == name:
                return cls(p, negated)
        raise LawError(_unknown("premise", name, (p.value for p in Premise)))


@dataclass(frozen=True, slots=True)
class Conclusion:
    """``must: CLASS``, ``may: CLASS`` or ``rule: RULE_ID``."""

    quantifier: Quantifier
    card_class: CardClass | None = None
    rule: Rule | None = None

    def __str__(self) -> str:
        value = self.rule.value if self.rule is not None else self._class.value
        return f"{self.quantifier.value}: {value}"

    @property
    def _class(self) -> CardClass:
        assert self.card_class is not None
        return self.card_class

    @classmethod
    def parse(cls, quantifier: str, value: str) -> Conclusion:
        """A conclusion from its two words; :class:`LawError` with a hint for either."""
        names = [q.value for q in Quantifier]
        if quantifier not in names:
            raise LawError(_unknown("conclusion", quantifier, names))
        q = Quantifier(quantifier)
        if q is Quantifier.RULE:
            ids = [r.value for r in Rule]
            if value not in ids:
                raise LawError(_unknown("rule", value, ids))
            return cls(q, rule=Rule(value))
        classes = [c.value for c in CardClass]
        if value not in classes:
            raise LawError(_unknown("class", value, classes))
        return cls(q, card_class=CardClass(value))


LawT = TypeVar("LawT")
"""A law: :class:`~.play_law.PlayLaw` or :class:`~.deal_law.DealLaw`."""


def _law_or_raise(parsed: tuple[LawT | None, list[LawError]]) -> LawT:
    """What each law's ``parse`` does with its ``parse_all``: the law, or its first
    problem raised (one place, so that both kinds fail alike)."""
    law, problems = parsed
    if law is None:
        raise problems[0]
    return law


def _require_contract_and_conclusion(kinds: Sequence[object], then: Sequence[object]) -> None:
    """What a deal or match law needs to be checked at all: a contract kind, a conclusion."""
    if not kinds:
        raise LawError("a law needs a contract", where=("contract", "trump"))
    if not then:
        raise LawError("a law needs a conclusion", where=("then",))


def _parse_kinds(trump: str | Sequence[str], problems: list[LawError]) -> list[TrumpKind]:
    """The contract kinds of ``trump`` (one word or a list); problems appended."""
    words = [trump] if isinstance(trump, str) else list(trump)
    kinds = []
    for i, word in enumerate(words):
        try:
            kinds.append(TrumpKind(word))
        except ValueError:
            where = ("contract", "trump") if isinstance(trump, str) else ("contract", "trump", i)
            problems.append(
                LawError(_unknown("trump", word, (k.value for k in TrumpKind)), where=where)
            )
    return kinds


def _masks(when: Iterable[Condition]) -> tuple[int, int]:
    need = forbid = 0
    for cond in when:
        if cond.negated:
            forbid |= cond.premise.bit
        else:
            need |= cond.premise.bit
    return need, forbid


RULING_KNOBS: Final = {
    TrumpKind.SUIT: ("undertrump", "partner_overtrump"),
    TrumpKind.NONE: (),
    TrumpKind.ALL: ("all_trump_partner",),
}
"""The knobs :func:`~.play.make_ruler` reads for each contract kind: rule sets that agree
on them rule every position alike, so a law is ruled once for all of them."""


def _behaviour(kind: TrumpKind, rules: RuleSet) -> tuple[str, ...]:
    return tuple(getattr(rules, knob) for knob in RULING_KNOBS[kind])


class DealPremise(Enum):
    """A fact about a played deal (the module docstring defines each)."""

    MADE = "made"
    FAILED = "failed"
    LITIGE = "litige"
    CAPOT = "capot"
    BELOTE = "belote"
    TAKERS_BELOTE = "takers_belote"
    TIE = "tie"
    KING_QUEEN = "king_queen"
    DECLARATION = "declaration"
    COINCHED = "coinched"
    DECLARATIONS_EQUAL = "declarations_equal"


class DealConclusion(Enum):
    """An equation a played deal satisfies (the module docstring defines each)."""

    CARD_POINTS_152 = "card_points_152"
    POINTS_162_OR_CAPOT = "points_162_or_capot"
    MADE_SCORES_OWN = "made_scores_own"
    FAILED_TAKERS_ZERO = "failed_takers_zero"
    FAILED_DEFENDERS_ALL = "failed_defenders_all"
    TAKERS_KEEP_BELOTE = "takers_keep_belote"
    CAPOT_252 = "capot_252"
    BELOTE_EACH_PAIR = "belote_each_pair"
    DECLARATIONS_SCORED = "declarations_scored"
    WINNER_TAKES_ALL = "winner_takes_all"
    DEFENCE_CAPOT_160 = "defence_capot_160"


def _kind_of(trump: Trump) -> TrumpKind:
    return {Trump.NONE: TrumpKind.NONE, Trump.ALL: TrumpKind.ALL}.get(trump, TrumpKind.SUIT)


class MatchPremise(Enum):
    """A fact about a played match (the module docstring defines each)."""

    BOTH_REACH = "both_reach"
    LITIGE = "litige"


class MatchConclusion(Enum):
    """What a played match is claimed to satisfy (the module docstring defines each)."""

    ONE_WINNER = "one_winner"
    WINNER_AHEAD = "winner_ahead"
    POINTS_ADD_UP = "points_add_up"


PremiseT = TypeVar("PremiseT", DealPremise, MatchPremise)
"""A deal law's premise or a match law's."""
ConclusionT = TypeVar("ConclusionT", DealConclusion, MatchConclusion)
"""A deal law's conclusion or a match law's."""


def _parse_words(
    when: Sequence[str],
    then: Sequence[str],
    premises: type[PremiseT],
    conclusions: type[ConclusionT],
    problems: list[LawError],
    other_game: Collection[Enum] = (),
) -> tuple[list[tuple[PremiseT, bool]], list[ConclusionT | PremiseT]]:
    """A deal or match law's ``when`` (each premise maybe ``not ...``) and ``then`` (its
    conclusions, or premises claimed), each unknown word a located problem whose hint
    leaves out the words of ``other_game`` (the law refuses them itself, saying why)."""
    names = [p.value for p in premises]
    shown = [p.value for p in premises if p not in other_game]
    conditions = []
    for i, text in enumerate(when):
        words = str(text).split()
        negated = len(words) == 2 and words[0] == "not"
        name = words[-1] if len(words) in (1, 2) else str(text)
        if name not in names or (len(words) == 2 and not negated):
            problems.append(LawError(_unknown("premise", str(text), shown), where=("when", i)))
        else:
            conditions.append((premises(name), negated))
    claims: list[ConclusionT | PremiseT] = []
    words = [c.value for c in conclusions] + names
    hint = [c.value for c in conclusions if c not in other_game] + shown
    for i, text in enumerate(then):
        if text not in words:
            problems.append(LawError(_unknown("conclusion", text, hint), where=("then", i)))
        elif text in conclusions._value2member_map_:
            claims.append(conclusions(text))
        else:
            claims.append(premises(text))
    return conditions, claims


def rules_yaml(rules: RuleSet) -> str:
    """A rule set as a scenario names it: its preset (``house``), or the preset and the
    knobs it changes (``{preset: house, tie: litige}``), in flow YAML."""
    base = PRESETS.get(rules.name)
    if base == rules:
        return rules.name
    changed = base.knobs if base is not None else {}
    knobs = ", ".join(f"{k}: {v}" for k, v in rules.knobs.items() if changed.get(k) != v)
    return f"{{preset: {rules.name}, {knobs}}}"
