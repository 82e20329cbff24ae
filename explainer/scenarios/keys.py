"""The vocabulary of the scenario format: the keys each kind and block may have.

One table per block, shared by the loader (strict keys, "did you mean" hints), the
runner and ``--fill`` (the order of ``expect`` keys) and the JSON Schemas (a test keeps
them equal).
"""

from __future__ import annotations

import re
from typing import Final

from explainer.engine import KNOBS

__all__ = [
    "BOOL_WORDS",
    "COMMON_KEYS",
    "CONTRACT_KEYS",
    "EXPECT_KEYS",
    "HAND_KEYS",
    "ID_PATTERN",
    "INT_PATTERN",
    "KIND_KEYS",
    "NONE_WORDS",
    "PAGE_FILE",
    "PAGE_KEYS",
    "RESERVED_PAGE_IDS",
    "RULES_KEYS",
    "SECTION_KEYS",
    "STATUSES",
    "TABLES",
]

PAGE_FILE: Final = "page.yaml"
"""Files with this name are page files; every other ``.yaml``/``.yml`` is a scenario."""
COMMON_KEYS: Final = (
    "id",
    "kind",
    "title",
    "text",
    "page",
    "section",
    "order",
    "expect",
    "status",
    "reason",
)
"""Keys every scenario may have."""
KIND_KEYS: Final[dict[str, tuple[str, ...]]] = {
    "play": ("contract", "trick", "hand", "play"),
    "deal": ("contract", "dealer", "tricks"),
    "bidding": ("dealer", "turned", "bids"),
    "dealing": ("dealer", "deck", "taker"),
}
"""The keys of each kind, besides :data:`COMMON_KEYS`."""
EXPECT_KEYS: Final[dict[str, tuple[str, ...]]] = {
    "play": ("legal", "rule", "winner", "points"),
    "deal": ("tricks", "card_points", "last_trick", "belote", "capot", "points", "made", "score"),
    "bidding": ("taker", "trump", "annulled"),
    "dealing": ("turned", "hands"),
}
"""The ``expect`` keys of each kind, in the order ``--fill`` writes them."""
CONTRACT_KEYS: Final = ("game", "rules", "trump", "taker")
RULES_KEYS: Final = ("preset", *KNOBS)
"""A ``rules`` mapping: a preset and any knob of the engine's rule sets."""
HAND_KEYS: Final = ("seat", "cards")
PAGE_KEYS: Final = ("id", "order", "title", "intro", "sections")
SECTION_KEYS: Final = ("id", "title", "text", "tables")
TABLES: Final = ("ranks", "points", "rules")
STATUSES: Final = ("checked", "disputed")

RESERVED_PAGE_IDS: Final = frozenset(
    {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}
)
"""A page id is a folder name of the site: no device names that Windows reserves."""

ID_PATTERN: Final = re.compile(r"[a-z0-9-]+\Z")
INT_PATTERN: Final = re.compile(r"[+-]?[0-9]+\Z")
NONE_WORDS: Final = frozenset({"none", "null", "~", ""})
BOOL_WORDS: Final = {"true": True, "false": False}
