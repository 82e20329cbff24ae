"""The "your position" page: any trick ruled, any deal scored, in the reader's browser.

The page's script (``templates/static/position.js``) is small hand-written logic over the
engine's own data, generated here at build time into ``static/position-data.js``
(:func:`engine_script`): the rank and point tables of every kind of contract
(:func:`~explainer.engine.tables`, :func:`~explainer.engine.point_table`), the rule ids
in the engine's order (:class:`~explainer.engine.Rule`), every rule set the page offers
with every knob as the engine holds it (:data:`~explainer.engine.PRESETS`,
:data:`~explainer.engine.COINCHE_PRESETS` and each one's play rules), the words of the
illegal-play messages (:func:`~explainer.engine.why_illegal`) and the play laws of the
site's pages with their premises (:attr:`~explainer.engine.PlayLaw.masks`), so that a
ruling links to the numbered law that states it. Nothing the engine knows is typed a
second time; ``tests/site/test_position_browser.py`` drives the script in Chromium over
random positions and deals under every rule set and knob value and compares each
answer with the engine's.

The sentences are not in the script: the page (``templates/position.html``) renders
them with the same :class:`~explainer.i18n.names.Words` and template macros the worked
examples use, into an inert ``<template>``, and the script copies them from there.

The output is deterministic: sorted keys, the engine's own orders, no timestamps.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from babel import Locale

from explainer.engine import (
    ALL_TRUMP_SCALES,
    BELOTE,
    CAPOT,
    COINCHE_PRESETS,
    LAST_TRICK,
    PARTNER_BACK,
    PRESETS,
    RATIO_TOTAL,
    STEP_KNOBS,
    TRUMP_KEY,
    BidKind,
    CoincheRules,
    Contract,
    InvalidCardError,
    Level,
    PlayLaw,
    Premise,
    Rule,
    RuleSet,
    Seat,
    Suit,
    Team,
    Trump,
    TrumpKind,
    card_str,
    parse_card,
    point_table,
    presets_for,
    tables,
    why_illegal,
)
from explainer.i18n.names import KNOB_PHRASES, TRICK_POINTS, Words
from explainer.i18n.position import CHECK_MESSAGES, DEAL_MESSAGES, pattern, verb
from explainer.settings import Settings

from .outcomes import Says, Verdict

DEFAULT_SETTINGS: Final = Settings()
"""A site without settings: the engine's default rule set first, no rule set of its own."""

__all__ = [
    "POSITION",
    "SCRIPT",
    "PositionLaw",
    "PositionRuleSet",
    "engine_data",
    "engine_script",
    "max_trick_points",
    "position_context",
    "position_laws",
    "position_rule_sets",
    "position_words",
    "spellings",
    "trump_kind",
]

POSITION: Final = "your-position"
"""The page's folder in each language (a page id no scenario page may take)."""
SCRIPT: Final = "static/position-data.js"
"""Where the generated engine data goes in the site."""
GLOBAL: Final = "EXPLAINER_ENGINE"
"""The name the data file gives its one object (``window.EXPLAINER_ENGINE``)."""


@dataclass(frozen=True, slots=True)
class PositionRuleSet:
    """A rule set the page offers: its id (a preset name), its game, the classic rule
    set its cards are played under (a Coinche preset's :attr:`~explainer.engine.
    CoincheRules.play_rules`) and the rule set a deal is scored under."""

    id: str
    game: str
    play: RuleSet
    scoring: RuleSet | CoincheRules

    @property
    def play_knobs(self) -> dict[str, str]:
        """The play rules' knobs as a scenario writes them."""
        return self.play.knobs

    @property
    def scoring_knobs(self) -> dict[str, str]:
        """The scoring rules' knobs as a scenario writes them."""
        return self.scoring.knobs

    @property
    def sa_ta(self) -> bool:
        """Whether a no-trump or all-trump contract can be bid under these rules
        (Coinche's ``sa_ta``, classic Belote's ``classic_sa_ta``): the page counts such a
        deal either way, and says so where it cannot."""
        if isinstance(self.scoring, CoincheRules):
            return self.scoring.sa_ta
        return self.scoring.classic_sa_ta == "on"


