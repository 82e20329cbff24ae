"""Coinche rule sets as data: every knob of ``coinche.md`` §7.1 and the three presets.

A :class:`CoincheRules` is a frozen dataclass of knob values, typed for the engine
(``min_bid`` an int, ``card_reuse`` a bool); :attr:`CoincheRules.knobs` gives them back
as a scenario writes them. The presets are ``coinche.md`` §7.2's, each value a
:class:`~explainer.engine.sources.Sourced` carrying its citations (:data:`PRESET_SOURCES`);
where §8 lists an open point the preset takes §7.2's reading and says so in a note.
Variants differ in data, not code (python-chess's ``find_variant``).

>>> r = find_coinche_rules("ffb_coinche", surcoinche="3")
>>> r.surcoinche, r.min_bid, r.knobs["declarations"]
(3, 80, 'on')
>>> find_coinche_rules("ffb_contree").max_bid
160
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Final

from ..errors import UnknownRulesError, did_you_mean, one_of
from ..presets import KNOB_TABLE
from ..presets import PRESET_VALUES as PLAY_PRESET_VALUES
from ..rules import RuleSet, find_rules
from ..sources import Citation, Knob, Sourced

__all__ = [
    "COINCHE_KNOBS",
    "COINCHE_PRESETS",
    "FFB_COINCHE",
    "FFB_CONTREE",
    "PAGAT_COINCHE",
    "PRESET_SOURCES",
    "CoincheRules",
    "find_coinche_rules",
]

_GAMES: Final = frozenset({"coinche"})
_BOTH: Final = frozenset({"coinche", "belote"})


def _k(name: str, values: str, doc: str, games: frozenset[str] = _GAMES) -> Knob:
    return Knob(name, tuple(values.split()), games, doc)


PLAY_KNOBS: Final = ("undertrump", "partner_overtrump", "all_trump_partner", "all_trump_belote")
"""The knobs a Coinche rule set shares with the classic rule sets (``..rules``), with
their values and meaning: how the cards are played, and belote at tout atout."""

COINCHE_KNOBS: Final[Mapping[str, Knob]] = {
    k.name: k
    for k in (
        *(Knob(n, KNOB_TABLE[n].values, _BOTH, KNOB_TABLE[n].doc) for n in PLAY_KNOBS),
        _k("deal_packets", "3-2-3 3-3-2 2-3-3 4-4", "the packets the 32 cards are dealt in"),
        _k("min_bid", "80 82", "the lowest bid; with 82 a bid of 80 is spoken for 82"),
        _k("max_bid", "none 160 170 180 650", "the highest numeric bid"),
        _k("suit_order", "none ranked", "may an equal value in a higher denomination overcall?"),
        _k("sa_ta", "off on", "are sans atout and tout atout bids allowed?"),
        _k("self_overbid", "never change_suit", "may the last bidder speak again after 3 passes?"),
        _k("capot_value", "250 260 270", "the contract value of a capot bid"),
        _k("generale", "off solo", "is a générale (one player wins all eight tricks) biddable?"),
        _k("generale_value", "500 1000", "the contract value of a générale (any integer)"),
        _k("coinche_timing", "in_turn any_time", "may a coinche be said out of turn?"),
        _k("coinche_freezes", "yes no", "does a coinche forbid further bids?"),
        _k("after_coinche", "three_passes coinched_team_only", "who speaks after a coinche"),
        _k("surcoinche", "4 3 off", "the surcoinche multiplier, or no surcoinche"),
        _k("capot_doublable", "yes no", "may a capot bid be coinched?"),
        _k("coinche_80", "yes no", "may a bid of 80 be coinched?"),
        _k("all_pass", "next_dealer same_dealer", "who deals after four passes"),
        _k("scoring", "points_plus_bid points_only bid_only", "what a made contract scores"),
        _k("must_beat_defence", "yes no", "must the takers also score more than the defence?"),
        _k("tie", "failed made litige redeal", "takers' total equal to the defence's", _BOTH),
        _k("bid_80_needs", "80 82", "the total a bid of 80 needs"),
        _k("belote_counts", "yes no", "does the belote count towards the contract?"),
        _k("declarations", "on off", "are declarations (annonces) played?"),
        _k("declarations_count", "yes no", "do declarations count towards the contract?"),
        _k("failure_base", "160 162", "the points a failed contract gives the defence"),
        _k("belote", "imprenable prenable attack_only", "who keeps a belote", _BOTH),
        _k("coinche_scoring", "whole bid_only flat base_only", "what a coinche multiplies"),
        _k("belote_multiplied", "yes no", "is the winner's belote multiplied by a coinche?"),
        _k("capot_points", "252 250 162", "a capot's trick points", _BOTH),
        _k("capot_bid_scoring", "as_contract flat", "how a capot bid scores"),
        _k("capot_declarations", "to_capot_team void", "the capot team's opponents' declarations"),
        _k("rounding", "half_up half_down none", "each team's score to the nearest 10"),
        _k("all_trump_points", "ffb2015 pagat ffb2016_ratio", "the tout atout card points", _BOTH),
        _k("classic_declarations", "off on", "classic Belote with declarations", _BOTH),
        _k("card_reuse", "no yes", "may one card count in two declarations?"),
        _k("carre_vs_cent", "carre cent equal", "which wins at 100: a carré or a cent"),
        _k("declaration_tie", "nobody first_announced", "two best declarations exactly equal"),
        _k("low_carres", "nothing eights_void sevens_annul", "what four 7s or 8s do"),
        _k("no_trump_carres", "ffb britannica", "the carrés' values at sans atout"),
        _k("target", "none 1000 1500 2000 3000", "the match target (any integer)"),
        _k("target_rule", "reach exceed", "does reaching the target win, or exceeding it?"),
        _k("end_rounding", "rounded exact_last_deal", "is the last deal of a match rounded?"),
        _k("final_tie", "extra_deal last_deal_winner draw", "both teams cross on one total"),
        _k(
            "belote_finish",
            "not_if_capot_or_failed not_if_capot allowed never",
            "may a belote alone finish the match?",
        ),
    )
}
"""Every Coinche knob (``coinche.md`` §7.1), values as a scenario writes them."""

_DECLARING: Final = (
    "card_reuse carre_vs_cent classic_declarations declaration_tie declarations low_carres"
    " no_trump_carres"
)
_SCORING: Final = (
    "all_trump_points belote belote_counts belote_multiplied bid_80_needs capot_bid_scoring"
    " capot_declarations capot_points capot_value coinche_scoring declarations_count"
    " failure_base generale_value min_bid must_beat_defence rounding scoring surcoinche tie"
)
STEP_KNOBS: Final[Mapping[str, frozenset[str]]] = {
    # run_auction
    "auction": frozenset(
        "after_coinche all_pass capot_doublable coinche_80 coinche_freezes coinche_timing"
        " generale max_bid sa_ta self_overbid suit_order surcoinche".split()
    ),
    # deal_packets
    "dealing": frozenset({"deal_packets"}),
    # compare_declarations
    "declarations": frozenset(_DECLARING.split()),
    # play_coinche_deal: the cards' play, the declarations and the score
    "deal": frozenset((*PLAY_KNOBS, *_DECLARING.split(), *_SCORING.split())),
    # run_match (its deals come scored)
    "match": frozenset(
        "all_pass belote_finish end_rounding final_tie rounding target target_rule".split()
    ),
}
"""The knobs each Coinche step of the engine reads, by step (the function in the
comment). A knob outside a step's set cannot change that step's result, so a scenario
that sets one is told it does not apply instead of being silently unaffected
(tests/engine/coinche/test_step_knobs.py sets each such knob to each value and compares).
Every knob is read by some step."""

_INT: Final = frozenset(
    {"min_bid", "capot_value", "generale_value", "bid_80_needs", "failure_base", "capot_points"}
)
_OPTIONAL_INT: Final = frozenset({"max_bid", "target"})
_FREE_INT: Final = frozenset({"generale_value", "target"})
_YES_NO: Final = frozenset(
    {
        "coinche_freezes",
        "capot_doublable",
        "coinche_80",
        "must_beat_defence",
        "belote_counts",
        "declarations_count",
        "belote_multiplied",
        "card_reuse",
    }
)
_ON_OFF: Final = frozenset({"sa_ta", "declarations", "classic_declarations"})
_ALIASES: Final = {"tie": {"fail": "failed"}}
"""Accepted spellings: ``coinche.md`` writes ``tie: fail``; the format contract (and the
classic rule sets) ``failed``, which is the canonical value."""

Value = int | bool | str | None


@dataclass(frozen=True, slots=True)
class CoincheRules:
    """A Coinche rule set: the preset it came from and every knob's value, typed.

    Yes/no and on/off knobs are ``bool``; numeric knobs ``int`` (``max_bid`` and
    ``target`` ``None`` for none; ``surcoinche`` 0 for off); the rest the written word.
    """

    name: str
    undertrump: str
    partner_overtrump: str
    all_trump_partner: str
    all_trump_belote: str
    deal_packets: str
    min_bid: int
    max_bid: int | None
    suit_order: str
    sa_ta: bool
    self_overbid: str
    capot_value: int
    generale: str
    generale_value: int
    coinche_timing: str
    coinche_freezes: bool
    after_coinche: str
    surcoinche: int
    capot_doublable: bool
    coinche_80: bool
    all_pass: str
    scoring: str
    must_beat_defence: bool
    tie: str
    bid_80_needs: int
    belote_counts: bool
    declarations: bool
    declarations_count: bool
    failure_base: int
    belote: str
    coinche_scoring: str
    belote_multiplied: bool
    capot_points: int
    capot_bid_scoring: str
    capot_declarations: str
    rounding: str
    all_trump_points: str
    classic_declarations: bool
    card_reuse: bool
    carre_vs_cent: str
    declaration_tie: str
    low_carres: str
    no_trump_carres: str
    target: int | None
    target_rule: str
    end_rounding: str
    final_tie: str
    belote_finish: str

    @property
    def knobs(self) -> dict[str, str]:
        """Every knob as a scenario writes it: ``{"min_bid": "80", "sa_ta": "off", ...}``."""
        return {name: _written(name, getattr(self, name)) for name in COINCHE_KNOBS}

    @property
    def is_preset(self) -> bool:
        """Whether this rule set is exactly one of the presets."""
        return COINCHE_PRESETS.get(self.name) == self

    @property
    def play_preset(self) -> str:
        """The play-rules preset this rule set implies (``coinche.md`` §6.1): the FFB
        texts play ``official`` (no forced undertrump), Pagat ``house``."""
        return "house" if self.name == "pagat_coinche" else "official"

    @property
    def play_rules(self) -> RuleSet:
        """The classic engine's rule set for playing the cards of a deal under these
        rules: :attr:`play_preset` with the shared knobs (:data:`PLAY_KNOBS`, the belote
        and the tout atout scale) set to this rule set's values."""
        shared = {k: getattr(self, k) for k in PLAY_KNOBS}
        capot = {"capot_points": str(self.capot_points)} if self.capot_points != 162 else {}
        return find_rules(
            self.play_preset,
            **shared,
            **capot,
            belote=self.belote,
            all_trump_points=self.all_trump_points,
        )

    def sourced(self, knob: str) -> Sourced | None:
        """The preset's citation for ``knob``, or ``None`` once the knob was changed."""
        entry = PRESET_SOURCES.get(self.name, {}).get(knob)
        if entry is None or _convert(knob, entry.value) != getattr(self, knob):
            return None
        return entry

    def with_knobs(self, **knobs: str | int) -> CoincheRules:
        """A copy with some knobs set, as written (``surcoinche="3"``, ``target=2000``).

        Raises :class:`UnknownRulesError` (with a "did you mean" hint) for an unknown
        knob or value.
        """
        changes = {k: _convert(k, v) for k, v in knobs.items()}
        return replace(self, **changes)  # type: ignore[arg-type]


