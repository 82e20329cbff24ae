"""A seeded fuzzer of everything explainer reads: scenarios, pages, catalogs, glossaries,
``pyproject.toml``, and the requests ``explainer serve`` answers.

One engine for two uses: ``test_fuzz.py::test_seeded_fuzzing_keeps_every_promise`` runs a
few dozen trials of a fixed seed in the suite (seconds), ``benchmarks/fuzz.py --minutes N``
runs for as long as asked, prints every trial, and writes each finding as a reproducer
folder. A trial damages one input of a small project (the scaffold of ``explainer new``,
three shipped examples, the shipped Polish catalog), runs ``check`` and ``build``
in-process, and holds them to the promises of SECURITY.md:

* the exit code is 0, 1 or 2, and a failed build leaves no output;
* every line is ``path:line:col: message`` or one of the verbs' summary lines: never a
  traceback, never ``internal error``;
* nothing read through a link out of the project is printed (a secret planted there);
* each verb stays under :data:`CPU_LIMIT` seconds of CPU (a watchdog, generous: a
  quadratic scan of a 1 MB file took minutes).

A request trial sends raw bytes to a running ``serve``: it must answer with a status
line (or close an empty request), print no traceback, and keep answering.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
import shutil
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

from explainer.cli import main

ROOT = Path(__file__).resolve().parents[2]
CPU_LIMIT = 60.0
"""CPU seconds one verb may take on one damaged input (a clean one takes about one)."""
SECRET = "FUZZ-SECRET-7f3a"
"""Planted outside the project: no output may ever contain it."""

LOCATED = re.compile(r"^[^:\s][^:]*:\d+:\d+: \S")
CRASHED = ("Traceback", "internal error")
"""What no answer may print: a verb turns an exception into a located ``internal error``
line, a crash all the same."""
SUMMARY = re.compile(
    r"^(\d+ passed, \d+ failed(; \d+ catalog problems?"
    r"|; \d+ problems? in pyproject\.toml, so nothing else was checked)?|translations: .*"
    r"|\d+ problems?; the site was not changed|[^:\s][^:]*\.yaml: law \S+ checked (over|on) \d+ .*"
    r"|built \d+ pages? .*|.* is up to date .*|note: .*)$"
)
SHIPPED = [
    "scenarios/which-card/climb/01-climb-over-partner.yaml",
    "scenarios/which-card/trick-winner/01-trick-worth-41.yaml",
    "scenarios/one-deal/scoring/01-made-with-belote.yaml",
]
"""Shipped examples copied into the fuzzed project (beside the scaffold's own)."""

WRONG_VALUES = [
    "[]", "{}", "[[[]]]", "", "~", "true", "-1", "99999999999999999999", "&x a", "*x",
    "!!python/object:os.system x", "'{{ 7*7 }}'", '"<script>"', "\t", "|", "[N: AS, N: AS]",
    "{8D|}", "{ZZ}", "{JZ}", "{1OH}", '"\\x00"', '"\\e[31m"', '"\\ud800"', "\u202e",
    "a\u2028b", "0x10", "1e400", "[a](javascript:alert(1))", "{=belote}", "{=nope}",
]  # fmt: skip
HOSTILE_UNITS = ["[a](", "[", "*_", "![a](", "`", "<", "&a", "](", "{AS|", "%(", "> ", "- "]
PLURALS = [
    "n%0", "n/0", "n", "(n != 1)", "n==1 ? 0 : 1", "n ==", "((((n))))", "n*n*n*n*n*n*n",
    "n>1 ? 5 : 0", "-n", "!n", "n%(n-1001)", "1/(n-1001)+0", "import os", "n;1",
    "n == 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2",
]  # fmt: skip
NPLURALS = ["x", "0", "1", "2", "3", "6", "7", "-1", "99999999999999999999", "\u0663", ""]
LANGUAGES = ["<script>", "fr", "", "xx", "pl_PL", "pl", "zz-ZZ-xx", "\u202e", "en"]
CHARSETS = ["bogus", "latin-1", "utf-16", "", "UTF-8", "CHARSET", "utf8", "ascii"]
TOML_LINES = [
    'base_url = "javascript:alert(1)"', "base_url = 1", 'complete = "pl"', "complete = [1]",
    "= =", "[tool.explainer", "[tool.explainer]", 'unknown = "x"', 'base_url = "//evil"',
    'title = "x"', "\x00", 'base_url = """', "[[tool.explainer]]",
]  # fmt: skip
REQUEST_PATHS = [
    "/", "/en/", "/%00", "/%", "/%zz", "/%ff", "/..", "/../../etc/passwd", "/en/..%2f..%2f",
    "/static/", "/__explainer/status?lang=%00", "/__explainer/status?lang=" + "x" * 5000,
    "/__explainer/reload.js", "/" + "a" * 70_000, "/\x1b[31m", "//", "/en/which-card/",
    "/__explainer/version", "/__explainer/overlay.css", "*", "http://evil/",
]  # fmt: skip
METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "BREW", "", "G\x00T"]
STATUSES = {200, 301, 400, 404, 414, 431, 501, 505}


