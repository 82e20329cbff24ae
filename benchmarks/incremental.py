"""Incremental rebuild figures: from saving an example to its rebuilt page.

Run ``python benchmarks/incremental.py`` (``--quick`` skips the 10 000-example site). It
prints figures and never fails; the targets (issue 27) are shown beside them:

* save to rebuilt page under ``explainer serve``: at most 0.3 s on the shipped site;
* the same in a site of 10 000 examples: at most 0.5 s. The site is the shipped one and
  400 generated pages of 25 play examples each (the shipped pages hold 28 examples on
  average: a page is what an author reads at once, and an edit re-renders its page).

"Save to rebuilt page" is measured as an author sees it: ``explainer serve`` runs (in a
thread of this process, on a free port, over a copy of the project), the script rewrites
one example file (its title, alternately changed and restored) and waits for the page's
file to be replaced in the served folder; the figure is the time from the write to the
new file, the watcher's wait included (on Linux the kernel tells it at once, inotify;
elsewhere it lists every file every 0.1 s). Beside it: the rebuild alone (one
``build_site`` with the session's memo, told what changed as the watcher tells it), in
wall and CPU seconds, and a full build for comparison. The process collects cycles as
``explainer serve``'s own does (``explainer.cli``: the imports set aside, young
collections every 20 000 allocations).

How it is fast (``explainer/site/incremental.py``, ``build.py``, ``watch.py``): the
watcher tells the session's memo which files changed, so a rebuild neither lists the
project's folders nor looks at (``stat``) any other of their files; the memo keeps the
loader's reading of every other file (its model, problems and shown path), re-reads only
the edited file, rules only its scenario, keeps the catalogs' verdict, the Environment,
every other example's view, each folder's digest and each page's key; the manifest in
the output folder gives each page's key, so only the edited example's page is rendered,
in each language; and the site the last build replaced, kept beside the output, is
brought up to date (those pages, the manifest, the static files) and swapped in, rather
than every file linked into a new folder.
"""

from __future__ import annotations

import io
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from explainer.cli import _collect_less  # noqa: E402
from explainer.site.build import build_site  # noqa: E402
from explainer.site.incremental import Memo  # noqa: E402
from explainer.site.serve import changes, run_serve, snapshot  # noqa: E402

from build import make_project  # noqa: E402

SHIPPED_EXAMPLE = "scenarios/which-card/follow/01-follow-suit.yaml"
SHIPPED_PAGE = "en/which-card/index.html"


def copy_shipped(folder: Path) -> Path:
    """A copy of the shipped project's inputs."""
    root = folder / "shipped"
    for name in ("scenarios", "templates", "locales"):
        shutil.copytree(ROOT / name, root / name)
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    return root


class _Edits:
    """One example's title, changed and restored in turn."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.original = path.read_text(encoding="utf-8")
        self.count = 0

    def next(self) -> None:
        self.count += 1
        text = self.original
        if self.count % 2:
            text = text.replace("title: ", "title: Once more, ", 1)
        self.path.write_text(text, encoding="utf-8")


def _inode(path: Path) -> int | None:
    try:
        return path.stat().st_ino
    except OSError:
        return None


def _wait(predicate, limit: float = 120.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + limit
    while not predicate():
        if time.monotonic() > end:
            raise SystemExit("timed out")
        time.sleep(0.002)


def served(root: Path, example: str, page: str, repeat: int) -> list[float]:
    """Seconds from each save of ``example`` to ``page`` rebuilt, under ``serve``, over
    the folder :func:`rebuilds` built (its manifest is current: serve starts at once)."""
    out = root.parent / f"built-{root.name}"
    stream, stop = io.StringIO(), threading.Event()
    thread = threading.Thread(
        target=run_serve,
        kwargs={"root": root, "out": out, "port": 0, "out_stream": stream, "stop": stop},
        daemon=True,
    )
    thread.start()
    _wait(lambda: "serving" in stream.getvalue(), limit=3600.0)
    edits, times = _Edits(root / example), []
    for _ in range(repeat):
        time.sleep(0.3)  # the watcher is between polls, as when an author saves
        before = _inode(out / page)
        t0 = time.perf_counter()
        edits.next()
        _wait(lambda: _inode(out / page) not in (None, before))  # noqa: B023
        times.append(time.perf_counter() - t0)
    stop.set()
    thread.join()
    edits.path.write_text(edits.original, encoding="utf-8")
    return times


def rebuilds(root: Path, example: str, repeat: int) -> tuple[float, list[float], list[float]]:
    """A full build's seconds, then each rebuild's after an edit, with one memo: wall
    seconds and CPU seconds (this process's; under load the wall figure counts the time
    other programs had the cores, the CPU figure does not)."""
    out, memo = root.parent / f"built-{root.name}", Memo()
    seen = snapshot(root)  # before the build, as serve takes it
    t0 = time.perf_counter()
    assert build_site(root, out, None, force=True, memo=memo)[0] == 0
    full = time.perf_counter() - t0
    edits, times, cpu = _Edits(root / example), [], []
    for _ in range(repeat):
        edits.next()
        now = snapshot(root)  # as the watcher does, between polls
        memo.tell(changes(seen, now))
        seen = now
        t0, c0 = time.perf_counter(), time.process_time()
        assert build_site(root, out, None, memo=memo)[0] == 0
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    edits.path.write_text(edits.original, encoding="utf-8")
    return full, times, cpu


def _row(
    name: str, built: tuple[float, list[float], list[float]], save: list[float], target: float
) -> None:
    full, alone, cpu = built
    print(
        f"{name:<22}{full:>9.2f}s{statistics.median(alone):>10.3f}s"
        f"{statistics.median(cpu):>10.3f}s{statistics.median(save):>10.3f}s"
        f"{max(save):>9.3f}s   (target <= {target} s)",
        flush=True,
    )


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    _collect_less()
    print(f"Python {sys.version.split()[0]}; {os.cpu_count()} CPUs; load {os.getloadavg()[0]:.1f}")
    print(
        f"{'site':<22}{'full':>10}{'rebuild':>11}{'cpu':>11}{'save->page':>11}{'max':>10}",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="explainer-incremental-") as tmp:
        folder = Path(tmp)
        shipped = copy_shipped(folder)
        built = rebuilds(shipped, SHIPPED_EXAMPLE, 10)
        save = served(shipped, SHIPPED_EXAMPLE, SHIPPED_PAGE, 10)
        _row("shipped site", built, save, 0.3)
        if not quick:
            big = make_project(10_000, folder, pages=400)
            example, page = "scenarios/synthetic-242/04242.yaml", "en/synthetic-242/index.html"
            built = rebuilds(big, example, 5)
            save = served(big, example, page, 10)
            _row("10 000 examples", built, save, 0.5)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