def position_rule_sets(settings: Settings = DEFAULT_SETTINGS) -> tuple[PositionRuleSet, ...]:
    """Every rule set of the site, game by game: the site's default first (its settings'
    ``rules``), then the site's own rule sets and the classic presets
    (:func:`~explainer.engine.presets_for`), then the Coinche presets."""
    classic = {name: rs.rules for name, rs in settings.rule_sets.items()}
    classic.update((name, PRESETS[name]) for name in presets_for("belote"))
    first = settings.default_rules.name
    out = [
        PositionRuleSet(name, "belote", rules, rules)
        for name, rules in sorted(classic.items(), key=lambda item: item[0] != first)
    ]
    out += [
        PositionRuleSet(name, "coinche", rules.play_rules, rules)
        for name, rules in COINCHE_PRESETS.items()
    ]
    return tuple(out)


@dataclass(frozen=True, slots=True)
class PositionLaw:
    """A play law of the site that states a deciding rule: where it is (page, section,
    its number on the page) and what it says (its rule, contract kinds and premises)."""

    id: str
    page: str
    section: str
    number: int
    rule: Rule
    law: PlayLaw


def position_laws(pages: Iterable[tuple[str, Sequence[Any]]]) -> tuple[PositionLaw, ...]:
    """The play laws stating a rule, from ``(page id, views in page order)``, in page
    order: the first that covers a position is the one a ruling links to, as a worked
    example links to the first law of its page that covers it
    (:meth:`~explainer.scenarios.kinds.law.LawIndex.link`)."""
    out = []
    for page, views in pages:
        number = 0
        for view in views:
            if getattr(view.scenario, "kind", None) != "law":
                continue
            number += 1
            rule = view.rule
            law = view.scenario.law
            if rule is not None and isinstance(law, PlayLaw):
                section = view.scenario.section or ""
                out.append(PositionLaw(view.scenario.id, page, section, number, rule, law))
    return tuple(out)


def trump_kind(trump: Trump) -> TrumpKind:
    """The kind of contract a law names for ``trump`` (a suit stands for all four)."""
    return TrumpKind.SUIT if trump.suit is not None else TrumpKind(trump.word)


_RANK_CHARS: Final = [chr(c) for c in range(0x21, 0x7F)] + ["10"]
_SUIT_CHARS: Final = [chr(c) for c in range(0x21, 0x7F)] + [chr(c) for c in range(0x2660, 0x2668)]


def spellings() -> dict[str, int]:
    """Every way of writing a card that :func:`~explainer.engine.parse_card` accepts, in
    upper case (as it compares them), found by asking it: a rank of one printable ASCII
    character or ``10``, then a suit of one printable ASCII character or suit symbol."""
    out = {}
    for rank in _RANK_CHARS:
        for suit in _SUIT_CHARS:
            text = rank + suit
            if text != text.upper():
                continue
            try:
                out[text] = parse_card(text)
            except InvalidCardError:
                pass
    return out


def _tables() -> list[dict[str, Any]]:
    out = []
    for trump in Trump:
        t = tables(trump)
        out.append(
            {
                "points": list(t.points),
                "strength": list(t.strength),
                "above": list(t.above),
                "trumpMask": t.trump_mask,
                "trumpLike": list(t.trump_like),
                "winKey": [list(k) for k in t.win_key],
                "kind": trump_kind(trump).value,
            }
        )
    return out


def _laws(laws: Sequence[PositionLaw]) -> list[dict[str, Any]]:
    out = []
    for law in laws:
        need, forbid = law.law.masks
        out.append(
            {
                "id": law.id,
                "rule": law.rule.value,
                "kinds": [k.value for k in law.law.kinds],
                "need": need,
                "forbid": forbid,
            }
        )
    return out


