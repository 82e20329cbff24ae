"""Message checkers: what a translation must keep of its English source.

Each checker has the signature of Babel's own (``babel.messages.checkers``): it takes
the catalog and a message and raises :class:`~babel.messages.catalog.TranslationError`
when the translation is wrong. They are registered as ``babel.checkers`` entry points
(``pyproject.toml``), so ``pybabel compile`` enforces them as ``explainer check`` does:

* card tokens (``po-cards``): the same cards, ``{8D}`` -> ``{8D|ósemką karo}``;
* placeholders (``po-placeholders``): ``%(num)d``, ``%s``, ``{seat}``, none lost or added;
* Markdown structure (``po-markdown``): paragraphs, list items, links and their targets,
  bold, emphasis, code;
* leading and trailing newlines (``po-newlines``), as ``msgfmt -c`` demands;
* numbers (``po-numbers``): the source's numbers are checked facts;
* value tokens (``po-values``): ``{=belote}``, ``{=points:JH}``, none lost or added.

Only what the site would use is checked: an untranslated form, a fuzzy entry and the
header are skipped (the site shows English for them, see :mod:`explainer.i18n.staleness`).
Each checker lists its problems; :func:`checker` raises them together, once.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from babel.messages.catalog import Catalog, Message, TranslationError

from explainer.cache import ByIdentity
from explainer.engine import card_rank, card_str, card_suit
from explainer.scenarios.diagnostics import Code
from explainer.scenarios.tokens import (
    LINK_TARGET,
    NUMBER,
    VALUE_TOKEN,
    card_tokens,
    is_card_token,
)

from .extract import SHAPE_NAMES, markdown_shape, placeholders

__all__ = [
    "CHECKERS",
    "BabelChecker",
    "Form",
    "check_card_tokens",
    "check_markdown",
    "check_newlines",
    "check_numbers",
    "check_placeholders",
    "check_value_tokens",
    "checker",
    "forms",
]

BabelChecker = Callable[[Catalog | None, Message], None]
"""A checker as Babel calls it: raises :class:`TranslationError` for a wrong translation."""


@dataclass(frozen=True)
class Form:
    """One translated form of a message, with its English.

    ``where`` prefixes the problems of a plural form (``"form [1]: "``); ``sources`` are
    the msgid and msgid_plural. Cards, placeholders, numbers and value tokens are counted
    in both together; the Markdown shape and newlines are compared with the msgid.
    """

    where: str
    sources: tuple[str, ...]
    text: str

    @property
    def source(self) -> str:
        """The msgid: the English a singular form translates."""
        return self.sources[0]


def _texts(value: object) -> tuple[str, ...]:
    items = value if isinstance(value, (tuple, list)) else (value,)
    return tuple(str(v) if v else "" for v in items)


def forms(message: Message) -> Iterator[Form]:
    """The translated forms the site would use: none for the header, a fuzzy entry or an
    empty form (those show English)."""
    if not message.id or message.fuzzy:
        return iter(())
    return iter(_forms(_frozen(message.id), _frozen(message.string)))


def _frozen(value: object) -> object:
    """A message's id or string as a key (Babel may hold plural forms in a list)."""
    return tuple(value) if isinstance(value, list) else value


@functools.lru_cache(maxsize=4096)
def _forms(msgid: object, string: object) -> tuple[Form, ...]:
    """The translated forms of a message's ids and strings; kept, since each checker asks
    for them (six times a message)."""
    sources = _texts(msgid)
    plural = isinstance(msgid, (tuple, list))
    return tuple(
        Form(f"form [{index}]: " if plural else "", sources, text)
        for index, text in enumerate(_texts(string))
        if text
    )


def checker(find: Callable[[Message], Iterator[str]]) -> BabelChecker:
    """A Babel checker from a function listing a message's problems: all of them are
    raised together as one :class:`TranslationError`, joined by ``"; "``."""

    @functools.wraps(find)
    def check(catalog: Catalog | None, message: Message) -> None:
        problems = list(find(message))
        if problems:
            raise TranslationError("; ".join(problems))

    return check


def _differences(
    message: Message, count: Callable[[str], Counter[str]]
) -> Iterator[tuple[Form, list[str], list[str]]]:
    """Per translated form: ``(form, missing, extra)``, comparing what ``count`` finds in
    the form with what it finds in the source (msgid and msgid_plural) as multisets."""
    source: Counter[str] | None = None
    for form in forms(message):
        if source is None:
            source = count(form.sources[0])
            for text in form.sources[1:]:
                source = source | count(text)
        got = count(form.text)
        if got.items() == source.items():  # the usual case, without Counter arithmetic
            yield form, [], []
        else:
            yield form, sorted((source - got).elements()), sorted((got - source).elements())


# The counts below are kept per text: a msgid is checked once per language, and each
# checker counted its tokens again every time. Callers only read the counters.
_CACHED: Final = 4096
"""How many texts each count keeps (every message of every catalog, with room)."""


