"""Translations read from the ``.po`` files at run time: the site's over the theme's.

Two sets of catalogs make a page's words. The theme's, shipped in the package
(:data:`THEME_LOCALES`, ``explainer/locales/<lang>/LC_MESSAGES/messages.po``), translate
what the theme says: its templates, card, seat and rule names, rule sentences, the
rule-set data's notes and sources' words. The site's, ``locales/<lang>/LC_MESSAGES/
messages.po`` in the project, translate the site's content: its scenarios, pages and
settings. :func:`load_catalog` layers the site's catalog over the theme's, as Sphinx
layers a project's translations over its own: a message the site's catalog translates
takes its words (a site may so reword the theme), any other the theme's, else the
English. A site that adds ``fr`` therefore shows the theme in French at once; one that
adds ``de`` shows its own translations and the theme in English until someone
translates the theme's ``de`` catalog.

The site's languages are English (the source language, no catalog needed) plus every
language of ``locales/`` (or those its settings name). Both layers are read by the
catalog check's reader (:mod:`.pofile`), so the site uses only what the check accepts,
and compiled in memory (no ``.mo`` files to keep in step). Fuzzy entries are never used.

A message without a translation falls back to English; :meth:`Catalog.is_translated`
tells the site whether it did, so a block of prose shown in English on a Polish page
can say so ("not yet translated") in Polish.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Message
from babel.support import NullTranslations

from .pofile import read_catalog, translations

__all__ = [
    "SOURCE_LANGUAGE",
    "THEME_LOCALES",
    "Catalog",
    "CatalogError",
    "catalog_path",
    "find_languages",
    "is_translated",
    "language_name",
    "load_catalog",
    "load_catalogs",
    "po_paths",
    "theme_catalog_path",
]

SOURCE_LANGUAGE = "en"
"""The language the scenarios, templates and Python strings are written in."""
THEME_LOCALES: Final = Path(__file__).resolve().parents[1] / "locales"
"""The theme's catalogs, shipped in the package: ``messages.pot``, each
``<lang>/LC_MESSAGES/messages.po`` and ``<lang>/glossary.csv``, and the ``babel.cfg``
that extracts them in explainer's own repository (the layout of a site's ``locales/``)."""


class CatalogError(ValueError):
    """A catalog that cannot be read: ``path``, 1-based ``line`` and the message."""

    def __init__(self, message: str, *, path: str, line: int = 1) -> None:
        super().__init__(message)
        self.path = path
        self.line = line

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:1: {self.args[0]}"


def catalog_path(root: Path, lang: str) -> Path:
    """Where the catalog of ``lang`` lives under the project ``root``."""
    return root / "locales" / lang / "LC_MESSAGES" / "messages.po"


def theme_catalog_path(lang: str) -> Path:
    """Where the theme's catalog of ``lang`` lives in the package."""
    return THEME_LOCALES / lang / "LC_MESSAGES" / "messages.po"


def is_translated(message: Message) -> bool:
    """Whether a catalog entry is usable: not fuzzy, and every form translated."""
    strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
    return not message.fuzzy and bool(strings) and all(strings)


def find_languages(root: Path) -> tuple[str, ...]:
    """The languages of the catalogs in ``root/locales``: English first, then every
    language with a catalog, sorted."""
    found = sorted(
        p.parent.parent.name
        for p in (root / "locales").glob("*/LC_MESSAGES/messages.po")
        if p.parent.parent.name != SOURCE_LANGUAGE
    )
    return (SOURCE_LANGUAGE, *found)


def po_paths(root: Path) -> list[tuple[str, Path]]:
    """Each translated language of ``root/locales`` and its catalog, sorted by language."""
    return [(lang, catalog_path(root, lang)) for lang in find_languages(root)[1:]]


def language_name(lang: str) -> str:
    """The language's name in itself, as Babel's CLDR data spells it ("polski" -> "Polski")."""
    try:
        name = Locale.parse(lang).get_display_name(lang) or lang
    except (ValueError, UnknownLocaleError):
        return lang
    return name[:1].upper() + name[1:]


Key = tuple[str | None, str]
"""``(msgctxt, msgid)``."""


