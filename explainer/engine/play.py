"""Play obligations: which cards the player to move may play, and the rule that decided.

The engine's hot path. :func:`make_ruler` binds one contract's tables and one rule
set into a closure over plain ints (a hand is a 32-bit mask, a trick a sequence of
card ints), so a ruling costs a few table reads and bit operations. :func:`legal_cards`,
:func:`verdict` and :func:`rulings_by_preset` are the readable face over it.

Many hands after one trick (the laws' check) take the batch face: given the trick,
every ruling is the hand's cards in one of a few masks, chosen by which of a few other
masks the hand meets. :func:`make_trick_ruler` turns a trick into that
:class:`Cascade` of ``(test, keep, rule)`` steps once, and :meth:`Cascade.rule_all`
rules a list of hands in one comprehension, with no Python call per hand: the per-call
ruler is bound by the cost of a call, the batch is not.

The rules, first that applies (``Rule``): ``lead`` an empty trick, any card;
``climb`` beat the best card of a trump-like led suit when you can (at all-trump, with
``all_trump_partner: free``, not over a winning partner); ``follow`` the led suit; void
in it, ``partner-wins`` lets you play anything (but with ``partner_overtrump`` required,
no trump lower than your partner's if you hold a higher one); otherwise ``trump`` when
nobody has, ``overtrump`` when an opponent has and you can beat it, ``undertrump`` when
you cannot and must play a trump (``undertrump: required``, or a hand of nothing but
trumps), ``no-undertrump`` when a lower trump is barred (``undertrump: forbidden``), and
``discard`` when nothing binds.

>>> from .cards import CardSet
>>> from .contract import Trump
>>> hand = CardSet.parse("QS 9D 7D 10H")
>>> trick = [parse_card("8D"), parse_card("9C")]
>>> r = legal_cards(hand, trick, Trump.DIAMONDS)
>>> r.rule, str(r.legal)
(<Rule.CLIMB: 'climb'>, '9D')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from typing import Final, TypeVar

from .cards import FULL_DECK, SUIT_MASKS, Card, CardSet, Mask, card_str, cards_of, parse_card
from .contract import TRUMP_KEY, Trump, point_table, tables
from .errors import IllegalPlayError, InvalidDealError, InvalidRuleError, did_you_mean
from .rules import HOUSE, PRESETS, RuleSet
from .seats import Seat

__all__ = [
    "Cascade",
    "Rule",
    "Ruler",
    "Ruling",
    "Step",
    "TrickResult",
    "TrickRuler",
    "Verdict",
    "check_play",
    "legal_cards",
    "make_ruler",
    "make_trick_ruler",
    "rulings_by_preset",
    "score_trick",
    "trick_cascade",
    "trick_winner",
    "verdict",
    "why_illegal",
]


class Rule(Enum):
    """The rule that decided which cards are legal (stable ids, shown translated on the site).

    Each member's docstring is the sentence that is true of the legal cards it returns;
    ``tests/engine/test_rule_ids.py`` checks it over every kind of position.
    """

    LEAD = "lead"
    """The trick is empty: every card of the hand."""
    FOLLOW = "follow"
    """The hand holds the led suit and need not (or cannot) beat its best card: every
    card of the led suit."""
    CLIMB = "climb"
    """The led suit ranks as trump (the trump suit, or any suit at all-trump) and the hand
    can beat its best card: only those higher cards, even over the partner (unless
    ``all_trump_partner: free`` at all-trump)."""
    PARTNER_WINS = "partner-wins"
    """A trump-suit contract, void in the led suit, the partner winning: every card, except
    that with ``partner_overtrump: required``, when the partner's card is a trump and the
    hand holds a higher one, no lower trump."""
    TRUMP = "trump"
    """Void in a plain led suit, an opponent winning, no trump in the trick yet: every
    trump of the hand."""
    OVERTRUMP = "overtrump"
    """Void, an opponent winning with a trump the hand can beat: only the higher trumps."""
    UNDERTRUMP = "undertrump"
    """Void, an opponent winning with a trump the hand cannot beat, and a trump must be
    played (``undertrump: required``, or the hand holds nothing but trumps): every trump."""
    NO_UNDERTRUMP = "no-undertrump"
    """Void, an opponent winning with a trump the hand cannot beat, ``undertrump:
    forbidden`` and the hand holds other cards: every card but the trumps."""
    DISCARD = "discard"
    """Void, and nothing binds (no trump in the hand, a no-trump or all-trump contract, or
    ``undertrump: optional`` with other cards in the hand): every card."""

    @classmethod
    def parse(cls, text: str) -> Rule:
        """A rule from its id; :class:`InvalidRuleError` naming the ids otherwise."""
        try:
            return cls(text)
        except ValueError:
            ids = [r.value for r in cls]
            raise InvalidRuleError(
                f"unknown rule: {text!r}{did_you_mean(text, ids)} (expected one of {', '.join(ids)})"
            ) from None


Ruler = Callable[[Mask, Sequence[Card]], tuple[Mask, Rule]]
"""``ruler(hand_mask, trick_cards) -> (legal_mask, rule)``."""

PARTNER_BACK: Final = 2
"""How many plays before the player to move the partner played: in a trick of ``n``
cards the partner's card, if any, is at index ``n - PARTNER_BACK`` (the second player's
partner has not played: index -1 never wins)."""

_VERB: Final = {
    Rule.FOLLOW: "must follow",
    Rule.CLIMB: "must climb",
    Rule.PARTNER_WINS: "partner wins, no lower trump",
    Rule.TRUMP: "must trump",
    Rule.OVERTRUMP: "must overtrump",
    Rule.UNDERTRUMP: "must undertrump",
    Rule.NO_UNDERTRUMP: "may not undertrump",
    Rule.LEAD: "may lead",
    Rule.DISCARD: "may discard",
}


@cache
def make_ruler(trump: Trump, rules: RuleSet = HOUSE) -> Ruler:
    """The legal-card function of one contract under one rule set (built once, cached).

    The returned function takes the hand as a mask and the trick so far as card ints
    in play order, and returns the legal cards as a mask with the deciding :class:`Rule`.
    The knobs are read here, once, so a ruling reads only locals.
    """
    t = tables(trump)
    above = t.above
    win_key = t.win_key
    trump_like = t.trump_like
    trump_mask = t.trump_mask
    suits = SUIT_MASKS
    no_trump_suit = trump >= Trump.NONE
    # Climbing over a winning partner is optional only at all-trump, with the knob.
    climb_over_partner = trump != Trump.ALL or rules.all_trump_partner == "climb"
    under_required = rules.undertrump == "required"
    under_forbidden = rules.undertrump == "forbidden"
    partner_over = rules.partner_overtrump == "required"
    back = PARTNER_BACK
    trump_key = TRUMP_KEY
    LEAD, FOLLOW, CLIMB, PARTNER = Rule.LEAD, Rule.FOLLOW, Rule.CLIMB, Rule.PARTNER_WINS
    TRUMP, OVER, UNDER, DISCARD = Rule.TRUMP, Rule.OVERTRUMP, Rule.UNDERTRUMP, Rule.DISCARD
    NO_UNDER = Rule.NO_UNDERTRUMP

    def ruler(hand: Mask, trick: Sequence[Card]) -> tuple[Mask, Rule]:
        if not trick:
            return hand, LEAD
        best = trick[0]
        led = best >> 3
        in_suit = hand & suits[led]
        # The commonest rulings need no best card: following a plain suit, and a void
        # hand at no-trump or all-trump.
        if in_suit:
            if not trump_like[led]:
                return in_suit, FOLLOW
        elif no_trump_suit:
            return hand, DISCARD
        # The best card so far (``best``, its key ``top``) and its index ``win``.
        n = len(trick)
        key = win_key[led]
        top = key[best]
        win = 0
        if n > 1:
            c = trick[1]
            if key[c] > top:
                best, top, win = c, key[c], 1
            if n > 2:
                c = trick[2]
                if key[c] > top:
                    best, top, win = c, key[c], 2
        if in_suit:  # the led suit ranks as trump
            if climb_over_partner or win != n - back:
                higher = in_suit & above[best]
                if higher:
                    return higher, CLIMB
            return in_suit, FOLLOW
        trumps = hand & trump_mask
        if win == n - back:  # the partner is winning
            if partner_over and top >= trump_key:  # ... with a trump
                higher = trumps & above[best]
                if higher:
                    return hand & ~(trumps ^ higher), PARTNER
            return hand, PARTNER
        if not trumps:
            return hand, DISCARD
        if top >= trump_key:  # an opponent is winning with a trump
            higher = trumps & above[best]
            if higher:
                return higher, OVER
            if under_required or trumps == hand:
                return trumps, UNDER
            if under_forbidden:
                return hand ^ trumps, NO_UNDER
            return hand, DISCARD
        return trumps, TRUMP

    return ruler


# -- many hands, one trick: the batch face of the ruler ----------------------------------

_T = TypeVar("_T")
_Flat = tuple[tuple[Mask, Mask, _T], ...]
"""A cascade's steps as ``(test, keep, rule)``, the form the comprehensions read; or as
``(test, keep, step index)`` where a step has an ``alt``."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a :class:`Cascade`: a hand holding a card of ``test`` may play its
    cards in ``keep`` (``legal = hand & keep``), by ``rule``; or by ``alt``, when one is
    given and ``keep`` leaves every card of the hand (``no-undertrump``'s step: a hand
    with no trump to keep back merely discards)."""

    test: Mask
    keep: Mask
    rule: Rule
    alt: Rule | None = None

    def rule_one(self, hand: Mask) -> tuple[Mask, Rule]:
        """This step's ruling of ``hand``."""
        legal = hand & self.keep
        if self.alt is not None and legal == hand:
            return legal, self.alt
        return legal, self.rule


