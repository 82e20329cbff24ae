"""Incremental builds: what each file of the site is made of, and what a rebuild may keep.

Every file the build writes has a *key*: the digest of the contents of everything it is
made from (:func:`output_keys`). All of them share the *configuration* (the settings in
``pyproject.toml``, explainer's own code, the libraries' versions, the base URL,
``SOURCE_DATE_EPOCH``, the languages: :func:`config_key`); then

* every page of a language: its template and every template that one includes, its
  language's catalogs (the site's and the theme's) and every ``page.yaml`` (the
  navigation names each page);
* a scenario page, besides: each of its examples' files;
* the Your position page, besides: every law's file (it links each play law to its page
  and section);
* the root page: its template and the first language's catalogs;
* ``sitemap.xml``: the pages' ids.

The build writes the keys into its stamp, the manifest ``.explainer-build`` (with the
digest of all the inputs, :func:`inputs_digest`: the same inputs, the same check and the
same files). The next build renders only the files whose key changed and links the
others from the site it replaces, so an edit of one example re-renders its page in
every language, an edit of a catalog its language's pages, of a template the pages
that use it, and a change of the configuration everything. Keys are digests of
contents, never modification times: the manifest is the same on every machine with the
same inputs and survives a ``git checkout``.

The check is made incremental by a :class:`Memo` that a long-lived process
(``explainer serve``) keeps between builds: each file's digest (read again only when
its size or modification time changed), each scenario file as the loader read it, each
example's verdict, the catalogs' verdict, the catalogs, the examples' views and notes,
the jinja2 Environment. Told by ``serve``'s watcher which files changed
(:meth:`Memo.tell`), a build also keeps the last one's listings of the project's
folders, its digests of their other files and its answers on links out of the project:
it looks at the files told and at no other file of the watched inputs (:class:`Changes`
says what is kept; :meth:`Memo.start` when it may be). A new process (``explainer
build``) starts with an empty memo, so it checks everything, and renders only what
changed. The engine knows none of this:
the memo holds the values the pipeline's stages return
(:class:`~explainer.pipeline.Stages`).
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import json
import os
import re
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, TypeVar

from jinja2 import Environment

from explainer.cache import by_identity, digest
from explainer.i18n.catalog import THEME_LOCALES, Catalog, load_catalogs
from explainer.scenarios.diagnostics import Diagnostic
from explainer.scenarios.files import INPUTS, Confinement, outside_links
from explainer.scenarios.loader import FileRead, find_files, load_file
from explainer.scenarios.model import Page, Scenario
from explainer.scenarios.siterules import SiteRules
from explainer.settings import Settings

from .env import make_env
from .examples import View, view_of
from .practice import Position, draw_positions
from .render import SITEMAP, Output, Site, outputs
from .theme import theme_dirs
from .variants import Variant, variants

__all__ = [
    "FORMAT",
    "Changes",
    "FileDigests",
    "Manifest",
    "Memo",
    "Written",
    "config_key",
    "inputs_digest",
    "output_keys",
    "read_manifest",
]

FORMAT: Final = 1
"""The manifest's format: a manifest of another format is ignored (a full build)."""

_RACY_NS: Final = 2_000_000_000
"""A file whose digest was taken within this many nanoseconds of its modification time
is read again next time: a second edit in the same clock tick could keep its size and
time (git's "racily clean" files)."""

_LIBRARIES: Final = ("jinja2", "markdown-it-py", "babel", "PyYAML", "MarkupSafe")
"""The libraries whose versions can change what a build checks or writes."""

V = TypeVar("V")

_PACKAGE: Final = Path(__file__).resolve().parent.parent
_PAGE_TEMPLATES: Final = (
    "root.html",
    "home.html",
    "page.html",
    "practice.html",
    "rulesets.html",
    "position.html",
)


def _no_skip(rel: str) -> bool:
    return False


