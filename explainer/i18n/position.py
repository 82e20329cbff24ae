"""The words of the "your position" page that the worked examples do not have.

The page rules a position the reader types in, so it refuses what the check refuses:
each message of :data:`CHECK_MESSAGES` is, in English, exactly the message ``explainer
check`` gives for that problem in a ``kind: play`` scenario
(``explainer/scenarios/kinds/play.py`` and the reader; a test feeds both the same
positions and compares), with its values as ``%(name)s`` placeholders that the page's
script fills. The verbs of an illegal play ("must climb") are the engine's own
(:func:`~explainer.engine.why_illegal`), translated under :data:`PLAY_VERB`
(:mod:`explainer.i18n.rule_texts` extracts them from the engine).

:data:`DEAL_MESSAGES` are the deal calculator's own refusals: a count that no deal can
have, a rule the rule set does not play.

Translator comments start with ``# NOTE:`` (extract with ``-c NOTE:``).
"""

from __future__ import annotations

from typing import Final

from explainer.engine import Rule

from .catalog import Catalog
from .markers import P_
from .names import typeset
from .rule_texts import PLAY_VERB, play_verb

__all__ = ["CHECK_MESSAGES", "DEAL_MESSAGES", "FIELD_LABELS", "field_labels", "pattern", "verb"]

Marked = tuple[str, str]

CHECK_MESSAGES: Final[dict[str, Marked]] = {
    # NOTE: A position the page refuses, as `explainer check` words it (keep the
    # technical words' spirit: this is a message about what was typed). %(n)s is the
    # play's number in the trick, %(text)s what was typed, quoted.
    "not-a-play": P_(
        "position check", "trick.%(n)s: a play is one 'SEAT: CARD' pair, got %(text)s"
    ),
    # NOTE: %(text)s is what was typed where a card goes, quoted ('ZZ'). KS and 10H are
    # card codes as typed (king of spades, ten of hearts): keep them.
    "bad-card": P_(
        "position check", "invalid card: %(text)s (expected a rank and a suit, like KS or 10H)"
    ),
    # NOTE: As above, with the cards the reader may have meant: %(cards)s is a list of
    # card codes ("QS, KS, JS or AS"), joined with the message "%(a)s or %(b)s".
    "bad-card-guess": P_(
        "position check",
        "invalid card: %(text)s (expected a rank and a suit, like KS or 10H; did you mean"
        " %(cards)s?)",
    ),
    # NOTE: The last two cards of the list of cards a mistyped card may have meant:
    # "JS or AS" (the others are joined with commas).
    "or": P_("position check", "%(a)s or %(b)s"),
    # NOTE: %(text)s is what was typed where a seat goes, quoted. N, E, S, W are the
    # seat letters the page's input uses in every language.
    "bad-seat": P_("position check", "invalid seat: %(text)s (expected N, E, S or W)"),
    # NOTE: %(card)s is a card code (7S).
    "twice-in-trick": P_("position check", "duplicate card: %(card)s is played twice in the trick"),
    # NOTE: Seats are the letters N, E, S, W as typed.
    "out-of-turn": P_(
        "position check", "play out of turn: %(seat)s plays after %(before)s, expected %(expected)s"
    ),
    # NOTE: %(n)s is 3: the plays a trick holds before the player to move.
    "too-many-before-hand": P_(
        "position check", "too many plays: a trick holds %(n)s plays before the hand to move"
    ),
    # NOTE: %(n)s is 4.
    "too-many": P_("position check", "too many plays: a trick holds %(n)s plays at most"),
    # NOTE: hand.seat is the name of the field in a scenario (the player to move); seats
    # are the letters N, E, S, W.
    "seat-out-of-turn": P_(
        "position check",
        "play out of turn: hand.seat is %(seat)s, but after %(last)s it is %(expected)s's turn",
    ),
    # NOTE: hand.cards is the name of the field in a scenario (the hand's cards).
    "hand-too-big": P_("position check", "hand.cards: %(n)s cards, at most %(max)s"),
    # NOTE: %(card)s is a card code (7S).
    "in-trick-and-hand": P_(
        "position check", "duplicate card: %(card)s is both in the trick and in the hand"
    ),
    # NOTE: A card written twice in the hand; %(card)s is a card code (7S).
    "twice-in-hand": P_("position check", "duplicate card: %(card)s"),
    # NOTE: No hand was given, and the trick is not finished. %(n)s: its plays.
    "no-hand": P_(
        "position check", "trick: without a hand, the trick must hold all four plays (got %(n)s)"
    ),
    # NOTE: The card to play is not one of the hand's; %(card)s is a card code.
    "not-in-hand": P_("position check", "illegal play: %(card)s is not in the hand"),
    # NOTE: The card to play may not be played: %(why)s is the reason and the allowed
    # cards ("must climb: 9S").
    "illegal-play": P_("position check", "illegal play: %(card)s (%(why)s)"),
    # NOTE: A card to play was given without a hand.
    "play-needs-hand": P_("position check", "play: needs a hand to play from"),
}
"""The check's messages for a position, by the key the page's script reports."""

