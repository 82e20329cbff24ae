"""Incremental builds (issue 27): a rebuild renders only what an edit touches, and its
output is byte for byte the output of a full build of the same inputs."""

from __future__ import annotations

import io
import os
import random
import re
import shutil
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from explainer.site.build import STAMP, drop_standby, run_build
from explainer.site.incremental import Changes, FileDigests, Manifest, Memo, read_manifest
from explainer.site.serve import changes, snapshot

ROOT = Path(__file__).resolve().parents[2]

KEPT_SCENARIOS = (
    "which-card/page.yaml",
    "which-card/follow",
    "which-card/climb",
    "which-card/trumping",
    "which-card/laws/01-follow-suit.yaml",
    "one-deal/page.yaml",
    "one-deal/bidding",
)
"""A small site: two pages, a law, a dozen examples (a full build per step stays short)."""


@pytest.fixture
def small(tmp_path: Path) -> Path:
    """Two pages of the real project, its catalogs, templates and settings."""
    root = tmp_path / "small"
    for rel in KEPT_SCENARIOS:
        source, target = ROOT / "scenarios" / rel, root / "scenarios" / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target)
        else:
            shutil.copy(source, target)
    shutil.copytree(ROOT / "templates", root / "templates")
    shutil.copytree(ROOT / "locales", root / "locales")
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    return root


def _files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _inodes(folder: Path) -> dict[str, int]:
    return {p.relative_to(folder).as_posix(): p.stat().st_ino for p in folder.rglob("*.*")}


def _build(root: Path, out: Path, memo: Memo | None = None, force: bool = False) -> tuple[int, str]:
    stream = io.StringIO()
    code = run_build(root, out, None, stream, memo=memo, force=force)
    return code, stream.getvalue()


def _rendered(root: Path, out: Path, memo: Memo, edit: Callable[[], None]) -> set[str]:
    """The pages the build after ``edit`` rendered again (the others are linked: their
    inode is the last build's)."""
    before = _inodes(out)
    edit()
    code, text = _build(root, out, memo)
    assert code == 0, text
    after = _inodes(out)
    return {p for p in after if p.endswith(".html") and before.get(p) != after[p]}


