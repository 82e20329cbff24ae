"""How far each catalog is behind the English: staleness and coverage.

The messages of ``scenarios/``, ``templates/`` and ``explainer/`` are extracted again in
memory (``babel.cfg`` and the keywords of :data:`KEYWORDS`, as ``pybabel extract`` does)
and compared with each catalog by msgctxt and msgid, never by date or line.

A message the sources have and a catalog lacks, an empty translation and a fuzzy one are
all *untranslated*: the site shows the English text with a "not yet translated" notice.
That is the normal state of a project whose authors write English first, so it is never
an error of a plain ``explainer check``; :func:`coverage` counts it, against the current
sources, and :func:`format_coverage` says what to do. Only for a language a release
declares complete (``explainer check --complete fr``) does :func:`lag` turn each
untranslated or outdated message into a problem.

>>> print(format_coverage({"pl": Coverage(translated=3, total=4, new=1)}))
translations: pl 75% (3/4, 1 new); untranslated messages show in English: to translate them, run pybabel extract and pybabel update --no-fuzzy-matching (TRANSLATING.md), then fill in the empty entries
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Final

from babel.messages.catalog import Catalog, Message

from explainer.cache import digest, read_entry, write_entry
from explainer.scenarios.diagnostics import Code

from .catalog import is_translated, po_paths
from .pofile import Key, describe, read_catalog

__all__ = [
    "COMMENT_TAGS",
    "KEYWORDS",
    "MAPPING_FILE",
    "POT_PATH",
    "UPDATE_HINT",
    "Coverage",
    "Extracted",
    "coverage",
    "extract_messages",
    "extraction_cached",
    "format_coverage",
    "lag",
    "one_run",
    "remember_extraction",
    "sources_digest",
    "sources_or_none",
]

KEYWORDS: Final = ("P_:1c,2", "NP_:1c,2,3")
"""The keywords of :mod:`explainer.i18n.markers`, as given to ``pybabel extract -k``."""
COMMENT_TAGS: Final = ("NOTE:",)
"""Python comments starting with this tag become translators' comments (``--add-comments``)."""
POT_PATH: Final = Path("locales") / "messages.pot"
"""The template, relative to the project root."""
MAPPING_FILE: Final = "babel.cfg"
"""Babel's mapping of source files to extractors, at the project root."""

UPDATE_HINT: Final = "run pybabel extract and pybabel update --no-fuzzy-matching (TRANSLATING.md)"
"""What brings a catalog up to date without Babel's fuzzy guesses."""


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
    # The extractors by reference: ours work even without the installed entry points, and
    # Babel finds any other by name only by importing importlib.metadata and reading the
    # entry points of every installed distribution (a tenth of a cold check's time).
    method_map = [(pattern, _EXTRACTORS.get(method, method)) for pattern, method in method_map]
    return method_map, options_map


_EXTRACTORS: Final = {
    "explainer_yaml": "explainer.i18n.extract:extract_yaml",
    "explainer_rules": "explainer.i18n.rule_texts:extract_rule_texts",
    "jinja2": "jinja2.ext:babel_extract",
    "python": "babel.messages.extract:extract_python",
}
"""The extraction methods ``babel.cfg`` names, as the entry points Babel and Jinja2
register for them (``babel.extractors``)."""


def _keyword_call(keywords: Iterable[str]) -> re.Pattern[bytes]:
    """A keyword's name, not inside a longer name, then ``(`` (or a comment or line
    continuation that may come before it): where a Python file can hold a message."""
    names = b"|".join(re.escape(k.encode()) for k in sorted(keywords, key=len, reverse=True))
    return re.compile(rb"(?<![\w])(?:" + names + rb")\s*[(#\\]")


def _extract_python(
    fileobj: BinaryIO, keywords: Any, comment_tags: Collection[str], options: Any
) -> Iterable[Any]:
    """Babel's Python extractor (``keywords`` are the keyword names, as Babel passes them),
    on a file that calls a keyword somewhere: Babel tokenizes the whole file to find the
    calls, and most of explainer's modules make none."""
    from babel.messages.extract import extract_python

    data = fileobj.read()
    if not _keyword_call(keywords).search(data):
        return ()
    return extract_python(io.BytesIO(data), keywords, comment_tags, options)