@dataclass(frozen=True, slots=True)
class Cascade:
    """How one trick is ruled under one contract and rule set, for every hand at once.

    The first step whose ``test`` meets the hand decides; the last step decides every
    other hand (the empty one too). Given the trick, every ruling is the hand's cards in
    one of a few masks (module docstring), so a trick needs at most five steps, computed
    once by :func:`make_trick_ruler`. ``cascade(hand) == ruler(hand, trick)`` for every
    32-bit hand (``tests/engine/test_batch_ruling.py``), and :meth:`rule_all` rules
    many hands in one comprehension, without a call per hand.
    """

    steps: tuple[Step, ...]
    _flat: _Flat[Rule] = field(init=False, repr=False, compare=False)
    _marked: tuple[_Flat[Rule | None], Rule, Rule] | None = field(
        init=False, repr=False, compare=False
    )
    _batch: bool = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # The steps as the comprehensions read them, once per cascade, not per call. A
        # step with an ``alt`` is marked by ``None`` in place of its rule (another step
        # may give the same rule, without an ``alt``), its two rules kept beside.
        steps = self.steps
        flat = tuple((s.test, s.keep, s.rule) for s in steps)
        alts = [(i, s.alt) for i, s in enumerate(steps) if s.alt is not None]
        marked = None
        if len(alts) == 1:
            ((i, alt),) = alts
            test, keep, rule = flat[i]
            marked = ((*flat[:i], (test, keep, None), *flat[i + 1 :]), rule, alt)
        object.__setattr__(self, "_flat", flat)
        object.__setattr__(self, "_marked", marked)
        object.__setattr__(self, "_batch", len(steps) <= len(_BY_LENGTH) and len(alts) < 2)
        object.__setattr__(self, "_hash", hash(steps))

    def __hash__(self) -> int:
        """The steps' hash, computed once (the laws look cascades up by value, to share
        the work of rule sets that rule a trick alike)."""
        return self._hash

    def __call__(self, hand: Mask) -> tuple[Mask, Rule]:
        """The legal cards of ``hand`` and the deciding rule, as the ruler returns them."""
        steps = self.steps
        for step in steps[:-1]:
            if hand & step.test:
                return step.rule_one(hand)
        return steps[-1].rule_one(hand)

    def rule_all(self, hands: Iterable[Mask]) -> list[tuple[Mask, Rule]]:
        """``[cascade(hand) for hand in hands]``, several times faster: one comprehension
        per cascade length, the steps' masks in locals, so a hand costs a few ``&`` and no
        call. The hands the step with an ``alt`` decides (``no-undertrump``'s) get their
        rule in a second pass. A cascade no trick needs (more steps than the unrolled
        comprehensions, or two steps with an ``alt``) rules hand by hand."""
        flat, marked = self._flat, self._marked
        if not self._batch:
            return [self(h) for h in hands]
        if marked is None:
            return _BY_LENGTH[len(flat) - 1](flat, hands)
        hands = hands if isinstance(hands, list | tuple) else list(hands)
        steps, rule, alt = marked
        return [
            (legal, r) if r is not None else (legal, alt if legal == hand else rule)
            for (legal, r), hand in zip(_BY_LENGTH[len(flat) - 1](steps, hands), hands, strict=True)
        ]


