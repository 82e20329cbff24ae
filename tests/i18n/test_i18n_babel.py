"""``pybabel compile`` runs the project's checkers too (``babel.checkers`` entry points)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages import checkers as babel_checkers

from explainer.i18n.checkers import CHECKERS

CASES = Path(__file__).resolve().parents[1] / "cases" / "bad-catalogs"
PYBABEL = str(Path(sys.executable).with_name("pybabel"))


def _compile(tmp_path: Path, catalog: bytes) -> subprocess.CompletedProcess[str]:
    po = tmp_path / "locales/pl/LC_MESSAGES/messages.po"
    po.parent.mkdir(parents=True)
    po.write_bytes(catalog)
    return subprocess.run(
        [PYBABEL, "compile", "-d", "locales"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_checkers_are_registered_with_babel() -> None:
    assert {c for _, c in CHECKERS} <= set(babel_checkers.checkers)


@pytest.mark.parametrize(
    "case",
    [
        "card-token-changed",
        "card-token-unknown-card",
        "placeholder-renamed",
        "markdown-link-lost",
        "newline-lost",
        "value-token-lost",
    ],
)
def test_pybabel_compile_reports_a_broken_translation(case: str, tmp_path: Path) -> None:
    data = (CASES / f"{case}.po").read_bytes()
    expected = re.match(r"# expect: [^:]+:(\d+):1: (.*)", data.split(b"\n", 1)[0].decode("utf-8"))
    assert expected is not None
    line, message = expected.groups()
    # the check names the msgstr's line (where the translator edits), Babel the msgid's
    lines = data.decode("utf-8").split("\n")
    msgid = max(i for i in range(int(line)) if lines[i - 1].startswith("msgid "))
    run = _compile(tmp_path, data)
    assert run.returncode == 1, run.stderr
    assert f"error: locales/pl/LC_MESSAGES/messages.po:{msgid}: {message}\n" in run.stderr


def test_pybabel_compile_accepts_a_right_catalog(tmp_path: Path) -> None:
    good = Path(__file__).parent / "cases" / "good.po"
    run = _compile(tmp_path, good.read_bytes())
    assert run.returncode == 0, run.stderr
    assert "error" not in run.stderr