def _convert(name: str, written: str | int) -> Value:
    """The typed value of knob ``name`` written as ``written``."""
    knob = COINCHE_KNOBS.get(name)
    if knob is None:
        raise UnknownRulesError(
            f"unknown coinche rules knob: {name!r}" + did_you_mean(name, COINCHE_KNOBS)
        )
    text = str(written).strip().lower()
    text = _ALIASES.get(name, {}).get(text, text)
    if name in _FREE_INT and text.isdigit():
        return int(text)
    if text not in knob.values:
        raise UnknownRulesError(
            f"invalid value for {name}: {written!r} (expected "
            + (
                f"{', '.join(knob.values)} or an integer"
                if name in _FREE_INT
                else one_of(knob.values)
            )
            + ")"
            + did_you_mean(text, knob.values)
        )
    if name in _YES_NO:
        return text == "yes"
    if name in _ON_OFF:
        return text == "on"
    if name == "surcoinche":
        return 0 if text == "off" else int(text)
    if name in _OPTIONAL_INT:
        return None if text == "none" else int(text)
    if name in _INT:
        return int(text)
    return text


def _written(name: str, value: Value) -> str:
    """The scenario word for a typed knob value (the inverse of :func:`_convert`)."""
    if name in _YES_NO:
        return "yes" if value else "no"
    if name in _ON_OFF:
        return "on" if value else "off"
    if name == "surcoinche":
        return "off" if value == 0 else str(value)
    if value is None:
        return "none"
    return str(value)


