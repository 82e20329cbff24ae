"""Translation checks: every problem of every catalog, each at its line in the file.

:func:`check_catalogs` is what ``explainer check`` runs (with no PATH) on
``locales/messages.pot`` and every ``locales/<lang>/LC_MESSAGES/messages.po``:

* the file must parse (``po-syntax``): quoted strings, keywords, no duplicate entries;
* the catalogs must be up to date with the sources (``po-outdated``): the messages of
  ``scenarios/``, ``templates/`` and ``explainer/`` are extracted again in memory, with
  ``babel.cfg`` and the keywords of :data:`KEYWORDS`, and compared by msgctxt and msgid
  (never by date or line);
* the ``Plural-Forms`` header must fit the language and every plural entry must give
  that many forms (``po-plural``);
* each translation is run through :data:`CHECKERS`, in the style of Babel's
  ``babel.messages.checkers``: one function per concern, each raising
  :class:`~babel.messages.catalog.TranslationError`, all errors collected —
  card tokens (``po-cards``), placeholders (``po-placeholders``), Markdown
  structure (``po-markdown``) and leading/trailing newlines (``po-newlines``);
* fuzzy entries are reported (``po-fuzzy``): the site never uses them.

Untranslated entries are not errors: the site shows English for them, and
:func:`coverage` counts them.
"""

from __future__ import annotations

import gettext
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog, Message, TranslationError
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.plurals import get_plural
from babel.messages.pofile import PoFileParser

from explainer.engine import card_str
from explainer.scenarios.diagnostics import Code, Diagnostic, Severity
from explainer.scenarios.model import Location
from explainer.scenarios.tokens import card_tokens, is_card_token

from .catalog import catalog_path, find_languages, is_translated
from .extract import SHAPE_NAMES, markdown_shape, placeholders

__all__ = [
    "CHECKERS",
    "COMMENT_TAGS",
    "KEYWORDS",
    "POT_PATH",
    "check_card_tokens",
    "check_catalog_file",
    "check_catalogs",
    "check_markdown",
    "check_newlines",
    "check_placeholders",
    "coverage",
    "extract_messages",
    "format_coverage",
    "markdown_shape",
    "po_paths",
    "read_catalog",
]

KEYWORDS: Final = ("P_:1c,2", "NP_:1c,2,3")
"""The keywords of :mod:`explainer.i18n.markers`, as given to ``pybabel extract -k``."""
COMMENT_TAGS: Final = ("NOTE:",)
"""Python comments starting with this tag become translators' comments (``--add-comments``)."""
POT_PATH: Final = Path("locales") / "messages.pot"
"""The template, relative to the project root."""
MAPPING_FILE: Final = "babel.cfg"

#: The Plural-Forms each shipped language uses where it differs from Babel's CLDR rule.
#: French: gettext's classic two forms, 0 and 1 singular ("0 point", "2 points");
#: CLDR adds a third form only for millions ("1 000 000 de points"), which the site never shows.
PLURAL_FORMS: Final = {"fr": (2, "(n > 1)")}

#: More missing messages than this are reported in one line per catalog.
_MAX_MISSING_LISTED: Final = 3

#: How far :func:`_same_plural_rule` compares two plural rules.
_PLURAL_SAMPLE: Final = range(0, 1001)

Key = tuple[str | None, str]


# ---------------------------------------------------------------------------------------
# Checkers, one concern each (Babel's style: raise TranslationError, the caller collects)


def _texts(value: object) -> tuple[str, ...]:
    items = value if isinstance(value, (tuple, list)) else (value,)
    return tuple(str(v) if v else "" for v in items)


def _strings(message: Message) -> tuple[str, ...]:
    """The translation's forms (one unless plural); an empty string where untranslated."""
    return _texts(message.string)


def _sources(message: Message) -> tuple[str, ...]:
    """The source: the msgid, and the msgid_plural of a plural message."""
    return _texts(message.id)


def _card_codes(text: str) -> Counter[str]:
    return Counter(card_str(c) for _, c in card_tokens(text))


_BRACED_BAR: Final = re.compile(r"\{[^{}|]*\|[^{}]*\}")


