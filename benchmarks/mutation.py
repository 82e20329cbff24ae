"""Mutation score of the engine and the scenario check, module by module (issue 16).

Run ``python benchmarks/mutation.py`` from the repository root, in a virtualenv with the
``mutation`` extra (``pip install -e '.[mutation,test]'``). Slow (hours for everything on
two cores) and never part of CI. For each module it:

1. runs ``mutmut run --max-children N '<module>.x*'`` ([tool.mutmut] in pyproject.toml:
   mutmut copies the code into ``mutants/`` and runs the fast test selection there);
2. re-runs every mutant mutmut did not kill in a fresh process (``MUTANT_UNDER_TEST`` set
   before anything is imported): mutmut's workers fork after the import, so a mutant of
   code that runs at import time (the lookup tables, the presets) looks like a survivor
   or as covered by an unrelated test. A survivor re-runs the tests mutmut found
   covering it and its package's test folder (``-x``, ``--max-children`` at a time);
3. prints killed / total and the score per module beside the 95 % target, the
   survivors (``mutmut show NAME`` shows one), and the equivalent mutants set aside
   (``benchmarks/equivalent-mutants.txt``: a mutant name and a one-line reason a line).

``--report`` only reads the results already in ``mutants/``; ``--recheck`` only re-runs
the survivors so far, with the tests as they are now (after adding tests).
``--in-process`` re-runs the survivors one after another in a single fresh process, the
mutant named before each ``pytest.main`` (mutmut's trampolines read the name at every
call): seconds a mutant instead of the import's 15-25 s, but blind to mutants of code that
runs at import time. The unmutated tests run before each mutant; if they fail (a cache
spoilt by the mutant before), the process is replaced, so a kill always follows a clean
pass.

mutmut forgets every recorded result when the test selection changes, so the score of each
module is also kept, with its date and selection, in ``mutants/mutation-scores.json``;
``--report`` prints a kept score for a module whose results mutmut has dropped. Modules can be named
(``explainer.engine.cards``); the default is every module of ``explainer/engine/`` and
``explainer/scenarios/``, the ones issue 16 scored lowest first.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import io
import json
import os
import re
import shutil
import subprocess
import sys
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"
EQUIVALENT = Path(__file__).resolve().parent / "equivalent-mutants.txt"
RECHECKED = MUTANTS / "mutation-rechecked.json"
SCORES = MUTANTS / "mutation-scores.json"
TARGET = 95.0
PACKAGES = ("explainer/engine", "explainer/scenarios")
FIRST = (
    "explainer.scenarios.facts",
    "explainer.scenarios.kinds",
    "explainer.scenarios.runner",
    "explainer.engine.contract",
    "explainer.engine.errors",
    "explainer.engine.play",
    "explainer.engine.cards",
    "explainer.engine.simulate",
    "explainer.engine.coinche",
)
"""The order of a full run: issue 16's lowest scores first."""
PYTEST = ("-p", "no:cacheprovider", "-p", "no:randomly", "-n", "0", "--hypothesis-profile=mutation")
KILLED = {1, 3, 24, 36, 152, 255, -24, -11, -9}
"""mutmut's exit codes of a killed mutant: a failing test, an error, a timeout, a crash."""
UNTESTED = {5, 33}
NO_VERDICT = {4, 5}
"""pytest's exit codes of a usage error (a test path that does not exist) and of no test
collected: no verdict on the mutant, not a kill."""
MODULE_OF = re.compile(r"^(.*?)\.x(?:_|ǁ)")


@dataclass(frozen=True, slots=True)
class Score:
    """One module's figures: mutants killed out of the total, equivalents left out."""

    module: str
    killed: int
    total: int
    equivalent: int
    survivors: tuple[str, ...]

    @property
    def percent(self) -> float:
        return 100.0 * self.killed / self.total if self.total else 100.0


def all_modules() -> list[str]:
    """Every module of the two packages, dotted, ``FIRST`` ones first."""
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).with_suffix("")
            parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
            found.append(".".join(parts))

    def rank(module: str) -> tuple[int, str]:
        hits = [i for i, f in enumerate(FIRST) if module == f or module.startswith(f + ".")]
        return (hits[0] if hits else len(FIRST), module)

    return sorted(found, key=rank)


