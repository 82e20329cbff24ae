"""Benchmark: ``explainer check`` against a bare script, and the check of this repository.

``python benchmarks/check.py [N ...]`` (default 3000 and 10000) generates N scenarios
(nine plays in ten, a whole deal in ten, every one true) and times, in new processes
of this one process tree, alternately (so that a neighbour's load skews both alike),
:data:`ROUNDS` times each: ``python benchmarks/bare.py DIR`` (the least any checker must
do: PyYAML's C loader and a small engine of its own, nothing of the project imported)
and ``python -m explainer check DIR`` as a user runs it (default ``--jobs``). Python
writes its bytecode into a temporary folder first (an installed package has its
bytecode). It prints wall and CPU time (the process and its children) of each, the
median and the best, and the ratio of the medians. Target: :data:`RATIO_TARGET`.

``--compare PATH`` times beside them, in the same alternation, the check of another
checkout of the project (``PATH`` is its root: a ``git worktree`` of ``main``, or
``git archive main | tar -x -C PATH``): the figures of the code before and after a
change, taken side by side on a machine whose speed swings from minute to minute. That
checkout's code runs from its own folder (``python -P``, its folder first on
``PYTHONPATH``; with ``--shipped`` and ``--laws`` it checks its own copy of the project,
as a user of that checkout would).

``python benchmarks/check.py --shipped`` times instead the check of this repository as a
user runs it, ``explainer check`` in a new process, without the law scenarios (their
own figure is ``--laws``): cold (an empty cache folder: the catalogs'
messages are extracted, in a second process where two CPUs are available, while the
first checks each catalog) and warm (the report read from the cache), then cold in one
process (``--jobs 1``). Target: under 1 s wall, cold and warm, as the check runs by
default on a 2-core machine; the CPU time is printed beside it.

``python benchmarks/check.py --laws`` times the whole shipped check, laws included, cold
(an empty user cache, as CI always starts) and warm, as ``explainer check`` runs by
default: the laws not cached checked in two processes where two CPUs are available
(``--jobs``), and cold once more in one process (``--jobs 1``). Target: cold
:data:`LAWS_TARGET` s wall and :data:`LAWS_CPU_TARGET` s of CPU (of every process of the
check) on a 2-core machine. ``--compare PATH`` applies to both.
"""

from __future__ import annotations

import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from explainer.engine import (
    HOUSE,
    OFFICIAL,
    Seat,
    Trump,
    card_str,
    legal_cards,
    random_deal,
)
from explainer.scenarios.loader import load_file
from explainer.scenarios.runner import compute

ROUNDS = 5
"""Runs of each side, alternately."""
RATIO_TARGET = 1.2
"""``explainer check`` may take at most this many times the bare script's time."""
BARE = Path(__file__).with_name("bare.py")


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
    from explainer.scenarios.fill import flow

    rng = random.Random(seed)
    for i in range(n):
        text = _deal_text(rng, i) if i % 10 == 9 else _play_text(rng, i)
        (folder / f"s{i:05d}.yaml").write_text(text, encoding="utf-8")
    for f in sorted(folder.glob("*.yaml"))[9::10]:
        s, _ = load_file(f)
        facts = compute(s)  # type: ignore[arg-type]
        f.write_text(
            f.read_text() + "expect:\n" + "".join(f"  {k}: {flow(v)}\n" for k, v in facts.items())
        )


