"""The shipped catalogs, the theme's (``explainer/locales/``) and this site's (``locales/``):
they pass every check, read as Babel reads them, and count in each language's way. (That
they are complete is the release gate: test_i18n_release.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.support import Translations

from explainer.i18n import check_catalogs
from explainer.i18n.catalog import THEME_LOCALES, po_paths
from explainer.i18n.pofile import read_catalog

ROOT = Path(__file__).resolve().parents[2]
SETS = (ROOT, THEME_LOCALES.parent)
"""The folders whose ``locales/`` hold a set of catalogs: this site's, the theme's."""
FILES = [(folder / "locales" / "messages.pot", None) for folder in SETS] + [
    (path, lang) for folder in SETS for lang, path in po_paths(folder)
]
IDS = [str(path.relative_to(ROOT)) for path, _ in FILES]


def test_shipped_catalogs_pass_every_check() -> None:
    assert [str(d) for d in check_catalogs(ROOT)] == []


def test_both_sets_ship_polish_and_french() -> None:
    assert [[lang for lang, _ in po_paths(folder)] for folder in SETS] == [["fr", "pl"]] * 2


@pytest.mark.parametrize(("path", "lang"), FILES, ids=IDS)
def test_the_checks_read_a_catalog_as_babel_does(path: Path, lang: str | None) -> None:
    """The check's own strict reader and Babel's ``read_po`` agree on every shipped file."""
    ours = read_catalog(path, lang).catalog
    assert ours is not None
    with path.open("rb") as f:
        babel = read_po(f, locale=lang, abort_invalid=True)

    def entries(catalog: Catalog) -> list[tuple[object, ...]]:
        return [(m.context, m.id, m.string, m.fuzzy) for m in catalog]

    assert entries(ours) == entries(babel)
    # each message's line is its msgstr's (where a translator edits), Babel's its msgid's
    lines = path.read_text(encoding="utf-8").splitlines()
    for mine, theirs in zip(ours, babel, strict=True):
        if mine.id:
            assert lines[mine.lineno - 1].startswith("msgstr"), (mine.id, mine.lineno)
            assert mine.lineno > theirs.lineno
    assert (ours.num_plurals, ours.plural_expr) == (babel.num_plurals, babel.plural_expr)


@pytest.mark.parametrize(("path", "lang"), FILES[len(SETS) :], ids=IDS[len(SETS) :])
def test_no_fuzzy_entries(path: Path, lang: str) -> None:
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    assert [m.id for m in catalog if m.id and m.fuzzy] == []


def _translations(lang: str) -> Translations:
    path = dict(po_paths(THEME_LOCALES.parent))[lang]
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
