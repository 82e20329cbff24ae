"""The Practice page: positions drawn by the engine, answered by the engine.

Every position is a moment of a random trick (from a fixed seed): hands dealt from a
shuffled pack, each card of the trick drawn among the legal ones by the engine's ruler, and
the hand of the seat to play. The engine rules it (:func:`~explainer.engine.legal_cards`)
under the site's rule set (its default, ``[tool.explainer] rules``: a club drills its
own rules), and positions are kept until each rule id that occurs under it has
:data:`PER_RULE` of them. Where a preset the site compares with (``compare``, by default
the game's presets) rules a position otherwise, the page says so, as on the rules pages.

Nothing here is prose: the page shows the engine's verdicts in the reader's language
(:class:`~explainer.i18n.names.Words`). The same seed gives the same page, so the site
stays deterministic.

>>> ps = draw_positions()
>>> ps == draw_positions() and len({p.id for p in ps}) == len(ps)
True
>>> {Rule.LEAD, Rule.CLIMB, Rule.UNDERTRUMP, Rule.DISCARD} <= {p.rule for p in ps}
True
>>> Rule.NO_UNDERTRUMP in {p.rule for p in ps}  # the house rules never forbid it
False
>>> forbidden = HOUSE.with_knobs(undertrump="forbidden")
>>> Rule.NO_UNDERTRUMP in {p.rule for p in draw_positions(rules=forbidden)}
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Final

from explainer.engine import (
    DECK,
    HOUSE,
    PRESETS,
    CardSet,
    Contract,
    Rule,
    Ruler,
    RuleSet,
    Ruling,
    Seat,
    Trump,
    Verdict,
    cards_of,
    legal_cards,
    make_ruler,
    mask_of,
    presets_for,
)
from explainer.scenarios.kinds.play import PresetNote

from .examples import sort_for_display

__all__ = ["PER_RULE", "SEED", "Position", "coverage", "draw_positions", "practice_presets"]

SEED: Final = 2026
"""The fixed seed of the page's random deals: the same seed, the same page."""
PER_RULE: Final = 3
"""Positions wanted for every rule id under every rule set (where the rule can occur)."""
QUIET_DEALS: Final = 2000
"""The drawing stops when every rule id met so far has its positions and no new one was
met in this many tricks (an eighth of them in the first, shared round): a rule id never
met cannot occur under that rule set (undertrumping under rules that never oblige it)."""
MAX_DEALS: Final = 10000
"""A bound on each round of the drawing, whatever happens."""
_TRUMPS: Final = (Trump.SPADES, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS, Trump.NONE, Trump.ALL)
HAND_SIZES: Final = (2, 3, 4, 5)
"""Positions from the second half of a deal: hands of two to five cards (short hands make
the rarer cases, such as a hand of nothing but trumps, come up often enough)."""


@dataclass(frozen=True, slots=True)
class Position:
    """One question of the Practice page: the trick so far, the hand to play, the answer.

    It has the fields the templates' play macros read (as :class:`~.examples.PlayView`).
    """

    id: str
    number: int
    contract: Contract
    rules: RuleSet
    trick: tuple[tuple[int, Seat, int], ...]
    """``(number, seat, card)`` in play order, numbered from 1."""
    seat: Seat
    hand: tuple[int, ...]
    legal: tuple[int, ...]
    rule: Rule
    restricted: bool
    verdicts: tuple[Verdict, ...]
    others: tuple[PresetNote, ...]

    @property
    def at_table(self) -> tuple[tuple[Seat, int | None, int | None], ...]:
        """``(seat, number, card)`` for N, E, S, W, as :attr:`.PlayView.at_table`."""
        played = {seat: (n, c) for n, seat, c in self.trick}
        return tuple((seat, *played.get(seat, (None, None))) for seat in Seat)


NO_SUIT_TRUMP: Final = frozenset({"pagat_belote"})
"""Presets whose document has no no-trump or all-trump contract (Pagat's Belote): a
position of such a contract is not compared with them, and when the site's rule set is
one of them it draws no such contract."""


def practice_presets() -> tuple[tuple[str, RuleSet], ...]:
    """The presets of classic Belote (aliases left out), in name order (the tables of
    where they differ)."""
    return tuple((name, PRESETS[name]) for name in sorted(presets_for("belote")))


def _compared(rules: RuleSet, compare: tuple[str, ...] | None) -> tuple[tuple[str, RuleSet], ...]:
    """The presets a position is compared with: ``compare`` (every preset of the game
    when ``None``) but the shown rule set itself."""
    names = presets_for(_game(rules)) if compare is None else compare
    return tuple((n, PRESETS[n]) for n in names if n in PRESETS and PRESETS[n] != rules)


def _game(rules: RuleSet) -> str:
    game = getattr(rules, "game", "belote")
    return game if isinstance(game, str) else "belote"


@dataclass(frozen=True, slots=True)
class _Moment:
    trump: Trump
    seat: Seat
    hand: int
    trick: tuple[tuple[Seat, int], ...]


def _moments(rng: random.Random, trump: Trump, ruler: Ruler) -> Iterator[_Moment]:
    """The four moments of one trick, played at random among the legal cards: four hands
    of :data:`HAND_SIZES` cards from a shuffled pack (the cards of the earlier tricks are
    the rest), a random leader, and each seat's hand as its turn comes."""
    size = rng.choice(HAND_SIZES)
    deck = rng.sample(DECK, 4 * size)
    hands = [mask_of(deck[i * size : (i + 1) * size]) for i in range(4)]
    seat = Seat(rng.randrange(4))
    trick: list[tuple[Seat, int]] = []
    for _ in range(4):
        hand = hands[seat]
        yield _Moment(trump, seat, hand, tuple(trick))
        legal = cards_of(ruler(hand, tuple(c for _, c in trick))[0])
        trick.append((seat, legal[int(rng.random() * len(legal))]))
        seat = seat.next