class FileDigests:
    """Content digests of files, by path. A file is read again only when its size,
    modification time or inode changed, or when it changed within :data:`_RACY_NS` of
    the last reading; a file that cannot be read has the digest ``"-"``.

    Each build looks at each file once (:meth:`start`), and walks each folder once
    (:meth:`tree`). A build told what changed since the last one (:class:`Changes`,
    from ``serve``'s watcher) keeps the last build's digests and listings of the
    watched folders, and looks again only at the files it names (and at the racily
    clean ones): an unchanged file of a watched folder is neither listed nor
    ``stat``-ed again."""

    def __init__(self) -> None:
        self._known: dict[str, tuple[tuple[int, int, int], int, str]] = {}
        self._now: dict[str, str] = {}
        self._trees: dict[str, _Listing] = {}
        self._places: dict[str, str] = {}
        """Each path's absolute form, once per spelling (the loader, the model and the
        walks spell one file differently)."""
        self._spellings: dict[str, set[str]] = {}
        """Each absolute path's spellings (the reverse of ``_places``)."""
        self._racy: set[str] = set()
        """The paths whose last reading was within :data:`_RACY_NS` of their time."""
        self._watched: tuple[tuple[str, ...], dict[str, bool]] = ((), {})
        """Whether each path lies in the watched inputs (:attr:`Changes.watched`)."""
        self._dropped: dict[str, str] = {}
        """The digests the last build had of the files this one looks at again."""
        self._build = 0
        self._sums: dict[tuple[str, object], tuple[int, _Listing, str]] = {}
        """Each folder's digest (:meth:`tree_digest`), the build it was taken in, and the
        listing it was taken over."""

    def start(self, changes: Changes | None = None) -> None:
        """Begin a build: each file is looked at once in it (:meth:`of` is asked for some
        files two or three times: the loader, the inputs' digest, the pages' keys).
        With ``changes``, what the last build saw of the watched folders is kept but for
        the files changed."""
        last, self._now = self._now, {}
        trees, self._trees = self._trees, {}
        self._build += 1
        self._dropped = {}
        if changes is None:
            self._sums = {}
            return
        if self._watched[0] != changes.watched:
            self._watched = (changes.watched, {})
        flags = self._watched[1]
        for path in last.keys() - flags.keys():
            flags[path] = changes.watched_place(self._place(path))
        racy = self._racy
        self._now = {p: d for p, d in last.items() if flags[p] and p not in racy}
        for place in changes.paths:
            for path in self._spellings.get(place, ()):
                self._now.pop(path, None)
        self._dropped = {p: d for p, d in last.items() if p not in self._now}
        for top, listing in trees.items():
            if changes.keeps_listing(self._place(top), listing.names):
                self._trees[top] = listing

    def _place(self, path: str) -> str:
        place = self._places.get(path)
        if place is None:
            place = self._places[path] = os.path.abspath(path)
            self._spellings.setdefault(place, set()).add(path)
        return place

    def of(self, path: str) -> str:
        """The digest of the file at ``path``."""
        found = self._now.get(path)
        if found is None:
            found = self._now[path] = self._look(path)
        return found

    def _look(self, path: str) -> str:
        try:
            st = os.stat(path)
        except OSError:
            return "-"
        sig = (st.st_mtime_ns, st.st_size, st.st_ino)
        known = self._known.get(path)
        if known is not None and known[0] == sig and known[1] - sig[0] > _RACY_NS:
            return known[2]
        read_at = time.time_ns()
        try:
            with open(path, "rb") as f:
                found = hashlib.sha256(f.read()).hexdigest()
        except OSError:
            return "-"
        self._known[path] = (sig, read_at, found)
        if read_at - sig[0] <= _RACY_NS:
            self._racy.add(path)
        else:
            self._racy.discard(path)
        return found

    def kept(self, folder: Path | str) -> bool:
        """Whether this build has the last one's listing of ``folder`` (:meth:`start`)."""
        return str(folder) in self._trees

    def listing(self, folder: Path | str) -> list[tuple[str, str]]:
        """``(relative posix path, path)`` of the files under ``folder``, sorted, no
        caches, no compiled catalogs (nothing for a missing folder): walked once a build,
        or kept from the last build when nothing was added or removed there."""
        top = str(folder)
        known = self._trees.get(top)
        if known is None:
            known = self._trees[top] = _Listing(_walk(folder))
        return known.files

    def tree(self, folder: Path, *, skip: Callable[[str], bool] = _no_skip) -> list[str]:
        """``relative path``, digest, ... of every file under ``folder``, sorted
        (:meth:`listing`)."""
        parts: list[str] = []
        for rel, path in self.listing(folder):
            if not skip(rel):
                parts += [rel, self.of(path)]
        return parts

    def tree_digest(self, folder: Path, *, skip: Callable[[str], bool] = _no_skip) -> str:
        """The digest of :meth:`tree`, kept from the last build when its listing of
        ``folder`` is kept and the files looked at again under it have the digests they
        had (a folder of ten thousand files is not digested again for each edit)."""
        self.listing(folder)
        listing = self._trees[str(folder)]
        key = (str(folder), skip)
        kept = self._sums.get(key)
        if (
            kept is not None
            and kept[0] == self._build - 1
            and kept[1] is listing
            and all(self.of(p) == d for p, d in self._dropped.items() if p in listing.paths)
        ):
            self._sums[key] = (self._build, listing, kept[2])
            return kept[2]
        found = digest(*self.tree(folder, skip=skip))
        self._sums[key] = (self._build, listing, found)
        return found


