"""Coinche rule sets as data: every Coinche knob and the three presets.

A :class:`CoincheRules` is a frozen dataclass of knob values, typed for the engine
(``min_bid`` an int, ``card_reuse`` a bool); :attr:`CoincheRules.knobs` gives them back
as a scenario writes them. Each preset follows one document's base rules: ``ffb_coinche``
the FFB's *Belote coinchée* rulebook of 2015, ``ffb_contree`` its *Belote contrée*
rulebook of 27 January 2016, ``pagat_coinche`` Pagat's *La Coinche*. Each value is a
:class:`~explainer.engine.sources.Sourced` carrying its citations (:data:`PRESET_SOURCES`);
a document's named variations are knob values one can choose, and where editions or
readings disagree the value's note says so. Variants differ in data, not code
(python-chess's ``find_variant``).

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
from ..rules import RuleSet, find_rules
from ..sources import Citation, Knob, Sourced

__all__ = [
    "COINCHE_KNOBS",
    "COINCHE_PRESETS",
    "FFB_COINCHE",
    "FFB_CONTREE",
    "OTHER_VALUES",
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
        _k(
            "coinche_scoring",
            "whole bid_only flat base_only as_uncoinched",
            "what a coinche multiplies",
        ),
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
        _k(
            "defence_capot",
            "failure_base own_points",
            "the defence takes all eight tricks of a failed contract: does it score the"
            " failure base or its own trick points (252)?",
        ),
        _k("no_trump_bid", "single double", "does a sans atout contract's value count double?"),
    )
}
"""Every Coinche knob, values as a scenario writes them."""

_DECLARING: Final = (
    "card_reuse carre_vs_cent classic_declarations declaration_tie declarations low_carres"
    " no_trump_carres"
)
_SCORING: Final = (
    "all_trump_points belote belote_counts belote_multiplied bid_80_needs capot_bid_scoring"
    " capot_declarations capot_points capot_value coinche_scoring declarations_count"
    " failure_base generale_value min_bid must_beat_defence rounding scoring surcoinche tie"
    " defence_capot no_trump_bid"
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
"""Accepted spellings: ``tie: fail`` (an early spelling) for ``failed``, the canonical
value, as the classic rule sets write it."""

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
    defence_capot: str
    no_trump_bid: str

    @property
    def knobs(self) -> dict[str, str]:
        """Every knob as a scenario writes it: ``{"min_bid": "80", "sa_ta": "off", ...}``."""
        return {name: _written(name, getattr(self, name)) for name in COINCHE_KNOBS}

    def written(self, knob: str) -> str:
        """One knob as a scenario writes it (``"off"`` for ``sa_ta``), without building
        :attr:`knobs` for the others: a page's variant notes read thousands."""
        return _written(knob, getattr(self, knob))

    @property
    def is_preset(self) -> bool:
        """Whether this rule set is exactly one of the presets."""
        return COINCHE_PRESETS.get(self.name) == self

    @property
    def play_preset(self) -> str:
        """The classic preset of the same author whose remaining knobs (the ones no
        Coinche rule names: ``classic_declarations``, a classic tie) fill in
        :attr:`play_rules`: ``pagat_belote`` for Pagat, ``ffb_belote`` for the FFB."""
        return "pagat_belote" if self.name.startswith("pagat") else "ffb_belote"

    @property
    def play_rules(self) -> RuleSet:
        """The classic engine's rule set for playing the cards of a deal under these
        rules: :attr:`play_preset` with the shared knobs (:data:`PLAY_KNOBS`, the belote
        and the tout atout scale) set to this rule set's values, named after this rule set
        (``name``, game ``coinche``), so that a page names the Coinche preset whose play
        obligations these are, never a classic one."""
        shared = {k: getattr(self, k) for k in PLAY_KNOBS}
        capot = {"capot_points": str(self.capot_points)} if self.capot_points != 162 else {}
        rules = find_rules(
            self.play_preset,
            **shared,
            **capot,
            belote=self.belote,
            all_trump_points=self.all_trump_points,
        )
        return replace(rules, name=self.name, game="coinche")

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


# --- Citations: verbatim, short, in the document's language (keys in ..sources.SOURCES) ---
# ``read_in`` says where a quote was read when the document itself could not be.

