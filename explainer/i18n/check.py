"""The catalog check: every problem of the template and each catalog, at its line.

:func:`check_catalogs` is what ``explainer check`` (with no PATH) and ``explainer build``
run on ``locales/messages.pot`` and every ``locales/<lang>/LC_MESSAGES/messages.po``.
What is translated must be right; what is not translated yet is not a problem:

* the file must parse (``po-syntax``, :mod:`explainer.i18n.pofile`);
* the ``Plural-Forms`` header must fit the language and every plural entry must give
  that many forms (``po-plural``);
* each translation passes the message checkers of :mod:`explainer.i18n.checkers`
  (``po-cards``, ``po-placeholders``, ``po-markdown``, ``po-newlines``, ``po-numbers``);
* only for the languages named in ``complete`` (a release step:
  ``explainer check --complete fr,pl``), every message of the current sources must be
  translated: missing or no longer used messages and changed plurals (``po-outdated``),
  fuzzy entries (``po-fuzzy``) and empty ones (``po-untranslated``) are problems too,
  and so is a template behind the sources. Otherwise the site shows the English text,
  marked "not yet translated", and :func:`~explainer.i18n.staleness.coverage` counts it.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Final, TypeVar

from babel import Locale
from babel.messages.catalog import TranslationError
from babel.messages.plurals import get_plural

from explainer.cache import ByIdentity, digest, read_entry, write_entry
from explainer.scenarios.diagnostics import Code, Diagnostic, Location, Severity

from .catalog import catalog_path, po_paths
from .checkers import CHECKERS
from .glossary import forbidden_problems, glossary_path, glossary_warnings, read_glossary
from .pofile import Key, ReadCatalog, describe, read_catalog
from .staleness import (
    MAPPING_FILE,
    POT_PATH,
    Extracted,
    coverage,
    extract_messages,
    extraction_cached,
    format_coverage,
    lag,
    remember_extraction,
    sources_digest,
)

__all__ = [
    "PLURAL_FORMS",
    "CatalogReport",
    "catalog_report",
    "catalog_warnings",
    "check_catalog_file",
    "check_catalogs",
    "expected_plural_forms",
    "prefetch_catalogs",
]

T = TypeVar("T")

#: The Plural-Forms each shipped language uses where it differs from Babel's CLDR rule.
#: French: gettext's classic two forms, 0 and 1 singular ("0 point", "2 points");
#: CLDR adds a third form only for millions ("1 000 000 de points"), which the site never shows.
PLURAL_FORMS: Final = {"fr": (2, "(n > 1)")}

#: How far :func:`_same_plural_rule` compares two plural rules.
_PLURAL_SAMPLE: Final = range(0, 1001)


def _diag(path: str, line: int, message: str, code: Code) -> Diagnostic:
    return Diagnostic(Location(path, line, 1), message, code, Severity.INVALID)


# ---------------------------------------------------------------------------------------
# Plural forms


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


def _plural_header_problem(read: ReadCatalog) -> str | None:
    """What is wrong with the ``Plural-Forms`` header for the catalog's language, if anything."""
    assert read.catalog is not None and read.lang is not None
    num, expr = read.catalog.num_plurals, read.catalog.plural_expr
    declared = _plural_function(expr)
    if declared is None:
        return f"Plural-Forms: cannot read plural={expr!r}"
    expected = expected_plural_forms(read.lang)
    if not any(
        num == e_num
        and (rule := _plural_function(e_expr)) is not None
        and _same_plural_rule(declared, rule)
        for e_num, e_expr in expected
    ):
        e_num, e_expr = expected[0]
        return (
            f"Plural-Forms 'nplurals={num}; plural={expr}' does not fit {read.lang!r}: "
            f"expected 'nplurals={e_num}; plural={e_expr}'"
        )
    if any(not 0 <= declared(n) < num for n in _PLURAL_SAMPLE):
        return f"Plural-Forms: plural= gives a form outside 0..{num - 1}"
    return None


def _check_plurals(read: ReadCatalog) -> Iterator[Diagnostic]:
    catalog = read.catalog
    assert catalog is not None and read.lang is not None
    header = _plural_header_problem(read)
    if header:
        yield _diag(read.path, _header_line(read.lines, "Plural-Forms"), header, Code.PO_PLURAL)
    num = catalog.num_plurals
    for message in catalog:
        if not message.id or not message.pluralizable:
            continue
        key: Key = (message.context, message.id[0])
        given = read.plural_given.get(key, num)
        if given != num and any(message.string or ()):
            language = Locale.parse(read.lang).english_name
            yield _diag(
                read.path,
                message.lineno or 1,
                f"{given} plural forms for {describe(key)}; "
                f"{language} has {num} (msgstr[0] to msgstr[{num - 1}])",
                Code.PO_PLURAL,
            )