@dataclass(frozen=True, slots=True)
class _Listing:
    """A folder's files as :func:`_walk` lists them, and their relative paths as a set."""

    files: list[tuple[str, str]]
    names: frozenset[str] = field(init=False)
    paths: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", frozenset(rel for rel, _ in self.files))
        object.__setattr__(self, "paths", frozenset(path for _, path in self.files))


@dataclass(frozen=True, slots=True)
class Changes:
    """What changed since the last build, as ``serve``'s watcher saw it: the absolute
    paths of the files added, removed or modified, all of them under ``watched`` (the
    absolute paths of the project's inputs it polls: :data:`~explainer.scenarios.files.INPUTS`).
    A build told these keeps what the last one saw of every other file of the watched
    inputs (:meth:`Memo.start` decides when it may be told)."""

    watched: tuple[str, ...]
    paths: frozenset[str]
    _below: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_below", tuple(w + os.sep for w in self.watched))

    def watched_place(self, place: str) -> bool:
        """Whether the file at ``place`` (absolute) is one of the watched inputs."""
        return place.startswith(self._below) or place in self.watched

    def keeps(self, place: str) -> bool:
        """Whether the last build's digest of the file at ``place`` (absolute) holds."""
        return self.watched_place(place) and place not in self.paths

    def keeps_listing(self, top: str, names: frozenset[str]) -> bool:
        """Whether the last build's listing of the folder ``top`` (absolute) holds: a
        watched folder in which the changed files were all there and still are files."""
        if top not in self.watched:
            return False
        prefix = top + os.sep
        for path in self.paths:
            if path.startswith(prefix):
                rel = path[len(prefix) :].replace(os.sep, "/")
                if rel not in names or not os.path.isfile(path):
                    return False
        return True


def _walk(folder: Path | str) -> list[tuple[str, str]]:
    """``(relative posix path, path)`` of the files under ``folder``, sorted; no caches."""
    found: list[tuple[str, str]] = []
    top = str(folder)
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        rel_dir = os.path.relpath(dirpath, top).replace(os.sep, "/")
        prefix = "" if rel_dir == "." else rel_dir + "/"
        found.extend(
            (prefix + n, os.path.join(dirpath, n))
            for n in filenames
            if not n.endswith((".pyc", ".mo"))
        )
    found.sort()
    return found


def _not_code(rel: str) -> bool:
    return not rel.endswith((".py", ".json"))