_CARG_CO15: Final = (
    "full transcription of the PDF, GitHub vareversat/carg, assets/rules/coinche_belote_rules.md"
    " (every stored version; rule numbers of §5.2 as quoted from the PDF in Avo-k/colver"
    " docs/rules-survey/matrices/jeu-de-la-carte.md)"
)
_COLV: Final = (
    "quotes of the PDF text in GitHub Avo-k/colver docs/rules-survey/matrices/"
    "(jeu-de-la-carte.md, bareme.md, encheres.md, arrondi.md, fin-de-partie.md,"
    " tableau-ffb-2016.md)"
)
_COLV_WEB: Final = (
    "quoted from the web page in GitHub Avo-k/colver docs/rules-survey/matrices/bareme.md"
)
_PAGAT_EN: Final = (
    "pagat.com not reachable whole; English sentence as quoted in GitHub Avo-k/colver"
    " docs/rules-survey/matrices/ (bareme.md, encheres.md, jeu-de-la-carte.md, arrondi.md,"
    " fin-de-partie.md) or ilyesbrh/twistedFate---belote docs/games/coinche/SOURCES.md;"
    " whole page read in the French machine translation reglesdejeux/reglesdejeux.github.io"
    " regles-du-jeu-la-coinche/index.html"
)


def _co(section: str, quote: str) -> Citation:
    """The FFB's coinchée rulebook of 2015."""
    return Citation("FFB-CO15", section, quote, _CARG_CO15)


def _c16(section: str, quote: str) -> Citation:
    """The FFB's contrée rulebook of 27 January 2016."""
    return Citation("FFB-C16", section, quote, _COLV)


def _p(section: str, quote: str) -> Citation:
    """Pagat's La Coinche."""
    return Citation("PAG-C", section, quote, _PAGAT_EN)


CO_MIN = _co(
    "§4.1",
    "L’enchère doit être de 80 au minimum, doit être un multiple de 10 et doit être"
    " supérieure à l'enchère précédente.",
)
CO_SELF = _co("§4.1", "Il est impossible de surenchérir sur soi-même")
CO_NO_HIGHER = _co("§4.1", "Il n’existe pas d’enchère supérieure au capot")
CO_CAPOT_DOUBLE = _co("§4.1", "dès lors l’équipe adverse ne peut plus que passer ou coincher")
CO_IN_TURN = _co(
    "§4.1",
    "On ne peut coincher que lorsque c’est à son tour de parler (on ne coinche pas « à la volée »)",
)
CO_FREEZE = _co("§4.1", "Le fait de coincher fige le contrat")
CO_THREE = _co(
    "§4.1",
    "le tour de d’enchère s’achève lorsqu'après une enchère ou une coinche, les trois joueurs"
    " suivants passent",
)
CO_SURCOINCHE = _co("§4.1", "Le score de la donne sera multiplié par 4.")
CO_ANNULLED = _co("§4.1", "la donne est terminée sans points marqués")
CO_NEXT = _co(
    "§4.1",
    "Le donneur rassemble les cartes et les fait passer au joueur à sa droite qui sera le"
    " nouveau donneur.",
)
CO_PACKETS = _co("§3.4", "3 cartes puis 2 puis 3")
CO_TWO = _co("§4.2", "Réaliser plus de points que l’équipe adverse (la défense)")
CO_BELOTE_COUNTS = _co("§4.2", "Les points de la belote éventuelle")
CO_DECL_COUNT = _co("§4.2", "Les points des annonces éventuelles")
CO_MADE = _co("§10.1.1", "total supérieur ou égal à l’enchère demandée")
CO_SCORE = _co("§10.1.1", "Les preneurs marquent : Leur total + Le montant du contrat demandé")
CO_CAPOT = _co("§10.1.1", "250 points pour un capot demandé")
CO_WHOLE = _co("§10.1.1", "× 2 (resp.4)")
CO_CAPOT_BASE = _co("§10.1.1", "160 points (ou 250 points si capot réalisé, même non demandé)")
CO_CAPOT_DECL = _co("§10.1.1", "les annonces des défenseurs changent de main")
CO_BEAT = _co(
    "§10.1.2", "Le contrat est chuté si la défense obtient un total supérieur ou égal aux preneurs"
)
CO_FAIL = _co("§10.1.2", "160 points de chute")
CO_BELOTE = _co(
    "§7",
    "La belote annoncée de manière conforme est imprenable : le bonus de points est accordé"
    " même en cas de chute.",
)
CO_DECLARATIONS = _co("§8", "La coinche se joue toujours avec les annonces.")
CO_REUSE = _co("§8", "une carte ne peut compter que pour une seule annonce à la fois")
CO_CARRE = _co("§8", "Un carré de 100 points est plus fort qu'un cent")
CO_LOW = _co("§8", "les carrés de 7 et 8 ne comptent pas")
CO_TIE = _co("§8.3", 'il y a "égalité" et aucune annonce ne compte')
CO_CAPOT_POINTS = _co("§9.2", "le dix de der vaut 100 points, portant ainsi le total à 252 points")
CO_ROUND = _co("§10.2", "85 est arrondi à 90 tandis que 84 est arrondi à 80")
CO_ROUND_ALL = _co("§10.2", "les points de la partie sont arrondis à la dizaine la plus proche")
CO_TARGET = _co("§10.3", "le nombre de points fixés au préalable")
CO_REACH = _co("§10.3", "atteignant ou dépassant")
CO_FINAL = _co("§10.3", "En cas de nouvelle égalité, une dernière donne départage les deux camps.")
CO_FINISH = _co(
    "§10.3",
    "Si une équipe est capot ou chute, et atteint les points fixés uniquement grâce aux points"
    " d’une belote, la partie n’est pas encore gagnée",
)
CO_VARIANT = _co(
    "§11",
    "L’organisateur d’un tournoi peut décider de le jouer avec la variante du Sans Atout /"
    " Tout Atout",
)
CO_TA_CLIMB = _co("§11.3", "on est toujours obligé de monter sur la carte qui tient si l'on peut")
CO_TA_BELOTE = _co("§11.3", "Il peut y avoir jusqu'à 4 belotes")
CO_UNDER = _co(
    "§5.2, 2.2",
    "il n’est pas obligatoire d’en jouer un (on dit que l’on « ne pisse pas »), on peut se"
    " défausser",
)
CO_PARTNER = _co(
    "§5.2, 4",
    "Lorsque notre partenaire, maître, a coupé une carte adverse et que nous ne possédons plus"
    " que de l’atout, il n’est pas obligé de fournir un atout supérieur. C’est le seul cas de"
    " figure, plutôt rare, où il est permis de jouer un atout inférieur.",
)
CO_CONTRACT = _co("§10.1.2", "Le montant du contrat demandé")
CO_SA = _co("§11.1", "Un joueur peut prendre à la couleur ainsi qu'à Sans Atout et Tout Atout")
C16_CHUTE = _c16("§10.2", "160 + Contrat")

