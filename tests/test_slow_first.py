"""The suite's order (tests/conftest.py): the files it hands out first must exist, or a
renamed slow file would silently start last again and keep a worker busy alone."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import SLOW_FIRST

ROOT = Path(__file__).resolve().parents[1]


def test_every_file_handed_out_first_is_a_test_file_of_the_suite() -> None:
    missing = [name for name in SLOW_FIRST if not (ROOT / name).is_file()]
    assert missing == []
    assert len(set(SLOW_FIRST)) == len(SLOW_FIRST)
    assert all(Path(name).name.startswith("test_") for name in SLOW_FIRST)
