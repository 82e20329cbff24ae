"""The release gate: Polish and French translate every message of the current sources,
in the theme's catalogs (``explainer/locales/``, shipped in the package for every site)
and in this site's (``locales/``).

An English author may add examples the catalogs do not translate yet: the check and the
build pass, the pages show English with a notice (test_i18n_roundtrip.py). Before a
release the translators catch up, and this test, like ``explainer check --complete fr,pl``
(TRANSLATING.md), holds the project to 100 %, as the check prints it.
"""

from __future__ import annotations

from pathlib import Path

from explainer.i18n import catalog_report

ROOT = Path(__file__).resolve().parents[2]
RELEASED = ("fr", "pl")


def test_released_languages_are_complete_in_the_theme_and_the_site() -> None:
    report = catalog_report(ROOT, complete=RELEASED)
    assert [str(d) for d in report.problems] == []
    site, theme = report.coverage["site"], report.coverage["theme"]
    assert sorted(site) == sorted(theme) == sorted(RELEASED)
    site_total, theme_total = site["pl"].total, theme["pl"].total
    assert site_total > 150 and theme_total > 300
    assert report.coverage_lines() == [
        f"translations: fr 100% ({site_total}/{site_total}), pl 100% ({site_total}/{site_total})",
        f"theme translations: fr 100% ({theme_total}/{theme_total}),"
        f" pl 100% ({theme_total}/{theme_total})",
    ]