C16_UNDER = _c16("§5.2.2", "on peut se défausser de n'importe quelle carte sans exception")
C16_PARTNER = _c16(
    "§5.2.3",
    "On peut se défausser de n'importe quelle carte sans exception (y compris un atout"
    " inférieur au sien).",
)
C16_PACKETS = _c16("§3.4", "3 cartes chacun puis 2 puis 3")
C16_RANGE = _c16("§4.2.2", "L'enchère doit être comprise entre 80 et 160")
C16_HIGHER = _c16("§4.2.2", "doit être supérieure à l'enchère précédente")
C16_SELF = _c16("§4.2", "Il est impossible de surenchérir sur soi-même.")
C16_NO_HIGHER = _c16("§4.2", "Il n'existe pas d'enchère supérieure au capot")
C16_CAPOT_DOUBLE = _c16("§4.2", "dès lors l'équipe adverse ne peut plus que passer ou contrer")
C16_NEXT = _c16("§4.2.1", "Le joueur à la droite du donneur devient le nouveau donneur.")
C16_ANNULLED = _c16("§4.2.1", "la donne est terminée sans points marqués")
C16_IN_TURN = _c16("§4.2.3", "On ne peut contrer que lorsque c'est à son tour de parler")
C16_FREEZE = _c16("§4.2.3", "Le fait de contrer fige le contrat")
C16_TEAM = _c16("§4.2.3", "seuls les joueurs de l'équipe contrée sont amenés à parler")
C16_MADE = _c16(
    "§10.1",
    "Le contrat est réussi si les preneurs obtiennent un total supérieur ou égal à"
    " l'enchère demandée",
)
C16_EVEN_IF = _c16(
    "§10.1",
    "Ceci est valable même si les défenseurs ont réalisé plus de points que les preneurs.",
)
C16_TOTALS = _c16("§10.1", "Chaque camp totalise ses points")
C16_BELOTE = _c16("§7", "En cas de chute du contrat, la belote est perdue par les preneurs")
C16_NO_DECL = _c16("§8", "La belote contrée se joue toujours sans annonces.")
C16_CAPOT_POINTS = _c16(
    "§9.2", "le dix de der vaut 100 points, portant ainsi le total à 252 points"
)
C16_METHODS = _c16(
    "§10.2",
    "Il existe deux méthodes possibles pour compter les points, au choix de l'organisateur"
    " d'un tournoi",
)
C16_NOTE_1 = _c16(
    "§10.2, Note 1",
    "Contrat x 2 + 160 au lieu de Contrat x 2 + 320 (Contrat x 4 + 160 au lieu de Contrat x 4"
    " + 640)",
)
C16_ROUND = _c16("§10.3", "les points de la partie sont arrondis à la dizaine la plus proche")
C16_TARGET = _c16("§10.4", "le nombre de points fixés au préalable")
C16_REACH = _c16("§10.4", "atteignant ou dépassant")
C16_END = _c16("§10.4", "Les points sont arrondis en fin de partie et permettent de gagner.")
C16_FINAL = _c16(
    "§10.4", "En cas d'égalité, une nouvelle donne est jouée jusqu'à ce que l'égalité soit rompue."
)
C16_VARIANT = _c16(
    "§11",
    "L'organisateur d'un tournoi peut décider de le jouer avec la variante du Sans Atout /"
    " Tout Atout.",
)
C16_TA_POINTS = _c16(
    "§11.3",
    "il faut multiplier le nombre de points comptés (hors belote) par la fraction 162/258",
)
WCT_CAPOT = Citation(
    "FFB-WCT",
    "A – Points faits",
    "Le capot demandé et réalisé, ou chuté, vaut 500 points.",
    _COLV_WEB,
)