# --- Citations (verbatim, short, from coinche.md; keys in ..sources.SOURCES) -------------

_VIA = "(via COLV)"


def _c(key: str, section: str, quote: str) -> Citation:
    return Citation(key, section, quote)


CO_ORDER = _c("FFB-CO15", "§4.1", "Un joueur qui a passé une fois pourra enchérir par la suite")
CO_IN_TURN = _c(
    "FFB-CO15",
    "§4.1",
    "On ne peut coincher que lorsque c'est à son tour de parler (on ne coinche pas « à la volée »)",
)
CO_THREE = _c(
    "FFB-CO15",
    "§4.1",
    "le tour d'enchère s'achève lorsqu'après une enchère ou une coinche, les trois joueurs suivants passent",
)
CO_SURCOINCHE = _c("FFB-CO15", "§4.1", "Le tour d'enchères s'arrête alors immédiatement")
CO_ANNULLED = _c("FFB-CO15", "§4.1", "la donne est terminée sans points marqués")
CO_CAPOT = _c("FFB-CO15", "§10.1.1", "250 points pour un capot demandé")
CO_MADE = _c("FFB-CO15", "§10.1.1", "supérieur ou égal à l'enchère demandée")
CO_BEAT = _c("FFB-CO15", "§10.1.2", "chuté si la défense obtient un total supérieur ou égal")
CO_FAIL = _c(
    "FFB-CO15",
    "§10.1.2",
    "160 points de chute + Leurs annonces + Leur belote + Les annonces des preneurs qui "
    "changent de main + Le montant du contrat demandé",
)
CO_COUNT = _c(
    "FFB-CO15", "§4.2", "Le nombre de points comprend … les points des annonces éventuelles"
)
CO_BELOTE = _c(
    "FFB-CO15",
    "§7",
    "La belote annoncée de manière conforme est imprenable : le bonus de points est accordé "
    "même en cas de chute",
)
CO_WHOLE = _c("FFB-CO15", "§10.1.1", "× 2 (resp. 4)")
CO_CAPOT_BASE = _c(
    "FFB-CO15", "§10.1.1", "160 points (ou 250 points si capot réalisé, même non demandé)"
)
CO_DECLARATIONS = _c("FFB-CO15", "§8", "La coinche se joue toujours avec les annonces")
CO_REUSE = _c(
    "FFB-CO15",
    "§8",
    "Important : une carte ne peut compter que pour une seule annonce à la fois",
)
CO_CARRE = _c("FFB-CO15", "§8", "Un carré de 100 points est plus fort qu'un cent")
CO_TIE = _c(
    "FFB-CO15",
    "§8.3",
    "il y a « égalité » et aucune annonce ne compte, et ce, même si un camp bénéficie "
    "d'autres annonces inférieures",
)
CO_LOW = _c("FFB-CO15", "§8", "les carrés de 7 et 8 ne comptent pas")
CO_TARGET = _c("FFB-CO15", "§10.3", "le nombre de points fixés au préalable")
CO_REACH = _c("FFB-CO15", "§10.3", "atteignant ou dépassant")
CO_FINAL = _c("FFB-CO15", "§10.3", "une dernière donne départage")
CO_FINISH = _c(
    "FFB-CO15",
    "§10.3",
    "Si une équipe est capot ou chute, et atteint les points fixés uniquement grâce aux "
    "points d'une belote, la partie n'est pas encore gagnée",
)
C16_RANGE = _c("FFB-C16", "§4.2.2", "comprise entre 80 et 160")
C16_FIGE = _c("FFB-C16", "(via COLV encheres §9b)", "fige le contrat")
C16_NEXT = _c("FFB-C16", "§4.2.1", "Le joueur à la droite du donneur devient le nouveau donneur")
C16_TEAM = _c("FFB-C16", "§4.2.3", "seuls les joueurs de l'équipe contrée sont amenés à parler")
C16_CAPOT = _c(
    "FFB-CO15",
    "§4.1",
    "Il n'existe pas d'enchère supérieure au capot ; dès lors l'équipe adverse ne peut plus "
    "que passer ou contrer/coincher",
)
C16_MADE = _c("FFB-C16", "§10.1", "supérieur ou égal à l'enchère demandée")
C16_EVEN_IF = _c(
    "FFB-C16",
    "§10.1",
    "Ceci est valable même si les défenseurs ont réalisé plus de points que les preneurs",
)
C16_BELOTE = _c(
    "FFB-C16", "§7", "En cas de chute du contrat, la belote est perdue par les preneurs"
)
C16_NO_DECL = _c("FFB-C16", "§8", "La belote contrée se joue toujours sans annonces")
C16_FLAT = _c("FFB-C16", "§10.2 (table p. 7)", "320 (640) + Contrat ×2 (×4)")
C16_BELOTE_OUT = _c("FFB-C16", "§10.2 (table p. 7)", "+ Belote preneurs ou défense")
C16_ROUND = _c("FFB-C16", "§10.4", "Les 117 points sont arrondis à 120")
C16_END = _c(
    "FFB-C16", "§10.4", "Les points sont arrondis en fin de partie et permettent de gagner"
)
C16_FINAL = _c("FFB-C16", _VIA, "une nouvelle donne est jouée jusqu'à ce que l'égalité soit rompue")
C16_OPTION = _c(
    "FFB-C16", "§11", "Un joueur peut prendre à la couleur ainsi qu'à Sans Atout et Tout Atout"
)
WC_CAPOT = _c(
    "FFB-WC",
    _VIA,
    "Le capot demandé et réalisé, ou chuté, vaut 500 points. Le capot contré vaut 1.000 points.",
)
WC_ROUND = _c("FFB-WC", _VIA, "Une équipe ayant fait 89 points et ayant demandé 90 chute")
P_82 = _c("PAG-C", _VIA, "at least 82 points (by convention, 82 is bid by saying '80')")
P_VOLEE = _c("PAG-C", _VIA, "It is not necessary to wait for your turn to say coinche")
P_ENDS = _c("PAG-C", _VIA, "A coinche ends the bidding")
P_CAPOT = _c("PAG-C", _VIA, "A capot bid ends the bidding and cannot be doubled")
P_NOT_MORE = _c("PAG-C", _VIA, "They do not need to take more points than their opponents")
P_BID_ONLY = _c("PAG-C", _VIA, "A coinche doubles the score for the bid only")
P_CAPOT_250 = _c("PAG-C", _VIA, "250 points plus the amount of the bid")
P_CAPOT_LOST = _c("PAG-C", _VIA, "If a bid of capot is lost, the opponents score 500")
P_BELOTE = _c("PAG-C", _VIA, "scored by the bidding team, even if the contract fails")
P_ROUND = _c("PAG-C", _VIA, "scores ending in 5 rounded upwards")
P_FINAL = _c("PAG-C", _VIA, "the winners of the latest deal win")
P_TARGET = _c("PAG-C", _VIA, "2000 points or more")
P_ALL_PASS = _c("PAG-C", _VIA, "the cards are thrown in and the next dealer deals a new hand")
P_FAIL = _c("PAG-C", _VIA, "160 plus the amount of the bid")
P_FIRST = _c("PAG-C", _VIA, "some play that the first to be announced is best")
P_JACKS = _c("PAG-C", _VIA, "a player who has four jacks can clearly make at least 220")
P_SURCOINCHE = _c("PAG-C", _VIA, "either the bidder or his partner")
PB_VOID = _c("PAG-B", "(via DSL)", "A side that took no trick counts none of its declarations")

