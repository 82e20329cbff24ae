"""The vocabulary of the scenario format that is not a kind's: the keys every scenario
has, the page file's keys, and the message contexts of translatable texts.

Each kind declares its own keys and ``expect`` keys (``kinds/<kind>.py``); the loader,
the schema, ``--fill`` and the extractor read both from there.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = [
    "BOOL_WORDS",
    "COMMON_KEYS",
    "ID_PATTERN",
    "INT_PATTERN",
    "NONE_WORDS",
    "PAGE_FILE",
    "PAGE_KEYS",
    "PAGE_TEXT_KEYS",
    "RESERVED_PAGE_IDS",
    "SECTION_KEYS",
    "SECTION_TEXT_KEYS",
    "STATUSES",
    "TABLES",
    "TEXT_KEYS",
    "page_context",
    "scenario_context",
    "section_context",
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
TEXT_KEYS: Final = ("title", "text", "reason")
"""The translatable keys every scenario may have (a kind may add its own)."""
PAGE_KEYS: Final = ("id", "order", "title", "intro", "sections")
SECTION_KEYS: Final = ("id", "title", "text", "tables")
PAGE_TEXT_KEYS: Final = ("title", "intro")
SECTION_TEXT_KEYS: Final = ("title", "text")
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


def scenario_context(scenario: str, key: str) -> str:
    """The message context of a scenario's text: ``<scenario id>|<key>``."""
    return f"{scenario}|{key}"


def page_context(page: str, key: str) -> str:
    """The message context of a page's text: ``page:<page id>|<key>``."""
    return f"page:{page}|{key}"


def section_context(page: str, section: str, key: str) -> str:
    """The message context of a section's text: ``page:<page id>:<section id>|<key>``."""
    return f"page:{page}:{section}|{key}"