def engine_data(
    rule_sets: Sequence[PositionRuleSet], laws: Sequence[PositionLaw]
) -> dict[str, Any]:
    """Everything the page's script knows of the engine, as JSON values."""
    return {
        "cards": [card_str(c) for c in range(32)],
        "seats": [s.name for s in Seat],
        "trumps": [t.word for t in Trump],
        "rules": [r.value for r in Rule],
        "verbs": {r.value: why_illegal(r, 0).removesuffix(": ") for r in Rule},
        "partnerBack": PARTNER_BACK,
        "trumpKey": TRUMP_KEY,
        "tables": _tables(),
        "scales": {name: list(point_table(Trump.ALL, name)) for name in ALL_TRUMP_SCALES},
        "premises": [p.value for p in Premise],
        "premiseBits": [p.bit for p in Premise],
        "parse": spellings(),
        "lastTrick": LAST_TRICK,
        "dealTotal": sum(point_table(Trump.HEARTS)) + LAST_TRICK,
        "capotBonus": CAPOT,
        "belote": BELOTE,
        "ratioTotal": RATIO_TOTAL,
        "ruleSets": [
            {
                "id": r.id,
                "game": r.game,
                "play": r.play_knobs,
                "score": r.scoring_knobs,
                "saTa": r.sa_ta,
            }
            for r in rule_sets
        ],
        "laws": _laws(laws),
    }


def engine_script(data: Mapping[str, Any]) -> bytes:
    """``static/position-data.js``: the data as one JavaScript object literal (JSON is
    JavaScript), sorted, so the same engine gives the same bytes."""
    body = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    head = (
        "/* Generated by explainer build from the rules engine's tables and rule sets"
        " (explainer/site/position.py): do not edit. */\n"
    )
    return f"{head}window.{GLOBAL} = {body};\n".encode("ascii")


# -- the page's words -------------------------------------------------------------------

CLAIM_SAYS: Final = (
    Says.MORE_POINTS,
    Says.FEWER_POINTS,
    Says.TIE_MADE,
    Says.TIE_FAILED,
    Says.TIE_LITIGE,
    Says.BID_REACHED,
    Says.BID_REACHED_NEEDS,
    Says.BID_MISSED,
    Says.BID_MISSED_NEEDS,
    Says.DEFENCE_BEATEN,
    Says.DEFENCE_AHEAD,
    Says.DEFENCE_LEVEL_MADE,
    Says.DEFENCE_LEVEL_FAILED,
    Says.DEFENCE_LEVEL_LITIGE,
    Says.DEFENCE_LEVEL_REDEAL,
    Says.CAPOT_BID_WON,
)
"""The outcome sentences the deal calculator chooses from (with a seat: a générale's;
with a number of tricks: a capot bid lost), rendered with slots for their numbers: why
a deal is made or failed, as :mod:`.outcomes` says it. The score's parts (and so the
coinche's "parts marked × 2") are the score table's rows here, not sentences."""

MAX_BID: Final = 180
"""The highest numeric bid the calculator offers (from the lowest, 80, in tens)."""
MIN_BID: Final = 80


def max_trick_points() -> int:
    """The most a trick of four cards can be worth under any contract and scale."""
    tables_ = [list(tables(t).points) for t in Trump]
    tables_ += [list(point_table(Trump.ALL, s)) for s in ALL_TRUMP_SCALES]
    return max(sum(sorted(points)[-4:]) for points in tables_)


def _list_patterns(lang: str) -> list[tuple[str, str]]:
    """Babel's list patterns of ``lang`` (what :meth:`Words.join` uses), with
    ``%(a)s``/``%(b)s`` for ``{0}``/``{1}``."""
    patterns = Locale.parse(lang).list_patterns["standard"]
    return [
        (f"list-{key}", patterns[key].replace("{0}", "%(a)s").replace("{1}", "%(b)s"))
        for key in ("2", "start", "middle", "end")
    ]


def _contract_line(w: Words, rs: PositionRuleSet, trump: Trump) -> str:
    if rs.game == "belote":
        return w.contract(Contract(trump, rs.game), rs.play)
    return w.contract(Contract(trump, rs.game), rs.play, preset=rs.id)


