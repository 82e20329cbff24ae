"""The rule sets of classic Belote as data: every knob, every preset, every value's source.

This module is the one place a rule value is written. :mod:`.rules` builds the frozen
:class:`~.rules.RuleSet` values from it, and the site reads it to show each value with
its source. A knob (:class:`~.sources.Knob`) is a rule the sources disagree on; a preset
gives every knob of its game a :class:`~.sources.Sourced` value: the value as written in a
scenario, the citations (short verbatim quotes, section numbers, in the document's own
language) and, where the sources do not settle it, a note saying which reading the
preset takes. A quote read in a copy of its document (a transcription, a mirror, a
survey) says so in :attr:`~.sources.Citation.read_in`, for maintainers; pages cite the
document itself.

The presets of ``belote`` (classic, with the turned card), default first:

- ``house``: the seeds' app (seed 003's rules card, seed 000's house examples).
- ``ffb_belote``: the FFB's classic rulebook of 27 January 2016 (FFB-B16).
- ``pagat_belote``: Pagat's Belote page (base rules).

``official`` is kept as an alias of version 1's meaning: ``house`` with ``undertrump`` and
``partner_overtrump`` optional, which are the play obligations of the FFB *contrée*
rulebook of 2016 (FFB-C16), and seed 000's Coinche example. It is not a preset of its
own game's list and no page names it: a scenario that writes it is told to write the
sourced preset it means instead (:data:`ALIASES`).

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
    "ALIAS_INSTEAD",
    "GAME_PRESETS",
    "KNOB_KINDS",
    "KNOB_TABLE",
    "OTHER_VALUES",
    "PRESET_GAMES",
    "PRESET_VALUES",
]

_BELOTE: Final = frozenset({"belote"})
_PLAYED: Final = frozenset({"belote", "coinche"})
"""The play knobs apply to a Coinche deal's play too (a Coinche preset's play rules)."""

KNOB_TABLE: Final[Mapping[str, Knob]] = {
    k.name: k
    for k in (
        Knob(
            "undertrump",
            ("required", "optional", "forbidden"),
            _PLAYED,
            "An opponent is winning with a trump you cannot beat and you cannot follow suit:"
            " must you play a lower trump (required), may you (optional), or may you only"
            " when you hold nothing but trumps (forbidden)?",
        ),
        Knob(
            "partner_overtrump",
            ("required", "optional", "no_lower"),
            _PLAYED,
            "Your partner is winning with a trump and you cannot follow suit: is a trump lower"
            " than your partner's barred while you hold a higher one (required), allowed"
            " (optional), or barred unless you hold nothing but trumps (no_lower)?",
        ),
        Knob(
            "all_trump_partner",
            ("climb", "free"),
            _PLAYED,
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
            " (attack_only).",
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
            _PLAYED,
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
            "defenders_capot",
            ("bonus", "no_bonus"),
            _BELOTE,
            "Defenders who win all eight tricks: do they score the capot's value like any"
            " team that wins every trick (bonus), or only the points of a failed contract,"
            " 162, the capot's bonus being the takers' alone (no_bonus)?",
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
    "defenders_capot": _DEAL,
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

# --- Where each quote was read (maintainers' provenance: Citation.read_in) -------------

_CARG_B16: Final = (
    "full transcription of the PDF, GitHub vareversat/carg, assets/rules/french_belote_rules.md"
    " (every stored version; section numbers checked against the PDF quotes of"
    " Avo-k/colver docs/rules-survey/matrices/jeu-de-la-carte.md)"
)
_COLV_C16: Final = (
    "quotes of the PDF text in GitHub Avo-k/colver docs/rules-survey/matrices/"
    "(jeu-de-la-carte.md, bareme.md, encheres.md, arrondi.md, fin-de-partie.md)"
)
_PAGB_COPIES: Final = (
    "pagat.com not reachable; the sentence as quoted from the page in GitHub"
    " jbgh2/card-game-dsl docs/research/500-belote-next-game-brief.md (fetched 2026-07-16)"
    " and in the copy at http://www.sexy-belote.com/rules-belote.html"
)
_PAGB_COLV: Final = (
    "pagat.com not reachable; quoted from Pagat in GitHub Avo-k/colver"
    " docs/rules-survey/matrices/jeu-de-la-carte.md §9"
)
_PAGB_DSL: Final = (
    "pagat.com not reachable; quoted from the page in GitHub jbgh2/card-game-dsl"
    " docs/research/500-belote-next-game-brief.md (fetched 2026-07-16)"
)
_PAGC_TWF: Final = (
    "pagat.com not reachable whole; English sentence as quoted in GitHub"
    " ilyesbrh/twistedFate---belote docs/games/coinche/SOURCES.md and Avo-k/colver"
    " docs/rules-survey/matrices/encheres.md §8; whole page read in the French machine"
    " translation reglesdejeux/reglesdejeux.github.io regles-du-jeu-la-coinche/index.html"
)


def _b16(section: str, quote: str) -> Citation:
    """The FFB's classic rulebook of 2016, read in a full transcription."""
    return Citation("FFB-B16", section, quote, _CARG_B16)