def _append(path: Path, old: str, new: str) -> Callable[[], None]:
    def edit() -> None:
        text = path.read_text(encoding="utf-8")
        assert old in text, (path, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    return edit


PAGES = {"which-card", "one-deal"}
LANGS = ("en", "fr", "pl")


def _pages(*ids: str, langs: tuple[str, ...] = LANGS) -> set[str]:
    return {f"{lang}/{i}/index.html" for lang in langs for i in ids}


def test_an_example_edit_renders_its_page_in_every_language_only(
    small: Path, tmp_path: Path
) -> None:
    out, memo = tmp_path / "out", Memo()
    assert _build(small, out, memo)[0] == 0
    example = small / "scenarios/which-card/follow/01-follow-suit.yaml"
    edit = _append(example, "title: Follow", "title: Always follow")
    assert _rendered(small, out, memo, edit) == _pages("which-card")
    assert b"Always follow" in (out / "en/which-card/index.html").read_bytes()


def test_a_catalog_edit_renders_its_language_only(small: Path, tmp_path: Path) -> None:
    out, memo = tmp_path / "out", Memo()
    assert _build(small, out, memo)[0] == 0
    catalog = small / "locales/fr/LC_MESSAGES/messages.po"
    edit = _append(
        catalog, 'msgstr "Les règles de la belote', 'msgstr "Toutes les règles de la belote'
    )
    assert _rendered(small, out, memo, edit) == {
        "fr/index.html",
        *_pages(*PAGES, "practice", "rule-sets", "your-position", langs=("fr",)),
    }


def test_a_template_edit_renders_the_pages_that_use_it(small: Path, tmp_path: Path) -> None:
    out, memo = tmp_path / "out", Memo()
    assert _build(small, out, memo)[0] == 0
    edit = _append(small / "templates/home.html", "{% block main %}", "{% block main %}<!-- -->")
    assert _rendered(small, out, memo, edit) == {f"{lang}/index.html" for lang in LANGS}
    # examples.html is imported by the scenario pages, the home pages, Practice and Your
    # position
    edit = _append(
        small / "templates/examples.html", "{% macro notice() %}", "{# #}{% macro notice() %}"
    )
    assert _rendered(small, out, memo, edit) == _pages(*PAGES, "practice", "your-position") | {
        f"{lang}/index.html" for lang in LANGS
    }
    # tables.html only by the scenario pages
    edit = _append(small / "templates/tables.html", "{% macro", "{# #}{% macro")
    assert _rendered(small, out, memo, edit) == _pages(*PAGES)


def test_a_page_file_edit_renders_every_page_of_a_language(small: Path, tmp_path: Path) -> None:
    """Every page's navigation names every page by its title, so a page file is in every
    page's key but the root page's (which has no navigation)."""
    out, memo = tmp_path / "out", Memo()
    assert _build(small, out, memo)[0] == 0
    edit = _append(small / "scenarios/one-deal/page.yaml", "title: ", "title: The ")
    assert _rendered(small, out, memo, edit) == {
        p for p in _inodes(out) if p.endswith(".html") and p != "index.html"
    }


def test_a_law_edit_renders_its_page_and_the_your_position_pages(
    small: Path, tmp_path: Path
) -> None:
    """The Your position page links each ruling to the play law that states it."""
    out, memo = tmp_path / "out", Memo()
    assert _build(small, out, memo)[0] == 0
    law = small / "scenarios/which-card/laws/01-follow-suit.yaml"
    edit = _append(law, 'title: "Follow suit"', 'title: "Always follow suit"')
    assert _rendered(small, out, memo, edit) == _pages("which-card", "your-position")


def test_a_settings_edit_renders_everything(small: Path, tmp_path: Path) -> None:
    out, memo = tmp_path / "out", Memo()
    assert _build(small, out, memo)[0] == 0
    edit = _append(small / "pyproject.toml", 'title = "Belote', 'title = "French Belote')
    assert _rendered(small, out, memo, edit) == {p for p in _inodes(out) if p.endswith(".html")}


def test_a_new_process_renders_only_what_changed_since_the_build_in_the_folder(
    small: Path, tmp_path: Path
) -> None:
    """``explainer build`` with no memo: the manifest in the folder says what it holds."""
    out = tmp_path / "out"
    assert _build(small, out)[0] == 0
    example = small / "scenarios/one-deal/bidding/02-second-round.yaml"
    edit = _append(example, "title: ", "title: Once more, ")
    assert _rendered(small, out, Memo(), edit) == _pages("one-deal")
    before = _inodes(out)
    code, text = _build(small, out, force=True)
    assert code == 0 and "unchanged" not in text
    assert all(before[p] != ino for p, ino in _inodes(out).items() if p.endswith(".html"))


def test_the_manifest_names_every_page_with_a_content_key(small: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert _build(small, out)[0] == 0
    manifest = read_manifest(out / STAMP)
    assert manifest is not None
    pages = {p for p in _files(out) if p.endswith(".html")}
    assert set(manifest.files) == pages
    assert all(re.fullmatch("[0-9a-f]{64}", key) for key in manifest.files.values())
    # modification times are not inputs: touching every source changes nothing
    for path in small.rglob("*"):
        os.utime(path, (1_000_000_000, 1_000_000_000))
    code, text = _build(small, out)
    assert code == 0 and "up to date" in text


@pytest.mark.parametrize(
    "text",
    ["", "not json", '{"format": 2, "inputs": "x", "files": {}}', '{"format": 1, "inputs": 3}'],
)
def test_a_manifest_that_cannot_be_read_means_a_full_build(tmp_path: Path, text: str) -> None:
    (tmp_path / STAMP).write_text(text)
    assert read_manifest(tmp_path / STAMP) is None


def test_a_manifest_reads_back(tmp_path: Path) -> None:
    manifest = Manifest("abc", {"en/index.html": "k"})
    (tmp_path / STAMP).write_bytes(manifest.to_bytes())
    assert read_manifest(tmp_path / STAMP) == manifest


def test_a_file_rewritten_in_the_same_clock_tick_is_read_again(tmp_path: Path) -> None:
    """Git's racily clean files: same size, same modification time, new contents."""
    f = tmp_path / "a.yaml"
    f.write_text("one")
    digests = FileDigests()
    first = digests.of(str(f))
    stamp = f.stat().st_mtime_ns
    f.write_text("two")
    os.utime(f, ns=(stamp, stamp))
    assert digests.of(str(f)) == first  # one look per build
    digests.start()
    assert digests.of(str(f)) != first
    assert digests.of(str(tmp_path / "missing")) == "-"


# ---------------------------------------------------------------- random edit sequences


Edit = Callable[[random.Random, Path], str]
"""Changes the project, and says what it changed."""


def _pick(rng: random.Random, root: Path, pattern: str, holding: str) -> Path:
    found = sorted(
        p for p in (root / "scenarios").rglob(pattern) if holding in p.read_text(encoding="utf-8")
    )
    return rng.choice(found)


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _scenario_text(rng: random.Random, root: Path) -> str:
    path = _pick(rng, root, "[0-9]*.yaml", "text: |\n")
    words = rng.choice(["Look closely.", "Read on.", "This is the whole story."])
    _replace(path, "text: |\n", f"text: |\n  {words}\n\n")
    return f"text of {path.name}"


def _fewer_facts(rng: random.Random, root: Path) -> str:
    """A fact left unsaid: the check still passes (the page shows the engine's)."""
    path = _pick(rng, root, "[0-9]*.yaml", "\n  rule: ")
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"\n  rule: [a-z-]+", "", text, count=1), encoding="utf-8")
    return f"one fact fewer in {path.name}"


