"""``explainer check`` through ``main(argv)``: exit codes and output."""

from __future__ import annotations

from pathlib import Path

import pytest

from explainer.cli import main

CASES = Path(__file__).resolve().parent.parent / "cases"


def test_good_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(CASES / "good")]) == 0
    assert capsys.readouterr().out.endswith(" passed, 0 failed\n")


def test_wrong_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(CASES / "wrong" / "rule-wrong.yaml")]) == 1
    out = capsys.readouterr().out
    assert "expect.rule: scenario says overtrump, engine says climb" in out


def test_bad_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(CASES / "bad" / "bad-card.yaml")]) == 2
    assert (
        "invalid card: '11S' (expected a rank and a suit, like KS or 10H; did you mean 10S?)"
        in capsys.readouterr().out
    )


def test_missing_path_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nope.yaml"
    assert main(["check", str(missing)]) == 2
    assert f"{missing}:1:1: no such file or folder" in capsys.readouterr().out


def test_missing_path_beside_good_files_still_checks_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["check", str(tmp_path / "nope"), str(CASES / "good" / "climb.yaml")]) == 2
    assert capsys.readouterr().out.splitlines()[-1] == "1 passed, 0 failed"


def test_no_path_checks_root_scenarios(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "a.yaml").write_text(
        "contract: {trump: hearts}\ntrick: [N: AS, E: 7S, S: 8S, W: 9S]\nexpect: {winner: N}\n"
    )
    assert main(["--root", str(tmp_path), "check"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 passed, 0 failed"


def test_root_may_follow_the_verb(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "a.yaml").write_text(
        "contract: {trump: hearts}\ntrick: [N: AS, E: 7S, S: 8S, W: 9S]\nexpect: {winner: N}\n"
    )
    assert main(["check", "--root", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 passed, 0 failed"
    assert main(["--root", str(tmp_path / "nowhere"), "check", "--root", str(tmp_path)]) == 0


def test_report_shows_a_prose_problem_on_the_scenario_it_fails(tmp_path: Path) -> None:
    report = tmp_path / "report.html"
    path = CASES / "wrong" / "prose-number-card-code-dealing.yaml"
    assert main(["check", str(path), "--report", str(report)]) == 1
    html = report.read_text(encoding="utf-8")
    card = html[html.index('<section class="bad" id="prose-number-card-code-dealing">') :]
    card = card[: card.index("</section>")]
    assert "text: the number 20 is not one of this example&#x27;s checked facts" in card


def test_internal_error_is_one_line_not_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import explainer.scenarios.runner as runner

    def boom(scenario: object) -> list[object]:
        raise RuntimeError("boom")

    monkeypatch.setattr(runner, "run", boom)
    path = CASES / "good" / "climb.yaml"
    assert main(["check", str(path)]) == 2
    out = capsys.readouterr().out
    from explainer.scenarios.loader import display_path

    assert f"{display_path(path)}:1:1: internal error: RuntimeError: boom" in out
    assert "Traceback" not in out
