"""``kind: law``: every problem located in one run, the counterexample's round trip, the
cache, and the shipped laws (the engine half is tests/engine/test_laws.py)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from explainer.check import run_check
from explainer.engine import PRESETS, DealOutcome, LawOutcome, PlayLaw
from explainer.scenarios.kinds import law as law_kind
from explainer.scenarios.loader import load_project

ROOT = Path(__file__).resolve().parents[2]
WRONG = ROOT / "tests" / "cases" / "wrong" / "law-partner-winning-any-card-house.yaml"


def _check(folder: Path, name: str) -> tuple[int, str]:
    out = io.StringIO()
    code = run_check([name], root=folder, out=out)
    return code, out.getvalue()


def test_every_problem_of_a_law_is_reported_in_one_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "law.yaml").write_text(
        "kind: law\n"
        "contract: {trump: [suit, nne]}\n"
        "when: [vod, not partner_wining]\n"
        "then: {must: trump, mya: any}\n"
        "rules: [house, pagat_belot]\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    code, out = _check(tmp_path, "law.yaml")
    assert out == (
        "law.yaml:2:26: contract.trump.2: unknown trump: 'nne' (did you mean 'none'?)\n"
        "law.yaml:3:8: when.1: unknown premise: 'vod' (did you mean 'void'?)\n"
        "law.yaml:3:13: when.2: unknown premise: 'partner_wining'"
        " (did you mean 'partner_winning'?)\n"
        "law.yaml:4:8: then.must: unknown class: 'trump' (did you mean 'trumps'?)\n"
        "law.yaml:4:21: then.mya: unknown conclusion: 'mya' (did you mean 'may'?)\n"
        "law.yaml:5:16: rules.2: unknown preset 'pagat_belot' (did you mean 'pagat_belote'?)"
        " (expected house, ffb_belote, pagat_belote or official)\n"
        "0 passed, 1 failed\n"
    )
    assert code == 2


def test_a_premise_meaningless_for_one_contract_of_several_is_located(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "law.yaml").write_text(
        "kind: law\ncontract: {trump: [suit, none]}\nwhen: [void, trump_in_trick]\n"
        "then: {may: trumps}\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    code, out = _check(tmp_path, "law.yaml")
    assert out == (
        "law.yaml:3:14: when.2: premise trump_in_trick means nothing with trump: none\n"
        "law.yaml:4:8: then.may: class trumps means nothing with trump: none\n"
        "0 passed, 1 failed\n"
    )
    assert code == 2


def test_the_false_wording_keeps_failing_under_house_with_its_counterexample(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(WRONG.parent)
    code, out = _check(WRONG.parent, WRONG.name)
    assert out.splitlines() == [
        f"{WRONG.name}:9:3: expect.holds_under: scenario says [ffb_belote, house], engine says"
        " [ffb_belote]; under house it does not hold: {kind: play, contract: {trump: hearts,"
        " rules: house}, trick: [N: 7S, E: 8H, S: 8S], hand: {seat: W, cards: [7H, 9H]},"
        " expect: {legal: [9H], rule: partner-wins}}",
        "0 passed, 1 failed",
    ]
    assert code == 1


def test_the_printed_counterexample_pasted_into_a_file_passes_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(WRONG.parent)
    _, out = _check(WRONG.parent, WRONG.name)
    pasted = out.splitlines()[0].split("does not hold: ", 1)[1]
    (tmp_path / "cx.yaml").write_text(pasted + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert _check(tmp_path, "cx.yaml") == (0, "1 passed, 0 failed\n")


@pytest.fixture
def fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(law_kind, "_MEMO", {})
    return tmp_path / "explainer" / "laws"


LAW = PlayLaw.parse(trump="suit", when=["void", "partner_winning"], then={"may": "any"})
HOUSE = {"house": PRESETS["house"], "official": PRESETS["official"]}


def test_a_cached_law_result_equals_a_fresh_one(fresh_cache: Path) -> None:
    fresh = law_kind.checked_result(LAW, HOUSE)
    assert len(list(fresh_cache.glob("*.json"))) == 1
    law_kind._MEMO.clear()
    assert law_kind.checked_result(LAW, HOUSE) == fresh


def test_changing_the_law_invalidates_its_cache_entry(fresh_cache: Path) -> None:
    law_kind.checked_result(LAW, HOUSE)
    other = PlayLaw.parse(trump="suit", when=["void", "partner_winning"], then={"may": "plain"})
    result = law_kind.checked_result(other, HOUSE)
    assert len(list(fresh_cache.glob("*.json"))) == 2
    assert result.holds_under == {"house", "official"}


def test_a_corrupt_cache_entry_is_ignored(fresh_cache: Path) -> None:
    fresh = law_kind.checked_result(LAW, HOUSE)
    (entry,) = fresh_cache.glob("*.json")
    entry.write_text('[["play", "house", tru', encoding="utf-8")
    law_kind._MEMO.clear()
    assert law_kind.checked_result(LAW, HOUSE) == fresh
    assert json.loads(entry.read_text(encoding="utf-8"))[0][1] == "house"


def test_the_cache_lives_in_the_user_cache_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert law_kind.cache_dir() == tmp_path / "xdg" / "explainer" / "laws"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert law_kind.cache_dir() == tmp_path / "home" / ".cache" / "explainer" / "laws"


def _shipped_law(path: str) -> law_kind.LawScenario:
    (law,) = [
        s
        for s in load_project(ROOT, [ROOT / path]).scenarios
        if isinstance(s, law_kind.LawScenario)
    ]
    return law


def test_check_prints_the_positions_a_play_law_was_checked_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = "scenarios/which-card/laws/01-follow-suit.yaml"
    law = _shipped_law(path)
    (count,) = {o.checked for o in law.outcome.outcomes if isinstance(o, LawOutcome)}
    monkeypatch.chdir(ROOT)
    assert _check(ROOT, path) == (
        0,
        f"{path}: law must-follow-suit checked over {count} positions"
        " under house, ffb_belote, pagat_belote\n1 passed, 0 failed\n",
    )


def test_check_prints_the_deals_a_deal_law_was_checked_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = "scenarios/one-deal/laws/03-made-scores-own.yaml"
    law = _shipped_law(path)
    house, ffb, pagat = law.outcome.outcomes
    assert isinstance(house, DealOutcome) and isinstance(ffb, DealOutcome)
    assert isinstance(pagat, DealOutcome)
    assert len({house.matching, ffb.matching, pagat.matching}) == 3
    monkeypatch.chdir(ROOT)
    assert _check(ROOT, path) == (
        0,
        f"{path}: law deal-made-scores-own checked on {house.deals} deals"
        f" ({house.matching} meeting its premises) under house;"
        f" {ffb.deals} deals ({ffb.matching} meeting its premises) under ffb_belote;"
        f" {pagat.deals} deals ({pagat.matching} meeting its premises) under pagat_belote\n"
        "1 passed, 0 failed\n",
    )


def test_check_prints_no_count_for_a_law_that_disagrees(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(WRONG.parent)
    _, out = _check(WRONG.parent, WRONG.name)
    assert " checked over " not in out