def _catalog_entry(rng: random.Random, root: Path) -> str:
    lang = rng.choice(["fr", "pl"])
    path = root / "locales" / lang / "LC_MESSAGES" / "messages.po"
    text = path.read_text(encoding="utf-8")
    entries = re.findall(r'\nmsgstr "([A-Z][^"%{}0-9<>*\[\]\\]{3,40})"\n', text)
    chosen = rng.choice(entries)
    path.write_text(text.replace(f'msgstr "{chosen}"', f'msgstr "{chosen} !"', 1), encoding="utf-8")
    return f"a {lang} catalog entry"


def _template(rng: random.Random, root: Path) -> str:
    name = rng.choice(["page.html", "home.html", "base.html", "examples.html", "_law.html"])
    path = root / "templates" / name
    path.write_text(
        path.read_text(encoding="utf-8") + f"<!-- {rng.random()} -->\n", encoding="utf-8"
    )
    return f"template {name}"


def _page_file(rng: random.Random, root: Path) -> str:
    path = _pick(rng, root, "page.yaml", "title: ")
    _replace(path, "title: ", rng.choice(["title: The ", "title: About: "]))
    return f"{path.parent.name}/page.yaml"


def _wrong_fact(rng: random.Random, root: Path) -> str:
    """Ace of spades added to the legal cards: a disagreement, or a card said twice."""
    path = _pick(rng, root, "[0-9]*.yaml", "  legal: [")
    _replace(path, "  legal: [", "  legal: [AS, ")
    return f"a wrong fact in {path.name}"


def _broken_yaml(rng: random.Random, root: Path) -> str:
    path = _pick(rng, root, "*.yaml", "title:")
    _replace(path, "title:", "title: [unclosed")
    return f"broken YAML in {path.name}"


def _broken_catalog(rng: random.Random, root: Path) -> str:
    path = root / "locales" / rng.choice(["fr", "pl"]) / "LC_MESSAGES" / "messages.po"
    path.write_text(path.read_text(encoding="utf-8") + '\nmsgid "x\n', encoding="utf-8")
    return "a broken catalog"


