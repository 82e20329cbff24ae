"""The Practice page: positions drawn by the engine, answered by the engine.

Every position is a moment of a random trick (from a fixed seed): hands dealt from a
shuffled pack, each card of the trick drawn among the legal ones by the engine's ruler, and
the hand of the seat to play. The engine rules it (:func:`~explainer.engine.legal_cards`)
under every rule set the site shows (the presets of classic Belote,
:func:`practice_presets`), and positions are kept until each rule id that occurs under
each rule set has :data:`PER_RULE` of them. A position counts for a rule set when it is
shown under that rule set or the rule set rules it the same way (same allowed
cards, same rule id); where rule sets differ the page says so, as on the rules pages.

Nothing here is prose: the page shows the engine's verdicts in the reader's language
(:class:`~explainer.i18n.names.Words`). The same seed gives the same page, so the site
stays deterministic.

>>> ps = draw_positions()
>>> ps == draw_positions() and len({p.id for p in ps}) == len(ps)
True
>>> {Rule.LEAD, Rule.CLIMB, Rule.UNDERTRUMP, Rule.DISCARD} <= {p.rule for p in ps}
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
position of such a contract is shown under another rule set (the play rules agree there:
none of the presets' play knobs differ at no-trump or all-trump)."""


def practice_presets() -> tuple[tuple[str, RuleSet], ...]:
    """The rule sets the site shows: the presets of classic Belote (aliases left out), in
    name order."""
    return tuple((name, PRESETS[name]) for name in sorted(presets_for("belote")))


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


def _position(m: _Moment, name: str, rulings: Mapping[str, Ruling]) -> Position:
    ruling = rulings[name]
    rules = PRESETS[name]
    hand = sort_for_display(tuple(c for c in range(32) if m.hand >> c & 1), m.trump)
    legal = tuple(c for c in hand if c in ruling.legal)
    restricted = ruling.rule is Rule.PARTNER_WINS and len(legal) < len(hand)
    others = tuple(
        PresetNote(other, tuple(c for c in hand if c in r.legal), r.rule)
        for other, r in sorted(rulings.items())
        if PRESETS[other] != rules and r.legal != ruling.legal
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
        others=others,
    )


def _numbered(ps: list[Position]) -> tuple[Position, ...]:
    from dataclasses import replace

    return tuple(replace(p, id=f"position-{n}", number=n) for n, p in enumerate(ps, 1))


@cache
def draw_positions(seed: int = SEED, per_rule: int = PER_RULE) -> tuple[Position, ...]:
    """The Practice page's positions: for every rule set and every rule id that occurs
    under it, at least ``per_rule`` positions, in a shuffled (seeded) order.

    Two rounds keep the page short: the first takes only positions every rule set rules
    alike (they count for all of them), the second fills in where the rule sets differ.
    """
    rng = random.Random(seed)
    counts: Counter[tuple[str, Rule]] = Counter()
    chosen: list[Position] = []
    for shared, quiet in ((True, QUIET_DEALS // 8), (False, QUIET_DEALS)):
        chosen += _draw(rng, counts, per_rule, shared=shared, quiet=quiet)
    rng.shuffle(chosen)
    return _numbered(chosen)


def _shown_under(
    presets: tuple[tuple[str, RuleSet], ...], attempt: int, trump: Trump
) -> tuple[str, RuleSet]:
    """The rule set a deal's positions are shown under: the presets in turn, but a
    no-trump or all-trump deal is never shown under a preset whose document has no such
    contract (:data:`NO_SUIT_TRUMP`)."""
    name, rules = presets[attempt % len(presets)]
    if trump >= Trump.NONE and name in NO_SUIT_TRUMP:
        return next((n, r) for n, r in presets if n not in NO_SUIT_TRUMP)
    return name, rules


def _draw(
    rng: random.Random,
    counts: Counter[tuple[str, Rule]],
    per_rule: int,
    *,
    shared: bool,
    quiet: int,
) -> list[Position]:
    """Positions from random deals that bring a ``(rule set, rule id)`` below ``per_rule``
    up (``shared``: only positions all rule sets rule alike); updates ``counts``."""
    presets = practice_presets()
    chosen: list[Position] = []
    met, quiet_since = len(counts), 0
    for attempt in range(MAX_DEALS):
        trump = rng.choice(_TRUMPS)
        name, rules = _shown_under(presets, attempt, trump)
        rulers = [(n, make_ruler(trump, r)) for n, r in presets]
        shown_ruler = make_ruler(trump, rules)
        for m in _moments(rng, trump, shown_ruler):
            trick = tuple(c for _, c in m.trick)
            shown = shown_ruler(m.hand, trick)
            if all(counts[(n, shown[1])] >= per_rule for n, _ in presets):
                continue  # every rule set has enough of this rule id already
            ruled = {n: ruler(m.hand, trick) for n, ruler in rulers}
            alike = [n for n, _ in presets if ruled[n] == shown]
            if shared and len(alike) < len(presets):
                continue
            if any(counts[(n, shown[1])] < per_rule for n in alike):
                rulings = {n: Ruling(CardSet(mask), rule) for n, (mask, rule) in ruled.items()}
                chosen.append(_position(m, name, rulings))
                counts.update((n, shown[1]) for n in alike)
        if len(counts) > met:
            met, quiet_since = len(counts), attempt
        if all(v >= per_rule for v in counts.values()) and attempt - quiet_since >= quiet:
            break
    return chosen


def coverage(positions: tuple[Position, ...]) -> Counter[tuple[str, Rule]]:
    """How many positions count for each ``(rule set, rule id)``: the rule set rules the
    position as the page shows it (same allowed cards, same rule id)."""
    counts: Counter[tuple[str, Rule]] = Counter()
    for p in positions:
        trick = [c for _, _, c in p.trick]
        trump = p.contract.trump
        shown = _key(legal_cards(p.hand, trick, trump, p.rules))
        for name, rules in practice_presets():
            if _key(legal_cards(p.hand, trick, trump, rules)) == shown:
                counts[(name, p.rule)] += 1
    return counts