def _rule_1(flat: _Flat[_T], hands: Iterable[Mask]) -> list[tuple[Mask, _T]]:
    ((_, kz, rz),) = flat
    return [(h & kz, rz) for h in hands]


def _rule_2(flat: _Flat[_T], hands: Iterable[Mask]) -> list[tuple[Mask, _T]]:
    (t0, k0, r0), (_, kz, rz) = flat
    return [(h & k0, r0) if h & t0 else (h & kz, rz) for h in hands]


def _rule_3(flat: _Flat[_T], hands: Iterable[Mask]) -> list[tuple[Mask, _T]]:
    (t0, k0, r0), (t1, k1, r1), (_, kz, rz) = flat
    return [(h & k0, r0) if h & t0 else (h & k1, r1) if h & t1 else (h & kz, rz) for h in hands]


def _rule_4(flat: _Flat[_T], hands: Iterable[Mask]) -> list[tuple[Mask, _T]]:
    (t0, k0, r0), (t1, k1, r1), (t2, k2, r2), (_, kz, rz) = flat
    return [
        (h & k0, r0)
        if h & t0
        else (h & k1, r1)
        if h & t1
        else (h & k2, r2)
        if h & t2
        else (h & kz, rz)
        for h in hands
    ]


def _rule_5(flat: _Flat[_T], hands: Iterable[Mask]) -> list[tuple[Mask, _T]]:
    (t0, k0, r0), (t1, k1, r1), (t2, k2, r2), (t3, k3, r3), (_, kz, rz) = flat
    return [
        (h & k0, r0)
        if h & t0
        else (h & k1, r1)
        if h & t1
        else (h & k2, r2)
        if h & t2
        else (h & k3, r3)
        if h & t3
        else (h & kz, rz)
        for h in hands
    ]