GOOD: tuple[Edit, ...] = (
    _scenario_text,
    _fewer_facts,
    _catalog_entry,
    _template,
    _page_file,
)
BREAKING: tuple[Edit, ...] = (_wrong_fact, _broken_yaml, _broken_catalog)


def _snapshot(root: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}


class _FullBuilds:
    """The full builds (forced, into a new folder) a test compares its rebuilds with, by
    the digest of their inputs: an edit that mends a breaking one puts back the inputs
    the build before the break had, whose full build is not made again (a build is
    deterministic: tests/hardening/test_determinism.py). The last two are kept."""

    def __init__(self, tmp_path: Path) -> None:
        self.folder = tmp_path / "full"
        self.kept: dict[str, tuple[int, str, dict[str, bytes]]] = {}

    def of(self, root: Path) -> tuple[int, str, dict[str, bytes]]:
        """The exit code, output and files of a full build of ``root`` as it is now."""
        key = _inputs_digest(root)
        if key not in self.kept:
            code, text = _build(root, self.folder, force=True)
            files = _files(self.folder) if code == 0 else {}
            shutil.rmtree(self.folder, ignore_errors=True)
            self.kept = {**dict(list(self.kept.items())[-1:]), key: (code, text, files)}
        return self.kept[key]


def _inputs_digest(root: Path) -> str:
    """The digest of every path under ``root`` and what it holds (a link: its target and
    the bytes it leads to)."""
    import hashlib

    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        digest.update(f"{path.relative_to(root)}\0".encode())
        if path.is_symlink():
            digest.update(f"-> {os.readlink(path)}\0".encode())
        if path.is_file():
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _edits(rng: random.Random, root: Path, steps: int) -> Iterator[str]:
    """``steps`` edits of ``root``, each made before it is yielded: mostly good ones;
    a breaking one (one in three) is followed by the edit that mends it (every file put
    back as it was before)."""
    for _ in range(steps):
        if rng.random() < 2 / 3:
            yield rng.choice(GOOD)(rng, root)
            continue
        before = _snapshot(root)
        yield rng.choice(BREAKING)(rng, root)
        for path, data in before.items():
            if path.read_bytes() != data:
                path.write_bytes(data)
        yield "mended"


@pytest.mark.parametrize("seed", [1, 2])
def test_random_edits_build_what_a_full_build_builds(
    small: Path, tmp_path: Path, seed: int
) -> None:
    """After each edit the incremental build (one memo, as ``serve`` keeps) writes the
    full build's bytes; after an edit the check refuses, it reports what the full build
    reports and leaves the last good site; the next edit mends it and builds from there."""
    rng = random.Random(seed)
    out, memo, full = tmp_path / "incremental", Memo(), _FullBuilds(tmp_path)
    assert _build(small, out, memo)[0] == 0
    good = _files(out)
    codes = []
    for step, what in enumerate(_edits(rng, small, 5)):
        code, text = _build(small, out, memo)
        full_code, full_text, full_files = full.of(small)
        assert code == full_code, (step, what, text)
        if code == 0:
            good = _files(out)
            assert good == full_files, (step, what)
        else:
            assert _files(out) == good, (step, what)
            assert text == full_text and "the site was not changed" in text, (step, what)
        codes.append(code)
    assert 0 in codes[1:] and {1, 2} & set(codes), "the sequence breaks the check and mends it"


# ------------------------------------------------- rebuilds told what changed (serve)


def _added(rng: random.Random, root: Path) -> str:
    """A copy of an example under a new name and id, in the same section."""
    path = _pick(rng, root, "[0-9]*.yaml", "\nid: ")
    text = re.sub(
        r"\nid: ([a-z0-9-]+)", r"\nid: \1-again", path.read_text(encoding="utf-8"), count=1
    )
    new = path.with_name(f"99-again-{path.name}")
    new.write_text(text, encoding="utf-8")
    return f"added {new.name}"