def _rule_words(w: Words) -> Iterator[tuple[str, str]]:
    for rule in Rule:
        yield f"rule-{rule.value}", w.rule(rule)
        yield f"name-{rule.value}", w.rule_name(rule)
        yield f"illegal-{rule.value}", w.illegal(rule)
        yield f"verb-{rule.value}", verb(w.catalog, rule)
    yield "rule-partner-wins-restricted", w.rule(Rule.PARTNER_WINS, restricted=True)


def position_words(
    w: Words, rule_sets: Sequence[PositionRuleSet], fields: Mapping[str, str]
) -> list[tuple[str, str]]:
    """Every plain-text word and sentence the page's script shows, by key, in ``w``'s
    language: the same :class:`~explainer.i18n.names.Words` the examples are written with."""
    out: list[tuple[str, str]] = []
    for seat in Seat:
        out += [(f"seat-{seat.name}", w.seat(seat)), (f"which-{seat.name}", w.which_cards(seat))]
    out += [(f"team-{team.value}", w.team(team)) for team in Team]
    for rs in rule_sets:
        out.append((f"preset-{rs.id}", w.preset(rs.id)))
        out += [(f"contract-{rs.id}-{t.word}", _contract_line(w, rs, t)) for t in Trump]
    out += list(_rule_words(w))
    for c in range(32):
        out += [
            (f"verdict-{int(legal)}-{card_str(c)}", w.verdict(c, legal)) for legal in (True, False)
        ]
        out.append((f"name-of-{card_str(c)}", w.card_name(c)))
    out += [
        (f"points-{n}", w.catalog.np(TRICK_POINTS, n, sum="%(sum)s"))
        for n in range(max_trick_points() + 1)
    ]
    out += _list_patterns(w.lang)
    out += [(f"check-{key}", pattern(w.catalog, m)) for key, m in CHECK_MESSAGES.items()]
    out += [(f"check-{key}", pattern(w.catalog, m)) for key, m in DEAL_MESSAGES.items()]
    out += [(f"field-{key}", text) for key, text in fields.items()]
    return out


def _shown_knobs(rs: PositionRuleSet) -> list[tuple[str, str]]:
    """The rule set's values that have words (:data:`~explainer.i18n.names.KNOB_PHRASES`):
    every classic knob; a Coinche rule set's knobs of the deal (how it is played and scored)."""
    knobs = rs.scoring_knobs
    names = (
        list(knobs) if rs.game == "belote" else sorted(STEP_KNOBS["deal"], key=list(knobs).index)
    )
    return [(k, knobs[k]) for k in names if (k, knobs[k]) in KNOB_PHRASES]


def _groups(rule_sets: Sequence[PositionRuleSet]) -> list[tuple[str, list[PositionRuleSet]]]:
    """The rule sets by game, in their order (the site's default first)."""
    groups: dict[str, list[PositionRuleSet]] = {}
    for rs in rule_sets:
        groups.setdefault(rs.game, []).append(rs)
    return list(groups.items())


def position_context(
    w: Words,
    rule_sets: Sequence[PositionRuleSet],
    laws: Sequence[tuple[PositionLaw, Any]],
    fields: Mapping[str, str],
) -> dict[str, Any]:
    """What ``templates/position.html`` needs besides the site's common context."""
    return {
        "rule_sets": rule_sets,
        "rule_set_groups": _groups(rule_sets),
        "rs_knobs": {rs.id: _shown_knobs(rs) for rs in rule_sets},
        "trumps": tuple(Trump),
        "seats": tuple(Seat),
        "suits": tuple(Suit),
        "levels": tuple(Level),
        "bids": (*range(MIN_BID, MAX_BID + 1, 10), *BidKind),
        "laws": laws,
        "position_fields": fields,
        "position_words": position_words(w, rule_sets, fields),
        "verdicts": tuple(Verdict),
        "claim_says": CLAIM_SAYS,
        "seat_says": (Says.GENERALE_WON, Says.GENERALE_LOST),
        "capot_bid_lost": Says.CAPOT_BID_LOST,
    }