def _differences(
    message: Message, count: Callable[[str], Counter[str]]
) -> Iterator[tuple[str, list[str], list[str], str]]:
    """Per translated form: ``(where, missing, extra, text)``, comparing what ``count`` finds
    in the form with what it finds in the source (as multisets); ``where`` names the plural
    form when there are several."""
    source: Counter[str] = Counter()
    for text in _sources(message):
        source |= count(text)
    for index, text in enumerate(_strings(message)):
        if not text:
            continue
        got = count(text)
        yield (
            f"form [{index}]: " if message.pluralizable else "",
            sorted((source - got).elements()),
            sorted((got - source).elements()),
            text,
        )


def check_card_tokens(catalog: Catalog | None, message: Message) -> None:
    """The translation names the same cards as the source: ``{8D}`` -> ``{8D|ósemką karo}``.

    Codes are compared as a multiset, case-insensitively, with ``T`` for ``10``.
    """
    problems = []
    for where, missing, extra, text in _differences(message, _card_codes):
        if missing or extra:
            parts = []
            if missing:
                parts.append("missing " + " ".join(f"{{{c}}}" for c in missing))
            if extra:
                parts.append("not in the source " + " ".join(f"{{{c}}}" for c in extra))
            problems.append(f"{where}card tokens differ from the source: {', '.join(parts)}")
        for m, _ in card_tokens(text):
            if m.group("words") is not None and not m.group("words").strip():
                problems.append(f"{where}card token {m.group(0)!r} has no words after '|'")
        for m in _BRACED_BAR.finditer(text):
            if not is_card_token(m.group(0)):
                problems.append(f"{where}not a card token: {m.group(0)!r} (write {{KS|words}})")
    if problems:
        raise TranslationError("; ".join(problems))


def check_placeholders(catalog: Catalog | None, message: Message) -> None:
    """The translation keeps every placeholder of the source and adds none:
    ``%(num)d``, ``%s``, ``{seat}`` (card tokens are not placeholders)."""
    percent = any(
        placeholders(text) != placeholders(text, percent=False) for text in _sources(message)
    )
    problems = []
    for where, missing, extra, _ in _differences(
        message, lambda text: Counter(placeholders(text, percent=percent))
    ):
        if missing:
            problems.append(f"{where}missing placeholder {' '.join(missing)}")
        if extra:
            problems.append(f"{where}unknown placeholder {' '.join(extra)} (not in the source)")
    if problems:
        raise TranslationError("; ".join(problems))


def _link_targets(text: str) -> list[str]:
    return re.findall(r"\]\(([^)\n]*)\)", text)


def check_markdown(catalog: Catalog | None, message: Message) -> None:
    """The translation keeps the Markdown structure of the source: as many paragraphs,
    list items, headings, links, bold, emphasis and code markers."""
    source = markdown_shape(_sources(message)[0])
    problems = []
    for index, text in enumerate(_strings(message)):
        if not text:
            continue
        where = f"form [{index}]: " if message.pluralizable else ""
        got = markdown_shape(text)
        for key, words in SHAPE_NAMES.items():
            if got[key] != source[key]:
                problems.append(
                    f"{where}Markdown {words}: {source[key]} in the source, "
                    f"{got[key]} in the translation"
                )
        targets = Counter(_link_targets(_sources(message)[0]))
        lost = sorted((targets - Counter(_link_targets(text))).elements())
        if lost and got["links"] == source["links"]:
            problems.append(
                f"{where}Markdown: link target {' '.join(lost)} of the source is "
                "not in the translation"
            )
    if problems:
        raise TranslationError("; ".join(problems))


def check_newlines(catalog: Catalog | None, message: Message) -> None:
    """The translation starts and ends with a newline where the source does (as ``msgfmt -c``
    demands): a YAML block text (``text: |``) ends with one."""
    source = _sources(message)[0]
    problems = []
    for index, text in enumerate(_strings(message)):
        if not text:
            continue
        where = f"form [{index}]: " if message.pluralizable else ""
        for name, test in (("start", str.startswith), ("end", str.endswith)):
            if test(source, "\n") != test(text, "\n"):
                problems.append(
                    f"{where}the source {'does' if test(source, chr(10)) else 'does not'}"
                    f" {name} with a newline, the translation "
                    f"{'does' if test(text, chr(10)) else 'does not'}"
                )
    if problems:
        raise TranslationError("; ".join(problems))


_NOT_NUMBERS: Final = re.compile(r"\{[^{}]*\}|\]\([^)]*\)|%\([^)]*\)[a-z]|%[a-z]")


def _numbers(text: str) -> Counter[str]:
    from explainer.scenarios.runner import NUMBER

    return Counter(NUMBER.findall(_NOT_NUMBERS.sub(" ", text)))