_BY_LENGTH: Final = (_rule_1, _rule_2, _rule_3, _rule_4, _rule_5)
"""The comprehension for a cascade of each length (no trick needs more than five steps)."""

TrickRuler = Callable[[Sequence[Card]], Cascade]
"""``trick_ruler(trick_cards) -> Cascade``: the ruling of every hand after that trick."""


def _pruned(steps: list[Step]) -> Cascade:
    """The cascade without the steps that can never decide: a step whose test lies
    inside the earlier steps' tests (a hand meeting it met one of them first)."""
    seen = 0
    kept = []
    for step in steps[:-1]:
        if step.test & ~seen:
            kept.append(step)
            seen |= step.test
    return Cascade((*kept, steps[-1]))


@cache
def make_trick_ruler(trump: Trump, rules: RuleSet = HOUSE) -> TrickRuler:
    """The batch face of :func:`make_ruler`: a function of a trick (card ints in play
    order) returning its :class:`Cascade`, which rules any number of hands.

    The same decisions in the same order as the ruler, taken on masks instead of a hand:
    whatever the ruler reads of the hand (does it hold a card of the led suit, of the
    cards that beat the best one, of the higher or the lower trumps, only trumps?)
    becomes a step's test. Build the cascade once per trick, then
    ``cascade.rule_all(hands)``: for a hundred hands or more per trick the building is a
    small part of the cost.
    """
    t = tables(trump)
    above, win_key, trump_like, trump_mask = t.above, t.win_key, t.trump_like, t.trump_mask
    plain = FULL_DECK & ~trump_mask
    no_trump_suit = trump >= Trump.NONE
    climb_over_partner = trump != Trump.ALL or rules.all_trump_partner == "climb"
    partner_over = rules.partner_overtrump == "required"
    lead = Cascade((Step(FULL_DECK, FULL_DECK, Rule.LEAD),))
    discard = Step(FULL_DECK, FULL_DECK, Rule.DISCARD)
    # After an opponent's trump the hand cannot beat: the undertrump knob's steps.
    under_steps = {
        "required": [Step(trump_mask, trump_mask, Rule.UNDERTRUMP), discard],
        "forbidden": [
            Step(plain, plain, Rule.NO_UNDERTRUMP, Rule.DISCARD),
            Step(trump_mask, FULL_DECK, Rule.UNDERTRUMP),
            discard,
        ],
        "optional": [
            Step(plain, FULL_DECK, Rule.DISCARD),
            Step(trump_mask, FULL_DECK, Rule.UNDERTRUMP),
            discard,
        ],
    }[rules.undertrump]

    def void_steps(best: Card, top: int, partner: bool) -> list[Step]:
        """The steps of a hand void in the led suit (as the ruler, after ``in_suit``)."""
        if no_trump_suit:
            return [discard]
        higher = trump_mask & above[best]
        if partner:
            steps = [Step(FULL_DECK, FULL_DECK, Rule.PARTNER_WINS)]
            if partner_over and top >= TRUMP_KEY:
                lower = trump_mask & ~higher
                steps.insert(0, Step(higher, FULL_DECK & ~lower, Rule.PARTNER_WINS))
            return steps
        if top >= TRUMP_KEY:
            return [Step(higher, higher, Rule.OVERTRUMP), *under_steps]
        return [Step(trump_mask, trump_mask, Rule.TRUMP), discard]

    def build(led: int, best: Card, top: int, partner: bool) -> Cascade:
        suit = SUIT_MASKS[led]
        steps = []
        if trump_like[led] and (climb_over_partner or not partner):
            steps.append(Step(suit & above[best], suit & above[best], Rule.CLIMB))
        steps.append(Step(suit, suit, Rule.FOLLOW))
        return _pruned(steps + void_steps(best, top, partner))

    # A cascade depends on the trick only through the led suit, the best card and
    # whether the partner plays it: built once per such triple (at most 256), then read.
    built: dict[int, Cascade] = {}

    def trick_ruler(trick: Sequence[Card]) -> Cascade:
        if not trick:
            return lead
        best = trick[0]
        led = best >> 3
        key = win_key[led]
        top, win, n = key[best], 0, len(trick)
        for i in range(1, n):
            if key[trick[i]] > top:
                best, top, win = trick[i], key[trick[i]], i
        partner = win == n - PARTNER_BACK
        index = (led << 6) | (best << 1) | partner
        cascade = built.get(index)
        if cascade is None:
            cascade = built[index] = build(led, best, top, partner)
        return cascade

    return trick_ruler


