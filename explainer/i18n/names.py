"""Names and sentences the site builds from engine values, marked for translation.

Every string here is an English source string wrapped in :func:`~explainer.i18n.markers.P_`
(or ``NP_``), so Babel extracts it with its context; :class:`Words` looks them up in
one language's :class:`~explainer.i18n.catalog.Catalog` when a page is rendered.

The engine answers with data (a card int, a :class:`~explainer.engine.Rule`); this
module turns that data into words: card, rank, suit and seat names, the contract in
words, and one sentence per rule id, both for why the allowed cards are allowed and
why another card is not.

Translator comments start with ``# NOTE:`` (extract with ``-c NOTE:``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cached_property
from typing import Any, Final

from babel.lists import format_list

from explainer.engine import (
    PRESETS,
    Contract,
    Rank,
    Rule,
    RuleSet,
    Seat,
    Suit,
    Team,
    Trump,
    card_rank,
    card_suit,
)

from .catalog import Catalog
from .markers import NP_, P_

__all__ = [
    "CARD_NAME",
    "GAME_NAMES",
    "HAND_OF",
    "ILLEGAL_SENTENCES",
    "PRESET_NAMES",
    "RANK_LETTERS",
    "RANK_NAMES",
    "RULE_SENTENCES",
    "SEAT_NAMES",
    "SUIT_NAMES",
    "TEAM_NAMES",
    "TRUMP_PHRASES",
    "WHICH_CARDS",
    "Words",
    "typeset",
]

Marked = tuple[str, str]

_FRENCH_SPACES: Final = (
    (re.compile(r"[ \u00a0]([?!;»])"), "\u202f\\1"),
    (re.compile(r"«[ \u00a0]"), "«\u202f"),
    (re.compile(r" :(?=\s|$)"), "\u00a0:"),
)


def typeset(lang: str, text: str) -> str:
    """The language's spacing rules: in French a narrow no-break space before ``? ! ; »``
    and after ``«``, a no-break space before ``:``, so a line never starts with them.

    >>> typeset("fr", "Quelle carte jouer ? Voici : « cinq »") == (
    ...     "Quelle carte jouer\u202f? Voici\u00a0: «\u202fcinq\u202f»")
    True
    >>> typeset("en", "Which card? ")
    'Which card? '
    """
    if lang.split("_")[0].split("-")[0] != "fr":
        return text
    for pattern, space in _FRENCH_SPACES:
        text = pattern.sub(space, text)
    return text


RANK_LETTERS: Final[dict[Rank, Marked]] = {
    # NOTE: The letter shown on a card for the ace (French: A, Polish: A).
    Rank.ACE: P_("rank letter", "A"),
    # NOTE: The letter shown on a card for the king (French: R, Polish: K).
    Rank.KING: P_("rank letter", "K"),
    # NOTE: The letter shown on a card for the queen (French: D, Polish: D).
    Rank.QUEEN: P_("rank letter", "Q"),
    # NOTE: The letter shown on a card for the jack (French: V, Polish: W).
    Rank.JACK: P_("rank letter", "J"),
}
"""Face cards' letters; the numbers (10, 9, 8, 7) are the same in every language."""

RANK_NAMES: Final[dict[Rank, Marked]] = {
    # NOTE: The ace, as the first word of a card name ("Ace of spades").
    Rank.ACE: P_("rank", "Ace"),
    # NOTE: The king, as the first word of a card name ("King of spades").
    Rank.KING: P_("rank", "King"),
    # NOTE: The queen, as the first word of a card name ("Queen of spades").
    Rank.QUEEN: P_("rank", "Queen"),
    # NOTE: The jack, as the first word of a card name ("Jack of spades").
    Rank.JACK: P_("rank", "Jack"),
    # NOTE: The ten, in words, as the first word of a card name ("Ten of spades"; Polish:
    # "Dziesiątka", French: "Dix"). Screen readers read card names aloud.
    Rank.TEN: P_("rank", "Ten"),
    # NOTE: The nine, in words, as the first word of a card name ("Nine of spades"; Polish:
    # "Dziewiątka", French: "Neuf").
    Rank.NINE: P_("rank", "Nine"),
    # NOTE: The eight, in words, as the first word of a card name ("Eight of spades"; Polish:
    # "Ósemka", French: "Huit").
    Rank.EIGHT: P_("rank", "Eight"),
    # NOTE: The seven, in words, as the first word of a card name ("Seven of spades"; Polish:
    # "Siódemka", French: "Sept").
    Rank.SEVEN: P_("rank", "Seven"),
}
"""Every rank in words, so a screen reader says "Eight of diamonds", never "8 of diamonds"."""

