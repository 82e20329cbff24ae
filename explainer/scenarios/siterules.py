"""The rule sets a project adds to the engine's presets, as the scenario reader sees them.

A site may name rule sets of its own (``[tool.explainer.rule-sets.club]`` in its
``pyproject.toml``: a preset and knob values, read by :mod:`explainer.settings`) and
choose the rule set a contract uses when it names none. The loader hands a
:class:`SiteRules` to every :class:`~explainer.scenarios.reader.Reader`, and the
contract block (:mod:`~explainer.scenarios.kinds.contract`) looks a ``rules`` name up
here before the engine's presets. Without settings, :data:`NO_SITE_RULES`: the engine's
presets only, and its default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from explainer.engine import RuleSet, find_rules

__all__ = ["NO_SITE_RULES", "SiteRules"]


@dataclass(frozen=True, slots=True)
class SiteRules:
    """A site's own rule sets by name (each a :class:`RuleSet` whose ``name`` is that
    name), and the rule set of a Belote contract that names none."""

    named: Mapping[str, RuleSet] = field(default_factory=lambda: MappingProxyType({}))
    default: RuleSet = field(default_factory=find_rules)


NO_SITE_RULES: Final = SiteRules()
"""No rule set of the site's own; a contract without ``rules`` uses the engine's default."""
