"""The English of a set of catalogs, extracted again, and how far each catalog is behind it.

A set of catalogs (the site's ``locales/``, or the theme's ``explainer/locales/``) says
where its English messages are in its ``babel.cfg`` (:data:`MAPPING_FILE`, in the
catalogs' folder); patterns are relative to the project root, the folder given to
``pybabel extract``. :func:`extract_messages` extracts them again in memory, as
``pybabel extract`` does with the keywords of :data:`KEYWORDS`, and each catalog is
compared with them by msgctxt and msgid, never by date or line.

A message the sources have and a catalog lacks, an empty translation and a fuzzy one are
all *untranslated*: the site shows the English text with a "not yet translated" notice.
That is the normal state of a project whose authors write English first, so it is never
an error of a plain ``explainer check``; :func:`coverage_of` counts it, against the
current sources, and :func:`format_coverage` says what to do. Only for a language a
release declares complete (``explainer check --complete fr``) does :func:`lag` turn each
untranslated or outdated message into a problem.

Nothing here reads a catalog or decides what is checked: :mod:`explainer.i18n.check`
does, in one sequence, and hands these functions what it read.

>>> print(format_coverage({"pl": Coverage(translated=3, total=4, new=1)}))
translations: pl 75% (3/4, 1 new); untranslated messages show in English: to translate them, run python -m explainer.i18n.update, then fill in the empty entries
"""

from __future__ import annotations

import functools
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

from .catalog import is_translated
from .pofile import Key, describe

__all__ = [
    "COMMENT_TAGS",
    "KEYWORDS",
    "MAPPING_FILE",
    "POT_FILE",
    "UPDATE_COMMAND",
    "UPDATE_HINT",
    "Coverage",
    "Extracted",
    "cached_extraction",
    "code_digest",
    "coverage_of",
    "extract_messages",
    "format_coverage",
    "glob_pattern",
    "lag",
    "messages_of",
    "remember_extraction",
    "sources_digest",
]

KEYWORDS: Final = ("P_:1c,2", "NP_:1c,2,3")
"""The keywords of :mod:`explainer.i18n.markers`, as given to ``pybabel extract -k``."""
COMMENT_TAGS: Final = ("NOTE:",)
"""Python comments starting with this tag become translators' comments (``--add-comments``)."""
MAPPING_FILE: Final = "babel.cfg"
"""Babel's mapping of source files to extractors, in the catalogs' folder (``locales/``)."""
POT_FILE: Final = "messages.pot"
"""The template, in the catalogs' folder."""

UPDATE_COMMAND: Final = "python -m explainer.i18n.update"
"""The one command that extracts the English again and merges it into every catalog
(:mod:`explainer.i18n.update`: ``pybabel extract`` and ``pybabel update
--no-fuzzy-matching``, for the site and, in explainer's own repository, the theme)."""
UPDATE_HINT: Final = f"run {UPDATE_COMMAND}"
"""What brings a catalog up to date without Babel's fuzzy guesses."""


# ---------------------------------------------------------------------------------------
# The sources, extracted again in memory


@dataclass(frozen=True)
class Extracted:
    """One message of the sources: its plural id (if any) and where it comes from."""

    plural: str | None
    location: tuple[str, int]


def _method_map(mapping: Path) -> tuple[list[tuple[str, Any]], dict[str, dict[str, Any]]]:
    from babel.messages import frontend

    parse = getattr(frontend, "parse_mapping_cfg", None) or frontend.parse_mapping
    with mapping.open(encoding="utf-8") as f:
        method_map, options_map = parse(f, filename=str(mapping))
    # The extractors by reference: ours work even without the installed entry points, and
    # Babel finds any other by name only by importing importlib.metadata and reading the
    # entry points of every installed distribution (a tenth of a cold check's time).
    method_map = [(pattern, _EXTRACTORS.get(method, method)) for pattern, method in method_map]
    return method_map, options_map


