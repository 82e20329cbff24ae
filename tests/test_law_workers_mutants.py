"""``explainer/scenarios/kinds/law_workers.py`` (issue 16: the law_workers mutants): the
number of processes chosen from ``EXPLAINER_JOBS`` and the CPUs, the work shared out
heaviest first to the least loaded process, what the parent gets back from a child (its
result, however large; nothing when it failed, was killed or wrote what cannot be read),
a child's exit code, a stopped child asked first with SIGTERM, then reaped and its pipe
closed, and which laws :func:`prefetch_laws` reads, checks, shares out and remembers.

Nothing here depends on timing: a child that must be slow waits for its parent through
a pipe or takes a fixed short pause the parent has to wait for."""

from __future__ import annotations

import os
import pickle
import signal
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import NoReturn

import pytest

from explainer import signals
from explainer.scenarios.kinds import law as law_kind
from explainer.scenarios.kinds import law_workers
from explainer.scenarios.kinds.law_workers import Worker
from explainer.scenarios.yamlsource import MAX_BYTES

from .test_law_workers import _deaf_to_sigterm

needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")


def _no_fork(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fork", lambda: pytest.fail("forked"))


def _reaped(pid: int) -> bool:
    """Whether ``pid`` is no child of ours any more (waited for: no zombie left)."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def _closed(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return True
    return False


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Worker]:
    """Every worker started during the test, as :meth:`Worker.start` returned it."""
    workers: list[Worker] = []
    real = Worker.start

    def start(work: Callable[[], object]) -> Worker:
        workers.append(real(work))
        return workers[-1]

    monkeypatch.setattr(Worker, "start", start)
    return workers


# -- the number of processes -------------------------------------------------------------


def test_available_cpus_are_this_process_s_affinity(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        os, "sched_getaffinity", lambda pid: {0, 1, 2} if pid == 0 else set(range(9)), raising=False
    )
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    assert law_workers.available_cpus() == 3


@pytest.mark.parametrize(("count", "cpus"), [(5, 5), (None, 1)])
def test_available_cpus_without_affinity_are_all_of_them(
    monkeypatch: pytest.MonkeyPatch, count: int | None, cpus: int
) -> None:
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: count)
    assert law_workers.available_cpus() == cpus


@pytest.mark.parametrize(
    ("variable", "cpus", "fork", "jobs"),
    [
        ("3", 1, True, 3),  # the variable wins over the CPUs
        (" 4 \n", 1, True, 4),
        ("1", 4, True, 1),
        ("12", 2, False, 12),
        ("0", 4, True, 2),  # not a usable number: the default
        ("-2", 4, True, 2),
        ("1.5", 4, True, 2),
        ("two", 1, True, 1),
        ("", 3, True, 2),
        ("²", 2, True, 2),  # a digit, but no decimal one: int() refuses it
        (None, 4, True, 2),  # two at most by default
        (None, 2, True, 2),
        (None, 1, True, 1),
        (None, 4, False, 1),  # no fork: one process
    ],
)
def test_the_default_number_of_processes(
    monkeypatch: pytest.MonkeyPatch, variable: str | None, cpus: int, fork: bool, jobs: int
) -> None:
    if variable is None:
        monkeypatch.delenv(law_workers.JOBS_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(law_workers.JOBS_VARIABLE, variable)
    monkeypatch.setattr(law_workers, "available_cpus", lambda: cpus)
    if not fork:
        monkeypatch.delattr(os, "fork", raising=False)
    assert law_workers.default_jobs() == jobs


def test_the_variable_is_explainer_jobs_and_the_grace_two_seconds() -> None:
    assert (law_workers.JOBS_VARIABLE, law_workers.GRACE) == ("EXPLAINER_JOBS", 2.0)


# -- sharing the work out ----------------------------------------------------------------


def _where(u: int) -> tuple[int, int]:
    return u, os.getpid()


def _processes(got: list[tuple[int, int]]) -> list[int]:
    """For each unit, 0 if it was computed here, else the number of its child (1, 2...)
    in the order the children first appear."""
    children: list[int] = []
    out = []
    for _, pid in got:
        if pid == os.getpid():
            out.append(0)
        else:
            if pid not in children:
                children.append(pid)
            out.append(1 + children.index(pid))
    return out


@needs_fork
@pytest.mark.parametrize(
    ("weights", "jobs", "processes"),
    [
        # heaviest first, each to the least loaded process, the first share here
        ([5.0, 1.0, 1.0, 1.0, 1.0, 1.0], 2, [0, 1, 1, 1, 1, 1]),
        ([1.0, 1.0, 1.0, 1.0, 1.0, 1.0], 2, [0, 1, 0, 1, 0, 1]),
        ([1.0, 1.0, 1.0, 1.0, 1.0, 1.0], 3, [0, 1, 2, 0, 1, 2]),
        ([1.0, 2.0, 3.0, 4.0], 2, [0, 1, 1, 0]),  # 4 here, 3 and 2 there, 1 here
        ([1.0, 1.0], 3, [0, 1]),  # no more processes than units
        ([3.0, 1.0, 1.0, 1.0, 1.0], 2, [0, 1, 1, 1, 0]),  # loads added up: 3 against 3
    ],
)
def test_split_work_shares_the_units_out(
    weights: list[float], jobs: int, processes: list[int]
) -> None:
    units = list(range(len(weights)))
    got = law_workers.split_work(units, weights, _where, jobs)
    assert [u for u, _ in got] == units
    assert _processes(got) == processes


@pytest.mark.parametrize(("units", "jobs"), [([], 2), ([7], 2), ([7], 0), ([1, 2], 1)])
def test_split_work_forks_nothing_for_one_process_or_unit(
    monkeypatch: pytest.MonkeyPatch, units: list[int], jobs: int
) -> None:
    _no_fork(monkeypatch)
    assert law_workers.split_work(units, [1.0] * len(units), lambda u: u * 10, jobs) == [
        u * 10 for u in units
    ]


def _killed_in_child(here: int, u: int) -> int:
    if os.getpid() != here:
        os.kill(os.getpid(), signal.SIGKILL)
    return -u


@needs_fork
def test_a_killed_child_s_share_is_computed_here(started: list[Worker]) -> None:
    here = os.getpid()
    got = law_workers.split_work([1, 2, 3], [1.0] * 3, lambda u: _killed_in_child(here, u), 3)
    assert got == [-1, -2, -3]
    assert len(started) == 2 and all(w.done and _reaped(w.pid) for w in started)


@needs_fork
def test_an_error_here_stops_and_reaps_every_child(started: list[Worker]) -> None:
    here = os.getpid()

    def work(u: int) -> int:
        if os.getpid() == here:
            raise ValueError(u)
        time.sleep(60)  # stopped long before
        return u

    with pytest.raises(ValueError, match="^0$"):
        law_workers.split_work([0, 1, 2], [1.0] * 3, work, 3)
    assert len(started) == 2
    assert all(w.done and _reaped(w.pid) and _closed(w.fd) for w in started)


@needs_fork
def test_the_children_s_results_are_read_in_turn(started: list[Worker]) -> None:
    """Three children, each read once, in the order they were started; each is reaped."""
    got = law_workers.split_work(list(range(8)), [1.0] * 8, _where, 4)
    assert _processes(got) == [0, 1, 2, 3, 0, 1, 2, 3]
    assert [w.pid for w in started] == [pid for _, pid in got[1:4]]
    assert all(w.done and _reaped(w.pid) and _closed(w.fd) for w in started)


# -- a worker ----------------------------------------------------------------------------


def _big() -> list[int]:
    return list(range(100_000))  # far more than a pipe holds, so read in several chunks


@needs_fork
def test_a_worker_s_result_comes_back_whole_and_the_child_is_reaped() -> None:
    worker = Worker.start(_big)
    assert not worker.done
    assert worker.result() == _big()
    assert worker.done and _reaped(worker.pid) and _closed(worker.fd)
    worker.stop()  # nothing left to stop: no error
    assert worker.done


def _raise() -> NoReturn:
    raise RuntimeError("fails")


def _interrupted() -> NoReturn:
    raise KeyboardInterrupt


def _start(work: Callable[[], object]) -> Worker:
    """:meth:`Worker.start`, but a child that comes back from it (it must leave by
    ``os._exit`` whatever its work did) exits at once with 7, a code no test expects."""
    here = os.getpid()
    try:
        return Worker.start(work)
    finally:
        if os.getpid() != here:
            os._exit(7)


@needs_fork
@pytest.mark.parametrize(
    ("work", "code", "written"),
    [
        (lambda: "done", 0, pickle.dumps("done", protocol=pickle.HIGHEST_PROTOCOL)),
        (_raise, 1, b""),
        (_interrupted, 1, b""),
    ],
    ids=["returns", "raises", "interrupted"],
)
def test_a_child_s_exit_code_and_what_it_writes(
    work: Callable[[], object], code: int, written: bytes
) -> None:
    worker = _start(work)
    with os.fdopen(worker.fd, "rb") as pipe:
        data = pipe.read()
    _, status = os.waitpid(worker.pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == code
    assert data == written


@needs_fork
@pytest.mark.parametrize("work", [_raise, _interrupted])
def test_a_failed_child_gives_none(work: Callable[[], object]) -> None:
    worker = _start(work)
    assert worker.result() is None
    assert worker.done and _reaped(worker.pid)


def _exit_later(real: Callable[[int], NoReturn], code: int) -> NoReturn:
    time.sleep(0.2)  # the pipe is closed: the parent has read everything and must wait
    real(code)


def _exit_killed(real: Callable[[int], NoReturn], code: int) -> NoReturn:
    os.kill(os.getpid(), signal.SIGKILL)
    real(code)  # pragma: no cover - not reached


def _exit_three(real: Callable[[int], NoReturn], code: int) -> NoReturn:
    real(code + 3)


@needs_fork
@pytest.mark.parametrize(
    ("ending", "result"),
    [(_exit_later, "done"), (_exit_killed, None), (_exit_three, None)],
    ids=["exits-late", "killed-after-writing", "exit-3-after-writing"],
)
def test_a_child_that_wrote_its_result_counts_only_if_it_exits_with_0(
    monkeypatch: pytest.MonkeyPatch,
    ending: Callable[[Callable[[int], NoReturn], int], NoReturn],
    result: str | None,
) -> None:
    """The child's ``os._exit`` is replaced (the child inherits the replacement): the
    result is read, then the child ends as it may, and only an exit with 0 counts."""
    real = os._exit
    monkeypatch.setattr(os, "_exit", lambda code: ending(real, code))
    worker = Worker.start(lambda: "done")
    monkeypatch.undo()
    assert worker.result() == result
    assert worker.done and _reaped(worker.pid)


def _unreadable() -> NoReturn:
    raise pickle.UnpicklingError("cannot be read here")


class _Unreadable:
    """Pickled fine in the child, but unpickling it fails in the parent."""

    def __reduce__(self) -> tuple[Callable[[], NoReturn], tuple[()]]:
        return _unreadable, ()


@needs_fork
def test_a_result_that_cannot_be_read_gives_none() -> None:
    worker = Worker.start(_Unreadable)
    assert worker.result() is None
    assert worker.done and _reaped(worker.pid)


def _sigterm_cleanup(fd: int) -> None:
    """A child's work whose SIGTERM handler takes a moment, then says so on ``fd``."""

    def on_term(signum: int, frame: FrameType | None) -> NoReturn:
        time.sleep(0.1)
        os.write(fd, b"t")
        os._exit(0)

    signal.signal(signal.SIGTERM, on_term)
    os.write(fd, b"r")
    time.sleep(60)


def _record_kills(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """Each ``(pid, signal)`` sent from here on, still sent."""
    kills: list[tuple[int, int]] = []
    real = os.kill
    monkeypatch.setattr(os, "kill", lambda pid, sig: kills.append((pid, sig)) or real(pid, sig))
    return kills


@needs_fork
def test_stop_asks_with_sigterm_and_waits_for_the_cleanup(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(law_workers, "GRACE", 60.0)
    read_end, write_end = os.pipe()
    worker = Worker.start(lambda: _sigterm_cleanup(write_end))
    assert os.read(read_end, 1) == b"r"  # the handler is set
    kills = _record_kills(monkeypatch)
    worker.stop()
    assert kills == [(worker.pid, signal.SIGTERM)]
    assert os.read(read_end, 1) == b"t"  # the cleanup ran to its end: not killed
    assert worker.done and _reaped(worker.pid) and _closed(worker.fd)
    worker.stop()  # stopped already: nothing is sent again
    assert kills == [(worker.pid, signal.SIGTERM)]
    os.close(read_end)
    os.close(write_end)


class _Interrupted:
    """A pipe whose reading is interrupted (as by Ctrl-C) before anything is read."""

    def __init__(self, fd: int, mode: str) -> None:
        self.file = _fdopen(fd, mode)

    def __enter__(self) -> _Interrupted:
        return self

    def __exit__(self, *exc: object) -> None:
        self.file.close()

    def read(self, size: int) -> bytes:
        raise KeyboardInterrupt


_fdopen = os.fdopen


@needs_fork
def test_a_worker_interrupted_while_its_result_is_read_is_stopped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    worker = Worker.start(lambda: time.sleep(60))
    monkeypatch.setattr(os, "fdopen", _Interrupted)
    with pytest.raises(KeyboardInterrupt):
        worker.result()
    monkeypatch.undo()
    assert not worker.done and _closed(worker.fd)
    worker.stop()  # the pipe closed already: no error
    assert worker.done and _reaped(worker.pid)


@needs_fork
def test_a_worker_interrupted_just_after_its_wait_is_stopped_quietly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The child was waited for, but ``done`` not set: :meth:`Worker.stop` (as the
    caller's cleanup calls it) must not fail on a child that is no more."""
    real = os.waitpid

    def waited(pid: int, options: int) -> tuple[int, int]:
        real(pid, options)
        raise KeyboardInterrupt

    worker = Worker.start(lambda: 1)
    monkeypatch.setattr(os, "waitpid", waited)
    with pytest.raises(KeyboardInterrupt):
        worker.result()
    monkeypatch.undo()
    assert not worker.done and _reaped(worker.pid)
    worker.stop()
    assert worker.done and _closed(worker.fd)


@needs_fork
def test_a_deaf_child_gets_sigterm_then_sigkill_and_is_reaped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(law_workers, "GRACE", 0.05)
    read_end, write_end = os.pipe()
    worker = Worker.start(lambda: _deaf_to_sigterm(write_end))
    assert os.read(read_end, 1) == b"r"
    kills = _record_kills(monkeypatch)
    worker.stop()
    assert kills == [(worker.pid, signal.SIGTERM), (worker.pid, signal.SIGKILL)]
    assert worker.done and _reaped(worker.pid) and _closed(worker.fd)
    os.close(read_end)
    os.close(write_end)


@needs_fork
def test_a_worker_read_already_is_not_signalled(monkeypatch: pytest.MonkeyPatch) -> None:
    worker = Worker.start(lambda: 1)
    assert worker.result() == 1
    monkeypatch.setattr(os, "kill", lambda pid, sig: pytest.fail("signalled"))
    worker.stop()
    assert worker.done


@needs_fork
def test_the_grace_ends_when_the_child_has_ended(monkeypatch: pytest.MonkeyPatch) -> None:
    """A child that ends on its own within the grace is waited for, not killed."""
    monkeypatch.setattr(law_workers, "GRACE", 60.0)
    worker = Worker.start(lambda: 1)
    assert worker._ended_within(60.0) is True  # the child has ended, and was waited for
    assert _reaped(worker.pid)
    worker2 = Worker.start(lambda: time.sleep(60))
    assert worker2._ended_within(0.0) is False  # still at work
    worker2.stop()
    assert _reaped(worker2.pid)
    os.close(worker.fd)


# -- the laws ----------------------------------------------------------------------------


class FakeLaws:
    """The law module's side of :func:`prefetch_laws`, on laws named by strings: a law's
    group is its first letter, a group weighs its number of laws, a check says where it
    ran."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, laws: list[str], cached: set[str]):
        self.read: list[list[Path]] = []
        self.checked: list[list[str]] = []
        self.remembered: dict[str, tuple[str, int]] = {}
        self.weights: dict[float, list[str]] = {}
        rs = {"rules": "house"}

        def read_laws(files: list[Path]) -> list[tuple[str, dict[str, str]]]:
            self.read.append(list(files))
            return [(lw, rs) for lw in laws]

        def is_cached(lw: str, rule_sets: dict[str, str]) -> bool:
            assert rule_sets is rs
            return lw in cached

        def law_key(lw: str, rule_sets: dict[str, str]) -> str:
            assert rule_sets is rs
            return lw

        def shared_work(lw: str, rule_sets: dict[str, str]) -> str:
            assert rule_sets is rs
            return lw[0]

        def weight(unit: list[tuple[str, dict[str, str]]]) -> float:
            self.weights[float(len(unit))] = [lw for lw, _ in unit]
            return float(len(unit))

        def check_all(unit: list[tuple[str, dict[str, str]]]) -> list[tuple[str, int]]:
            self.checked.append([lw for lw, _ in unit])
            return [(lw.upper(), os.getpid()) for lw, _ in unit]

        def remember(lw: str, rule_sets: dict[str, str], result: tuple[str, int]) -> None:
            assert rule_sets is rs
            self.remembered[lw] = result

        monkeypatch.setattr(law_workers, "read_laws", read_laws)
        for name, fake in [
            ("is_cached", is_cached),
            ("law_key", law_key),
            ("shared_work", shared_work),
            ("weight", weight),
            ("check_all", check_all),
            ("remember", remember),
        ]:
            monkeypatch.setattr(law_kind, name, fake)

    def where(self) -> dict[str, str]:
        """Each remembered law: its result's name and ``here`` or ``child``."""
        here = os.getpid()
        return {
            lw: f"{name} {'here' if pid == here else 'child'}"
            for lw, (name, pid) in self.remembered.items()
        }


@pytest.fixture
def files(tmp_path: Path) -> list[Path]:
    texts = {
        "law.yaml": "id: a\nkind: law\n",
        "spaced.yaml": "  kind: law  \n",
        "deal.yaml": "kind: deal\n",
        "quoted.yaml": 'kind: "law"\n',
        "inline.yaml": "{kind: law}\n",
    }
    for name, text in texts.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return [tmp_path / name for name in [*texts, "missing.yaml"]]


@needs_fork
def test_prefetch_checks_the_missing_laws_in_two_processes_and_remembers_them(
    monkeypatch: pytest.MonkeyPatch, files: list[Path], started: list[Worker]
) -> None:
    fake = FakeLaws(monkeypatch, ["a1", "b1", "a2", "c1", "b2", "a3", "a2"], {"c1", "b2"})
    assert law_workers.prefetch_laws(files, 2) is None
    assert fake.read == [files[:2]]  # the files that say `kind: law` on a line of their own
    assert fake.weights == {3.0: ["a1", "a2", "a3"], 1.0: ["b1"]}
    assert fake.where() == {"a1": "A1 here", "a2": "A2 here", "a3": "A3 here", "b1": "B1 child"}
    assert sorted(fake.checked) == [["a1", "a2", "a3"]]  # b1's check ran in the child
    assert len(started) == 1 and started[0].done and _reaped(started[0].pid)


@needs_fork
def test_prefetch_runs_beside_in_a_child_of_its_own(
    monkeypatch: pytest.MonkeyPatch, files: list[Path], started: list[Worker]
) -> None:
    read_end, write_end = os.pipe()
    fake = FakeLaws(monkeypatch, ["a1"], set())

    def beside() -> None:
        os.write(write_end, str(os.getpid()).encode())

    law_workers.prefetch_laws(files, 2, beside=beside)
    assert fake.where() == {"a1": "A1 here"}  # one group: checked here, beside it
    assert len(started) == 1 and started[0].done and _reaped(started[0].pid)
    os.close(write_end)
    assert os.read(read_end, 100) == str(started[0].pid).encode()
    os.close(read_end)


@needs_fork
def test_prefetch_waits_for_beside_before_it_returns(
    monkeypatch: pytest.MonkeyPatch, files: list[Path], started: list[Worker]
) -> None:
    """``beside`` is waited for, not stopped: its work (here a pause then a word) ends."""
    read_end, write_end = os.pipe()
    FakeLaws(monkeypatch, ["a1", "b1"], set())

    def beside() -> None:
        time.sleep(0.2)
        os.write(write_end, b"done")

    law_workers.prefetch_laws(files, 2, beside=beside)
    os.close(write_end)
    assert os.read(read_end, 100) == b"done"
    os.close(read_end)
    assert len(started) == 2 and all(w.done and _reaped(w.pid) for w in started)


@pytest.mark.parametrize(
    ("laws", "cached", "beside"),
    [
        (["a1", "a2"], set(), False),  # one group and nothing beside: nothing to share
        (["a1", "b1"], {"a1", "b1"}, True),  # every law cached
        ([], set(), True),
    ],
)
def test_prefetch_forks_nothing_with_nothing_to_overlap(
    monkeypatch: pytest.MonkeyPatch,
    files: list[Path],
    laws: list[str],
    cached: set[str],
    beside: bool,
) -> None:
    fake = FakeLaws(monkeypatch, laws, cached)
    _no_fork(monkeypatch)
    law_workers.prefetch_laws(files, 2, beside=(lambda: None) if beside else None)
    assert fake.read == [files[:2]] and fake.checked == [] and fake.remembered == {}


@pytest.mark.parametrize("jobs", [1, 0])
def test_prefetch_in_one_process_checks_the_missing_laws_here_in_one_call(
    monkeypatch: pytest.MonkeyPatch, files: list[Path], jobs: int
) -> None:
    """Every law not cached, of every group, goes to one ``check_all`` here (so laws that
    read the same deals have them played once), and is remembered; nothing is forked,
    not even the work beside."""
    fake = FakeLaws(monkeypatch, ["a1", "b1", "a2", "c1"], {"c1"})
    _no_fork(monkeypatch)
    law_workers.prefetch_laws(files, jobs, beside=lambda: pytest.fail("made beside"))
    assert fake.read == [files[:2]]
    assert fake.checked == [["a1", "b1", "a2"]]
    here = os.getpid()
    assert fake.remembered == {"a1": ("A1", here), "b1": ("B1", here), "a2": ("A2", here)}


@pytest.mark.parametrize(("laws", "cached"), [(["a1", "b1"], {"b1"}), (["a1"], set()), ([], set())])
def test_prefetch_in_one_process_leaves_a_lone_missing_law_to_the_check(
    monkeypatch: pytest.MonkeyPatch, files: list[Path], laws: list[str], cached: set[str]
) -> None:
    fake = FakeLaws(monkeypatch, laws, cached)
    _no_fork(monkeypatch)
    law_workers.prefetch_laws(files, 1)
    assert fake.read == [files[:2]] and fake.checked == [] and fake.remembered == {}


def test_prefetch_without_fork_checks_the_laws_here(
    monkeypatch: pytest.MonkeyPatch, files: list[Path]
) -> None:
    fake = FakeLaws(monkeypatch, ["a1", "b1"], set())
    monkeypatch.delattr(os, "fork", raising=False)
    law_workers.prefetch_laws(files, 2, beside=lambda: pytest.fail("made beside"))
    assert fake.checked == [["a1", "b1"]] and set(fake.remembered) == {"a1", "b1"}


# -- which files may be laws ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "law"),
    [
        (b"kind: law", True),
        (b"id: x\r\n  kind: law \r\nrest: 1\n", True),
        (b"kind: laws\n", False),
        (b"kind:  law\n", False),
        (b"# kind: law\n", False),
        (b"", False),
        (b"kind: law\n" + b"#" * (MAX_BYTES - 10), True),  # MAX_BYTES exactly: read
        (b"kind: law\n" + b"#" * (MAX_BYTES - 9), False),  # one more: never read
    ],
)
def test_a_file_may_be_a_law(tmp_path: Path, data: bytes, law: bool) -> None:
    path = tmp_path / "f.yaml"
    path.write_bytes(data)
    assert law_workers._may_be_law(path) is law


def test_a_file_that_cannot_be_read_is_not_a_law(tmp_path: Path) -> None:
    assert law_workers._may_be_law(tmp_path / "missing.yaml") is False
    assert law_workers._may_be_law(tmp_path) is False  # a folder


@needs_fork
def test_a_signal_before_the_child_runs_its_own_code_stops_it_quietly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A SIGTERM that reaches the child inside the fork (CPython's after-fork hooks; here
    the child sends it to itself there) waits, blocked, until the child unblocks it in its
    ``try``: the child leaves quietly with 1, having written nothing. Unblocked, the
    handler would raise outside the ``try`` and the child come back from ``start`` (7)."""
    real_fork = os.fork

    def fork() -> int:
        pid = real_fork()
        if pid == 0:
            os.kill(os.getpid(), signal.SIGTERM)
            sum(range(1000))  # a handler runs between bytecodes, if it can
        return pid

    monkeypatch.setattr(os, "fork", fork)
    with signals._handlers():
        worker = _start(lambda: "done")
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, set())
    with os.fdopen(worker.fd, "rb") as pipe:
        data = pipe.read()
    _, status = os.waitpid(worker.pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 1
    assert data == b""
    assert signal.SIGTERM not in blocked and signal.SIGINT not in blocked  # the parent's mask


@needs_fork
def test_a_fork_that_fails_unblocks_the_signals_and_closes_the_pipe(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def fork() -> int:
        raise OSError(11, "Resource temporarily unavailable")

    before = set(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else None
    monkeypatch.setattr(os, "fork", fork)
    with pytest.raises(OSError, match="Resource temporarily unavailable"):
        Worker.start(lambda: "done")
    assert signal.pthread_sigmask(signal.SIG_BLOCK, set()) == set()
    if before is not None:
        assert set(os.listdir("/proc/self/fd")) == before