P_82 = _p("The Bidding", "The bid must be for at least 82 points")
P_HIGHER = _p("The Bidding", "must be higher than the previous bid")
P_VOLEE = _p("The Bidding", "It is not necessary to wait for your turn to say coinche")
P_ENDS = _p("The Bidding", "A coinche ends the bidding")
P_SURCOINCHE = _p("The Bidding", "either the bidder or his partner can surcoincher")
P_CAPOT = _p("The Bidding", "A capot bid ends the bidding and cannot be doubled.")
P_ALL_PASS = _p(
    "The Bidding",
    "If all four players pass, the cards are thrown in and the next dealer deals a new hand.",
)
P_TRUMP = _p(
    "The Play",
    "If a player is unable to follow suit, and if the highest card in the trick was played"
    " by an opponent, he must play a trump.",
)
P_DISCARD = _p(
    "The Play",
    "if the highest card in the trick so far was played by his partner, he is allowed to"
    " discard even if he has a trump",
)
P_DEAL_POINTS = _p(
    "Players and Cards",
    "In each deal there is a total of 152 for the cards, plus 10 for the last trick",
)
P_BELOTE = _p("The Play", "are scored by the bidding team, even if the contract fails")
P_80 = _p("The Scoring", "at least 82 if they bid 80")
P_NOT_MORE = _p("The Scoring", "They do not need to take more points than their opponents.")
P_SCORE = _p(
    "The Scoring",
    "the bidding team scores the number of points they took plus the number they bid",
)
P_ROUND = _p(
    "The Scoring",
    "Scores are rounded to the nearest 10, with scores ending in 5 rounded upwards.",
)
P_CAPOT_250 = _p("The Scoring", "they score 250 points plus the amount of the bid")
P_FAIL = _p("The Scoring", "Their opponents score 160 plus the amount of the bid.")
P_CAPOT_LOST = _p("The Scoring", "If a bid of capot is lost, the opponents score 500.")
P_BID_ONLY = _p("The Scoring", "A coinche doubles the score for the bid only")
P_EXAMPLE = _p("The Scoring", "160 + (100 × 2) = 360")
P_DOUBLES_AGAIN = _p("The Scoring", "a surcoinche doubles it again")
P_TARGET = _p(
    "Players and Cards",
    "The first team that reaches a score of 2000 points or more wins the match.",
)
P_FINAL = _p("The Scoring", "In case of a tie, the winners of the latest deal win the game.")
P_FIRST = _p("Variations", "some play that the first to be announced is best")
P_GENERALE = _p("Variations", "the score for it must be agreed")

_NO_DECL: Final = "Unused: this preset plays no declarations."