def _env(bytecode: Path, code: Path | None = None) -> dict[str, str]:
    """The environment of a timed process: bytecode written (into ``bytecode``), and
    ``code`` (another checkout) first on the path when given."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(bytecode)
    if code is not None:
        env["PYTHONPATH"] = str(code)
    return env


def _timed(
    argv: Sequence[str], env: dict[str, str], cwd: Path | None = None
) -> tuple[float, float, str]:
    """Wall and CPU seconds of ``python argv...`` in a new process (its children's CPU
    included), and the last line it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(
        [sys.executable, *argv], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, (done.stdout.splitlines() or ["(no output)"])[-1]


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (5 min {five:.1f})"


def machine() -> str:
    """The machine, as the speed table names it."""
    return (
        f"{_cpu_model()} ({platform.machine()}), {os.cpu_count()} cores,"
        f" Python {platform.python_version()}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"
    )


def _cpu_model() -> str:
    """The processor's name as Linux gives it (``/proc/cpuinfo``), else the platform's."""
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return platform.processor() or "unknown CPU"
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "model name":
            return value.strip()
    return platform.processor() or "unknown CPU"


Figures = list[tuple[float, float, str]]


def _row(name: str, figures: Figures) -> str:
    walls = [f[0] for f in figures]
    cpus = [f[1] for f in figures]
    return (
        f"  {name:30} wall median {statistics.median(walls):5.2f} s (best {min(walls):5.2f}),"
        f" cpu median {statistics.median(cpus):5.2f} s (best {min(cpus):5.2f})"
    )


def against_bare(n: int, compare: Path | None, rounds: int = ROUNDS) -> float:
    """Time the bare script and the check over ``n`` generated scenarios (module
    docstring); print the figures; return the ratio of the median CPU times."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp, "scenarios")
        folder.mkdir()
        generate(folder, n)
        sides: list[tuple[str, list[str], dict[str, str]]] = [
            ("bare script", [str(BARE), str(folder)], _env(Path(tmp, "b1"))),
            ("explainer check", ["-m", "explainer", "check", str(folder)], _env(Path(tmp, "b1"))),
        ]
        if compare is not None:
            sides.append(
                (
                    f"explainer check of {compare.name}",
                    ["-P", "-m", "explainer", "check", str(folder)],
                    _env(Path(tmp, "b2"), compare),
                )
            )
        for _, argv, env in sides:  # writes the bytecode
            _timed(argv, env)
        load_before = _load()
        figures: list[Figures] = [[] for _ in sides]
        for _ in range(rounds):
            for (_, argv, env), mine in zip(sides, figures, strict=True):
                mine.append(_timed(argv, env))
    print(f"{n} generated scenarios ({machine()}; {load_before}, after: {_load()})")
    for (name, _, _), mine in zip(sides, figures, strict=True):
        print(_row(name, mine) + f" -> {mine[-1][2]}")
    base = statistics.median(f[1] for f in figures[0])
    ratio = statistics.median(f[1] for f in figures[1]) / base
    wall = statistics.median(f[0] for f in figures[1]) / statistics.median(f[0] for f in figures[0])
    verdict = "met" if ratio <= RATIO_TARGET else "NOT met"
    print(
        f"  ratio (medians): cpu {ratio:.2f}x, wall {wall:.2f}x; target <= {RATIO_TARGET}x: {verdict}"
    )
    if compare is not None:
        other = statistics.median(f[1] for f in figures[2]) / base
        print(f"  {compare.name}'s ratio (medians): cpu {other:.2f}x")
    return ratio


def main(argv: list[str]) -> int:
    compare = None
    if "--compare" in argv:
        i = argv.index("--compare")
        compare = Path(argv[i + 1]).resolve()
        del argv[i : i + 2]
    if argv[:1] == ["--shipped"]:
        return shipped(Path(__file__).resolve().parents[1], compare)
    if argv[:1] == ["--laws"]:
        return with_laws(compare)
    for n in [int(a) for a in argv] or [3_000, 10_000]:
        against_bare(n, compare)
    return 0


# --- the shipped check, without laws ------------------------------------------------------

SHIPPED_TARGET = 1.0
"""Seconds of wall-clock time the check of the shipped scenarios and catalogs, without
laws, may take, cold and warm, as ``explainer check`` runs by default on a 2-core machine."""


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


def _cold_and_warm(project: Path, tmp: Path, runs: int, compare: Path | None) -> dict[str, Figures]:
    """``runs`` times, alternately: a cold check (an empty user cache) then a warm one
    (the cache it wrote), a cold one in one process (``--jobs 1``), and with ``compare``
    (the root of another checkout's project) a cold one of that checkout, run in its own
    folder; after one run of each that writes the bytecode.

    Each side runs ``python -m explainer`` in its project's folder, which Python puts
    first on the path: the code checked is that folder's own ``explainer`` (a
    ``PYTHONPATH`` would come after it), and so are the theme's catalogs it checks."""
    sides = [("", _env(tmp / "bytecode"), project)]
    if compare is not None:
        sides.append((compare.name, _env(tmp / "bytecode2"), compare))
    for _, env, where in sides:
        _timed(["-m", "explainer", "check"], {**env, "XDG_CACHE_HOME": str(tmp / "primer")}, where)
    out: dict[str, Figures] = {}
    check = ["-m", "explainer", "check"]
    for n in range(runs):
        for label, env, where in sides:
            cold = {**env, "XDG_CACHE_HOME": str(tmp / f"cache{label}{n}")}  # empty: cold
            name = f"{label}: cold" if label else "cold (no cache)"
            out.setdefault(name, []).append(_timed(check, cold, where))
            if label:
                continue
            out.setdefault("warm (cached)", []).append(_timed(check, cold, where))
            alone = {**env, "XDG_CACHE_HOME": str(tmp / f"alone{n}")}
            out.setdefault("cold, --jobs 1", []).append(
                _timed([*check, "--jobs", "1"], alone, where)
            )
    return out


def _print_figures(
    figures: dict[str, Figures], wall_target: float, cpu_target: float | None
) -> None:
    for name, rows in figures.items():
        line = _row(name, rows)
        if name in ("cold (no cache)", "warm (cached)"):
            wall = statistics.median(f[0] for f in rows)
            cpu = statistics.median(f[1] for f in rows)
            verdict = "met" if wall <= wall_target else "NOT met"
            line += f"; target <= {wall_target} s wall: {verdict}"
            if cpu_target is not None and name.startswith("cold"):
                verdict = "met" if cpu <= cpu_target else "NOT met"
                line += f", <= {cpu_target} s cpu: {verdict}"
        print(line)


def shipped(root: Path, compare: Path | None = None, runs: int = 3) -> int:
    """Print the cold and warm figures of the shipped check without laws: as ``explainer
    check`` runs by default (cold, the sources extracted in a second process while this
    one checks each catalog, where two CPUs are available), and cold in one process."""
    from explainer.scenarios.kinds.law_workers import default_jobs

    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp, "project")
        dropped = _without_laws(root, project)
        other = None
        if compare is not None:
            other = Path(tmp, compare.name)
            _without_laws(compare, other)
        load_before = _load()
        figures = _cold_and_warm(project, Path(tmp), runs, other)
    jobs = default_jobs()
    print(f"machine: {machine()}; {load_before}, after: {_load()}")
    print(
        f"shipped check without laws ({dropped} law scenarios left out):"
        f" {figures['cold (no cache)'][0][2]} ({jobs} process{'es' if jobs > 1 else ''} by default)"
    )
    _print_figures(figures, SHIPPED_TARGET, None)
    return 0