def _source_filter(root: Path, tops: set[str]) -> Any:
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

    return directory_filter


def _source_files(root: Path, tops: set[str]) -> Iterator[Path]:
    """Every file under the source folders (hidden and ``_`` folders left out), in order."""
    for top in sorted(tops):
        for dirpath, dirnames, filenames in os.walk(root / top):
            dirnames[:] = sorted(d for d in dirnames if d[:1] not in "._")
            for name in sorted(filenames):
                yield Path(dirpath, name)


def _library_stamps() -> Iterator[str]:
    """Which Babel and Jinja2 extract (their ``__init__``'s path, size and time), found
    without importing Jinja2, which a check that reads a cached extraction never needs."""
    from importlib.util import find_spec

    for name in ("babel", "jinja2"):
        spec = find_spec(name)
        origin = spec.origin if spec is not None else None
        try:
            st = os.stat(origin) if origin else None
        except OSError:
            st = None
        yield f"{name} {origin} {st.st_size if st else 0} {st.st_mtime_ns if st else 0}"


def _package_files() -> list[Path]:
    """explainer's own modules: the code that extracts and checks."""
    return sorted(Path(__file__).resolve().parents[1].rglob("*.py"))


_RUN: dict[tuple[Path, frozenset[str]], str] | None = None
"""The sources' digests computed in the :func:`one_run` under way, by project and
folders; ``None`` outside one."""


@contextlib.contextmanager
def one_run() -> Iterator[None]:
    """Within, each project's sources are read and hashed once. A check asks for their
    digest three or four times (the catalogs' prefetch, the report's cache key, the
    extraction, the coverage), about 20 ms each; it checks the files as they are when it
    starts, so the first digest serves the rest. Outside, every call reads them again:
    a long-lived process (the tests, a build after an edit) sees each edit."""
    global _RUN
    outer, _RUN = _RUN, {}
    try:
        yield
    finally:
        _RUN = outer


def _inputs_digest(root: Path, tops: set[str]) -> str:
    """The digest of everything an extraction depends on (:func:`_read_inputs`), once
    per :func:`one_run`."""
    if _RUN is None:
        return _read_inputs(root, tops)
    key = (root.resolve(), frozenset(tops))
    if key not in _RUN:
        _RUN[key] = _read_inputs(root, tops)
    return _RUN[key]


def _read_inputs(root: Path, tops: set[str]) -> str:
    """The digest of everything an extraction depends on: each source file's path and
    bytes, ``babel.cfg``, the keywords, and the code that extracts (explainer's own
    modules, Babel's and Jinja2's versions). Equal digests give equal messages."""
    parts: list[bytes | str] = [*KEYWORDS, *COMMENT_TAGS, *_library_stamps()]
    package = Path(__file__).resolve().parents[1]
    for path in _package_files():
        parts += [path.relative_to(package).as_posix(), path.read_bytes()]
    for path in [root / MAPPING_FILE, *_source_files(root, tops)]:
        try:
            parts += [path.relative_to(root).as_posix(), path.read_bytes()]
        except OSError:
            continue
    return digest(*parts)


_CACHE_FOLDER: Final = "messages"
"""The cache folder of extractions (:mod:`explainer.cache`)."""
_last: tuple[str, dict[Key, Extracted]] | None = None


def _to_json(found: Mapping[Key, Extracted]) -> list[list[object]]:
    return [[c, m, e.plural, e.location[0], e.location[1]] for (c, m), e in found.items()]


def _from_json(value: object) -> dict[Key, Extracted] | None:
    """The messages of a cache entry, or ``None`` if it is not one."""
    if not isinstance(value, list):
        return None
    found: dict[Key, Extracted] = {}
    for row in value:
        match row:
            case [str() | None as c, str() as m, str() | None as p, str() as f, int() as n]:
                found[(c, m)] = Extracted(p, (f, n))
            case _:
                return None
    return found