@dataclass(frozen=True)
class Trial:
    """One damaged input: the file (relative to the project, or ``serve`` for a
    request), what was done to it, and the bytes it then holds (or the request)."""

    number: int
    target: str
    kind: str
    data: bytes
    link: bool = False  # the target is replaced by a link to a file outside the project


@dataclass
class Finding:
    """A broken promise: the trial, what broke, and the output."""

    trial: Trial
    problem: str
    output: list[str] = field(default_factory=list)


# ------------------------------------------------------------------------ the project


def make_project(folder: Path) -> Path:
    """The small project trials damage: the scaffold, three shipped examples, the shipped
    Polish catalog and glossary. Returns its root."""
    from explainer.new import create_site

    root = folder / "project"
    create_site(root)
    for rel in SHIPPED:
        target = root / "scenarios" / "rules" / "follow" / Path(rel).name
        text = (ROOT / rel).read_text(encoding="utf-8")
        text = re.sub(r"(?m)^page: .*$", "page: rules", text)
        text = re.sub(r"(?m)^section: .*$", "section: follow", text)
        target.write_text(text, encoding="utf-8")
    po = root / "locales" / "pl" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    # the theme's Polish catalog and glossary, as the site's own (a site may reword the
    # theme): the richest catalog there is, with plural forms and the seat names
    theme = ROOT / "explainer" / "locales" / "pl"
    shutil.copy(theme / "LC_MESSAGES" / "messages.po", po)
    shutil.copy(theme / "glossary.csv", po.parent.parent / "glossary.csv")
    (folder / "outside.txt").write_text(f"{SECRET}: 1\ntitle: {SECRET}\n", encoding="utf-8")
    return root


def inputs(root: Path) -> list[str]:
    """The files a trial may damage, relative to ``root``, sorted."""
    kinds = (".yaml", ".po", ".toml", ".csv")
    found = [p for p in root.rglob("*") if p.is_file() and p.suffix in kinds]
    return sorted(p.relative_to(root).as_posix() for p in found)


# ---------------------------------------------------------------------- the mutations


