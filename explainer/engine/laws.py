"""Laws: general rule statements, checked over every position and over random deals.

A page states rules in prose ("if you cannot follow and your partner is winning, you
may play any card"); a law is the same statement as data, and :func:`check_play_law`
tells under which rule sets it holds, with the smallest counterexample where it does
not. :func:`check_deal_law` does the same for statements about whole deals.

Play laws
---------

A position is a trick of 0 to 3 cards led by N and the hand of the seat to move (the
seat after the last play); the partner is the seat two before it. A :class:`PlayLaw`
names the contracts it speaks of (:class:`TrumpKind`: ``suit``, ``none``, ``all``),
premises that must all hold (``when``, each may be negated) and conclusions that must
then all hold (``then``).

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

What is checked, and why it is every position
---------------------------------------------

Suit symmetry first: in a trump-suit contract which suit is trump is immaterial and the
three plain suits are interchangeable (no-trump and all-trump: all four are), so only
tricks whose plain suits appear in a fixed order are considered, with hearts as trump.

Given the trick, the cards a hand may hold fall into five zones: cards of the led suit
above its best card in the trick, the other cards of the led suit, trumps above every
trump in the trick, trumps below the best one, and every other card (when trump is led,
its cards are in the trump zones). Every premise, every class and the ruling of
:func:`~.play.make_ruler` (under every rule set) depend only on which zones the hand
has cards in: the legal cards are always the hand's cards of some zones, so two
positions that agree on the trick's premises and on the hand's zones get the same
verdict. The check therefore runs in two parts, both through the real ruler:

1. *Exhaustive*: every class of positions, in which two tricks are alike when they
   satisfy the same premises and leave the same zones available. For each class, its
   first trick (fewest cards, then card order), with every hand made of one card
   (the lowest) of each of a non-empty set of zones. This covers every position with
   every hand size, and its failures give the smallest counterexample (fewest cards in
   the hand, then in the trick, then card order).
2. *Sampled*: positions with a full hand of eight cards (tricks up to suit symmetry)
   that satisfy the premises, drawn with a fixed seed until :data:`PLAY_SAMPLES`
   distinct ones are checked (split evenly among the law's contract kinds); where
   fewer exist, every one of them, then every hand of seven cards, and so on down
   until the sample is full or holds every position there is (a hand of nothing but
   trumps while the partner has trumped never has eight cards: one trump is in the
   trick). They are drawn in blocks of up to :data:`BLOCK` positions that share a
   trick and the hand's card counts per zone and suit, each block chosen in
   proportion to the positions of its shape. This checks the zone argument itself
   on real hands.

Each trick's hands are ruled at once by the engine's batch ruling
(:func:`~.play.make_trick_ruler`: the trick's cascade of steps, the first whose test
meets the hand deciding), and the conclusions are tested on the step that decides each
hand. Laws with the same premises share the sampled positions, and rule sets that agree
on the knobs the ruler reads (:data:`RULING_KNOBS`: ``house`` and ``pagat_belote``
rule every position alike) share one check.

The counts reported are the positions actually ruled on, each once.

Deal laws
---------

A :class:`DealLaw` is checked over :data:`DEAL_SAMPLES` random legal deals per rule set,
split evenly among its contract kinds (:func:`~.simulate.random_scored_deal`, fixed
seed; the taker and the first leader turn from deal to deal). By default the rule sets
are :func:`scoring_variants`: every preset of the game, and each with one scoring knob
(:data:`SCORING_KNOBS`) set to each of its other values. A deal is played under the
rule set's play knobs and scored under the rule set, so rule sets that differ only in
scoring share their deals; the streams of rule sets that play differently are played
together (:func:`~.simulate.random_scored_deals`), each deal again only under a rule set
that rules one of its plays otherwise (about three deals in a hundred between
``undertrump: required`` and ``optional``), with the same deals as apart. Premises (:class:`DealPremise`): ``made``, ``failed`` (not
made, and not a *litige*), ``litige`` (a tie held over under ``tie: litige``), ``capot``,
``belote`` (some seat scored a belote), ``takers_belote`` (a seat of the takers did).
Conclusions (:class:`DealConclusion`), each an exact equation: ``card_points_152``
(both teams' card points add up to 152), ``points_162_or_capot`` (the points, belotes
aside, add up to 162, or to ``capot_points`` with a capot), ``made_scores_own`` (made:
each team scores its own points), ``failed_takers_zero`` (failed: the takers score 0,
plus their belote where ``belote`` is ``imprenable`` or ``attack_only``),
``failed_defenders_all`` (failed: the defenders score every point of the deal plus the
belotes ``belote`` gives them: both with ``prenable``, their own with ``imprenable``,
none with ``attack_only``). A premise may be a conclusion too (``when: [takers_belote],
then: [made]`` is a claim, and a false one).
"""

from __future__ import annotations

import difflib
import random
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from itertools import combinations, cycle, islice, product
from math import comb, lcm
from operator import or_
from typing import Final, Generic, TypeVar

from .cards import SUIT_MASKS, card_str, cards_of
from .contract import Trump, point_table, tables
from .deal import BELOTE, LAST_TRICK, DealScore, belote_seats, deal_total, score_deal
from .errors import EngineError
from .play import Cascade, Rule, Step, make_ruler, make_trick_ruler
from .rules import KNOBS, PRESETS, RuleSet, presets_for
from .seats import Seat
from .simulate import RandomDeal, random_scored_deals

__all__ = [
    "DEAL_SAMPLES",
    "PLAY_SAMPLES",
    "SCORING_KNOBS",
    "CardClass",
    "Conclusion",
    "Condition",
    "Counterexample",
    "DealConclusion",
    "DealCounterexample",
    "DealLaw",
    "DealLawResult",
    "DealOutcome",
    "DealPremise",
    "LawError",
    "LawOutcome",
    "LawResult",
    "PlayLaw",
    "Premise",
    "Quantifier",
    "TrumpKind",
    "check_deal_law",
    "check_play_law",
    "counterexample_yaml",
    "position_premises",
    "scoring_variants",
]

PLAY_SAMPLES: Final = 100_000
"""Distinct full-hand positions satisfying a law's premises sampled per law and rule set."""
SEED: Final = 20261130
"""The seed of every sample: the same law gives the same counts and counterexample."""


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