@dataclass(frozen=True, eq=False)
class Catalog:
    """One language's translations, with the gettext family and a translated-or-not test."""

    lang: str
    translations: NullTranslations
    translated: frozenset[Key] = field(default_factory=frozenset)
    path: str | None = None
    theme: bool = True
    """Whether the theme has a catalog of this language (its words are translated):
    without one, the interface is shown in English and the page says so."""
    _looked_up: dict[Key, str] = field(default_factory=dict, init=False, repr=False, compare=False)
    """:meth:`pgettext`'s answers: a page asks for the same few hundred messages
    thousands of times (every card's name, every rule's sentence, every example's
    headings), and each lookup walks the site's catalog, then the theme's."""

    @property
    def name(self) -> str:
        """The language's own name."""
        return language_name(self.lang)

    @property
    def is_source(self) -> bool:
        """English: everything is "translated" by definition."""
        return self.lang == SOURCE_LANGUAGE

    def is_translated(self, context: str | None, message: str) -> bool:
        """Whether ``message`` (under ``context``) has a usable translation in this language."""
        return self.is_source or not message or (context, message) in self.translated

    def gettext(self, message: str) -> str:
        return self.translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.translations.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` under ``context`` in this language (the source where it has no
        translation), looked up once per catalog."""
        key = (context, message)
        found = self._looked_up.get(key)
        if found is None:
            found = self._looked_up[key] = str(self.translations.pgettext(context, message))
        return found

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.translations.npgettext(context, singular, plural, n)

    def p(self, marked: tuple[str, str], **values: Any) -> str:
        """Translate a ``P_`` marker and fill its ``%(name)s`` placeholders."""
        text = self.pgettext(*marked)
        if not values:
            return text
        try:
            return text % values
        except (KeyError, ValueError, TypeError):  # a broken translation: show the source
            return marked[1] % values

    def np(self, marked: tuple[str, str, str], n: int, **values: Any) -> str:
        """Translate an ``NP_`` marker for ``n`` and fill its placeholders (``num`` = n)."""
        text = self.npgettext(marked[0], marked[1], marked[2], n)
        try:
            return text % {"num": n, **values}
        except (KeyError, ValueError, TypeError):  # a broken translation: show the source
            return (marked[1] if n == 1 else marked[2]) % {"num": n, **values}


def _english() -> Catalog:
    return Catalog(SOURCE_LANGUAGE, NullTranslations())


def load_catalog(root: Path, lang: str, *, site: bool = True) -> Catalog:
    """The words of ``lang``: the site's catalog (``root/locales``) over the theme's
    (the theme's alone when ``site`` is false: ``serve`` shows a broken site catalog's
    problems in the theme's words).

    Either may be missing (not both, for a language the site is built in). Each is read
    by the catalog check's own reader (:func:`~.pofile.read_catalog`), so the site uses
    only what the check accepts. Raises :class:`CatalogError` for a file it refuses.
    """
    if lang == SOURCE_LANGUAGE:
        return _english()
    own, theme = catalog_path(root, lang), theme_catalog_path(lang)
    layers = [
        _layer(path, _shown(path, root), lang) if used else None
        for path, used in ((own, site), (theme, True))
    ]
    result: NullTranslations = NullTranslations()
    translated: set[Key] = set()
    for layer in reversed(layers):  # the theme's first, the site's over it
        if layer is not None:
            layer[0].add_fallback(result)
            result = layer[0]
            translated |= layer[1]
    shown = _shown(own if site and own.is_file() else theme, root)
    return Catalog(lang, result, frozenset(translated), shown, layers[1] is not None)


def _layer(path: Path, shown: str, lang: str) -> tuple[NullTranslations, frozenset[Key]] | None:
    """A catalog file's translations with the keys it translates; ``None`` when there is
    no such file."""
    if not path.is_file() and not path.is_symlink():
        return None
    read = read_catalog(path, lang, shown=shown)  # the check's reader: one verdict
    if read.catalog is None:
        line, problem = read.problems[0] if read.problems else (1, "cannot be read")
        raise CatalogError(problem, path=shown, line=line)
    translated: set[Key] = set()
    for message in read.catalog:
        if message.id and is_translated(message):
            msgid = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
            translated.add((message.context, str(msgid)))
    return translations(read), frozenset(translated)


def load_catalogs(root: Path, languages: Iterable[str] | None = None) -> Mapping[str, Catalog]:
    """Every language's catalog, English first; raises the first :class:`CatalogError`."""
    langs = tuple(languages) if languages is not None else find_languages(root)
    return {lang: load_catalog(root, lang) for lang in langs}


def _shown(path: Path, root: Path) -> str:
    try:
        return str(path.relative_to(root))
    except ValueError:
        return str(path)
