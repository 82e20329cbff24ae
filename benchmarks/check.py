"""Benchmark: ``explainer check`` over 10 000 generated scenarios vs a bare load-and-ask script.

The baseline only does the least any checker must: read each file with PyYAML's
``CSafeLoader`` (``yaml.load``) and ask the engine for the facts, without any validation,
locations or messages. Two measures: in-process (``run_check`` against
:func:`baseline`, neither side paying for start-up and imports), and from outside, as a
user runs it (``python -m explainer check DIR`` against ``python benchmarks/check.py
--baseline DIR``: interpreter start-up and imports count). Target: 1.2x.

    python benchmarks/check.py [N]

``python benchmarks/check.py --shipped`` times instead the check of this repository as a
user runs it, ``explainer check`` in a new process, without the law scenarios (their
own figure is the laws benchmark's): cold (an empty cache folder: the catalogs'
messages are extracted, in a second process where two CPUs are available, while the
first checks each catalog) and warm (the report read from the cache), then cold in one
process (``--jobs 1``). Target: under 1 s wall, cold and warm, as the check runs by
default on a 2-core machine; the CPU time is printed beside it. Python may write its
bytecode (into a temporary folder) and one run is made first to write it, since an
installed package has its bytecode.

``python benchmarks/check.py --laws`` times the whole shipped check, laws included, cold
(an empty user cache, as CI always starts) and warm, as ``explainer check`` runs by
default: the laws not cached checked in two processes where two CPUs are available
(``--jobs``), and cold once more in one process (``--jobs 1``). Target: 5 s wall-clock,
cold and warm, on a 2-core machine; the CPU time (of every process of the check) is
printed beside it, and is what a loaded machine does not distort. The default run prints
all three.
"""

from __future__ import annotations

import io
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import yaml

from explainer.check import run_check
from explainer.engine import (
    HOUSE,
    OFFICIAL,
    Contract,
    Seat,
    Trump,
    card_str,
    legal_cards,
    parse_card,
    play_deal,
    random_deal,
)
from explainer.scenarios.loader import load_file
from explainer.scenarios.runner import compute


def _play_text(rng: random.Random, i: int) -> str:
    trump = rng.choice(list(Trump))
    tricks = random_deal(rng, trump, rng.choice([HOUSE, OFFICIAL]), leader=Seat(rng.randrange(4)))
    trick = tricks[rng.randrange(8)]
    k = rng.randrange(4)
    seat = trick[k][0]
    hand = [c for t in tricks for s, c in t if s == seat][:8]
    hand = [c for c in hand if c not in [x for _, x in trick[:k]]]
    lines = [
        f"# generated play scenario {i}",
        "title: A generated example",
        f"contract: {{trump: {trump.word}, rules: house}}",
    ]
    if k:
        lines.append("trick:")
        lines += [f"  - {s.name}: {card_str(c)}" for s, c in trick[:k]]
    lines += [
        "hand:",
        f"  seat: {seat.name}",
        "  cards: [" + ", ".join(card_str(c) for c in hand) + "]",
    ]
    r = legal_cards(hand, [c for _, c in trick[:k]], trump, HOUSE)
    lines += [
        "expect:",
        "  legal: [" + ", ".join(card_str(c) for c in r.legal) + "]",
        f"  rule: {r.rule.value}",
        "text: |",
        f"  Which card may {seat.name} play?",
    ]
    return "\n".join(lines) + "\n"


def _deal_text(rng: random.Random, i: int) -> str:
    trump = Trump(rng.randrange(6))
    dealer = Seat(rng.randrange(4))
    tricks = random_deal(rng, trump, HOUSE, leader=dealer.next)
    taker = Seat(rng.randrange(4))
    lines = [
        f"# generated deal {i}",
        "kind: deal",
        "title: A generated deal",
        f"contract: {{trump: {trump.word}, taker: {taker.name}}}",
        f"dealer: {dealer.name}",
        "tricks:",
    ]
    lines += ["  - [" + ", ".join(f"{s.name}: {card_str(c)}" for s, c in t) + "]" for t in tricks]
    return "\n".join(lines) + "\n"


def generate(folder: Path, n: int, seed: int = 1) -> None:
    """``n`` scenarios: 90% plays, 10% whole deals; the deals get their expect filled."""
    rng = random.Random(seed)
    for i in range(n):
        text = _deal_text(rng, i) if i % 10 == 9 else _play_text(rng, i)
        (folder / f"s{i:05d}.yaml").write_text(text, encoding="utf-8")
    for f in sorted(folder.glob("*.yaml"))[9::10]:
        s, _ = load_file(f)
        facts = compute(s)  # type: ignore[arg-type]
        from explainer.scenarios.fill import flow

        f.write_text(
            f.read_text() + "expect:\n" + "".join(f"  {k}: {flow(v)}\n" for k, v in facts.items())
        )