@functools.cache
def _libraries() -> tuple[str, ...]:
    """``name=version`` of each library (once a process: it runs the versions it loaded)."""
    found = []
    for dist in _LIBRARIES:
        try:
            version = importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            version = "-"
        found.append(f"{dist}={version}")
    return tuple(found)


def config_key(
    root: Path, base_url: str | None, languages: Sequence[str], digests: FileDigests
) -> str:
    """The digest of what every file of the site depends on: the settings file, the
    package's code, the libraries' versions, the base URL, ``SOURCE_DATE_EPOCH`` and the
    languages (each page's language switch names them all)."""
    return digest(
        f"format={FORMAT}",
        f"base_url={base_url}",
        f"epoch={os.environ.get('SOURCE_DATE_EPOCH', '')}",
        "languages=" + ",".join(languages),
        digests.of(str(root / "pyproject.toml")),
        *_libraries(),
        digests.tree_digest(_PACKAGE, skip=_not_code),
    )


def _template_trees(root: Path, digests: FileDigests) -> list[str]:
    parts: list[str] = []
    for layer, folder in enumerate(theme_dirs(root)):  # the site's, then the theme's
        parts += [f"layer {layer}", digests.tree_digest(folder)]
    return parts


def inputs_digest(
    root: Path, base_url: str | None, languages: Sequence[str], digests: FileDigests
) -> str:
    """The digest of everything the site and its check are made of: the configuration
    (:func:`config_key`), the scenarios, the templates (the site's and the theme's) and
    the catalogs (the site's and the theme's). Equal digests give equal sites and equal
    check results."""
    return digest(
        config_key(root, base_url, languages, digests),
        "scenarios",
        digests.tree_digest(root / "scenarios"),
        "templates",
        *_template_trees(root, digests),
        "locales",
        digests.tree_digest(root / "locales"),
        "theme-locales",
        digests.tree_digest(THEME_LOCALES),
    )


# ------------------------------------------------------------------------ output keys


@dataclass(frozen=True, slots=True)
class Parts:
    """The digests the outputs' keys are made of."""

    config: str
    templates: Mapping[str, str]
    """Each page template's digest, with every template it includes or imports."""
    catalogs: Mapping[str, str]
    """Each language's catalogs (the site's and the theme's)."""
    files: Mapping[str, str]
    """Each scenario and page file, by the path the model holds."""


def output_keys(
    site: Site, parts: Parts, kept: dict[tuple[str, ...], str] | None = None
) -> dict[str, str]:
    """The key of every page (:func:`~.render.outputs`) and of ``sitemap.xml``, by path;
    ``kept``: the keys of the last build by what they were made of (a long-lived
    process's, :class:`Memo`), replaced by this build's: a page whose parts are the same
    is not digested again."""
    shared = _Shared(
        # every page of a language names every page in its navigation (their titles)
        navigation=digest(*(parts.files[pv.page.path] for pv in site.pages)),
        # the Your position page links each play law to its page and section
        laws=digest(
            *(
                f"{s.id}={parts.files[s.path]}"
                for pv in site.pages
                for s in pv.scenarios
                if s.kind == "law"
            )
        ),
    )
    last = kept if kept is not None else {}
    now: dict[tuple[str, ...], str] = {}
    keys: dict[str, str] = {}
    for o in outputs(site):
        made_of = _output_parts(site, o, parts, shared)
        key = last.get(made_of)
        now[made_of] = keys[o.path] = key if key is not None else digest(*made_of)
    if kept is not None:
        kept.clear()
        kept.update(now)
    keys[SITEMAP] = digest(parts.config, SITEMAP, *(pv.page.id for pv in site.pages))
    return keys


@dataclass(frozen=True, slots=True)
class _Shared:
    """The parts of many pages' keys, each digested once a build (not once a page)."""

    navigation: str
    laws: str


def _output_parts(site: Site, o: Output, parts: Parts, shared: _Shared) -> tuple[str, ...]:
    """What the key of the file ``o`` is the digest of."""
    lang = o.lang or next(iter(site.catalogs))
    common = (parts.config, o.path, parts.templates[o.template], parts.catalogs[lang])
    if o.lang is None:
        return common
    if o.view is not None:
        return (*common, shared.navigation, *(parts.files[s.path] for s in o.view.scenarios))
    if o.template == "position.html":
        return (*common, shared.navigation, shared.laws)
    return (*common, shared.navigation)