DEAL_MESSAGES: Final[dict[str, Marked]] = {
    # NOTE: A deal's trick that is not a list of plays as the page writes them:
    # %(t)s is the trick's number, %(n)s the play's, %(text)s what was typed, quoted.
    "not-a-deal-play": P_(
        "position deal", "tricks.%(t)s.%(n)s: a play is one 'SEAT: CARD' pair, got %(text)s"
    ),
    # NOTE: The engine's messages for a deal that cannot have happened, as `explainer
    # check` shows them: %(n)s a count.
    "deal-tricks": P_("position deal", "a deal has 8 tricks, got %(n)s"),
    # NOTE: %(t)s is the trick's number, %(n)s its plays.
    "deal-trick-size": P_("position deal", "trick %(t)s has %(n)s plays, expected 4"),
    # NOTE: %(card)s is a card code (7S); %(first)s and %(second)s are tricks' numbers.
    "deal-twice": P_(
        "position deal", "%(card)s is played twice (trick %(first)s and trick %(second)s)"
    ),
    # NOTE: %(seat)s is a seat letter (N); %(n)s the cards it plays in the deal.
    "deal-seat-cards": P_("position deal", "%(seat)s plays %(n)s cards, expected 8"),
    # NOTE: The first card of trick %(t)s is played by the wrong seat (letters N, E, S, W).
    "deal-leads-out-of-turn": P_(
        "position deal", "play out of turn in trick %(t)s: %(seat)s leads, expected %(expected)s"
    ),
    # NOTE: A later card of trick %(t)s is played by the wrong seat.
    "deal-plays-out-of-turn": P_(
        "position deal", "play out of turn in trick %(t)s: %(seat)s plays, expected %(expected)s"
    ),
    # NOTE: %(why)s is the reason and the allowed cards ("must climb: 9S").
    "deal-illegal": P_(
        "position deal", "illegal play in trick %(t)s: %(seat)s plays %(card)s (%(why)s)"
    ),
    # NOTE: The deal calculator refuses card points that no deal has: %(ns)s and %(ew)s
    # are what was typed for each team, %(sum)s their sum, %(total)s what the cards of a
    # deal are worth in this contract.
    "card-points": P_(
        "position deal",
        "card points: %(ns)s + %(ew)s = %(sum)s, but the cards of a deal are worth %(total)s",
    ),
    # NOTE: %(field)s names the box ("Card points of North-South"); %(most)s the largest
    # number it takes.
    "not-a-number": P_("position deal", "%(field)s: a whole number from 0 to %(most)s"),
    # NOTE: Declarations were entered under a rule set that plays none: %(rules)s is
    # its name ("house rules", "FFB classic rules (2016)").
    "declarations-off": P_("position deal", "no declarations are played under the %(rules)s"),
    # NOTE: A surcoinche under a rule set that has none: %(rules)s is its name.
    "surcoinche-off": P_("position deal", "there is no surcoinche under the %(rules)s"),
    # NOTE: A coinched classic Belote contract under a rule set that has no coinche:
    # %(rules)s is its name.
    "coinche-off": P_("position deal", "there is no coinche under the %(rules)s"),
}
"""The deal calculator's refusals, by the key the page's script reports."""

FIELD_LABELS: Final[dict[str, Marked]] = {
    # NOTE: The label of a box of the deal calculator: the card points one team won
    # (%(team)s: "North-South").
    "points": P_("position", "Card points of %(team)s"),
    # NOTE: The label of a box of the deal calculator: what one team scores for its
    # declarations (%(team)s: "North-South").
    "declarations": P_("position", "Declarations of %(team)s"),
}
"""The labels of the deal calculator's number boxes (also named in its messages)."""


def field_labels(catalog: Catalog, team_names: tuple[str, str]) -> dict[str, str]:
    """The number boxes' labels by field name: ``ns``, ``ew`` (card points), ``dns``,
    ``dew`` (declarations), given the two teams' names in ``catalog``'s language."""
    out = {}
    for prefix, key in (("", "points"), ("d", "declarations")):
        for field, team in zip(("ns", "ew"), team_names, strict=True):
            out[prefix + field] = typeset(catalog.lang, catalog.p(FIELD_LABELS[key], team=team))
    return out


def pattern(catalog: Catalog, marked: Marked) -> str:
    """A message in ``catalog``'s language with its ``%(name)s`` placeholders left for
    the page's script to fill (typeset for the language, as every sentence)."""
    return typeset(catalog.lang, catalog.pgettext(*marked))


def verb(catalog: Catalog, rule: Rule) -> str:
    """The engine's reason for an illegal play under ``rule`` in ``catalog``'s language."""
    return typeset(catalog.lang, catalog.pgettext(PLAY_VERB, play_verb(rule)))