def run_mutmut(module: str, max_children: int) -> None:
    """Test the mutants of one module (mutmut keeps results; re-runs what changed)."""
    cmd = ["mutmut", "run", "--max-children", str(max_children), f"{module}.x*"]
    exe = Path(sys.executable).parent / "mutmut"
    cmd[0] = str(exe) if exe.exists() else "mutmut"
    print(f"== {module}: {' '.join(cmd[1:])}", flush=True)
    subprocess.run(cmd, cwd=ROOT, check=False)


def exit_codes() -> dict[str, int | None]:
    """mutmut's exit code of every mutant generated so far, by mutant name."""
    codes: dict[str, int | None] = {}
    for meta in sorted(MUTANTS.rglob("*.py.meta")):
        codes.update(json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"])
    return codes


def covering_tests() -> dict[str, list[str]]:
    """The tests that call each mutated function, as mutmut recorded them."""
    path = MUTANTS / "mutmut-stats.json"
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {k: sorted(v) for k, v in data["tests_by_mangled_function_name"].items()}


def recheck(name: str, tests: list[str]) -> bool:
    """Whether the mutant is killed when ``tests`` run in a fresh process (no tests: not
    killed; pytest without paths would run the whole suite, minutes per mutant)."""
    if not tests:
        return False
    env = {**os.environ, "MUTANT_UNDER_TEST": name, "PYTHONPATH": str(MUTANTS)}
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", *PYTEST, *tests]
    try:
        done = subprocess.run(cmd, cwd=MUTANTS, env=env, capture_output=True, timeout=900)
    except subprocess.TimeoutExpired:
        return True
    if done.returncode in NO_VERDICT:
        sys.exit(f"recheck of {name}: pytest could not run {' '.join(tests)}:\n{done.stdout!r}")
    return done.returncode != 0


CLEAN = "none"
"""The mutant name under which every trampoline calls the original function."""


def serve(jobs: list[tuple[str, list[str]]]) -> int:
    """Child of ``--in-process``: run each mutant's tests here, after the unmutated ones,
    and print one JSON verdict a line; stop (exit 3) when the unmutated tests fail, so the
    parent starts a clean process for the rest, or (exit 2) when pytest cannot run them."""
    import pytest  # noqa: PLC0415 - only the child needs it

    def run(name: str, tests: list[str]) -> int:
        os.environ["MUTANT_UNDER_TEST"] = name
        with contextlib.redirect_stdout(io.StringIO()):  # stdout carries the verdicts
            return int(pytest.main(["-x", "-q", *PYTEST, *tests]))

    for name, tests in jobs:
        codes = [run(CLEAN, tests)]
        if codes[0] == 0:
            codes.append(run(name, tests))
        if codes[-1] in NO_VERDICT:
            print(json.dumps({"name": name, "usage": codes[-1], "tests": tests}), flush=True)
            return 2
        if codes[0] != 0:
            print(json.dumps({"clean": False, "tests": tests}), flush=True)
            return 3
        print(json.dumps({"name": name, "killed": codes[1] != 0}), flush=True)
    return 0


def recheck_in_process(jobs: list[tuple[str, list[str]]]) -> dict[str, bool]:
    """Verdicts for ``jobs`` (mutant, tests) from as few fresh processes as a clean run
    allows: a process whose unmutated tests fail is replaced, its last verdict kept."""
    verdicts: dict[str, bool] = {}
    env = {**os.environ, "PYTHONPATH": str(MUTANTS)}
    while len(verdicts) < len(jobs):
        todo = [j for j in jobs if j[0] not in verdicts]
        cmd = [sys.executable, str(Path(__file__).resolve()), "--serve"]
        child = subprocess.Popen(
            cmd, cwd=MUTANTS, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write(json.dumps(todo))
        child.stdin.close()
        before = len(verdicts)
        for line in child.stdout:
            if not line.startswith("{"):
                continue
            said = json.loads(line)
            if "usage" in said:
                sys.exit(f"recheck of {said['name']}: pytest could not run {said['tests']}")
            if "killed" in said:
                verdicts[said["name"]] = said["killed"]
                verdict = "killed" if said["killed"] else "survived"
                print(f"   recheck {len(verdicts)}/{len(jobs)} {said['name']}: {verdict}")
        child.wait()
        if len(verdicts) == before:
            sys.exit(f"the unmutated tests fail in {MUTANTS}: {' '.join(todo[0][1])}")
    return verdicts


def tests_for(
    name: str,
    covering: dict[str, list[str]],
    first: list[str],
    *,
    folder: bool = True,
    only_first: bool = False,
) -> list[str]:
    """``first`` (tests written since mutmut's run), the tests that called the mutant's
    function, then its package's test folder: mutmut records a function called at import
    time against whichever test imported it first."""
    package = "tests/scenarios/" if name.startswith("explainer.scenarios.") else "tests/engine/"
    mine = covering.get(name.partition("__mutmut_")[0], [])
    if only_first:
        return first
    if not folder:
        return [*first, *mine]
    return [*first, *(t for t in mine if not t.startswith(package)), package]


def load_rechecked() -> dict[str, dict[str, object]]:
    if RECHECKED.exists():
        data: dict[str, dict[str, object]] = json.loads(RECHECKED.read_text(encoding="utf-8"))
        return data
    return {}


def recheck_module(
    module: str,
    codes: dict[str, int | None],
    max_children: int,
    first: list[str],
    *,
    folder: bool = True,
    only_first: bool = False,
    in_process: bool = False,
) -> None:
    """Re-run the module's mutants mutmut did not kill, each in a fresh process (or all in
    one, ``in_process``), with the tests as they are now (copied into ``mutants/``). A
    kill is kept; a survivor is re-run next time (a test may have been added since)."""
    shutil.copytree(ROOT / "tests", MUTANTS / "tests", dirs_exist_ok=True)
    covering = covering_tests()
    done = load_rechecked()
    todo = [
        n
        for n, code in codes.items()
        if module_of(n) == module
        and code is not None
        and code not in KILLED
        and not (done.get(n, {}).get("code") == code and done[n]["killed"])
    ]
    jobs = [(n, tests_for(n, covering, first, folder=folder, only_first=only_first)) for n in todo]
    if in_process:
        found = recheck_in_process([(n, t) for n, t in jobs if t])
        for name in todo:
            done[name] = {"code": codes[name], "killed": found.get(name, False)}
        RECHECKED.write_text(json.dumps(done, indent=1, sort_keys=True), encoding="utf-8")
        return
    with ThreadPoolExecutor(max_workers=max_children) as pool:
        verdicts = pool.map(lambda job: recheck(*job), jobs)
        for i, (name, killed) in enumerate(zip(todo, verdicts, strict=True), 1):
            verdict = "killed" if killed else "survived"
            print(f"   recheck {i}/{len(todo)} {name}: {verdict}", flush=True)
            done[name] = {"code": codes[name], "killed": killed}
            RECHECKED.write_text(json.dumps(done, indent=1, sort_keys=True), encoding="utf-8")


def module_of(name: str) -> str:
    m = MODULE_OF.match(name)
    return m.group(1) if m else name


def equivalents() -> dict[str, str]:
    """The equivalent mutants set aside: name -> reason."""
    out = {}
    if EQUIVALENT.exists():
        for line in EQUIVALENT.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                name, _, reason = line.partition(" ")
                out[name] = reason.strip()
    return out


def score(module: str, codes: dict[str, int | None]) -> Score | None:
    """The module's score, or ``None`` when some of its mutants were never tested."""
    mine = {n: c for n, c in codes.items() if module_of(n) == module}
    if not mine or any(c is None for c in mine.values()):
        return None
    rechecked = load_rechecked()
    aside = equivalents()
    counted = [n for n in mine if n not in aside]
    survivors = tuple(
        sorted(
            n
            for n in counted
            if mine[n] not in KILLED
            and not (rechecked.get(n, {}).get("code") == mine[n] and rechecked[n]["killed"])
        )
    )
    return Score(
        module, len(counted) - len(survivors), len(counted), len(mine) - len(counted), survivors
    )


def selection() -> list[str]:
    """mutmut's test selection, as ``pyproject.toml`` sets it now."""
    import tomllib  # noqa: PLC0415 - Python 3.11+, only the report needs it

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    chosen: list[str] = config["tool"]["mutmut"]["pytest_add_cli_args_test_selection"]
    return chosen


def kept_scores() -> dict[str, dict[str, Any]]:
    """The scores kept by earlier reports, by module (mutmut may have dropped the rest)."""
    if SCORES.exists():
        kept: dict[str, dict[str, Any]] = json.loads(SCORES.read_text(encoding="utf-8"))
        return kept
    return {}


def keep(scores: list[Score]) -> dict[str, dict[str, Any]]:
    """Add ``scores`` to the kept ones, each with today's date and the test selection."""
    kept = kept_scores()
    today, chosen = datetime.date.today().isoformat(), selection()
    for s in scores:
        kept[s.module] = {
            "killed": s.killed,
            "total": s.total,
            "equivalent": s.equivalent,
            "survivors": list(s.survivors),
            "date": today,
            "selection": chosen,
        }
    if scores:
        MUTANTS.mkdir(exist_ok=True)
        SCORES.write_text(json.dumps(kept, indent=1, sort_keys=True), encoding="utf-8")
    return kept


def from_kept(module: str, kept: dict[str, dict[str, Any]]) -> Score | None:
    """A module's kept score, or ``None`` when none was kept."""
    if module not in kept:
        return None
    k = kept[module]
    return Score(module, k["killed"], k["total"], k["equivalent"], tuple(k["survivors"]))


def report(modules: list[str], codes: dict[str, int | None]) -> None:
    """Print the score per module, the total, and the equivalent mutants set aside."""
    print(f"\n{'module':<42} {'killed/total':>13} {'score':>7}  (target {TARGET:.0f} %)")
    killed = total = 0
    missing = []
    live = {m: score(m, codes) for m in modules}
    kept = keep([s for s in live.values() if s is not None])
    for module in modules:
        s = live[module] or from_kept(module, kept)
        if s is None:
            missing.append(module)
            continue
        when = "" if live[module] else f" (kept from {kept[module]['date']})"
        killed, total = killed + s.killed, total + s.total
        mark = "ok" if s.percent >= TARGET else "below"
        aside = f", {s.equivalent} equivalent set aside" if s.equivalent else ""
        print(f"{module:<42} {s.killed:>6}/{s.total:<6} {s.percent:6.1f} %  {mark}{aside}{when}")
        for name in s.survivors:
            print(f"    survived: {name}")
    if total:
        print(f"{'measured, together':<42} {killed:>6}/{total:<6} {100 * killed / total:6.1f} %")
    if missing:
        print("not measured: " + ", ".join(missing))
    groups: dict[str, list[str]] = defaultdict(list)
    for name, reason in equivalents().items():
        groups[module_of(name)].append(f"    {name}: {reason}")
    if groups:
        print("\nequivalent mutants set aside (benchmarks/equivalent-mutants.txt):")
        for module in sorted(groups):
            print("\n".join(groups[module]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("modules", nargs="*", help="dotted module names (default: all)")
    parser.add_argument("--max-children", type=int, default=2)
    parser.add_argument("--report", action="store_true", help="only print the results so far")
    parser.add_argument(
        "--first", nargs="*", default=[], help="test files to run first when re-checking"
    )
    parser.add_argument(
        "--no-folder",
        action="store_true",
        help="re-check with --first and the covering tests only, not the package's test folder",
    )
    parser.add_argument(
        "--only-first",
        action="store_true",
        help="re-check with the --first tests only (quick; a kill is a kill, a survivor may not be)",
    )
    parser.add_argument(
        "--recheck", action="store_true", help="only re-run the survivors so far (new tests)"
    )
    parser.add_argument(
        "--in-process",
        action="store_true",
        help="re-check all survivors in one fresh process (quick; blind to import-time code)",
    )
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        return serve(json.load(sys.stdin))
    everything = all_modules()
    # `--first a.py module` would read the module as a test file (nargs="*"): give it back.
    args.modules += [f for f in args.first if f in everything]
    args.first = [f for f in args.first if f not in everything]
    chosen = [m for m in everything if not args.modules or m in args.modules]
    if not args.report:
        for module in chosen:
            if not args.recheck:
                run_mutmut(module, args.max_children)
            recheck_module(
                module,
                exit_codes(),
                args.max_children,
                args.first,
                folder=not args.no_folder,
                only_first=args.only_first,
                in_process=args.in_process,
            )
    report(chosen, exit_codes())
    return 0


if __name__ == "__main__":
    sys.exit(main())