# ---------------------------------------------------------------------------------------
# One file, then the project


def _check_messages(read: ReadCatalog, path: Path) -> Iterator[Diagnostic]:
    assert read.catalog is not None
    for message in read.catalog:
        for code, checker in CHECKERS:
            try:
                checker(read.catalog, message)
            except TranslationError as exc:
                yield _diag(read.path, message.lineno or 1, str(exc), code)
    terms = read_glossary(glossary_path(path))
    for message in read.catalog:
        problems = list(forbidden_problems(message, terms))
        if problems:
            yield _diag(read.path, message.lineno or 1, "; ".join(problems), Code.PO_GLOSSARY)


_KEPT: Final[ByIdentity[tuple[Any, ...]]] = ByIdentity()
"""What :func:`_kept` computed, by the catalog read and what was computed of it."""


def _kept(
    what: str, read: ReadCatalog, path: Path, compute: Callable[[], Iterable[T]]
) -> tuple[T, ...]:
    """``compute()`` for a translated catalog and its glossary, kept while the catalog
    read (:func:`~.pofile.read_catalog` keeps it by the file's bytes) and the glossary
    are the same: what a catalog says of itself, without the sources, is computed
    once, ahead beside the extraction (:func:`prefetch_catalogs`) or in the check."""
    try:
        glossary = glossary_path(path).read_bytes()
    except OSError:
        glossary = b""
    return _KEPT.get(read, (what, path), glossary, lambda: tuple(compute()))


def _own_problems(read: ReadCatalog, path: Path) -> tuple[Diagnostic, ...]:
    """A translated catalog's problems that do not depend on the sources: its plural
    forms, the message checkers, the glossary's forbidden variants."""
    return _kept(
        "problems", read, path, lambda: [*_check_plurals(read), *_check_messages(read, path)]
    )


def check_catalog_file(
    path: Path,
    lang: str | None,
    *,
    sources: Mapping[Key, Extracted] | None = None,
    complete: bool = False,
    shown: str | None = None,
) -> list[Diagnostic]:
    """Every problem of one catalog (``lang`` None for the template).

    With ``complete`` and the ``sources``' messages, whatever it lacks of them is a problem.
    """
    read = read_catalog(path, lang, shown=shown)
    if read.catalog is None:
        return [_diag(read.path, line, msg, Code.PO_SYNTAX) for line, msg in read.problems]
    found: list[Diagnostic] = []
    if complete and sources is not None:
        for line, message, code in lag(read.catalog, sources, template=lang is None):
            found.append(_diag(read.path, line, message, code))
    if lang is not None:
        found.extend(_own_problems(read, path))
    return found


def _extract(root: Path) -> tuple[dict[Key, Extracted] | None, list[Diagnostic]]:
    if not (root / MAPPING_FILE).is_file():
        return None, []
    try:
        return extract_messages(root), []
    except Exception as exc:  # noqa: BLE001 - a broken babel.cfg must not crash the check
        problem = _diag(
            str(root / MAPPING_FILE), 1, f"cannot extract the messages: {exc}", Code.CATALOG
        )
        return None, [problem]


def check_catalogs(root: Path, *, complete: Collection[str] = ()) -> list[Diagnostic]:
    """Every problem of the project's template and catalogs, sorted by file and line.

    A missing, outdated, fuzzy or empty translation is a problem only for a language in
    ``complete`` (and an outdated template only when ``complete`` names any).
    """
    sources, found = _extract(root)
    pot = root / POT_PATH
    if pot.is_file():
        found.extend(
            check_catalog_file(pot, None, sources=sources, complete=bool(complete), shown=str(pot))
        )
    elif sources:
        found.append(
            _diag(
                str(pot),
                1,
                "missing template: run pybabel extract (TRANSLATING.md)",
                Code.PO_OUTDATED,
            )
        )
    paths = dict(po_paths(root))
    for lang in sorted(set(complete) - set(paths)):
        found.append(
            _diag(
                str(catalog_path(root, lang)),
                1,
                f"no catalog for {lang!r}, declared complete: run pybabel init (TRANSLATING.md)",
                Code.PO_OUTDATED,
            )
        )
    for lang, path in paths.items():
        found.extend(
            check_catalog_file(
                path, lang, sources=sources, complete=lang in complete, shown=str(path)
            )
        )
    return sorted(found, key=lambda d: (d.location.path, d.location.line, d.message))


def catalog_warnings(root: Path) -> list[str]:
    """What the check prints without failing: each translated message of a catalog that
    lacks an approved form of a glossary term of its English (:mod:`.glossary`)."""
    lines: list[str] = []
    for lang, path in po_paths(root):
        read = read_catalog(path, lang, shown=str(path))
        if read.catalog is not None:
            lines.extend(_warnings(read, path))
    return lines