_DEFAULT_NOTE = "Not named in coinche.md §7.2 for this preset: the §7.1 default, which no source it follows contradicts."


def _v(value: str, *cites: Citation, note: str = "") -> Sourced:
    return Sourced(value, cites, note)


def _d(value: str, note: str = _DEFAULT_NOTE) -> Sourced:
    return Sourced(value, (), note)


_COMMON: Final[Mapping[str, Sourced]] = {
    "deal_packets": _d(
        "3-2-3",
        "FFB-CO15 §3.4 lists 3-2-3, 3-3-2 and 2-3-3 at the dealer's choice; the preset takes the first.",
    ),
    "suit_order": _v("none", CO_ORDER, note="Suits do not rank: a bid must be higher in value."),
    "self_overbid": _v("never", CO_THREE),
    "capot_value": _v("250", CO_CAPOT),
    "generale": _d("off", "No FFB text has the générale (coinche.md §1.3)."),
    "generale_value": _d("500", "Most sources that play the générale value it 500 (§1.3)."),
    "coinche_freezes": _v("yes", C16_FIGE),
    "coinche_80": _d("yes"),
    "all_pass": _v("next_dealer", C16_NEXT, CO_ANNULLED),
    "belote_counts": _v("yes", CO_COUNT),
    "failure_base": _v("160", CO_FAIL),
    "classic_declarations": _d("off", "A classic Belote knob; Coinche has its own `declarations`."),
    "low_carres": _v("nothing", CO_LOW),
    "no_trump_carres": _d("ffb", "FFB-CO15 §11.2 and FFB-C16 §11.2: 4 A 200, 4 tens 150."),
    "target": _v("none", CO_TARGET, note="The organiser sets the target; 2000 is common."),
    "target_rule": _v("reach", CO_REACH),
    "tie": _v("failed", CO_BEAT),
    "card_reuse": _v("no", CO_REUSE),
    "carre_vs_cent": _v("carre", CO_CARRE),
    "declaration_tie": _v("nobody", CO_TIE),
}

