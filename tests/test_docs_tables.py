"""The rule-set tables of docs/rule-sets.md are the engine's data, written out.

Each table sits between ``<!-- table: NAME -->`` and ``<!-- /table -->`` and is rendered
here from the engine (the presets, knobs and sources a scenario's ``rules`` names), so
the document cannot drift from the rule sets the check uses. After changing a rule set,
rewrite the tables with ``python -m tests.test_docs_tables``.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from explainer.engine.coinche.rules import COINCHE_KNOBS, PRESET_SOURCES
from explainer.engine.presets import GAME_PRESETS, KNOB_TABLE, PRESET_VALUES
from explainer.engine.sources import SOURCES, Knob, Sourced

DOC = Path(__file__).resolve().parents[1] / "docs" / "rule-sets.md"
BLOCK = re.compile(r"(<!-- table: ([a-z-]+) -->\n)(.*?)(<!-- /table -->)", re.S)


def _cell(entry: Sourced) -> str:
    cites = "; ".join(f"{c.key} {c.section}" for c in entry.cites)
    return f"`{entry.value}` ({cites})" if cites else f"`{entry.value}`"


def _table(
    knobs: Mapping[str, Knob], presets: Iterable[str], values: Mapping[str, Mapping[str, Sourced]]
) -> str:
    names = list(presets)
    rows = [
        "| knob | values | " + " | ".join(f"`{p}`" for p in names) + " | what it settles |",
        "|---|---|" + "---|" * len(names) + "---|",
    ]
    for name, knob in knobs.items():
        cells = [_cell(values[p][name]) for p in names]
        choices = ", ".join(f"`{v}`" for v in knob.values)
        rows.append(f"| `{name}` | {choices} | " + " | ".join(cells) + f" | {knob.doc} |")
    return "\n".join(rows) + "\n"


def classic_table() -> str:
    """Classic Belote: every knob under each preset of the game, then ``official``."""
    return _table(KNOB_TABLE, [*GAME_PRESETS["belote"], "official"], PRESET_VALUES)


def coinche_table() -> str:
    """Coinche: every knob (the play knobs first) under each Coinche preset."""
    return _table(COINCHE_KNOBS, PRESET_SOURCES, PRESET_SOURCES)


def sources_table() -> str:
    """Every document a preset value cites, by the key the tables use."""
    rows = ["| key | publisher | document | edition | address |", "|---|---|---|---|---|"]
    for s in SOURCES.values():
        url = f"<{s.url}>" if s.url else "not published (the material this project started from)"
        rows.append(f"| `{s.key}` | {s.publisher} | {s.title} | {s.edition} | {url} |")
    return "\n".join(rows) + "\n"


TABLES: dict[str, Callable[[], str]] = {
    "classic-presets": classic_table,
    "coinche-presets": coinche_table,
    "sources": sources_table,
}


def rendered(text: str) -> str:
    """``text`` with every table block replaced by the engine's data."""
    return BLOCK.sub(lambda m: m.group(1) + TABLES[m.group(2)]() + m.group(4), text)


def test_the_document_holds_every_table() -> None:
    found = [m.group(2) for m in BLOCK.finditer(DOC.read_text(encoding="utf-8"))]
    assert sorted(found) == sorted(TABLES)


def test_the_tables_are_the_engines_rule_sets() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert text == rendered(text), "stale tables: run python -m tests.test_docs_tables"


def test_a_changed_value_makes_the_table_stale() -> None:
    text = DOC.read_text(encoding="utf-8")
    broken = text.replace("| `undertrump` | `required`, `optional`, `forbidden` | `required`", "| `undertrump` | `required`, `optional`, `forbidden` | `optional`", 1)  # fmt: skip
    assert broken != text
    assert rendered(broken) == text


if __name__ == "__main__":
    DOC.write_text(rendered(DOC.read_text(encoding="utf-8")), encoding="utf-8")
    sys.exit(0)