def _v(value: str, *cites: Citation, note: str = "") -> Sourced:
    return Sourced(value, cites, note)


def _d(value: str, note: str) -> Sourced:
    return Sourced(value, (), note)


_FFB_COINCHE: Final[Mapping[str, Sourced]] = {
    "undertrump": _v("optional", CO_UNDER),
    "partner_overtrump": _v(
        "no_lower",
        CO_PARTNER,
        note="A trump lower than the partner's, who is winning with a trump, is allowed only"
        " from a hand of nothing but trumps. The contrée rulebook of 2016 allows it always.",
    ),
    "all_trump_partner": _v("climb", CO_TA_CLIMB, note="In the all-trump variant (§11)."),
    "all_trump_belote": _v("each_suit", CO_TA_BELOTE, note="In the all-trump variant (§11)."),
    "deal_packets": _v(
        "3-2-3",
        CO_PACKETS,
        note="The dealer may also deal three, three and two, or two, three and three; the"
        " preset takes the first way.",
    ),
    "min_bid": _v("80", CO_MIN),
    "max_bid": _v(
        "none",
        CO_MIN,
        note="The rulebook sets no highest bid below the capot; the federation's coinche web"
        " page allows bids up to 650.",
    ),
    "suit_order": _v("none", CO_MIN, note="A bid must be higher in points; suits do not rank."),
    "sa_ta": _v("off", CO_VARIANT, note="A variant the organiser may choose."),
    "self_overbid": _v("never", CO_SELF),
    "capot_value": _v("250", CO_CAPOT),
    "generale": _v("off", CO_NO_HIGHER),
    "generale_value": _d("500", "Unused: the rulebook has no générale."),
    "coinche_timing": _v("in_turn", CO_IN_TURN),
    "coinche_freezes": _v("yes", CO_FREEZE),
    "after_coinche": _v("three_passes", CO_THREE),
    "surcoinche": _v("4", CO_SURCOINCHE),
    "capot_doublable": _v("yes", CO_CAPOT_DOUBLE),
    "coinche_80": _d("yes", "No quote: the rulebook lets any bid be coinched."),
    "all_pass": _v("next_dealer", CO_ANNULLED, CO_NEXT),
    "scoring": _v("points_plus_bid", CO_SCORE),
    "must_beat_defence": _v("yes", CO_TWO),
    "tie": _v(
        "failed",
        CO_BEAT,
        note="One copy of this rulebook also carries the litige rule of the classic rulebook"
        " (§10.1.3); the preset follows §10.1.2, by which a tie fails.",
    ),
    "bid_80_needs": _v("80", CO_MADE),
    "belote_counts": _v("yes", CO_BELOTE_COUNTS),
    "declarations": _v("on", CO_DECLARATIONS),
    "declarations_count": _v("yes", CO_DECL_COUNT),
    "failure_base": _v("160", CO_FAIL),
    "belote": _v("imprenable", CO_BELOTE),
    "coinche_scoring": _v("whole", CO_WHOLE, CO_CAPOT_BASE),
    "belote_multiplied": _v(
        "yes",
        CO_WHOLE,
        note="The doubled sum of §10.1.1 holds the takers' belote. The contrée rulebook of"
        " 2015 doubles the score « hors belote », without the belote, and some read this"
        " rulebook the same way: leaving the belote out is a value one can choose.",
    ),
    "capot_points": _v("252", CO_CAPOT_POINTS),
    "capot_bid_scoring": _v(
        "as_contract",
        CO_CAPOT,
        CO_FAIL,
        note="A capot bid is scored as any contract worth 250: failed, the defenders score"
        " 160 plus 250. The federation's web pages give a flat 500 instead.",
    ),
    "capot_declarations": _v("to_capot_team", CO_CAPOT_DECL),
    "rounding": _v("half_up", CO_ROUND),
    "all_trump_points": _d(
        "ffb2015",
        "No quote: §11.3 gives the values in a table (jack 13, nine 9, ace 6, ten 5, king 3,"
        " queen 2).",
    ),
    "classic_declarations": _d("off", "Unused: a rule of classic Belote."),
    "card_reuse": _v("no", CO_REUSE),
    "carre_vs_cent": _v("carre", CO_CARRE),
    "declaration_tie": _v("nobody", CO_TIE),
    "low_carres": _v("nothing", CO_LOW),
    "no_trump_carres": _d(
        "ffb", "No quote: §11.2 gives the values in a table (four aces 200, four tens 150)."
    ),
    "target": _v("none", CO_TARGET, note="The target is agreed beforehand; 2000 is common."),
    "target_rule": _v("reach", CO_REACH),
    "end_rounding": _v(
        "rounded", CO_ROUND_ALL, note="Every deal is rounded, the last one of a match too."
    ),
    "final_tie": _v("extra_deal", CO_FINAL),
    "belote_finish": _v("not_if_capot_or_failed", CO_FINISH),
    "defence_capot": _v(
        "failure_base",
        CO_FAIL,
        note="A capot by the defence changes nothing: 160 and the bid, whatever its tricks.",
    ),
    "no_trump_bid": _v(
        "single",
        CO_CONTRACT,
        CO_SA,
        note="A sans atout contract scores its value like any other.",
    ),
}

