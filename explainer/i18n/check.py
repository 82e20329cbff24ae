"""The catalog check, in one sequence: read every file once, extract once, check, report.

:func:`catalog_report` is what ``explainer check`` (with no PATH) and ``explainer build``
run. Its steps, each a plain function of what the one before returns, so a caller that
rebuilds only what changed can keep and compare their values:

1. :func:`read_inputs`: the catalog sets of the project (:func:`catalog_sets`: the
   site's ``locales/``; in explainer's own repository also the theme's
   ``explainer/locales/``), every file each holds read once (template, catalogs,
   glossaries), and the digest of each set's sources. The report's cache key is the
   digest of all of it (:meth:`Inputs.key`); a cached report is the answer.
2. :func:`own_problems`, per translated catalog: what it says of itself, without the
   sources (syntax, plural forms, the message checkers of :mod:`.checkers`, the
   glossary's forbidden variants and its warnings). Meanwhile the sources' messages are
   extracted (:func:`extract_sources`), in a forked child where two processes may run
   and the extraction is not cached: on a cold check the two halves take about as long.
3. :func:`against_sources`: each catalog and template against its set's messages (only
   for the languages declared complete, :func:`~.staleness.lag`), and the coverage.
4. The :class:`CatalogReport`: problems sorted by file and line, the coverage, the
   warnings; kept in the user cache under the key of step 1.

What is translated must be right; what is not translated yet is not a problem (the site
shows the English text, marked "not yet translated"), except in a language declared
complete (a release step: ``explainer check --complete fr,pl``), where every message of
the current sources must be translated: missing or no longer used messages and changed
plurals (``po-outdated``), fuzzy entries (``po-fuzzy``), empty ones
(``po-untranslated``), and a template behind the sources.

The site's catalogs translate the site's content; the theme's (shipped in the package,
:data:`~.catalog.THEME_LOCALES`) translate the theme. A site's coverage counts only the
site's messages: a theme message its catalog translates anyway is an override
(:mod:`.catalog`), never "no longer in the sources". The theme's catalogs are checked
where their sources are, in explainer's own repository (and by its release test).
"""

from __future__ import annotations

import functools
import gettext
import os
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from babel import Locale
from babel.messages.catalog import Catalog, TranslationError
from babel.messages.plurals import get_plural

from explainer.cache import digest, read_entry, write_entry
from explainer.scenarios.diagnostics import Code, Diagnostic, Location, Severity
from explainer.scenarios.reader import display_path

from .catalog import THEME_LOCALES, find_languages, theme_catalog_path
from .checkers import CHECKERS
from .glossary import (
    GLOSSARY_FILE,
    Term,
    forbidden_problems,
    glossary_problems,
    layered_terms,
    missing_terms,
    parse_glossary,
)
from .pofile import Key, ReadCatalog, describe, read_catalog_bytes
from .staleness import (
    MAPPING_FILE,
    POT_FILE,
    UPDATE_COMMAND,
    Coverage,
    Extracted,
    cached_extraction,
    code_digest,
    coverage_of,
    extract_messages,
    format_coverage,
    lag,
    messages_of,
    remember_extraction,
    sources_digest,
)

__all__ = [
    "PLURAL_FORMS",
    "CatalogFile",
    "CatalogReport",
    "CatalogSet",
    "Inputs",
    "Own",
    "against_sources",
    "catalog_report",
    "catalog_sets",
    "catalog_warnings",
    "check_catalog_file",
    "check_catalogs",
    "coverage",
    "expected_plural_forms",
    "extract_sources",
    "glossary_diagnostics",
    "init_command",
    "own_problems",
    "read_inputs",
]

#: The Plural-Forms each shipped language uses where it differs from Babel's CLDR rule.
#: French: gettext's classic two forms, 0 and 1 singular ("0 point", "2 points");
#: CLDR adds a third form only for millions ("1 000 000 de points"), which the site never shows.
PLURAL_FORMS: Final = {"fr": (2, "(n > 1)")}

