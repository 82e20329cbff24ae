"""The release gate: Polish and French translate every message of the current sources.

An English author may add examples the catalogs do not translate yet: the check and the
build pass, the pages show English with a notice (test_i18n_roundtrip.py). Before a
release the translators catch up, and this test, like ``explainer check --complete fr,pl``
(TRANSLATING.md), holds the project to 100 %, as the check prints it.
"""

from __future__ import annotations

from pathlib import Path

from explainer.i18n import check_catalogs, coverage, format_coverage

ROOT = Path(__file__).resolve().parents[2]
RELEASED = ("fr", "pl")


def test_released_languages_are_complete() -> None:
    assert [str(d) for d in check_catalogs(ROOT, complete=RELEASED)] == []
    figures = coverage(ROOT)
    total = figures["pl"].total
    assert total > 200
    assert format_coverage(figures) == (
        f"translations: fr 100% ({total}/{total}), pl 100% ({total}/{total})"
    )
