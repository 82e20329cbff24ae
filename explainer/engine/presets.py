"""The rule sets of classic Belote as data: every knob, every preset, every value's source.

This module is the one place a rule value is written. :mod:`.rules` builds the frozen
:class:`~.rules.RuleSet` values from it, and the site reads it to show each value with
its source. A knob (:class:`~.sources.Knob`) is a rule the sources disagree on; a preset
gives every knob of its game a :class:`~.sources.Sourced` value: the value as written in a
scenario, the citations (short verbatim quotes, section numbers, in the document's own
language) and, where the sources do not settle it, a note saying which reading the
preset takes. Quotes marked "via COLV" or "via DSL" were read in those secondary
documents (see :data:`~.sources.SOURCES`); the research notes list the primary addresses.

The presets of ``belote`` (classic, with the turned card), default first:

- ``house``: the seeds' app (seed 003's rules card, seed 000's house examples).
- ``ffb_belote``: the FFB's classic rulebook of 27 January 2016 (FFB-B16).
- ``pagat_belote``: Pagat's Belote page.

``official`` is kept as an alias of version 1's meaning: ``house`` with ``undertrump`` and
``partner_overtrump`` optional, which are the play obligations of the FFB *contrée*
rulebook of 2016 (FFB-C16), and seed 000's Coinche example. It is not a preset of its
own game's list: the site names the source and edition instead of "official".

>>> PRESET_VALUES["ffb_belote"]["belote"].value
'imprenable'
>>> PRESET_VALUES["ffb_belote"]["belote"].cites[0].section
'§10.2'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from .sources import Citation, Knob, Sourced

__all__ = [
    "ALIASES",
    "GAME_PRESETS",
    "KNOB_KINDS",
    "KNOB_TABLE",
    "OTHER_VALUES",
    "PRESET_GAMES",
    "PRESET_VALUES",
]

_BELOTE: Final = frozenset({"belote"})

KNOB_TABLE: Final[Mapping[str, Knob]] = {
    k.name: k
    for k in (
        Knob(
            "undertrump",
            ("required", "optional", "forbidden"),
            _BELOTE,
            "An opponent is winning with a trump you cannot beat and you cannot follow suit:"
            " must you play a lower trump (required), may you (optional), or may you only"
            " when you hold nothing but trumps (forbidden)?",
        ),
        Knob(
            "partner_overtrump",
            ("required", "optional"),
            _BELOTE,
            "Your partner is winning with a trump and you cannot follow suit: while you hold"
            " a higher trump, is a lower one barred (required) or allowed (optional)?",
        ),
        Knob(
            "all_trump_partner",
            ("climb", "free"),
            _BELOTE,
            "All-trump, your partner is winning the trick: must you still beat the best card"
            " of the suit led when you can (climb), or only follow it (free)?",
        ),
        Knob(
            "tie",
            ("made", "failed", "litige"),
            _BELOTE,
            "The takers' points equal the defenders': the contract is made, failed, or held"
            " over (litige: the defenders score theirs, the takers' points are held for the"
            " next deal's winner).",
        ),
        Knob(
            "belote",
            ("prenable", "imprenable", "attack_only"),
            _BELOTE,
            "Who scores a belote: on a failed contract the defenders take both teams'"
            " (prenable); each team always keeps its own (imprenable); or only the takers'"
            " belote ever counts, for the takers, and the defenders' never scores"
            " (attack_only: « La belote ne sert pas en défense », casimirdehauteclocque.fr"
            " via COLV).",
        ),
        Knob(
            "capot_points",
            ("252", "250"),
            _BELOTE,
            "What a team that wins all eight tricks scores for cards and bonus: 252 (the last"
            " trick's 10 becomes 100) or a flat 250.",
        ),
        Knob(
            "all_trump_points",
            ("pagat", "ffb2015", "ffb2016_ratio", "trump_values"),
            _BELOTE,
            "The card points of an all-trump deal: Pagat's J 14, 9 9, A 6, 10 5, K 3, Q 1;"
            " the FFB's 2015 J 13, 9 9, A 6, 10 5, K 3, Q 2; or the FFB's 2016 count with"
            " trump values (258 with the last trick) scaled to 162; or that count unscaled"
            " (trump_values: 258 in all, 348 with a capot).",
        ),
        Knob(
            "all_trump_belote",
            ("none", "each_suit"),
            _BELOTE,
            "Belote at all-trump: none, or one for each suit whose king and queen one seat"
            " holds (up to four).",
        ),
        Knob(
            "classic_declarations",
            ("off", "on"),
            _BELOTE,
            "Whether classic Belote is played with declarations (annonces) besides the"
            " belote. Carried by the rule set; the declarations themselves are scored by"
            " the declarations module.",
        ),
        Knob(
            "classic_sa_ta",
            ("off", "on"),
            _BELOTE,
            "Whether the second round of bidding may name sans atout (no trump) or tout atout"
            " (every suit trump) besides a suit (on), a variant a tournament's organiser may"
            " choose, or only a suit (off).",
        ),
        Knob(
            "classic_coinche",
            ("off", "on"),
            _BELOTE,
            "Whether a defender may coinche the takers' contract and the takers surcoinche it"
            " (on: the deal's winners score double, or four times when surcoinched), or"
            " neither (off).",
        ),
        Knob(
            "belote_bonus",
            ("on", "off"),
            _BELOTE,
            "Whether the king and queen of trump in one hand score the belote's 20 (on), or"
            " nothing at all (off).",
        ),
        Knob(
            "target",
            ("1000", "501", "2000"),
            _BELOTE,
            "The total a team must reach to win the match.",
        ),
        Knob(
            "both_reach",
            ("higher_total", "draw"),
            _BELOTE,
            "Both teams reach the target on the same deal: the higher total wins, and equal"
            " totals play another deal (higher_total), or the match is drawn (draw).",
        ),
        Knob(
            "rounding",
            ("none", "half_up"),
            _BELOTE,
            "In a match, whether each deal's score is marked to the point (none) or to the"
            " nearest ten, a 5 rounded up (half_up).",
        ),
    )
}
"""Every knob of classic Belote, by name, in the order the format documents them."""

_PLAY_AND_DEAL: Final = frozenset({"play", "deal"})
_DEAL: Final = frozenset({"deal"})
_MATCH: Final = frozenset({"match"})
KNOB_KINDS: Final[Mapping[str, frozenset[str]]] = {
    "undertrump": _PLAY_AND_DEAL,
    "partner_overtrump": _PLAY_AND_DEAL,
    "all_trump_partner": _PLAY_AND_DEAL,
    "tie": frozenset({"deal", "match"}),
    "belote": _DEAL,
    "capot_points": _DEAL,
    "all_trump_points": _DEAL,
    "all_trump_belote": _DEAL,
    "classic_declarations": _PLAY_AND_DEAL,
    "classic_sa_ta": frozenset({"bidding"}),
    "classic_coinche": _DEAL,
    "belote_bonus": _DEAL,
    "target": _MATCH,
    "both_reach": _MATCH,
    "rounding": _MATCH,
}
"""The kinds of scenario whose outcome each knob can change (the engine step that reads
it: a trick's play, a whole deal, the bidding, the match); a scenario of another kind
that sets it is told so, rather than silently unaffected. ``tie`` decides in a match
whether a deal may hold points over (a *litige*)."""

_S3 = "SEED-003"


def _seed3(section: str, quote: str) -> Citation:
    return Citation(_S3, section, quote)


_COLV_CLIMB: Final = Citation(
    "FFB-C16",
    "jeu de la carte, tout atout (all FFB editions, via COLV)",
    "toujours obligé de monter sur la carte qui tient si l'on peut",
)
_FFB_TA_BELOTE: Final = Citation(
    "FFB-C16", "§11.3 (via COLV)", "jusqu'à 4 Belotes, pour un total de 80 points"
)
_NO_TA_IN_CLASSIC: Final = (
    "Classic belote has no all-trump contract (rules.md §2); the value applies when a"
    " scenario plays one under this preset."
)

_HOUSE: Final[Mapping[str, Sourced]] = {
    "undertrump": Sourced(
        "required", (_seed3("4", "jeśli nie możesz przetrumfować, zagraj niższy atut"),)
    ),
    "partner_overtrump": Sourced(
        "required", (_seed3("4", "wybierając atu, nadal nadatuj, jeśli to możliwe"),)
    ),
    "all_trump_partner": Sourced(
        "climb",
        (_COLV_CLIMB,),
        "The seeds play no all-trump; the house keeps version 1's rule, the FFB's.",
    ),
    "tie": Sourced("made", (_seed3("5", "stanowią co najmniej sumę przeciwników"),)),
    "belote": Sourced(
        "prenable",
        (_seed3("5", "obrońcy otrzymują wszystkie punkty kart plus punkty Belote obu drużyn"),),
    ),
    "capot_points": Sourced("252", (_seed3("5", "co daje łącznie 252 punkty"),)),
    "all_trump_points": Sourced(
        "pagat",
        (),
        "The seeds give no all-trump scale; the house keeps version 1's, Pagat's"
        " (J 14, 9 9, A 6, 10 5, K 3, Q 1; rules.md §2).",
    ),
    "all_trump_belote": Sourced(
        "none",
        (_seed3("4", "Jeśli jeden z graczy ma oba atuty Roi i Dame"),),
        "The seeds' belote is the trump suit's king and queen; an all-trump deal has no"
        " single trump suit, so the house counts none (as Board Game Arena does).",
    ),
    "classic_declarations": Sourced(
        "off",
        (),
        "SEED-003 scores no declaration but the belote: the cards, the last trick, capot"
        " and belote.",
    ),
    "classic_sa_ta": Sourced(
        "off",
        (_seed3("2", "druga runda pozwala na dowolny inny kolor"),),
        "The second round names a suit; the rules card has no no-trump or all-trump bid.",
    ),
    "classic_coinche": Sourced(
        "off",
        (_seed3("2", "W pierwszej rundzie bierz odkryty kolor jako atut lub pasuj"),),
        "The rules card's bids are take, pass or a suit: nobody coinches.",
    ),
    "belote_bonus": Sourced("on", (_seed3("4", "daje drużynie 20 punktów"),)),
    "target": Sourced(
        "1000",
        (_seed3("1", "bez łącznego meczu za 1000 punktów"),),
        "The rules card scores one deal, without the match to 1000 its app plays.",
    ),
    "both_reach": Sourced(
        "higher_total",
        (),
        "The rules card does not say how the match ends when both teams reach 1000 on one"
        " deal; the house takes the FFB's rule (the higher total wins).",
    ),
    "rounding": Sourced(
        "none",
        (),
        "The rules card rounds no score: each deal is marked to the point.",
    ),
}

_FFB_BELOTE: Final[Mapping[str, Sourced]] = {
    "undertrump": Sourced(
        "required", (Citation("FFB-B16", "§5.2.2", "il faut fournir un atout plus faible"),)
    ),
    "partner_overtrump": Sourced(
        "optional",
        (
            Citation(
                "FFB-B16",
                "§5.2.3",
                "n'importe quelle carte sans exception (y compris un atout inférieur au sien)",
            ),
        ),
    ),
    "all_trump_partner": Sourced("climb", (_COLV_CLIMB,), _NO_TA_IN_CLASSIC),
    "tie": Sourced(
        "litige",
        (Citation("FFB-B16", "§10.1.1", "strictement supérieur"),),
        "The takers need strictly more points; at a tie the rulebook's litige rule"
        " (§10.1.3) holds the takers' points for the winner of the next deal. A tournament"
        " that drops it counts a tie as failed (tie: failed).",
    ),
    "belote": Sourced(
        "imprenable",
        (
            Citation(
                "FFB-B16",
                "§10.2",
                "Toute belote est comptabilisée au profit de l'équipe l'ayant conformément"
                " annoncée, même en cas de chute",
            ),
        ),
    ),
    "capot_points": Sourced(
        "252",
        (
            Citation(
                "FFB-B16",
                "§10.2 (all FFB editions, via COLV)",
                "le dix de der vaut 100 points, portant ainsi le total à 252 points",
            ),
        ),
    ),
    "all_trump_points": Sourced(
        "ffb2016_ratio",
        (),
        "The FFB's 2016 rulebooks (FFB-C16 §11.3) keep the trump values and scale the count"
        " by 162/258 (FFB-B16's example: 198 × 162/258 → 124; coinche.md §2.9). "
        + _NO_TA_IN_CLASSIC,
    ),
    "all_trump_belote": Sourced("each_suit", (_FFB_TA_BELOTE,), _NO_TA_IN_CLASSIC),
    "classic_declarations": Sourced(
        "off", (Citation("FFB-B16", "§8", "La belote classique se joue sans annonces"),)
    ),
    "classic_sa_ta": Sourced(
        "off",
        (
            Citation(
                "FFB-B16",
                "§11",
                "L'organisateur d'un tournoi peut décider de le jouer avec la variante du Sans"
                " Atout / Tout Atout",
            ),
            Citation(
                "FFB-B16",
                "§11.1",
                "Un joueur peut prendre à la couleur ainsi qu'à Sans Atout et Tout Atout",
            ),
        ),
        "A variant the organiser chooses (classic_sa_ta: on). §11.1 names no round: the"
        " first round takes the turned card's suit (§4.1), so the engine lets the second"
        " round name them, as belote-cli plays.",
    ),
    "classic_coinche": Sourced(
        "off",
        (
            Citation(
                "FFB-B16",
                "§4.2",
                "Toute locution différente de « Pique », « Cœur », « Carreau » ou « Trèfle » est"
                " interdite",
            ),
        ),
    ),
    "belote_bonus": Sourced(
        "on", (Citation("FFB-B16", "§7", "ce qui offre à son équipe un bonus de 20 points"),)
    ),
    "target": Sourced(
        "1000",
        (
            Citation(
                "FFB-B16",
                "§10.4",
                "Chaque tournoi se réserve le droit de fixer pour chaque partie une limite de"
                " donnes ou une limite de points",
            ),
            Citation("FFB-B16", "§10.4.2", "lors d'une partie en 1000 points"),
        ),
        "The tournament sets the limit, in points or in deals; the rulebook's example plays"
        " to 1000.",
    ),
    "both_reach": Sourced(
        "higher_total",
        (
            Citation(
                "FFB-B16",
                "§10.4.2",
                "c'est celui qui a le plus de points au-delà qui remporte la partie",
            ),
            Citation(
                "FFB-B16",
                "§10.4.2",
                "une nouvelle donne est jouée jusqu'à ce que l'égalité soit rompue",
            ),
        ),
    ),
    "rounding": Sourced(
        "none",
        (
            Citation(
                "FFB-B16",
                "§10.3",
                "Dans le cas où elle n'est pas appliquée, le score de chaque équipe est marqué"
                " au point près.",
            ),
        ),
        "Each tournament says whether it rounds (§10.3); rounding: half_up marks 84 as 80"
        " and 85 as 90.",
    ),
}

_PAGAT_BELOTE: Final[Mapping[str, Sourced]] = {
    "undertrump": Sourced(
        "required",
        (
            Citation(
                "PAG-B",
                "Play (via COLV)",
                "If he has trumps but is unable to overtrump, he must still play a trump",
            ),
        ),
    ),
    "partner_overtrump": Sourced(
        "required",
        (Citation("DSL", "Play", "you may discard or over-trump, but you may not under-trump"),),
        "Pagat bars a lower trump on a partner's ruff even when no higher trump is held"
        " (unless the hand is all trumps); the engine's required bars it only while a"
        " higher trump is held.",
    ),
    "all_trump_partner": Sourced(
        "climb",
        (),
        "Pagat's Belote has no all-trump contract; the preset keeps the FFB's rule"
        " (climb), as the house does.",
    ),
    "tie": Sourced(
        "made",
        (Citation("DSL", "Scoring", "at least the defenders' total"),),
        "Pagat's base rule as DSL restates it (rules.md §4); Pagat's variations list the"
        " strict-majority and litige variants.",
    ),
    "belote": Sourced(
        "imprenable",
        (
            Citation(
                "PAG-C",
                "Scoring (via COLV)",
                "scored by the bidding team, even if the contract fails",
            ),
        ),
        "Pagat's Belote page says the same of classic belote (via DSL; coinche.md §8).",
    ),
    "capot_points": Sourced(
        "252",
        (),
        "Pagat's Belote: the last trick's 10 becomes 100 on a capot, 252 in all (via DSL"
        " and OpenSpiel; rules.md §3).",
    ),
    "all_trump_points": Sourced(
        "pagat",
        (),
        "Pagat's Coinche page: J 14, 9 9, A 6, 10 5, K 3, Q 1 (rules.md §2, coinche.md"
        " §2.9). " + _NO_TA_IN_CLASSIC,
    ),
    "all_trump_belote": Sourced(
        "none",
        (),
        "Pagat counts no belote at all-trump in any text reached (fidelity-audit §2.1);"
        " none, as Board Game Arena. " + _NO_TA_IN_CLASSIC,
    ),
    "classic_declarations": Sourced(
        "on", (Citation("DSL", "Scoring", "plus its entitled declarations"),)
    ),
    "classic_sa_ta": Sourced(
        "off",
        (
            Citation(
                "PAG-B",
                "The deal and the bidding (copy at sexy-belote.com)",
                "choosing a trump suit other than that of the face up card",
            ),
        ),
        "Sans atout and tout atout are among the variations of Pagat's La Coinche, not of"
        " its Belote.",
    ),
    "classic_coinche": Sourced(
        "off",
        (),
        "Pagat's Belote has no coinche: doubling is La Coinche's, a page of its own.",
    ),
    "belote_bonus": Sourced(
        "on", (Citation("DSL", "Scoring", "plus its Belote-Rebelote 20 if announced"),)
    ),
    "target": Sourced(
        "1000",
        (
            Citation(
                "PAG-B",
                "Scoring (via COLV)",
                "The winning team is the first to reach a total of 1000 points.",
            ),
        ),
    ),
    "both_reach": Sourced(
        "draw",
        (
            Citation(
                "PAG-B",
                "Scoring (via COLV)",
                "If both sides reach 1000 points on the same hand, the game is drawn.",
            ),
        ),
    ),
    "rounding": Sourced(
        "none",
        (Citation("DSL", "Scope and departures", "Raw points are banked"),),
        "DSL restates the page's base scoring, without rounding (a table convention).",
    ),
}

_OFFICIAL: Final[Mapping[str, Sourced]] = {
    **_HOUSE,
    "undertrump": Sourced(
        "optional",
        (
            Citation(
                "FFB-C16",
                "§5.2.2 (via COLV)",
                "on peut se défausser de n'importe quelle carte sans exception",
            ),
            Citation(
                "SEED-000",
                "Ta sama lewa w Coinche, zasady Oficjalne",
                "aplikacja pozwala zrzucić kartę, gdy nie można przebić wyżej",
            ),
        ),
    ),
    "partner_overtrump": Sourced(
        "optional",
        (
            Citation(
                "FFB-C16",
                "§5.2.3 (via COLV)",
                "n'importe quelle carte sans exception (y compris un atout inférieur au sien)",
            ),
        ),
    ),
}

PRESET_VALUES: Final[Mapping[str, Mapping[str, Sourced]]] = {
    "house": _HOUSE,
    "ffb_belote": _FFB_BELOTE,
    "pagat_belote": _PAGAT_BELOTE,
    "official": _OFFICIAL,
}
"""Every preset's value of every knob of its game, with its sources."""

OTHER_VALUES: Final[Mapping[str, Mapping[str, Sourced]]] = {
    "classic_sa_ta": {
        "on": Sourced(
            "on",
            (
                Citation(
                    "FFB-B16",
                    "§11.1",
                    "Un joueur peut prendre à la couleur ainsi qu'à Sans Atout et Tout Atout",
                ),
                Citation(
                    "BELOTE-CLI",
                    "src/belote/game.py",
                    "Tout Atout / Sans Atout can only be bid in round 2",
                ),
            ),
            "The FFB's variant for a tournament's organiser; belote-cli lets the second"
            " round of its bidding name them.",
        )
    },
    "classic_coinche": {
        "on": Sourced(
            "on",
            (
                Citation(
                    "BELOTE-CLI",
                    "src/belote/scoring.py",
                    "coinche_mult = 2 ** coinche_level if coinche_level > 0 else 1",
                ),
            ),
            "The winning team's score for the deal is multiplied: the takers' when they make"
            " the contract, the defenders' when it fails; a litige is not.",
        )
    },
    "belote_bonus": {
        "off": Sourced(
            "off",
            (
                Citation(
                    "OPENSPIEL", "open_spiel/python/games/belote.py", '"use_belote_rebelote": False'
                ),
            ),
            "A game parameter, off by default: no belote is scored.",
        )
    },
    "all_trump_points": {
        "trump_values": Sourced(
            "trump_values",
            (
                Citation(
                    "BELOTE-CLI", "src/belote/config.py", "TOTAL_POINTS_TOUT_ATOUT: int = 248"
                ),
                Citation(
                    "BELOTE-CLI",
                    "tests/test_scoring_totals.py",
                    "assert GLOBAL_CONFIG.CAPOT_BASE_TOUT_ATOUT == 348  # 248 + 100",
                ),
            ),
            "Every card counts its trump value, unscaled: 248 in the cards, 258 with the"
            " last trick, 348 with a capot.",
        )
    },
    "target": {
        "501": Sourced(
            "501",
            (
                Citation(
                    "FUNBELOTE",
                    "Classic belote",
                    "The goal of a game is to be the first team to score 501 points.",
                ),
            ),
            "A site's rules page; many online games play to 501.",
        ),
        "2000": Sourced(
            "2000",
            (Citation("BELOTE-CLI", "src/belote/ui/menu.py", "targs = [500, 1000, 1500, 2000]"),),
            "One of the targets its menu offers.",
        ),
    },
    "rounding": {
        "half_up": Sourced(
            "half_up",
            (Citation("FFB-B16", "§10.3", "84 est arrondi à 80 ; 85 est arrondi à 90"),),
            "A tournament's choice.",
        )
    },
}
"""Knob values no preset takes, each with the document or the engine that plays it (an
engine is named as such: it plays the value, it does not make it a rule). A scenario
may set any of them."""

PRESET_GAMES: Final[Mapping[str, str]] = {
    "house": "belote",
    "ffb_belote": "belote",
    "pagat_belote": "belote",
    "official": "belote",
}
"""The game each preset is for."""

GAME_PRESETS: Final[Mapping[str, tuple[str, ...]]] = {
    "belote": ("house", "ffb_belote", "pagat_belote"),
}
"""The presets of each game, the default first (aliases left out)."""

ALIASES: Final[Mapping[str, str]] = {
    "official": "version 1's official: house with undertrump and partner_overtrump"
    " optional, the FFB contrée rulebook's play obligations (FFB-C16 §5.2.2, §5.2.3)",
}
"""Presets kept for compatibility, with what they mean."""