#: How far :func:`_same_plural_rule` compares two plural rules.
_PLURAL_SAMPLE: Final = range(0, 1001)

SITE: Final = "site"
THEME: Final = "theme"


def _diag(path: str, line: int, message: str, code: Code) -> Diagnostic:
    return Diagnostic(Location(path, line, 1), message, code, Severity.INVALID)


# ---------------------------------------------------------------------------------------
# 1. The inputs, each file read once


@dataclass(frozen=True)
class CatalogSet:
    """One set of catalogs: a ``locales/`` folder (``babel.cfg``, ``messages.pot``,
    ``<lang>/LC_MESSAGES/messages.po``, ``<lang>/glossary.csv``), and the project root
    its ``babel.cfg`` patterns start from."""

    name: str
    """:data:`SITE` or :data:`THEME`."""
    folder: Path
    root: Path

    @property
    def mapping(self) -> Path:
        return self.folder / MAPPING_FILE

    @property
    def template(self) -> Path:
        return self.folder / POT_FILE


def is_theme_source(root: Path) -> bool:
    """Whether ``root`` is explainer's own repository (the theme's catalogs' sources,
    its templates and Python modules, are there)."""
    try:
        return (Path(root) / "explainer" / "locales").resolve() == THEME_LOCALES.resolve()
    except OSError:
        return False


def catalog_sets(root: Path) -> tuple[CatalogSet, ...]:
    """The catalog sets the check of ``root`` checks: the site's, and in explainer's own
    repository the theme's too."""
    root = Path(root)
    site = CatalogSet(SITE, root / "locales", root)
    if is_theme_source(root):
        return site, CatalogSet(THEME, THEME_LOCALES, root)
    return (site,)


@dataclass(frozen=True)
class CatalogFile:
    """One catalog or template as read: its bytes, or why it could not be read."""

    shown: str
    lang: str | None
    """``None`` for the template."""
    data: bytes | None
    error: str | None = None
    glossary: tuple[bytes, ...] = ()
    """The glossaries that apply, the theme's first (a translated catalog only)."""
    theme: bytes = b""
    """A site's catalog: the theme's catalog of its language, whose card names its card
    tokens' words are checked against where it has none (:mod:`.checkers`)."""


@dataclass(frozen=True)
class SetInputs:
    """What one catalog set holds, read."""

    set: CatalogSet
    template: CatalogFile | None
    """``None`` when there is no template."""
    catalogs: tuple[CatalogFile, ...]
    sources: str | None
    """The digest of its sources (:func:`~.staleness.sources_digest`); ``None``
    without a ``babel.cfg`` or where it cannot be read (see ``mapping_problem``)."""
    mapping_problem: Diagnostic | None = None
    glossaries: tuple[CatalogFile, ...] = ()
    """Its glossaries, ``<lang>/glossary.csv``, read (:func:`glossary_diagnostics`)."""


@dataclass(frozen=True)
class Inputs:
    """Everything the catalog report depends on, read once."""

    sets: tuple[SetInputs, ...]
    code: str
    """The digest of the code that checks (:func:`~.staleness.code_digest`)."""
    theme_template: bytes
    """The theme's template: its messages are what a site's catalog need not translate."""

    @property
    def theme_keys(self) -> frozenset[Key]:
        """The messages of the theme's template (read only when the report is made)."""
        return _template_keys(self.theme_template)

    def key(self, complete: Collection[str]) -> str:
        """The digest of every input and of ``complete``: the report's cache key."""
        parts: list[bytes | str] = [self.code, ",".join(sorted(complete)), self.theme_template]
        for s in self.sets:
            parts += [s.set.name, str(s.set.folder), s.sources or "no sources"]
            for f in (s.template, *s.catalogs, *s.glossaries):
                if f is not None:
                    parts += [f.shown, f.data or b"", f.error or "", *f.glossary, f.theme]
        return digest(*parts)


def _shown(path: Path, root: Path) -> str:
    """A file as diagnostics name it: relative to the current folder when below it, as
    the scenarios' files are."""
    return display_path(path)


