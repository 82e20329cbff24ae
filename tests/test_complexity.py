"""No function of the package is above radon's grade C (cyclomatic complexity 20)."""

from __future__ import annotations

from pathlib import Path

from radon.complexity import cc_visit

PACKAGE = Path(__file__).resolve().parents[1] / "explainer"
LIMIT = 20


def test_no_function_is_more_complex_than_grade_c() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for block in cc_visit(path.read_text(encoding="utf-8")):
            if block.complexity > LIMIT:
                rel = path.relative_to(PACKAGE.parent).as_posix()
                found.append(f"{rel}:{block.lineno}: {block.name} {block.complexity}")
    assert found == []