@functools.lru_cache(maxsize=_CACHED)
def _card_codes(text: str) -> Counter[str]:
    return Counter(card_str(c) for _, c in card_tokens(text))


_BRACED_BAR: Final = re.compile(r"\{[^{}|]*\|[^{}]*\}")


def check_card_tokens(catalog: Catalog | None, message: Message) -> None:
    """The translation names the same cards as the source: ``{8D}`` -> ``{8D|ósemką karo}``,
    and the words after ``|`` name no other card (``{AS|asem kier}``: hearts, not spades).

    Codes are compared as a multiset, case-insensitively, with ``T`` for ``10``. The
    words are compared with the catalog's own rank and suit names.
    """
    problems = [*_card_token_problems(message), *_card_word_problems(catalog, message)]
    if problems:
        raise TranslationError("; ".join(problems))


def _card_token_problems(message: Message) -> Iterator[str]:
    """The card tokens a translated form loses, adds, leaves empty or misspells."""
    for form, missing, extra in _differences(message, _card_codes):
        if missing or extra:
            parts = []
            if missing:
                parts.append("missing " + " ".join(f"{{{c}}}" for c in missing))
            if extra:
                parts.append("not in the source " + " ".join(f"{{{c}}}" for c in extra))
            yield f"{form.where}card tokens differ from the source: {', '.join(parts)}"
        for m, _ in card_tokens(form.text):
            if m.group("words") is not None and not m.group("words").strip():
                yield f"{form.where}card token {m.group(0)!r} has no words after '|'"
        for m in _BRACED_BAR.finditer(form.text):
            if not is_card_token(m.group(0)):
                yield f"{form.where}not a card token: {m.group(0)!r} (write {{KS|words}})"


def _card_word_problems(catalog: Catalog | None, message: Message) -> Iterator[str]:
    """Each ``{CODE|words}`` of a translated form whose words name a rank or suit other
    than the card's (and not the card's own)."""
    names = _card_names(catalog)
    for form in forms(message):
        for m, card in card_tokens(form.text):
            words = m.group("words")
            if not words:
                continue
            for kind, own, table in (
                ("suit", int(card_suit(card)), names.suits),
                ("rank", card_rank(card), names.ranks),
            ):
                named = [value for value, (_, stem) in table.items() if _starts_a_word(stem, words)]
                if named and own not in named:
                    yield (
                        f"{form.where}card token {m.group(0)!r} names the {kind} "
                        f"{table[named[0]][0]}; {{{card_str(card)}}} is {table[own][0]}"
                    )


@dataclass(frozen=True)
class _Names:
    """A language's rank and suit names, each with its stem (``dam`` for ``dama``, ``kar``
    for ``karo``), by rank and suit number."""

    ranks: dict[int, tuple[str, str]]
    suits: dict[int, tuple[str, str]]


def _card_names(catalog: Catalog | None) -> _Names:
    """The rank and suit names of the catalog's language (the ``rank`` and ``suit``
    messages: :data:`~explainer.i18n.names.RANK_NAMES`, ``SUIT_NAMES``), as the site
    shows them: the catalog's own translation, else the theme's catalog's of the same
    language (a site's catalog holds its content, the theme's the card names:
    :mod:`.catalog`). With one name untranslated in both, none of that kind (English
    words are not the translation's). Worked out once per catalog."""
    if catalog is None or catalog.locale is None:
        return _Names({}, {})
    lang = str(catalog.locale)
    theme = _theme_catalog_path(lang)
    try:
        status = theme.stat()  # once: the check asks for each message
        stamp: object = (status.st_mtime_ns, status.st_size)
    except OSError:
        stamp = None
    return _NAMES.get(catalog, "card names", stamp, lambda: _layered_names(catalog, lang))


_NAMES: Final[ByIdentity[_Names]] = ByIdentity()
"""The card names of each catalog checked, by its identity and the theme catalog's stamp."""


@functools.cache
def _theme_catalog_path(lang: str) -> Path:
    from .catalog import theme_catalog_path

    return theme_catalog_path(lang)


def _layered_names(catalog: Catalog, lang: str) -> _Names:
    from .names import RANK_NAMES, SUIT_NAMES
    from .pofile import read_catalog

    layers = [catalog]
    theme = read_catalog(_theme_catalog_path(lang), lang).catalog
    if theme is not None and theme is not catalog:
        layers.append(theme)

    def translation(context: str, english: str) -> str | None:
        for layer in layers:
            message = layer.get(english, context=context)
            if message is not None and message.string and not message.fuzzy:
                return str(message.string).strip().casefold()
        return None

    def names(marked: dict[Any, tuple[str, str]]) -> dict[int, tuple[str, str]]:
        out = {}
        for value, (context, english) in marked.items():
            text = translation(context, english)
            if text is None:
                return {}
            out[int(value)] = (text, _stem(text))
        return out

    return _Names(names(RANK_NAMES), names(SUIT_NAMES))