def extract_messages(root: Path) -> dict[Key, Extracted]:
    """Every message of the sources, as ``pybabel extract`` with ``babel.cfg`` finds them.

    Extracting takes most of a check's time, so the result is kept under the digest of
    its inputs (:func:`_inputs_digest`): in memory, so that the check and
    :func:`coverage` share one, and in the user's cache folder, so that the next check
    of unchanged sources reads it instead (:mod:`explainer.cache`).
    """
    global _last
    method_map, options_map = _method_map(root)
    tops = {pattern.split("/", 1)[0] for pattern, _ in method_map if "/" in pattern}
    key = _inputs_digest(root, tops)
    if _last is not None and _last[0] == key:
        return dict(_last[1])
    found = _from_json(read_entry(_CACHE_FOLDER, key))
    if found is None:
        found = _extract(root, method_map, options_map, tops)
        write_entry(_CACHE_FOLDER, key, _to_json(found))
    _last = (key, found)
    return dict(found)


def extraction_cached(sources: str) -> bool:
    """Whether the messages of the sources whose digest is ``sources``
    (:func:`sources_digest`) are kept already, here or in the user cache (so that
    :func:`extract_messages` only reads them)."""
    return (_last is not None and _last[0] == sources) or read_entry(
        _CACHE_FOLDER, sources
    ) is not None


def remember_extraction(sources: str, found: Mapping[Key, Extracted]) -> None:
    """Keep ``found``, the messages :func:`extract_messages` gave in another process for
    the sources whose digest is ``sources``, as if extracted here."""
    global _last
    _last = (sources, dict(found))


def _extract(
    root: Path,
    method_map: list[tuple[str, Any]],
    options_map: dict[str, dict[str, Any]],
    tops: set[str],
) -> dict[Key, Extracted]:
    """Extract the messages afresh, as ``pybabel extract`` does."""
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
    from babel.messages.frontend import parse_keywords

    keywords = {**DEFAULT_KEYWORDS, **parse_keywords(list(KEYWORDS))}
    python, prefiltered = _EXTRACTORS["python"], f"{__name__}:_extract_python"
    methods = [(p, prefiltered if m == python else m) for p, m in method_map]
    found: dict[Key, Extracted] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
        str(root),
        methods,
        options_map,
        keywords=keywords,
        comment_tags=COMMENT_TAGS,
        directory_filter=_source_filter(root, tops),
    ):
        msgid, plural = (message[0], message[1]) if isinstance(message, tuple) else (message, None)
        found.setdefault((context, msgid), Extracted(plural, (filename, lineno)))
    return found


def sources_digest(root: Path) -> str | None:
    """The digest of what an extraction of ``root`` depends on (see
    :func:`extract_messages`), or ``None`` where ``babel.cfg`` cannot be read."""
    if not (root / MAPPING_FILE).is_file():
        return digest("no mapping", *(p.read_bytes() for p in _package_files()))
    try:
        method_map, _ = _method_map(root)
    except Exception:  # noqa: BLE001 - reported by check_catalogs
        return None
    return _inputs_digest(
        root, {pattern.split("/", 1)[0] for pattern, _ in method_map if "/" in pattern}
    )


def sources_or_none(root: Path) -> dict[Key, Extracted] | None:
    """The sources' messages, or ``None`` where the project has no ``babel.cfg`` or it
    cannot be used (the check reports why)."""
    if not (root / MAPPING_FILE).is_file():
        return None
    try:
        return extract_messages(root)
    except Exception:  # noqa: BLE001 - reported by check_catalogs
        return None


# ---------------------------------------------------------------------------------------
# A catalog against the sources


def _messages(catalog: Catalog) -> dict[Key, Message]:
    return {(m.context, _msgid(m)): m for m in catalog if m.id}


def _msgid(message: Message) -> str:
    return str(message.id[0] if isinstance(message.id, (tuple, list)) else message.id)


def _plural(message: Message) -> str | None:
    return str(message.id[1]) if message.pluralizable else None