def _seed3(section: str, quote: str) -> Citation:
    """Seed 003, the app's rules card; its sections are numbered 1 to 5."""
    return Citation("SEED-003", section, quote)


_S3_PLAY: Final = "4. Rozgrywka tury"
_S3_SCORE: Final = "5. Punktacja i zakończenie"

_B16_TA: Final = "§11.3"
_B16_CLIMB: Final = _b16(
    _B16_TA, "il est obligatoire de monter sur la carte qui tient, quand cela est possible"
)
_B16_VARIANT: Final = (
    "The all-trump contract is a variant the organiser of a tournament may choose (§11);"
    " this value applies when an example plays one."
)
_PAGC_TA_POINTS: Final = Citation(
    "PAG-C",
    "Variations",
    "in tout atout the card values are reduced to J=14, 9=9, A=6, 10=5, K=3, Q=1",
    _PAGC_TWF,
)
_PAGC_TA_BELOTE: Final = Citation(
    "PAG-C", "Variations", "Belote can be declared in any suit", _PAGC_TWF
)
_PAGAT_TA: Final = (
    "Pagat's Belote has no all-trump contract; the preset takes the all-trump variation of"
    " Pagat's La Coinche, by the same author."
)

_HOUSE: Final[Mapping[str, Sourced]] = {
    "undertrump": Sourced(
        "required", (_seed3(_S3_PLAY, "jeśli nie możesz przetrumfować, zagraj niższy atut"),)
    ),
    "partner_overtrump": Sourced(
        "required", (_seed3(_S3_PLAY, "wybierając atu, nadal nadatuj, jeśli to możliwe"),)
    ),
    "all_trump_partner": Sourced(
        "climb",
        (_B16_CLIMB,),
        "The app's rules have no all-trump game; the house takes the FFB's classic rule.",
    ),
    "tie": Sourced("made", (_seed3(_S3_SCORE, "stanowią co najmniej sumę przeciwników"),)),
    "belote": Sourced(
        "prenable",
        (
            _seed3(
                _S3_SCORE, "obrońcy otrzymują wszystkie punkty kart plus punkty Belote obu drużyn"
            ),
        ),
    ),
    "capot_points": Sourced(
        "252",
        (
            _seed3(
                _S3_SCORE,
                "Drużyna zdobywająca wszystkie osiem lew zastępuje bonus za ostatnią lewę 100",
            ),
            _seed3(_S3_SCORE, "co daje łącznie 252 punkty"),
        ),
    ),
    "all_trump_points": Sourced(
        "pagat",
        (),
        "No quote: the app's rules have no all-trump game. The house counts one with Pagat's"
        " card points (jack 14, nine 9, ace 6, ten 5, king 3, queen 1).",
    ),
    "all_trump_belote": Sourced(
        "none",
        (),
        "No quote: the app's rules have no all-trump game, and their belote is the king and"
        " queen of the one trump suit. The house counts no belote when every suit is trump.",
    ),
    "classic_declarations": Sourced(
        "off",
        (),
        "No quote: the app's rules card scores the cards, the last trick, the capot and the"
        " belote, and no other declaration.",
    ),
    "defenders_capot": Sourced(
        "bonus",
        (
            _seed3(
                _S3_SCORE,
                "Drużyna zdobywająca wszystkie osiem lew zastępuje bonus za ostatnią lewę 100",
            ),
        ),
    ),
    "classic_sa_ta": Sourced(
        "off",
        (_seed3("2. Przygotowanie", "druga runda pozwala na dowolny inny kolor"),),
        "The second round names a suit; the rules card has no no-trump or all-trump bid.",
    ),
    "classic_coinche": Sourced(
        "off",
        (
            _seed3(
                "2. Przygotowanie", "W pierwszej rundzie bierz odkryty kolor jako atut lub pasuj"
            ),
        ),
        "The rules card's bids are take, pass or a suit: nobody coinches.",
    ),
    "belote_bonus": Sourced("on", (_seed3(_S3_PLAY, "daje drużynie 20 punktów"),)),
    "target": Sourced(
        "1000",
        (_seed3("1. Cel", "bez łącznego meczu za 1000 punktów"),),
        "The rules card scores one deal, without the match to 1000 its app plays.",
    ),
    "both_reach": Sourced(
        "higher_total",
        (),
        "No quote: the rules card does not say how the match ends when both teams reach 1000"
        " on one deal; the house takes the FFB's rule (the higher total wins).",
    ),
    "rounding": Sourced(
        "none",
        (),
        "No quote: the rules card rounds no score, so each deal is marked to the point.",
    ),
}