def _stem(word: str) -> str:
    """``word`` without a final vowel (``Dama`` -> ``dam``, ``karo`` -> ``kar``), so that
    its inflected forms start with it (``damę``, ``kara``)."""
    return word[:-1] if len(word) > 3 and word[-1] in "aeiouyąę" else word


def _starts_a_word(stem: str, text: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(stem), text, re.IGNORECASE) is not None


@functools.lru_cache(maxsize=_CACHED)
def _value_tokens(text: str) -> Counter[str]:
    return Counter(m.group(0) for m in VALUE_TOKEN.finditer(text))


@checker
def check_value_tokens(message: Message) -> Iterator[str]:
    """The translation keeps the rule-set values of the source: ``{=belote}`` stays
    ``{=belote}`` (the site writes the number in the page's language), as often as there."""
    for form, missing, extra in _differences(message, _value_tokens):
        if missing or extra:
            parts = []
            if missing:
                parts.append("missing " + " ".join(missing))
            if extra:
                parts.append("not in the source " + " ".join(extra))
            yield f"{form.where}value tokens differ from the source: {', '.join(parts)}"


@functools.lru_cache(maxsize=_CACHED)
def _placeholders(text: str, percent: bool) -> Counter[str]:
    return Counter(placeholders(text, percent=percent))


@checker
def check_placeholders(message: Message) -> Iterator[str]:
    """The translation keeps every placeholder of the source and adds none:
    ``%(num)d``, ``%s``, ``{seat}`` (card tokens are not placeholders)."""
    percent = any(
        _placeholders(text, True) != _placeholders(text, False) for text in _texts(message.id)
    )
    for form, missing, extra in _differences(message, lambda text: _placeholders(text, percent)):
        if missing:
            yield f"{form.where}missing placeholder {' '.join(missing)}"
        if extra:
            yield f"{form.where}unknown placeholder {' '.join(extra)} (not in the source)"


_shape: Final = functools.lru_cache(maxsize=_CACHED)(markdown_shape)
""":func:`~.extract.markdown_shape`, kept per text (read only)."""


def _link_targets(text: str) -> list[str]:
    return [m.group("target") for m in LINK_TARGET.finditer(text)]


@checker
def check_markdown(message: Message) -> Iterator[str]:
    """The translation keeps the Markdown structure of the source: as many paragraphs,
    list items, headings, links, bold, emphasis and code markers, and each link target."""
    for form in forms(message):
        source, got = _shape(form.source), _shape(form.text)
        for key, words in SHAPE_NAMES.items():
            if got[key] != source[key]:
                yield (
                    f"{form.where}Markdown {words}: {source[key]} in the source, "
                    f"{got[key]} in the translation"
                )
        targets = Counter(_link_targets(form.source))
        lost = sorted((targets - Counter(_link_targets(form.text))).elements())
        if lost and got["links"] == source["links"]:
            yield (
                f"{form.where}Markdown: link target {' '.join(lost)} of the source is "
                "not in the translation"
            )


def _does(yes: bool) -> str:
    return "does" if yes else "does not"


@checker
def check_newlines(message: Message) -> Iterator[str]:
    """The translation starts and ends with a newline where the source does (as ``msgfmt -c``
    demands): a YAML block text (``text: |``) ends with one."""
    for form in forms(message):
        for name, test in (("start", str.startswith), ("end", str.endswith)):
            if test(form.source, "\n") != test(form.text, "\n"):
                yield (
                    f"{form.where}the source {_does(test(form.source, chr(10)))} {name} with "
                    f"a newline, the translation {_does(test(form.text, chr(10)))}"
                )


_NOT_NUMBERS: Final = re.compile(r"\{[^{}]*\}|" + LINK_TARGET.pattern + r"|%\([^()]*\)[a-z]|%[a-z]")


@functools.lru_cache(maxsize=_CACHED)
def _numbers(text: str) -> Counter[str]:
    return Counter(NUMBER.findall(_NOT_NUMBERS.sub(" ", text)))


@checker
def check_numbers(message: Message) -> Iterator[str]:
    """The translation states the same numbers as the source: the source's numbers are
    checked facts (``explainer check`` holds each to an ``expect`` value), so a
    translation may not change, drop or add one."""
    for form, missing, extra in _differences(message, _numbers):
        if missing:
            yield f"{form.where}number {' '.join(missing)} of the source is not in the translation"
        if extra:
            yield f"{form.where}number {' '.join(extra)} is not in the source"


CHECKERS: Final[tuple[tuple[Code, BabelChecker], ...]] = (
    (Code.PO_CARDS, check_card_tokens),
    (Code.PO_PLACEHOLDERS, check_placeholders),
    (Code.PO_MARKDOWN, check_markdown),
    (Code.PO_NEWLINES, check_newlines),
    (Code.PO_NUMBERS, check_numbers),
    (Code.PO_VALUES, check_value_tokens),
)
"""Every checker with the diagnostic code ``explainer check`` prints its problems under."""
