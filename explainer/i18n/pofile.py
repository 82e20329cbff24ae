"""Reading a catalog for checking: every syntax problem at its line, then Babel's catalog.

Babel's reader (``read_po``) either stops at the first problem (``abort_invalid``) or
prints a warning and guesses; it also keeps one of two duplicate entries and drops the
``msgstr[n]`` of a message without ``msgid_plural``, silently. The check wants every
problem, each at its line, so :func:`read_catalog` reads the file with a small strict
lexer of its own (one pass, linear in the file's size) and builds the
:class:`babel.messages.catalog.Catalog` through Babel's public API (``Catalog.add``), only
when the file has no syntax problem. No Babel internals are touched: a file this lexer
accepts is one Babel reads the same way (held by a test on the shipped catalogs), except
that a message's ``lineno`` is the line of its ``msgstr`` (the line a translator edits,
where every problem of a translation is reported), not of its ``msgid``.

The header is checked before Babel reads it, since Babel trusts it (an unknown
``Language``, a ``charset`` Python has no codec for, ``nplurals=x``, a plural expression
that divides by zero all raised deep inside Babel or gettext): ``Language`` must be the
folder's language, the charset UTF-8, ``nplurals`` 1 to :data:`MAX_PLURALS` (as in
CLDR), and ``plural`` an expression gettext reads that gives a form in ``0..nplurals-1``
for every n in :data:`PLURAL_SAMPLE` (:func:`plural_forms`); a message may give
``msgstr[i]`` only for those forms. The site reads its catalogs through this same
reader (:func:`translations`), so the check and the build refuse the same files.

>>> read = read_lines(['msgid "North"', 'msgstr "Nord"', 'msgid "North"', 'msgstr "Nord"'])
>>> read.problems
[(3, "duplicate entry for msgid 'North'")]
"""

from __future__ import annotations

import datetime
import functools
import gettext
import io
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from email import message_from_string
from pathlib import Path
from typing import Final

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog, parse_separated_header
from babel.messages.mofile import write_mo
from babel.messages.pofile import unescape
from babel.support import Translations

from explainer.scenarios.files import leaves, link_out

__all__ = [
    "MAX_CATALOG_BYTES",
    "MAX_MESSAGE_CHARS",
    "MAX_PLURALS",
    "MAX_PLURAL_EXPRESSION",
    "PLURAL_SAMPLE",
    "Key",
    "PluralForms",
    "ReadCatalog",
    "describe",
    "plural_forms",
    "read_catalog",
    "read_catalog_bytes",
    "read_lines",
    "short",
    "translations",
]

MAX_CATALOG_BYTES: Final = 5_000_000
"""Larger catalogs are refused unread (the shipped ones are under 100 kB)."""

MAX_MESSAGE_CHARS: Final = 100_000
"""Longer strings (a msgid, or a translation) are refused: twice the prose a scenario or
page file may hold (:data:`~explainer.scenarios.yamlsource.MAX_PROSE`), so the site's
Markdown never renders more than that of one message."""
MAX_PLURALS: Final = 6
"""The most plural forms a language has in CLDR (Arabic, Welsh: six)."""
MAX_PLURAL_EXPRESSION: Final = 600
"""The longest ``plural=`` expression read (CLDR's longest, Cornish's, has 472 characters)."""
PLURAL_SAMPLE: Final = range(0, 1001)
"""The numbers a ``plural=`` expression is evaluated for before it is used."""

Key = tuple[str | None, str]
"""A message's identity in a catalog: ``(msgctxt, msgid)``."""

_KEYWORD_LINE: Final = re.compile(r"(msgctxt|msgid|msgid_plural|msgstr|msgstr\[(\d{1,3})\]) (.*)")
_ESCAPE: Final = re.compile(r"\\.")


def short(text: str, width: int = 50) -> str:
    """``text`` quoted for a one-line message, newlines shown as ``\\n``, cut at ``width``."""
    text = text.replace("\n", "\\n")
    return repr(text if len(text) <= width else text[: width - 1] + "…")


def describe(key: Key) -> str:
    """A message named for people: ``'North' (msgctxt 'seat')``."""
    context, msgid = key
    return short(msgid) + (f" (msgctxt {context!r})" if context else "")