SUIT_NAMES: Final[dict[Suit, Marked]] = {
    # NOTE: The suit's name, used in card names ("King of spades") and contracts.
    Suit.SPADES: P_("suit", "spades"),
    # NOTE: The suit's name, used in card names ("King of hearts") and contracts.
    Suit.HEARTS: P_("suit", "hearts"),
    # NOTE: The suit's name, used in card names ("King of diamonds") and contracts.
    Suit.DIAMONDS: P_("suit", "diamonds"),
    # NOTE: The suit's name, used in card names ("King of clubs") and contracts.
    Suit.CLUBS: P_("suit", "clubs"),
}

# NOTE: A full card name, read out by screen readers and shown in lists of cards.
# %(rank)s is a rank name ("King") or a number ("10"); %(suit)s a suit name ("spades").
CARD_NAME: Final = P_("card name", "%(rank)s of %(suit)s")

SEAT_NAMES: Final[dict[Seat, Marked]] = {
    # NOTE: A seat at the table (and the player sitting there).
    Seat.N: P_("seat", "North"),
    # NOTE: A seat at the table (and the player sitting there).
    Seat.E: P_("seat", "East"),
    # NOTE: A seat at the table (and the player sitting there).
    Seat.S: P_("seat", "South"),
    # NOTE: A seat at the table (and the player sitting there).
    Seat.W: P_("seat", "West"),
}

HAND_OF: Final[dict[Seat, Marked]] = {
    # NOTE: Heading of the cards a seat holds (Polish: "Ręka Północy").
    Seat.N: P_("hand of seat", "North's hand"),
    # NOTE: Heading of the cards a seat holds (Polish: "Ręka Wschodu").
    Seat.E: P_("hand of seat", "East's hand"),
    # NOTE: Heading of the cards a seat holds (Polish: "Ręka Południa").
    Seat.S: P_("hand of seat", "South's hand"),
    # NOTE: Heading of the cards a seat holds (Polish: "Ręka Zachodu").
    Seat.W: P_("hand of seat", "West's hand"),
}

WHICH_CARDS: Final[dict[Seat, Marked]] = {
    # NOTE: The question above a hand to practise on (French: "Quelles cartes Nord peut-il
    # jouer ?"). The reader taps a card to see whether it may be played.
    Seat.N: P_("question", "Which cards may North play?"),
    # NOTE: The question above a hand to practise on.
    Seat.E: P_("question", "Which cards may East play?"),
    # NOTE: The question above a hand to practise on.
    Seat.S: P_("question", "Which cards may South play?"),
    # NOTE: The question above a hand to practise on.
    Seat.W: P_("question", "Which cards may West play?"),
}

TEAM_NAMES: Final[dict[Team, Marked]] = {
    # NOTE: The partnership of North and South.
    Team.NS: P_("team", "North-South"),
    # NOTE: The partnership of East and West.
    Team.EW: P_("team", "East-West"),
}

GAME_NAMES: Final[dict[str, Marked]] = {
    # NOTE: The name of the game; usually left as is.
    "belote": P_("game", "Belote"),
    # NOTE: The name of the game (also called Contrée); usually left as is.
    "coinche": P_("game", "Coinche"),
}