def check_numbers(catalog: Catalog | None, message: Message) -> None:
    """The translation states the same numbers as the source: the source's numbers are
    checked facts (``explainer check`` holds each to an ``expect`` value), so a
    translation may not change, drop or add one."""
    problems = []
    for where, missing, extra, _ in _differences(message, _numbers):
        if missing:
            problems.append(
                f"{where}number {' '.join(missing)} of the source is not in the translation"
            )
        if extra:
            problems.append(f"{where}number {' '.join(extra)} is not in the source")
    if problems:
        raise TranslationError("; ".join(problems))


#: The checkers run on every translated, non-fuzzy entry, with the diagnostic code of each.
CHECKERS: Final[tuple[tuple[str, Callable[[Catalog | None, Message], None]], ...]] = (
    ("po-cards", check_card_tokens),
    ("po-placeholders", check_placeholders),
    ("po-markdown", check_markdown),
    ("po-newlines", check_newlines),
    ("po-numbers", check_numbers),
)


# ---------------------------------------------------------------------------------------
# Reading a catalog, keeping every syntax problem with its line


_ESCAPE: Final = re.compile(r"\\.")

#: Larger catalogs are refused unread (the shipped ones are under 100 kB).
MAX_CATALOG_BYTES: Final = 5_000_000


def _is_quoted(value: str) -> bool:
    """One C string: quotes at both ends, none inside unless escaped, no lone backslash.

    Linear and without backtracking: a regular expression with a repeated group kept a
    frame per character (1.4 GB for a 10 MB msgstr).
    """
    if len(value) < 2 or value[0] != '"' or value[-1] != '"':
        return False
    rest = _ESCAPE.sub("", value[1:-1])
    return '"' not in rest and "\\" not in rest


_KEYWORD_LINE: Final = re.compile(r"(msgctxt|msgid|msgid_plural|msgstr|msgstr\[(\d+)\])[ \t]+(.*)")


class _Parser(PoFileParser):
    """Babel's parser, collecting its complaints (and duplicates) instead of printing them."""

    def __init__(self, catalog: Catalog) -> None:
        super().__init__(catalog, ignore_obsolete=True, abort_invalid=False)
        self.problems: list[tuple[int, str]] = []
        self.plural_given: dict[Key, int] = {}
        self._seen: set[Key] = set()
        self._indexed = False

    def _process_keyword_line(self, lineno: int, line: str, obsolete: bool = False) -> None:
        if line.startswith("msgstr["):
            self._indexed = True
        super()._process_keyword_line(lineno, line, obsolete)

    def _add_message(self) -> None:
        msgid = self.messages[0].denormalize()
        context = self.context.denormalize() if self.context else None
        key = (context, msgid)
        indexed, self._indexed = self._indexed, False
        if not self.obsolete:
            if indexed and len(self.messages) == 1:
                # Babel keeps msgstr[0] and silently drops the other forms
                self.problems.append(
                    (self.offset + 1, "plural forms (msgstr[n]) for a message without msgid_plural")
                )
            if key in self._seen:
                self.problems.append(
                    (
                        self.offset + 1,
                        f"duplicate entry for msgid {_short(msgid)}"
                        + (f" (msgctxt {context!r})" if context else ""),
                    )
                )
            self._seen.add(key)
            if len(self.messages) > 1:
                self.plural_given[key] = len({idx for idx, _ in self.translations})
        super()._add_message()

    def _invalid_pofile(self, line: str, lineno: int, msg: str) -> None:
        if msg.startswith("msg has more translations"):
            return  # reported by the plural check, with the counts
        self.problems.append((lineno + 1, msg[:1].lower() + msg[1:]))


def _lexical_problems(lines: list[str]) -> Iterator[tuple[int, str]]:
    """Lines Babel's parser would silently misread: bad quoting, unknown keywords."""
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = _KEYWORD_LINE.fullmatch(line)
        value = m.group(3) if m else line if line.startswith('"') else None
        if value is None:
            word = line.split(None, 1)[0]
            yield (
                number,
                f"unknown keyword {word!r} (expected msgctxt, msgid, msgid_plural, msgstr)",
            )
        elif not _is_quoted(value.strip()):
            yield number, f"badly quoted string: {value.strip()[:40]!r}"