def _read(
    path: Path,
    root: Path,
    lang: str | None,
    glossary: tuple[bytes, ...] = (),
    theme: bytes = b"",
    *,
    what: str = "catalog",
) -> CatalogFile:
    shown = _shown(path, root)
    try:
        return CatalogFile(shown, lang, path.read_bytes(), glossary=glossary, theme=theme)
    except OSError as exc:
        return CatalogFile(shown, lang, None, f"cannot read the {what}: {exc.strerror}")


def _bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


def _sources(cs: CatalogSet, code: str) -> tuple[str | None, Diagnostic | None]:
    if not cs.mapping.is_file():
        return None, None
    try:
        return sources_digest(cs.root, cs.mapping, code), None
    except Exception as exc:  # noqa: BLE001 - a broken babel.cfg must not crash the check
        shown = _shown(cs.mapping, cs.root)
        return None, _diag(shown, 1, f"cannot extract the messages: {exc}", Code.CATALOG)


def read_inputs(root: Path) -> Inputs:
    """Step 1: read every file of the project's catalog sets, once."""
    root = Path(root)
    code = code_digest()
    sets = []
    for cs in catalog_sets(root):
        sources, problem = _sources(cs, code)
        catalogs = []
        for lang in find_languages(cs.folder.parent)[1:]:
            path = cs.folder / lang / "LC_MESSAGES" / "messages.po"
            theme_glossary = _bytes(THEME_LOCALES / lang / GLOSSARY_FILE)
            own = _bytes(cs.folder / lang / GLOSSARY_FILE) if cs.name == SITE else b""
            theme = _bytes(theme_catalog_path(lang)) if cs.name == SITE else b""
            catalogs.append(_read(path, root, lang, (theme_glossary, own), theme))
        template = _read(cs.template, root, None) if cs.template.is_file() else None
        glossaries = tuple(
            _read(path, root, path.parent.name, what="glossary")
            for path in sorted(cs.folder.glob(f"*/{GLOSSARY_FILE}"))
        )
        sets.append(SetInputs(cs, template, tuple(catalogs), sources, problem, glossaries))
    theme = _bytes(THEME_LOCALES / POT_FILE)
    return Inputs(tuple(sets), code, theme)


@functools.lru_cache(maxsize=2)
def _template_keys(data: bytes) -> frozenset[Key]:
    if not data:
        return frozenset()
    read = read_catalog_bytes(data, None, str(THEME_LOCALES / POT_FILE))
    return frozenset(messages_of(read.catalog)) if read.catalog is not None else frozenset()


# ---------------------------------------------------------------------------------------
# 2. What each catalog says of itself; the sources, meanwhile


@dataclass(frozen=True)
class Own:
    """What a translated catalog says of itself: its problems and its warning lines."""

    problems: tuple[Diagnostic, ...]
    warnings: tuple[str, ...]


_OWN: dict[str, Own] = {}
""":func:`own_problems` of the catalogs seen in this process, by the digest of what
they depend on (a long-lived ``explainer serve`` checks again only an edited catalog)."""


def own_problems(file: CatalogFile) -> Own:
    """Step 2, for one translated catalog: its syntax problems, else its plural forms,
    each message against the checkers, the glossary's forbidden variants (problems) and
    its terms a translation lacks (warnings)."""
    key = digest(
        file.shown, file.lang or "", file.data or b"", file.error or "", *file.glossary, file.theme
    )
    if key not in _OWN:
        if len(_OWN) >= 32:
            _OWN.clear()
        _OWN[key] = _own(file)
    return _OWN[key]


def _own(file: CatalogFile) -> Own:
    read = _parsed(file)
    if read.catalog is None:
        return Own(tuple(_diag(file.shown, n, m, Code.PO_SYNTAX) for n, m in read.problems), ())
    terms = _terms(file.glossary)
    problems = [*_check_plurals(read), *_check_messages(read.catalog, file.shown, terms)]
    warnings = [
        f"{file.shown}:{message.lineno or 1}:1: warning: {problem}"
        for message in read.catalog
        for problem in missing_terms(message, terms)
    ]
    return Own(tuple(problems), tuple(warnings))