PRESET_NAMES: Final[dict[str, Marked]] = {
    # NOTE: The rule set of the house (undertrumping and overtrumping your partner required).
    "house": P_("rules preset", "house rules"),
    # NOTE: Version 1's "official" rule set: undertrumping and overtrumping your partner
    # both optional, as in the FFB's contrée rulebook (2016).
    "official": P_("rules preset", "official rules"),
    # NOTE: The rule set of the French Belote Federation's classic Belote rulebook of 2016.
    "ffb_belote": P_("rules preset", "FFB classic rules (2016)"),
    # NOTE: The rule set of Pagat's Belote page (John McLeod's card game rules site).
    "pagat_belote": P_("rules preset", "Pagat rules"),
    # NOTE: The rule set of the French Belote Federation's Belote coinchée rulebook of 2015.
    "ffb_coinche": P_("rules preset", "FFB coinche rules (2015)"),
    # NOTE: The rule set of the French Belote Federation's Belote contrée rulebook of 2016.
    "ffb_contree": P_("rules preset", "FFB contrée rules (2016)"),
    # NOTE: The rule set of Pagat's La Coinche page (John McLeod's card game rules site).
    "pagat_coinche": P_("rules preset", "Pagat coinche rules"),
}
"""The presets' names; a preset missing here is shown by its id (never a crash)."""

KNOB_PHRASES: Final[dict[tuple[str, str], Marked]] = {
    # NOTE: A rule changed from the preset's, listed after the rules' name.
    ("undertrump", "required"): P_("rules knob", "undertrumping required"),
    # NOTE: A rule changed from the preset's, listed after the rules' name.
    ("undertrump", "optional"): P_("rules knob", "undertrumping optional"),
    # NOTE: A rule changed from the preset's, listed after the rules' name: a lower trump
    # may be played on an opponent's trump only from a hand of nothing but trumps.
    ("undertrump", "forbidden"): P_("rules knob", "undertrumping forbidden"),
    # NOTE: A rule changed from the preset's, listed after the rules' name.
    ("partner_overtrump", "required"): P_("rules knob", "overtrumping your partner required"),
    # NOTE: A rule changed from the preset's, listed after the rules' name.
    ("partner_overtrump", "optional"): P_("rules knob", "overtrumping your partner optional"),
}

# NOTE: A rule set changed from a preset: %(rules)s is "house rules", %(changes)s a list
# of changes ("undertrumping optional").
RULES_CHANGED: Final = P_("rules preset", "%(rules)s with %(changes)s")

TRUMP_PHRASES: Final[dict[Trump, Marked]] = {
    # NOTE: The trump of a contract, at the end of "Belote, house rules, spades are trump."
    Trump.SPADES: P_("contract trump", "spades are trump"),
    # NOTE: The trump of a contract, at the end of "Belote, house rules, hearts are trump."
    Trump.HEARTS: P_("contract trump", "hearts are trump"),
    # NOTE: The trump of a contract, at the end of "Belote, house rules, diamonds are trump."
    Trump.DIAMONDS: P_("contract trump", "diamonds are trump"),
    # NOTE: The trump of a contract, at the end of "Belote, house rules, clubs are trump."
    Trump.CLUBS: P_("contract trump", "clubs are trump"),
    # NOTE: A contract without trumps (sans atout).
    Trump.NONE: P_("contract trump", "no trump"),
    # NOTE: A contract where every suit ranks as trump (tout atout).
    Trump.ALL: P_("contract trump", "all trump"),
}

# NOTE: The contract of an example: %(game)s "Belote", %(rules)s "house rules",
# %(trump)s "hearts are trump" (Polish seed: "Z atutem, zasady Domowe, atut kier.").
CONTRACT: Final = P_("contract", "%(game)s, %(rules)s, %(trump)s.")