@dataclass
class ReadCatalog:
    """A catalog read for checking: the Babel catalog and what the parser noticed."""

    path: str
    catalog: Catalog | None
    lang: str | None
    problems: list[tuple[int, str]] = field(default_factory=list)
    plural_given: dict[Key, int] = field(default_factory=dict)


def read_catalog(path: Path, lang: str | None, *, shown: str | None = None) -> ReadCatalog:
    """Read a ``.po``/``.pot`` file, collecting syntax problems as ``(line, message)``."""
    shown = shown or str(path)
    try:
        with path.open("rb") as f:
            data = f.read(MAX_CATALOG_BYTES + 1)
    except OSError as exc:
        return ReadCatalog(shown, None, lang, [(1, f"cannot read the catalog: {exc.strerror}")])
    if len(data) > MAX_CATALOG_BYTES:
        return ReadCatalog(
            shown, None, lang, [(1, f"catalog too large (more than {MAX_CATALOG_BYTES} bytes)")]
        )
    lines = []
    problems = []
    for number, raw in enumerate(data.splitlines(), start=1):
        try:
            lines.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            problems.append((number, "not UTF-8 text"))
            lines.append(raw.decode("utf-8", "replace"))
    lexical = list(_lexical_problems(lines))
    problems.extend(lexical)
    try:
        locale = Locale.parse(lang) if lang else None
    except (ValueError, UnknownLocaleError):
        return ReadCatalog(shown, None, lang, [(1, f"unknown language {lang!r} (folder name)")])
    catalog = Catalog(locale=locale)
    parser = _Parser(catalog)
    try:
        parser.parse(lines)
    except Exception as exc:  # a malformed entry Babel cannot recover from
        problems.append((parser.offset + 1, f"cannot parse the catalog: {exc}"))
    if not lexical:  # otherwise the parser's complaints only echo them
        problems.extend(parser.problems)
    return ReadCatalog(shown, catalog, lang, sorted(set(problems)), parser.plural_given)


# ---------------------------------------------------------------------------------------
# The sources, extracted again in memory


@dataclass(frozen=True)
class Extracted:
    """One message of the sources: its plural id (if any) and where it comes from."""

    plural: str | None
    location: tuple[str, int]


def _method_map(root: Path) -> tuple[list[tuple[str, Any]], dict[str, dict[str, Any]]]:
    from babel.messages import frontend

    parse = getattr(frontend, "parse_mapping_cfg", None) or frontend.parse_mapping
    with (root / MAPPING_FILE).open(encoding="utf-8") as f:
        method_map, options_map = parse(f, filename=str(root / MAPPING_FILE))
    # Our own extractor by reference, so that it works even without the installed entry point.
    method_map = [
        (pattern, "explainer.i18n.extract:extract_yaml" if method == "explainer_yaml" else method)
        for pattern, method in method_map
    ]
    return method_map, options_map


def extract_messages(root: Path) -> dict[Key, Extracted]:
    """Every message of the sources, as ``pybabel extract`` with ``babel.cfg`` finds them."""
    from babel.messages.frontend import parse_keywords

    method_map, options_map = _method_map(root)
    keywords = {**DEFAULT_KEYWORDS, **parse_keywords(list(KEYWORDS))}
    tops = {pattern.split("/", 1)[0] for pattern, _ in method_map if "/" in pattern}

    base = root.resolve()

    def directory_filter(dirpath: str) -> bool:
        # a symlink may lead back to the root or out of it: neither is a source folder
        path = Path(dirpath)
        if path.is_symlink():
            return False
        try:
            rel = path.resolve().relative_to(base)
        except ValueError:
            return False
        return (
            bool(rel.parts) and rel.parts[0] in tops and not any(p[:1] in "._" for p in rel.parts)
        )

    found: dict[Key, Extracted] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
        str(root),
        method_map,
        options_map,
        keywords=keywords,
        comment_tags=COMMENT_TAGS,
        directory_filter=directory_filter,
    ):
        msgid, plural = (message[0], message[1]) if isinstance(message, tuple) else (message, None)
        found.setdefault((context, msgid), Extracted(plural, (filename, lineno)))
    return found


# ---------------------------------------------------------------------------------------
# The checks


def po_paths(root: Path) -> list[tuple[str, Path]]:
    """Each translated language and its catalog, sorted by language."""
    return [(lang, catalog_path(root, lang)) for lang in find_languages(root)[1:]]