def _parsed(file: CatalogFile) -> ReadCatalog:
    if file.data is None:
        return ReadCatalog(file.shown, None, file.lang, [(1, file.error or "cannot read")])
    return read_catalog_bytes(file.data, file.lang, file.shown)


def _terms(glossaries: tuple[bytes, ...]) -> tuple[Term, ...]:
    """The terms of the glossaries that apply (the site's over the theme's)."""
    return layered_terms(*(parse_glossary(data) for data in glossaries if data))


def _check_messages(catalog: Catalog, shown: str, terms: tuple[Term, ...]) -> Iterator[Diagnostic]:
    for message in catalog:
        for code, checker in CHECKERS:
            try:
                checker(catalog, message)
            except TranslationError as exc:
                yield _diag(shown, message.lineno or 1, str(exc), code)
    for message in catalog:
        problems = list(forbidden_problems(message, terms))
        if problems:
            yield _diag(shown, message.lineno or 1, "; ".join(problems), Code.PO_GLOSSARY)


def glossary_diagnostics(inputs: Inputs) -> Iterator[Diagnostic]:
    """Step 2, for the glossaries: each one that cannot be used, at the place of its
    problem (:func:`~.glossary.glossary_problems`). A glossary is an input like a catalog:
    one the check could not read must not silently check nothing."""
    for s in inputs.sets:
        for f in s.glossaries:
            if f.data is None:
                yield _diag(f.shown, 1, f.error or "cannot be read", Code.PO_GLOSSARY)
                continue
            for line, column, message in glossary_problems(f.data):
                where = Location(f.shown, line, column)
                yield Diagnostic(where, message, Code.PO_GLOSSARY, Severity.INVALID)


Sources = Mapping[str, Mapping[Key, Extracted]]
"""Each set's messages, by set name (a set without sources is absent)."""


def extract_sources(inputs: Inputs) -> dict[str, dict[Key, Extracted]]:
    """Step 2's other half: each set's messages (:func:`~.staleness.extract_messages`,
    kept in the user cache under the sources' digest)."""
    return {
        s.set.name: extract_messages(s.set.root, s.set.mapping, s.sources)
        for s in inputs.sets
        if s.sources is not None
    }


def _uncached(inputs: Inputs) -> bool:
    return any(s.sources is not None and cached_extraction(s.sources) is None for s in inputs.sets)


def _own_and_sources(inputs: Inputs, jobs: int) -> tuple[dict[str, Own], Sources]:
    """Step 2: every translated catalog's :func:`own_problems` and the sources' messages,
    the extraction in a forked child where ``jobs`` allows one and it is not cached
    (:class:`~explainer.scenarios.kinds.law_workers.Worker`; a child that fails only
    leaves the extraction to this process)."""
    from explainer.scenarios.kinds.law_workers import Worker, start_worker

    started: list[Worker] = []
    try:
        if jobs > 1 and hasattr(os, "fork") and _uncached(inputs):
            start_worker(started, lambda: extract_sources(inputs))
        own = {f.shown: own_problems(f) for s in inputs.sets for f in s.catalogs}
        found = started[0].result() if started else None
    finally:
        for worker in started:
            worker.stop()
    if isinstance(found, dict):
        for s in inputs.sets:
            if s.sources is not None and s.set.name in found:
                remember_extraction(s.sources, found[s.set.name])
    return own, extract_sources(inputs)


# ---------------------------------------------------------------------------------------
# 3. Against the sources


