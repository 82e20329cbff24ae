"""The Rule sets page: knobs x rule sets from the engine's data, each value sourced."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from explainer.engine import (
    ALIASES,
    COINCHE_PRESETS,
    KNOBS,
    OTHER_VALUES,
    PRESETS,
    preset_sources,
    presets_for,
)
from explainer.site.variants import other_value_rows, rule_set_rows


def test_rows_are_every_belote_knob_under_every_preset_and_no_alias() -> None:
    rows = rule_set_rows("belote")
    assert [r.knob for r in rows] == list(KNOBS)
    names = [name for name, _ in rows[0].values]
    assert names == list(presets_for("belote"))
    for row in rows:
        for name, sourced in row.values:
            assert sourced == preset_sources(name)[row.knob]
            assert sourced.value == getattr(PRESETS[name], row.knob)


@pytest.mark.parametrize("lang", ["en", "fr", "pl"])
def test_rule_sets_page_anchors_every_preset_and_value(built_site: Path, lang: str) -> None:
    html = (built_site / lang / "rule-sets" / "index.html").read_text(encoding="utf-8")
    assert 'id="preset-official"' not in html
    for name in presets_for("belote"):
        assert f'id="preset-{name}"' in html
        for knob in KNOBS:
            assert f'id="{name}-{knob}"' in html


def test_rule_sets_page_quotes_the_ffb_classic_rulebook_in_french(built_site: Path) -> None:
    html = (built_site / "en" / "rule-sets" / "index.html").read_text(encoding="utf-8")
    cell = html[html.index('id="ffb_belote-undertrump"') :]
    cell = cell[: cell.index("</td>")]
    assert '<q lang="fr">Si c&#39;est impossible, il faut fournir un atout plus faible</q>' in cell
    assert "§5.2.2" in cell
    assert 'href="https://www.ffbelote.org/' in cell


def test_every_contract_line_links_its_rule_set(built_site: Path) -> None:
    for page in ("which-card", "one-deal"):
        html = (built_site / "fr" / page / "index.html").read_text(encoding="utf-8")
        lines = re.findall(r'<p class="contract">.*?</p>', html, flags=re.S)
        rule_lines = [line for line in lines if "rules-link" in line]
        assert rule_lines
        for line in rule_lines:
            anchor = re.search(r'href="\.\./rule-sets/index\.html#preset-(\w+)"', line)
            assert anchor is not None and anchor.group(1) in {*PRESETS, *COINCHE_PRESETS}
            assert anchor.group(1) not in ALIASES


def test_other_value_rows_are_every_value_no_preset_takes_in_knob_order() -> None:
    rows = other_value_rows()
    assert [(r.knob, r.value) for r in rows] == [
        (knob, value) for knob in KNOBS for value in OTHER_VALUES.get(knob, {})
    ]
    for row in rows:
        assert row.sourced == OTHER_VALUES[row.knob][row.value]
        assert row.anchor == f"other-{row.knob}-{row.value}"
        assert all(getattr(PRESETS[n], row.knob) != row.value for n in presets_for("belote"))


@pytest.mark.parametrize("lang", ["en", "fr", "pl"])
def test_rule_sets_page_lists_the_values_played_elsewhere_with_their_programs(
    built_site: Path, lang: str
) -> None:
    html = (built_site / lang / "rule-sets" / "index.html").read_text(encoding="utf-8")
    table = html[html.index('id="other-values"') :]
    for row in other_value_rows():
        assert f'<tr id="{row.anchor}">' in table
    cell = table[table.index('id="other-belote_bonus-off"') :]
    cell = cell[: cell.index("</tr>")]
    assert 'href="https://github.com/google-deepmind/open_spiel/pull/1574"' in cell
    assert '<q lang="en">&#34;use_belote_rebelote&#34;: False</q>' in cell


def test_every_note_on_a_value_played_elsewhere_links_its_row(built_site: Path) -> None:
    rules_page = (built_site / "en" / "rule-sets" / "index.html").read_text(encoding="utf-8")
    html = (built_site / "en" / "one-deal" / "index.html").read_text(encoding="utf-8")
    anchors = set(re.findall(r'href="\.\./rule-sets/index\.html#(other-[\w-]+)"', html))
    assert anchors == {"other-belote_bonus-off"}
    for anchor in anchors:
        assert f'id="{anchor}"' in rules_page
