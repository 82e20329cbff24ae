"""Scenario and page files -> the validated, located model, with every problem found.

:func:`load_file` reads one file; :func:`load_project` reads a folder tree (or a list
of files), then checks what only the whole project can say: ids unique across files,
``page``/``section`` references that resolve. Nothing here raises on bad input; each
problem is a :class:`~explainer.scenarios.diagnostics.Diagnostic` pointing at the key
or value at fault, and a file with any problem yields no model value (``None``).

The loader also asks the engine what makes an input *invalid* rather than *wrong*:
an illegal ``play``, an impossible deal, a bid out of turn. The engine's answer is
kept on the scenario (``outcome``) so that the runner does not compute it twice.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from .diagnostics import Code, Diagnostic, Location, sort_key
from .files import Confinement, link_out
from .keys import COMMON_KEYS, ID_PATTERN, PAGE_FILE, STATUSES, TEXT_KEYS, scenario_context
from .kinds import DEFAULT_KIND, KINDS, Kind, Pairs, all_kind_keys
from .model import Page, Scenario, Status
from .pages import read_page
from .reader import Reader, did_you_mean, display_path
from .siterules import NO_SITE_RULES, SiteRules
from .yamlsource import (
    MAX_BYTES,
    MappingNode,
    Node,
    ScalarNode,
    SourceError,
    compose,
    read_bounded,
)

__all__ = [
    "FileLoader",
    "FileRead",
    "KeptRead",
    "Project",
    "display_path",
    "find_files",
    "load_file",
    "load_project",
    "load_text",
    "missing_scenarios",
    "read_every_time",
    "read_one",
]


@dataclass(frozen=True, slots=True)
class Project:
    """Everything read from a set of files: pages, scenarios (sorted by page, section,
    order, id) and every problem found, sorted by path and line.

    ``files`` counts the scenario files read (valid or not), ``failed_paths`` holds the
    scenario files that could not be read as a scenario: the check counts them as failed.
    """

    pages: tuple[Page, ...]
    scenarios: tuple[Scenario, ...]
    diagnostics: tuple[Diagnostic, ...]
    failed_paths: tuple[str, ...] = ()
    files: tuple[str, ...] = field(default=(), compare=False)


# --------------------------------------------------------------------------- scenarios


def load_text(
    text: str, path: str, *, rules: SiteRules = NO_SITE_RULES
) -> tuple[Scenario | Page | None, list[Diagnostic]]:
    """Read one file's text: a page when the file is named ``page.yaml``, else a scenario
    (``rules``: the site's own rule sets and default, :mod:`~.siterules`)."""
    r = Reader(path, rules=rules)
    try:
        root = compose(text)
    except SourceError as exc:
        return None, [Diagnostic(Location(path, exc.line, exc.column), exc.message, exc.code)]
    name = os.path.basename(path)
    if root is None or (
        isinstance(root, ScalarNode) and root.value == "" and root.style in (None, "")
    ):
        what = "page" if name == PAGE_FILE else "scenario"
        r.error(None, f"empty file: expected a {what} mapping", Code.EMPTY)
        return None, r.diags
    if name == PAGE_FILE:
        page = read_page(r, root, os.path.basename(os.path.dirname(path)) or "page")
        return (page if not r.diags else None), r.diags
    stem = name.rsplit(".", 1)[0]
    scenario = _scenario(r, root, stem)
    return (scenario if not r.diags else None), r.diags


def _not_utf8(shown: str, data: bytes, start: int) -> Diagnostic:
    """The first byte that is not UTF-8, at its line and column (``start`` is its offset:
    everything before it decodes), with the fix: editors save Latin-1 or Windows-1252
    when told nothing."""
    before = data[:start].decode("utf-8")
    line = before.count("\n") + 1
    column = len(before.rpartition("\n")[2].removeprefix("\ufeff")) + 1
    return Diagnostic(
        Location(shown, line, column),
        f"not UTF-8 text (byte 0x{data[start]:02X}); re-save the file as UTF-8",
        Code.ENCODING,
    )


def load_file(
    path: Path | str, *, shown: str | None = None, rules: SiteRules = NO_SITE_RULES
) -> tuple[Scenario | Page | None, list[Diagnostic]]:
    """Read one file; the path is shown in diagnostics as given (relative to cwd when below
    it), or as ``shown``; ``rules`` as :func:`load_text` takes them."""
    shown = shown if shown is not None else display_path(path)
    try:
        data = read_bounded(path)
    except OSError as exc:
        return None, [
            Diagnostic(Location(shown, 1, 1), f"cannot read file: {exc.strerror or exc}", Code.IO)
        ]
    if len(data) > MAX_BYTES:
        return None, [
            Diagnostic(
                Location(shown, 1, 1),
                f"file too large (more than {MAX_BYTES} bytes)",
                Code.TOO_LARGE,
            )
        ]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, [_not_utf8(shown, data, exc.start)]
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        return load_text(text, shown, rules=rules)
    except Exception as exc:  # noqa: BLE001 - never a traceback for the user
        return None, [
            Diagnostic(
                Location(shown, 1, 1), f"internal error: {type(exc).__name__}: {exc}", Code.INTERNAL
            )
        ]


def _scenario(r: Reader, root: Node, stem: str) -> Scenario | None:
    pairs = r.mapping(root, (), None, what="a scenario mapping")
    if pairs is None:
        return None
    kind = _kind(r, pairs)
    if kind is None:
        return None
    _drop_unknown_keys(r, pairs, kind)
    common = _common(r, pairs, kind.name, stem)
    scenario = kind.read(r, pairs, common)
    if scenario is not None and r.warnings:
        scenario = replace(scenario, warnings=tuple(r.warnings))
    return scenario


def _kind(r: Reader, pairs: Pairs) -> Kind[Any] | None:
    """The scenario's kind (the default kind without a ``kind`` key)."""
    if "kind" not in pairs:
        return KINDS[DEFAULT_KIND]
    name = r.choice(pairs["kind"][1], ("kind",), list(KINDS))
    return KINDS[name] if name else None


def _drop_unknown_keys(r: Reader, pairs: Pairs, kind: Kind[Any]) -> None:
    """Report and drop the keys neither every scenario nor this kind has."""
    allowed = COMMON_KEYS + kind.keys
    for key in list(pairs):
        if key not in allowed:
            knode = pairs.pop(key)[0]
            hint = did_you_mean(key, allowed)
            if not hint and key in all_kind_keys():
                hint = f" (not a key of kind: {kind.name})"
            r.error(knode, f"unknown key {key!r}{hint}", Code.UNKNOWN_KEY)


def _common(r: Reader, pairs: Pairs, kind: str, stem: str) -> dict[str, Any]:
    """The fields every scenario has, read and checked."""

    def get(key: str) -> Node | None:
        pair = pairs.get(key)
        return pair[1] if pair else None

    ident = _ident(r, get("id"), stem)
    common: dict[str, Any] = {"id": ident, "kind": kind, "path": r.path}
    for key in TEXT_KEYS:
        if (n := get(key)) is not None:
            common[key] = r.text(n, (key,), scenario_context(ident, key), pairs[key][0])
    for key in ("page", "section"):
        if (n := get(key)) is not None:
            common[key] = r.ident(n, (key,))
    if "section" in pairs and "page" not in pairs:
        r.error(pairs["section"][0], "section: needs a page", Code.MISSING)
    if (n := get("order")) is not None:
        common["order"] = r.integer(n, ("order",)) or 0
    if (n := get("status")) is not None:
        common["status"] = Status(r.choice(n, ("status",), STATUSES) or Status.CHECKED)
    disputed = common.get("status") == Status.DISPUTED
    if "reason" in pairs and not disputed:
        r.error(pairs["reason"][0], "reason: only with status: disputed", Code.MISSING)
    elif disputed and "reason" not in pairs:
        r.error(pairs["status"][0], "status: disputed needs a reason", Code.MISSING)
    return common


def _ident(r: Reader, node: Node | None, stem: str) -> str:
    """The scenario's id: its ``id`` key, else the file's stem (which must be one)."""
    if node is not None:
        return r.ident(node, ("id",)) or stem
    if not ID_PATTERN.match(stem):
        r.error(
            None,
            f"id: the file name {stem!r} is not a valid id; add an 'id:' (a-z, 0-9 and -)",
            Code.BAD_ID,
        )
    return stem


# --------------------------------------------------------------------------- project


class FileLoader(Protocol):
    """What reads one file for :func:`load_project`: :func:`load_file`, or a caller's
    function that keeps its answers (``explainer serve``'s incremental rebuild)."""

    def __call__(
        self, path: Path | str, *, shown: str, rules: SiteRules
    ) -> tuple[Scenario | Page | None, list[Diagnostic]]: ...


@dataclass(frozen=True, slots=True)
class FileRead:
    """What one file gives the project's pass (:func:`read_one`): read once, it can be
    kept by a caller that knows the file did not change (``explainer serve``'s memo,
    :data:`KeptRead`), so a pass over ten thousand unchanged files reads none of them."""

    shown: str
    """The path as diagnostics show it (:func:`~.reader.display_path`)."""
    value: Scenario | Page | None
    diags: tuple[Diagnostic, ...]
    page: bool
    """Whether the file is a page file (``page.yaml``)."""
    outside: bool = False
    """The file leads out of the project: never opened (:func:`~.files.leaves`)."""
    real: str = ""
    """A page file's real path (a page read among the files checked)."""
    page_ids: tuple[str, ...] = ()
    """The ids a page file that cannot be read may have (:func:`_page_ids`)."""


KeptRead = Callable[[Path, Callable[[Path], FileRead]], FileRead]
"""What keeps each file's :class:`FileRead` between passes: called with the file and the
reading to do when it has none that holds (the plain one reads every file)."""


def read_every_time(f: Path, read: Callable[[Path], FileRead]) -> FileRead:
    """The plain :data:`KeptRead`: keeps nothing."""
    return read(f)


def read_one(f: Path, inside: Confinement, rules: SiteRules, load: FileLoader) -> FileRead:
    """One file of the project, as :func:`load_project` reads it: a file that leads out
    of the project is never opened (a link is reported at the link; a folder link on the
    way is reported once, by :func:`~.files.outside_links`)."""
    shown, page = display_path(f), f.name == PAGE_FILE
    if inside.leaves(f):
        linked = (link_out(shown),) if os.path.islink(f) else ()
        ids: tuple[str, ...] = (f.parent.name,) if page else ()
        return FileRead(shown, None, linked, page, outside=True, page_ids=ids)
    value, found = load(f, shown=shown, rules=rules)
    if not page:
        return FileRead(shown, value, tuple(found), page)
    ids = () if isinstance(value, Page) else tuple(sorted(_page_ids(f)))
    return FileRead(shown, value, tuple(found), page, real=inside.real(f), page_ids=ids)


def find_files(path: Path) -> list[Path]:
    """``path`` itself if it is a file, else every ``.yaml``/``.yml`` below it, sorted."""
    if path.is_file():
        return [path]
    found: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(path):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            if name.endswith((".yaml", ".yml")) and not name.startswith("."):
                found.append(Path(dirpath, name))
    return found


def missing_scenarios(root: Path) -> str | None:
    """The line ``check`` and ``build`` print when ``root`` is not a project (it has no
    ``scenarios/`` folder: the command ran in the wrong folder), else ``None``."""
    folder = Path(root) / "scenarios"
    if folder.is_dir():
        return None
    return f"{folder}: no such folder (run in the project's folder, or use --root)"


def load_project(
    root: Path,
    paths: Sequence[Path] | None = None,
    *,
    rules: SiteRules = NO_SITE_RULES,
    load: FileLoader = load_file,
    find: Callable[[Path], list[Path]] = find_files,
    inside: Confinement | None = None,
    kept: KeptRead = read_every_time,
) -> Project:
    """Read the files under ``paths`` (default: ``root/scenarios``) and check the project;
    ``rules``: the site's own rule sets and default (:mod:`~.siterules`); ``load``
    reads each file, ``find`` lists a folder's (:func:`find_files`), ``inside`` says
    which lead out of the project (a new :class:`~.files.Confinement` of ``root`` by
    default); ``kept`` may keep each file's reading from an earlier pass over the same
    project (:data:`KeptRead`).

    Page files under ``root/scenarios`` are always read, so that a scenario checked on
    its own still has its ``page`` and ``section`` resolved; their problems are only
    reported when they are among the files checked.
    """
    targets = list(paths) if paths is not None else [Path(root) / "scenarios"]
    read = _Read(inside if inside is not None else Confinement(root), rules, load, kept)
    for target in targets:
        here = find(Path(target))
        if not here:  # an empty folder: say so, never a silent "0 passed"
            where = Location(display_path(target), 1, 1)
            read.diags.append(
                Diagnostic(where, "nothing to check: no .yaml files here", Code.NOTHING)
            )
        for f in here:
            read.add(f)
    known = list(read.pages)
    if paths is not None and any(s.page for s in read.scenarios):
        known += _other_pages(Path(root), read.inside, read.page_files, read.broken)
    pages = _page_index(read.pages, known, read.diags)
    bad = _check_references(read.scenarios, _Pages(pages, read.broken), read.diags)
    failed = read.failed + [s.path for s in read.scenarios if id(s) in bad]
    scenarios = sorted(
        (s for s in read.scenarios if id(s) not in bad),
        key=lambda s: (s.page or "", s.section or "", s.order, s.id),
    )
    return Project(
        pages=tuple(sorted(read.pages, key=lambda p: (p.order, p.id))),
        scenarios=tuple(scenarios),
        diagnostics=tuple(sorted(read.diags, key=sort_key)),
        failed_paths=tuple(failed),
        files=tuple(read.files),
    )


@dataclass(slots=True)
class _Read:
    """What the files checked gave, before the project-wide checks."""

    inside: Confinement
    """The project the files are read from (:func:`~.files.leaves`)."""
    rules: SiteRules = NO_SITE_RULES
    load: FileLoader = load_file
    kept: KeptRead = read_every_time
    pages: list[Page] = field(default_factory=list)
    scenarios: list[Scenario] = field(default_factory=list)
    diags: list[Diagnostic] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    page_files: set[str] = field(default_factory=set)
    broken: dict[str, tuple[str, bool]] = field(default_factory=dict)
    """The ids of the page files that could not be read: the file, and whether its
    problems are among those reported."""

    def read(self, f: Path) -> FileRead:
        return read_one(f, self.inside, self.rules, self.load)

    def add(self, f: Path) -> None:
        self.take(self.kept(f, self.read))

    def take(self, one: FileRead) -> None:
        """Add one file's reading to the project's."""
        shown = one.shown
        self.diags.extend(one.diags)
        if one.page:
            if not one.outside:
                self.page_files.add(one.real)
            if isinstance(one.value, Page):
                self.pages.append(one.value)
            else:
                self.broken.update(dict.fromkeys(one.page_ids, (shown, True)))
            return
        self.files.append(shown)
        if isinstance(one.value, Scenario):
            self.scenarios.append(one.value)
        else:
            self.failed.append(shown)


def _other_pages(
    root: Path, inside: Confinement, read: set[str], broken: dict[str, tuple[str, bool]]
) -> list[Page]:
    """The pages under ``root/scenarios`` not among the files checked (their problems
    unsaid: a page that cannot be read goes into ``broken``), found as :func:`find_files`
    finds them: a page in a hidden folder is no more known to a scenario checked alone
    than to the whole project."""
    out = []
    for f in find_files(root / "scenarios"):
        if f.name != PAGE_FILE or os.path.realpath(f) in read:
            continue
        value = None if inside.leaves(f) else load_file(f)[0]
        if isinstance(value, Page):
            out.append(value)
        else:
            for ident in _page_ids(f):
                broken.setdefault(ident, (display_path(f), False))
    return out


def _page_ids(path: Path) -> set[str]:
    """The ids a page file that cannot be read may have: its folder's name, and the
    value of its ``id:`` when that much can be read. A scenario naming one of them is
    not told "unknown page": the page's own problems say what to fix."""
    ids = {path.parent.name}
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
        root = compose(data.decode("utf-8")) if len(data) <= MAX_BYTES else None
    except (OSError, UnicodeDecodeError, SourceError, RecursionError):
        return ids
    if isinstance(root, MappingNode):
        for knode, vnode in root.value:
            if isinstance(knode, ScalarNode) and knode.value == "id":
                if isinstance(vnode, ScalarNode) and ID_PATTERN.match(vnode.value):
                    ids.add(vnode.value)
    return ids


@dataclass(frozen=True, slots=True)
class _Pages:
    """The pages a scenario may name: those read, and those whose file has problems."""

    read: dict[str, Page]
    broken: dict[str, tuple[str, bool]]


def _page_index(checked: list[Page], known: list[Page], diags: list[Diagnostic]) -> dict[str, Page]:
    """Pages by id; a page id used twice among the files checked is reported."""
    by_id: dict[str, Page] = {}
    for page in checked:
        if page.id in by_id:
            diags.append(
                Diagnostic(
                    page.where("id"),
                    f"duplicate page id {page.id!r} (also {by_id[page.id].path})",
                    Code.DUPLICATE_ID,
                )
            )
        else:
            by_id[page.id] = page
    for page in known:
        by_id.setdefault(page.id, page)
    return by_id


def _check_references(
    scenarios: list[Scenario], pages: _Pages, diags: list[Diagnostic]
) -> set[int]:
    r"""Report duplicate ids and unresolved ``page``/``section``; the ``id()``\s of the
    scenarios at fault."""
    by_id: dict[str, Scenario] = {}
    bad: set[int] = set()
    resolved = _resolved(pages.read)
    for s in scenarios:
        first = by_id.setdefault(s.id, s)
        found = (
            []
            if first is s
            else [
                Diagnostic(
                    s.where("id"),
                    f"duplicate id {s.id!r} (also in {first.where('id')})",
                    Code.DUPLICATE_ID,
                )
            ]
        )
        if (s.page, s.section) in resolved:
            pass
        elif (problem := _reference_problem(s, pages.read)) is not None:
            if s.page in pages.broken:  # the page file has problems: they say what to fix
                shown, reported = pages.broken[s.page]
                if not reported:
                    found.append(_page_has_problems(s, shown))
                bad.add(id(s))
            else:
                found.append(problem)
        if found:
            diags.extend(found)
            bad.add(id(s))
    return bad


def _resolved(pages: dict[str, Page]) -> set[tuple[str | None, str | None]]:
    """The ``(page, section)`` pairs that resolve (a section left out, or no page at
    all, too): looked up once per scenario, the problem worked out only when not."""
    found: set[tuple[str | None, str | None]] = {(None, None)}
    for ident, page in pages.items():
        found.add((ident, None))
        found.update((ident, section.id) for section in page.sections)
    return found


def _page_has_problems(s: Scenario, shown: str) -> Diagnostic:
    """A scenario checked alone whose page file cannot be read (its problems unsaid)."""
    return Diagnostic(
        s.where("page"),
        f"page: the page {s.page!r} has problems (run explainer check {shown})",
        Code.UNKNOWN_PAGE,
    )


def _reference_problem(s: Scenario, pages: dict[str, Page]) -> Diagnostic | None:
    """Why ``s``'s ``page`` or ``section`` does not resolve, or ``None``."""
    if s.page is None:
        return None
    home = pages.get(s.page)
    if home is None:
        return Diagnostic(
            s.where("page"),
            f"page: unknown page {s.page!r}{_page_hint(s.page, pages)}",
            Code.UNKNOWN_PAGE,
        )
    names = [x.id for x in home.sections]
    if s.section is not None and s.section not in names:
        return Diagnostic(
            s.where("section"),
            f"section: unknown section {s.section!r} in page "
            f"{s.page!r}{did_you_mean(s.section, names)}",
            Code.UNKNOWN_SECTION,
        )
    return None


def _page_hint(word: str, pages: dict[str, Page]) -> str:
    """A "did you mean" for a page id: a close spelling, else the one id that starts
    with it or that it starts with (``club`` for ``club-rules``)."""
    close = did_you_mean(word, pages)
    if close:
        return close
    longer = [p for p in pages if p.startswith(word) or word.startswith(p)]
    return f" (did you mean {longer[0]!r}?)" if len(longer) == 1 and len(word) >= 3 else ""
