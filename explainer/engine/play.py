"""Play obligations: which cards the player to move may play, and the rule that decided.

The engine's hot path. :func:`make_ruler` binds one contract's tables and one rule
set into a closure over plain ints (a hand is a 32-bit mask, a trick a sequence of
card ints), so a ruling costs a few table reads and bit operations. :func:`legal_cards`,
:func:`verdict` and :func:`rulings_by_preset` are the readable face over it.

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
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Final

from .cards import SUIT_MASKS, Card, CardSet, Mask, card_str, cards_of, parse_card
from .contract import TRUMP_KEY, Trump, point_table, tables
from .errors import IllegalPlayError, InvalidDealError, InvalidRuleError, did_you_mean
from .rules import HOUSE, PRESETS, RuleSet
from .seats import Seat

__all__ = [
    "Rule",
    "Ruler",
    "Ruling",
    "TrickResult",
    "Verdict",
    "check_play",
    "legal_cards",
    "make_ruler",
    "rulings_by_preset",
    "score_trick",
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