@dataclass(frozen=True, slots=True)
class PlayLaw:
    """A rule statement about play positions: ``when`` premises, ``then`` conclusions.

    Building one checks that it can be checked (:class:`LawError` otherwise): each
    premise and class means something for each contract kind, and some position
    satisfies the premises.

    >>> law = PlayLaw.parse(trump="suit", when=["void", "partner_winning"], then={"may": "any"})
    >>> str(law)
    'when void and partner_winning then may: any (trump: suit)'
    """

    kinds: tuple[TrumpKind, ...]
    when: tuple[Condition, ...]
    then: tuple[Conclusion, ...]
    game: str = "belote"

    def __post_init__(self) -> None:
        problems = _play_problems(self.kinds, self.when, self.then)
        if problems:
            raise problems[0]

    def __str__(self) -> str:
        when = " and ".join(map(str, self.when)) or "always"
        then = ", ".join(map(str, self.then))
        kinds = ", ".join(k.value for k in self.kinds)
        return f"when {when} then {then} (trump: {kinds})"

    @property
    def masks(self) -> tuple[int, int]:
        """``(need, forbid)``: the premise bits a position must have and must not have."""
        return _masks(self.when)

    def covers(self, trump: Trump, trick: Sequence[int], hand: int) -> bool:
        """Whether the position (``trick`` in play order, ``hand`` a mask) is one the law
        speaks of: its contract is of one of the law's kinds and it satisfies every premise.

        A page links an example to the law of the rule that decided it; of several laws
        stating one rule, only one that covers the example's position explains it.
        """
        if _kind_of(trump) not in self.kinds:
            return False
        return _matches(_bits_of(position_premises(trump, trick, hand)), *self.masks)

    @classmethod
    def parse(
        cls,
        *,
        trump: str | Sequence[str],
        when: Sequence[str] = (),
        then: Mapping[str, str] | Sequence[tuple[str, str]],
        game: str = "belote",
    ) -> PlayLaw:
        """A law from the words of a scenario (``trump`` one kind or a list of them)."""
        return _law_or_raise(cls.parse_all(trump=trump, when=when, then=then, game=game))

    @classmethod
    def parse_all(
        cls,
        *,
        trump: str | Sequence[str],
        when: Sequence[str] = (),
        then: Mapping[str, str] | Sequence[tuple[str, str]],
        game: str = "belote",
    ) -> tuple[PlayLaw | None, list[LawError]]:
        """Like :meth:`parse`, but every problem at once (each located by ``where``):
        the law, or ``None`` and the problems."""
        problems: list[LawError] = []
        kinds = _parse_kinds(trump, problems)
        conditions = []
        for i, text in enumerate(when):
            try:
                conditions.append(Condition.parse(text))
            except LawError as e:
                problems.append(LawError(str(e), where=("when", i)))
        pairs = list(then.items()) if isinstance(then, Mapping) else list(then)
        conclusions = []
        for quantifier, value in pairs:
            try:
                conclusions.append(Conclusion.parse(quantifier, value))
            except LawError as e:
                problems.append(LawError(str(e), where=("then", quantifier)))
        if problems:
            return None, problems
        parts = (tuple(dict.fromkeys(kinds)), tuple(conditions), tuple(conclusions))
        problems = _play_problems(*parts)
        return (None, problems) if problems else (cls(*parts, game), [])


LawT = TypeVar("LawT", "PlayLaw", "DealLaw")


def _law_or_raise(parsed: tuple[LawT | None, list[LawError]]) -> LawT:
    """What each law's ``parse`` does with its ``parse_all``: the law, or its first
    problem raised (one place, so that both kinds fail alike)."""
    law, problems = parsed
    if law is None:
        raise problems[0]
    return law


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


def _play_problems(
    kinds: tuple[TrumpKind, ...], when: tuple[Condition, ...], then: tuple[Conclusion, ...]
) -> list[LawError]:
    """Every reason a play law cannot be checked, each located (``where``): no contract,
    no conclusion, a premise or class meaningless for a contract, and (only when none of
    those) premises that no position satisfies."""
    out = []
    if not kinds:
        out.append(LawError("a law needs a contract", where=("contract", "trump")))
    if not then:
        out.append(LawError("a law needs a conclusion", where=("then",)))
    for kind in kinds:
        for i, cond in enumerate(when):
            if cond.premise in _MEANINGLESS_PREMISES[kind]:
                message = f"premise {cond.premise.value} means nothing with trump: {kind.value}"
                out.append(LawError(message, where=("when", i)))
        for c in then:
            if c.card_class in _MEANINGLESS_CLASSES[kind]:
                message = f"class {c.card_class.value} means nothing with trump: {kind.value}"
                out.append(LawError(message, where=("then", c.quantifier.value)))
    if out:
        return out
    for kind in kinds:
        if not any(_space(kind).classes_matching(*_masks(when))):
            premises = " and ".join(map(str, when))
            suffix = "" if len(kinds) == 1 else f" with trump: {kind.value}"
            out.append(LawError(f"no position satisfies: {premises}{suffix}", where=("when",)))
    return out


# -- the positions ---------------------------------------------------------------

_ZONES: Final = 5
"""Zones of a hand given the trick: 0 led suit above its best card, 1 the rest of the
led suit, 2 trumps above every trump in the trick, 3 lower trumps, 4 every other card."""
_B: Final = {p: p.bit for p in Premise}


@dataclass(frozen=True, slots=True)
class _Trick:
    """A trick with what the checks need: premise bits, zones, class masks."""

    cards: tuple[int, ...]
    bits: int
    zones: tuple[int, int, int, int, int]
    follow: int
    classes: tuple[int, ...]

    @property
    def available(self) -> int:
        """The zones (bits 0-4) that hold at least one card."""
        return sum(1 << i for i, z in enumerate(self.zones) if z)


_State = tuple[tuple[int, ...], int, int, int, int, int, int]
"""A trick being built: ``(cards, taken mask, plain suits seen, winner index, winning
key, best trump or -1, best card of the led suit)``."""


def _extend(states: list[_State], trump: Trump) -> list[_State]:
    """Every trick one card longer, keeping the plain suits in their first-seen order."""
    t = tables(trump)
    plain = [s for s in range(4) if s != trump]
    strength, tmask = t.strength, t.trump_mask
    out: list[_State] = []
    for cards, taken, seen, win, top, best_trump, best_led in states:
        n = len(cards)
        key = t.win_key[cards[0] >> 3] if n else t.win_key[0]
        for c in range(32):
            if taken >> c & 1:
                continue
            s = c >> 3
            now = seen
            if s in plain[seen:]:
                if s != plain[seen]:
                    continue
                now += 1
            if not n:
                out.append(((c,), 1 << c, now, 0, t.win_key[s][c], c if tmask >> c & 1 else -1, c))
                continue
            k = key[c]
            w, tp = (n, k) if k > top else (win, top)
            bt = best_trump
            if tmask >> c & 1 and (bt < 0 or strength[c] > strength[bt]):
                bt = c
            bl = c if s == cards[0] >> 3 and strength[c] > strength[best_led] else best_led
            out.append((cards + (c,), taken | 1 << c, now, w, tp, bt, bl))
    return out


def _build_trick(state: _State, trump: Trump) -> _Trick:
    """The premises, zones and class masks of a trick."""
    cards, taken, _, win, _, best_trump, best_led = state
    t = tables(trump)
    n = len(cards)
    tmask = t.trump_mask
    avail = 0xFFFFFFFF & ~taken
    trumps = tmask & avail
    if not n:
        classes = (avail, 0, 0, trumps, trumps, 0, avail & ~tmask)
        return _Trick(cards, _B[Premise.LEADING], (0, 0, trumps, 0, avail & ~tmask), 0, classes)
    led = cards[0] >> 3
    trump_led = t.trump_like[led]
    bits = _B[Premise.FOLLOWING] | (_B[Premise.TRUMP_LED] if trump_led else _B[Premise.PLAIN_LED])
    bits |= _winner_bits(n, win, cards[win], tmask, trump_led)
    thi, tlo, lhi, llo = trumps, 0, 0, 0
    if best_trump >= 0:
        bits |= _B[Premise.TRUMP_IN_TRICK]
        thi = trumps & t.above[best_trump]
        tlo = trumps & ~thi
    follow = 0b01100 if tmask >> cards[0] & 1 else 0b00011
    if follow == 0b00011:
        led_cards = SUIT_MASKS[led] & avail
        lhi = led_cards & t.above[best_led]
        llo = led_cards & ~lhi
    other = avail & ~tmask & ~(lhi | llo)
    led_suit, higher_led = (thi | tlo, thi) if follow == 0b01100 else (lhi | llo, lhi)
    classes = (avail, led_suit, higher_led, thi | tlo, thi, tlo, avail & ~tmask)
    return _Trick(cards, bits, (lhi, llo, thi, tlo, other), follow, classes)


