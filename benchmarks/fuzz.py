"""Fuzz explainer for as long as asked: damaged scenarios, pages, catalogs,
``pyproject.toml``, links out of the project, and raw requests to ``serve``.

    python benchmarks/fuzz.py --minutes 30 [--seed N] [--findings DIR]

The same engine as the suite's bounded run (``tests/hardening/fuzzer.py``), for longer:
each trial damages one input of a small project (or sends one request to a running
``serve``), runs ``check`` and ``build`` in this process and holds them to the promises
of SECURITY.md (exit 0, 1 or 2; located lines only; no traceback or internal error;
nothing read through a link out of the project; under 60 s of CPU each). Every trial is
printed, one line each; a broken promise is written as a reproducer folder under
``--findings`` (default ``fuzz-findings/``: the damaged file, or the request, and a
README saying what broke and how to see it again). The last line counts trials and
findings, and the slowest trial's CPU time beside its target (under 5 s).

Exit 0 without a finding, 1 with one.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.hardening import fuzzer  # noqa: E402 - after the repository is on the path

SLOWEST_TARGET = 5.0
"""CPU seconds a trial (check and build of one damaged input) should stay under."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="how long to run (default 5)")
    parser.add_argument("--seed", type=int, default=None, help="default: from the clock")
    parser.add_argument("--findings", type=Path, default=Path("fuzz-findings"))
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else int(time.time())
    rng = random.Random(seed)
    end = time.monotonic() + args.minutes * 60
    findings = tried = 0
    slowest = (0.0, "")
    print(f"seed {seed}: fuzzing for {args.minutes:g} minutes", flush=True)
    with tempfile.TemporaryDirectory(prefix="explainer-fuzz-") as tmp:
        root = fuzzer.make_project(Path(tmp))
        with fuzzer.serving(root) as (address, log):
            for trial in fuzzer.trials(rng, root):
                if time.monotonic() > end:
                    break
                tried += 1
                start = time.process_time()
                if trial.target == "serve":
                    finding = fuzzer.run_request_trial(address, trial, log)
                    what = f"request {trial.data[:50]!r}"
                else:
                    finding = fuzzer.run_file_trial(root, trial)
                    what = f"{trial.target}: {trial.kind}"
                cpu = time.process_time() - start
                slowest = max(slowest, (cpu, what))
                verdict = "ok" if finding is None else f"FINDING: {finding.problem}"
                print(f"#{trial.number} {what}: {verdict} ({cpu:.2f} s CPU)", flush=True)
                if finding is not None:
                    findings += 1
                    print(f"   written to {fuzzer.write_reproducer(args.findings, seed, finding)}")
    print(
        f"{tried} trials, {findings} finding{'s' if findings != 1 else ''}; slowest "
        f"{slowest[0]:.2f} s CPU ({slowest[1]}), target under {SLOWEST_TARGET:g} s"
    )
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
