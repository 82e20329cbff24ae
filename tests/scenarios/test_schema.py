"""The shipped JSON Schemas stay in step with the loader and accept what it accepts."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import jsonschema
import pytest
import yaml

from explainer.engine import COINCHE_PRESETS, KNOB_KINDS, KNOBS, PRESETS, STEP_KNOBS, Trump
from explainer.scenarios import keys as loader_keys
from explainer.scenarios.kinds import KINDS
from explainer.scenarios.kinds.contract import CONTRACT_KEYS, rules_keys
from explainer.scenarios.schema import (
    PAGE_SCHEMA,
    SCENARIO_SCHEMA,
    dumps,
    page_schema,
    scenario_schema,
)

ROOT = Path(__file__).resolve().parent.parent.parent
CASES = ROOT / "tests" / "cases"
SCENARIO = json.loads(SCENARIO_SCHEMA.read_text(encoding="utf-8"))
PAGE = json.loads(PAGE_SCHEMA.read_text(encoding="utf-8"))


def _validator(schema: dict) -> jsonschema.Draft202012Validator:
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@cache
def _validators() -> dict[str, jsonschema.Draft202012Validator]:
    """Checked and built once per process, on first use: a validator resolves its references
    on first use, so one per file made each of the ~150 validations below pay for the whole
    schema again; and checking the schemas against the meta-schema takes seconds, which at
    import time every worker paid while collecting, whether or not it ran these tests."""
    return {"page": _validator(PAGE), "scenario": _validator(SCENARIO)}


def _errors(path: Path) -> list[str]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    validator = _validators()["page" if path.name == "page.yaml" else "scenario"]
    return [e.message for e in validator.iter_errors(data)]


def test_shipped_files_are_the_generated_ones() -> None:
    assert SCENARIO_SCHEMA.read_text(encoding="utf-8") == dumps(scenario_schema())
    assert PAGE_SCHEMA.read_text(encoding="utf-8") == dumps(page_schema())


def test_keys_per_kind_equal_the_kind_table() -> None:
    for name, kind in KINDS.items():
        props = SCENARIO["$defs"][name]["properties"]
        assert set(props) == set(loader_keys.COMMON_KEYS) | set(kind.keys)
        assert list(props["expect"]["properties"]) == list(kind.fact_keys)
    play = SCENARIO["$defs"]["play"]["properties"]
    assert set(play["contract"]["properties"]) == set(CONTRACT_KEYS) - {"level"}
    assert set(play["contract"]["properties"]["rules"]["anyOf"][1]["properties"]) == {
        "preset",
        *(k for k in rules_keys() if "play" in KNOB_KINDS.get(k, ())),
    }
    assert set(PAGE["properties"]) == set(loader_keys.PAGE_KEYS)
    assert set(PAGE["properties"]["sections"]["items"]["properties"]) == set(
        loader_keys.SECTION_KEYS
    )


def test_rules_knobs_and_presets_are_the_engines() -> None:
    """A classic kind's ``rules`` offers the presets and the knobs that apply to the kind
    (``KNOB_KINDS``): the ones the checker accepts there."""
    contract = SCENARIO["$defs"]["deal"]["properties"]["contract"]
    contract = contract["anyOf"][0] if "anyOf" in contract else contract  # [classic, coinche]
    rules = contract["properties"]["rules"]["anyOf"]
    assert rules[0]["enum"] == list(PRESETS)
    assert set(rules[1]["properties"]) == {"preset", *(k for k in KNOBS if "deal" in KNOB_KINDS[k])}
    bidding = SCENARIO["$defs"]["bidding"]["properties"]["rules"]["anyOf"][1]["properties"]
    assert set(bidding) == {"preset", "classic_sa_ta"}
    classic_match = SCENARIO["$defs"]["match"]["properties"]["rules"]["anyOf"][1]["anyOf"][1]
    assert set(classic_match["properties"]) == {"preset", "tie", "target", "both_reach", "rounding"}
    play = SCENARIO["$defs"]["play"]["properties"]["contract"]["properties"]["rules"]["anyOf"]
    assert play[0]["enum"] == [*PRESETS, *COINCHE_PRESETS]


def test_coinche_rules_offer_only_the_knobs_of_the_kinds_step() -> None:
    """An editor proposes, for a Coinche kind's ``rules``, the knobs its engine step
    reads: the ones the checker accepts there (``STEP_KNOBS``); a match's rules are a
    Coinche or a classic rule set."""
    for kind in ("auction", "dealing", "match", "declarations"):
        rules = SCENARIO["$defs"][kind]["properties"]["rules"]["anyOf"]
        coinche = rules[0]["anyOf"][1] if kind == "match" else rules[1]
        assert set(coinche["properties"]) == {"preset", *STEP_KNOBS[kind]}, kind


VALID = (
    sorted((CASES / "good").rglob("*.yaml"))
    + sorted((CASES / "wrong").rglob("*.yaml"))
    + sorted((ROOT / "scenarios").rglob("*.y*ml"))
)


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_valid_files_validate(path: Path) -> None:
    assert _errors(path) == []


UNKNOWN_KEYS = [
    ("unknown-key-hint.yaml", "Additional properties are not allowed ('expcet' was unexpected)"),
    ("unknown-key.yaml", "Additional properties are not allowed ('colour' was unexpected)"),
    ("key-of-another-kind.yaml", "Additional properties are not allowed ('dealer' was unexpected)"),
    (
        "unknown-rules-knob.yaml",
        "{'preset': 'house', 'undertrumps': 'optional'} is not valid under any of the given schemas",
    ),
    (
        "page-unknown-key/page.yaml",
        "Additional properties are not allowed ('tabels' was unexpected)",
    ),
    ("unknown-kind.yaml", f"'plays' is not one of {list(KINDS)!r}"),
    ("unknown-trump.yaml", f"'hearst' is not one of {[t.word for t in Trump]!r}"),
    (
        "bad-card.yaml",
        "'11S' does not match '^\\\\s*([789]|10|[TtJjQqKkAa])([SHDCshdc♠♥♦♣♤♡♢♧])\\\\s*$'",
    ),
    ("bad-seat.yaml", "'X' does not match '^[NESWnesw]$'"),
]
# (``annulled: on`` is not listed: yaml.safe_load reads YAML 1.1, where ``on`` is true; an
# editor's YAML 1.2 reads a string and flags it, and ``explainer check`` refuses it.)


@pytest.mark.parametrize(("name", "message"), UNKNOWN_KEYS, ids=[n for n, _ in UNKNOWN_KEYS])
def test_bad_cases_fail_the_schema_with_their_one_error(name: str, message: str) -> None:
    assert _errors(CASES / "bad" / name) == [message]