# --- the shipped check, laws included -------------------------------------------------------

LAWS_TARGET = 0.8
"""Seconds of wall-clock time a cold check of this repository (every scenario and law,
an empty user cache as CI always starts: every law checked afresh) may take as it runs
by default on a 2-core machine."""
LAWS_CPU_TARGET = 1.2
"""Seconds of CPU time (every process of the check) the same cold check may take."""


def with_laws(compare: Path | None = None, runs: int = 3) -> int:
    """``explainer check`` on the repository's own scenarios, laws included, from outside
    (bytecode written first), alternately: cold, each run with an empty user cache (every
    law checked over its positions and deals, the catalogs extracted), warm (the cache
    that run wrote), both with the laws checked in the default number of processes; cold
    in one process; and with ``compare`` cold with that checkout. Median and best of
    ``runs`` each, wall and CPU."""
    from explainer.scenarios.kinds.law_workers import default_jobs

    root = Path(__file__).resolve().parent.parent
    jobs = default_jobs()
    load_before = _load()
    with tempfile.TemporaryDirectory() as tmp:
        figures = _cold_and_warm(root, Path(tmp), runs, compare)
    print(f"machine: {machine()}; {load_before}, after: {_load()}")
    print(
        f"shipped check with laws: {figures['cold (no cache)'][0][2]}"
        f" (laws checked in {jobs} process{'es' if jobs > 1 else ''})"
    )
    _print_figures(figures, LAWS_TARGET, LAWS_CPU_TARGET)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