def _deleted(rng: random.Random, root: Path) -> str:
    path = _pick(rng, root, "[0-9]*.yaml", "")
    path.unlink()
    return f"deleted {path.name}"


def _folder_renamed(rng: random.Random, root: Path) -> str:
    """A section's folder renamed (a page's own folder holds its page.yaml: not that)."""
    folders = sorted(
        p for p in (root / "scenarios").glob("*/*") if p.is_dir() and not p.name.startswith(".")
    )
    folder = rng.choice(folders)
    folder.rename(folder.with_name(folder.name + "-moved"))
    return f"renamed {folder.name}/"


def _link_out(rng: random.Random, root: Path) -> str:
    """A scenario that is a link out of the project (refused; the next edit removes it)."""
    outside = root.parent / "outside.yaml"
    outside.write_text("id: outside\n", encoding="utf-8")
    (root / "scenarios" / "which-card" / "outside.yaml").symlink_to(outside)
    return "a link out of the project"


def _settled(root: Path) -> None:
    """Every file of ``root`` modified long ago: none is racily clean (read again by
    every build, told or not), so what a build keeps shows."""
    for path in root.rglob("*"):
        os.utime(path, (1_000_000_000, 1_000_000_000))


def _told(memo: Memo, root: Path, seen: dict[str, float]) -> dict[str, float]:
    """Tell ``memo`` what ``serve``'s watcher would: the files changed since ``seen``."""
    now = snapshot(root)
    memo.tell(changes(seen, now))
    return now


def _same_as_a_full_build(root: Path, out: Path, memo: Memo, full: _FullBuilds, what: str) -> int:
    code, text = _build(root, out, memo)
    full_code, full_text, full_files = full.of(root)
    assert code == full_code, (what, text, full_text)
    if code == 0:
        assert _files(out) == full_files, what
    else:
        assert text == full_text, what
    return code


WATCHED_EDITS: tuple[Edit, ...] = (*GOOD, _added, _deleted, _folder_renamed)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_rebuilds_told_what_changed_build_what_a_full_build_builds(
    small: Path, tmp_path: Path, seed: int
) -> None:
    """As ``serve`` runs: the watcher's listing is taken before each build, and the memo
    is told the files changed since the last one (added, removed, renamed with their
    folder, templates and catalogs, two edits in one poll, a link out of the project and
    its removal, breaking edits and the edits that mend them); after each, the output is
    the full build's."""
    rng = random.Random(seed)
    _settled(small)
    out, memo, full = tmp_path / "incremental", Memo(), _FullBuilds(tmp_path)
    seen = snapshot(small)
    assert _build(small, out, memo)[0] == 0
    codes = []
    for step in range(8):
        if rng.random() < 0.25:
            before = _snapshot(small)
            what = rng.choice((*BREAKING, _link_out))(rng, small)
            seen = _told(memo, small, seen)
            codes.append(_same_as_a_full_build(small, out, memo, full, f"{step}: {what}"))
            (small / "scenarios" / "which-card" / "outside.yaml").unlink(missing_ok=True)
            for path, data in before.items():
                if path.read_bytes() != data:
                    path.write_bytes(data)
            what = "mended"
        else:
            edits = rng.sample(WATCHED_EDITS, rng.choice([1, 2]))  # two edits in one poll
            what = ", ".join(edit(rng, small) for edit in edits)
        seen = _told(memo, small, seen)
        codes.append(_same_as_a_full_build(small, out, memo, full, f"{step}: {what}"))
    assert 0 in codes


def _same_size_edit(path: Path) -> None:
    """Rewrite ``path`` with other bytes of the same length and the same modification
    time: a second save within the clock tick of the first, which no watcher sees."""
    stamp = path.stat().st_mtime_ns
    path.write_text(path.read_text(encoding="utf-8").replace("title: ", "title; ", 1))
    os.utime(path, ns=(stamp, stamp))