_EXTRACTORS: Final = {
    "explainer_yaml": "explainer.i18n.extract:extract_yaml",
    "explainer_settings": "explainer.i18n.extract:extract_settings",
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


def _tops(method_map: list[tuple[str, Any]]) -> set[str]:
    """The folders the patterns start with (``scenarios`` of ``scenarios/**.yaml``)."""
    return {pattern.split("/", 1)[0] for pattern, _ in method_map if "/" in pattern}


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


_GLOB_PARTS: Final = {
    "?": "[^/]",
    "?/": "[^/]/",
    "*": "[^/]+",
    "*/": "[^/]+/",
    "**/": "(?:.+/)*?",
    "**": "(?:.+/)*?[^/]+",
}


@functools.cache
def glob_pattern(pattern: str) -> re.Pattern[str]:
    """A ``babel.cfg`` pattern as Babel's ``pathmatch`` reads it, compiled once (Babel
    translates it again for every file it tries).

    >>> bool(glob_pattern("scenarios/**.yaml").match("scenarios/a/b.yaml"))
    True
    """
    pattern = pattern.removeprefix("^") if pattern.startswith("^") else pattern
    pattern = pattern.removeprefix("./")
    parts = re.split(r"([?*]+/?)", pattern)
    regex = "".join(_GLOB_PARTS[p] if i % 2 else re.escape(p) for i, p in enumerate(parts))
    return re.compile(regex + "$")


def _source_files(root: Path, method_map: list[tuple[str, Any]]) -> Iterator[Path]:
    """Every file a pattern of the mapping takes, in order: under the folders the patterns
    start with (hidden and ``_`` folders and links left out, as the extraction does), and
    the project root's own files a pattern names (``pyproject.toml``)."""
    patterns = [pattern for pattern, _ in method_map]
    globs = [glob_pattern(p) for p in patterns]
    for name in sorted(p for p in patterns if "/" not in p):
        if (root / name).is_file():
            yield root / name
    for top in sorted(_tops(method_map)):
        for dirpath, dirnames, filenames in os.walk(root / top):
            dirnames[:] = sorted(
                d for d in dirnames if d[:1] not in "._" and not os.path.islink(Path(dirpath, d))
            )
            rel_dir = os.path.relpath(dirpath, root).replace(os.sep, "/")
            for name in sorted(filenames):
                if any(g.match(f"{rel_dir}/{name}") for g in globs):
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
    found = []
    for dirpath, dirnames, filenames in os.walk(Path(__file__).resolve().parents[1]):
        dirnames[:] = [d for d in dirnames if d not in ("__pycache__", "locales", "theme")]
        found += [Path(dirpath, n) for n in filenames if n.endswith(".py")]
    return sorted(found)


def code_digest() -> str:
    """The digest of the code that extracts and checks: explainer's own modules, Babel's
    and Jinja2's versions, the keywords."""
    parts: list[bytes | str] = [*KEYWORDS, *COMMENT_TAGS, *_library_stamps()]
    package = Path(__file__).resolve().parents[1]
    for path in _package_files():
        parts += [path.relative_to(package).as_posix(), path.read_bytes()]
    return digest(*parts)


def sources_digest(root: Path, mapping: Path, code: str | None = None) -> str:
    """The digest of everything an extraction with ``mapping`` from ``root`` depends on:
    each source file's path and bytes, the mapping, and the code that extracts
    (``code``, else :func:`code_digest`). Equal digests give equal messages. Raises what
    reading the mapping raises."""
    method_map, _ = _method_map(mapping)
    parts: list[bytes | str] = [code or code_digest(), "mapping", mapping.read_bytes()]
    for path in _source_files(root, method_map):
        try:
            parts += [path.relative_to(root).as_posix(), path.read_bytes()]
        except OSError:
            continue
    return digest(*parts)


_CACHE_FOLDER: Final = "messages"
"""The cache folder of extractions (:mod:`explainer.cache`)."""
_last: dict[str, dict[Key, Extracted]] = {}
"""The extractions made or read in this process, by sources digest (a long-lived
``explainer serve`` extracts again only what an edit changed)."""


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


def cached_extraction(sources: str) -> dict[Key, Extracted] | None:
    """The messages of the sources whose digest is ``sources``, if this process or the
    user cache keeps them."""
    if sources in _last:
        return _last[sources]
    found = _from_json(read_entry(_CACHE_FOLDER, sources))
    if found is not None:
        remember_extraction(sources, found)
    return found


def remember_extraction(sources: str, found: Mapping[Key, Extracted]) -> None:
    """Keep ``found`` as the messages of the sources whose digest is ``sources`` (made
    here or in a child process)."""
    if len(_last) >= 4:
        _last.clear()
    _last[sources] = dict(found)


def extract_messages(root: Path, mapping: Path, sources: str) -> dict[Key, Extracted]:
    """Every message of the sources, as ``pybabel extract -F mapping root`` finds them;
    ``sources`` is their digest (:func:`sources_digest`).

    Extracting takes most of a check's time, so the result is kept under that digest: in
    this process and in the user's cache folder, so that the next check of unchanged
    sources reads it instead (:mod:`explainer.cache`)."""
    found = cached_extraction(sources)
    if found is None:
        found = _extract(root, mapping)
        write_entry(_CACHE_FOLDER, sources, _to_json(found))
        remember_extraction(sources, found)
    return dict(found)


def _extract(root: Path, mapping: Path) -> dict[Key, Extracted]:
    """Extract the messages afresh, as ``pybabel extract`` does."""
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
    from babel.messages.frontend import parse_keywords

    method_map, options_map = _method_map(mapping)
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
        directory_filter=_source_filter(root, _tops(method_map)),
    ):
        msgid, plural = (message[0], message[1]) if isinstance(message, tuple) else (message, None)
        found.setdefault((context, msgid), Extracted(plural, (filename, lineno)))
    return found