def template_digests(
    env: Environment, names: Iterable[str], digests: FileDigests
) -> dict[str, str]:
    """Each template of ``names`` with everything it includes, imports or extends,
    as one digest (a template named by a variable makes it depend on all of them)."""
    assert env.loader is not None
    found: dict[str, str] = {}
    for name in names:
        closure = _closure(env, name)
        if closure is None:
            closure = set(env.loader.list_templates())
        found[name] = digest(*(f"{n}={_source_digest(env, n, digests)}" for n in sorted(closure)))
    return found


_REFERENCE = re.compile(r"""\{%-?\s*(?:extends|include|import|from)\s+(?:(["'])(.*?)\1)?""")
"""A tag naming another template: its name when it is a string literal."""


def _closure(env: Environment, name: str) -> set[str] | None:
    """``name`` and every template it reaches, or ``None`` if one is named at run time
    (read from the tags, without parsing: a build parses each template once, to render)."""
    assert env.loader is not None
    seen: set[str] = set()
    todo = [name]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        source = env.loader.get_source(env, current)[0]
        for match in _REFERENCE.finditer(source):
            if match.group(2) is None:
                return None
            todo.append(match.group(2))
    return seen


def _source_digest(env: Environment, name: str, digests: FileDigests) -> str:
    assert env.loader is not None
    filename = env.loader.get_source(env, name)[1]
    return digests.of(filename) if filename else "-"


# --------------------------------------------------------------------------- manifest


@dataclass(frozen=True, slots=True)
class Manifest:
    """What the output folder was built from: all the inputs' digest, each file's key."""

    inputs: str
    files: Mapping[str, str] = field(default_factory=dict)

    def to_bytes(self) -> bytes:
        """The manifest as written (JSON, keys sorted: the same inputs, the same bytes)."""
        value = {"format": FORMAT, "inputs": self.inputs, "files": dict(self.files)}
        return (json.dumps(value, sort_keys=True, indent=0) + "\n").encode("ascii")


def read_manifest(path: Path) -> Manifest | None:
    """The manifest at ``path``, or ``None`` (absent, unreadable, another format)."""
    try:
        value = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
    match value:
        case {"format": 1, "inputs": str(inputs), "files": dict(files)} if all(
            isinstance(k, str) and isinstance(v, str) for k, v in files.items()
        ):
            return Manifest(inputs, files)
    return None


# ------------------------------------------------------------------------------- memo


@dataclass(frozen=True, slots=True)
class Written:
    """A site folder a long-lived process wrote, and what it holds: each file's key
    (``""`` for a file written by every build: the static files, the marker, the
    manifest). The folder is known by its device and inode and its manifest's, so a
    folder another build put in its place is not taken for it."""

    folder: Path
    ident: tuple[int, ...]
    files: Mapping[str, str]


Loaded = tuple[Scenario | Page | None, list[Diagnostic]]