def _winner_bits(n: int, win: int, best: int, tmask: int, trump_led: bool) -> int:
    """The premises that say who is winning the trick, and with what."""
    trumped = not trump_led and bool(tmask >> best & 1)
    if n >= 2 and win == n - 2:
        return _B[Premise.PARTNER_WINNING] | (_B[Premise.PARTNER_TRUMPED] if trumped else 0)
    return _B[Premise.OPPONENT_WINNING] | (_B[Premise.OPPONENT_TRUMPED] if trumped else 0)


_HIGHER_ZONES: Final = 0b00101
"""The zones of cards above the trick's best: of the led suit (0) and of trumps (2)."""


@cache
def _hand_bits(trick_bits: int, follow: int, zones: int) -> int:
    """The premise bits of a position whose hand has cards in exactly ``zones``."""
    bits = trick_bits
    if follow:
        bits |= _B[Premise.CAN_FOLLOW] if zones & follow else _B[Premise.VOID]
        if zones & follow & _HIGHER_ZONES:
            bits |= _B[Premise.CAN_BEAT]
    if zones & 0b01100:
        bits |= _B[Premise.HOLDS_TRUMP]
        if not zones & 0b10011:
            bits |= _B[Premise.ONLY_TRUMPS]
        if trick_bits & _B[Premise.TRUMP_IN_TRICK]:
            if zones & 0b00100:
                bits |= _B[Premise.CAN_OVERTRUMP]
            else:
                bits |= _B[Premise.ONLY_LOWER_TRUMPS]
    return bits


def _matches(bits: int, need: int, forbid: int) -> bool:
    return bits & need == need and not bits & forbid


def _bits_of(premises: Iterable[Premise]) -> int:
    return sum(p.bit for p in premises)


def position_premises(trump: Trump, trick: Sequence[int], hand: int) -> frozenset[Premise]:
    """The premises a position satisfies: ``trick`` the cards played (in order), ``hand``
    the mask of the cards of the player to move (none of them in the trick).

    The same definitions the laws' positions are built with (:func:`_build_trick`), so a
    law holding under a rule set holds at every position of its kinds this returns its
    premises for.
    """
    t = tables(trump)
    taken, win, top, best_trump, best_led = 0, 0, -1, -1, -1
    key = t.win_key[trick[0] >> 3] if trick else t.win_key[0]
    for i, c in enumerate(trick):
        taken |= 1 << c
        if key[c] > top:
            win, top = i, key[c]
        if t.trump_mask >> c & 1 and (best_trump < 0 or t.strength[c] > t.strength[best_trump]):
            best_trump = c
        if c >> 3 == trick[0] >> 3 and (best_led < 0 or t.strength[c] > t.strength[best_led]):
            best_led = c
    built = _build_trick((tuple(trick), taken, 0, win, top, best_trump, best_led), trump)
    zones = sum(1 << i for i, zone in enumerate(built.zones) if hand & zone)
    bits = _hand_bits(built.bits, built.follow, zones)
    return frozenset(p for p in Premise if bits & p.bit)


@dataclass(frozen=True, slots=True)
class _Class:
    """Positions alike for every law: one representative trick, the zones it leaves."""

    trick: int
    bits: int
    follow: int
    available: int


@dataclass(frozen=True, slots=True, eq=False)
class _Space:
    """Every trick of a contract kind up to suit symmetry, grouped for the checks."""

    kind: TrumpKind
    tricks: tuple[_Trick, ...]
    cards: tuple[tuple[int, ...], ...]
    """The cards of each trick, as the ruler takes them."""
    classes: tuple[_Class, ...]
    groups: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]
    """``(class index, zone sizes, trick indices)``: tricks of one class with equal zone sizes."""
    patterns: tuple[tuple[tuple[int, int], ...], ...]
    """For each class, ``(zones, premise bits)`` of every hand it allows (zones non-empty)."""

    def classes_matching(self, need: int, forbid: int) -> Iterable[tuple[_Class, int]]:
        """``(class, zones)`` for every hand pattern of every class satisfying the premises."""
        for cl, patterns in zip(self.classes, self.patterns, strict=True):
            for zones, bits in patterns:
                if _matches(bits, need, forbid):
                    yield cl, zones


@cache
def _space(kind: TrumpKind) -> _Space:
    """The tricks of ``kind`` (first by size, then card order), computed once."""
    trump = kind.trump
    tricks: list[_Trick] = []
    first: dict[tuple[int, int], int] = {}
    classes: list[_Class] = []
    grouped: dict[tuple[int, tuple[int, ...]], list[int]] = {}
    states: list[_State] = [((), 0, 0, 0, 0, -1, 0)]
    for n in range(4):
        if n:
            states = _extend(states, trump)
        for state in states:
            t = _build_trick(state, trump)
            key = (t.bits, t.available)
            if key not in first:
                first[key] = len(classes)
                classes.append(_Class(len(tricks), t.bits, t.follow, t.available))
            sizes = tuple(z.bit_count() for z in t.zones)
            grouped.setdefault((first[key], sizes), []).append(len(tricks))
            tricks.append(t)
    groups = tuple((c, s, tuple(ix)) for (c, s), ix in grouped.items())
    patterns = tuple(
        tuple(
            (zones, _hand_bits(cl.bits, cl.follow, zones))
            for zones in range(1, 32)
            if not zones & ~cl.available
        )
        for cl in classes
    )
    cards = tuple(t.cards for t in tricks)
    return _Space(kind, tuple(tricks), cards, tuple(classes), groups, patterns)


# -- sampling full hands ----------------------------------------------------------

HAND: Final = 8
"""The hand size of sampled positions: the hand a deal starts with (smaller hands are
sampled only where full hands are too few)."""