_FFB_PLAY: Final[Mapping[str, Sourced]] = {
    **{k: PLAY_PRESET_VALUES["official"][k] for k in PLAY_KNOBS[:3]},
    "all_trump_belote": _d(
        "each_suit",
        "FFB-CO15 §11.3 and FFB-C16 §11.3: at tout atout a belote in each suit, up to four"
        " (coinche.md §2.6).",
    ),
}
_PAGAT_PLAY: Final[Mapping[str, Sourced]] = {
    **{
        k: _d(
            PLAY_PRESET_VALUES["house"][k].value,
            "coinche.md §6.1: Pagat's play obligations are the house's (must undertrump;"
            " partner ruffed: discard or overtrump).",
        )
        for k in PLAY_KNOBS[:3]
    },
    "all_trump_belote": PLAY_PRESET_VALUES["pagat_belote"]["all_trump_belote"],
}

_FFB_COINCHE: Final[Mapping[str, Sourced]] = {
    **_COMMON,
    **_FFB_PLAY,
    "min_bid": _v("80", CO_MADE),
    "max_bid": _d("none", "FFB-CO15 gives a minimum only (FFB-WC coinche: 650)."),
    "sa_ta": _v("off", C16_OPTION, note="An organiser's option (FFB-CO15 §11)."),
    "coinche_timing": _v("in_turn", CO_IN_TURN),
    "after_coinche": _v("three_passes", CO_THREE),
    "surcoinche": _v("4", CO_WHOLE),
    "capot_doublable": _v("yes", C16_CAPOT),
    "scoring": _v("points_plus_bid", CO_FAIL),
    "must_beat_defence": _v("yes", CO_BEAT),
    "bid_80_needs": _v("80", CO_MADE),
    "declarations": _v("on", CO_DECLARATIONS),
    "declarations_count": _v("yes", CO_COUNT),
    "belote": _v("imprenable", CO_BELOTE),
    "coinche_scoring": _v("whole", CO_WHOLE, CO_CAPOT_BASE),
    "belote_multiplied": _v(
        "yes",
        CO_WHOLE,
        note="Open point (coinche.md §8.1): CARG and IMPL-FFB put the belote inside the "
        "multiplied bracket; COLV reads FFB-CO15 as FFB-C15's 'hors belote'.",
    ),
    "capot_points": _d("252", "FFB-CO15 §9.2: 152 + a dix de der of 100."),
    "capot_bid_scoring": _v(
        "as_contract",
        CO_CAPOT,
        CO_FAIL,
        note="Open point (coinche.md §8.1): a failed capot bid gives 160 + 250 = 410 "
        "(CARG's formula); IMPL-FFB reads 250 + 250 = 500. FFB-WC: flat 500.",
    ),
    "capot_declarations": _v("to_capot_team", CO_CAPOT_BASE),
    "rounding": _v("half_up", C16_ROUND, WC_ROUND),
    "all_trump_points": _d(
        "ffb2015",
        "FFB-CO15's tout atout values J 13 9 9 A 6 10 5 K 3 Q 2 (CARG's transcription; §8.3).",
    ),
    "end_rounding": _v("rounded", C16_END),
    "final_tie": _v("extra_deal", CO_FINAL),
    "belote_finish": _v("not_if_capot_or_failed", CO_FINISH),
}