def test_a_second_save_the_watcher_missed_is_read_by_the_next_rebuild(
    small: Path, tmp_path: Path
) -> None:
    """A file read within two seconds of its modification time is read again by every
    build until it is older (git's "racily clean" files), told or not."""
    out, memo = tmp_path / "out", Memo()
    seen = snapshot(small)
    assert _build(small, out, memo)[0] == 0
    example = small / "scenarios/which-card/follow/01-follow-suit.yaml"
    _append(example, "title: Follow", "title: Swap")()
    soon = time.time_ns() + 60 * 10**9  # read well within two seconds of its time
    os.utime(example, ns=(soon, soon))
    seen = _told(memo, small, seen)
    assert _build(small, out, memo)[0] == 0
    _same_size_edit(example)  # "title; Swap": a YAML problem
    assert changes(seen, snapshot(small)) == []
    _append(small / "scenarios/one-deal/page.yaml", "title: ", "title: The ")()
    seen = _told(memo, small, seen)
    assert _same_as_a_full_build(small, out, memo, _FullBuilds(tmp_path), "missed") == 2


def test_a_rebuild_told_one_file_looks_at_no_other_scenario_file(
    small: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No listing of ``scenarios/`` and no ``stat`` of its unchanged files; told nothing,
    the next build looks at everything."""
    _settled(small)
    out, memo = tmp_path / "out", Memo()
    seen = snapshot(small)
    assert _build(small, out, memo)[0] == 0
    example = small / "scenarios/which-card/follow/01-follow-suit.yaml"
    _append(example, "title: Follow", "title: Always follow")()
    seen = _told(memo, small, seen)
    looked = _looks(monkeypatch)
    assert _build(small, out, memo)[0] == 0
    scenarios = small / "scenarios"
    assert _under(looked["file"], scenarios) == {str(example)}
    assert _under(looked["folder"], scenarios) == set()
    assert b"Always follow" in (out / "en/which-card/index.html").read_bytes()
    _append(example, "title: Always follow", "title: Follow")()
    looked["file"].clear()
    assert _build(small, out, memo)[0] == 0  # nothing told: every file
    assert _under(looked["file"], scenarios) == {str(p) for p in scenarios.rglob("*.yaml")}
    assert str(scenarios) in looked["folder"]
    assert b"Always follow" not in (out / "en/which-card/index.html").read_bytes()


def _under(paths: set[str], folder: Path) -> set[str]:
    return {p for p in paths if p == str(folder) or p.startswith(str(folder) + os.sep)}


def _looks(monkeypatch: pytest.MonkeyPatch) -> dict[str, set[str]]:
    """The files ``stat``-ed or opened, and the folders listed, from now on (absolute)."""
    looked: dict[str, set[str]] = {"file": set(), "folder": set()}
    real_stat = os.stat

    def is_folder(where: str) -> bool:
        try:
            return stat.S_ISDIR(real_stat(where).st_mode)
        except OSError:
            return False

    def spy(real: Callable[..., object], kind: str) -> Callable[..., object]:
        def call(path: object = ".", *args: object, **kwargs: object) -> object:
            if isinstance(path, (str, os.PathLike)):
                where = os.path.abspath(os.fspath(path))
                if kind == "folder" or not is_folder(where):
                    looked[kind].add(where)
            return real(path, *args, **kwargs)

        return call

    for name in ("stat", "lstat", "open"):
        monkeypatch.setattr(os, name, spy(getattr(os, name), "file"))
    for name in ("scandir", "listdir"):
        monkeypatch.setattr(os, name, spy(getattr(os, name), "folder"))
    monkeypatch.setattr("builtins.open", spy(open, "file"))
    return looked


@pytest.mark.parametrize(
    "told",
    [
        "notes.txt",  # a file that is no input of the project
        "../elsewhere.yaml",  # outside the project
        "scenarios/which-card/linked/01.yaml",  # below a link to a folder
    ],
)
def test_a_rebuild_told_a_file_it_cannot_trust_looks_at_everything(
    small: Path, tmp_path: Path, told: str
) -> None:
    _settled(small)
    out, memo = tmp_path / "out", Memo()
    (small / "scenarios/which-card/linked").symlink_to(small / "scenarios/which-card/follow")
    assert _build(small, out, memo)[0] == 0
    example = small / "scenarios/which-card/follow/01-follow-suit.yaml"
    _append(example, "title: Follow", "title: Always follow")()  # not told
    memo.tell([str(small / told)])
    assert _build(small, out, memo)[0] == 0
    assert b"Always follow" in (out / "en/which-card/index.html").read_bytes()


# ------------------------------------------------------- serve's standby output folder


def _tree(folder: Path) -> dict[str, bytes | None]:
    """Every file's bytes and every folder (``None``) under ``folder``."""
    return {
        p.relative_to(folder).as_posix(): (p.read_bytes() if p.is_file() else None)
        for p in sorted(folder.rglob("*"))
    }


def _spares(out: Path) -> list[Path]:
    return sorted(out.parent.glob(f".{out.name}-spare-*"))


def _same_tree_as_a_full_build(root: Path, tmp_path: Path, out: Path, memo: Memo) -> None:
    code, text = _build(root, out, memo)
    assert code == 0, text
    full = tmp_path / "full"
    assert _build(root, full, force=True)[0] == 0
    assert _tree(out) == _tree(full)
    shutil.rmtree(full)


def test_a_session_brings_its_standby_up_to_date_instead_of_a_new_folder(
    small: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From its third build on, ``serve``'s build writes the files that changed into the
    site before last (kept beside the output) and swaps it in: it links no file into a
    new folder, and the site is the full build's, folder for folder."""
    out, memo = tmp_path / "site", Memo()
    example = small / "scenarios/which-card/follow/01-follow-suit.yaml"
    assert _build(small, out, memo)[0] == 0
    assert _spares(out) == []  # the first build's old site is not this process's
    _append(example, "title: Follow", "title: Always follow")()
    assert _build(small, out, memo)[0] == 0
    assert len(_spares(out)) == 1
    linked: list[str] = []
    real_link = os.link
    monkeypatch.setattr(os, "link", lambda a, b: (linked.append(str(b)), real_link(a, b))[1])
    written = _rendered(small, out, memo, _append(example, "title: Always", "title: Now"))
    assert written == _pages("which-card")
    # the standby held the site before last, whose other pages had the same keys: the
    # pages changed since were rendered again, and nothing was linked
    assert linked == []
    monkeypatch.undo()
    _same_tree_as_a_full_build(small, tmp_path, out, memo)
    assert len(_spares(out)) == 1
    drop_standby(memo, out)
    assert _spares(out) == [] and out.is_dir()


def test_a_session_removes_the_files_and_folders_of_a_page_removed(
    small: Path, tmp_path: Path
) -> None:
    out, memo = tmp_path / "site", Memo()
    for _ in range(3):  # a standby from the third build on
        assert _build(small, out, memo)[0] == 0
        _append(small / "scenarios/one-deal/page.yaml", "title: ", "title: A ")()
    shutil.rmtree(small / "scenarios/which-card")
    _same_tree_as_a_full_build(small, tmp_path, out, memo)
    assert not (out / "en/which-card").exists()
    shutil.copytree(ROOT / "scenarios/which-card", small / "scenarios/which-card")
    _same_tree_as_a_full_build(small, tmp_path, out, memo)


def test_a_session_whose_standby_another_build_removed_fills_a_new_folder(
    small: Path, tmp_path: Path
) -> None:
    """Another build (``explainer build`` into the same folder) clears the standby and
    replaces the site: the session neither uses a folder it did not keep nor keeps one
    it did not write."""
    out, memo = tmp_path / "site", Memo()
    example = small / "scenarios/which-card/follow/01-follow-suit.yaml"
    for word in ("Always", "Now"):
        _append(example, "title: ", f"title: {word} ")()
        assert _build(small, out, memo)[0] == 0
    assert len(_spares(out)) == 1
    _append(example, "title: ", "title: Then ")()
    assert _build(small, out, force=True)[0] == 0  # no memo: another process
    assert _spares(out) == []
    _append(example, "title: ", "title: Again ")()
    _same_tree_as_a_full_build(small, tmp_path, out, memo)
    assert _spares(out) == []  # the site it replaced was not its own
    _append(example, "title: ", "title: More ")()
    _same_tree_as_a_full_build(small, tmp_path, out, memo)
    assert len(_spares(out)) == 1


def test_a_failure_while_bringing_the_standby_up_to_date_leaves_the_site(
    small: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A disk full while the standby is written: the site served is untouched, the
    standby and any new folder are removed, and the next build writes the whole site."""
    out, memo = tmp_path / "site", Memo()
    example = small / "scenarios/which-card/follow/01-follow-suit.yaml"
    for word in ("Always", "Now"):
        _append(example, "title: ", f"title: {word} ")()
        assert _build(small, out, memo)[0] == 0
    before = _tree(out)
    _append(example, "title: ", "title: Then ")()

    def full(self: Path, data: bytes) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", full)
    code, text = _build(small, out, memo)
    monkeypatch.undo()
    assert code == 2 and "No space left on device" in text
    assert _tree(out) == before
    assert sorted(p.name for p in out.parent.iterdir() if p.name.startswith(".site")) == []
    _same_tree_as_a_full_build(small, tmp_path, out, memo)


def test_a_folders_digest_kept_between_told_builds_is_a_fresh_ones(tmp_path: Path) -> None:
    """``FileDigests.tree_digest`` keeps a folder's digest while nothing under it
    changed: after told edits, untold second saves (racily clean) and a build that did
    not ask for it, it is the digest a new ``FileDigests`` takes."""
    folder = tmp_path / "scenarios"
    folder.mkdir()
    files = [folder / f"{n}.yaml" for n in range(5)]
    for f in files:
        f.write_text(f"id: x{f.stem}\n")
    _settled(tmp_path)
    digests, rng = FileDigests(), random.Random(7)
    digests.start()
    assert digests.tree_digest(folder) == FileDigests().tree_digest(folder)
    for step in range(12):
        f = rng.choice(files)
        if step % 4 == 2:  # a file added
            f = folder / f"new-{step}.yaml"
            files.append(f)
        f.write_text((f.read_text() if f.exists() else "") + f"# {step}\n")  # told, racy
        digests.start(Changes((str(folder),), frozenset([str(f)])))
        assert digests.tree_digest(folder) == FileDigests().tree_digest(folder), step
        if rng.random() < 0.5:  # a second save in the same clock tick: not told
            _same_size_edit_of(f)
        if rng.random() < 0.3:
            digests.start(Changes((str(folder),), frozenset()))  # a build that did not ask
        digests.start(Changes((str(folder),), frozenset()))
        assert digests.tree_digest(folder) == FileDigests().tree_digest(folder), step


def _same_size_edit_of(path: Path) -> None:
    stamp = path.stat().st_mtime_ns
    text = path.read_text()
    path.write_text(text[:-2] + ("x" if text[-2] != "x" else "y") + "\n")
    os.utime(path, ns=(stamp, stamp))


def test_a_session_keeps_no_standby_of_a_site_it_did_not_write_last(
    small: Path, tmp_path: Path
) -> None:
    """The output folder is the session's by its inode and its manifest's: a manifest
    written since by another hand (another build on a reused inode looks the same)
    makes the site it holds no standby of the session's."""
    out, memo = tmp_path / "site", Memo()
    example = small / "scenarios/which-card/follow/01-follow-suit.yaml"
    for word in ("Always", "Now"):
        _append(example, "title: ", f"title: {word} ")()
        assert _build(small, out, memo)[0] == 0
    manifest = out / STAMP
    other = out / "other"
    other.write_bytes(manifest.read_bytes())
    os.replace(other, manifest)
    _append(example, "title: ", "title: Then ")()
    _same_tree_as_a_full_build(small, tmp_path, out, memo)
    assert _spares(out) == []