_FFB_BELOTE: Final[Mapping[str, Sourced]] = {
    "undertrump": Sourced(
        "required",
        (_b16("§5.2.2", "Si c'est impossible, il faut fournir un atout plus faible"),),
    ),
    "partner_overtrump": Sourced(
        "optional",
        (
            _b16(
                "§5.2.3",
                "On peut se défausser de n'importe quelle carte sans exception (y compris un"
                " atout inférieur au sien).",
            ),
        ),
    ),
    "all_trump_partner": Sourced("climb", (_B16_CLIMB,), _B16_VARIANT),
    "tie": Sourced(
        "litige",
        (
            _b16("§10.1.1", "strictement supérieur au total de points de l'équipe adverse"),
            _b16(
                "§10.1.3",
                "En cas d'égalité entre les totaux de points des deux équipes (81-81 ou"
                " 91-91), il y a « litige ».",
            ),
        ),
        "A tournament may drop the litige rule; it must then say beforehand whether a tie"
        " fails or makes the contract (§10.1.3).",
    ),
    "belote": Sourced(
        "imprenable",
        (
            _b16(
                "§10.2",
                "Toute belote est comptabilisée au profit de l'équipe l'ayant conformément"
                " annoncée, même en cas de chute.",
            ),
        ),
    ),
    "capot_points": Sourced(
        "252",
        (
            _b16("§9.2", "le dix de der vaut 100 points, portant ainsi le total à 252 points"),
            _b16(
                "§10.2",
                "l'équipe n'ayant pas chuté marque 162 points ou 252 points s'il elle a réalisé"
                " un capot",
            ),
        ),
    ),
    "all_trump_points": Sourced(
        "ffb2016_ratio",
        (
            _b16(
                _B16_TA,
                "multiplier le nombre de points comptés (hors belote) par la fraction 162/258",
            ),
        ),
        _B16_VARIANT,
    ),
    "all_trump_belote": Sourced(
        "each_suit", (_b16(_B16_TA, "Il peut y avoir jusqu'à 4 belotes"),), _B16_VARIANT
    ),
    "classic_declarations": Sourced(
        "off",
        (_b16("§8", "La belote classique se joue sans annonces."),),
        "The federation's web page on Belote « avec ou sans annonce » describes the game with"
        " declarations too: a value one can choose.",
    ),
    "defenders_capot": Sourced(
        "bonus",
        (
            _b16(
                "§10.2",
                "l'équipe n'ayant pas chuté marque 162 points ou 252 points s'il elle a réalisé"
                " un capot",
            ),
        ),
    ),
    "classic_sa_ta": Sourced(
        "off",
        (
            _b16(
                "§11",
                "L'organisateur d'un tournoi peut décider de le jouer avec la variante du Sans"
                " Atout / Tout Atout",
            ),
            _b16(
                "§11.1", "Un joueur peut prendre à la couleur ainsi qu'à Sans Atout et Tout Atout"
            ),
        ),
        "A variant the organiser may choose. §11.1 names no round: the first round takes the"
        " turned card's suit (§4.1), so sans atout and tout atout are bid in the second"
        " round.",
    ),
    "classic_coinche": Sourced(
        "off",
        (
            _b16(
                "§4.2",
                "Toute locution différente de « Pique », « Cœur », « Carreau » ou « Trèfle » est"
                " interdite",
            ),
        ),
    ),
    "belote_bonus": Sourced("on", (_b16("§7", "ce qui offre à son équipe un bonus de 20 points"),)),
    "target": Sourced(
        "1000",
        (
            _b16(
                "§10.4",
                "Chaque tournoi se réserve le droit de fixer pour chaque partie une limite de"
                " donnes ou une limite de points",
            ),
            _b16("§10.4.2", "lors d'une partie en 1000 points"),
        ),
        "The tournament sets the limit, in points or in deals; the rulebook's example plays"
        " to 1000.",
    ),
    "both_reach": Sourced(
        "higher_total",
        (
            _b16("§10.4.2", "c'est celui qui a le plus de points au-delà qui remporte la partie"),
            _b16("§10.4.2", "une nouvelle donne est jouée jusqu'à ce que l'égalité soit rompue"),
        ),
    ),
    "rounding": Sourced(
        "none",
        (
            _b16(
                "§10.3",
                "Dans le cas où elle n'est pas appliquée, le score de chaque équipe est marqué"
                " au point près.",
            ),
        ),
        "Each tournament says whether it rounds (§10.3); rounded, 84 is marked 80 and 85 is"
        " marked 90.",
    ),
}

