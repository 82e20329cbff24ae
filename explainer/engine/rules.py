"""Rule sets as data: the presets and the two knobs players argue about.

``undertrump``: when an opponent wins with a trump you cannot beat, must you still
play a (lower) trump? ``partner_overtrump``: when your partner wins with a trump and
you are void, may you play a trump lower than theirs while holding a higher one?
Both are ``required`` or ``optional``. Variants differ in data, not code
(python-chess's ``find_variant`` is the model).

>>> find_rules("official", undertrump="required").undertrump
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from .errors import UnknownRulesError

__all__ = ["HOUSE", "KNOBS", "OFFICIAL", "PRESETS", "RuleSet", "find_rules"]

KNOBS: Final = ("undertrump", "partner_overtrump")
"""The knobs a scenario may override, each ``required`` or ``optional``."""
_VALUES: Final = {"required": True, "optional": False}


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A named set of play obligations.

    ``name`` is the preset it came from; ``undertrump`` and ``partner_overtrump`` are
    ``True`` when the obligation is required.
    """

    name: str
    undertrump: bool
    partner_overtrump: bool

    @property
    def knobs(self) -> dict[str, str]:
        """The knobs as written in a scenario: ``{"undertrump": "required", ...}``."""
        return {k: "required" if getattr(self, k) else "optional" for k in KNOBS}

    @property
    def is_preset(self) -> bool:
        """Whether this rule set is exactly one of the presets."""
        return PRESETS.get(self.name) == self

    def with_knobs(self, **knobs: str) -> RuleSet:
        """A copy with some knobs set (``undertrump="optional"``)."""
        changes: dict[str, bool] = {}
        for key, value in knobs.items():
            if key not in KNOBS:
                raise UnknownRulesError(f"unknown rules knob: {key!r}")
            if value not in _VALUES:
                raise UnknownRulesError(
                    f"invalid value for {key}: {value!r} (expected required or optional)"
                )
            changes[key] = _VALUES[value]
        return RuleSet(
            self.name,
            undertrump=changes.get("undertrump", self.undertrump),
            partner_overtrump=changes.get("partner_overtrump", self.partner_overtrump),
        )


HOUSE: Final = RuleSet("house", undertrump=True, partner_overtrump=True)
"""Seed 003's rules card and seed 000's house examples: both obligations required."""
OFFICIAL: Final = RuleSet("official", undertrump=False, partner_overtrump=False)
"""The FFB contrée/coinche rulebooks and seed 000's Coinche example: both optional."""
PRESETS: Final[Mapping[str, RuleSet]] = {"house": HOUSE, "official": OFFICIAL}


def find_rules(preset: str = "house", **knobs: str) -> RuleSet:
    """The preset named ``preset`` with ``knobs`` overridden one by one.

    Raises :class:`UnknownRulesError` for an unknown preset, knob or value.
    """
    try:
        base = PRESETS[preset]
    except (KeyError, TypeError):
        raise UnknownRulesError(f"unknown rules: {preset!r}") from None
    return base.with_knobs(**knobs) if knobs else base