_NO_DECLARATIONS = "Contrée is played without declarations: the value is never used."

_FFB_CONTREE: Final[Mapping[str, Sourced]] = {
    **_FFB_COINCHE,
    "min_bid": _v("80", C16_RANGE),
    "max_bid": _v("160", C16_RANGE),
    "sa_ta": _v("off", C16_OPTION, note="An organiser's option (FFB-C16 §11)."),
    "coinche_timing": _v("in_turn", CO_IN_TURN, note="FFB-C16 §4.2.3 says the same."),
    "after_coinche": _v("coinched_team_only", C16_TEAM),
    "surcoinche": _v("4", C16_FLAT),
    "scoring": _v(
        "points_plus_bid", C16_FLAT, note="FFB-C16 §10.2 lets the organiser choose points_only."
    ),
    "must_beat_defence": _v("no", C16_EVEN_IF),
    "tie": _d(
        "failed",
        "The takers need not beat the defenders, so a tie never decides (coinche.md §2.7).",
    ),
    "bid_80_needs": _v("80", C16_MADE),
    "declarations": _v("off", C16_NO_DECL),
    "declarations_count": _d("yes", _NO_DECLARATIONS),
    "belote": _v("prenable", C16_BELOTE),
    "coinche_scoring": _v(
        "flat", C16_FLAT, note="FFB-C16 Note 1 gives bid_only (Contrat × 2 + 160) as a variant."
    ),
    "belote_multiplied": _v("no", C16_BELOTE_OUT),
    "capot_bid_scoring": _v("flat", WC_CAPOT, note="And the FFB-C16 table p. 7."),
    "capot_declarations": _d("to_capot_team", _NO_DECLARATIONS),
    "card_reuse": _d("no", _NO_DECLARATIONS),
    "carre_vs_cent": _d("carre", _NO_DECLARATIONS),
    "declaration_tie": _d("nobody", _NO_DECLARATIONS),
    "low_carres": _d("nothing", _NO_DECLARATIONS),
    "no_trump_carres": _d("ffb", _NO_DECLARATIONS),
    "all_trump_points": _d("ffb2016_ratio", "FFB-C16 §11.3: trump values scaled by 162/258."),
    "target": _d("none", "FFB-C16: the organiser sets the target."),
    "final_tie": _v("extra_deal", C16_FINAL),
    "belote_finish": _d("allowed", "FFB-C16 deleted FFB-C15's clause (coinche.md §4)."),
}