def baseline(folder: Path) -> int:
    """Load each file with CSafeLoader and ask the engine; no validation at all."""
    n = 0
    for f in sorted(folder.rglob("*.yaml")):
        with open(f, encoding="utf-8") as fh:
            data = yaml.load(fh.read(), Loader=yaml.CSafeLoader)
        contract = data["contract"]
        trump = Trump.parse(contract["trump"])
        if data.get("kind") == "deal":
            tricks = [
                [(Seat.parse(s), parse_card(c)) for p in t for s, c in p.items()]
                for t in data["tricks"]
            ]
            play_deal(
                Contract(trump, taker=Seat.parse(contract["taker"])),
                tricks,
                HOUSE,
                dealer=Seat.parse(data["dealer"]),
            )
        else:
            trick = [parse_card(c) for p in data.get("trick") or () for c in p.values()]
            hand = [parse_card(c) for c in data["hand"]["cards"]]
            legal_cards(hand, trick, trump, HOUSE)
        n += 1
    return n


def _outside(argv: list[str], runs: int = 3) -> float:
    """The best wall time of ``runs`` runs of ``python argv...`` in a new process."""
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, *argv], check=False, capture_output=True)
        best = min(best, time.perf_counter() - t0)
    return best


def main(argv: list[str]) -> int:
    if argv[:1] == ["--shipped"]:
        return shipped(Path(__file__).resolve().parents[1])
    if argv[:1] == ["--laws"]:
        return with_laws()
    if argv[:1] == ["--baseline"]:
        baseline(Path(argv[1]))
        return 0
    n = int(argv[0]) if argv else 3_000
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        generate(folder, n)
        files = list(folder.glob("*.yaml"))
        baseline(folder)  # warm the OS cache and the engine's tables

        # Best of three, alternating, so that a neighbour's load skews both sides alike.
        t_base = t_check = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            count = baseline(folder)
            t_base = min(t_base, time.perf_counter() - t0)

            out = io.StringIO()
            t0 = time.perf_counter()
            code = run_check([str(folder)], root=folder, out=out)
            t_check = min(t_check, time.perf_counter() - t0)
        o_base = _outside([__file__, "--baseline", str(folder)])
        o_check = _outside(["-m", "explainer", "check", str(folder)])

    last = out.getvalue().splitlines()[-1]
    print(f"{len(files)} files ({count} loaded by the baseline)")
    print(f"baseline (yaml.load CSafeLoader + engine): {t_base:.2f} s  (best of 3)")
    print(
        f"explainer check (in-process):              {t_check:.2f} s  (best of 3) -> exit {code},"
        f" {last}"
    )
    print(f"ratio in-process: {t_check / t_base:.2f}x (target <= 1.2x)")
    print(f"from outside: baseline {o_base:.2f} s, explainer check {o_check:.2f} s (best of 3)")
    print(f"ratio from outside: {o_check / o_base:.2f}x (target <= 1.2x)")
    shipped(Path(__file__).resolve().parents[1])
    with_laws()
    return 0 if code == 0 else 1


# --- the shipped check, without laws ------------------------------------------------------

SHIPPED_TARGET = 1.0
"""Seconds of wall-clock time the check of the shipped scenarios and catalogs, without
laws, may take, cold and warm, as ``explainer check`` runs by default on a 2-core machine
(as the laws' target is set)."""


def _without_laws(root: Path, into: Path) -> int:
    """Copy what the check reads into ``into``, leaving out the ``kind: law`` scenarios;
    return how many were left out."""
    import shutil

    for name in ("scenarios", "locales", "templates", "explainer"):
        shutil.copytree(
            root / name, into / name, ignore=shutil.ignore_patterns("__pycache__"), symlinks=True
        )
    shutil.copy2(root / "pyproject.toml", into / "pyproject.toml")
    dropped = 0
    for f in into.joinpath("scenarios").rglob("*.y*ml"):
        if any(line.strip() == "kind: law" for line in f.read_text(encoding="utf-8").splitlines()):
            f.unlink()
            dropped += 1
    return dropped


