"""The site's settings: ``[tool.explainer]`` in the project's ``pyproject.toml``.

Read once, before any scenario, by ``explainer check`` and ``explainer build`` alike
(:func:`read_settings`); ``docs/configuration.md`` documents every key. A setting that
cannot be used is a located problem like any other (``pyproject.toml:7:1: ...``, exit
2), never a silent default: a TOML syntax error, an unknown key (with "did you mean"),
a value of the wrong type, an unknown language, preset, knob or value, a base URL that
is not an absolute ``http``/``https`` URL. Every problem of the file is reported in one
run.

The settings, and where they go:

* ``title``, ``tagline``, ``intro``: the site's name, its one-line description and the
  home page's introduction (Markdown). English, translated in the site's catalog like
  a page's texts (:func:`settings_texts` is what the Babel extractor reads).
* ``languages``: the languages the site is built in (English first); by default
  English and every language with a catalog in ``locales/``.
* ``rules``: the rule set of a Belote contract that names none (a preset, or one of
  the site's own); the Practice page drills it.
* ``rule-sets``: the site's own rule sets, ``[tool.explainer.rule-sets.club]``: a
  ``preset`` and knob values, a display ``name`` and a ``note`` (translatable). A
  scenario names one as it names a preset (``rules: club``).
* ``compare``: the presets each example is compared with in its notes where rule sets
  differ (by default every preset of the example's game; ``[]`` for none).
* ``base_url``: the absolute URL the site is served from; ``complete``: the languages
  that must translate everything (TRANSLATING.md).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final
from urllib.parse import urlsplit

from explainer.engine import (
    COINCHE_PRESETS,
    KNOBS,
    PRESETS,
    EngineError,
    RuleSet,
    find_rules,
    presets_for,
)
from explainer.scenarios.diagnostics import Code, Diagnostic, Location, dotted
from explainer.scenarios.files import leaves, link_out
from explainer.scenarios.keys import ID_PATTERN
from explainer.scenarios.model import Text
from explainer.scenarios.reader import did_you_mean as _close
from explainer.scenarios.reader import display_path, one_of
from explainer.scenarios.siterules import SiteRules
from explainer.tomlsource import Path as KeyPath
from explainer.tomlsource import Positions, positions, syntax_error

__all__ = [
    "MAX_SETTINGS_BYTES",
    "RULE_SET_KEYS",
    "SETTINGS_KEYS",
    "Settings",
    "SiteRuleSet",
    "base_url_problem",
    "read_settings",
    "settings_texts",
]

SETTINGS_KEYS: Final = (
    "title",
    "tagline",
    "intro",
    "languages",
    "rules",
    "rule-sets",
    "compare",
    "base_url",
    "complete",
)
"""The keys of ``[tool.explainer]``, in the order ``docs/configuration.md`` gives them."""
RULE_SET_KEYS: Final = ("preset", "name", "note", *KNOBS)
"""The keys of one of the site's rule sets: its preset, its words, the engine's knobs."""
SOURCE_LANGUAGE: Final = "en"
"""The language a site is written in (:data:`explainer.i18n.catalog.SOURCE_LANGUAGE`,
not imported: reading the settings of a check of a few files loads no Babel)."""
MAX_SETTINGS_BYTES: Final = 1_000_000
"""Larger ``pyproject.toml`` files are refused unread, as scenario files are."""

_TABLE: Final = ("tool", "explainer")
_TEXTS: Final = ("title", "tagline", "intro")
_PROSE: Final = ("intro", "note")
"""The texts that may hold several lines (Markdown paragraphs)."""
_URL_FORBIDDEN: Final = re.compile(r"[\x00-\x20\x7f\"<>\\^`{|}]")
"""Characters a URL never holds as they are (RFC 3986): spaces, controls, quotes..."""


def title_context(key: str) -> str:
    """The message context of a site text: ``site:title``, ``site:tagline``, ``site:intro``
    (a colon, which no scenario id holds, so no scenario's text shares it)."""
    return f"site:{key}"


def rule_set_context(rule_set: str, key: str) -> str:
    """The message context of a rule set's words: ``rule-set:club|name``."""
    return f"rule-set:{rule_set}|{key}"


@dataclass(frozen=True, slots=True)
class SiteRuleSet:
    """One of the site's own rule sets: its rules (whose ``name`` is ``id``), its
    display name and its note, both English texts the site's catalogs translate."""

    id: str
    preset: str
    """The preset it starts from."""
    rules: RuleSet
    name: Text
    note: Text | None = None


@dataclass(frozen=True, slots=True)
class Settings:
    """``[tool.explainer]``, read and checked; the defaults where a key is absent."""

    path: str = "pyproject.toml"
    """The file, as diagnostics name it."""
    title: Text | None = None
    tagline: Text | None = None
    intro: Text | None = None
    languages: tuple[str, ...] | None = None
    """The languages to build, English first; ``None``: English and every catalog."""
    rules: str | None = None
    """The rule set of a contract that names none (``None``: the engine's default)."""
    rule_sets: Mapping[str, SiteRuleSet] = field(default_factory=lambda: MappingProxyType({}))
    compare: tuple[str, ...] | None = None
    """The presets examples are compared with (``None``: each game's presets)."""
    base_url: str | None = None
    complete: frozenset[str] = frozenset()
    """Languages whose catalogs must translate every message."""

    @property
    def default_rules(self) -> RuleSet:
        """The rule set of a Belote contract that names none."""
        if self.rules is None:
            return find_rules()
        if self.rules in self.rule_sets:
            return self.rule_sets[self.rules].rules
        return find_rules(self.rules)

    @property
    def default_preset(self) -> str:
        """The preset :attr:`default_rules` is, or the one the site's rule set starts from."""
        own = self.rule_sets.get(self.rules) if self.rules is not None else None
        return own.preset if own is not None else self.default_rules.name

    @property
    def site_rules(self) -> SiteRules:
        """What the scenario reader needs: the named rule sets and the default."""
        named = {name: rs.rules for name, rs in self.rule_sets.items()}
        return SiteRules(MappingProxyType(named), self.default_rules)


# ---------------------------------------------------------------------------------------
# Reading the file


def read_settings(root: Path) -> tuple[Settings, tuple[Diagnostic, ...]]:
    """The settings of the project at ``root`` and every problem of them.

    No ``pyproject.toml``, or one without ``[tool.explainer]``, gives the defaults and
    no problem. With problems, the settings hold what could be read (the defaults for
    the rest); the check and the build stop at them.
    """
    file = Path(root) / "pyproject.toml"
    shown = display_path(file)
    if leaves(root, file):  # a link out of the project: never opened
        return Settings(path=shown), (link_out(shown),)
    text, problem = _text(file, shown)
    if problem is not None:
        return Settings(path=shown), (problem,)
    if text is None:
        return Settings(path=shown), ()
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line, col, message = syntax_error(exc)
        return Settings(path=shown), (
            Diagnostic(Location(shown, line, col), f"invalid TOML: {message}", Code.TOML),
        )
    reading = _Reading(shown, text, Path(root))
    table = reading.table(data)
    if table is None:
        return Settings(path=shown), tuple(reading.diags)
    return reading.settings(table), tuple(reading.diags)


def _text(file: Path, shown: str) -> tuple[str | None, Diagnostic | None]:
    """The file's text (``None`` without a file), or the problem reading it."""
    try:
        with file.open("rb") as f:
            data = f.read(MAX_SETTINGS_BYTES + 1)
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        where = Location(shown, 1, 1)
        return None, Diagnostic(where, f"cannot read file: {exc.strerror or exc}", Code.IO)
    if len(data) > MAX_SETTINGS_BYTES:
        too_large = f"file too large (more than {MAX_SETTINGS_BYTES} bytes)"
        return None, Diagnostic(Location(shown, 1, 1), too_large, Code.TOO_LARGE)
    try:
        return data.decode("utf-8").removeprefix("\ufeff"), None
    except UnicodeDecodeError as exc:
        before = data[: exc.start].decode("utf-8")
        where = Location(shown, before.count("\n") + 1, len(before.rpartition("\n")[2]) + 1)
        message = f"not UTF-8 text (byte 0x{data[exc.start]:02X}); re-save the file as UTF-8"
        return None, Diagnostic(where, message, Code.ENCODING)


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'pagat_belote'?)``: the closest choice, or one ``word`` begins,
    as the engine suggests a preset."""
    names = list(choices)
    hint = _close(word, names)
    if not hint and word:
        starting = [c for c in names if c.startswith(word)]
        hint = f" (did you mean {starting[0]!r}?)" if starting else ""
    return hint


def _what(value: object) -> str:
    """A TOML value named for a message: ``3 (a whole number)``, ``a table``."""
    match value:
        case bool():
            return f"{str(value).lower()} (a boolean)"
        case int():
            return f"{value} (a whole number)"
        case float():
            return f"{value} (a number)"
        case str():
            return repr(value)
        case dict():
            return "a table"
        case list():
            return "an array"
    return f"a {type(value).__name__}"  # dates and times


class _Reading:
    """Reads ``[tool.explainer]`` and collects every problem at its key or value."""

    def __init__(self, shown: str, text: str, root: Path) -> None:
        self.shown = shown
        self.text = text
        self.root = root
        self.diags: list[Diagnostic] = []
        self._positions: Positions | None = None

    # -- problems, at their place (found only when there is one)

    @property
    def places(self) -> Positions:
        if self._positions is None:
            self._positions = positions(self.text)
        return self._positions

    def error(self, path: KeyPath, message: str, code: Code, *, at_key: bool = False) -> None:
        line, col = self.places.key(path) if at_key else self.places.value(path)
        name = dotted(path)
        self.diags.append(
            Diagnostic(Location(self.shown, line, col, path), f"{name}: {message}", code)
        )

    def wrong_type(self, path: KeyPath, expected: str, value: object) -> None:
        self.error(path, f"expected {expected}, got {_what(value)}", Code.TYPE)

    # -- the table

    def table(self, data: dict[str, Any]) -> dict[str, Any] | None:
        tool = data.get("tool", {})
        if not isinstance(tool, dict):
            self.wrong_type(("tool",), "a table", tool)
            return None
        table = tool.get("explainer", {})
        if not isinstance(table, dict):
            self.wrong_type(_TABLE, "a table", table)
            return None
        return table

    def settings(self, table: dict[str, Any]) -> Settings:
        for key in table:
            if key not in SETTINGS_KEYS:
                self._unknown(_TABLE, key, SETTINGS_KEYS)
        readers: dict[str, Callable[[KeyPath, Any], Any]] = {
            **dict.fromkeys(_TEXTS, self.text_of),
            "languages": self.languages,
            "compare": self.compare,
            "base_url": self.base_url,
            "complete": self.complete,
        }
        values: dict[str, Any] = {}
        for key, read in readers.items():
            if key in table:
                value = read((*_TABLE, key), table[key])
                if value is not None:
                    values[key] = value
        rule_sets = self.rule_sets(table.get("rule-sets", {}))
        rules = self.default_rules(table.get("rules"), rule_sets) if "rules" in table else None
        return Settings(
            path=self.shown,
            rule_sets=MappingProxyType(rule_sets),
            rules=rules,
            **values,
        )

    def _unknown(self, at: KeyPath, key: str, allowed: tuple[str, ...]) -> None:
        hint = did_you_mean(key, allowed)
        if not hint and at == _TABLE and key in KNOBS:
            hint = " (a knob goes in a rule set: [tool.explainer.rule-sets.NAME])"
        elif not hint and at != _TABLE and key in SETTINGS_KEYS:
            table = ".".join(map(str, at))
            hint = f" ({key} is a setting of [tool.explainer]: write it above [{table}])"
        where = dotted(at)
        line, col = self.places.key((*at, key))
        self.diags.append(
            Diagnostic(
                Location(self.shown, line, col, (*at, key)),
                f"{where}: unknown key {key!r}{hint} (expected {one_of(list(allowed))})",
                Code.UNKNOWN_KEY,
            )
        )

    # -- values

    def string(self, path: KeyPath, value: object) -> str | None:
        if not isinstance(value, str):
            self.wrong_type(path, "a string", value)
            return None
        return value

    def text_of(self, path: KeyPath, value: object) -> Text | None:
        """A translatable text: a non-empty string, one line unless it is the intro."""
        text = self.string(path, value)
        if text is None:
            return None
        if not text.strip():
            self.error(path, "expected some text, got an empty string", Code.BAD_VALUE)
            return None
        if path[-1] not in _PROSE and "\n" in text.strip():
            self.error(path, "expected one line of text", Code.BAD_VALUE)
            return None
        line = self.places.value(path)[0] if self._positions is not None else 0
        return Text(text, _context_of(path), line)

    def strings(self, path: KeyPath, value: object) -> list[tuple[KeyPath, str]] | None:
        """An array of strings, each with its path (items counted from 1)."""
        if not isinstance(value, list):
            self.wrong_type(path, "an array of strings", value)
            return None
        found = []
        for n, item in enumerate(value, 1):
            text = self.string((*path, n), item)
            if text is not None:
                found.append(((*path, n), text))
        return found if len(found) == len(value) else None

    def languages(self, path: KeyPath, value: object) -> tuple[str, ...] | None:
        items = self.strings(path, value)
        if items is None:
            return None
        ok = [lang for at, lang in items if self.language(at, lang, need_catalog=True)]
        if len(ok) < len(items):
            return None
        if SOURCE_LANGUAGE not in ok:
            self.error(
                path,
                f"must include {SOURCE_LANGUAGE!r}, the language the site is written in",
                Code.BAD_VALUE,
            )
            return None
        return (SOURCE_LANGUAGE, *dict.fromkeys(lang for lang in ok if lang != SOURCE_LANGUAGE))

    def complete(self, path: KeyPath, value: object) -> frozenset[str] | None:
        items = self.strings(path, value)
        if items is None:
            return None
        ok = [lang for at, lang in items if self.language(at, lang, need_catalog=False)]
        return frozenset(ok) if len(ok) == len(items) else None

    def language(self, path: KeyPath, lang: str, *, need_catalog: bool) -> bool:
        """Whether ``lang`` is a language code (and, if asked, has a catalog)."""
        from babel import Locale, UnknownLocaleError

        try:
            Locale.parse(lang)
        except (ValueError, UnknownLocaleError):
            self.error(
                path, f"not a language code: {lang!r} (for example 'fr', 'pt_BR')", Code.BAD_VALUE
            )
            return False
        if need_catalog and lang != SOURCE_LANGUAGE and not _has_catalog(self.root, lang):
            self.error(
                path,
                f"no catalog for {lang!r} (locales/{lang}/LC_MESSAGES/messages.po): run"
                f" pybabel init -i locales/messages.pot -d locales -l {lang}",
                Code.BAD_VALUE,
            )
            return False
        return True

    def compare(self, path: KeyPath, value: object) -> tuple[str, ...] | None:
        items = self.strings(path, value)
        if items is None:
            return None
        known = [*PRESETS, *COINCHE_PRESETS]
        ok = []
        for at, name in items:
            if name in known:
                ok.append(name)
            else:
                self.error(
                    at,
                    f"unknown preset: {name!r}{did_you_mean(name, known)}"
                    f" (expected {one_of(known)})",
                    Code.BAD_RULES,
                )
        return tuple(ok) if len(ok) == len(items) else None

    def base_url(self, path: KeyPath, value: object) -> str | None:
        url = self.string(path, value)
        if url is None:
            return None
        problem = base_url_problem(url)
        if problem is not None:
            self.error(path, problem, Code.BAD_VALUE)
            return None
        return url

    # -- rule sets

    def rule_sets(self, value: object) -> dict[str, SiteRuleSet]:
        at = (*_TABLE, "rule-sets")
        if not isinstance(value, dict):
            self.wrong_type(at, "a table of rule sets ([tool.explainer.rule-sets.NAME])", value)
            return {}
        found = {}
        for name, table in value.items():
            rule_set = self.rule_set((*at, name), name, table)
            if rule_set is not None:
                found[name] = rule_set
        return found

    def rule_set(self, at: KeyPath, name: str, table: object) -> SiteRuleSet | None:
        if not ID_PATTERN.match(name):
            self.error(
                at, f"a rule set's name is lower-case a-z, 0-9 and '-': {name!r}", Code.BAD_ID,
                at_key=True,
            )  # fmt: skip
            return None
        if name in PRESETS or name in COINCHE_PRESETS:
            self.error(at, f"{name!r} is a preset's name: choose another", Code.BAD_ID, at_key=True)
            return None
        if not isinstance(table, dict):
            self.wrong_type(at, "a table (a preset and knob values)", table)
            return None
        problems = len(self.diags)
        for key in table:
            if key not in RULE_SET_KEYS:
                self._unknown(at, key, RULE_SET_KEYS)
        preset = self.preset(at, table.get("preset", find_rules().name))
        knobs = {
            key: knob
            for key, value in table.items()
            if key in KNOBS and (knob := self.knob(at, preset, key, value)) is not None
        }
        texts = {
            key: self.text_of((*at, key), table[key]) for key in ("name", "note") if key in table
        }
        if len(self.diags) > problems or preset is None:
            return None
        rules = replace(find_rules(preset, **knobs), name=name)
        if "note" not in table and rules != replace(find_rules(preset), name=name):
            self.error(
                at,
                "a rule set that changes its preset's rules needs a note saying where they"
                ' come from (note = "...", shown on the Rule sets page)',
                Code.MISSING,
                at_key=True,
            )
            return None
        display = texts.get("name") or Text(name, rule_set_context(name, "name"), 0)
        return SiteRuleSet(name, preset, rules, display, texts.get("note"))

    def preset(self, at: KeyPath, value: object) -> str | None:
        path = (*at, "preset")
        name = self.string(path, value)
        if name is None:
            return None
        belote = [*presets_for("belote"), *(n for n in PRESETS if n not in presets_for("belote"))]
        if name in COINCHE_PRESETS:
            self.error(
                path,
                f"preset {name} is a coinche preset; a rule set starts from {one_of(belote)}",
                Code.BAD_RULES,
            )
            return None
        try:
            find_rules(name)
        except EngineError as exc:
            self.error(path, str(exc), Code.BAD_RULES)
            return None
        return name

    def knob(self, at: KeyPath, preset: str | None, key: str, value: object) -> str | None:
        """A knob's value as the engine names it; a whole number where the knob's values
        are numbers (``capot_points = 250``)."""
        path = (*at, key)
        spec = KNOBS[key]
        if (
            isinstance(value, int)
            and not isinstance(value, bool)
            and all(v.isdigit() for v in spec.values)
        ):
            value = str(value)
        if not isinstance(value, str):
            self.wrong_type(path, f"a string ({one_of([repr(v) for v in spec.values])})", value)
            return None
        try:
            find_rules(preset or find_rules().name, **{key: value})
        except EngineError as exc:
            self.error(path, str(exc), Code.BAD_RULES)
            return None
        return value

    def default_rules(self, value: object, rule_sets: Mapping[str, SiteRuleSet]) -> str | None:
        path = (*_TABLE, "rules")
        name = self.string(path, value)
        if name is None:
            return None
        if name in rule_sets or name in PRESETS:
            return name
        known = [*PRESETS, *rule_sets]
        declared = name in self.text_rule_sets()
        if not declared:
            self.error(
                path,
                f"unknown rules: {name!r}{did_you_mean(name, known)} (expected {one_of(known)})",
                Code.BAD_RULES,
            )
        return None

    def text_rule_sets(self) -> set[str]:
        """The rule sets the file names, valid or not (a broken one is reported once)."""
        try:
            table = tomllib.loads(self.text)["tool"]["explainer"]["rule-sets"]
        except (KeyError, TypeError, tomllib.TOMLDecodeError):
            return set()
        return set(table) if isinstance(table, dict) else set()


_WHERE: Final = {
    "title": "The site's name, in every page's header and title.",
    "tagline": "The site's one-line description, under its name on the home page.",
    "intro": "The home page's introduction (Markdown).",
    "name": "The name of the site's rule set '{name}', as it reads mid-sentence in a contract"
    ' line ("Belote, house rules, spades are trump."): lower case.',
    "note": "The note of the site's rule set '{name}': where its rules come from, or why, on"
    " the Rule sets page.",
}
"""What each translatable setting is, for translators (``#.`` in the catalogs)."""


def _text_found(
    table: Mapping[str, object], at: KeyPath, key: str, where: str
) -> list[tuple[KeyPath, str, str]]:
    """``[(path, text, where)]`` when ``table[key]`` is a text to translate, else ``[]``."""
    value = table.get(key)
    return [((*at, key), value, where)] if isinstance(value, str) and value.strip() else []


def _context_of(path: KeyPath) -> str:
    if len(path) == 3:  # tool.explainer.<key>
        return title_context(str(path[2]))
    return rule_set_context(str(path[-2]), str(path[-1]))


def _has_catalog(root: Path, lang: str) -> bool:
    """Whether the site (``locales/``) or the theme (the package's ``locales/``,
    :data:`explainer.i18n.catalog.THEME_LOCALES`, which reads the settings) has a
    catalog for ``lang``."""
    theme = Path(__file__).resolve().parent
    return any(
        (r / "locales" / lang / "LC_MESSAGES" / "messages.po").is_file() for r in (root, theme)
    )


def base_url_problem(url: str) -> str | None:
    """What is wrong with ``url`` as the site's base URL (``None`` if nothing): it must
    be an absolute ``http`` or ``https`` URL, with a host, without a query or fragment,
    and hold only characters a URL may hold."""
    parts = urlsplit(url) if not _URL_FORBIDDEN.search(url) else None
    if parts is None or parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return f"expected an absolute http or https URL (https://rules.example.org/), got {url!r}"
    if parts.query or parts.fragment or url.endswith(("?", "#")):
        return f"a base URL has no query or fragment ('?', '#'): {url!r}"
    if parts.username is not None or parts.password is not None:
        return f"a base URL holds no user name or password: {url!r}"
    return None


# ---------------------------------------------------------------------------------------
# The texts a catalog translates


def settings_texts(text: str) -> list[tuple[int, str, str, str]]:
    """Every translatable text of a ``pyproject.toml``'s ``[tool.explainer]``, as
    ``(line, context, message, where)`` (``where`` for translators), in file order. A
    file or a value that cannot be read gives nothing: the check reports it."""
    try:
        table = tomllib.loads(text).get("tool", {}).get("explainer", {})
    except (tomllib.TOMLDecodeError, AttributeError):
        return []
    if not isinstance(table, dict):
        return []
    found: list[tuple[KeyPath, str, str]] = []
    for key in _TEXTS:
        found += _text_found(table, _TABLE, key, _WHERE[key])
    rule_sets = table.get("rule-sets", {})
    for name, rule_set in rule_sets.items() if isinstance(rule_sets, dict) else ():
        if isinstance(rule_set, dict):
            at = (*_TABLE, "rule-sets", name)
            for key in ("name", "note"):
                found += _text_found(rule_set, at, key, _WHERE[key].format(name=name))
    places = positions(text) if found else Positions()
    return [
        (places.value(path)[0], _context_of(path), message, about) for path, message, about in found
    ]
