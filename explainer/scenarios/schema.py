"""The JSON Schemas of scenario and page files, built from the loader's key tables.

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

from explainer.engine import KNOBS, PRESETS
from explainer.engine.play import Rule

from .keys import (
    CONTRACT_KEYS,
    EXPECT_KEYS,
    HAND_KEYS,
    KIND_KEYS,
    PAGE_KEYS,
    RULES_KEYS,
    SECTION_KEYS,
    STATUSES,
    TABLES,
)
from .model import KINDS

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
_NONE = {"type": "string", "enum": ["none"]}
_ID = {"type": "string", "pattern": "^[a-z0-9-]+$"}
_TRUMPS = ["spades", "hearts", "diamonds", "clubs", "none", "all"]
_SUITS = ["spades", "hearts", "diamonds", "clubs"]


def _cards(n: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "array", "items": {"$ref": "#/$defs/card"}, "uniqueItems": True}
    if n is not None:
        out["minItems"] = out["maxItems"] = n
    return out


def _plays(max_items: int, description: str) -> dict[str, Any]:
    return {
        "type": "array",
        "maxItems": max_items,
        "description": description,
        "items": {"$ref": "#/$defs/card-play"},
    }


def _points() -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["NS", "EW"],
        "properties": {"NS": {"type": "integer"}, "EW": {"type": "integer"}},
    }


def _expect(kind: str) -> dict[str, Any]:
    values: dict[str, dict[str, Any]] = {
        "legal": {**_cards(), "description": "the legal cards of the hand, as a set"},
        "rule": {"enum": [r.value for r in Rule], "description": "the rule that decided"},
        "winner": {"$ref": "#/$defs/seat"},
        "points": {"type": "integer"} if kind == "play" else _points(),
        "tricks": {
            "type": "array",
            "items": {"$ref": "#/$defs/seat"},
            "minItems": 8,
            "maxItems": 8,
            "description": "the winner of each trick",
        },
        "card_points": _points(),
        "last_trick": {"$ref": "#/$defs/team"},
        "belote": {"anyOf": [{"$ref": "#/$defs/seat"}, _NONE]},
        "capot": {"anyOf": [{"$ref": "#/$defs/team"}, _NONE]},
        "made": {"type": "boolean"},
        "score": _points(),
        "taker": {"anyOf": [{"$ref": "#/$defs/seat"}, _NONE]},
        "trump": {"enum": _SUITS + ["none"]},
        "annulled": {"type": "boolean"},
        "turned": {"$ref": "#/$defs/card"},
        "hands": {
            "type": "object",
            "additionalProperties": False,
            "patternProperties": {"^[NESWnesw]$": _cards()},
        },
    }
    return {
        "description": "the facts the prose claims; every key given is checked",
        "type": ["object", "null"],
        "additionalProperties": False,
        "properties": {k: values[k] for k in EXPECT_KEYS[kind]},
    }


def _common(kind: str) -> dict[str, Any]:
    return {
        "id": {**_ID, "description": "unique across the project; default: the file's stem"},
        "kind": {"const": kind} if kind != "play" else {"const": "play"},
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


def _contract(need_taker: bool) -> dict[str, Any]:
    props: dict[str, Any] = {
        "game": {"enum": ["belote", "coinche"]},
        "rules": {
            "anyOf": [
                {"enum": list(PRESETS)},
                {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {
                        "preset": {"enum": list(PRESETS)},
                        **{k: {"enum": list(knob.values)} for k, knob in KNOBS.items()},
                    },
                },
            ]
        },
        "trump": {"enum": _TRUMPS},
        "taker": {"$ref": "#/$defs/seat"},
    }
    assert (
        tuple(props) == CONTRACT_KEYS
        and tuple(props["rules"]["anyOf"][1]["properties"]) == RULES_KEYS
    )
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": props,
        "required": ["trump", "taker"] if need_taker else ["trump"],
    }


def _kind(kind: str) -> dict[str, Any]:
    by_kind: dict[str, dict[str, Any]] = {
        "play": {
            "contract": _contract(False),
            "trick": _plays(4, "plays already made, in turn order"),
            "hand": {
                "type": "object",
                "additionalProperties": False,
                "required": list(HAND_KEYS),
                "properties": {
                    "seat": {"$ref": "#/$defs/seat"},
                    "cards": {**_cards(), "maxItems": 8},
                },
            },
            "play": {"$ref": "#/$defs/card"},
        },
        "deal": {
            "contract": _contract(True),
            "dealer": {"$ref": "#/$defs/seat"},
            "tricks": {
                "type": "array",
                "minItems": 8,
                "maxItems": 8,
                "items": _plays(4, "one trick: four plays"),
            },
        },
        "bidding": {
            "dealer": {"$ref": "#/$defs/seat"},
            "turned": {"$ref": "#/$defs/card"},
            "bids": {
                "type": "array",
                "maxItems": 8,
                "items": {
                    "type": "object",
                    "minProperties": 1,
                    "maxProperties": 1,
                    "propertyNames": {"$ref": "#/$defs/seat"},
                    "additionalProperties": {"enum": ["take", "pass"] + _SUITS},
                },
            },
        },
        "dealing": {
            "dealer": {"$ref": "#/$defs/seat"},
            "deck": _cards(32),
            "taker": {"$ref": "#/$defs/seat"},
        },
    }
    own = by_kind[kind]
    assert tuple(own) == KIND_KEYS[kind]
    required = {
        "play": ["contract"],
        "deal": ["kind", "contract", "tricks"],
        "bidding": ["kind", "dealer", "turned", "bids"],
        "dealing": ["kind", "dealer", "deck"],
    }[kind]
    return {
        "type": "object",
        "additionalProperties": False,
        "required": required,
        "properties": {**_common(kind), **own},
    }


def scenario_schema() -> dict[str, Any]:
    """The schema of a scenario file."""
    branches = [
        {
            "if": {"required": ["kind"], "properties": {"kind": {"const": k}}},
            "then": {"$ref": f"#/$defs/{k}"},
        }
        for k in KINDS
        if k != "play"
    ]
    branches.append(
        {"if": {"properties": {"kind": {"const": "play"}}}, "then": {"$ref": "#/$defs/play"}}
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
            **{k: _kind(k) for k in KINDS},
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