def against_sources(
    inputs: Inputs, sources: Sources, complete: Collection[str]
) -> tuple[list[Diagnostic], dict[str, dict[str, Coverage]]]:
    """Step 3: each set's template and catalogs against its messages (problems only for
    a language in ``complete``, and for the template when ``complete`` names any), and
    each set's coverage by language."""
    found: list[Diagnostic] = []
    figures: dict[str, dict[str, Coverage]] = {}
    for s in inputs.sets:
        messages = sources.get(s.set.name)
        elsewhere = inputs.theme_keys if s.set.name == SITE else frozenset()
        if messages is not None and elsewhere:  # a site's template may reuse theme words
            messages = {k: v for k, v in messages.items() if k not in elsewhere}
        if s.mapping_problem is not None:
            found.append(s.mapping_problem)
        found += _template_problems(s, messages, complete)
        found += _missing_catalogs(s, complete)
        figures[s.set.name] = {}
        for f in s.catalogs:
            catalog = _parsed(f).catalog
            figures[s.set.name][f.lang or ""] = coverage_of(catalog, messages, elsewhere=elsewhere)
            if catalog is not None and messages is not None and f.lang in complete:
                for line, message, code in lag(catalog, messages, elsewhere=elsewhere):
                    found.append(_diag(f.shown, line, message, code))
    return found, figures


def _template_problems(
    s: SetInputs, messages: Mapping[Key, Extracted] | None, complete: Collection[str]
) -> Iterator[Diagnostic]:
    if s.template is None:
        if messages and complete:
            shown = _shown(s.set.template, s.set.root)
            yield _diag(shown, 1, f"missing template: run {UPDATE_COMMAND}", Code.PO_OUTDATED)
        return
    read = _parsed(s.template)
    if read.catalog is None:
        yield from (_diag(s.template.shown, n, m, Code.PO_SYNTAX) for n, m in read.problems)
    elif complete and messages is not None:
        for line, message, code in lag(read.catalog, messages, template=True):
            yield _diag(s.template.shown, line, message, code)


def _missing_catalogs(s: SetInputs, complete: Collection[str]) -> Iterator[Diagnostic]:
    have = {f.lang for f in s.catalogs}
    for lang in sorted(set(complete) - have):
        path = s.set.folder / lang / "LC_MESSAGES" / "messages.po"
        yield _diag(
            _shown(path, s.set.root),
            1,
            f"no catalog for {lang!r}, declared complete: run {init_command(s.set, lang)}",
            Code.PO_OUTDATED,
        )


def init_command(cs: CatalogSet, lang: str) -> str:
    """The command that starts the catalog of ``lang`` in ``cs`` (from its root)."""
    folder = os.path.relpath(cs.folder, cs.root)
    return f"pybabel init -i {folder}/{POT_FILE} -d {folder} -l {lang}"


# ---------------------------------------------------------------------------------------
# 4. The report


@dataclass(frozen=True)
class CatalogReport:
    """What ``explainer check`` says of the catalogs: the problems, each set's coverage by
    language (the site's always; the theme's in explainer's own repository) and the
    glossary warnings."""

    problems: tuple[Diagnostic, ...]
    coverage: Mapping[str, Mapping[str, Coverage]] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()

    def coverage_lines(self) -> list[str]:
        """``translations: fr 100% (120/120), ...`` for the site's catalogs (when it has
        any), then ``theme translations: ...`` for the theme's (when checked)."""
        lines = []
        for name, what in ((SITE, "translations"), (THEME, "theme translations")):
            figures = self.coverage.get(name)
            if figures:
                lines.append(format_coverage(figures, what=what))
        return lines


def catalog_report(root: Path, *, complete: Collection[str] = (), jobs: int = 1) -> CatalogReport:
    """The catalog report of ``root``, the four steps of the module's docstring.

    Checking every translation is most of a check's time and depends only on files, so
    the report is kept in the user's cache folder under the digest of all of them."""
    inputs = read_inputs(root)  # 1
    key = inputs.key(complete)
    cached = _report_from_json(read_entry(_REPORTS, key))
    if cached is not None:
        return cached
    own, sources = _own_and_sources(inputs, jobs)  # 2
    found, figures = against_sources(inputs, sources, complete)  # 3
    report = CatalogReport(  # 4
        problems=tuple(
            sorted(
                [
                    *found,
                    *glossary_diagnostics(inputs),
                    *(p for o in own.values() for p in o.problems),
                ],
                key=_order,
            )
        ),
        coverage=figures,
        warnings=tuple(w for o in own.values() for w in o.warnings),
    )
    write_entry(_REPORTS, key, _report_to_json(report))
    return report