class Memo:
    """What a long-lived process keeps between builds of one project: each value a
    stage of the check or the render returned, under the digests it came from.

    :meth:`start` begins a build: when the settings file changed, everything but the
    files' digests is forgotten (its settings reach every scenario). Values are kept by
    the identity of the object they were computed from (a scenario), that object held
    with them, or by the digest of a file's contents.
    """

    def __init__(self) -> None:
        self.digests = FileDigests()
        self._settings = ""
        self._loaded: dict[tuple[str, str], Loaded] = {}
        self._used: set[tuple[str, str]] = set()
        self._ran: dict[int, tuple[Scenario, list[Diagnostic]]] = {}
        self._reports: dict[str, Any] = {}
        self._catalogs: dict[tuple[str, str], Catalog] = {}
        self._views: dict[int, tuple[Scenario, View]] = {}
        self._variants: dict[int, tuple[Scenario, tuple[Variant, ...]]] = {}
        self._env: tuple[str, Environment, Mapping[str, str]] | None = None
        """The templates' digest, the Environment over them, each page template's key."""
        self._positions: tuple[Position, ...] | None = None
        self.keys: dict[tuple[str, ...], str] = {}
        """The files' keys by what they are made of (:func:`output_keys`)."""
        self._root: str | None = None
        """The project the last build started on (absolute), once that start is done."""
        self._told: set[str] | None = None
        """What changed since the last build started, when a watcher says (:meth:`tell`)."""
        self._reads: dict[str, tuple[str, FileRead]] = {}
        """Each scenario file's reading in the loader's pass, by path, with the digest it
        was read at (:meth:`kept_read`)."""
        self._cwd = ""
        self._links: list[Diagnostic] | None = None
        self._found: tuple[str, list[Path]] | None = None
        self._inside: _Inside | None = None
        self.written: Written | None = None
        """The output folder as the last build of this process wrote it
        (:func:`~.build.write_site`)."""
        self.standby: Written | None = None
        """The site before that, kept beside the output to be brought up to date and
        swapped in by the next build (:func:`~.build.write_site`)."""

    @property
    def empty(self) -> bool:
        """Whether no check has been kept yet."""
        return not self._loaded

    def tell(self, paths: Iterable[str]) -> None:
        """Say which files changed since the last build started (absolute, or relative
        to the current folder): every file of the project's inputs
        (:data:`~explainer.scenarios.files.INPUTS`) added, removed or modified since a
        moment before that start, as ``serve``'s watcher sees them (it compares its
        listing of them before each build with the one before the last). The next build
        then looks only at these files of the watched inputs. What is told adds up until
        a build starts; a build told nothing looks at every file."""
        self._told = (self._told or set()) | {os.path.abspath(p) for p in paths}

    def start(self, root: Path) -> None:
        """Begin a build of ``root``: forget everything if its settings changed; keep
        what the last build saw of the inputs when told what changed since
        (:meth:`tell`), and when that can be trusted (:meth:`_changes`)."""
        place, last, told = os.path.abspath(root), self._root, self._told
        self._root, self._told = None, None  # until this start is done
        changes = self._changes(place, told) if last == place else None
        self.digests.start(changes)
        settings = self.digests.of(str(Path(root) / "pyproject.toml"))
        if settings != self._settings:
            written, standby = self.written, self.standby  # the output is no setting's
            self.__init__()  # type: ignore[misc]
            self.written, self.standby = written, standby
            self._settings = settings
            changes = None
        if changes is None or self._links:  # a link out is looked for until it is gone
            self._links = None
        if changes is None or self._cwd != os.getcwd():  # the paths shown change with it
            self._reads, self._cwd = {}, os.getcwd()
        if changes is None or not self.digests.kept(Path(root) / "scenarios"):
            self._found, self._inside = None, None
        self._root = place

    def _changes(self, root: str, told: set[str] | None) -> Changes | None:
        """What the build of ``root`` may keep from the last one: nothing (``None``)
        unless told what changed since it started (on the same project), and every file
        told lies in a watched input and is not a symbolic link nor below one (a link
        may lead out of the project: the whole project is looked at again)."""
        if told is None:
            return None
        changes = Changes(tuple(os.path.join(root, name) for name in INPUTS), frozenset(told))
        folders: set[str] = set()
        for path in told:
            if not changes.watched_place(path) or _through_link(root, path, folders):
                return None
        return changes

    def outside_links(self, root: Path) -> list[Diagnostic]:
        """:func:`~explainer.scenarios.files.outside_links`, kept while no link is told
        to have changed (and none was found)."""
        if self._links is None:
            self._links = outside_links(root)
        return self._links

    def find_files(self, path: Path) -> list[Path]:
        """:func:`~explainer.scenarios.loader.find_files`, kept while no file is told
        to have been added or removed under ``scenarios/``."""
        key = str(path)
        if self._found is None or self._found[0] != key:
            self._found = (key, find_files(path))
        return list(self._found[1])

    def confinement(self, root: Path) -> Confinement:
        """The loader's :class:`~explainer.scenarios.files.Confinement`, its answers
        kept as long as :meth:`find_files`'s."""
        if self._inside is None:
            self._inside = _Inside(root)
        return self._inside

    # the check's stages (pipeline.Stages)

    def kept_read(self, f: Path, read: Callable[[Path], FileRead]) -> FileRead:
        """The loader's reading of the file ``f`` (:data:`~explainer.scenarios.loader.KeptRead`),
        kept while its digest holds and the memo is told what changed: the reading
        depends on the file's contents, the path it is shown by (the current folder),
        the settings (a change of them forgets everything) and whether the file leads
        out of the project, which no untold file can start to do (a link told, or a
        build told nothing, forgets every reading: :meth:`start`)."""
        key = str(f)
        found = self.digests.of(key)
        known = self._reads.get(key)
        if known is None or known[0] != found:
            known = self._reads[key] = (found, read(f))
        else:
            self._used.add((known[1].shown, found))  # its load_file stays kept
        return known[1]

    def load_file(self, path: Path | str, *, shown: str, rules: SiteRules) -> Loaded:
        """:func:`~explainer.scenarios.loader.load_file`, kept by the file's digest."""
        key = (shown, self.digests.of(str(path)))
        self._used.add(key)
        found = self._loaded.get(key)
        if found is None:
            found = self._loaded[key] = load_file(path, shown=shown, rules=rules)
        return found

    def run_all(self, scenarios: Iterable[Scenario]) -> list[Diagnostic]:
        """:func:`~explainer.scenarios.runner.run_all`, kept by scenario."""
        from explainer.scenarios.runner import run_all

        out: list[Diagnostic] = []
        kept: dict[int, tuple[Scenario, list[Diagnostic]]] = {}
        for s in scenarios:
            known = self._ran.get(id(s))
            if known is None or known[0] is not s:
                known = (s, run_all([s]))
            kept[id(s)] = known
            out += known[1]
        self._ran = kept
        return out

    def catalog_report(self, root: Path, complete: frozenset[str], jobs: int) -> Any:
        """:func:`~explainer.i18n.check.catalog_report`, kept by the catalogs' digests
        (and the sources', where a language is declared complete: only then do the
        sources change the problems; the coverage figures may be stale, and the build
        never shows them)."""
        from explainer.i18n.check import catalog_report

        parts = [",".join(sorted(complete)), self.digests.tree_digest(Path(root) / "locales")]
        parts.append(self.digests.tree_digest(THEME_LOCALES))
        if complete:
            parts.append(self.digests.tree_digest(Path(root) / "scenarios"))
            parts += _template_trees(root, self.digests)
            parts.append(self.digests.tree_digest(_PACKAGE, skip=_not_code))
        key = digest(*parts)
        if key not in self._reports:
            self._reports = {key: catalog_report(root, complete=complete, jobs=jobs)}
        return self._reports[key]

    # the site's stages

    def catalog_digest(self, root: Path, lang: str) -> str:
        """The digest of ``lang``'s catalogs, the site's and the theme's."""
        from explainer.i18n.catalog import catalog_path, theme_catalog_path

        return digest(
            self.digests.of(str(catalog_path(root, lang))),
            self.digests.of(str(theme_catalog_path(lang))),
        )

    def load_catalogs(self, root: Path, languages: Iterable[str]) -> Mapping[str, Catalog]:
        """:func:`~explainer.i18n.catalog.load_catalogs`, each kept by its digest."""
        found: dict[str, Catalog] = {}
        for lang in languages:
            key = (lang, self.catalog_digest(root, lang))
            if key not in self._catalogs:
                self._catalogs[key] = load_catalogs(root, [lang])[lang]
            found[lang] = self._catalogs[key]
        return found

    def view(self, scenario: Scenario) -> View:
        """:func:`~.examples.view_of`, kept by scenario."""
        return by_identity(self._views, scenario, view_of)

    def variants(self, config: Settings) -> Callable[[Scenario], tuple[Variant, ...]]:
        """:func:`~.variants.variants` under the settings' ``compare``, kept by scenario
        (every language shows the same notes)."""

        def of(scenario: Scenario) -> tuple[Variant, ...]:
            return by_identity(
                self._variants, scenario, lambda s: variants(s, compare=config.compare)
            )

        return of

    def positions(self, config: Settings) -> Callable[[], tuple[Position, ...]]:
        """The Practice positions of the settings, drawn once."""

        def drawn() -> tuple[Position, ...]:
            if self._positions is None:
                self._positions = tuple(
                    draw_positions(
                        rules=config.default_rules,
                        compare=config.compare,
                        preset=config.default_preset,
                    )
                )
            return self._positions

        return drawn

    def env(self, root: Path) -> Environment:
        """The jinja2 Environment over the site's templates, made again when one of
        them changed (it keeps its compiled templates)."""
        key = digest(*_template_trees(root, self.digests))
        if self._env is None or self._env[0] != key:
            env = make_env(root)
            self._env = (key, env, template_digests(env, _PAGE_TEMPLATES, self.digests))
        return self._env[1]

    def parts(self, site: Site, base_url: str | None, env: Environment) -> Parts:
        """The digests the keys of ``site``'s files are made of."""
        root = Path(site.root)
        files = {pv.page.path: self.digests.of(pv.page.path) for pv in site.pages}
        for pv in site.pages:
            files.update((s.path, self.digests.of(s.path)) for s in pv.scenarios)
        return Parts(
            config=config_key(root, base_url, tuple(site.catalogs), self.digests),
            templates=self._template_keys(env),
            catalogs={lang: self.catalog_digest(root, lang) for lang in site.catalogs},
            files=files,
        )

    def _template_keys(self, env: Environment) -> Mapping[str, str]:
        if self._env is not None and self._env[1] is env:
            return self._env[2]
        return template_digests(env, _PAGE_TEMPLATES, self.digests)

    def finish(self, scenarios: Sequence[Scenario]) -> None:
        """Drop what was kept for files and scenarios no longer in the project."""
        live = {id(s) for s in scenarios}
        for table in (self._views, self._variants):
            for gone in [k for k in table if k not in live]:
                del table[gone]
        self._loaded = {k: v for k, v in self._loaded.items() if k in self._used}
        self._reads = {k: v for k, v in self._reads.items() if (v[1].shown, v[0]) in self._used}
        self._used = set()