_FFB_CONTREE: Final[Mapping[str, Sourced]] = {
    "undertrump": _v("optional", C16_UNDER),
    "partner_overtrump": _v("optional", C16_PARTNER),
    "all_trump_partner": _d(
        "climb",
        "No quote: in the all-trump variant (§11) every player must beat the card that is"
        " winning when able, as in every rulebook of the federation.",
    ),
    "all_trump_belote": _d(
        "each_suit",
        "No quote: in the all-trump variant (§11) there may be a belote in each suit, up to"
        " four, as in every rulebook of the federation.",
    ),
    "deal_packets": _v(
        "3-2-3",
        C16_PACKETS,
        note="The dealer may also deal three, three and two, or two, three and three; the"
        " preset takes the first way.",
    ),
    "min_bid": _v("80", C16_RANGE),
    "max_bid": _v("160", C16_RANGE),
    "suit_order": _v("none", C16_HIGHER, note="A bid must be higher in points; suits do not rank."),
    "sa_ta": _v("off", C16_VARIANT, note="A variant the organiser may choose."),
    "self_overbid": _v("never", C16_SELF),
    "capot_value": _d(
        "250",
        "No quote: the score table (§10.2) values a capot bid at 500, coinched 1000; the"
        " engine counts that as twice a bid of 250.",
    ),
    "generale": _v("off", C16_NO_HIGHER),
    "generale_value": _d("500", "Unused: the rulebook has no générale."),
    "coinche_timing": _v("in_turn", C16_IN_TURN),
    "coinche_freezes": _v("yes", C16_FREEZE),
    "after_coinche": _v("coinched_team_only", C16_TEAM),
    "surcoinche": _v("4", C16_NOTE_1),
    "capot_doublable": _v("yes", C16_CAPOT_DOUBLE),
    "coinche_80": _d("yes", "No quote: the rulebook lets any bid be coinched."),
    "all_pass": _v("next_dealer", C16_ANNULLED, C16_NEXT),
    "scoring": _v(
        "points_plus_bid",
        C16_METHODS,
        note="The organiser chooses between the points made and the points made plus the"
        " bid; the preset takes the second, and the first is a value one can choose.",
    ),
    "must_beat_defence": _v("no", C16_EVEN_IF),
    "tie": _d("failed", "Unused: the takers need only reach their bid, so no tie arises."),
    "bid_80_needs": _v("80", C16_MADE),
    "belote_counts": _v(
        "yes", C16_TOTALS, note="Each team's total, compared with the bid, holds its belote."
    ),
    "declarations": _v("off", C16_NO_DECL),
    "declarations_count": _d("yes", _NO_DECL),
    "failure_base": _d(
        "160",
        "No quote: the score table (§10.2) gives the defence 160 plus the bid on a failed"
        " contract.",
    ),
    "belote": _v("prenable", C16_BELOTE),
    "coinche_scoring": _v(
        "flat",
        C16_NOTE_1,
        note="Coinched, the winner scores 320 plus twice the bid (640 plus four times,"
        " surcoinched); Note 1 lets the organiser use 160 instead, a value one can choose.",
    ),
    "belote_multiplied": _d(
        "no",
        "No quote: the score table (§10.2) adds the belote after the multiplied part.",
    ),
    "capot_points": _v("252", C16_CAPOT_POINTS),
    "capot_bid_scoring": _v(
        "flat",
        WCT_CAPOT,
        note="The rulebook's score table (§10.2) gives the same: 500, coinched 1000.",
    ),
    "capot_declarations": _d("to_capot_team", _NO_DECL),
    "rounding": _v("half_up", C16_ROUND),
    "all_trump_points": _v("ffb2016_ratio", C16_TA_POINTS, note="In the all-trump variant (§11)."),
    "classic_declarations": _d("off", "Unused: a rule of classic Belote."),
    "card_reuse": _d("no", _NO_DECL),
    "carre_vs_cent": _d("carre", _NO_DECL),
    "declaration_tie": _d("nobody", _NO_DECL),
    "low_carres": _d("nothing", _NO_DECL),
    "no_trump_carres": _d("ffb", _NO_DECL),
    "target": _v("none", C16_TARGET, note="The organiser sets the target."),
    "target_rule": _v("reach", C16_REACH),
    "end_rounding": _v("rounded", C16_END),
    "final_tie": _v("extra_deal", C16_FINAL),
    "belote_finish": _d(
        "allowed",
        "No quote: the 2016 rulebook dropped the 2015 rule that a belote alone cannot finish"
        " a match for a team that was capot or failed.",
    ),
    "defence_capot": _v("failure_base", C16_CHUTE),
    "no_trump_bid": _v(
        "single", C16_VARIANT, note="The sans atout variant (§11) keeps the contract's value."
    ),
}