def _lines_mutation(rng: random.Random, data: bytes, values: list[str]) -> tuple[str, bytes]:
    """Damage to a file's lines: delete, swap, duplicate, indent, bytes, a wrong value,
    bad UTF-8, a truncation."""
    lines = data.split(b"\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    kind = rng.choice(
        ["delete", "swap", "duplicate", "indent", "bytes", "value", "utf8", "truncate"]
    )
    if kind == "delete":
        del lines[i]
    elif kind == "swap":
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "duplicate":
        lines.insert(j, lines[i])
    elif kind == "indent":
        lines[i] = rng.choice([b" ", b"\t", b"  \t"]) * rng.randint(1, 6) + lines[i]
    elif kind == "bytes":
        at = rng.randint(0, len(lines[i]))
        lines[i] = lines[i][:at] + rng.randbytes(rng.randint(1, 12)) + lines[i][at:]
    elif kind == "value":
        key, sep, _ = lines[i].partition(b": ")
        value = rng.choice(values).encode("utf-8", "surrogatepass")
        lines[i] = key + sep + value if sep else value
    elif kind == "utf8":
        at = rng.randint(0, len(lines[i]))
        blob = rng.choice(
            [b"\xff", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\x00", b"\xef\xbb\xbf"]
        )
        lines[i] = lines[i][:at] + blob + lines[i][at:]
    else:
        return "truncate", data[: rng.randint(0, len(data))]
    return kind, b"\n".join(lines)


def _hostile_text(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    """A text replaced by a long run of a Markdown parser's worst input."""
    unit = rng.choice(HOSTILE_UNITS)
    size = rng.choice([1_000, 40_000, 49_000, 60_000, 300_000])
    run = (unit * (size // len(unit) + 1))[:size].replace("\n", " ")
    text = data.decode("utf-8", "replace")
    text = re.sub(r"(?m)^text: .*(\n  .*)*", "", text) + "text: |\n  " + run + "\n"
    return f"hostile-text {unit!r}x{size}", text.encode()


def _header_mutation(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    """A catalog's header field, or a plural form's index, given a hostile value."""
    text = data.decode("utf-8", "replace")
    field_name = rng.choice(["plural", "nplurals", "language", "charset", "date", "index", "long"])
    if field_name == "plural":
        expr = rng.choice(
            PLURALS + ["".join(rng.choice("n0123()%/*+-?:!=<>&| ") for _ in range(20))]
        )
        text = re.sub(r"plural=[^;\\]*(?=;)", lambda _: "plural=" + expr, text, count=1)
    elif field_name == "nplurals":
        count = rng.choice(NPLURALS)
        text = re.sub(r"nplurals=\d+", lambda _: "nplurals=" + count, text, count=1)
    elif field_name == "language":
        lang = rng.choice(LANGUAGES)
        text = re.sub(r'"Language: [^\\"]*', lambda _: '"Language: ' + lang, text, count=1)
    elif field_name == "charset":
        charset = rng.choice(CHARSETS)
        text = re.sub(r"charset=[^\\\"]*", lambda _: "charset=" + charset, text, count=1)
    elif field_name == "date":
        text = re.sub(r'"POT-Creation-Date: [^\\"]*', '"POT-Creation-Date: 2026-13-99 25:61', text)
    elif field_name == "index":
        index = str(rng.choice([1, 2, 3, 6, 7, 99, 999]))
        text = re.sub(r"msgstr\[2\]", lambda _: f"msgstr[{index}]", text, count=1)
    else:
        text = text.replace('msgstr "Północ"', 'msgstr "' + "[" * 120_000 + '"', 1)
    return f"header {field_name}", text.encode()


def _csv_mutation(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    """A glossary row a CSV reader chokes on: a field over its limit, an open quote."""
    row = rng.choice(
        [b"a" * 200_000 + b",x", b'"open,x', b"\x00,\x00", b",,,,,,,,,,,,", b"\xff\xfe,x"]
    )
    return "csv-row", data + b"\n" + row + b"\n"


def _toml_mutation(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    lines = data.split(b"\n")
    lines.insert(rng.randrange(len(lines) + 1), rng.choice(TOML_LINES).encode())
    return "toml-line", b"\n".join(lines)


def file_trial(rng: random.Random, number: int, root: Path, rel: str) -> Trial:
    """A damaged copy of the file ``rel`` of the project at ``root``."""
    data = (root / rel).read_bytes()
    roll = rng.random()
    if roll < 0.04:
        return Trial(number, rel, "link-out", b"", link=True)
    if rel.endswith(".toml"):
        kind, damaged = (
            _toml_mutation(rng, data) if roll < 0.6 else _lines_mutation(rng, data, TOML_LINES)
        )
    elif rel.endswith(".csv"):
        kind, damaged = (
            _csv_mutation(rng, data) if roll < 0.5 else _lines_mutation(rng, data, WRONG_VALUES)
        )
    elif rel.endswith(".po"):
        kind, damaged = (
            _header_mutation(rng, data) if roll < 0.5 else _lines_mutation(rng, data, WRONG_VALUES)
        )
    elif roll < 0.15 and not rel.endswith("page.yaml"):
        kind, damaged = _hostile_text(rng, data)
    else:
        kind, damaged = _lines_mutation(rng, data, WRONG_VALUES)
    return Trial(number, rel, kind, damaged)


def request_trial(rng: random.Random, number: int) -> Trial:
    """A raw HTTP request: a method, a path, a version and headers, some of them hostile."""
    method = rng.choice(METHODS)
    path = rng.choice(REQUEST_PATHS)
    version = rng.choice(["HTTP/1.0", "HTTP/1.1", "HTTP/9.9", "", "HTTP/1.0 x"])
    headers = rng.choice(
        ["", "Host: x\r\n", "X: " + "y" * 70_000 + "\r\n", "\x00\r\n", "Range: bytes=9-1\r\n"]
    )
    raw = f"{method} {path} {version}\r\n{headers}\r\n".encode("utf-8", "surrogateescape")
    if rng.random() < 0.1:
        raw = rng.randbytes(rng.randint(1, 200)) + b"\r\n\r\n"  # a whole (garbage) request
    return Trial(number, "serve", "request", raw)


def trials(rng: random.Random, root: Path, *, requests: float = 0.3) -> Iterator[Trial]:
    """Trials for ever: file damage, and requests to ``serve`` (a ``requests`` share)."""
    files = inputs(root)
    number = 0
    while True:
        number += 1
        if rng.random() < requests:
            yield request_trial(rng, number)
        else:
            yield file_trial(rng, number, root, rng.choice(files))


# ------------------------------------------------------------------- running a trial


class _TooLong(BaseException):
    """The CPU watchdog fired."""


@contextlib.contextmanager
def _cpu_watchdog(seconds: float) -> Iterator[None]:
    """Raise :class:`_TooLong` once the process has used ``seconds`` more CPU (main
    thread only; elsewhere no watchdog)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def fire(signum: int, frame: FrameType | None) -> None:
        raise _TooLong

    previous = signal.signal(signal.SIGPROF, fire)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def run_verb(argv: list[str], cwd: Path) -> tuple[int, list[str], float]:
    """``explainer ARGV`` in this process: exit code, output lines, CPU seconds."""
    out, err = io.StringIO(), io.StringIO()
    old = Path.cwd()
    start = time.process_time()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            with _cpu_watchdog(CPU_LIMIT):
                code = main(argv)
    except _TooLong:
        code = -1
    finally:
        os.chdir(old)
    return code, (out.getvalue() + err.getvalue()).splitlines(), time.process_time() - start


def broken_promise(code: int, lines: list[str], cpu: float, out_exists: bool) -> str | None:
    """What a verb's answer breaks of the promises, or ``None``."""
    text = "\n".join(lines)
    if code == -1:
        return f"more than {CPU_LIMIT:.0f} s of CPU"
    if code not in (0, 1, 2):
        return f"exit code {code}"
    if any(word in text for word in CRASHED):
        return "a traceback or an internal error"
    if SECRET in text:
        return "printed what a link out of the project points at"
    stray = [line for line in lines if not (LOCATED.match(line) or SUMMARY.match(line))]
    if stray:
        return f"a line that is neither located nor a summary: {stray[0][:120]!r}"
    if code == 2 and not any(LOCATED.match(line) for line in lines):
        return "exit 2 without a located line"
    if code != 0 and out_exists:
        return "a failed build wrote its output"
    return None


def run_file_trial(root: Path, trial: Trial) -> Finding | None:
    """Damage the file, run check and build, put the file back."""
    path = root / trial.target
    original = path.read_bytes()
    out = root.parent / "fuzz-out"
    shutil.rmtree(out, ignore_errors=True)
    try:
        if trial.link:
            path.unlink()
            os.symlink(root.parent / "outside.txt", path)
        else:
            path.write_bytes(trial.data)
        for verb in (["check"], ["build", "--out", str(out)]):
            code, lines, cpu = run_verb(["--root", str(root), *verb], root)
            problem = broken_promise(code, lines, cpu, out.exists() and code != 0)
            if problem is not None:
                return Finding(trial, f"explainer {verb[0]}: {problem}", lines)
    finally:
        if path.is_symlink():
            path.unlink()
        path.write_bytes(original)
        shutil.rmtree(out, ignore_errors=True)
    return None


def send(address: tuple[str, int], raw: bytes, timeout: float = 30.0) -> bytes:
    """Send ``raw`` and read the whole answer (the server closes after one)."""
    with socket.create_connection(address, timeout=timeout) as conn:
        with contextlib.suppress(OSError):
            conn.sendall(raw)
        chunks = []
        with contextlib.suppress(OSError):
            while chunk := conn.recv(65536):
                chunks.append(chunk)
    return b"".join(chunks)


def run_request_trial(
    address: tuple[str, int], trial: Trial, log: Callable[[], str]
) -> Finding | None:
    """Send the request; the answer must be a status line of :data:`STATUSES` (an empty
    request may be closed unanswered), with no traceback printed, and ``serve`` must
    still answer a page."""
    answer = send(address, trial.data)
    status = re.match(rb"HTTP/1\.[01] (\d{3}) ", answer)
    empty = not trial.data.strip(b"\r\n")
    if status is None and not (empty and answer == b""):
        return Finding(trial, f"no status line: {answer[:80]!r}")
    if status is not None and int(status.group(1)) not in STATUSES:
        return Finding(trial, f"status {int(status.group(1))}")
    if "Traceback" in log():
        return Finding(trial, "a traceback", log().splitlines()[-20:])
    if not send(address, b"GET /en/ HTTP/1.0\r\n\r\n").startswith(b"HTTP/1.0 200 "):
        return Finding(trial, "serve stopped answering")
    return None


@contextlib.contextmanager
def serving(root: Path) -> Iterator[tuple[tuple[str, int], Callable[[], str]]]:
    """``serve`` on ``root`` in a thread: its address, and what it printed so far (its
    stream and this process's stderr, where a thread's traceback would go)."""
    from explainer.site.serve import run_serve

    stream, stop = LockedText(), threading.Event()
    thread = threading.Thread(
        target=run_serve,
        args=(root, root.parent / "serve-out", "127.0.0.1", 0),
        kwargs={"out_stream": stream, "stop": stop},
        daemon=True,
    )
    err = LockedText()
    with contextlib.redirect_stderr(err):
        thread.start()
        end = time.monotonic() + 300
        while "serving " not in stream.text() and time.monotonic() < end and thread.is_alive():
            time.sleep(0.1)
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", stream.text())
        if match is None:
            raise RuntimeError("serve did not start: " + stream.text()[-500:])
        try:
            yield ("127.0.0.1", int(match.group(1))), lambda: stream.text() + err.text()
        finally:
            stop.set()
            thread.join(timeout=30)


class LockedText(io.StringIO):
    """A text stream threads write to while another reads it."""

    def __init__(self) -> None:
        super().__init__()
        self.lock = threading.Lock()

    def write(self, s: str) -> int:
        with self.lock:
            return super().write(s)

    def text(self) -> str:
        with self.lock:
            return self.getvalue()


def write_reproducer(folder: Path, seed: int, finding: Finding) -> Path:
    """A folder holding the damaged input and what it broke; returns it."""
    trial = finding.trial
    where = folder / f"finding-{seed}-{trial.number}"
    where.mkdir(parents=True, exist_ok=True)
    if trial.target == "serve":
        (where / "request.bin").write_bytes(trial.data)
        how = "explainer serve, then send request.bin as is (nc 127.0.0.1 8000 < request.bin)"
    elif trial.link:
        how = f"replace {trial.target} of a project by a symbolic link to a file outside it"
    else:
        (where / Path(trial.target).name).write_bytes(trial.data)
        how = f"copy {Path(trial.target).name} to {trial.target} of a project made by explainer new"
    (where / "README.txt").write_text(
        f"seed {seed}, trial {trial.number}: {trial.kind} of {trial.target}\n"
        f"broken promise: {finding.problem}\nto reproduce: {how}, then explainer check "
        "and explainer build\n\noutput:\n" + "\n".join(finding.output[-40:]) + "\n",
        encoding="utf-8",
    )
    return where