def _key(r: Ruling) -> tuple[int, Rule]:
    return r.legal.mask, r.rule


def _position(m: _Moment, rules: RuleSet, ruling: Ruling, others: Mapping[str, Ruling]) -> Position:
    hand = sort_for_display(tuple(c for c in range(32) if m.hand >> c & 1), m.trump)
    legal = tuple(c for c in hand if c in ruling.legal)
    restricted = ruling.rule is Rule.PARTNER_WINS and len(legal) < len(hand)
    notes = tuple(
        PresetNote(other, tuple(c for c in hand if c in r.legal), r.rule)
        for other, r in others.items()
        if r.legal != ruling.legal
    )
    return Position(
        id="",
        number=0,
        contract=Contract(m.trump, _game(rules)),
        rules=rules,
        trick=tuple((i + 1, seat, c) for i, (seat, c) in enumerate(m.trick)),
        seat=m.seat,
        hand=hand,
        legal=legal,
        rule=ruling.rule,
        restricted=restricted,
        verdicts=tuple(Verdict(c, c in ruling.legal, ruling.rule) for c in hand),
        others=notes,
    )


def _numbered(ps: list[Position]) -> tuple[Position, ...]:
    from dataclasses import replace

    return tuple(replace(p, id=f"position-{n}", number=n) for n, p in enumerate(ps, 1))


@cache
def draw_positions(
    seed: int = SEED,
    per_rule: int = PER_RULE,
    *,
    rules: RuleSet = HOUSE,
    compare: tuple[str, ...] | None = None,
    preset: str | None = None,
) -> tuple[Position, ...]:
    """The Practice page's positions under ``rules`` (the site's default rule set): for
    every rule id that occurs under it, at least ``per_rule`` positions, in a shuffled
    (seeded) order, each with how the presets of ``compare`` rule it where they differ.
    ``preset`` is the preset ``rules`` starts from (a site's own rule set is named for
    the site, not for its preset; ``None``: ``rules.name``): under one of
    :data:`NO_SUIT_TRUMP`, only suit contracts are drawn.

    Two rounds keep the page's notes few: the first takes only positions every compared
    preset rules alike, the second fills in the rule ids that need the others.
    """
    rng = random.Random(seed)
    counts: Counter[Rule] = Counter()
    chosen: list[Position] = []
    others = _compared(rules, compare)
    suits_only = (preset or rules.name) in NO_SUIT_TRUMP
    for shared, quiet in ((True, QUIET_DEALS // 8), (False, QUIET_DEALS)):
        how = _Drawing(rules, others, shared, quiet, suits_only)
        chosen += _draw(rng, counts, per_rule, how)
    rng.shuffle(chosen)
    return _numbered(chosen)


@dataclass(frozen=True, slots=True)
class _Drawing:
    """One round of the drawing: the rule set shown, those compared, whether a position
    must be ruled alike by all, and how long a quiet spell ends it."""

    rules: RuleSet
    others: tuple[tuple[str, RuleSet], ...]
    shared: bool
    quiet: int
    suits_only: bool = False
    """The rule set is, or starts from, a preset of :data:`NO_SUIT_TRUMP`."""

    @property
    def trumps(self) -> list[Trump]:
        """The contracts drawn: a suit only where :attr:`suits_only`."""
        return [t for t in _TRUMPS if t < Trump.NONE or not self.suits_only]

    def compared(self, trump: Trump) -> tuple[tuple[str, RuleSet], ...]:
        """The rule sets compared at ``trump``: none whose document lacks the contract."""
        if trump < Trump.NONE:
            return self.others
        return tuple((n, r) for n, r in self.others if n not in NO_SUIT_TRUMP)


def _draw(
    rng: random.Random, counts: Counter[Rule], per_rule: int, how: _Drawing
) -> list[Position]:
    """Positions from random deals that bring a rule id below ``per_rule`` up (in the
    shared round, only positions every compared preset rules alike); updates ``counts``."""
    chosen: list[Position] = []
    met, quiet_since = len(counts), 0
    for attempt in range(MAX_DEALS):
        trump = rng.choice(how.trumps)
        shown_ruler = make_ruler(trump, how.rules)
        rulers = [(n, make_ruler(trump, r)) for n, r in how.compared(trump)]
        for m in _moments(rng, trump, shown_ruler):
            trick = tuple(c for _, c in m.trick)
            shown = shown_ruler(m.hand, trick)
            if counts[shown[1]] >= per_rule:
                continue  # enough of this rule id already
            ruled = {n: ruler(m.hand, trick) for n, ruler in rulers}
            if how.shared and any(r != shown for r in ruled.values()):
                continue
            rulings = {n: Ruling(CardSet(mask), rule) for n, (mask, rule) in ruled.items()}
            chosen.append(_position(m, how.rules, Ruling(CardSet(shown[0]), shown[1]), rulings))
            counts[shown[1]] += 1
        if len(counts) > met:
            met, quiet_since = len(counts), attempt
        if all(v >= per_rule for v in counts.values()) and attempt - quiet_since >= how.quiet:
            break
    return chosen


def coverage(positions: tuple[Position, ...]) -> Counter[Rule]:
    """How many positions there are of each rule id, each checked again against the
    engine under the position's rules (same allowed cards, same rule id)."""
    counts: Counter[Rule] = Counter()
    for p in positions:
        trick = [c for _, _, c in p.trick]
        ruling = legal_cards(p.hand, trick, p.contract.trump, p.rules)
        if _key(ruling) == (CardSet(sum(1 << c for c in p.legal)).mask, p.rule):
            counts[p.rule] += 1
    return counts