def trick_cascade(trick: Sequence[Card], trump: Trump, rules: RuleSet = HOUSE) -> Cascade:
    """The :class:`Cascade` of ``trick`` (0-3 cards in play order) under ``trump`` and
    ``rules``: ``trick_cascade(trick, trump).rule_all(hands)``."""
    return make_trick_ruler(trump, rules)(tuple(trick))


def _mask(cards: CardSet | Iterable[Card] | Mask) -> Mask:
    if isinstance(cards, int):
        return cards
    if isinstance(cards, CardSet):
        return cards.mask
    m = 0
    for c in cards:
        m |= 1 << c
    return m


@dataclass(frozen=True, slots=True)
class Ruling:
    """The legal cards of a hand and the rule that decided them."""

    legal: CardSet
    rule: Rule


@dataclass(frozen=True, slots=True)
class Verdict:
    """One card of a hand: may it be played, and the rule that allows or forbids it."""

    card: Card
    legal: bool
    rule: Rule


def legal_cards(
    hand: CardSet | Iterable[Card] | Mask,
    trick: Sequence[Card],
    trump: Trump,
    rules: RuleSet = HOUSE,
) -> Ruling:
    """The legal cards of ``hand`` after ``trick`` (0-3 cards in play order), and why."""
    mask, rule = make_ruler(trump, rules)(_mask(hand), tuple(trick))
    return Ruling(CardSet(mask), rule)