# ---------------------------------------------------------------------------------------
# A catalog against the sources


def messages_of(catalog: Catalog) -> dict[Key, Message]:
    """A catalog's entries by ``(msgctxt, msgid)``, the header left out."""
    return {(m.context, _msgid(m)): m for m in catalog if m.id}


def _msgid(message: Message) -> str:
    return str(message.id[0] if isinstance(message.id, (tuple, list)) else message.id)


def _plural(message: Message) -> str | None:
    return str(message.id[1]) if message.pluralizable else None


def lag(
    catalog: Catalog,
    sources: Mapping[Key, Extracted],
    *,
    template: bool = False,
    elsewhere: Collection[Key] = frozenset(),
) -> Iterator[tuple[int, str, Code]]:
    """Each way ``catalog`` is behind ``sources``, as ``(line, message, code)``: a message
    it lacks (one line each, at line 1), one it has that the sources no longer have,
    a changed plural; for a translated catalog also each fuzzy and each empty entry.
    An entry whose message is ``elsewhere`` (a site's catalog translating a theme
    message, which it may, to override the theme's words) is not behind anything.

    These are problems only for a language declared complete; otherwise the site shows
    the English text for them.
    """
    command = UPDATE_COMMAND
    have = messages_of(catalog)
    for key, extracted in sources.items():
        if key not in have:
            filename, lineno = extracted.location
            yield (
                1,
                f"not in the catalog: {describe(key)} from {filename}:{lineno}; run {command}",
                Code.PO_OUTDATED,
            )
    for key, message in have.items():
        line = message.lineno or 1
        if key not in sources:
            if key not in elsewhere:
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


def coverage_of(
    catalog: Catalog | None,
    sources: Mapping[Key, Extracted] | None,
    *,
    elsewhere: Collection[Key] = frozenset(),
) -> Coverage:
    """How much of ``sources`` (the catalog's own messages without them) ``catalog``
    translates, leaving out the messages translated ``elsewhere`` (a site's catalog:
    the theme's). A catalog that cannot be read translates nothing."""
    have = messages_of(catalog) if catalog is not None else {}
    keys = [k for k in (sources if sources is not None else have) if k not in elsewhere]
    present = [have[k] for k in keys if k in have]
    return Coverage(
        translated=sum(1 for m in present if is_translated(m)),
        total=len(keys),
        new=len(keys) - len(present) if catalog is not None else 0,
        fuzzy=sum(1 for m in present if m.fuzzy),
    )


def format_coverage(figures: Mapping[str, Coverage], *, what: str = "translations") -> str:
    """One line for the check's report, saying what to do when a language lags:
    ``translations: fr 100% (120/120), pl 98% (118/120, 2 new); ...``."""
    if not figures:
        return f"{what}: none"
    line = f"{what}: " + ", ".join(f"{lang} {c}" for lang, c in sorted(figures.items()))
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
