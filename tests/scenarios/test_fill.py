"""``explainer check --fill``: absent keys filled, comments kept, present values untouched."""

from __future__ import annotations

import io
from pathlib import Path

from explainer.check import run_check

CASES = Path(__file__).resolve().parent.parent / "cases"


def _fill(path: Path) -> tuple[int, str]:
    out = io.StringIO()
    code = run_check([str(path)], root=path.parent, fill=True, out=out)
    return code, out.getvalue()


def test_fills_absent_keys_after_the_last_one_keeping_comments(tmp_path: Path) -> None:
    f = tmp_path / "a.yaml"
    f.write_text(
        "# a comment on top\n"
        "contract: {trump: diamonds}   # trailing comment\n"
        "trick:\n  - N: 8D\n  - E: 9C\n"
        "hand:\n  seat: S\n  cards: [QS, 9D, 7D, 10H]\n"
        "expect:\n  rule: climb    # stays\n"
        "\n# a comment before the text\n"
        "text: |\n  North leads.\n"
    )
    code, out = _fill(f)
    assert code == 0
    assert f"{f}: filled expect.legal" in out
    assert f.read_text() == (
        "# a comment on top\n"
        "contract: {trump: diamonds}   # trailing comment\n"
        "trick:\n  - N: 8D\n  - E: 9C\n"
        "hand:\n  seat: S\n  cards: [QS, 9D, 7D, 10H]\n"
        "expect:\n  rule: climb    # stays\n  legal: [9D]\n"
        "\n# a comment before the text\n"
        "text: |\n  North leads.\n"
    )


def test_creates_expect_when_missing(tmp_path: Path) -> None:
    f = tmp_path / "b.yaml"
    f.write_text("contract: {trump: hearts}\ntrick: [N: AS, E: 7S, S: 8S, W: JH]  # ruffed")
    code, _ = _fill(f)
    assert code == 0
    assert f.read_text() == (
        "contract: {trump: hearts}\ntrick: [N: AS, E: 7S, S: 8S, W: JH]  # ruffed\n"
        "expect:\n  winner: W\n  points: 31\n"
    )


def test_fills_a_flow_mapping_and_an_empty_expect(tmp_path: Path) -> None:
    f = tmp_path / "c.yaml"
    f.write_text(
        "contract: {trump: hearts}\ntrick: [N: AS, E: 7S, S: 8S, W: JH]\nexpect: {winner: W}\n"
    )
    assert _fill(f) == (0, f"{f}: filled expect.points\n1 passed, 0 failed\n")
    assert f.read_text().endswith("expect: {winner: W, points: 31}\n")
    g = tmp_path / "d.yaml"
    g.write_text(
        "contract: {trump: hearts}\ntrick: [N: AS, E: 7S, S: 8S, W: JH]\nexpect:\ntext: hi\n"
    )
    assert _fill(g) == (0, f"{g}: filled expect.winner, expect.points\n1 passed, 0 failed\n")
    assert g.read_text().endswith("expect:\n  winner: W\n  points: 31\ntext: hi\n")


def test_never_changes_a_present_value(tmp_path: Path) -> None:
    f = tmp_path / "e.yaml"
    f.write_text(
        "contract: {trump: hearts}\ntrick: [N: AS, E: 7S, S: 8S, W: JH]\n"
        "expect:\n  winner: N   # wrong on purpose\n"
    )
    code, out = _fill(f)
    assert code == 1
    assert "expect.winner: scenario says N, engine says W" in out
    assert f.read_text().endswith("  winner: N   # wrong on purpose\n  points: 31\n")


def test_refuses_invalid_input(tmp_path: Path) -> None:
    f = tmp_path / "f.yaml"
    text = "contract: {trump: hearts}\ntrick: [N: AS, E: 11S, S: 8S, W: JH]\n"
    f.write_text(text)
    code, out = _fill(f)
    assert code == 2
    assert f"{f}: not filled: invalid input" in out
    assert f.read_text() == text


def test_filled_deal_then_checks_clean(tmp_path: Path) -> None:
    src = (CASES / "good" / "deal-hearts.yaml").read_text()
    f = tmp_path / "deal.yaml"
    f.write_text(src.split("expect:")[0])
    code, out = _fill(f)
    assert code == 0
    assert f.read_text() == src
    assert out.splitlines()[-1] == "1 passed, 0 failed"


def test_a_line_separator_in_a_comment_is_no_line_break_for_the_fill(tmp_path: Path) -> None:
    """U+2028 breaks a line for ``str.splitlines`` and YAML 1.1, never for an editor: the
    keys go where the editor's lines say."""
    f = tmp_path / "d.yaml"
    head = "# North\u2028leads\ncontract: {trump: hearts}\ntrick: [N: AS, E: 7S, S: 8S, W: JH]\n"
    f.write_text(head + "expect:\n  winner: W\ntext: North\u2029leads.\n", encoding="utf-8")
    assert _fill(f)[0] == 0
    assert f.read_text(encoding="utf-8") == (
        head + "expect:\n  winner: W\n  points: 31\ntext: North\u2029leads.\n"
    )