def _warnings(read: ReadCatalog, path: Path) -> tuple[str, ...]:
    assert read.catalog is not None
    catalog = read.catalog
    return _kept("warnings", read, path, lambda: glossary_warnings(catalog, path, str(path)))


def prefetch_catalogs(root: Path, *, complete: Collection[str] = (), jobs: int = 1) -> None:
    """Make the catalog report's two halves at once where it is not cached and ``jobs``
    allows a second process: the sources' messages are extracted in a forked child
    (:class:`~explainer.scenarios.kinds.law_workers.Worker`) while this process checks
    each catalog on its own (:func:`_own_problems`, the glossary warnings), which needs
    no sources. Both are kept, so the :func:`catalog_report` that follows only puts
    them together; on a cold check they are most of its time and take about as long.
    A child that fails only leaves the extraction to the report."""
    from explainer.scenarios.kinds.law_workers import Worker

    if jobs <= 1 or not hasattr(os, "fork") or not (root / MAPPING_FILE).is_file():
        return
    sources = sources_digest(root)
    if sources is None:
        return
    key = _report_key(root, complete, sources)
    if _report_from_json(read_entry(_REPORTS, key)) is not None or extraction_cached(sources):
        return
    worker = Worker.start(partial(extract_messages, root))
    try:
        for lang, path in po_paths(root):
            read = read_catalog(path, lang, shown=str(path))
            if read.catalog is not None:
                _own_problems(read, path)
                _warnings(read, path)
        found = worker.result()
    finally:
        worker.stop()
    if found is not None:
        remember_extraction(sources, found)


# ---------------------------------------------------------------------------------------
# The whole catalog report, kept under the digest of its inputs


@dataclass(frozen=True)
class CatalogReport:
    """What ``explainer check`` says of the catalogs: the problems, the coverage line
    (``None`` without catalogs) and the glossary warnings."""

    problems: tuple[Diagnostic, ...]
    coverage: str | None
    warnings: tuple[str, ...]


_REPORTS: Final = "catalogs"
"""The cache folder of catalog reports (:mod:`explainer.cache`)."""


def catalog_report(root: Path, *, complete: Collection[str] = ()) -> CatalogReport:
    """The catalog report of ``root``: :func:`check_catalogs`, the coverage and
    :func:`catalog_warnings`. Checking every translation is most of a check's time and
    depends only on files, so the report is kept in the user's cache folder under the
    digest of all of them (the sources' digest, which covers explainer's code, the
    template, each catalog and glossary, and ``complete``)."""
    sources = sources_digest(root)
    key = _report_key(root, complete, sources) if sources is not None else None
    if key is not None:
        cached = _report_from_json(read_entry(_REPORTS, key))
        if cached is not None:
            return cached
    figures = coverage(root)
    report = CatalogReport(
        problems=tuple(check_catalogs(root, complete=complete)),
        coverage=format_coverage(figures) if figures else None,
        warnings=tuple(catalog_warnings(root)),
    )
    if key is not None:
        write_entry(_REPORTS, key, _report_to_json(report))
    return report


def _report_key(root: Path, complete: Collection[str], sources: str) -> str:
    """The digest of everything the report depends on: ``sources`` (the sources'
    digest, which covers explainer's code), the template, each catalog and glossary,
    and ``complete``."""
    parts: list[bytes | str] = [sources, str(root), ",".join(sorted(complete))]
    paths = [root / POT_PATH]
    for _, po in po_paths(root):
        paths += [po, glossary_path(po)]
    for path in paths:
        try:
            parts += [str(path), path.read_bytes()]
        except OSError as exc:
            parts += [str(path), f"unreadable: {exc.strerror}"]
    return digest(*parts)


def _report_to_json(report: CatalogReport) -> dict[str, object]:
    return {
        "problems": [
            [d.location.path, d.location.line, d.location.col, d.message, d.code, d.severity]
            for d in report.problems
        ],
        "coverage": report.coverage,
        "warnings": list(report.warnings),
    }


def _report_from_json(value: object) -> CatalogReport | None:
    """The report of a cache entry, or ``None`` if it is not one."""
    match value:
        case {"problems": list(rows), "coverage": str() | None as line, "warnings": list(warns)}:
            pass
        case _:
            return None
    problems = [_problem(row) for row in rows]
    if any(p is None for p in problems) or not all(isinstance(w, str) for w in warns):
        return None
    return CatalogReport(tuple(p for p in problems if p is not None), line, tuple(warns))


def _problem(row: object) -> Diagnostic | None:
    match row:
        case [str() as path, int() as line, int() as col, str() as message, str() as c, str() as v]:
            if c in Code.__members__.values() and v in Severity.__members__.values():
                return Diagnostic(Location(path, line, col), message, Code(c), Severity(v))
    return None
