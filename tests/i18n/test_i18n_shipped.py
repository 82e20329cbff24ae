"""The shipped catalogs: they pass every check, are complete, and count in each language's way."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from babel.support import Translations

from explainer.i18n.checkers import check_catalogs, coverage, po_paths

ROOT = Path(__file__).resolve().parents[2]


def test_shipped_catalogs_pass_every_check() -> None:
    assert [str(d) for d in check_catalogs(ROOT)] == []


def test_shipped_catalogs_are_complete() -> None:
    figures = coverage(ROOT)
    assert set(figures) >= {"pl", "fr"}
    for lang in ("pl", "fr"):
        done, total = figures[lang]
        assert total > 0 and done == total, f"{lang}: {done}/{total} translated"


@pytest.mark.parametrize("lang", ["pl", "fr"])
def test_no_fuzzy_entries(lang: str) -> None:
    path = dict(po_paths(ROOT))[lang]
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    assert [m.id for m in catalog if m.id and m.fuzzy] == []


def _translations(lang: str) -> Translations:
    path = dict(po_paths(ROOT))[lang]
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    import io

    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return Translations(buf)


NUMBERS = (0, 1, 2, 5, 12, 22, 41, 100, 162, 252)
POLISH = (
    "0 punktów",
    "1 punkt",
    "2 punkty",
    "5 punktów",
    "12 punktów",
    "22 punkty",
    "41 punktów",
    "100 punktów",
    "162 punkty",
    "252 punkty",
)
FRENCH = (
    "0 point",
    "1 point",
    "2 points",
    "5 points",
    "12 points",
    "22 points",
    "41 points",
    "100 points",
    "162 points",
    "252 points",
)


@pytest.mark.parametrize(("lang", "expected"), [("pl", POLISH), ("fr", FRENCH)])
def test_points_take_the_plural_form_of_each_language(lang: str, expected: tuple[str, ...]) -> None:
    t = _translations(lang)
    got = tuple(
        t.npgettext("points", "%(num)d point", "%(num)d points", n) % {"num": n} for n in NUMBERS
    )
    assert got == expected


def test_plural_forms_headers() -> None:
    assert _translations("pl").plural(22) == 1 and _translations("pl").plural(12) == 2
    fr = _translations("fr")
    assert [fr.plural(n) for n in (0, 1, 2)] == [0, 0, 1]
