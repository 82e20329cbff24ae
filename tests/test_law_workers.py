"""Laws checked in two processes: the same output as in one, results in order, a failing
worker replaced, and Ctrl-C or ``kill`` while the workers check gives one line, 130 or
143, and leaves no process behind."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

import pytest

from explainer.check import run_check
from explainer.cli import main
from explainer.engine.laws import play_check as engine_laws
from explainer.new import create_site
from explainer.scenarios.kinds import law as law_kind
from explainer.scenarios.kinds import law_workers

ROOT = Path(__file__).resolve().parents[1]
LAWS = ROOT / "scenarios"
PATHS = [
    LAWS / "one-deal" / "laws" / "01-card-points-152.yaml",
    LAWS / "one-deal" / "laws" / "03-made-scores-own.yaml",
    LAWS / "which-card" / "laws" / "01-follow-suit.yaml",
    LAWS / "which-card" / "laws" / "09-undertrump.yaml",
    LAWS / "which-card" / "laws" / "11-no-trump-free-discard.yaml",
]

needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")


@needs_fork
def test_split_work_returns_each_result_in_the_order_of_the_units() -> None:
    units = list(range(9))
    got = law_workers.split_work(
        units, [1.0 + u % 3 for u in units], lambda u: (u * u, os.getpid()), 2
    )
    assert [square for square, _ in got] == [u * u for u in units]
    assert len({pid for _, pid in got}) == 2  # one share was computed in a child


@needs_fork
def test_a_failing_worker_s_share_is_computed_here() -> None:
    here = os.getpid()

    def work(u: int) -> int:
        if os.getpid() != here:
            raise RuntimeError("the worker fails")
        return u + 1

    assert law_workers.split_work([1, 2, 3, 4], [1.0] * 4, work, 2) == [2, 3, 4, 5]


def test_one_job_never_forks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fork", lambda: pytest.fail("forked"))
    assert law_workers.split_work([1, 2], [1.0, 1.0], str, 1) == ["1", "2"]


def _check(jobs: int, cache: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    monkeypatch.setattr(law_kind, "_MEMO", {})
    out = io.StringIO()
    assert run_check(PATHS, root=ROOT, out=out, jobs=jobs) == 0
    return out.getvalue()


@needs_fork
def test_two_processes_print_exactly_what_one_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    forked = []
    real = law_workers.split_work

    def recorded(*args, **kwargs):  # type: ignore[no-untyped-def]
        forked.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(law_workers, "split_work", recorded)
    two = _check(2, tmp_path / "two", monkeypatch)
    assert len(forked) == 1 and len(forked[0]) >= 2  # the laws were shared out
    monkeypatch.setattr(engine_laws, "_CHECKED", {})
    one = _check(1, tmp_path / "one", monkeypatch)
    assert two == one
    assert one.splitlines()[-1] == "5 passed, 0 failed"


@pytest.fixture
def site_with_laws(tmp_path: Path) -> Path:
    """A new rules site with two laws of which-card (both no-trump: quick to check)."""
    root = tmp_path / "rules"
    create_site(root)
    for name in ("11-no-trump-free-discard.yaml", "12-no-trump-no-climbing.yaml"):
        text = (LAWS / "which-card" / "laws" / name).read_text(encoding="utf-8")
        text = text.replace("page: which-card", "page: rules").replace(
            "section: no-trump", "section: follow"
        )
        (root / "scenarios" / "rules" / "follow" / name).write_text(text, encoding="utf-8")
    return root


def _whole(root: Path, jobs: int, cache: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    monkeypatch.setattr(law_kind, "_MEMO", {})
    out = io.StringIO()
    assert run_check([], root=root, out=out, jobs=jobs) == 0
    return out.getvalue()


@needs_fork
def test_the_whole_check_in_two_processes_prints_what_one_prints(
    site_with_laws: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = []
    real = law_workers.Worker.start
    monkeypatch.setattr(law_workers.Worker, "start", lambda work: started.append(1) or real(work))
    two = _whole(site_with_laws, 2, tmp_path / "two", monkeypatch)
    assert len(started) == 2  # the catalog report beside the laws, and one share of them
    assert two == _whole(site_with_laws, 1, tmp_path / "one", monkeypatch)
    assert two.splitlines()[-1] == "3 passed, 0 failed"


@needs_fork
def test_with_every_law_cached_nothing_is_forked(
    site_with_laws: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _whole(site_with_laws, 1, tmp_path / "cache", monkeypatch)
    monkeypatch.setattr(os, "fork", lambda: pytest.fail("forked"))
    assert _whole(site_with_laws, 2, tmp_path / "cache", monkeypatch) == first


def test_explainer_jobs_sets_the_default_number_of_processes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("EXPLAINER_JOBS", "3")
    assert law_workers.default_jobs() == 3
    monkeypatch.setattr(law_workers, "available_cpus", lambda: 1)
    for unusable in ("0", "two", ""):
        monkeypatch.setenv("EXPLAINER_JOBS", unusable)
        assert law_workers.default_jobs() == 1  # one CPU: one process


def test_a_file_larger_than_the_loader_reads_is_not_read_for_laws(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"kind: law\n" + b"#" * 1_000_000)
    small = tmp_path / "small.yaml"
    small.write_bytes(b"# a law\nkind: law\n")
    assert [law_workers._may_be_law(p) for p in (big, small)] == [False, True]


def test_jobs_must_be_a_whole_number_of_processes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--jobs", "0"]) == 2
    assert "--jobs: expected a whole number of processes, 1 or more: '0'" in capsys.readouterr().err


# Runs the command line with the laws' checking paused: the first law each process checks
# announces itself and waits, so the signal arrives while the worker is at work.
PAUSED = """
import sys, time
import explainer.scenarios.kinds.law as m
real = m._check
def paused(*args, **kwargs):
    print("PAUSED", flush=True)
    time.sleep(60)
    return real(*args, **kwargs)