_PAGAT_TA: Final = "In the all-trump contract, one of Pagat's variations."
_PAGAT_VARIATION: Final = "No quote: one of Pagat's variations, off in the base rules."

_PAGAT: Final[Mapping[str, Sourced]] = {
    "undertrump": _v(
        "required",
        P_TRUMP,
        note="A trump is required even when it cannot beat the opponent's; Pagat notes that"
        " some players, especially in the south of France, do not require this.",
    ),
    "partner_overtrump": _v(
        "optional",
        P_DISCARD,
        note="Nothing bars a trump lower than the partner's.",
    ),
    "all_trump_partner": _d(
        "climb",
        "No quote: in the all-trump contract, one of Pagat's variations, every player must"
        " beat the best card of the trick when able.",
    ),
    "all_trump_belote": _v(
        "each_suit",
        Citation(
            "PAG-C",
            "Variations",
            "Belote can be declared in any suit",
            "English sentence as quoted in GitHub ilyesbrh/twistedFate---belote"
            " docs/games/coinche/SOURCES.md",
        ),
        note=_PAGAT_TA,
    ),
    "deal_packets": _d(
        "3-2-3",
        "No quote: Pagat deals three, two and three cards (or three-three-two, or"
        " two-three-three); the preset takes the first way.",
    ),
    "min_bid": _v("82", P_82),
    "max_bid": _d("none", "No quote: Pagat sets no highest bid below the capot."),
    "suit_order": _v("none", P_HIGHER, note="Ranking the suits is one of Pagat's variations."),
    "sa_ta": _d("off", _PAGAT_VARIATION),
    "self_overbid": _d(
        "never",
        "No quote: the auction ends when the three other players pass after a bid, so the"
        " last bidder cannot bid again.",
    ),
    "capot_value": _d(
        "250",
        "No quote: a capot bid, made or lost, scores 500; the engine counts that as twice a"
        " bid of 250.",
    ),
    "generale": _d("off", _PAGAT_VARIATION),
    "generale_value": _v(
        "1000",
        P_GENERALE,
        note="Pagat gives 1000 as an example of the agreed value; unused while the générale is off.",
    ),
    "coinche_timing": _v("any_time", P_VOLEE),
    "coinche_freezes": _v("yes", P_ENDS),
    "after_coinche": _v("coinched_team_only", P_ENDS, P_SURCOINCHE),
    "surcoinche": _v(
        "4", P_DOUBLES_AGAIN, note="Pagat's variation: the surcoinche multiplies by three."
    ),
    "capot_doublable": _v("no", P_CAPOT),
    "coinche_80": _d("yes", "No quote: Pagat lets any bid by an opponent be coinched."),
    "all_pass": _v("next_dealer", P_ALL_PASS),
    "scoring": _v("points_plus_bid", P_SCORE),
    "must_beat_defence": _v("no", P_NOT_MORE),
    "tie": _d(
        "failed",
        "Unused in the base rules: the takers need only reach their bid. In Pagat's variation"
        " where they must also take more points than the defenders, a tie fails.",
    ),
    "bid_80_needs": _v("82", P_80),
    "belote_counts": _d(
        "yes", "No quote: the belote's 20 points count towards making the contract."
    ),
    "declarations": _v(
        "off",
        P_DEAL_POINTS,
        note="The base game has no declarations but the belote; playing with them is one of"
        " Pagat's variations, a value one can choose.",
    ),
    "declarations_count": _d(
        "yes", "Unused without declarations; with them, they count towards the contract."
    ),
    "failure_base": _v("160", P_FAIL),
    "belote": _v(
        "attack_only",
        P_BELOTE,
        note="Only a player of the bidding team may declare the belote. Letting any player"
        " declare it, or giving the takers' belote to the defenders on a failed contract, are"
        " Pagat's variations, values one can choose.",
    ),
    "coinche_scoring": _v(
        "as_uncoinched",
        P_BID_ONLY,
        P_EXAMPLE,
        note="Coinched, the deal is scored as if it were not, with the bid doubled: made, the"
        " defenders still score their own points. Some read the rule as the winner taking 160"
        " plus twice the bid and the loser nothing, a value one can choose.",
    ),
    "belote_multiplied": _v("no", P_BID_ONLY),
    "capot_points": _v("250", P_CAPOT_250),
    "capot_bid_scoring": _v(
        "flat",
        P_CAPOT_LOST,
        note="Pagat's variation gives the defenders only 160 plus 250 when a capot bid fails.",
    ),
    "capot_declarations": _d(
        "void",
        "Unused without declarations; with them, a team that takes no trick scores none of"
        " its declarations, as in Pagat's Belote.",
    ),
    "rounding": _v("half_up", P_ROUND),
    "all_trump_points": _v(
        "pagat",
        Citation(
            "PAG-C",
            "Variations",
            "in tout atout the card values are reduced to J=14, 9=9, A=6, 10=5, K=3, Q=1",
            _PAGAT_EN,
        ),
        note=_PAGAT_TA,
    ),
    "classic_declarations": _d("off", "Unused: a rule of classic Belote."),
    "card_reuse": _d("no", "Unused without declarations; Pagat does not say."),
    "carre_vs_cent": _d(
        "carre", "Unused without declarations; with them, any carré beats any sequence."
    ),
    "declaration_tie": _v(
        "first_announced",
        P_FIRST,
        note="Unused without declarations. Pagat records two practices for equal best"
        " declarations: the first announced wins, or neither scores.",
    ),
    "low_carres": _d(
        "nothing",
        "Unused without declarations; with them, four eights or four sevens count nothing.",
    ),
    "no_trump_carres": _d("ffb", "Unused without declarations; Pagat does not say."),
    "target": _v("2000", P_TARGET),
    "target_rule": _v("reach", P_TARGET),
    "end_rounding": _d(
        "rounded", "No quote: Pagat rounds every deal's score and makes no exception for the last."
    ),
    "final_tie": _v("last_deal_winner", P_FINAL),
    "belote_finish": _d("allowed", "No quote: Pagat has no such rule."),
    "defence_capot": _v("failure_base", P_FAIL),
    "no_trump_bid": _d(
        "single", "No quote: Pagat's sans atout variation gives the bid no other value."
    ),
}