class _Inside(Confinement):
    """A :class:`~explainer.scenarios.files.Confinement` that keeps its answer for each
    file (a link made since is told, and the memo then makes a new one)."""

    __slots__ = ("_answers", "_reals")

    def __init__(self, root: Path | str) -> None:
        super().__init__(root)
        self._answers: dict[str, bool] = {}
        self._reals: dict[str, str] = {}

    def real(self, path: Path | str) -> str:
        """What :meth:`Confinement.real` says of ``path``."""
        return _kept(self._reals, str(path), lambda: Confinement.real(self, path))

    def leaves(self, path: Path | str) -> bool:
        """What :func:`~explainer.scenarios.files.leaves` says of ``path``."""
        return _kept(self._answers, str(path), lambda: Confinement.leaves(self, path))


def _kept(table: dict[str, V], key: str, make: Callable[[], V]) -> V:
    """``table[key]``, made by ``make`` the first time."""
    found = table.get(key)
    if found is None:
        found = table[key] = make()
    return found


def _through_link(root: str, path: str, seen: set[str]) -> bool:
    """Whether ``path`` (absolute, below ``root``) or a folder on its way from ``root``
    is a symbolic link (``seen``: the folders already found not to be)."""
    while len(path) > len(root) and path not in seen:
        if os.path.islink(path):
            return True
        seen.add(path)
        path = os.path.dirname(path)
    return False
