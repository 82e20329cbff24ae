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

import datetime
import re
from collections.abc import Iterable, Mapping
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from babel.dates import format_date
from babel.lists import format_list

from explainer.engine import (
    ALIASES,
    COINCHE_PRESETS,
    PRESETS,
    CoincheRules,
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
from .rule_texts import RULE_NOTE, SOURCE_EDITION

if TYPE_CHECKING:
    from explainer.settings import SiteRuleSet

__all__ = [
    "CARD_NAME",
    "DECLARATION_NAMES",
    "GAME_NAMES",
    "HAND_OF",
    "ILLEGAL_SENTENCES",
    "KNOB_LABELS",
    "KNOB_NUMBERS",
    "KNOB_PHRASES",
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

_ISO_DATE: Final = re.compile(r"\d{4}-\d{2}-\d{2}")
"""A source edition that is a date, written ISO 8601 in the engine's data."""

GAME_NAMES: Final[dict[str, Marked]] = {
    # NOTE: The name of the game; usually left as is.
    "belote": P_("game", "Belote"),
    # NOTE: The name of the game (also called Contrée); usually left as is.
    "coinche": P_("game", "Coinche"),
}

PRESET_NAMES: Final[dict[str, Marked]] = {
    # NOTE: The rule set of the house (undertrumping and overtrumping your partner required).
    "house": P_("rules preset", "house rules"),
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

KNOB_LABELS: Final[dict[str, Marked]] = {
    # NOTE: A rule the sources disagree on, as the Rule sets page names it (a row's heading).
    "undertrump": P_("knob", "Undertrump when you cannot beat an opponent's trump"),
    # NOTE: A rule the sources disagree on (a row of the Rule sets page).
    "partner_overtrump": P_("knob", "Beat your partner's trump when you can"),
    # NOTE: A rule the sources disagree on (a row of the Rule sets page).
    "all_trump_partner": P_("knob", "All-trump: climb over your partner"),
    # NOTE: A rule the sources disagree on (a row of the Rule sets page).
    "tie": P_("knob", "A tie between takers and defenders"),
    # NOTE: A rule the sources disagree on (a row of the Rule sets page).
    "belote": P_("knob", "Who scores the belote when the contract fails"),
    # NOTE: A rule the sources disagree on (a row of the Rule sets page).
    "capot_points": P_("knob", "What a capot is worth"),
    # NOTE: A rule the sources disagree on (a row of the Rule sets page).
    "all_trump_points": P_("knob", "All-trump card points"),
    # NOTE: A rule the sources disagree on (a row of the Rule sets page).
    "all_trump_belote": P_("knob", "Belote at all-trump"),
    # NOTE: A rule the sources disagree on (a row of the Rule sets page).
    "classic_declarations": P_("knob", "Declarations besides the belote"),
    # NOTE: A rule the sources disagree on (a row of the Rule sets page): what defenders
    # who win all eight tricks score.
    "defenders_capot": P_("knob", "Defenders who win every trick"),
    # NOTE: A rule of classic Belote (a row of the Rule sets page): may the second round
    # of bidding name sans atout (no trump) or tout atout (all trump)?
    "classic_sa_ta": P_("knob", "Sans atout and tout atout bids"),
    # NOTE: A rule of classic Belote (a row of the Rule sets page): may the defenders
    # coinche (double) and the takers surcoinche?
    "classic_coinche": P_("knob", "A coinche in classic Belote"),
    # NOTE: A rule of classic Belote (a row of the Rule sets page): does the belote score?
    "belote_bonus": P_("knob", "The belote bonus"),
    # NOTE: A rule of the classic match (a row of the Rule sets page).
    "both_reach": P_("knob", "Both teams over the target on one deal"),
    # NOTE: A Coinche rule (a row of the Rule sets page): how the cards are dealt.
    "deal_packets": P_("knob", "How the cards are dealt"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "min_bid": P_("knob", "The lowest bid"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "max_bid": P_("knob", "The highest bid"),
    # NOTE: A Coinche rule (a row of the Rule sets page): may an equal bid in a higher
    # suit overcall?
    "suit_order": P_("knob", "Do the suits rank in the bidding?"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "sa_ta": P_("knob", "No-trump and all-trump bids"),
    # NOTE: A Coinche rule (a row of the Rule sets page): after three passes, may the last
    # bidder speak again?
    "self_overbid": P_("knob", "When the auction ends"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "capot_value": P_("knob", "What a capot bid is worth"),
    # NOTE: A Coinche rule (a row of the Rule sets page): one player alone wins all eight
    # tricks.
    "generale": P_("knob", "The générale bid"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "generale_value": P_("knob", "What a générale is worth"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "coinche_timing": P_("knob", "When a coinche may be said"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "coinche_freezes": P_("knob", "Bidding after a coinche"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "after_coinche": P_("knob", "Who speaks after a coinche"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "surcoinche": P_("knob", "The surcoinche"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "capot_doublable": P_("knob", "Coinching a capot bid"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "coinche_80": P_("knob", "Coinching a bid of 80"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "all_pass": P_("knob", "Who deals after four passes"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "scoring": P_("knob", "What a made contract scores"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "must_beat_defence": P_("knob", "Must the takers also beat the defenders?"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "bid_80_needs": P_("knob", "What a bid of 80 needs"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "belote_counts": P_("knob", "The belote and the contract"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "declarations": P_("knob", "Declarations"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "declarations_count": P_("knob", "Declarations and the contract"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "failure_base": P_("knob", "What a failed contract gives the defenders"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "coinche_scoring": P_("knob", "What a coinche multiplies"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "belote_multiplied": P_("knob", "The belote and the coinche"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "capot_bid_scoring": P_("knob", "How a capot bid scores"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "capot_declarations": P_("knob", "Declarations on a capot"),
    # NOTE: A rule of both games (a row of the Rule sets page, under Belote and under
    # Coinche): how a deal's score is rounded in a match.
    "rounding": P_("knob", "Rounding the scores"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "card_reuse": P_("knob", "One card in two declarations"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "carre_vs_cent": P_("knob", "A carré against a cent"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "declaration_tie": P_("knob", "Equal best declarations"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "low_carres": P_("knob", "Four sevens or four eights"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "no_trump_carres": P_("knob", "Carrés at no-trump"),
    # NOTE: A rule of both games (a row of the Rule sets page, under Belote and under
    # Coinche): the score that wins the match.
    "target": P_("knob", "The match's target"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "target_rule": P_("knob", "Winning the match"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "end_rounding": P_("knob", "The match's last deal"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "final_tie": P_("knob", "Both teams past the target together"),
    # NOTE: A Coinche rule (a row of the Rule sets page).
    "belote_finish": P_("knob", "A belote that ends the match"),
    # NOTE: A Coinche rule (a row of the Rule sets page): what the defence scores when it
    # wins all eight tricks of a failed contract.
    "defence_capot": P_("knob", "A capot by the defence"),
    # NOTE: A Coinche rule (a row of the Rule sets page): does a sans atout contract's
    # value count double?
    "no_trump_bid": P_("knob", "The value of a sans atout contract"),
}
"""Every knob of both games in words: the Rule sets page's row headings (a knob both
games have, ``rounding`` and ``target``, is worded for both). A knob missing
here is a test failure (``tests/site/test_rulesets.py``), never a knob id on a page."""

KNOB_PHRASES: Final[dict[tuple[str, str], Marked]] = {
    # NOTE: A rule changed from the preset's, listed after the rules' name; also a rule
    # set's value on the Rule sets page and in the notes where rule sets differ.
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
    # NOTE: A rule changed from the preset's, listed after the rules' name: under a
    # partner's winning trump, a lower trump only from a hand of nothing but trumps.
    ("partner_overtrump", "no_lower"): P_(
        "rules knob", "no trump under your partner's unless you hold only trumps"
    ),
    # NOTE: A rule set's value (all_trump_partner: climb), on the Rule sets page and in
    # the notes where rule sets differ: at all-trump you must beat the winning card even
    # when your partner is winning.
    ("all_trump_partner", "climb"): P_("rules knob", "all-trump: climb over your partner too"),
    # NOTE: A rule set's value (all_trump_partner: free): at all-trump, with your partner
    # winning, you only follow suit.
    ("all_trump_partner", "free"): P_(
        "rules knob", "all-trump: no need to climb over your partner"
    ),
    # NOTE: A rule set's value (tie: made): when takers and defenders have equal points.
    ("tie", "made"): P_("rules knob", "a tie counts as made"),
    # NOTE: A rule set's value (tie: failed).
    ("tie", "failed"): P_("rules knob", "a tie counts as failed"),
    # NOTE: A rule set's value (tie: litige): the takers' points wait for the next deal.
    ("tie", "litige"): P_("rules knob", "a tie is a litige: the points wait for the next deal"),
    # NOTE: A rule set's value (tie: redeal): the deal is played again.
    ("tie", "redeal"): P_("rules knob", "a tie is dealt again"),
    # NOTE: A rule set's value (belote: prenable).
    ("belote", "prenable"): P_(
        "rules knob", "belote prenable: the defenders take it on a failed contract"
    ),
    # NOTE: A rule set's value (belote: imprenable).
    ("belote", "imprenable"): P_("rules knob", "belote imprenable: each team keeps its own"),
    # NOTE: A rule set's value (belote: attack_only).
    ("belote", "attack_only"): P_("rules knob", "only the takers' belote counts"),
    # NOTE: A rule set's value (capot_points: 252): card points and a last trick worth 100.
    ("capot_points", "252"): P_("rules knob", "a capot is worth 252"),
    # NOTE: A rule set's value (capot_points: 250).
    ("capot_points", "250"): P_("rules knob", "a capot is worth 250"),
    # NOTE: A rule set's value (capot_points: 162): the card points and last trick only.
    ("capot_points", "162"): P_("rules knob", "a capot is worth 162, no bonus"),
    # NOTE: A rule set's value (all_trump_points: pagat): the card values of an
    # all-trump deal.
    ("all_trump_points", "pagat"): P_("rules knob", "Pagat's all-trump card points"),
    # NOTE: A rule set's value (all_trump_points: ffb2015).
    ("all_trump_points", "ffb2015"): P_("rules knob", "the FFB's 2015 all-trump card points"),
    # NOTE: A rule set's value (all_trump_points: ffb2016_ratio): trump values, the count
    # scaled to 162.
    ("all_trump_points", "ffb2016_ratio"): P_(
        "rules knob", "the FFB's 2016 all-trump count, scaled to 162"
    ),
    # NOTE: A rule set's value (all_trump_belote: none).
    ("all_trump_belote", "none"): P_("rules knob", "no belote at all-trump"),
    # NOTE: A rule set's value (all_trump_belote: each_suit): up to four.
    ("all_trump_belote", "each_suit"): P_("rules knob", "a belote in each suit at all-trump"),
    # NOTE: A rule set's value (classic_declarations: off).
    ("classic_declarations", "off"): P_("rules knob", "no declarations besides the belote"),
    # NOTE: A rule set's value (classic_declarations: on).
    ("classic_declarations", "on"): P_("rules knob", "declarations besides the belote"),
    # NOTE: A Coinche rule set's value (deal_packets: 3-2-3): the 32 cards go out in three
    # rounds, three cards, then two, then three to each player.
    ("deal_packets", "3-2-3"): P_("rules knob", "dealt three, two, then three cards at a time"),
    # NOTE: A Coinche rule set's value (deal_packets: 3-3-2).
    ("deal_packets", "3-3-2"): P_("rules knob", "dealt three, three, then two cards at a time"),
    # NOTE: A Coinche rule set's value (deal_packets: 2-3-3).
    ("deal_packets", "2-3-3"): P_("rules knob", "dealt two, three, then three cards at a time"),
    # NOTE: A Coinche rule set's value (deal_packets: 4-4).
    ("deal_packets", "4-4"): P_("rules knob", "dealt four cards at a time, twice"),
    # NOTE: A rule set's value (defenders_capot: bonus): defenders who win all eight
    # tricks score the capot's value (252), as takers would.
    ("defenders_capot", "bonus"): P_("rules knob", "defenders who win every trick score the capot"),
    # NOTE: A rule set's value (defenders_capot: no_bonus): the capot's bonus is the
    # takers' alone; defenders who win every trick score 162, as for a failed contract.
    ("defenders_capot", "no_bonus"): P_(
        "rules knob", "only takers score the capot; defenders who win every trick score 162"
    ),
    # NOTE: A Coinche rule set's value (min_bid: 80), in the notes where rule sets differ.
    ("min_bid", "80"): P_("rules knob", "lowest bid 80"),
    # NOTE: A Coinche rule set's value (min_bid: 82): a bid of 80 is spoken for 82.
    ("min_bid", "82"): P_("rules knob", "lowest bid 82"),
    # NOTE: A Coinche rule set's value (max_bid: none).
    ("max_bid", "none"): P_("rules knob", "no highest bid"),
    # NOTE: A Coinche rule set's value (max_bid: 160).
    ("max_bid", "160"): P_("rules knob", "highest bid 160"),
    # NOTE: A Coinche rule set's value (max_bid: 170).
    ("max_bid", "170"): P_("rules knob", "highest bid 170"),
    # NOTE: A Coinche rule set's value (max_bid: 180).
    ("max_bid", "180"): P_("rules knob", "highest bid 180"),
    # NOTE: A Coinche rule set's value (max_bid: 650).
    ("max_bid", "650"): P_("rules knob", "highest bid 650"),
    # NOTE: A Coinche rule set's value (suit_order: none).
    ("suit_order", "none"): P_(
        "rules knob", "suits do not rank: a higher bid needs a higher number"
    ),
    # NOTE: A Coinche rule set's value (suit_order: ranked).
    ("suit_order", "ranked"): P_(
        "rules knob", "suits rank: an equal bid in a higher suit overcalls"
    ),
    # NOTE: A Coinche rule set's value (sa_ta: off).
    ("sa_ta", "off"): P_("rules knob", "no no-trump or all-trump bids"),
    # NOTE: A Coinche rule set's value (sa_ta: on).
    ("sa_ta", "on"): P_("rules knob", "no-trump and all-trump bids allowed"),
    # NOTE: A Coinche rule set's value (self_overbid: never).
    ("self_overbid", "never"): P_("rules knob", "the auction ends after three passes"),
    # NOTE: A Coinche rule set's value (self_overbid: change_suit).
    ("self_overbid", "change_suit"): P_(
        "rules knob", "after three passes the last bidder may still change suit"
    ),
    # NOTE: A Coinche rule set's value (capot_value: 250): what a capot bid counts as a contract.
    ("capot_value", "250"): P_("rules knob", "a capot bid is worth 250"),
    # NOTE: A Coinche rule set's value (capot_value: 260).
    ("capot_value", "260"): P_("rules knob", "a capot bid is worth 260"),
    # NOTE: A Coinche rule set's value (capot_value: 270).
    ("capot_value", "270"): P_("rules knob", "a capot bid is worth 270"),
    # NOTE: A Coinche rule set's value (generale: off).
    ("generale", "off"): P_("rules knob", "no générale bid"),
    # NOTE: A Coinche rule set's value (generale: solo): one player bids to win all eight
    # tricks alone.
    ("generale", "solo"): P_(
        "rules knob", "a générale may be bid: one player wins all eight tricks"
    ),
    # NOTE: A Coinche rule set's value (coinche_timing: in_turn).
    ("coinche_timing", "in_turn"): P_("rules knob", "coinche only in turn"),
    # NOTE: A Coinche rule set's value (coinche_timing: any_time).
    ("coinche_timing", "any_time"): P_("rules knob", "coinche at any time"),
    # NOTE: A Coinche rule set's value (coinche_freezes: yes).
    ("coinche_freezes", "yes"): P_("rules knob", "no more bids after a coinche"),
    # NOTE: A Coinche rule set's value (coinche_freezes: no).
    ("coinche_freezes", "no"): P_("rules knob", "a higher bid may still follow a coinche"),
    # NOTE: A Coinche rule set's value (after_coinche: three_passes).
    ("after_coinche", "three_passes"): P_(
        "rules knob", "after a coinche, the auction ends after three passes"
    ),
    # NOTE: A Coinche rule set's value (after_coinche: coinched_team_only).
    ("after_coinche", "coinched_team_only"): P_(
        "rules knob", "after a coinche, only the coinched team may speak"
    ),
    # NOTE: A Coinche rule set's value (surcoinche: 4).
    ("surcoinche", "4"): P_("rules knob", "a surcoinche multiplies by 4"),
    # NOTE: A Coinche rule set's value (surcoinche: 3).
    ("surcoinche", "3"): P_("rules knob", "a surcoinche multiplies by 3"),
    # NOTE: A Coinche rule set's value (surcoinche: off).
    ("surcoinche", "off"): P_("rules knob", "no surcoinche"),
    # NOTE: A Coinche rule set's value (capot_doublable: yes).
    ("capot_doublable", "yes"): P_("rules knob", "a capot bid may be coinched"),
    # NOTE: A Coinche rule set's value (capot_doublable: no).
    ("capot_doublable", "no"): P_("rules knob", "a capot bid may not be coinched"),
    # NOTE: A Coinche rule set's value (coinche_80: yes).
    ("coinche_80", "yes"): P_("rules knob", "a bid of 80 may be coinched"),
    # NOTE: A Coinche rule set's value (coinche_80: no).
    ("coinche_80", "no"): P_("rules knob", "a bid of 80 may not be coinched"),
    # NOTE: A Coinche rule set's value (all_pass: next_dealer).
    ("all_pass", "next_dealer"): P_("rules knob", "after four passes, the next player deals"),
    # NOTE: A Coinche rule set's value (all_pass: same_dealer).
    ("all_pass", "same_dealer"): P_("rules knob", "after four passes, the same player deals again"),
    # NOTE: A Coinche rule set's value (scoring: points_plus_bid).
    ("scoring", "points_plus_bid"): P_(
        "rules knob", "a made contract scores its points and the bid"
    ),
    # NOTE: A Coinche rule set's value (scoring: points_only).
    ("scoring", "points_only"): P_("rules knob", "a made contract scores its points only"),
    # NOTE: A Coinche rule set's value (scoring: bid_only).
    ("scoring", "bid_only"): P_("rules knob", "a made contract scores the bid only"),
    # NOTE: A Coinche rule set's value (must_beat_defence: yes).
    ("must_beat_defence", "yes"): P_(
        "rules knob", "the takers must also score more than the defenders"
    ),
    # NOTE: A Coinche rule set's value (must_beat_defence: no).
    ("must_beat_defence", "no"): P_(
        "rules knob", "the takers need not score more than the defenders"
    ),
    # NOTE: A Coinche rule set's value (bid_80_needs: 80): the total a bid of 80 needs.
    ("bid_80_needs", "80"): P_("rules knob", "a bid of 80 needs 80"),
    # NOTE: A Coinche rule set's value (bid_80_needs: 82).
    ("bid_80_needs", "82"): P_("rules knob", "a bid of 80 needs 82"),
    # NOTE: A Coinche rule set's value (belote_counts: yes).
    ("belote_counts", "yes"): P_("rules knob", "the belote counts towards the contract"),
    # NOTE: A Coinche rule set's value (belote_counts: no).
    ("belote_counts", "no"): P_("rules knob", "the belote does not count towards the contract"),
    # NOTE: A Coinche rule set's value (generale_value: 500): what a générale bid is
    # worth. Keep the French word « générale » (a bid of all eight tricks by one player).
    ("generale_value", "500"): P_("rules knob", "a générale worth 500"),
    # NOTE: A Coinche rule set's value (generale_value: 1000).
    ("generale_value", "1000"): P_("rules knob", "a générale worth 1000"),
    # NOTE: A Coinche rule set's value (declarations: on).
    ("declarations", "on"): P_("rules knob", "played with declarations"),
    # NOTE: A Coinche rule set's value (declarations: off).
    ("declarations", "off"): P_("rules knob", "played without declarations"),
    # NOTE: A Coinche rule set's value (declarations_count: yes).
    ("declarations_count", "yes"): P_("rules knob", "declarations count towards the contract"),
    # NOTE: A Coinche rule set's value (declarations_count: no).
    ("declarations_count", "no"): P_(
        "rules knob", "declarations do not count towards the contract"
    ),
    # NOTE: A Coinche rule set's value (failure_base: 160).
    ("failure_base", "160"): P_("rules knob", "160 and the bid to the defenders"),
    # NOTE: A Coinche rule set's value (failure_base: 162).
    ("failure_base", "162"): P_("rules knob", "162 and the bid to the defenders"),
    # NOTE: A Coinche rule set's value (coinche_scoring: whole).
    ("coinche_scoring", "whole"): P_("rules knob", "a coinche multiplies the whole score"),
    # NOTE: A Coinche rule set's value (coinche_scoring: bid_only).
    ("coinche_scoring", "bid_only"): P_(
        "rules knob", "a coinche multiplies the bid only, and the winner takes all"
    ),
    # NOTE: A rule set's value (coinche_scoring: as_uncoinched): a coinched deal is
    # scored as if it were not, with the bid multiplied; each team keeps its points.
    ("coinche_scoring", "as_uncoinched"): P_(
        "rules knob", "a coinche multiplies the bid only, and each team keeps its points"
    ),
    # NOTE: A Coinche rule set's value (coinche_scoring: flat).
    ("coinche_scoring", "flat"): P_("rules knob", "a coinche scores a flat total"),
    # NOTE: A Coinche rule set's value (coinche_scoring: base_only).
    ("coinche_scoring", "base_only"): P_("rules knob", "a coinche multiplies the base only"),
    # NOTE: A Coinche rule set's value (belote_multiplied: yes).
    ("belote_multiplied", "yes"): P_("rules knob", "a coinche multiplies the belote"),
    # NOTE: A Coinche rule set's value (belote_multiplied: no).
    ("belote_multiplied", "no"): P_("rules knob", "a coinche does not multiply the belote"),
    # NOTE: A Coinche rule set's value (capot_bid_scoring: as_contract).
    ("capot_bid_scoring", "as_contract"): P_("rules knob", "a capot bid scores like any contract"),
    # NOTE: A Coinche rule set's value (capot_bid_scoring: flat).
    ("capot_bid_scoring", "flat"): P_("rules knob", "a capot bid scores a flat total"),
    # NOTE: A Coinche rule set's value (capot_declarations: to_capot_team).
    ("capot_declarations", "to_capot_team"): P_(
        "rules knob", "on a capot, the losers' declarations go to the capot team"
    ),
    # NOTE: A Coinche rule set's value (capot_declarations: void).
    ("capot_declarations", "void"): P_(
        "rules knob", "on a capot, the losers' declarations count for nothing"
    ),
    # NOTE: A Coinche rule set's value (rounding: half_up): 85 becomes 90.
    ("rounding", "half_up"): P_("rules knob", "scores rounded to the nearest ten, 5 up"),
    # NOTE: A Coinche rule set's value (rounding: half_down): 85 becomes 80.
    ("rounding", "half_down"): P_("rules knob", "scores rounded to the nearest ten, 5 down"),
    # NOTE: A Coinche rule set's value (rounding: none).
    ("rounding", "none"): P_("rules knob", "scores not rounded"),
    # NOTE: A Coinche rule set's value (card_reuse: no).
    ("card_reuse", "no"): P_("rules knob", "a card counts in one declaration only"),
    # NOTE: A Coinche rule set's value (card_reuse: yes).
    ("card_reuse", "yes"): P_("rules knob", "a card may count in two declarations"),
    # NOTE: A Coinche rule set's value (carre_vs_cent: carre): a carré worth 100 against a
    # sequence of five (cent).
    ("carre_vs_cent", "carre"): P_("rules knob", "a carré beats a cent"),
    # NOTE: A Coinche rule set's value (carre_vs_cent: cent).
    ("carre_vs_cent", "cent"): P_("rules knob", "a cent beats a carré"),
    # NOTE: A Coinche rule set's value (carre_vs_cent: equal).
    ("carre_vs_cent", "equal"): P_("rules knob", "a carré and a cent are equal"),
    # NOTE: A Coinche rule set's value (declaration_tie: nobody): two best declarations
    # exactly equal.
    ("declaration_tie", "nobody"): P_("rules knob", "equal best declarations: neither team scores"),
    # NOTE: A Coinche rule set's value (declaration_tie: first_announced).
    ("declaration_tie", "first_announced"): P_(
        "rules knob", "equal best declarations: the first announced wins"
    ),
    # NOTE: A Coinche rule set's value (low_carres: nothing).
    ("low_carres", "nothing"): P_("rules knob", "four sevens or four eights are worth nothing"),
    # NOTE: A Coinche rule set's value (low_carres: eights_void).
    ("low_carres", "eights_void"): P_("rules knob", "four eights cancel every declaration"),
    # NOTE: A Coinche rule set's value (low_carres: sevens_annul).
    ("low_carres", "sevens_annul"): P_("rules knob", "four sevens annul the deal"),
    # NOTE: A Coinche rule set's value (no_trump_carres: ffb): the carrés' values at no-trump.
    ("no_trump_carres", "ffb"): P_(
        "rules knob", "at no-trump, four aces 200, four tens 150, any other carré 100"
    ),
    # NOTE: A Coinche rule set's value (no_trump_carres: britannica).
    ("no_trump_carres", "britannica"): P_(
        "rules knob", "at no-trump, four aces 200, four tens 150, four nines nothing"
    ),
    # NOTE: A Coinche rule set's value (target: none): the score a match is played to.
    ("target", "none"): P_("rules knob", "no target score"),
    # NOTE: A Coinche rule set's value (target_rule: reach).
    ("target_rule", "reach"): P_("rules knob", "reaching the target wins"),
    # NOTE: A Coinche rule set's value (target_rule: exceed).
    ("target_rule", "exceed"): P_("rules knob", "passing the target wins"),
    # NOTE: A Coinche rule set's value (end_rounding: rounded).
    ("end_rounding", "rounded"): P_("rules knob", "the last deal is rounded like the others"),
    # NOTE: A Coinche rule set's value (end_rounding: exact_last_deal).
    ("end_rounding", "exact_last_deal"): P_(
        "rules knob", "the last deal counts to the exact point"
    ),
    # NOTE: A Coinche rule set's value (final_tie: extra_deal): both teams pass the
    # target on the same deal with equal totals.
    ("final_tie", "extra_deal"): P_("rules knob", "a tied match goes on for one more deal"),
    # NOTE: A Coinche rule set's value (final_tie: last_deal_winner).
    ("final_tie", "last_deal_winner"): P_(
        "rules knob", "a tied match goes to the last deal's winners"
    ),
    # NOTE: A Coinche rule set's value (final_tie: draw).
    ("final_tie", "draw"): P_("rules knob", "a tied match is a draw"),
    # NOTE: A Coinche rule set's value (belote_finish: not_if_capot_or_failed).
    ("belote_finish", "not_if_capot_or_failed"): P_(
        "rules knob", "a belote may end the match, except on a capot or a failed contract"
    ),
    # NOTE: A Coinche rule set's value (belote_finish: not_if_capot).
    ("belote_finish", "not_if_capot"): P_(
        "rules knob", "a belote may end the match, except on a capot"
    ),
    # NOTE: A Coinche rule set's value (belote_finish: allowed).
    ("belote_finish", "allowed"): P_("rules knob", "a belote may end the match"),
    # NOTE: A Coinche rule set's value (belote_finish: never).
    ("belote_finish", "never"): P_("rules knob", "a belote never ends the match"),
    # NOTE: A rule set's value (classic_sa_ta: off): the second round of bidding names a
    # suit only.
    ("classic_sa_ta", "off"): P_("rules knob", "no sans atout or tout atout bid"),
    # NOTE: A rule set's value (classic_sa_ta: on): the second round may also name sans
    # atout or tout atout, the FFB's variant for a tournament's organiser.
    ("classic_sa_ta", "on"): P_("rules knob", "sans atout and tout atout may be bid"),
    # NOTE: A rule set's value (classic_coinche: off).
    ("classic_coinche", "off"): P_("rules knob", "no coinche in classic Belote"),
    # NOTE: A rule set's value (classic_coinche: on): the defenders may coinche, the
    # takers surcoinche; the deal's winners score double or four times.
    ("classic_coinche", "on"): P_("rules knob", "a coinche and a surcoinche may be said"),
    # NOTE: A rule set's value (belote_bonus: on).
    ("belote_bonus", "on"): P_("rules knob", "the belote scores 20"),
    # NOTE: A rule set's value (belote_bonus: off): no belote is ever scored.
    ("belote_bonus", "off"): P_("rules knob", "no belote is scored"),
    # NOTE: A rule set's value (all_trump_points: trump_values): an all-trump deal counted
    # at the trump values, not scaled (258 in all).
    ("all_trump_points", "trump_values"): P_(
        "rules knob", "all-trump counted at the trump values, 258 in all"
    ),
    # NOTE: A rule set's value (target: 501): the score a classic match is played to.
    ("target", "501"): P_("rules knob", "a match to 501"),
    # NOTE: A rule set's value (both_reach: higher_total): both teams reach the target on
    # one deal; equal totals play another deal.
    ("both_reach", "higher_total"): P_("rules knob", "both over the target: the higher total wins"),
    # NOTE: A rule set's value (both_reach: draw).
    ("both_reach", "draw"): P_("rules knob", "both over the target: a draw"),
    # NOTE: A Coinche rule set's value (defence_capot: failure_base): the defenders of a
    # failed contract score the fixed failure points, whatever tricks they won.
    ("defence_capot", "failure_base"): P_(
        "rules knob", "a defence capot scores the failure points"
    ),
    # NOTE: A Coinche rule set's value (defence_capot: own_points).
    ("defence_capot", "own_points"): P_(
        "rules knob", "a defence capot scores its own trick points"
    ),
    # NOTE: A Coinche rule set's value (no_trump_bid: single).
    ("no_trump_bid", "single"): P_("rules knob", "a sans atout contract counts once"),
    # NOTE: A Coinche rule set's value (no_trump_bid: double).
    ("no_trump_bid", "double"): P_("rules knob", "a sans atout contract counts double"),
}
"""A rule set's value of a knob in words, by ``(knob, value)``: every value of every knob
of both games (a test holds it), besides the numbers :data:`KNOB_NUMBERS` words."""

KNOB_NUMBERS: Final[dict[str, Marked]] = {
    # NOTE: A Coinche rule set's value (generale_value: a number): %(n)s is the points a
    # générale bid is worth.
    "generale_value": P_("rules knob", "a générale is worth %(n)s"),
    # NOTE: A Coinche rule set's value (target: a number): the score a match is played to.
    "target": P_("rules knob", "a match to %(n)s"),
}
"""The knobs that take any whole number, and the words for one."""

DECLARATION_NAMES: Final[dict[str, Marked]] = {
    # NOTE: A declaration (annonce) of three cards in sequence, in the table of a
    # Coinche example ("tierce" followed by its cards); the page's texts keep the French word.
    "tierce": P_("declaration", "tierce"),
    # NOTE: A declaration of four cards in sequence (French: cinquante or quarte).
    "cinquante": P_("declaration", "cinquante"),
    # NOTE: A declaration of five or more cards in sequence (French: cent or quinte).
    "cent": P_("declaration", "cent"),
    # NOTE: A declaration of four cards of one rank.
    "carre": P_("declaration", "carré"),
}
"""The declarations' names, by :class:`~explainer.engine.DeclarationKind` value."""

# NOTE: A rule set changed from a preset: %(rules)s is "house rules", %(changes)s the list
# of the rules it changes, each as the Rule sets page words it ("undertrumping optional",
# "a tie counts as failed"). Shown in an example's contract line.
RULES_CHANGED: Final = P_("rules preset", "%(rules)s (changed: %(changes)s)")
# NOTE: Shown in place of a rule the site has no words for yet (never expected).
UNNAMED_RULE: Final = P_("knob", "another rule")

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
    # NOTE: Why every card but the trumps lower than the partner's is allowed: the partner
    # is winning with a trump, and the hand holds a card that is not a trump (FFB coinche).
    Rule.PARTNER_NO_LOWER: P_(
        "rule",
        "You cannot follow suit and your partner is winning with a trump: you may play any card"
        " except a trump lower than your partner's, because you hold a card that is not a trump.",
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
    # NOTE: Short name of a play rule: no trump under the partner's winning trump.
    Rule.PARTNER_NO_LOWER: P_("rule name", "No trump under your partner"),
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
    # NOTE: Why a trump lower than the partner's may not be played (other cards held).
    Rule.PARTNER_NO_LOWER: P_(
        "rule: not allowed",
        "You may not play a trump lower than your partner's while you hold a card that is not"
        " a trump.",
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
    # NOTE: A second-round bid naming no trump at all (sans atout, an organiser's option).
    "none": P_("bid", "names sans atout (no trump)"),
    # NOTE: A second-round bid making every suit trump (tout atout, an organiser's option).
    "all": P_("bid", "names tout atout (all trump)"),
}
# NOTE: A second-round bid naming a suit; %(suit)s is a suit name.
BID_SUIT: Final = P_("bid", "names %(suit)s")

# NOTE: The points of a trick as a sum; %(sum)s is "11 + 10 + 0 + 20", %(num)d the total.
TRICK_POINTS: Final = NP_("trick points", "%(sum)s = %(num)d point", "%(sum)s = %(num)d points")
# NOTE: A number of points, e.g. in a deal's totals.
POINTS: Final = NP_("points", "%(num)d point", "%(num)d points")

# NOTE: A line above the Coinche page's compact deals, which write a card as its rank's
# letter and its suit's sign ("K♦"): what the letters and signs stand for. %(ranks)s is a
# list such as "A ace, K king, Q queen and J jack"; %(suits)s "♠ spades, ♥ hearts, …".
NOTATION: Final = P_(
    "notation",
    "In the deals below, a card is written short, its rank's letter then its suit's sign:"
    " %(ranks)s; %(suits)s.",
)


def _base(rules: RuleSet | CoincheRules) -> tuple[str, Mapping[str, str]]:
    """The preset ``rules`` is named after and its knobs: its own preset, a Coinche
    preset for that preset's play rules, or the default (house) for an alias or a rule
    set of no preset."""
    if isinstance(rules, CoincheRules):
        name = rules.name if rules.name in COINCHE_PRESETS else next(iter(COINCHE_PRESETS))
        return name, COINCHE_PRESETS[name].knobs
    coinche = COINCHE_PRESETS.get(rules.name)
    if coinche is not None and rules.game == "coinche":
        return rules.name, coinche.play_rules.knobs
    name = rules.name if rules.name in PRESETS and rules.name not in ALIASES else "house"
    return name, PRESETS[name].knobs


LOWERCASE_NAMES: Final = frozenset({"en", "fr", "pl"})
"""Languages whose card names are common nouns, written lowercase inside a sentence."""


def _lower_first(text: str) -> str:
    """ "King" -> "king": a name that starts a card name, inside a sentence."""
    return text[:1].lower() + text[1:]


class Words:
    """The names and sentences of one language, looked up in its catalog (and cached).

    ``rule_sets`` are the site's own rule sets (:class:`~explainer.settings.SiteRuleSet`):
    a rule set of the site is named by its display name, translated in the site's
    catalog, wherever a preset is named by its own."""

    def __init__(
        self, catalog: Catalog, rule_sets: Mapping[str, SiteRuleSet] = MappingProxyType({})
    ) -> None:
        self.catalog = catalog
        self.lang = catalog.lang
        self.rule_sets = rule_sets
        self._notes = {rs.note.source: rs.note for rs in rule_sets.values() if rs.note}
        self._said: dict[Marked, str] = {}
        self._rules: dict[RuleSet | CoincheRules, str] = {}

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
        """``marked`` in this language, typeset; a message without values is looked up
        and typeset once (a page names the same seats, rules and verdicts thousands
        of times)."""
        if values:
            return typeset(self.lang, self.catalog.p(marked, **values))
        found = self._said.get(marked)
        if found is None:
            found = self._said[marked] = typeset(self.lang, self.catalog.p(marked))
        return found

    def _np(self, marked: tuple[str, str, str], n: int, **values: Any) -> str:
        return typeset(self.lang, self.catalog.np(marked, n, **values))

    def card_name(self, c: int) -> str:
        """ "King of spades", in this language."""
        return self._card_names[c]

    def card_name_in_text(self, c: int) -> str:
        """A card's name inside a sentence or a list ("Allowed cards: king of spades"):
        lowercase first in a language whose card names are common nouns
        (:data:`LOWERCASE_NAMES`), as written (a German noun keeps its capital)."""
        name = self._card_names[c]
        return _lower_first(name) if self.lang in LOWERCASE_NAMES else name

    def rank_letter(self, c: int) -> str:
        """The rank as shown on the card: "K" (English), "R" (French), "10"."""
        return self._rank_letters[c & 7]

    def rank_letter_of(self, rank: Rank) -> str:
        return self._rank_letters[rank]

    def suit_name(self, suit: Suit | int) -> str:
        return self._p(SUIT_NAMES[Suit(suit)])

    def notation(self) -> str:
        """What the short notation's letters and signs stand for ("K king", "♠ spades"):
        said once above compact deals, whose cards carry no name of their own (a name per
        card would not fit the page's size budget), so a screen reader's user and a
        reader new to the letters can read them."""
        faces = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
        ranks = [f"{self.rank_letter_of(r)} {_lower_first(self._p(RANK_NAMES[r]))}" for r in faces]
        suits = [f"{s.symbol} {self.suit_name(s)}" for s in Suit]
        return self._p(NOTATION, ranks=self.join(ranks), suits=self.join(suits))

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

    def rules(self, rules: RuleSet | CoincheRules) -> str:
        """ "house rules", or "house rules with undertrumping optional and a tie counts as
        failed": the preset's name, and every knob that differs from it, in words; a
        Coinche preset's play rules by the Coinche preset's name ("FFB contrée rules
        (2016)"); an alias (official) as what it is, the house rules changed; a site's
        rule set by its display name ("our club's rules"). Said once per rule set: every
        example's contract line names its rules."""
        found = self._rules.get(rules)
        if found is None:
            found = self._rules[rules] = self._rules_in_words(rules)
        return found

    def _rules_in_words(self, rules: RuleSet | CoincheRules) -> str:
        own = self.rule_sets.get(rules.name) if isinstance(rules, RuleSet) else None
        base_name, base = (rules.name, own.rules.knobs) if own is not None else _base(rules)
        phrase = self.preset(base_name)
        changes = [self.knob_value(k, v) for k, v in rules.knobs.items() if base.get(k) != v]
        if not changes:
            return phrase
        return self._p(RULES_CHANGED, rules=phrase, changes=self.join(changes))

    def preset(self, name: str) -> str:
        """ "house rules", "FFB classic rules (2016)"; a site's rule set by its display
        name; a name this module does not know is shown as written."""
        own = self.rule_sets.get(name)
        if own is not None:
            return typeset(self.lang, self.catalog.pgettext(own.name.ctx, own.name.source))
        marked = PRESET_NAMES.get(name)
        return self._p(marked) if marked is not None else name

    def presets(self, names: Iterable[str]) -> str:
        """Several presets' names as one list: "house rules, FFB classic rules (2016) and
        Pagat rules"."""
        return self.join(self.preset(n) for n in names)

    def knob_value(self, knob: str, value: str) -> str:
        """A rule set's value in words: "undertrumping required", "lowest bid 82"; a
        knob's number ("a match to 2000"). Every value of every knob has words (a test
        holds it); one missing would show the knob's name, never its id."""
        marked = KNOB_PHRASES.get((knob, value))
        if marked is not None:
            return self._p(marked)
        if knob in KNOB_NUMBERS and value.isdigit():
            return self._p(KNOB_NUMBERS[knob], n=int(value))
        return self.knob_label(knob)

    def knob_label(self, knob: str) -> str:
        """A knob's name in words ("A tie between takers and defenders")."""
        marked = KNOB_LABELS.get(knob)
        return self._p(marked) if marked is not None else self._p(UNNAMED_RULE)

    def rule_text(self, context: str, text: str) -> str:
        """A text of the engine's rule-set data (a note, a source's title, edition or
        section; contexts in :mod:`explainer.i18n.rule_texts`) in this language, the
        English where it is not translated. An edition that is a date (``2016-01-27``)
        is written as the page's language writes a date: "27 janvier 2016". A note of
        one of the site's rule sets is looked up under its own context
        (:mod:`explainer.settings`)."""
        if context == SOURCE_EDITION and _ISO_DATE.fullmatch(text):
            day = datetime.date.fromisoformat(text)
            return typeset(self.lang, format_date(day, format="long", locale=self.lang))
        context, text = self._site_note(context, text)
        return typeset(self.lang, self.catalog.pgettext(context, text))

    def _site_note(self, context: str, text: str) -> tuple[str, str]:
        own = self._notes.get(text) if context == RULE_NOTE else None
        return (own.ctx, own.source) if own is not None else (context, text)

    def is_translated(self, context: str, text: str) -> bool:
        """Whether :meth:`rule_text` gives this language's words, not the English."""
        context, text = self._site_note(context, text)
        return self.lang == "en" or self.catalog.pgettext(context, text) != text

    def declaration(self, kind: str) -> str:
        """A declaration's name ("tierce", "carré"), by its kind as a scenario writes it."""
        marked = DECLARATION_NAMES.get(kind)
        return self._p(marked) if marked is not None else kind

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
        if isinstance(bid, Trump):
            return self._p(BIDS[bid.word])
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