def _short(text: str, width: int = 50) -> str:
    text = text.replace("\n", "\\n")
    return repr(text if len(text) <= width else text[: width - 1] + "…")


def _describe(key: Key) -> str:
    context, msgid = key
    return _short(msgid) + (f" (msgctxt {context!r})" if context else "")


def _diag(path: str, line: int, message: str, code: str) -> Diagnostic:
    return Diagnostic(Location(path, line, 1), message, Code(code), Severity.INVALID)


def _plural_function(expr: str) -> Callable[[int], int] | None:
    try:
        return gettext.c2py(expr)
    except (ValueError, SyntaxError, RecursionError):
        return None


def _same_plural_rule(a: Callable[[int], int], b: Callable[[int], int]) -> bool:
    """Whether two rules sort the numbers 0..1000 into the same groups (form indexes aside)."""
    pairs_a: dict[int, int] = {}
    pairs_b: dict[int, int] = {}
    for n in _PLURAL_SAMPLE:
        fa, fb = a(n), b(n)
        if pairs_a.setdefault(fa, fb) != fb or pairs_b.setdefault(fb, fa) != fa:
            return False
    return True


def expected_plural_forms(lang: str) -> list[tuple[int, str]]:
    """The ``(nplurals, plural expression)`` pairs a catalog of ``lang`` may declare:
    the project's choice (:data:`PLURAL_FORMS`) first, then Babel's CLDR rule, which
    ``pybabel init`` writes."""
    rules = [PLURAL_FORMS[lang]] if lang in PLURAL_FORMS else []
    rules.append(tuple(get_plural(lang)))  # type: ignore[arg-type]
    return rules


def _header_line(lines: list[str], name: str) -> int:
    for number, line in enumerate(lines, start=1):
        if line.lstrip().startswith(f'"{name}:'):
            return number
    return 1


def _check_plurals(read: ReadCatalog, lines: list[str]) -> Iterator[Diagnostic]:
    catalog = read.catalog
    assert catalog is not None and read.lang is not None
    num = catalog.num_plurals
    expected = expected_plural_forms(read.lang)
    header = _header_line(lines, "Plural-Forms")
    declared = _plural_function(catalog.plural_expr)
    if declared is None:
        yield _diag(
            read.path,
            header,
            f"Plural-Forms: cannot read plural={catalog.plural_expr!r}",
            "po-plural",
        )
    elif not any(
        num == e_num
        and (rule := _plural_function(e_expr)) is not None
        and _same_plural_rule(declared, rule)
        for e_num, e_expr in expected
    ):
        e_num, e_expr = expected[0]
        yield _diag(
            read.path,
            header,
            f"Plural-Forms 'nplurals={num}; plural={catalog.plural_expr}' does not fit "
            f"{read.lang!r}: expected 'nplurals={e_num}; plural={e_expr}'",
            "po-plural",
        )
    elif any(not 0 <= declared(n) < num for n in _PLURAL_SAMPLE):
        yield _diag(
            read.path,
            header,
            f"Plural-Forms: plural= gives a form outside 0..{num - 1}",
            "po-plural",
        )
    for message in catalog:
        if not message.id or not message.pluralizable:
            if message.id and isinstance(message.string, tuple):
                yield _diag(
                    read.path,
                    message.lineno or 1,
                    "plural forms (msgstr[n]) for a message without msgid_plural",
                    "po-plural",
                )
            continue
        given = read.plural_given.get((message.context, message.id[0]), num)
        if any(_strings(message)) and given != num:
            language = Locale.parse(read.lang).english_name
            yield _diag(
                read.path,
                message.lineno or 1,
                f"{given} plural forms for {_describe((message.context, message.id[0]))}; "
                f"{language} has {num} (msgstr[0] to msgstr[{num - 1}])",
                "po-plural",
            )


