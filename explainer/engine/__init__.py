"""The rules of French Belote and Coinche, computed.

Standard library only: no files, no YAML, no HTML, no prose. Cards are ints 0-31
and hands 32-bit masks on the hot path (:func:`make_ruler`); :class:`CardSet`,
:class:`Ruling`, :class:`TrickResult` and :class:`DealResult` are the readable face.

>>> hand = CardSet.parse("KS 7S JH 9C 10D")
>>> r = legal_cards(hand, [parse_card("AS")], Trump.HEARTS)
>>> str(r.legal), r.rule.value
('7S KS', 'follow')
"""

from __future__ import annotations

from .bidding import Bid, BiddingResult, parse_bid, run_bidding
from .cards import (
    DECK,
    FULL_DECK,
    RANKS,
    SUIT_MASKS,
    SUITS,
    CardSet,
    Rank,
    Suit,
    card,
    card_rank,
    card_str,
    card_suit,
    cards_of,
    mask_of,
    parse_card,
)
from .contract import (
    ALL_TRUMP_POINTS,
    NO_TRUMP_POINTS,
    PLAIN_ORDER,
    PLAIN_POINTS,
    TRUMP_ORDER,
    TRUMP_POINTS,
    Contract,
    Tables,
    Trump,
    tables,
)
from .deal import (
    BELOTE,
    CAPOT,
    LAST_TRICK,
    DealResult,
    Play,
    belote_seat,
    play_deal,
    score_points,
)
from .dealing import DealingResult, deal_cards
from .errors import (
    BiddingError,
    EngineError,
    IllegalPlayError,
    InvalidCardError,
    InvalidContractError,
    InvalidDealError,
    InvalidSeatError,
    UnknownRulesError,
)
from .play import (
    Rule,
    Ruler,
    Ruling,
    TrickResult,
    Verdict,
    check_play,
    legal_cards,
    make_ruler,
    rulings_by_preset,
    score_trick,
    trick_winner,
    verdict,
    why_illegal,
)
from .rules import HOUSE, KNOBS, OFFICIAL, PRESETS, RuleSet, find_rules
from .seats import Seat, Team
from .simulate import RandomDeal, random_deal, random_hands, random_scored_deal

__all__ = [
    "ALL_TRUMP_POINTS",
    "BELOTE",
    "CAPOT",
    "DECK",
    "FULL_DECK",
    "HOUSE",
    "KNOBS",
    "LAST_TRICK",
    "NO_TRUMP_POINTS",
    "OFFICIAL",
    "PLAIN_ORDER",
    "PLAIN_POINTS",
    "PRESETS",
    "RANKS",
    "SUITS",
    "SUIT_MASKS",
    "TRUMP_ORDER",
    "TRUMP_POINTS",
    "Bid",
    "BiddingError",
    "BiddingResult",
    "CardSet",
    "Contract",
    "DealResult",
    "DealingResult",
    "EngineError",
    "IllegalPlayError",
    "InvalidCardError",
    "InvalidContractError",
    "InvalidDealError",
    "InvalidSeatError",
    "Play",
    "RandomDeal",
    "Rank",
    "Rule",
    "RuleSet",
    "Ruler",
    "Ruling",
    "Seat",
    "Suit",
    "Tables",
    "Team",
    "TrickResult",
    "Trump",
    "UnknownRulesError",
    "Verdict",
    "belote_seat",
    "card",
    "card_rank",
    "card_str",
    "card_suit",
    "cards_of",
    "check_play",
    "deal_cards",
    "find_rules",
    "legal_cards",
    "make_ruler",
    "mask_of",
    "parse_bid",
    "parse_card",
    "play_deal",
    "random_deal",
    "random_hands",
    "random_scored_deal",
    "rulings_by_preset",
    "run_bidding",
    "score_points",
    "score_trick",
    "tables",
    "trick_winner",
    "verdict",
    "why_illegal",
]