m._check = paused
from explainer.cli import main
sys.exit(main(sys.argv[1:]))
"""


@needs_fork
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to see the workers")
@pytest.mark.parametrize(
    ("sig", "group", "code"),
    [(signal.SIGINT, True, 130), (signal.SIGTERM, False, 143)],
    ids=["ctrl-c", "kill"],
)
def test_a_signal_while_workers_check_laws_is_one_line_and_leaves_no_process(
    tmp_path: Path, sig: signal.Signals, group: bool, code: int
) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(tmp_path)}
    argv = ["--root", str(ROOT), "check", "--jobs", "2", str(LAWS / "which-card" / "laws")]
    proc = subprocess.Popen(
        [sys.executable, "-c", PAUSED, *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,  # its own process group, as a terminal's job
    )
    try:
        assert proc.stdout is not None
        assert "PAUSED" in proc.stdout.readline()  # both processes may say it at once
        children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
        workers = children.read_text().split()
        assert workers  # the worker is there
        if group:
            os.killpg(proc.pid, sig)  # Ctrl-C reaches every process of the job
        else:
            proc.send_signal(sig)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:  # pragma: no cover - a failed test leaves nothing running
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == code
    assert err == f"explainer check: stopped by {sig.name}; no file was left half-written\n"
    assert "Traceback" not in out
    deadline = time.monotonic() + 10
    while Path(f"/proc/{workers[0]}").exists() and time.monotonic() < deadline:
        time.sleep(0.05)  # pragma: no cover - reaped already, in practice
    assert not Path(f"/proc/{workers[0]}").exists()


# Forks with SIGTERM sent to this process as the child is made, while the fork holds the
# signal back (Worker.start), then runs a command that forks a child for slow work (its
# text follows); says whether the child was left running once the command returned.
FORKED_AT_A_SIGNAL = """
import os, signal, sys, time
from explainer.i18n import check
from explainer.scenarios.kinds import law_workers
from explainer.signals import run_interruptible
real, forked = os.fork, []
def fork():
    pid = real()
    if pid:
        forked.append(pid)
        os.kill(os.getpid(), signal.SIGTERM)
    return pid
os.fork = fork
def slow(unit):
    time.sleep(60)
    return unit
check.extract_sources = slow
code = run_interruptible(lambda: len(eval(sys.argv[1])), name="explainer check")
try:
    left = "left running" if os.waitpid(forked[0], os.WNOHANG)[0] == 0 else "not waited for"
    os.kill(forked[0], signal.SIGKILL)
except ChildProcessError:
    left = "stopped and waited for"
print(code, left, flush=True)
"""


@needs_fork
@pytest.mark.parametrize(
    "command",
    [
        "law_workers.split_work([1, 2], [1.0, 1.0], slow, 2)",  # the laws' share
        f"check._own_and_sources(check.read_inputs({str(ROOT)!r}), 2)",  # the extraction
    ],
    ids=["laws", "catalogs"],
)
def test_a_signal_as_a_worker_is_forked_stops_that_worker_too(tmp_path: Path, command: str) -> None:
    """The signal lands once the child is recorded (start_worker), so the interrupted
    split stops it: it used to land just before, and a ``kill`` at that instant left the
    child working with the command's output held open (the suite's signal test, on a
    loaded machine, waited 60 s for it)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", FORKED_AT_A_SIGNAL, command],
        capture_output=True,
        text=True,
        env=env,
        timeout=50,
        start_new_session=True,
    )
    assert (done.stdout, done.stderr) == (
        "143 stopped and waited for\n",
        "explainer check: stopped by SIGTERM; no file was left half-written\n",
    )


def _deaf_to_sigterm(ready: int) -> None:
    """A child's work that ignores SIGTERM (as work stuck where a signal cannot stop it
    behaves); it says so on ``ready``."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    os.write(ready, b"r")
    time.sleep(60)


@needs_fork
def test_a_child_that_misses_its_sigterm_is_killed_after_the_grace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(law_workers, "GRACE", 0.3)
    read_end, write_end = os.pipe()
    worker = law_workers.Worker.start(partial(_deaf_to_sigterm, write_end))
    os.close(write_end)
    assert os.read(read_end, 1) == b"r"  # the child has set SIGTERM aside
    os.close(read_end)
    started = time.monotonic()
    worker.stop()
    assert 0.3 <= time.monotonic() - started < 10
    assert worker.done
    with pytest.raises(ChildProcessError):  # waited for: no zombie left
        os.waitpid(worker.pid, os.WNOHANG)


@needs_fork
def test_a_child_that_ends_on_sigterm_is_not_waited_for_the_grace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(law_workers, "GRACE", 30.0)
    worker = law_workers.Worker.start(lambda: time.sleep(60))
    time.sleep(0.2)
    started = time.monotonic()
    worker.stop()
    assert time.monotonic() - started < 10
    with pytest.raises(ChildProcessError):
        os.waitpid(worker.pid, os.WNOHANG)