_PAGAT_BELOTE: Final[Mapping[str, Sourced]] = {
    "undertrump": Sourced(
        "required", (Citation("PAG-B", "Play", "he must still play a trump", _PAGB_COLV),)
    ),
    "partner_overtrump": Sourced(
        "optional",
        (
            Citation(
                "PAG-B", "Play", "he is free to either trump, or discard any card", _PAGB_COPIES
            ),
        ),
        "With the partner winning, any card may be played, a lower trump too. A rule that"
        " bars a lower trump under the partner's ruff is one of Pagat's variations.",
    ),
    "all_trump_partner": Sourced(
        "climb",
        (),
        "No quote: " + _PAGAT_TA + " There every player must beat the best card of the trick"
        " when able.",
    ),
    "tie": Sourced(
        "made",
        (),
        "No quote: Pagat's Belote page was reached only through copies, which agree that the"
        " takers need at least as many points as the defenders, so a tie is made.",
    ),
    "belote": Sourced(
        "imprenable",
        (),
        "No quote: Pagat's Belote page was reached only through a restatement, which says"
        " that the belote always counts for the team that announced it, whatever the"
        " outcome.",
    ),
    "capot_points": Sourced(
        "252",
        (),
        "No quote: Pagat's Belote page was reached only through copies, which differ. Its"
        " restatement, and a description of the page, give takers who win every trick 100 for"
        " the last trick instead of 10, 252 in all; an older copy gives a flat 250.",
    ),
    "all_trump_points": Sourced("pagat", (_PAGC_TA_POINTS,), _PAGAT_TA),
    "all_trump_belote": Sourced("each_suit", (_PAGC_TA_BELOTE,), _PAGAT_TA),
    "classic_declarations": Sourced(
        "on",
        (
            Citation(
                "PAG-B",
                "Declarations",
                "Each player makes his declaration(s) at the moment he plays his card during"
                " the first trick",
                _PAGB_DSL,
            ),
        ),
    ),
    "defenders_capot": Sourced(
        "no_bonus",
        (),
        "No quote: Pagat's Belote page was reached only through copies. Its restatement says"
        " that only the taking side earns the capot bonus: defenders who win every trick score"
        " as for a failed contract. An older copy gives 250 to whichever team wins every"
        " trick.",
    ),
    "classic_sa_ta": Sourced(
        "off",
        (
            Citation(
                "PAG-B",
                "The deal and the bidding",
                "choosing a trump suit other than that of the face up card",
                "pagat.com not reachable; the copy at http://www.sexy-belote.com/rules-belote.html",
            ),
        ),
        "Sans atout and tout atout are among the variations of Pagat's La Coinche, not of"
        " its Belote.",
    ),
    "classic_coinche": Sourced(
        "off",
        (),
        "No quote: Pagat's Belote has no coinche; doubling belongs to La Coinche, a page of"
        " its own.",
    ),
    "belote_bonus": Sourced(
        "on",
        (),
        "No quote: Pagat's Belote page was reached only through a restatement, which adds the"
        " belote's 20 to the score of the team that announces it.",
    ),
    "target": Sourced(
        "1000",
        (
            Citation(
                "PAG-B",
                "Scoring",
                "The winning team is the first to reach a total of 1000 points.",
                _PAGB_COLV,
            ),
        ),
    ),
    "both_reach": Sourced(
        "draw",
        (
            Citation(
                "PAG-B",
                "Scoring",
                "If both sides reach 1000 points on the same hand, the game is drawn.",
                _PAGB_COLV,
            ),
        ),
    ),
    "rounding": Sourced(
        "none",
        (),
        "No quote: Pagat's Belote page was reached only through a restatement, which banks"
        " each deal's points as they are, unrounded.",
    ),
}

