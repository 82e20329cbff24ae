from __future__ import annotations

from pathlib import Path

import pytest

CASES = Path(__file__).resolve().parent.parent / "cases"


@pytest.fixture
def cases() -> Path:
    return CASES
