"""``explainer check --report``: one standalone page, green and red, wrong values struck."""

from __future__ import annotations

import io
from pathlib import Path

from explainer.check import run_check

CASES = Path(__file__).resolve().parent.parent / "cases"


def test_report_marks_wrong_values_and_invalid_files(tmp_path: Path) -> None:
    report = tmp_path / "r.html"
    paths = [
        str(CASES / "good" / "climb.yaml"),
        str(CASES / "wrong" / "rule-wrong.yaml"),
        str(CASES / "bad" / "bad-card.yaml"),
    ]
    code = run_check(paths, root=CASES, report=str(report), out=io.StringIO())
    assert code == 2
    html = report.read_text()
    assert html.startswith("<!doctype html>")
    assert "<style>" in html and "<link" not in html and "<script" not in html
    assert "<del>overtrump</del> <ins>climb</ins>" in html
    assert 'class="ok" id="overtrump-even-partner"' in html
    assert 'class="bad" id="rule-wrong"' in html
    assert "invalid card: &#x27;11S&#x27;" in html
    assert "1 passed, 2 failed" in html


def test_report_escapes_the_files_text(tmp_path: Path) -> None:
    f = tmp_path / "x.yaml"
    f.write_text(
        'title: "<script>alert(x)</script>"\ncontract: {trump: hearts}\n'
        "trick: [N: AS, E: 7S, S: 8S, W: 9S]\nexpect: {winner: N}\n"
    )
    report = tmp_path / "r.html"
    assert run_check([str(f)], root=tmp_path, report=str(report), out=io.StringIO()) == 0
    html = report.read_text()
    assert "<script>" not in html
    assert "&lt;script&gt;" in html
