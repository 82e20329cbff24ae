"""Rule sets: a preset's knob values as one frozen, hashable value, and the lookup by name.

The values and their sources live in :mod:`.presets` (the one data module); this module
turns them into :class:`RuleSet` values and finds them by name, the way python-chess's
``find_variant`` finds a variant. A rule set carries every knob of its game as the word a
scenario writes (``undertrump="optional"``), so a knob's value reads the same in a
scenario, in the engine and on the site. :func:`~.play.make_ruler` is cached on it.

>>> find_rules("official", undertrump="required").undertrump
'required'
>>> presets_for("belote")
('house', 'ffb_belote', 'pagat_belote')
>>> find_rules("ffb_belote").belote
'imprenable'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Final

from .errors import UnknownRulesError, did_you_mean, one_of
from .presets import (
    ALIAS_INSTEAD,
    ALIASES,
    GAME_PRESETS,
    KNOB_KINDS,
    KNOB_TABLE,
    PRESET_GAMES,
    PRESET_VALUES,
)
from .sources import Knob, Sourced

__all__ = [
    "ALIASES",
    "ALIAS_INSTEAD",
    "HOUSE",
    "KNOBS",
    "KNOB_KINDS",
    "OFFICIAL",
    "PRESETS",
    "RuleSet",
    "find_rules",
    "preset_sources",
    "presets_for",
]

KNOBS: Final[Mapping[str, Knob]] = KNOB_TABLE
"""Every knob a scenario may set, by name (iterating gives the names in format order)."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every table rule a classic deal depends on, as the words a scenario writes.

    ``name`` is the preset it came from and ``game`` that preset's game; each other field
    is one knob of :data:`KNOBS` (``undertrump`` is ``"required"``, ``"optional"`` or
    ``"forbidden"``, ...). Frozen and hashable: the ruler is built once per rule set.
    """

    name: str
    game: str
    undertrump: str
    partner_overtrump: str
    all_trump_partner: str
    tie: str
    belote: str
    capot_points: str
    all_trump_points: str
    all_trump_belote: str
    classic_declarations: str
    defenders_capot: str
    classic_sa_ta: str
    classic_coinche: str
    belote_bonus: str
    target: str
    both_reach: str
    rounding: str

    @property
    def knobs(self) -> dict[str, str]:
        """The knobs as written in a scenario: ``{"undertrump": "required", ...}``."""
        return {k: getattr(self, k) for k in KNOBS}

    @property
    def is_preset(self) -> bool:
        """Whether this rule set is exactly one of the presets."""
        return PRESETS.get(self.name) == self

    @property
    def capot_total(self) -> int:
        """What a capot is worth in cards and bonus: 252 or 250."""
        return int(self.capot_points)

    def with_knobs(self, **knobs: str) -> RuleSet:
        """A copy with some knobs set (``undertrump="optional"``).

        Raises :class:`UnknownRulesError` for an unknown knob or value, or a knob that
        does not apply to this rule set's game; the message hints at the closest name.
        """
        for key, value in knobs.items():
            _check_knob(key, value, self.game)
        return replace(self, **knobs) if knobs else self


def _check_knob(key: str, value: object, game: str) -> None:
    knob = KNOBS.get(key)
    if knob is None:
        raise UnknownRulesError(
            f"unknown rules knob: {key!r}{did_you_mean(key, KNOBS)} (expected {one_of(KNOBS)})"
        )
    if game not in knob.games:
        raise UnknownRulesError(
            f"rules knob {key} does not apply to {game} (it applies to {one_of(sorted(knob.games))})"
        )
    if value not in knob.values:
        raise UnknownRulesError(
            f"invalid value for {key}: {value!r}{did_you_mean(value, knob.values)}"
            f" (expected {one_of(knob.values)})"
        )


def _build(name: str) -> RuleSet:
    values = {k: s.value for k, s in PRESET_VALUES[name].items()}
    names = [f.name for f in fields(RuleSet)][2:]
    assert sorted(values) == sorted(names) == sorted(KNOBS) == sorted(KNOB_KINDS), name
    return RuleSet(name, PRESET_GAMES[name], **values)


PRESETS: Final[Mapping[str, RuleSet]] = {name: _build(name) for name in PRESET_VALUES}
"""Every preset by name, the games' presets first (default first), then the aliases."""
HOUSE: Final = PRESETS["house"]
"""Seed 003's rules card and seed 000's house examples: the default of classic Belote."""
OFFICIAL: Final = PRESETS["official"]
"""Version 1's ``official``: house with both play knobs optional (FFB contrée 2016)."""


def presets_for(game: str) -> tuple[str, ...]:
    """The presets of ``game`` (``belote``), the default first; aliases are left out."""
    try:
        return GAME_PRESETS[game]
    except KeyError:
        raise UnknownRulesError(
            f"unknown game: {game!r}{did_you_mean(game, GAME_PRESETS)} (expected {one_of(GAME_PRESETS)})"
        ) from None


def preset_sources(preset: str) -> Mapping[str, Sourced]:
    """Each knob's value in ``preset`` with its citations and note, by knob name."""
    _preset(preset)
    return PRESET_VALUES[preset]


def _preset(preset: object) -> RuleSet:
    try:
        return PRESETS[preset]  # type: ignore[index]
    except (KeyError, TypeError):
        raise UnknownRulesError(
            f"unknown rules: {preset!r}{did_you_mean(preset, PRESETS)} (expected {one_of(PRESETS)})"
        ) from None


def find_rules(preset: str = "house", **knobs: str) -> RuleSet:
    """The preset named ``preset`` with ``knobs`` overridden one by one.

    Raises :class:`UnknownRulesError` for an unknown preset, knob or value, or a knob
    that does not apply to the preset's game, with a "did you mean" hint and the
    allowed names.
    """
    base = _preset(preset)
    return base.with_knobs(**knobs) if knobs else base