def verdict(
    card: Card,
    hand: CardSet | Iterable[Card] | Mask,
    trick: Sequence[Card],
    trump: Trump,
    rules: RuleSet = HOUSE,
) -> Verdict:
    """Whether ``card`` of ``hand`` may be played, with the rule that decided.

    Raises :class:`IllegalPlayError` when the card is not in the hand.
    """
    hand_mask = _mask(hand)
    if not hand_mask >> card & 1:
        raise IllegalPlayError(f"illegal play: {card_str(card)} is not in the hand", card=card)
    mask, rule = make_ruler(trump, rules)(hand_mask, tuple(trick))
    return Verdict(card, bool(mask >> card & 1), rule)


def check_play(
    card: Card,
    hand: CardSet | Iterable[Card] | Mask,
    trick: Sequence[Card],
    trump: Trump,
    rules: RuleSet = HOUSE,
) -> Ruling:
    """Return the ruling if ``card`` may be played; raise :class:`IllegalPlayError` if not.

    The message names the rule and the allowed cards: ``illegal play: 7S (must climb: 9S)``.
    """
    hand_mask = _mask(hand)
    mask, rule = make_ruler(trump, rules)(hand_mask, tuple(trick))
    if not hand_mask >> card & 1:
        raise IllegalPlayError(
            f"illegal play: {card_str(card)} is not in the hand",
            card=card,
            rule=rule,
            allowed=mask,
        )
    if not mask >> card & 1:
        raise IllegalPlayError(
            f"illegal play: {card_str(card)} ({why_illegal(rule, mask)})",
            card=card,
            rule=rule,
            allowed=mask,
        )
    return Ruling(CardSet(mask), rule)


def why_illegal(rule: Rule, allowed: Mask) -> str:
    """The reason part of an illegal-play message: ``must climb: 9S``."""
    return f"{_VERB[rule]}: " + " ".join(card_str(c) for c in cards_of(allowed))


def rulings_by_preset(
    hand: CardSet | Iterable[Card] | Mask, trick: Sequence[Card], trump: Trump
) -> dict[str, Ruling]:
    """The same position under every preset, so a page can say where the variants differ."""
    return {name: legal_cards(hand, trick, trump, rules) for name, rules in PRESETS.items()}


def trick_winner(trick: Sequence[Card], trump: Trump) -> int:
    """The index (0-3) in ``trick`` of the card that wins it: highest trump, else highest of the led suit."""
    key = tables(trump).win_key[trick[0] >> 3]
    win = 0
    for i in range(1, len(trick)):
        if key[trick[i]] > key[trick[win]]:
            win = i
    return win


@dataclass(frozen=True, slots=True)
class TrickResult:
    """A finished trick: who won it and what its cards are worth.

    ``card_points`` are in play order, so a page can show ``11 + 10 + 0 + 20 = 41``.
    """

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat
    winning_card: Card
    card_points: tuple[int, ...]

    @property
    def points(self) -> int:
        """The card points of the trick."""
        return sum(self.card_points)

    @property
    def breakdown(self) -> str:
        """The points as a sum: ``11 + 10 + 0 + 20 = 41``."""
        return " + ".join(map(str, self.card_points)) + f" = {self.points}"


def score_trick(
    cards: Sequence[Card], trump: Trump, leader: Seat = Seat.N, rules: RuleSet = HOUSE
) -> TrickResult:
    """Winner and points of a finished trick of four cards led by ``leader``.

    The card points are those of ``rules``' ``all_trump_points`` scale at all-trump.
    Raises :class:`InvalidDealError` unless there are four cards.

    >>> r = score_trick([parse_card(c) for c in "AS 10S 7S JH".split()], Trump.HEARTS, Seat.S)
    >>> r.winner, r.breakdown
    (<Seat.E: 1>, '11 + 10 + 0 + 20 = 41')
    """
    if len(cards) != 4:
        raise InvalidDealError(f"a finished trick has 4 cards, got {len(cards)}")
    win = trick_winner(cards, trump)
    points = point_table(trump, rules.all_trump_points)
    return TrickResult(
        leader=leader,
        cards=tuple(cards),
        winner=leader.after(win),
        winning_card=cards[win],
        card_points=tuple(points[c] for c in cards),
    )


_ = parse_card  # used by the doctests