def _order(d: Diagnostic) -> tuple[str, int, str]:
    return d.location.path, d.location.line, d.message


def check_catalogs(root: Path, *, complete: Collection[str] = ()) -> list[Diagnostic]:
    """Every problem of the project's templates and catalogs, sorted by file and line."""
    return list(catalog_report(root, complete=complete).problems)


def coverage(root: Path) -> dict[str, Coverage]:
    """Per language: how much of the site's current English its catalog translates
    (the theme's messages left out: the theme's catalogs translate them)."""
    return dict(catalog_report(root).coverage.get(SITE, {}))


def catalog_warnings(root: Path) -> list[str]:
    """What the check prints without failing: each translated message of a catalog that
    lacks an approved form of a glossary term of its English (:mod:`.glossary`)."""
    return list(catalog_report(root).warnings)


def check_catalog_file(
    path: Path,
    lang: str | None,
    *,
    sources: Mapping[Key, Extracted] | None = None,
    complete: bool = False,
    shown: str | None = None,
) -> list[Diagnostic]:
    """Every problem of one catalog file (``lang`` ``None`` for a template), with the
    glossary beside it; with ``complete`` and ``sources``, whatever it lacks of them."""
    glossary = (_bytes(path.parent.parent / GLOSSARY_FILE),) if lang is not None else ()
    file = _read(path, path.parent, lang, glossary)
    file = CatalogFile(shown or str(path), lang, file.data, file.error, glossary)
    read = _parsed(file)
    if read.catalog is None:
        return [_diag(file.shown, n, m, Code.PO_SYNTAX) for n, m in read.problems]
    found: list[Diagnostic] = []
    if complete and sources is not None:
        for line, message, code in lag(read.catalog, sources, template=lang is None):
            found.append(_diag(file.shown, line, message, code))
    if lang is not None:
        found.extend(own_problems(file).problems)
    return found


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
# The report in the user cache


_REPORTS: Final = "catalogs"
"""The cache folder of catalog reports (:mod:`explainer.cache`)."""


def _report_to_json(report: CatalogReport) -> dict[str, object]:
    return {
        "problems": [
            [d.location.path, d.location.line, d.location.col, d.message, d.code, d.severity]
            for d in report.problems
        ],
        "coverage": {
            name: {lang: [c.translated, c.total, c.new, c.fuzzy] for lang, c in figures.items()}
            for name, figures in report.coverage.items()
        },
        "warnings": list(report.warnings),
    }


def _report_from_json(value: object) -> CatalogReport | None:
    """The report of a cache entry, or ``None`` if it is not one."""
    match value:
        case {"problems": list(rows), "coverage": dict(sets), "warnings": list(warns)}:
            pass
        case _:
            return None
    problems = [_problem(row) for row in rows]
    figures = _figures(sets)
    if any(p is None for p in problems) or figures is None:
        return None
    if not all(isinstance(w, str) for w in warns):
        return None
    return CatalogReport(tuple(p for p in problems if p is not None), figures, tuple(warns))


def _figures(sets: dict[object, object]) -> dict[str, dict[str, Coverage]] | None:
    found: dict[str, dict[str, Coverage]] = {}
    for name, figures in sets.items():
        if not isinstance(name, str) or not isinstance(figures, dict):
            return None
        found[name] = {}
        for lang, row in figures.items():
            match row:
                case [int() as t, int() as n, int() as new, int() as fuzzy] if isinstance(
                    lang, str
                ):
                    found[name][lang] = Coverage(t, n, new, fuzzy)
                case _:
                    return None
    return found


def _problem(row: object) -> Diagnostic | None:
    match row:
        case [str() as path, int() as line, int() as col, str() as message, str() as c, str() as v]:
            if c in Code.__members__.values() and v in Severity.__members__.values():
                return Diagnostic(Location(path, line, col), message, Code(c), Severity(v))
    return None
