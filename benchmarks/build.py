"""Site build figures: the shipped site, synthetic sites of 1 000 and 10 000 play
examples, and a rebuild with nothing changed.

Run ``python benchmarks/build.py`` (``--quick`` skips the 10 000-example site). It
prints figures (CPU seconds of this process, the median of the runs) and never fails;
the targets are shown beside them:

* the shipped site builds in under 1 s;
* 10x the content takes at most 10x the time (1 000 -> 10 000 examples);
* a rebuild with nothing changed takes at most 20 % of a full build.

How the no-op rebuild is fast: a build whose check passed writes a digest of all its
inputs (scenarios, templates, catalogs, the package's code, the libraries' versions,
the base URL) into its manifest, ``<out>/.explainer-build``. When the digest is unchanged the check
would answer the same, so the build neither checks nor renders again; any change to
any input changes the digest and the next build checks everything (and renders only the
files whose own inputs changed: ``benchmarks/incremental.py``). ``--force`` in the API (``run_build(force=True)``)
renders anyway, and is what "full build" means below.

Synthetic sites are the real project (its three languages: en, fr, pl, with their
catalogs) plus one generated page of N random play positions in 20 sections, each
with its ``expect`` computed by the engine so that the check passes.
"""

from __future__ import annotations

import io
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from explainer.engine import (  # noqa: E402
    PRESETS,
    Seat,
    Trump,
    card_str,
    legal_cards,
)
from explainer.site.build import gather, render_site, run_build  # noqa: E402

SUITS = ("spades", "hearts", "diamonds", "clubs", "none", "all")


def _position(rng: random.Random) -> tuple[list[int], list[int]]:
    deck = list(range(32))
    rng.shuffle(deck)
    n = rng.randint(0, 3)
    return deck[:n], deck[n : n + rng.randint(1, 8)]


def make_project(n: int, folder: Path, seed: int = 1, pages: int = 1) -> Path:
    """A copy of the real project with ``n`` generated play examples on ``pages`` more
    pages (``synthetic``, or ``synthetic-000`` ... when there are several)."""
    root = folder / (f"project-{n}" + ("" if pages == 1 else f"-{pages}"))
    for name in ("scenarios", "templates", "locales"):
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, root / name)
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    ids = ["synthetic"] if pages == 1 else [f"synthetic-{k:03d}" for k in range(pages)]
    sections = 20
    for order, page_id in enumerate(ids, start=9):
        (root / "scenarios" / page_id).mkdir()
        (root / "scenarios" / page_id / "page.yaml").write_text(
            _page_text(page_id, order, sections), encoding="utf-8"
        )
    rng = random.Random(seed)
    for i in range(n):
        page_id = ids[i % pages]
        text = _example_text(rng, i, page_id, f"part-{(i // pages) % sections}")
        (root / "scenarios" / page_id / f"{i:05d}.yaml").write_text(text, encoding="utf-8")
    return root


def _page_text(page_id: str, order: int, sections: int) -> str:
    lines = [
        f"id: {page_id}",
        f"order: {order}",
        "title: Synthetic examples",
        "intro: |",
        "  Generated for the build benchmark.",
        "sections:",
    ]
    for k in range(sections):
        lines += [
            f"  - id: part-{k}",
            f"    title: Part {k}",
            "    text: |",
            f"      Generated examples, part {k}. Lead {{KS}} or {{10H}}.",
        ]
    return "\n".join(lines) + "\n"


def _example_text(rng: random.Random, i: int, page_id: str, section: str) -> str:
    trump = rng.choice(SUITS)
    preset = rng.choice(sorted(PRESETS))
    trick, hand = _position(rng)
    leader = Seat(rng.randrange(4))
    seats = [leader.after(k) for k in range(len(trick))]
    seat = leader.after(len(trick))
    ruling = legal_cards(hand, trick, Trump.parse(trump), PRESETS[preset])
    text = [
        f"id: synthetic-{i:05d}",
        "title: A synthetic example",
        f"page: {page_id}",
        f"section: {section}",
        f"order: {i}",
        f"contract: {{game: belote, rules: {preset}, trump: {trump}}}",
    ]
    if trick:
        text.append(
            "trick: ["
            + ", ".join(f"{s.name}: {card_str(c)}" for s, c in zip(seats, trick, strict=False))
            + "]"
        )
    text += [
        f"hand: {{seat: {seat.name}, cards: [{', '.join(card_str(c) for c in hand)}]}}",
        "expect:",
        f"  legal: [{', '.join(card_str(c) for c in ruling.legal)}]",
        f"  rule: {ruling.rule.value}",
        "text: |",
        f"  {seat.name} holds {' '.join('{' + card_str(c) + '}' for c in hand)}.",
        "",
        "  The engine decides which of them may be played, and *why*.",
    ]
    return "\n".join(text) + "\n"


def _time(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    """The median CPU time of ``repeat`` calls: the machine is shared, and wall time
    counts the other programs' turns."""
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return statistics.median(times)


def measure(root: Path, out: Path, repeat: int) -> dict[str, float]:
    """Full build (forced), its two halves, and a no-op rebuild, in seconds."""
    sink = io.StringIO()

    def full() -> None:
        assert run_build(root, out, None, sink, force=True) == 0, sink.getvalue()[-2000:]

    def noop() -> None:
        assert run_build(root, out, None, sink) == 0

    figures = {"full": _time(full, repeat)}
    site, problems = gather(root)
    assert site is not None and not problems
    figures["check"] = _time(lambda: gather(root), repeat)
    figures["render"] = _time(lambda: render_site(site, "https://example.invalid/"), repeat)
    figures["noop"] = _time(noop, repeat)
    figures["files"] = float(sum(1 for p in out.rglob("*") if p.is_file()))
    return figures


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    print(
        f"Python {sys.version.split()[0]}; {len(list((ROOT / 'locales').glob('*/LC_MESSAGES/messages.po'))) + 1} languages"
    )
    rows = []
    with tempfile.TemporaryDirectory(prefix="explainer-bench-") as tmp:
        folder = Path(tmp)
        rows.append(("shipped site", measure(ROOT, folder / "out-shipped", 5)))
        for n in (1_000,) if quick else (1_000, 10_000):
            t0 = time.perf_counter()
            root = make_project(n, folder)
            made = time.perf_counter() - t0
            print(f"(generated {n} examples in {made:.1f} s)")
            rows.append((f"{n} examples", measure(root, folder / f"out-{n}", 3 if n < 5000 else 1)))
    print()
    print("CPU seconds, median of the runs")
    print(f"{'site':<16}{'files':>7}{'full':>9}{'check':>9}{'render':>9}{'no-op':>9}{'no-op %':>9}")
    for name, f in rows:
        print(
            f"{name:<16}{int(f['files']):>7}{f['full']:>8.3f}s{f['check']:>8.3f}s"
            f"{f['render']:>8.3f}s{f['noop']:>8.3f}s{100 * f['noop'] / f['full']:>8.0f}%"
        )
    print()
    shipped = rows[0][1]["full"]
    print(f"shipped site: {shipped:.3f} s (target < 1 s)")
    if len(rows) == 3:
        ratio = rows[2][1]["full"] / rows[1][1]["full"]
        print(
            f"10 000 vs 1 000 examples: {ratio:.1f}x the time for 10x the content (target <= 10x)"
        )
    for name, f in rows:
        print(
            f"no-op rebuild, {name}: {100 * f['noop'] / f['full']:.0f}% of a full build"
            " (target <= 20%)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