def _timed_check(
    project: Path, env: dict[str, str], extra: Sequence[str] = ()
) -> tuple[float, float, str]:
    """Wall and CPU seconds of one ``explainer check`` in a new process (its workers' CPU
    included), and its last line."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "explainer", "check", *extra],
        cwd=project, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, (done.stdout.splitlines() or ["(no output)"])[-1]


Figures = list[tuple[float, float, str]]


def _cold_and_warm(
    project: Path, tmp: Path, runs: int, alone: Sequence[str] | None = None
) -> tuple[Figures, Figures, Figures]:
    """``runs`` times: a cold check (an empty user cache) then a warm one (the cache it
    wrote), and with ``alone`` a cold check with those extra arguments, after one run that
    writes the bytecode (an installed package has its bytecode)."""
    import os

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(tmp / "bytecode")
    env["XDG_CACHE_HOME"] = str(tmp / "primer")
    _timed_check(project, env)  # writes the bytecode
    cold: Figures = []
    warm: Figures = []
    other: Figures = []
    for n in range(runs):
        env["XDG_CACHE_HOME"] = str(tmp / f"cache{n}")  # empty: cold
        cold.append(_timed_check(project, env))
        warm.append(_timed_check(project, env))
        if alone is not None:
            env["XDG_CACHE_HOME"] = str(tmp / f"alone{n}")
            other.append(_timed_check(project, env, alone))
    return cold, warm, other


def shipped(root: Path, runs: int = 3) -> int:
    """Print the cold and warm figures of the shipped check without laws: as ``explainer
    check`` runs by default (cold, the sources extracted in a second process while this
    one checks each catalog, where two CPUs are available), and cold in one process."""
    import os
    import platform

    from explainer.scenarios.kinds.law_workers import default_jobs

    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp, "project")
        dropped = _without_laws(root, project)
        cold, warm, alone = _cold_and_warm(project, Path(tmp), runs, alone=["--jobs", "1"])
    jobs = default_jobs()
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python"
        f" {platform.python_version()}, load average {os.getloadavg()[0]:.1f}"
    )
    print(
        f"shipped check without laws ({dropped} law scenarios left out): {cold[0][2]}"
        f" ({jobs} process{'es' if jobs > 1 else ''} by default)"
    )
    rows = (("cold (extracts)", cold, True), ("warm (cached)", warm, True))
    for name, figures, target in (*rows, ("cold, --jobs 1", alone, False)):
        wall = min(f[0] for f in figures)
        cpu = min(f[1] for f in figures)
        verdict = "met" if wall < SHIPPED_TARGET else "NOT met"
        print(
            f"  {name:16} {wall:.2f} s wall, {cpu:.2f} s cpu (best of {runs})"
            + (f"; target < {SHIPPED_TARGET:.0f} s wall: {verdict}" if target else "")
        )
    return 0


# --- the shipped check, laws included -------------------------------------------------------

LAWS_TARGET = 5.0
"""Seconds of wall-clock time the shipped check (every scenario and law of the repository)
may take on a 2-core machine, cold as CI runs it (an empty user cache: every law checked
afresh, in two processes) and warm."""


def with_laws(runs: int = 3) -> int:
    """``explainer check`` on the repository's own scenarios, laws included, from outside,
    as in :func:`shipped` (bytecode written first): cold, each run with an empty user cache
    (every law checked over its positions and deals, the catalogs extracted), and warm,
    again with the cache that run wrote, both with the laws checked in the default number
    of processes; then cold in one process. Best of ``runs`` each, wall and CPU."""
    import os

    from explainer.scenarios.kinds.law_workers import default_jobs

    root = Path(__file__).resolve().parent.parent
    jobs = default_jobs()
    with tempfile.TemporaryDirectory() as tmp:
        cold, warm, alone = _cold_and_warm(root, Path(tmp), runs, alone=["--jobs", "1"])
    print(
        f"shipped check with laws: {cold[0][2]} (load average {os.getloadavg()[0]:.1f},"
        f" {os.cpu_count()} cores; laws checked in {jobs} process{'es' if jobs > 1 else ''})"
    )
    rows = (
        ("cold (no cache)", cold, True),
        ("warm (cached)", warm, True),
        ("cold, --jobs 1", alone, False),
    )
    for name, figures, target in rows:
        wall = min(f[0] for f in figures)
        cpu = min(f[1] for f in figures)
        verdict = "met" if wall <= LAWS_TARGET else "NOT met"
        print(
            f"  {name:16} {wall:.2f} s wall, {cpu:.2f} s cpu (best of {runs})"
            + (f"; target <= {LAWS_TARGET:.0f} s wall: {verdict}" if target else "")
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