def _is_quoted(value: str) -> bool:
    """One C string: quotes at both ends, none inside unless escaped, no lone backslash.

    Linear and without backtracking: a regular expression with a repeated group kept a
    frame per character (1.4 GB for a 10 MB msgstr).
    """
    if len(value) < 2 or value[0] != '"' or value[-1] != '"':
        return False
    rest = _ESCAPE.sub("", value[1:-1])
    return '"' not in rest and "\\" not in rest


@dataclass
class _Entry:
    """One entry while it is read: its strings as lists of quoted parts, with the line of
    each part (a problem of the header is reported at its field's line)."""

    line: int
    flags: list[str]
    context: list[str] | None = None
    ids: list[list[str]] = field(default_factory=list)
    strings: dict[int, list[str]] = field(default_factory=dict)
    lines: dict[int, list[int]] = field(default_factory=dict)
    indexed: bool = False
    damaged: bool = False  # a line of it was unreadable: say nothing more about it

    def key(self) -> Key:
        context = _text(self.context) if self.context is not None else None
        return context, _text(self.ids[0])

    @property
    def string_line(self) -> int:
        """The line of the entry's first ``msgstr`` (its own line without one)."""
        return min((lines[0] for lines in self.lines.values()), default=self.line)


def _text(parts: list[str]) -> str:
    return "".join(unescape(p) for p in parts)


@dataclass
class ReadCatalog:
    """A catalog read for checking: Babel's catalog (``None`` after a syntax problem),
    the problems as ``(line, message)``, and how many forms each plural entry gives."""

    path: str
    catalog: Catalog | None
    lang: str | None
    problems: list[tuple[int, str]] = field(default_factory=list)
    plural_given: dict[Key, int] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)