_PAGAT: Final[Mapping[str, Sourced]] = {
    **_COMMON,
    **_PAGAT_PLAY,
    "min_bid": _v("82", P_82),
    "max_bid": _d("none", "PAG-C gives a minimum only."),
    "sa_ta": _d("off", "PAG-C lists sans atout and tout atout as a variant."),
    "coinche_timing": _v("any_time", P_VOLEE),
    "after_coinche": _v("coinched_team_only", P_ENDS, P_SURCOINCHE),
    "surcoinche": _v("4", P_BID_ONLY, note="PAG-C's variant: 3."),
    "capot_doublable": _v("no", P_CAPOT),
    "all_pass": _v("next_dealer", P_ALL_PASS),
    "scoring": _v("points_plus_bid", P_CAPOT_250),
    "must_beat_defence": _v("no", P_NOT_MORE),
    "tie": _d(
        "failed",
        "The takers need not beat the defenders, so a tie never decides (coinche.md §2.7).",
    ),
    "bid_80_needs": _v("82", P_82),
    "declarations": _v("on", P_JACKS),
    "declarations_count": _v("yes", P_JACKS, note="Implied: 'bid much higher' (§7.2)."),
    "failure_base": _v("160", P_FAIL),
    "belote": _v("imprenable", P_BELOTE, note="Many Pagat players: prenable."),
    "coinche_scoring": _v(
        "bid_only",
        P_BID_ONLY,
        note="Open point (coinche.md §8.4): for a made coinche the winner takes 160 + 2b, "
        "the loser 0 (COLV's and CONTRAI's reading).",
    ),
    "belote_multiplied": _v("no", P_BID_ONLY),
    "capot_points": _v("250", P_CAPOT_250),
    "capot_bid_scoring": _v("flat", P_CAPOT_LOST, note="PAG-C's variant: 410 on failure."),
    "capot_declarations": _v("void", PB_VOID, note="From PAG-B; PAG-C is silent."),
    "rounding": _v("half_up", P_ROUND),
    "all_trump_points": _d("pagat", "PAG-C: J 14 9 9 A 6 10 5 K 3 Q 1."),
    "declaration_tie": _v(
        "first_announced",
        P_FIRST,
        note="PAG-C records both practices (first_announced, nobody); the preset takes the first §7.2 lists.",
    ),
    "target": _v("2000", P_TARGET),
    "target_rule": _v("reach", P_TARGET),
    "end_rounding": _d("rounded", "PAG-C does not say; the rounding applies to every deal."),
    "final_tie": _v("last_deal_winner", P_FINAL),
    "belote_finish": _d("allowed", "PAG-C has no such clause."),
}