RULE_SENTENCES: Final[dict[Rule, Marked]] = {
    # NOTE: Why every card is allowed: the player leads the trick.
    Rule.LEAD: P_("rule", "You lead the trick: you may play any card."),
    # NOTE: Why only cards of the suit led are allowed.
    Rule.FOLLOW: P_("rule", "You hold the suit led, so you must play a card of that suit."),
    # NOTE: Why only higher cards of the suit led are allowed (trump led, or all-trump game).
    Rule.CLIMB: P_(
        "rule",
        "The suit led ranks as trump and you can beat the best card in the trick, so you"
        " must play a higher one, even over your partner.",
    ),
    # NOTE: Why every card is allowed: void in the suit led, partner winning.
    Rule.PARTNER_WINS: P_(
        "rule",
        "You cannot follow suit and your partner is winning the trick, so you may play any card.",
    ),
    # NOTE: Why only trumps are allowed: void in the suit led, an opponent winning.
    Rule.TRUMP: P_(
        "rule",
        "You cannot follow suit and an opponent is winning the trick, so you must play a trump.",
    ),
    # NOTE: Why only higher trumps are allowed.
    Rule.OVERTRUMP: P_(
        "rule",
        "You cannot follow suit and an opponent is winning with a trump, so you must play a"
        " higher trump.",
    ),
    # NOTE: Why every trump is allowed although none beats the opponent's (house rules).
    Rule.UNDERTRUMP: P_(
        "rule",
        "You cannot follow suit or beat the opponent's trump, but you hold trumps, so you must"
        " still play one, even a lower one.",
    ),
    # NOTE: Why only the cards that are not trumps are allowed (undertrumping forbidden).
    Rule.NO_UNDERTRUMP: P_(
        "rule",
        "You cannot follow suit or beat the opponent's trump, and a lower trump is forbidden"
        " while you hold other cards, so you must play one of them.",
    ),
    # NOTE: Why every card is allowed: void in the suit led and nothing else binds.
    Rule.DISCARD: P_(
        "rule",
        "You cannot follow suit and nothing obliges you to trump, so you may play any card.",
    ),
}

RULE_NAMES: Final[dict[Rule, Marked]] = {
    # NOTE: Short name of a play rule: the player leads the trick.
    Rule.LEAD: P_("rule name", "Lead"),
    # NOTE: Short name of a play rule: play a card of the suit led.
    Rule.FOLLOW: P_("rule name", "Follow suit"),
    # NOTE: Short name of a play rule: beat the best card of a trump-like suit led.
    Rule.CLIMB: P_("rule name", "Climb"),
    # NOTE: Short name of a play rule: void, and the partner is winning.
    Rule.PARTNER_WINS: P_("rule name", "Partner winning"),
    # NOTE: Short name of a play rule: void, an opponent winning, play a trump.
    Rule.TRUMP: P_("rule name", "Trump"),
    # NOTE: Short name of a play rule: beat the opponent's trump.
    Rule.OVERTRUMP: P_("rule name", "Overtrump"),
    # NOTE: Short name of a play rule: play a lower trump when you cannot beat theirs.
    Rule.UNDERTRUMP: P_("rule name", "Undertrump"),
    # NOTE: Short name of a play rule: a lower trump is forbidden, play another card.
    Rule.NO_UNDERTRUMP: P_("rule name", "No undertrump"),
    # NOTE: Short name of a play rule: play any card (nothing binds).
    Rule.DISCARD: P_("rule name", "Discard"),
}

# NOTE: Partner winning with a trump, and you hold a higher one (house rules).
PARTNER_WINS_RESTRICTED: Final = P_(
    "rule",
    "You cannot follow suit and your partner is winning with a trump: you may play any card"
    " except a trump lower than your partner's, because you hold a higher one.",
)