def check_catalog_file(
    path: Path,
    lang: str | None,
    *,
    sources: dict[Key, Extracted] | None = None,
    shown: str | None = None,
) -> list[Diagnostic]:
    """Every problem of one catalog (``lang`` None for the template)."""
    read = read_catalog(path, lang, shown=shown)
    if read.problems or read.catalog is None:
        return [_diag(read.path, line, msg, "po-syntax") for line, msg in read.problems]
    catalog = read.catalog
    found: list[Diagnostic] = []
    if sources is not None:
        found.extend(_check_outdated(read, sources))
    if lang is None:
        return found
    lines = path.read_text(encoding="utf-8").splitlines()
    found.extend(_check_plurals(read, lines))
    for message in catalog:
        if not message.id:
            continue
        line = message.lineno or 1
        if message.fuzzy:
            found.append(
                _diag(
                    read.path,
                    line,
                    f"fuzzy entry {_describe((message.context, _sources(message)[0]))}: "
                    "review the translation and remove the fuzzy flag "
                    "(the site does not use it meanwhile)",
                    "po-fuzzy",
                )
            )
            continue
        if not any(_strings(message)):
            continue
        for code, checker in CHECKERS:
            try:
                checker(catalog, message)
            except TranslationError as exc:
                found.append(_diag(read.path, line, str(exc), code))
    return found


def _check_outdated(read: ReadCatalog, sources: dict[Key, Extracted]) -> Iterator[Diagnostic]:
    assert read.catalog is not None
    command = "pybabel extract" if read.lang is None else "pybabel update"
    have: dict[Key, Message] = {}
    for message in read.catalog:
        if message.id:
            have[(message.context, _sources(message)[0])] = message
    missing = [(key, extracted) for key, extracted in sources.items() if key not in have]
    if len(missing) > _MAX_MISSING_LISTED:
        examples = ", ".join(_describe(key) for key, _ in missing[:2])
        yield _diag(
            read.path,
            1,
            f"out of date: {len(missing)} messages of the sources are missing, such as "
            f"{examples}; run {command} (see TRANSLATING.md)",
            "po-outdated",
        )
    else:
        for key, extracted in missing:
            filename, lineno = extracted.location
            yield _diag(
                read.path,
                1,
                f"out of date: {_describe(key)} from {filename}:{lineno} is missing; "
                f"run {command} (see TRANSLATING.md)",
                "po-outdated",
            )
    for key, message in have.items():
        if key not in sources:
            yield _diag(
                read.path,
                message.lineno or 1,
                f"out of date: {_describe(key)} is no longer in the sources; "
                f"run {command} (see TRANSLATING.md)",
                "po-outdated",
            )
        elif sources[key].plural != (message.id[1] if message.pluralizable else None):
            yield _diag(
                read.path,
                message.lineno or 1,
                f"out of date: the plural of {_describe(key)} changed in the sources; "
                f"run {command} (see TRANSLATING.md)",
                "po-outdated",
            )


def check_catalogs(root: Path) -> list[Diagnostic]:
    """Every problem of the project's template and catalogs, sorted by file and line."""
    found: list[Diagnostic] = []
    sources: dict[Key, Extracted] | None = None
    if (root / MAPPING_FILE).is_file():
        try:
            sources = extract_messages(root)
        except Exception as exc:  # a broken babel.cfg or template must not crash the check
            found.append(
                _diag(
                    str(root / MAPPING_FILE),
                    1,
                    f"cannot extract the messages: {exc}",
                    "po-outdated",
                )
            )
    pot = root / POT_PATH
    if pot.is_file():
        found.extend(check_catalog_file(pot, None, sources=sources, shown=str(pot)))
    elif sources:
        found.append(
            _diag(
                str(pot),
                1,
                "missing template: run pybabel extract (see TRANSLATING.md)",
                "po-outdated",
            )
        )
    for lang, path in po_paths(root):
        found.extend(check_catalog_file(path, lang, sources=sources, shown=str(path)))
    return sorted(found, key=lambda d: (d.location.path, d.location.line, d.message))


# ---------------------------------------------------------------------------------------
# Coverage


def coverage(root: Path) -> dict[str, tuple[int, int]]:
    """Per language: ``(translated, total)`` messages; fuzzy entries count as untranslated."""
    result: dict[str, tuple[int, int]] = {}
    for lang, path in po_paths(root):
        read = read_catalog(path, lang)
        if read.catalog is None:
            result[lang] = (0, 0)
            continue
        messages = [m for m in read.catalog if m.id]
        result[lang] = (sum(1 for m in messages if is_translated(m)), len(messages))
    return result


def format_coverage(figures: dict[str, tuple[int, int]]) -> str:
    """One line for the check's report: ``translations: fr 100% (120/120), pl 98% (118/120)``."""
    if not figures:
        return "translations: none"
    parts = []
    for lang, (done, total) in sorted(figures.items()):
        percent = 100 * done // total if total else 100
        parts.append(f"{lang} {percent}% ({done}/{total})")
    return "translations: " + ", ".join(parts)
