"""Coinche (*belote coinchée*, *contrée*): the auction, declarations, scoring, the match.

The contract is ``shared/research/coinche.md``: §1 the auction, §2 the scoring, §3 the
declarations, §4 the match, §7 the knobs and presets. Standard library only; the play
of the cards is the classic engine's (:func:`~explainer.engine.play_deal`).

>>> r = run_auction(Seat.N, ["E: 80 diamonds", "S: pass", "W: 90 diamonds",
...                          "N: coinche", "E: surcoinche"])
>>> r.contract
CoincheContract(taker=<Seat.W: 3>, trump=<Trump.DIAMONDS: 2>, bid=90, level=<Level.SURCOINCHE: 2>)
"""

from __future__ import annotations

from ..contract import Trump
from ..seats import Seat
from .auction import Auction, AuctionResult, parse_calls, run_auction
from .calls import BidKind, Call, CallKind, CoincheContract, Level
from .dealing import PacketDealing, deal_packets, packets_of
from .declarations import (
    Declaration,
    DeclarationKind,
    DeclarationsResult,
    compare_declarations,
    declarations_in_hand,
)
from .errors import AuctionError, DeclarationError, MatchError
from .match import MatchDeal, MatchResult, MatchRules, match_rules, run_match
from .rules import (
    COINCHE_KNOBS,
    COINCHE_PRESETS,
    FFB_COINCHE,
    FFB_CONTREE,
    PAGAT_COINCHE,
    PLAY_KNOBS,
    PRESET_SOURCES,
    STEP_KNOBS,
    CoincheRules,
    find_coinche_rules,
)
from .rules import OTHER_VALUES as COINCHE_OTHER_VALUES
from .scoring import (
    CoincheDealResult,
    CoincheScore,
    bid_needs,
    card_points_of,
    declare_classic,
    play_coinche_deal,
    round_score,
    score_classic_declarations,
    score_coinche,
    trick_points,
)

_ = (Seat, Trump)  # for the doctest above

__all__ = [
    "COINCHE_KNOBS",
    "COINCHE_OTHER_VALUES",
    "COINCHE_PRESETS",
    "FFB_COINCHE",
    "FFB_CONTREE",
    "PAGAT_COINCHE",
    "PLAY_KNOBS",
    "PRESET_SOURCES",
    "STEP_KNOBS",
    "Auction",
    "AuctionError",
    "AuctionResult",
    "BidKind",
    "Call",
    "CallKind",
    "CoincheContract",
    "CoincheDealResult",
    "CoincheRules",
    "CoincheScore",
    "Declaration",
    "DeclarationError",
    "DeclarationKind",
    "DeclarationsResult",
    "Level",
    "MatchDeal",
    "MatchError",
    "MatchResult",
    "MatchRules",
    "PacketDealing",
    "bid_needs",
    "card_points_of",
    "compare_declarations",
    "deal_packets",
    "declarations_in_hand",
    "declare_classic",
    "find_coinche_rules",
    "match_rules",
    "packets_of",
    "parse_calls",
    "play_coinche_deal",
    "round_score",
    "run_auction",
    "run_match",
    "score_classic_declarations",
    "score_coinche",
    "trick_points",
]