ILLEGAL_SENTENCES: Final[dict[Rule, Marked]] = {
    # NOTE: Why a card may not be played (the player must follow suit).
    Rule.FOLLOW: P_("rule: not allowed", "You must follow the suit led."),
    # NOTE: Why a card may not be played (the player must beat the best card of the suit led).
    Rule.CLIMB: P_("rule: not allowed", "You must beat the best card in the trick."),
    # NOTE: Why a trump may not be played under the partner's trump.
    Rule.PARTNER_WINS: P_(
        "rule: not allowed",
        "You may not play a trump lower than your partner's while you hold a higher one.",
    ),
    # NOTE: Why a card may not be played (the player must trump).
    Rule.TRUMP: P_("rule: not allowed", "You must play a trump."),
    # NOTE: Why a card may not be played (the player must beat the opponent's trump).
    Rule.OVERTRUMP: P_("rule: not allowed", "You must play a trump higher than the opponent's."),
    # NOTE: Why a card may not be played (the player must still play a trump).
    Rule.UNDERTRUMP: P_("rule: not allowed", "You must play a trump, even a lower one."),
    # NOTE: Why a lower trump may not be played (undertrumping forbidden, other cards held).
    Rule.NO_UNDERTRUMP: P_(
        "rule: not allowed", "You may not play a lower trump while you hold other cards."
    ),
}

# NOTE: Verdict on a tapped card that may be played; %(card)s is a card name. A sentence
# saying why follows it.
MAY_PLAY: Final = P_("verdict", "%(card)s may be played.")
# NOTE: Verdict on a tapped card that may not be played; a sentence saying why follows.
MAY_NOT_PLAY: Final = P_("verdict", "%(card)s may not be played.")

# NOTE: Read by screen readers after a card of an example hand ("King of spades, allowed").
ALLOWED: Final = P_("card state", "allowed")
# NOTE: Read by screen readers after a card of an example hand ("King of spades, not allowed").
NOT_ALLOWED: Final = P_("card state", "not allowed")

BIDS: Final[dict[str, Marked]] = {
    # NOTE: A first-round bid: take the turned card's suit as trump.
    "take": P_("bid", "take"),
    # NOTE: A bid: pass.
    "pass": P_("bid", "pass"),
}
# NOTE: A second-round bid naming a suit; %(suit)s is a suit name.
BID_SUIT: Final = P_("bid", "names %(suit)s")

# NOTE: The points of a trick as a sum; %(sum)s is "11 + 10 + 0 + 20", %(num)d the total.
TRICK_POINTS: Final = NP_("trick points", "%(sum)s = %(num)d point", "%(sum)s = %(num)d points")
# NOTE: A number of points, e.g. in a deal's totals.
POINTS: Final = NP_("points", "%(num)d point", "%(num)d points")