@cache
def _compositions(
    sizes: tuple[int, ...], total: int = HAND, least: int = 1
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """How ``total`` cards can be taken from parts of the given sizes (at least ``least`` each).

    Returns the card counts per part and the cumulative number of card sets for each,
    so that the last number is how many sets there are, and a uniform number below it
    picks counts in proportion to their sets.
    """
    partial: list[tuple[tuple[int, ...], int, int]] = [((), 0, 1)]
    for i, size in enumerate(sizes):
        rest = sum(sizes[i + 1 :])
        after = least * (len(sizes) - i - 1)
        grown = []
        for ks, used, ways in partial:
            for k in range(max(least, total - used - rest), min(size, total - used - after) + 1):
                grown.append(((*ks, k), used + k, ways * comb(size, k)))
        partial = grown
    cumulative = []
    grand = 0
    for _, _, ways in partial:
        grand += ways
        cumulative.append(grand)
    return tuple(ks for ks, _, _ in partial), tuple(cumulative)


@cache
def _subsets(mask: int) -> tuple[tuple[int, ...], ...]:
    """The submasks of an 8-bit ``mask``, by number of cards: ``_subsets(m)[k]``."""
    by_size: list[list[int]] = [[] for _ in range(9)]
    sub = mask
    while True:
        by_size[sub.bit_count()].append(sub)
        if not sub:
            break
        sub = (sub - 1) & mask
    return tuple(tuple(sorted(b)) for b in by_size)


_Piece = tuple[int, int, int]
"""Cards of one suit: ``(shift, how many, 8-bit mask)``."""


@cache
def _pieces(zone: int) -> tuple[_Piece, ...]:
    """A zone's cards cut by suit (kept: every sample meets the same zones)."""
    out = []
    for s in range(4):
        m = zone >> 8 * s & 0xFF
        if m:
            out.append((8 * s, m.bit_count(), m))
    return tuple(out)


def _zone_list(zones: int) -> tuple[int, ...]:
    return tuple(z for z in range(_ZONES) if zones >> z & 1)


@dataclass(frozen=True, slots=True)
class _Cell:
    """Positions of one group of tricks whose hands have cards in exactly ``zones``
    (one hand size)."""

    tricks: tuple[int, ...]
    zones: tuple[int, ...]
    counts: tuple[tuple[int, ...], ...]
    cumulative: tuple[int, ...]

    @property
    def size(self) -> int:
        """How many positions the cell holds."""
        return len(self.tricks) * self.cumulative[-1]


@cache
def _cell(kind: TrumpKind, group: int, zones: int, size: int = HAND) -> _Cell | None:
    """The positions of a group of tricks with ``size`` cards in hand, in exactly ``zones``."""
    _, sizes, tricks = _space(kind).groups[group]
    zl = _zone_list(zones)
    counts, cumulative = _compositions(tuple(sizes[z] for z in zl), size)
    return _Cell(tricks, zl, counts, cumulative) if counts else None


def _cells(space: _Space, need: int, forbid: int, size: int = HAND) -> list[_Cell]:
    """The cells of hands of ``size`` cards whose positions satisfy the premises."""
    wanted = [
        [zones for zones, bits in patterns if _matches(bits, need, forbid)]
        for patterns in space.patterns
    ]
    out = []
    for gi, (cl_index, _, _) in enumerate(space.groups):
        for zones in wanted[cl_index]:
            cell = _cell(space.kind, gi, zones, size)
            if cell is not None:
                out.append(cell)
    return out


_Found = dict[int, set[int]]
"""Positions being gathered: the hands (masks) found so far for each trick index."""


def _enumerate(space: _Space, cells: Sequence[_Cell], found: _Found) -> None:
    """Add every position of the cells to ``found``."""
    for cell in cells:
        for ti in cell.tricks:
            zones = space.tricks[ti].zones
            lists = [cards_of(zones[z]) for z in cell.zones]
            hands = found.setdefault(ti, set())
            for ks in cell.counts:
                parts = [
                    [sum(1 << c for c in sub) for sub in combinations(cards, k)]
                    for cards, k in zip(lists, ks, strict=True)
                ]
                hands.update(map(sum, product(*parts)))


BLOCK: Final = 128
"""Positions drawn at once from one trick with given card counts per zone and suit."""


@cache
def _shifted(mask: int, shift: int, k: int) -> tuple[int, ...]:
    """The ``k``-card submasks of the 8-bit ``mask``, moved to their suit."""
    return tuple(m << shift for m in _subsets(mask)[k])


def _draw_lists(
    cell: _Cell, pieces: tuple[tuple[_Piece, ...], ...], rand: Callable[[], float]
) -> list[tuple[int, ...]]:
    """For one draw: each suit's card sets of the right size, rotated by a random amount."""
    ks = cell.counts[bisect_right(cell.cumulative, int(rand() * cell.cumulative[-1]))]
    lists = []
    for z, k in zip(cell.zones, ks, strict=True):
        parts = pieces[z]
        if len(parts) == 1:
            spread: tuple[int, ...] = (k,)
        else:
            counts, cum = _compositions(tuple(p[1] for p in parts), k, 0)
            spread = counts[bisect_right(cum, int(rand() * cum[-1]))]
        for (shift, _, mask), j in zip(parts, spread, strict=True):
            if j:
                sets = _shifted(mask, shift, j)
                turn = int(rand() * len(sets))
                lists.append(sets[turn:] + sets[:turn])
    return lists


def _sample(
    space: _Space, cells: Sequence[_Cell], target: int, rng: random.Random, found: _Found
) -> None:
    """Add ``target`` new distinct positions of the cells to ``found`` (at least), seeded.

    Positions are drawn in blocks: a cell and a trick in proportion to their positions,
    then how many cards the hand takes from each zone and each suit in proportion to the
    hands that do, then up to :data:`BLOCK` hands of that shape, walking each suit's
    card sets together from a random starting point (the walk runs in C, so a position
    costs a fraction of a microsecond).
    """
    cumulative = []
    total = 0
    for cell in cells:
        total += cell.size
        cumulative.append(total)
    rand = rng.random
    pieces: dict[int, tuple[tuple[_Piece, ...], ...]] = {}
    count = 0
    while count < target:
        cell = cells[bisect_right(cumulative, int(rand() * total))]
        ti = cell.tricks[int(rand() * len(cell.tricks))]
        zones = pieces.get(ti)
        if zones is None:
            zones = pieces[ti] = tuple(_pieces(z) for z in space.tricks[ti].zones)
        lists = _draw_lists(cell, zones, rand)
        walk: Iterator[int] = cycle(lists[0])
        period = len(lists[0])
        for sets in lists[1:]:
            walk = map(or_, walk, cycle(sets))
            period = lcm(period, len(sets))
        hands = found.get(ti)
        if hands is None:
            hands = found[ti] = set()
        before = len(hands)
        hands.update(islice(walk, min(BLOCK, period)))
        count += len(hands) - before


_Sample = tuple[tuple[int, tuple[int, ...]], ...]
"""Positions grouped by trick: ``(trick index, hands)``, tricks in increasing order, the
hands (masks) in the order the seeded draw found them."""


def _count(sample: _Sample) -> int:
    return sum(len(hands) for _, hands in sample)


@cache
def _positions(kind: TrumpKind, need: int, forbid: int, target: int) -> _Sample:
    """The sampled positions checked for premises ``(need, forbid)``, shared by laws.

    Full hands first: every one of them where there are at most ``target``, else
    ``target`` drawn with a fixed seed. Where full hands are too few (a hand of nothing
    but trumps while a trump is in the trick never has eight cards), hands of seven
    cards follow, then six, and so on, until ``target`` positions or every one there is.
    """
    space = _space(kind)
    found: _Found = {}
    rng = random.Random(SEED)
    left = target
    for size in range(HAND, 0, -1):
        if left <= 0:
            break
        cells = _cells(space, need, forbid, size)
        total = sum(c.size for c in cells)
        if total <= left:
            _enumerate(space, cells, found)
        else:
            _sample(space, cells, left, rng, found)
        left -= total
    return tuple((ti, tuple(found[ti])) for ti in sorted(found))


# -- checking a play law ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Counterexample:
    """A position where a law fails, as a ``kind: play`` scenario states it.

    The trick is led by N; ``seat`` is the seat to move, ``hand`` its cards, ``legal``
    the cards the rule set allows and ``rule`` the rule that decided them.
    """

    trump: Trump
    rules: RuleSet
    trick: tuple[tuple[Seat, int], ...]
    seat: Seat
    hand: tuple[int, ...]
    legal: tuple[int, ...]
    rule: Rule


@dataclass(frozen=True, slots=True)
class LawOutcome:
    """A law under one rule set: whether it holds, over how many positions, and where not.

    ``exhaustive`` counts the class representatives ruled on, ``sampled`` the full-hand
    positions; ``counterexample`` is the smallest failing position found, if any.
    """

    preset: str
    holds: bool
    exhaustive: int
    sampled: int
    counterexample: Counterexample | None = None

    @property
    def checked(self) -> int:
        """Every position ruled on."""
        return self.exhaustive + self.sampled


OutcomeT = TypeVar("OutcomeT", "LawOutcome", "DealOutcome")


@dataclass(frozen=True, slots=True)
class LawResult(Generic[OutcomeT]):
    """A law under each rule set it was checked under, in order: a play law's
    (:class:`LawOutcome`) or a deal law's (:class:`DealOutcome`, :data:`DealLawResult`)."""

    outcomes: tuple[OutcomeT, ...]

    @property
    def holds_under(self) -> frozenset[str]:
        """The rule sets under which the law holds."""
        return frozenset(o.preset for o in self.outcomes if o.holds)

    def __getitem__(self, preset: str) -> OutcomeT:
        for o in self.outcomes:
            if o.preset == preset:
                return o
        raise KeyError(preset)


@dataclass(frozen=True, slots=True)
class _Claim:
    """A law's conclusions over one space, per trick: a position holds when every legal
    card is in ``must[trick]``, every card of the hand in ``may[trick]`` is legal, and
    the rule is ``rule`` (when given); ``never`` when two rules are claimed at once."""

    must: tuple[int, ...]
    may: tuple[int, ...]
    rule: Rule | None
    never: bool


@cache
def _claim(kind: TrumpKind, then: tuple[Conclusion, ...]) -> _Claim:
    musts = [_CLASS_INDEX[c._class] for c in then if c.quantifier is Quantifier.MUST]
    mays = [_CLASS_INDEX[c._class] for c in then if c.quantifier is Quantifier.MAY]
    must, may = [], []
    for t in _space(kind).tricks:
        m, y = 0xFFFFFFFF, 0
        for i in musts:
            m &= t.classes[i]
        for i in mays:
            y |= t.classes[i]
        must.append(m)
        may.append(y)
    rules = {c.rule for c in then if c.rule is not None}
    wanted = next(iter(rules)) if len(rules) == 1 else None
    return _Claim(tuple(must), tuple(may), wanted, len(rules) > 1)


def _representatives(space: _Space, need: int, forbid: int) -> _Sample:
    """Every class of positions satisfying the premises, grouped by trick.

    The hand takes the lowest card of each of its zones.
    """
    found: _Found = {}
    for cl, zones in space.classes_matching(need, forbid):
        t = space.tricks[cl.trick]
        hand = 0
        for z in range(_ZONES):
            if zones >> z & 1:
                hand |= t.zones[z] & -t.zones[z]
        found.setdefault(cl.trick, set()).add(hand)
    return tuple((ti, tuple(sorted(found[ti]))) for ti in sorted(found))


def _order(space: _Space, trick: int, hand: int) -> tuple[int, int, tuple[int, ...], int]:
    """Smallest first: fewest cards in hand, then in the trick, then card order."""
    cards = space.tricks[trick].cards
    return (hand.bit_count(), len(cards), cards, hand)


RULING_KNOBS: Final = {
    TrumpKind.SUIT: ("undertrump", "partner_overtrump"),
    TrumpKind.NONE: (),
    TrumpKind.ALL: ("all_trump_partner",),
}
"""The knobs :func:`~.play.make_ruler` reads for each contract kind: rule sets that agree
on them rule every position alike, so a law is ruled once for all of them."""


def _behaviour(kind: TrumpKind, rules: RuleSet) -> tuple[str, ...]:
    return tuple(getattr(rules, knob) for knob in RULING_KNOBS[kind])


def _step_failures(
    step: Step, hands: list[int], must: int, may: int, wanted: Rule | None
) -> list[int]:
    """The hands decided by ``step`` (``legal = hand & step.keep``) that break the claim:
    a legal card outside ``must``, a card of ``may`` not legal, or another rule."""
    keep = step.keep
    fail = keep & ~must | may & ~keep
    wrong = wanted is not None and step.rule is not wanted
    if step.alt is None:
        return list(hands) if wrong else [h for h in hands if h & fail]
    # A hand that ``keep`` leaves whole is ruled ``alt``, every card legal.
    wrong_alt = wanted is not None and step.alt is not wanted
    outside = ~must
    return [h for h in hands if ((wrong or h & fail) if h & ~keep else (wrong_alt or h & outside))]


def _failing(cascade: Cascade, hands: Sequence[int], claim: _Claim, trick: int) -> list[int]:
    """The hands of one trick that break the claim, each ruled by the trick's cascade
    (the engine's batch ruling): the hands are split by the step that decides them, and
    the claim is tested against that step's legal cards and rule."""
    if claim.never:
        return list(hands)
    must, may, wanted = claim.must[trick], claim.may[trick], claim.rule
    bad: list[int] = []
    rest = list(hands)
    *firsts, last = cascade.steps
    for step in firsts:
        test = step.test
        mine = [h for h in rest if h & test]
        if mine:
            rest = [h for h in rest if not h & test]
            bad += _step_failures(step, mine, must, may, wanted)
        if not rest:
            return bad
    return bad + _step_failures(last, rest, must, may, wanted)


def _failures(
    space: _Space,
    rules: RuleSet,
    claim: _Claim,
    sample: _Sample,
    memo: dict[tuple[int, Cascade], list[int]] | None = None,
) -> list[tuple[int, list[int]]]:
    """The failing hands of each trick of ``sample`` under ``rules`` (tricks with none
    left out). ``memo`` keeps them by trick and cascade: rule sets that rule a trick
    alike (equal cascades) share its failures."""
    rule_trick = make_trick_ruler(space.kind.trump, rules)
    tricks = space.cards
    memo = {} if memo is None else memo
    out = []
    for ti, hands in sample:
        cascade = rule_trick(tricks[ti])
        bad = memo.get((ti, cascade))
        if bad is None:
            bad = memo[ti, cascade] = _failing(cascade, hands, claim, ti)
        if bad:
            out.append((ti, bad))
    return out


_SHARED: dict[tuple[int, int], tuple[_Claim, _Sample, dict[tuple[int, Cascade], list[int]]]] = {}
"""The failures found of a claim over a (cached) sample, by trick and cascade, for every
rule set: the three rule sets of a suit contract rule half the tricks alike."""


def _shared(claim: _Claim, sample: _Sample) -> dict[tuple[int, Cascade], list[int]]:
    found = _SHARED.get((id(claim), id(sample)))
    if found is None or found[0] is not claim or found[1] is not sample:
        found = _SHARED[id(claim), id(sample)] = (claim, sample, {})
    return found[2]


def _smallest(space: _Space, failures: list[tuple[int, list[int]]]) -> tuple[int, int] | None:
    """The smallest failing position (:func:`_order`) as ``(trick index, hand)``."""
    best = None
    for ti, hands in failures:
        key = min(_order(space, ti, h) for h in hands)
        if best is None or key < best[0]:
            best = (key, ti, key[3])
    return None if best is None else (best[1], best[2])


_Checked = tuple[int, int, tuple[int, int] | None]
"""One contract kind under one behaviour: representatives ruled, sampled positions ruled,
and the smallest failing position (``(trick index, hand)``) if any."""

_CHECKED: dict[tuple[object, ...], _Checked] = {}
"""Checks done, for laws that state the same premises and conclusions under rule sets
that rule alike (Coinche's laws repeat which-card's)."""


def _check_kind(kind: TrumpKind, rules: RuleSet, law: PlayLaw, target: int) -> _Checked:
    """A law over one contract kind under ``rules``: every class representative, then
    the sampled positions. A failing representative is never larger than a failing
    sampled position of its class (it has one card per zone of that hand, in the first
    trick of the class), so the sampled failures are searched only when every
    representative holds."""
    need, forbid = law.masks
    key = (kind, _behaviour(kind, rules), need, forbid, target, law.then)
    done = _CHECKED.get(key)
    if done is not None:
        return done
    space = _space(kind)
    claim = _claim(kind, law.then)
    reps = _representatives(space, need, forbid)
    sample = _positions(kind, need, forbid, target)
    bad = _smallest(space, _failures(space, rules, claim, reps))
    failures = _failures(space, rules, claim, sample, _shared(claim, sample))
    if bad is None:
        bad = _smallest(space, failures)
    done = _CHECKED[key] = (_count(reps), _count(sample), bad)
    return done


def _counterexample(space: _Space, rules: RuleSet, trick: int, hand: int) -> Counterexample:
    cards = space.tricks[trick].cards
    legal, rule = make_ruler(space.kind.trump, rules)(hand, cards)
    return Counterexample(
        trump=space.kind.trump,
        rules=rules,
        trick=tuple((Seat(i), c) for i, c in enumerate(cards)),
        seat=Seat(len(cards)),
        hand=tuple(cards_of(hand)),
        legal=tuple(cards_of(legal)),
        rule=rule,
    )


def _game_presets(game: str) -> dict[str, RuleSet]:
    """Every preset of ``game``, the default first (aliases such as ``official`` left out)."""
    return {name: PRESETS[name] for name in presets_for(game)}


def check_play_law(
    law: PlayLaw,
    rule_sets: Mapping[str, RuleSet] | None = None,
    *,
    samples: int = PLAY_SAMPLES,
) -> LawResult[LawOutcome]:
    """Check ``law`` under each rule set (default: every preset of its game), over every class of
    positions and over ``samples`` sampled positions, split evenly among the law's
    contract kinds (module docstring).

    Rule sets that rule alike (:data:`RULING_KNOBS`) share one check, and every law with
    the same premises shares the sampled positions and their rulings: the counts are
    the same positions, each ruled under each rule set's rules. Deterministic: the same
    law and rule sets give the same counts and counterexamples.
    """
    presets = _game_presets(law.game) if rule_sets is None else dict(rule_sets)
    per_kind = -(-samples // len(law.kinds))
    done: dict[tuple[tuple[str, ...], ...], list[_Checked]] = {}
    outcomes = []
    for name, rules in presets.items():
        key = tuple(_behaviour(kind, rules) for kind in law.kinds)
        if key not in done:
            done[key] = [_check_kind(kind, rules, law, per_kind) for kind in law.kinds]
        checked = done[key]
        worst: tuple[tuple[int, int, tuple[int, ...], int], TrumpKind, int, int] | None = None
        for kind, (_, _, bad) in zip(law.kinds, checked, strict=True):
            if bad is not None:
                order = _order(_space(kind), *bad)
                if worst is None or order < worst[0]:
                    worst = (order, kind, *bad)
        example = None
        if worst is not None:
            example = _counterexample(_space(worst[1]), rules, worst[2], worst[3])
        exhaustive = sum(c[0] for c in checked)
        sampled = sum(c[1] for c in checked)
        outcomes.append(LawOutcome(name, worst is None, exhaustive, sampled, example))
    return LawResult(tuple(outcomes))


def counterexample_yaml(example: Counterexample) -> str:
    """The counterexample as a ``kind: play`` scenario that ``explainer check`` passes.

    >>> law = PlayLaw.parse(trump="suit", when=["void", "partner_winning"], then={"may": "any"})
    >>> print(counterexample_yaml(check_play_law(law, samples=0)["house"].counterexample), end="")
    kind: play
    contract: {trump: hearts, rules: house}
    trick: [N: 7S, E: 8H, S: 8S]
    hand: {seat: W, cards: [7H, 9H]}
    expect: {legal: [9H], rule: partner-wins}
    """
    rules = example.rules
    base = PRESETS.get(rules.name)
    if base == rules:
        rules_text = rules.name
    else:
        changed = base.knobs if base is not None else {}
        knobs = ", ".join(f"{k}: {v}" for k, v in rules.knobs.items() if changed.get(k) != v)
        rules_text = f"{{preset: {rules.name}, {knobs}}}"
    lines = ["kind: play", f"contract: {{trump: {example.trump.word}, rules: {rules_text}}}"]
    if example.trick:
        plays = ", ".join(f"{s.name}: {card_str(c)}" for s, c in example.trick)
        lines.append(f"trick: [{plays}]")
    hand = ", ".join(card_str(c) for c in example.hand)
    lines.append(f"hand: {{seat: {example.seat.name}, cards: [{hand}]}}")
    legal = ", ".join(card_str(c) for c in example.legal)
    lines.append(f"expect: {{legal: [{legal}], rule: {example.rule.value}}}")
    return "\n".join(lines) + "\n"


# -- deal laws --------------------------------------------------------------------

DEAL_SAMPLES: Final = 10_000
"""Random legal deals a deal law is checked over, per rule set (split among its contracts)."""


class DealPremise(Enum):
    """A fact about a played deal (the module docstring defines each)."""

    MADE = "made"
    FAILED = "failed"
    LITIGE = "litige"
    CAPOT = "capot"
    BELOTE = "belote"
    TAKERS_BELOTE = "takers_belote"


class DealConclusion(Enum):
    """An equation a played deal satisfies (the module docstring defines each)."""

    CARD_POINTS_152 = "card_points_152"
    POINTS_162_OR_CAPOT = "points_162_or_capot"
    MADE_SCORES_OWN = "made_scores_own"
    FAILED_TAKERS_ZERO = "failed_takers_zero"
    FAILED_DEFENDERS_ALL = "failed_defenders_all"


@dataclass(frozen=True, slots=True)
class DealLaw:
    """A rule statement about whole deals: ``when`` premises (each maybe negated), ``then``.

    >>> law = DealLaw.parse(trump=["suit", "none", "all"], then=["card_points_152"])
    >>> check_deal_law(law, samples=300)["house"].holds
    True
    """

    kinds: tuple[TrumpKind, ...]
    when: tuple[tuple[DealPremise, bool], ...]
    then: tuple[DealConclusion | DealPremise, ...]
    game: str = "belote"

    def __post_init__(self) -> None:
        if not self.kinds:
            raise LawError("a law needs a contract", where=("contract", "trump"))
        if not self.then:
            raise LawError("a law needs a conclusion", where=("then",))
        for i, (premise, _) in enumerate(self.when):
            if premise in (DealPremise.BELOTE, DealPremise.TAKERS_BELOTE):
                for kind in self.kinds:
                    if kind is not TrumpKind.SUIT:
                        raise LawError(
                            f"premise {premise.value} means nothing with trump: {kind.value}",
                            where=("when", i),
                        )
        premises = {p for p, negated in self.when if not negated}
        if {DealPremise.MADE, DealPremise.FAILED} <= premises:
            raise LawError("no deal satisfies: made and failed", where=("when",))

    @classmethod
    def parse(
        cls,
        *,
        trump: str | Sequence[str],
        when: Sequence[str] = (),
        then: Sequence[str],
        game: str = "belote",
    ) -> DealLaw:
        """A deal law from the words of a scenario."""
        return _law_or_raise(cls.parse_all(trump=trump, when=when, then=then, game=game))

    @classmethod
    def parse_all(
        cls,
        *,
        trump: str | Sequence[str],
        when: Sequence[str] = (),
        then: Sequence[str],
        game: str = "belote",
    ) -> tuple[DealLaw | None, list[LawError]]:
        """Like :meth:`parse`, but every problem at once: the law, or ``None`` and them."""
        problems: list[LawError] = []
        kinds = _parse_kinds(trump, problems) if trump else []
        names = [p.value for p in DealPremise]
        conditions = []
        for i, text in enumerate(when):
            words = str(text).split()
            negated = len(words) == 2 and words[0] == "not"
            name = words[-1] if len(words) in (1, 2) else str(text)
            if name not in names or (len(words) == 2 and not negated):
                problems.append(LawError(_unknown("premise", str(text), names), where=("when", i)))
            else:
                conditions.append((DealPremise(name), negated))
        conclusions: list[DealConclusion | DealPremise] = []
        names = [c.value for c in DealConclusion] + names
        for i, text in enumerate(then):
            if text not in names:
                problems.append(LawError(_unknown("conclusion", text, names), where=("then", i)))
            elif text in DealConclusion._value2member_map_:
                conclusions.append(DealConclusion(text))
            else:
                conclusions.append(DealPremise(text))
        if problems:
            return None, problems
        try:
            return cls(tuple(dict.fromkeys(kinds)), tuple(conditions), tuple(conclusions), game), []
        except LawError as e:
            return None, [e]


SCORING_KNOBS: Final = (
    "tie",
    "belote",
    "capot_points",
    "all_trump_points",
    "all_trump_belote",
    "belote_bonus",
)
"""The knobs that change how a played deal is scored, not how it is played."""


def scoring_variants(game: str = "belote") -> dict[str, RuleSet]:
    """Every preset of ``game`` and, for each, every other value of each scoring knob.

    Labelled ``house`` or ``house, belote: imprenable``; a deal law is checked under
    each, so that it is known to hold under every scoring knob value.
    """
    out = {}
    for name in presets_for(game):
        base = PRESETS[name]
        out[name] = base
        for knob in SCORING_KNOBS:
            if knob not in KNOBS or game not in KNOBS[knob].games:
                continue
            for value in KNOBS[knob].values:
                if value != getattr(base, knob):
                    out[f"{name}, {knob}: {value}"] = base.with_knobs(**{knob: value})
    return out


@dataclass(frozen=True, slots=True)
class _Scored:
    """A played deal scored under one rule set."""

    deal: RandomDeal
    card_points: tuple[int, int]
    belotes: tuple[Seat, ...]
    score: DealScore
    facts: frozenset[DealPremise] = frozenset()
    """The premises the deal satisfies (:func:`_facts`), found once."""


def _scored_deal(
    deal: RandomDeal, card_points: tuple[int, int], belotes: tuple[Seat, ...], score: DealScore
) -> _Scored:
    takers = deal.taker & 1
    facts = _facts(
        score.made,
        bool(score.held),
        score.capot is not None,
        bool(belotes),
        any(seat & 1 == takers for seat in belotes),
    )
    return _Scored(deal, card_points, belotes, score, facts)


def _rescore(deal: RandomDeal, rules: RuleSet) -> _Scored:
    """Score a deal played under another rule set with the same play knobs under ``rules``."""
    trump = deal.trump
    card_points = deal.card_points
    if trump == Trump.ALL and rules.all_trump_points != deal.rules.all_trump_points:
        table = point_table(trump, rules.all_trump_points)
        team = [0, 0]
        for i, w in enumerate(deal.winners):
            team[w & 1] += sum(table[c] for c in deal.cards[4 * i : 4 * i + 4])
        card_points = (team[0], team[1])
    belotes = belote_seats(trump, deal.hands, rules)
    score = score_deal(card_points, deal.winners, belotes, deal.taker, rules, trump=trump)
    return _scored_deal(deal, card_points, belotes, score)


@cache
def _facts(
    made: bool, litige: bool, capot: bool, belote: bool, takers_belote: bool
) -> frozenset[DealPremise]:
    """The premises a scored deal satisfies (:class:`DealPremise`), from what decides them."""
    return frozenset(
        premise
        for premise, true in (
            (DealPremise.MADE, made),
            (DealPremise.FAILED, not made and not litige),
            (DealPremise.LITIGE, litige),
            (DealPremise.CAPOT, capot),
            (DealPremise.BELOTE, belote),
            (DealPremise.TAKERS_BELOTE, takers_belote),
        )
        if true
    )


def _deal_holds(conclusion: DealConclusion | DealPremise, s: _Scored, rules: RuleSet) -> bool:
    """Whether one conclusion is true of a deal scored under ``rules`` (the conclusions
    that need no belote bonus are decided first: this runs for every deal)."""
    if isinstance(conclusion, DealPremise):
        return conclusion in s.facts
    score = s.score
    if conclusion is DealConclusion.CARD_POINTS_152:
        return sum(s.card_points) == 152
    if conclusion is DealConclusion.MADE_SCORES_OWN:
        return not score.made or score.score == score.points
    failed = not score.made and not score.held
    if not failed and conclusion is not DealConclusion.POINTS_162_OR_CAPOT:
        return True  # the failed conclusions say nothing of this deal
    takers = s.deal.taker & 1
    bonus = [0, 0]
    for seat in s.belotes:
        bonus[seat & 1] += BELOTE
    if rules.belote == "attack_only":
        bonus[takers ^ 1] = 0  # the defenders' belote never counts
    whole = rules.capot_total if score.capot is not None else 152 + LAST_TRICK
    if conclusion is DealConclusion.POINTS_162_OR_CAPOT:
        return sum(score.points) - sum(bonus) == whole
    if conclusion is DealConclusion.FAILED_TAKERS_ZERO:
        return score.score[takers] == (0 if rules.belote == "prenable" else bonus[takers])
    given = sum(bonus) if rules.belote == "prenable" else bonus[takers ^ 1]
    every = deal_total(rules, s.deal.trump, capot=score.capot is not None)
    return score.score[takers ^ 1] == every + given


_DEAL_POOLS: dict[tuple[Trump, tuple[str, ...]], tuple[random.Random, list[RandomDeal]]] = {}


def _kind_of(trump: Trump) -> TrumpKind:
    return {Trump.NONE: TrumpKind.NONE, Trump.ALL: TrumpKind.ALL}.get(trump, TrumpKind.SUIT)


def _pool(trump: Trump, rules: RuleSet) -> tuple[random.Random, list[RandomDeal]]:
    """The stream of deals played as ``rules`` play (:data:`RULING_KNOBS`; the other
    knobs only score), so rule sets that play alike (``house`` and ``pagat_belote``), and
    laws that ask for fewer or more deals, share one simulation."""
    key = (trump, _behaviour(_kind_of(trump), rules))
    return _DEAL_POOLS.setdefault(key, (random.Random(SEED + trump), []))


def _deals(trump: Trump, rules: RuleSet, count: int) -> list[RandomDeal]:
    """The first ``count`` of a seeded stream of random legal deals under ``rules``.

    The taker and the leader turn from deal to deal.
    """
    _fill(trump, [rules], count)
    return _pool(trump, rules)[1][:count]


def _fill(trump: Trump, rule_sets: Iterable[RuleSet], count: int) -> None:
    """Extend the streams of ``rule_sets`` to ``count`` deals, playing the streams that
    stand at the same deal together (:func:`~.simulate.random_scored_deals`: a deal is
    played again only under the rule sets that rule one of its plays otherwise).

    Each stream keeps its own generator, seeded alike, so a stream's deals are the same
    whichever streams were played with it."""
    groups: dict[int, dict[tuple[str, ...], RuleSet]] = {}
    for rules in rule_sets:
        rng, pool = _pool(trump, rules)
        if len(pool) < count:
            groups.setdefault(len(pool), {}).setdefault(_behaviour(_kind_of(trump), rules), rules)
    for start, group in groups.items():
        members = list(group.values())
        pools = [_pool(trump, rules) for rules in members]
        rng = pools[0][0]
        for i in range(start, count):
            deals = random_scored_deals(
                rng, trump, members, taker=Seat(i & 3), leader=Seat(i >> 2 & 3)
            )
            for (_, pool), deal in zip(pools, deals, strict=True):
                pool.append(deal)
        for other, _ in pools[1:]:
            other.setstate(rng.getstate())


@dataclass(frozen=True, slots=True)
class DealCounterexample:
    """A deal where a law fails: the contract, the rule set and the deal as played."""

    trump: Trump
    rules: RuleSet
    deal: RandomDeal
    conclusion: DealConclusion | DealPremise


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """A deal law under one rule set: whether it holds, over how many deals, and where not.

    ``deals`` counts the deals played, ``matching`` those that satisfied the premises.
    """

    preset: str
    holds: bool
    deals: int
    matching: int
    counterexample: DealCounterexample | None = None


DealLawResult = LawResult["DealOutcome"]
"""A deal law under each rule set it was checked under (one result type for both kinds)."""


_ScoredKey = tuple[Trump, tuple[str, ...], tuple[str, ...], int]
_SCORED: dict[_ScoredKey, list[_Scored]] = {}


def _scored_key(trump: Trump, rules: RuleSet, count: int) -> _ScoredKey:
    """What the first ``count`` deals of the stream, scored under ``rules``, depend on:
    the play knobs and the scoring knobs that apply to ``trump``. Rule sets that play and
    score alike have one key (``house`` and ``pagat_belote``, or the all-trump knobs
    outside all-trump): the same deals, and the same outcome of a law over them."""
    scoring = [k for k in SCORING_KNOBS if trump == Trump.ALL or not k.startswith("all_trump")]
    return (
        trump,
        _behaviour(_kind_of(trump), rules),
        tuple(str(getattr(rules, k)) for k in scoring),
        count,
    )


def _scored(trump: Trump, rules: RuleSet, count: int) -> list[_Scored]:
    """The first ``count`` deals of the stream, scored under ``rules`` (kept under
    :func:`_scored_key`)."""
    key = _scored_key(trump, rules, count)
    found = _SCORED.get(key)
    if found is None:
        found = _SCORED[key] = [
            _scored_deal(deal, deal.card_points, deal.belotes, _own_score(deal))
            if deal.rules is rules or deal.rules == rules
            else _rescore(deal, rules)
            for deal in _deals(trump, rules, count)
        ]
    return found


def _own_score(deal: RandomDeal) -> DealScore:
    return DealScore(deal.points, deal.capot, deal.made, deal.score, deal.held)


def check_deal_law(
    law: DealLaw,
    rule_sets: Mapping[str, RuleSet] | None = None,
    *,
    samples: int = DEAL_SAMPLES,
) -> DealLawResult:
    """Check ``law`` under each rule set (default: :func:`scoring_variants` of its game) over
    ``samples`` random legal deals each, split evenly among the law's contract kinds
    (seeded, so repeatable). The deal is played under the rule set's play knobs and scored
    under the rule set.
    """
    presets = scoring_variants(law.game) if rule_sets is None else dict(rule_sets)
    per_kind = -(-samples // len(law.kinds))
    for kind in law.kinds:
        _fill(kind.trump, presets.values(), per_kind)
    outcomes = []
    done: dict[tuple[_ScoredKey, ...], DealOutcome] = {}
    for name, rules in presets.items():
        key = tuple(_scored_key(kind.trump, rules, per_kind) for kind in law.kinds)
        if key not in done:  # the same scored deals: the same outcome
            played = [_scored(kind.trump, rules, per_kind) for kind in law.kinds]
            done[key] = _deal_outcome(law, rules, played)
        o = done[key]
        failure = o.counterexample
        if failure is not None:
            failure = DealCounterexample(failure.trump, rules, failure.deal, failure.conclusion)
        outcomes.append(DealOutcome(name, o.holds, o.deals, o.matching, failure))
    return LawResult(tuple(outcomes))


def _deal_outcome(law: DealLaw, rules: RuleSet, played: list[list[_Scored]]) -> DealOutcome:
    """The law over the deals of each of its contract kinds, scored under ``rules``."""
    deals = matching = 0
    failure: DealCounterexample | None = None
    need = {p for p, negated in law.when if not negated}
    forbid = {p for p, negated in law.when if negated}
    for kind, scored_deals in zip(law.kinds, played, strict=True):
        deals += len(scored_deals)
        for scored in scored_deals:
            if not need <= scored.facts or not forbid.isdisjoint(scored.facts):
                continue
            matching += 1
            for c in law.then:
                if failure is None and not _deal_holds(c, scored, rules):
                    failure = DealCounterexample(kind.trump, rules, scored.deal, c)
    return DealOutcome(rules.name, failure is None, deals, matching, failure)