def lag(
    catalog: Catalog, sources: Mapping[Key, Extracted], *, template: bool = False
) -> Iterator[tuple[int, str, Code]]:
    """Each way ``catalog`` is behind ``sources``, as ``(line, message, code)``: a message
    it lacks (one line each, at line 1), one it has that the sources no longer have,
    a changed plural; for a translated catalog also each fuzzy and each empty entry.

    These are problems only for a language declared complete; otherwise the site shows
    the English text for them.
    """
    command = "pybabel extract" if template else "pybabel update --no-fuzzy-matching"
    have = _messages(catalog)
    for key, extracted in sources.items():
        if key not in have:
            filename, lineno = extracted.location
            yield (
                1,
                f"not in the catalog: {describe(key)} from {filename}:{lineno}; run {command} "
                "(TRANSLATING.md)",
                Code.PO_OUTDATED,
            )
    for key, message in have.items():
        line = message.lineno or 1
        if key not in sources:
            yield (
                line,
                f"no longer in the sources: {describe(key)}; run {command}",
                Code.PO_OUTDATED,
            )
        elif sources[key].plural != _plural(message):
            yield line, f"the plural of {describe(key)} changed; run {command}", Code.PO_OUTDATED
        elif template:
            continue
        elif message.fuzzy:
            yield (
                line,
                f"fuzzy entry {describe(key)}: review the translation and remove the fuzzy "
                "flag (the site shows the English text meanwhile)",
                Code.PO_FUZZY,
            )
        elif not is_translated(message):
            yield line, f"not translated: {describe(key)}", Code.PO_UNTRANSLATED


# ---------------------------------------------------------------------------------------
# Coverage


@dataclass(frozen=True)
class Coverage:
    """How much of the English one language's catalog translates.

    ``total`` counts the messages of the current sources (the catalog's own messages
    where the project has no ``babel.cfg``); ``translated`` those with a usable
    translation. Of the rest, ``new`` are missing from the catalog (it predates them:
    ``pybabel update``), ``fuzzy`` wait for review, the others are empty.
    """

    translated: int
    total: int
    new: int = 0
    fuzzy: int = 0

    @property
    def complete(self) -> bool:
        """Every message translated."""
        return self.translated == self.total

    def __str__(self) -> str:
        percent = 100 * self.translated // self.total if self.total else 100
        notes = [f"{n} {what}" for n, what in ((self.new, "new"), (self.fuzzy, "fuzzy")) if n]
        return f"{percent}% ({self.translated}/{self.total}{''.join(', ' + n for n in notes)})"


def _coverage(catalog: Catalog, sources: Mapping[Key, Extracted] | None) -> Coverage:
    have = _messages(catalog)
    keys = list(sources) if sources is not None else list(have)
    present = [have[k] for k in keys if k in have]
    return Coverage(
        translated=sum(1 for m in present if is_translated(m)),
        total=len(keys),
        new=len(keys) - len(present),
        fuzzy=sum(1 for m in present if m.fuzzy),
    )


def coverage(root: Path) -> dict[str, Coverage]:
    """Per language: how much of the current sources its catalog translates.

    A catalog that cannot be read translates nothing (its problems are the check's).
    """
    sources = sources_or_none(root)
    result: dict[str, Coverage] = {}
    for lang, path in po_paths(root):
        catalog = read_catalog(path, lang).catalog
        if catalog is None:
            total = len(sources) if sources is not None else 0
            result[lang] = Coverage(0, total)
        else:
            result[lang] = _coverage(catalog, sources)
    return result


def format_coverage(figures: Mapping[str, Coverage]) -> str:
    """One line for the check's report, saying what to do when a language lags:
    ``translations: fr 100% (120/120), pl 98% (118/120, 2 new); ...``."""
    if not figures:
        return "translations: none"
    line = "translations: " + ", ".join(f"{lang} {c}" for lang, c in sorted(figures.items()))
    todo = []
    if any(c.new for c in figures.values()):
        todo.append(UPDATE_HINT)
    if any(c.fuzzy for c in figures.values()):
        todo.append("review each fuzzy entry and remove its flag")
    if any(c.translated + c.fuzzy < c.total for c in figures.values()):  # empty or new
        todo.append("fill in the empty entries")
    if not todo:
        return line
    return (
        f"{line}; untranslated messages show in English: to translate them, {', then '.join(todo)}"
    )