class Words:
    """The names and sentences of one language, looked up in its catalog (and cached)."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.lang = catalog.lang

    @cached_property
    def _card_names(self) -> tuple[str, ...]:
        cat = self.catalog
        pattern = cat.pgettext(*CARD_NAME)
        names = []
        for c in range(32):
            rank, suit = card_rank(c), card_suit(c)
            names.append(
                pattern % {"rank": cat.p(RANK_NAMES[rank]), "suit": cat.p(SUIT_NAMES[suit])}
            )
        return tuple(names)

    @cached_property
    def _rank_letters(self) -> tuple[str, ...]:
        cat = self.catalog
        return tuple(cat.p(RANK_LETTERS[r]) if r in RANK_LETTERS else r.letter for r in Rank)

    def _p(self, marked: Marked, **values: Any) -> str:
        return typeset(self.lang, self.catalog.p(marked, **values))

    def _np(self, marked: tuple[str, str, str], n: int, **values: Any) -> str:
        return typeset(self.lang, self.catalog.np(marked, n, **values))

    def card_name(self, c: int) -> str:
        """ "King of spades", in this language."""
        return self._card_names[c]

    def rank_letter(self, c: int) -> str:
        """The rank as shown on the card: "K" (English), "R" (French), "10"."""
        return self._rank_letters[c & 7]

    def rank_letter_of(self, rank: Rank) -> str:
        return self._rank_letters[rank]

    def suit_name(self, suit: Suit | int) -> str:
        return self._p(SUIT_NAMES[Suit(suit)])

    def seat(self, seat: Seat | int) -> str:
        return self._p(SEAT_NAMES[Seat(seat)])

    def hand_of(self, seat: Seat | int) -> str:
        return self._p(HAND_OF[Seat(seat)])

    def which_cards(self, seat: Seat | int) -> str:
        """The question above a hand to practise on: "Which cards may South play?"."""
        return self._p(WHICH_CARDS[Seat(seat)])

    def team(self, team: Team | int) -> str:
        return self._p(TEAM_NAMES[Team(team)])

    def game(self, game: str) -> str:
        return self._p(GAME_NAMES[game])

    def rules(self, rules: RuleSet) -> str:
        """ "house rules", or "house rules with undertrumping optional"."""
        base_name = rules.name if rules.name in PRESETS else "house"
        phrase = self.preset(base_name)
        if rules.is_preset:
            return phrase
        base = PRESETS[base_name]
        changes = [
            self._p(KNOB_PHRASES[key])
            for knob in ("undertrump", "partner_overtrump")
            if getattr(rules, knob) != getattr(base, knob)
            and (key := (knob, getattr(rules, knob))) in KNOB_PHRASES
        ]
        if not changes:
            return phrase
        return self._p(RULES_CHANGED, rules=phrase, changes=self.join(changes))

    def preset(self, name: str) -> str:
        """ "house rules", "official rules"."""
        marked = PRESET_NAMES.get(name)
        return self._p(marked) if marked is not None else name

    def trump(self, trump: Trump) -> str:
        return self._p(TRUMP_PHRASES[trump])

    def contract(self, contract: Contract, rules: RuleSet, *, preset: str | None = None) -> str:
        """ "Belote, house rules, hearts are trump.". ``preset`` names the rules by that
        preset instead (a Coinche preset, whose play rules are a Belote preset's)."""
        text = self._p(
            CONTRACT,
            game=self.game(contract.game),
            rules=self.preset(preset) if preset is not None else self.rules(rules),
            trump=self.trump(contract.trump),
        )
        return text[:1].upper() + text[1:]

    def rule(self, rule: Rule, *, restricted: bool = False) -> str:
        """The sentence saying why the allowed cards are allowed."""
        if rule is Rule.PARTNER_WINS and restricted:
            return self._p(PARTNER_WINS_RESTRICTED)
        return self._p(RULE_SENTENCES[rule])

    def rule_name(self, rule: Rule) -> str:
        """The rule's short name: "Follow suit"."""
        return self._p(RULE_NAMES[rule])

    def illegal(self, rule: Rule) -> str:
        """The sentence saying why a card outside the allowed ones may not be played."""
        return self._p(ILLEGAL_SENTENCES.get(rule, RULE_SENTENCES[rule]))

    def verdict(self, c: int, legal: bool) -> str:
        return self._p(MAY_PLAY if legal else MAY_NOT_PLAY, card=self.card_name(c))

    def allowed(self, legal: bool) -> str:
        """ "allowed" or "not allowed"."""
        return self._p(ALLOWED if legal else NOT_ALLOWED)

    def bid(self, bid: object) -> str:
        if isinstance(bid, Suit):
            return self._p(BID_SUIT, suit=self.suit_name(bid))
        return self._p(BIDS[str(bid)])

    def trick_points(self, card_points: Iterable[int]) -> str:
        pts = list(card_points)
        return self._np(TRICK_POINTS, sum(pts), sum=" + ".join(map(str, pts)))

    def points(self, n: int) -> str:
        return self._np(POINTS, n)

    def join(self, items: Iterable[str]) -> str:
        """A list in this language's style: "A, B and C"."""
        items = list(items)
        if not items:
            return ""
        return format_list(items, locale=self.lang)

    def cards(self, cards: Iterable[int]) -> str:
        return self.join(self.card_name(c) for c in cards)
