"""The JSON Schemas of scenario and page files, built from the kind table and the keys.

The shipped files ``scenario.schema.json`` and ``page.schema.json`` (next to this
module) are this module's output; ``python -m explainer.scenarios.schema`` rewrites
them, and a test fails when they drift from the tables. The schemas are for editors
(``yaml-language-server``): they catch unknown keys, wrong shapes and bad card or seat
spellings as you type. ``explainer check`` stays the authority: it also knows turn
order, duplicates, legality and the facts.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

from .keys import PAGE_KEYS, SECTION_KEYS, STATUSES, TABLES
from .kinds import DEFAULT_KIND, KINDS, Kind

__all__ = ["PAGE_SCHEMA", "SCENARIO_SCHEMA", "page_schema", "scenario_schema", "write"]

HERE: Final = Path(__file__).resolve().parent
SCENARIO_SCHEMA: Final = HERE / "scenario.schema.json"
PAGE_SCHEMA: Final = HERE / "page.schema.json"
_DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"

_CARD = {
    "type": "string",
    "pattern": "^\\s*([789]|10|[TtJjQqKkAa])([SHDCshdc♠♥♦♣♤♡♢♧])\\s*$",
    "description": "a card: rank (7 8 9 10 J Q K A, T for 10) then suit (S H D C)",
}
_SEAT = {"type": "string", "pattern": "^[NESWnesw]$", "description": "a seat: N, E, S or W"}
_TEAM = {
    "type": "string",
    "pattern": "^(NS|EW|SN|WE|ns|ew|sn|we)$",
    "description": "a team: NS or EW",
}
_ID = {"type": "string", "pattern": "^[a-z0-9-]+$"}


def _expect(kind: Kind[Any]) -> dict[str, Any]:
    return {
        "description": "the facts the prose claims; every key given is checked",
        "type": ["object", "null"],
        "additionalProperties": False,
        "properties": {f.key: f.schema for f in kind.facts},
    }


def _common(kind: Kind[Any]) -> dict[str, Any]:
    return {
        "id": {**_ID, "description": "unique across the project; default: the file's stem"},
        "kind": {"const": kind.name},
        "title": {"type": "string", "description": "English title, inline Markdown"},
        "text": {
            "type": "string",
            "description": "English explanation, Markdown; {KS} renders a card",
        },
        "page": {**_ID, "description": "the id of the page the example appears on"},
        "section": {**_ID, "description": "the id of a section of that page"},
        "order": {"type": "integer", "description": "place in the section"},
        "expect": _expect(kind),
        "status": {"enum": list(STATUSES), "description": "disputed: sources disagree"},
        "reason": {"type": "string", "description": "why the example is disputed"},
    }


def _kind(kind: Kind[Any]) -> dict[str, Any]:
    own = kind.properties()
    assert tuple(own) == kind.keys, kind.name
    return {
        "type": "object",
        "additionalProperties": False,
        "required": list(kind.required),
        "properties": {**_common(kind), **own},
    }


def scenario_schema() -> dict[str, Any]:
    """The schema of a scenario file: one branch per kind of the kind table."""
    branches = [
        {
            "if": {"required": ["kind"], "properties": {"kind": {"const": name}}},
            "then": {"$ref": f"#/$defs/{name}"},
        }
        for name in KINDS
        if name != DEFAULT_KIND
    ]
    branches.append(
        {
            "if": {"properties": {"kind": {"const": DEFAULT_KIND}}},
            "then": {"$ref": f"#/$defs/{DEFAULT_KIND}"},
        }
    )
    return {
        "$schema": _DRAFT,
        "$id": "https://explainer.invalid/schema/scenario.schema.json",
        "title": "explainer scenario",
        "description": "A worked example checked by `explainer check` (docs/scenario-format.md).",
        "type": "object",
        "properties": {"kind": {"enum": list(KINDS)}},
        "allOf": branches,
        "$defs": {
            "card": _CARD,
            "seat": _SEAT,
            "team": _TEAM,
            "card-play": {
                "type": "object",
                "minProperties": 1,
                "maxProperties": 1,
                "propertyNames": {"$ref": "#/$defs/seat"},
                "additionalProperties": {"$ref": "#/$defs/card"},
                "description": "one play: SEAT: CARD",
            },
            **{name: _kind(kind) for name, kind in KINDS.items()},
        },
    }


def page_schema() -> dict[str, Any]:
    """The schema of a ``page.yaml`` file."""
    section = {
        "type": "object",
        "additionalProperties": False,
        "required": ["id", "title"],
        "properties": {
            "id": _ID,
            "title": {"type": "string"},
            "text": {"type": "string"},
            "tables": {"type": "array", "items": {"enum": list(TABLES)}},
        },
    }
    props = {
        "id": {**_ID, "description": "default: the folder's name"},
        "order": {"type": "integer"},
        "title": {"type": "string"},
        "intro": {"type": "string", "description": "Markdown"},
        "sections": {"type": "array", "items": section},
    }
    assert tuple(props) == PAGE_KEYS and tuple(section["properties"]) == SECTION_KEYS  # type: ignore[arg-type]
    return {
        "$schema": _DRAFT,
        "$id": "https://explainer.invalid/schema/page.schema.json",
        "title": "explainer page",
        "type": "object",
        "additionalProperties": False,
        "required": ["title"],
        "properties": props,
    }


def dumps(schema: dict[str, Any]) -> str:
    """The schema as the shipped file's text."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write() -> None:
    """Rewrite the shipped schema files."""
    SCENARIO_SCHEMA.write_text(dumps(scenario_schema()), encoding="utf-8")
    PAGE_SCHEMA.write_text(dumps(page_schema()), encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    write()