PRESET_SOURCES: Final[Mapping[str, Mapping[str, Sourced]]] = {
    "ffb_coinche": _FFB_COINCHE,
    "ffb_contree": _FFB_CONTREE,
    "pagat_coinche": _PAGAT,
}
"""Each preset's knob values with their citations (``coinche.md`` §7.2)."""


def _build(name: str, table: Mapping[str, Sourced]) -> CoincheRules:
    missing = set(COINCHE_KNOBS) - set(table)
    if missing:  # pragma: no cover - a data error, caught at import
        raise AssertionError(f"preset {name} lacks {sorted(missing)}")
    values = {k: _convert(k, s.value) for k, s in table.items()}
    return CoincheRules(name, **values)  # type: ignore[arg-type]


FFB_COINCHE: Final = _build("ffb_coinche", _FFB_COINCHE)
"""FFB-CO15 (*Belote Coinchée*, 2015), FFB-WC coinche where the PDF is silent."""
FFB_CONTREE: Final = _build("ffb_contree", _FFB_CONTREE)
"""FFB-C16 (*Belote Contrée*, 27 January 2016)."""
PAGAT_COINCHE: Final = _build("pagat_coinche", _PAGAT)
"""Pagat's *La Coinche* (base rules)."""
COINCHE_PRESETS: Final[Mapping[str, CoincheRules]] = {
    "ffb_coinche": FFB_COINCHE,
    "ffb_contree": FFB_CONTREE,
    "pagat_coinche": PAGAT_COINCHE,
}

assert [f.name for f in fields(CoincheRules)][1:] == list(COINCHE_KNOBS)


def find_coinche_rules(preset: str = "ffb_coinche", **knobs: str | int) -> CoincheRules:
    """The preset named ``preset`` with ``knobs`` overridden (values as written).

    Raises :class:`UnknownRulesError` with a "did you mean" hint for an unknown
    preset, knob or value.

    >>> find_coinche_rules("ffb_coinch")
    Traceback (most recent call last):
    ...
    explainer.engine.errors.UnknownRulesError: unknown coinche rules: 'ffb_coinch' (did you mean 'ffb_coinche'?)
    """
    base = COINCHE_PRESETS.get(preset) if isinstance(preset, str) else None
    if base is None:
        raise UnknownRulesError(
            f"unknown coinche rules: {preset!r}" + did_you_mean(str(preset), COINCHE_PRESETS)
        )
    return base.with_knobs(**knobs) if knobs else base