OTHER_VALUES: Final[Mapping[str, Mapping[str, Sourced]]] = {
    "defence_capot": {
        "own_points": _v(
            "own_points",
            Citation(
                "OLIBOY50",
                "client/src/shared/coinche/service/pointsCounter.ts",
                "currentDefensingTeamPoints + (attackingTeamTotalPoints + defensingTeamTotalPoints"
                " + talkPhasePoints)",
            ),
            note="A failed contract gives the defence every point the two teams made: after"
            " its capot, 252 and not 160.",
        )
    },
    "no_trump_bid": {
        "double": _v(
            "double",
            Citation(
                "OLIBOY50",
                "client/src/shared/coinche/service/pointsCounter.ts",
                "currentSayTake.trumpMode === TrumpMode.NoTrump ? (currentSayTake.expectedPoints"
                " * 2)",
            ),
            note="The contract's value counts twice in the score; the takers still need the"
            " bid itself.",
        )
    },
}
"""Knob values no Coinche preset takes, each with the engine that plays it."""

PRESET_SOURCES: Final[Mapping[str, Mapping[str, Sourced]]] = {
    "ffb_coinche": _FFB_COINCHE,
    "ffb_contree": _FFB_CONTREE,
    "pagat_coinche": _PAGAT,
}
"""Each preset's knob values with their citations."""


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