class _Lexer:
    """The entries of a catalog's lines, with every problem found on the way."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.problems: list[tuple[int, str]] = []
        self.plural_given: dict[Key, int] = {}
        self.entry: _Entry | None = None
        self.current: list[str] | None = None  # the string continuation lines extend
        self.current_lines: list[int] = []  # the line of each of its parts
        self.flags: list[str] = []
        self.seen: set[Key] = set()
        self.header_read = False  # a valid header was given to Babel

    def feed(self, number: int, raw: str) -> None:
        line = raw.strip()
        if not line:
            return
        if line.startswith("#"):
            self._comment(number, line)
        elif line.startswith('"'):
            self._continuation(number, line)
        else:
            self._keyword(number, line)

    def _comment(self, number: int, line: str) -> None:
        if line.startswith("#-"):
            self._bad_line(number, "merge conflict marker '#-': resolve the conflict")
            return
        if self.entry is not None and self.entry.ids:
            self.finish()
        self.current = None
        if line.startswith("#,"):
            self.flags.extend(f.strip() for f in line[2:].split(",") if f.strip())

    def _bad_line(self, number: int, problem: str) -> None:
        self.problems.append((number, problem))
        self.current = None
        if self.entry is not None:
            self.entry.damaged = True

    def _continuation(self, number: int, line: str) -> None:
        if not _is_quoted(line):
            self._bad_line(number, f"badly quoted string: {line[:40]!r}")
        elif self.current is None:
            self.problems.append((number, "a string outside msgctxt, msgid and msgstr"))
        else:
            self.current.append(line)
            self.current_lines.append(number)

    def _keyword(self, number: int, line: str) -> None:
        m = _KEYWORD_LINE.fullmatch(line)
        if m is None:
            word = line.split(None, 1)[0]
            if word in ("msgctxt", "msgid", "msgid_plural", "msgstr") and word == line:
                self._bad_line(number, f"{word} without a string")
            else:
                expected = "expected msgctxt, msgid, msgid_plural, msgstr"
                self._bad_line(number, f"unknown keyword {word!r} ({expected})")
            return
        keyword, index, value = m.group(1), m.group(2), m.group(3).strip()
        if not _is_quoted(value):
            self._bad_line(number, f"badly quoted string: {value[:40]!r}")
            return
        self.current = [value]
        self.current_lines = [number]
        if keyword == "msgctxt":
            self._start(number, context=self.current)
        elif keyword == "msgid":
            self._msgid(number)
        elif keyword == "msgid_plural":
            self._msgid_plural(number)
        else:
            self._msgstr(number, int(index) if index is not None else None)

    def _start(self, number: int, *, context: list[str] | None = None) -> None:
        if self.entry is not None:
            if not self.entry.ids:
                self.problems.append((self.entry.line, "msgctxt without msgid"))
            else:
                self.finish()
        self.entry = _Entry(number, self.flags, context)
        self.flags = []

    def _msgid(self, number: int) -> None:
        assert self.current is not None
        if self.entry is None or self.entry.ids:
            self._start(number)
        assert self.entry is not None
        self.entry.line = number
        self.entry.ids.append(self.current)

    def _msgid_plural(self, number: int) -> None:
        assert self.current is not None
        entry = self.entry
        if entry is None or len(entry.ids) != 1 or entry.strings:
            self.problems.append((number, "msgid_plural must follow the entry's msgid"))
            return
        entry.ids.append(self.current)

    def _msgstr(self, number: int, index: int | None) -> None:
        assert self.current is not None
        entry = self.entry
        if entry is None or not entry.ids:
            self.problems.append((number, "msgstr without msgid"))
            return
        if index is not None:
            entry.indexed = True
        elif len(entry.ids) > 1:
            self.problems.append((number, "a plural message needs msgstr[0], msgstr[1], ..."))
        slot = index or 0
        if slot in entry.strings:
            self.problems.append((number, f"msgstr{'' if index is None else f'[{index}]'} twice"))
        entry.strings[slot] = self.current
        entry.lines[slot] = self.current_lines

    def finish(self) -> None:
        """Close the entry being read: check it, then add it to the catalog."""
        entry, self.entry = self.entry, None
        if entry is None or entry.damaged:  # its unreadable line is reported already
            return
        if not entry.ids:
            self.problems.append((entry.line, "msgctxt without msgid"))
            return
        key = entry.key()
        if not entry.strings:
            self.problems.append((entry.line, f"missing msgstr for msgid {short(key[1])}"))
        elif entry.indexed and len(entry.ids) == 1:
            # Babel would keep msgstr[0] and silently drop the other forms
            self.problems.append(
                (entry.line, "plural forms (msgstr[n]) for a message without msgid_plural")
            )
        if key in self.seen:
            self.problems.append((entry.line, f"duplicate entry for msgid {describe(key)}"))
        self.seen.add(key)
        self.problems.extend(_too_long(entry))
        if len(entry.ids) > 1 and entry.indexed and self._plurals_known():
            self.problems.extend(_form_problems(entry, self.catalog))
        if self.problems:
            return
        if key == (None, ""):
            self._header(entry)
        else:
            self._add(entry, key)

    def _plurals_known(self) -> bool:
        """Whether the catalog's number of forms is the header's (or, without a header,
        the language's): not after a header that could not be read."""
        return self.header_read or (None, "") not in self.seen

    def _header(self, entry: _Entry) -> None:
        """Check the header, then give it to Babel, which trusts it."""
        problems = header_problems(_text(entry.strings.get(0, [])), _part_lines(entry), self.lang)
        if problems:
            self.problems.extend(problems)
            return
        try:
            self._add(entry, (None, ""))
        except (ValueError, LookupError, TypeError) as exc:  # a field Babel reads that we do not
            self.problems.append((entry.string_line, f"cannot read the header: {exc}"))
            return
        self.header_read = True

    @property
    def lang(self) -> str | None:
        return str(self.catalog.locale) if self.catalog.locale is not None else None

    def _add(self, entry: _Entry, key: Key) -> None:
        if len(entry.ids) > 1:
            self.plural_given[key] = len(entry.strings)
            msgid: str | tuple[str, ...] = (key[1], _text(entry.ids[1]))
            forms = range(self.catalog.num_plurals)
            string: str | tuple[str, ...] = tuple(_text(entry.strings.get(i, [])) for i in forms)
        else:
            msgid, string = key[1], _text(entry.strings[0])
        self.catalog.add(msgid, string, flags=entry.flags, lineno=entry.string_line, context=key[0])


def _too_long(entry: _Entry) -> Iterable[tuple[int, str]]:
    """A msgid or translation over :data:`MAX_MESSAGE_CHARS`, at its line."""
    named = [("msgid", entry.line, parts) for parts in entry.ids]
    named += [("msgstr", lines[0], entry.strings[slot]) for slot, lines in entry.lines.items()]
    for what, line, parts in named:
        if sum(map(len, parts)) > MAX_MESSAGE_CHARS and len(_text(parts)) > MAX_MESSAGE_CHARS:
            yield line, f"{what} too long (more than {MAX_MESSAGE_CHARS} characters)"


def _form_problems(entry: _Entry, catalog: Catalog) -> Iterable[tuple[int, str]]:
    """``msgstr[i]`` beyond the catalog's forms, or after a gap, at its line: Babel
    refuses the first when it compiles the catalog and shifts the forms after the second."""
    count = catalog.num_plurals
    beyond = [slot for slot in sorted(entry.strings) if slot >= count]
    for slot in beyond:
        yield (
            entry.lines[slot][0],
            (
                f"msgstr[{slot}]: the catalog has {count} plural form{'s' if count != 1 else ''}"
                f" (msgstr[0] to msgstr[{count - 1}])"
            ),
        )
    if beyond:  # the gap it leaves is the same mistake
        return
    for slot in sorted(entry.strings):
        if slot and slot - 1 not in entry.strings:
            yield entry.lines[slot][0], f"msgstr[{slot}] without msgstr[{slot - 1}]"


def _part_lines(entry: _Entry) -> list[tuple[int, str]]:
    """The header's parts, each with its line: ``[(line, unescaped text), ...]``."""
    parts = entry.strings.get(0, [])
    return list(zip(entry.lines.get(0, []), (unescape(p) for p in parts), strict=True))


# ---------------------------------------------------------------------------------------
# The header


@dataclass(frozen=True)
class PluralForms:
    """A catalog's ``Plural-Forms``, read and tried: ``count`` forms, chosen by
    ``expression`` (C syntax, as gettext reads it) for each number.

    >>> rule = plural_forms("nplurals=2; plural=(n > 1);")
    >>> rule.count, [rule(n) for n in (0, 1, 2)]
    (2, [0, 0, 1])
    """

    count: int
    expression: str
    function: Callable[[int], int] = field(repr=False, compare=False)

    def __call__(self, n: int) -> int:
        """The form for ``n``: never raises, never outside ``0..count-1`` (a rule that
        holds for :data:`PLURAL_SAMPLE` may still divide by zero for a larger number;
        the last form is then used)."""
        try:
            form = self.function(n)
        except (ArithmeticError, ValueError, TypeError):
            return self.count - 1
        return form if 0 <= form < self.count else self.count - 1


class PluralFormsError(ValueError):
    """A ``Plural-Forms`` header that cannot be used; the message names the fault."""


_NPLURALS: Final = re.compile(r"[0-9]{1,2}")


def plural_forms(value: str) -> PluralForms:
    """The ``Plural-Forms`` header ``value`` read as Babel reads it, then checked: an
    ``nplurals`` from 1 to :data:`MAX_PLURALS`, and a ``plural`` expression that gettext
    reads and that gives a form in ``0..nplurals-1`` for every n of :data:`PLURAL_SAMPLE`.

    Raises :class:`PluralFormsError`. Bounded work: the expression is at most
    :data:`MAX_PLURAL_EXPRESSION` characters and tried 1001 times.

    >>> try:
    ...     plural_forms("nplurals=2; plural=n%0;")
    ... except PluralFormsError as exc:
    ...     print(exc)
    Plural-Forms: plural='n%0' divides by zero for n=0
    """
    params = parse_separated_header(f" ;{value}")
    raw_count = params.get("nplurals", "2")
    text = raw_count.strip() if isinstance(raw_count, str) else ""
    if not (_NPLURALS.fullmatch(text) and 1 <= int(text) <= MAX_PLURALS):
        shown = short(text if isinstance(raw_count, str) else "?", 24)[1:-1]
        raise PluralFormsError(
            f"Plural-Forms: nplurals={shown}: expected a number of forms from 1 to {MAX_PLURALS}"
        )
    count = int(text)
    expression = params.get("plural", "(n != 1)")
    if not isinstance(expression, str):
        raise PluralFormsError("Plural-Forms: cannot read plural= (write plural=EXPRESSION;)")
    return PluralForms(count, expression, _tried(expression, count))


def _tried(expression: str, count: int) -> Callable[[int], int]:
    """gettext's function for ``expression``, after trying it on :data:`PLURAL_SAMPLE`."""
    if len(expression) > MAX_PLURAL_EXPRESSION:
        raise PluralFormsError(
            f"Plural-Forms: plural= too long ({len(expression)} characters, "
            f"at most {MAX_PLURAL_EXPRESSION})"
        )
    try:
        function: Callable[[int], int] = gettext.c2py(expression)
    except (ValueError, SyntaxError, RecursionError, MemoryError):
        raise PluralFormsError(f"Plural-Forms: cannot read plural={short(expression)}") from None
    for n in PLURAL_SAMPLE:
        try:
            form = function(n)
        except ZeroDivisionError:
            raise PluralFormsError(
                f"Plural-Forms: plural={short(expression)} divides by zero for n={n}"
            ) from None
        except (ArithmeticError, ValueError, TypeError, RecursionError) as exc:
            raise PluralFormsError(
                f"Plural-Forms: plural={short(expression)} fails for n={n}: {exc}"
            ) from None
        if not 0 <= form < count:
            raise PluralFormsError(
                f"Plural-Forms: plural={short(expression)} gives form {form} for n={n}"
                f" (nplurals={count}: forms 0 to {count - 1})"
            )
    return function


_UTF8: Final = frozenset({"utf-8", "utf8", "charset"})
"""The charsets a catalog may declare (``charset`` is the template's placeholder)."""
_DATE: Final = re.compile(r"(?P<date>\d{4}-\d{2}-\d{2} \d{2}:\d{2})(?:[+-]\d{4})?")


def header_problems(
    text: str, parts: list[tuple[int, str]], lang: str | None
) -> list[tuple[int, str]]:
    """What is wrong with a catalog's header (``text``, from ``parts``: each part's line
    and text), each at its field's line: the fields Babel and gettext trust."""
    problems: list[tuple[int, str]] = []
    for name, value in message_from_string(text).items():
        problem = _field_problem(name.lower(), str(value).strip(), lang)
        if problem is not None:
            problems.append((_field_line(name, parts), problem))
    return problems


def _field_problem(name: str, value: str, lang: str | None) -> str | None:
    if name == "language":
        return _language_problem(value, lang)
    if name == "content-type":
        charset = parse_separated_header(value).get("charset", "")
        if isinstance(charset, str) and (not charset or charset.lower() in _UTF8):
            return None
        return f"Content-Type: charset={short(str(charset), 30)[1:-1]} (catalogs are UTF-8: write charset=UTF-8)"
    if name == "plural-forms":
        try:
            plural_forms(value)
        except PluralFormsError as exc:
            return str(exc)
        return None
    if name in ("pot-creation-date", "po-revision-date"):
        return _date_problem(name, value)
    return None


def _language_problem(value: str, lang: str | None) -> str | None:
    if not value:
        return None
    field_name = "Language"
    try:
        locale = Locale.parse(value.replace("-", "_"))
    except (ValueError, TypeError, UnknownLocaleError):
        return f"{field_name}: {short(value, 30)} is not a language code" + (
            f" (write Language: {lang})" if lang else ""
        )
    if lang is not None and locale.language != Locale.parse(lang).language:
        return f"{field_name}: {value!r} in the catalog of {lang!r} (write Language: {lang})"
    return None


def _date_problem(name: str, value: str) -> str | None:
    """A date Babel would fail to read (it skips an empty one and the template's
    ``YEAR-MO-DA HO:MI+ZONE`` revision date)."""
    if not value or (name == "po-revision-date" and "YEAR" in value):
        return None
    m = _DATE.fullmatch(value)
    try:
        if m is not None:
            datetime.datetime.strptime(m.group("date"), "%Y-%m-%d %H:%M")
            return None
    except ValueError:
        pass
    title = "POT-Creation-Date" if name == "pot-creation-date" else "PO-Revision-Date"
    return f"{title}: {short(value, 30)} is not a date (expected YYYY-MM-DD HH:MM+0000)"


def _field_line(name: str, parts: list[tuple[int, str]]) -> int:
    """The line of the part where the header field ``name`` starts."""
    at_start = True
    for line, text in parts:
        if at_start and text.lower().startswith(name.lower() + ":"):
            return line
        for piece in text.split("\n")[1:]:
            if piece.lower().startswith(name.lower() + ":"):
                return line
        at_start = text.endswith("\n") if text else at_start
    return parts[0][0] if parts else 1


def read_lines(lines: Iterable[str], lang: str | None = None) -> ReadCatalog:
    """Read a catalog's decoded lines (see :func:`read_catalog`)."""
    kept = list(lines)
    try:
        locale = Locale.parse(lang) if lang else None
    except (ValueError, UnknownLocaleError):
        return ReadCatalog("", None, lang, [(1, f"unknown language {lang!r} (folder name)")])
    lexer = _Lexer(Catalog(locale=locale))
    for number, line in enumerate(kept, start=1):
        lexer.feed(number, line)
    lexer.finish()
    problems = sorted(set(lexer.problems))
    catalog = None if problems else lexer.catalog
    return ReadCatalog("", catalog, lang, problems, lexer.plural_given, kept)


def read_catalog(path: Path, lang: str | None, *, shown: str | None = None) -> ReadCatalog:
    """Read a ``.po``/``.pot`` file (``lang`` None for the template), collecting every
    syntax problem as ``(line, message)``; the catalog is ``None`` if there is one."""
    shown = shown or str(path)
    project = next((p.parent for p in Path(path).absolute().parents if p.name == "locales"), None)
    if project is not None and leaves(project, path):
        return ReadCatalog(shown, None, lang, [(1, link_out(shown).message)])
    try:
        with path.open("rb") as f:
            data = f.read(MAX_CATALOG_BYTES + 1)
    except OSError as exc:
        return ReadCatalog(shown, None, lang, [(1, f"cannot read the catalog: {exc.strerror}")])
    return read_catalog_bytes(data, lang, shown)


def read_catalog_bytes(data: bytes, lang: str | None, shown: str) -> ReadCatalog:
    """Read a catalog's bytes, as :func:`read_catalog` reads its file (the check reads
    each file once, for its cache key and for this)."""
    if len(data) > MAX_CATALOG_BYTES:
        too_large = f"catalog too large (more than {MAX_CATALOG_BYTES} bytes)"
        return ReadCatalog(shown, None, lang, [(1, too_large)])
    return replace(_parse(data, lang), path=shown)


@functools.lru_cache(maxsize=8)
def _parse(data: bytes, lang: str | None) -> ReadCatalog:
    """The catalog of a file's bytes; kept, since the check, the coverage and the
    glossary warnings each read every catalog, and parsing is most of their time. The
    key is the bytes themselves, so a changed file is parsed again, and not the path it
    is shown by: the card names' check reads the theme's catalogs by their full path,
    the check by the path it shows. Callers only read the result."""
    lines = []
    undecodable = []
    for number, raw in enumerate(data.splitlines(), start=1):
        try:
            lines.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            undecodable.append((number, "not UTF-8 text"))
            lines.append(raw.decode("utf-8", "replace"))
    read = read_lines(lines, lang)
    if undecodable:
        read.catalog = None
        read.problems = sorted({*read.problems, *undecodable})
    return read


def translations(read: ReadCatalog) -> Translations:
    """The gettext translations of a catalog read without problems (the site's), fuzzy
    entries left out, with a plural function that never raises (:class:`PluralForms`).

    The catalog is the one the check read, so the build uses exactly what the check
    accepted: a file the check refuses never reaches here (``read.catalog`` is ``None``).
    """
    catalog = read.catalog
    if catalog is None:
        raise ValueError(f"{read.path}: the catalog has problems")
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    result = Translations(buf)
    count, expression = catalog.num_plurals, catalog.plural_expr
    result.plural = PluralForms(count, expression, _tried(expression, count))  # type: ignore[assignment]
    return result