_OFFICIAL: Final[Mapping[str, Sourced]] = {
    **_HOUSE,
    "undertrump": Sourced(
        "optional",
        (
            Citation(
                "FFB-C16",
                "§5.2.2",
                "on peut se défausser de n'importe quelle carte sans exception",
                _COLV_C16,
            ),
            Citation(
                "SEED-000",
                "Przycinanie niżej",
                "aplikacja pozwala zrzucić kartę, gdy nie można przebić wyżej",
            ),
        ),
    ),
    "partner_overtrump": Sourced(
        "optional",
        (
            Citation(
                "FFB-C16",
                "§5.2.3",
                "On peut se défausser de n'importe quelle carte sans exception (y compris un"
                " atout inférieur au sien).",
                _COLV_C16,
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
                _b16(
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
            (_b16("§10.3", "84 est arrondi à 80 ; 85 est arrondi à 90"),),
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
    " optional, the play obligations of the FFB contrée rulebook of 2016 (§5.2.2, §5.2.3)",
}
"""Presets kept for compatibility, with what they mean. They still load, but no page names
them: ``explainer check`` tells a scenario that writes one what to write instead
(:data:`ALIAS_INSTEAD`)."""

ALIAS_INSTEAD: Final[Mapping[str, tuple[str, str]]] = {
    "official": (
        "{preset: house, undertrump: optional, partner_overtrump: optional}",
        "ffb_contree",
    ),
}
"""For each alias, what a scenario writes instead: in classic Belote (the rule set spelled
out from a sourced preset) and in a Coinche example (the Coinche preset whose play
obligations the alias follows: the FFB contrée rulebook of 2016)."""
