"""``explainer serve``: serves the built site and rebuilds it when a source changes."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from explainer.cli import main
from explainer.site.serve import RELOAD_PATH, STATUS_PATH, VERSION_PATH, run_serve, snapshot
from tests.hardening.fuzzer import LockedText as _Stream

from .conftest import copy_inputs

ROOT = Path(__file__).resolve().parents[2]


def _wait_for(predicate, what: str, limit: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read().decode("utf-8")


@contextlib.contextmanager
def _serving(project: Path, out: Path) -> Iterator[tuple[str, _Stream]]:
    """``serve`` running on ``project`` in a thread: ``(base URL, its output stream)``."""
    stream, stop = _Stream(), threading.Event()
    result: list[int] = []
    thread = threading.Thread(
        target=lambda: result.append(
            run_serve(project, out, "127.0.0.1", 0, out_stream=stream, stop=stop)
        ),
        daemon=True,
    )
    thread.start()
    try:
        _wait_for(lambda: "serving" in stream.text(), "the first build")
        port = re.search(r"http://127\.0\.0\.1:(\d+)/", stream.text().split("serving")[1])
        assert port is not None
        yield f"http://127.0.0.1:{port.group(1)}", stream
    finally:
        stop.set()
        thread.join(timeout=30)
    assert result == [0]
    assert "Traceback" not in stream.text()
    assert sorted(out.parent.glob(f".{out.name}-*")) == []  # the standby site is removed


@pytest.fixture
def served(project: Path, tmp_path: Path) -> Iterator[tuple[str, _Stream]]:
    """``serve`` on this test's copy of the project, which the test may change."""
    with _serving(project, tmp_path / "out") as running:
        yield running


@pytest.fixture(scope="module")
def served_unchanged(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, _Stream]]:
    """One ``serve`` for the tests that only send requests and change no source (one build
    for the module, not one per test)."""
    root = tmp_path_factory.mktemp("served")
    with _serving(copy_inputs(root / "project"), root / "out") as running:
        yield running


def test_serve_rebuilds_on_change_and_keeps_the_last_good_site(
    project: Path, served: tuple[str, _Stream]
) -> None:
    base, stream = served
    page = f"{base}/en/which-card/index.html"
    assert "Follow the suit that was led" in _get(page)

    scenario = project / "scenarios/which-card/follow/01-follow-suit.yaml"
    text = scenario.read_text(encoding="utf-8")
    scenario.write_text(
        text.replace("Follow the suit that was led", "Follow suit, always"), encoding="utf-8"
    )
    _wait_for(lambda: "Follow suit, always" in _get(page), "the rebuilt page")
    assert "changed: scenarios/which-card/follow/01-follow-suit.yaml" in stream.text()

    scenario.write_text(text.replace("legal: [KS, 7S]", "legal: [KS]"), encoding="utf-8")
    _wait_for(lambda: "rebuild failed" in stream.text(), "the failed rebuild")
    assert "expect.legal: scenario says KS, engine says 7S KS" in stream.text()
    assert "Follow suit, always" in _get(page)  # the last good site is still served

    scenario.write_text(text, encoding="utf-8")  # mended: the standby site swapped in
    _wait_for(lambda: "Follow the suit that was led" in _get(page), "the mended page")


def test_serve_reports_a_busy_port_at_once_before_any_build(project: Path, tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        stream = _Stream()
        code = run_serve(
            project, tmp_path / "out", "127.0.0.1", port, out_stream=stream, stop=threading.Event()
        )
    assert code == 2
    assert re.fullmatch(
        rf"cannot serve on 127\.0\.0\.1:{port}: [^\n]+ \(another program is using port {port};"
        rf" choose another with --port {port + 1}\)\n",
        stream.text(),
    )
    assert not (tmp_path / "out").exists()  # nothing was built


def test_served_pages_reload_after_a_rebuild_and_the_built_site_has_no_reload_script(
    project: Path, tmp_path: Path, served: tuple[str, _Stream]
) -> None:
    base, _ = served
    html = _get(f"{base}/en/which-card/index.html")
    assert f'<script src="{RELOAD_PATH}" data-version="1"></script></body>' in html
    assert (
        "script-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none';"
        " connect-src 'self'\"" in html
    )
    assert 'data-version="1"' in _get(f"{base}/en/which-card/")
    assert "location.reload()" in _get(base + RELOAD_PATH)
    assert _get(base + VERSION_PATH) == "1"
    on_disk = (tmp_path / "out" / "en" / "which-card" / "index.html").read_text(encoding="utf-8")
    assert "__explainer" not in on_disk and "connect-src" not in on_disk

    page = project / "scenarios/which-card/page.yaml"
    page.write_text(page.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    _wait_for(lambda: _get(base + VERSION_PATH) == "2", "the rebuild")
    assert 'data-version="2"' in _get(f"{base}/en/which-card/index.html")


@pytest.mark.parametrize(
    ("signum", "code", "line"),
    [
        (signal.SIGTERM, 143, "explainer serve: stopped by SIGTERM; no file was left half-written"),
        (signal.SIGINT, 130, "explainer serve: stopped by SIGINT; no file was left half-written"),
    ],
)
def test_a_signal_stops_serve_with_one_line_and_removes_its_temporary_folder(
    project: Path, signum: int, code: int, line: str
) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "explainer", "--root", str(project), "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert proc.stdout is not None
        lines = []
        while not any(x.startswith("serving ") for x in lines):
            got = proc.stdout.readline()
            assert got, "serve ended before serving: " + "".join(lines)
            lines.append(got)
        folder = Path(lines[-1].split()[1])
        assert folder.is_dir()
        proc.send_signal(signum)
        rest, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == code
    assert rest == "" and err == line + "\n"  # as build and check say it
    assert not folder.exists() and not folder.parent.exists()


@contextlib.contextmanager
def _browsing(browser: Any, url: str) -> Iterator[tuple[Any, list[str]]]:
    """A page of the session's browser open at ``url``: the page, and every
    Content-Security-Policy violation its console reports."""
    context = browser.new_context()
    try:
        page = context.new_page()
        violations: list[str] = []
        page.on(
            "console",
            lambda m: violations.append(m.text) if "Content Security" in m.text else None,
        )
        page.goto(url)
        yield page, violations
    finally:
        context.close()


@pytest.mark.browser
def test_the_open_page_reloads_itself_after_a_rebuild(
    project: Path, served: tuple[str, _Stream], browser: Any
) -> None:
    base, _ = served
    with _browsing(browser, f"{base}/en/which-card/index.html") as (page, errors):
        page.evaluate("window.__before_reload = true")
        scenario = project / "scenarios/which-card/follow/01-follow-suit.yaml"
        text = scenario.read_text(encoding="utf-8")
        scenario.write_text(
            text.replace("Follow the suit that was led", "Follow suit, always"), encoding="utf-8"
        )
        title = page.locator("#follow-suit-title")  # read without eval: the CSP forbids it
        _wait_for(lambda: "Follow suit, always" in (title.text_content() or ""), "the reload")
        assert page.evaluate("window.__before_reload") is None  # a new page, not a patch
        assert errors == []


# ---------------------------------------------------------------------------------------
# Hostile requests, a failed rebuild in the page


def _raw(base: str, request: bytes) -> bytes:
    """Send ``request`` as written; the whole answer."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as conn:
        conn.sendall(request)
        chunks = []
        while chunk := conn.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/%00", 400),
        ("/en/%00/index.html", 400),
        ("/%1b[31m", 400),
        ("/%ff%fe", 400),
        ("/../../../../etc/passwd", 404),
        ("/en/..%2f..%2f..%2fpyproject.toml", 404),
        ("/static/", 404),  # a folder without a page: not listed
        ("/no/such/page.html", 404),
        ("/en/which-card/", 200),
        ("/static/site.css", 200),
    ],
)
def test_every_request_gets_an_answer_never_a_traceback(
    path: str, status: int, served_unchanged: tuple[str, _Stream]
) -> None:
    base, _ = served_unchanged
    for method in ("GET", "HEAD"):
        answer = _raw(base, f"{method} {path} HTTP/1.0\r\n\r\n".encode())
        assert answer.startswith(f"HTTP/1.0 {status} ".encode()), answer[:200]


def test_idle_connections_are_closed(
    served_unchanged: tuple[str, _Stream], monkeypatch: pytest.MonkeyPatch
) -> None:
    from explainer.site import serve

    monkeypatch.setattr(serve._Handler, "timeout", 1.0)
    base, _ = served_unchanged
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as idle:
        assert idle.recv(1) == b""  # closed by the server, not by our 30 s timeout


def test_serve_keeps_answering_under_400_connections(served_unchanged: tuple[str, _Stream]) -> None:
    """200 idle connections and 200 requests at once: every request is answered (the
    listen queue was 5, with no idle timeout: 62 went unanswered)."""
    base, _ = served_unchanged
    host, port = base.removeprefix("http://").split(":")
    idle = [socket.create_connection((host, int(port)), timeout=30) for _ in range(200)]
    answers: list[int] = []
    lock = threading.Lock()

    def ask() -> None:
        with urllib.request.urlopen(f"{base}/en/which-card/", timeout=60) as response:
            response.read()
            with lock:
                answers.append(response.status)

    try:
        askers = [threading.Thread(target=ask) for _ in range(200)]
        for t in askers:
            t.start()
        for t in askers:
            t.join(timeout=120)
    finally:
        for conn in idle:
            conn.close()
    assert answers == [200] * 200


def test_a_failed_rebuild_is_shown_in_the_page_until_the_next_good_one(
    project: Path, served: tuple[str, _Stream]
) -> None:
    base, stream = served
    assert json.loads(_get(f"{base}{STATUS_PATH}?lang=pl")) == {
        "version": 1,
        "failure": 0,
        "problems": [],
    }
    scenario = project / "scenarios/which-card/follow/01-follow-suit.yaml"
    text = scenario.read_text(encoding="utf-8")
    scenario.write_text(text.replace("legal: [KS, 7S]", "legal: [KS]"), encoding="utf-8")
    _wait_for(lambda: "rebuild failed" in stream.text(), "the failed rebuild")
    status = json.loads(_get(f"{base}{STATUS_PATH}?lang=pl"))
    assert status == {
        "version": 1,
        "failure": 1,
        "problems": [
            f"{project}/scenarios/which-card/follow/01-follow-suit.yaml:13:3: expect.legal: "
            "scenario says KS, engine says 7S KS (rule: follow); missing: 7S"
        ],
        "title": "Serwis się nie zbudował",
        "note": "Ta strona to ostatnia udana wersja. Popraw poniższe problemy: strona "
        "przeładuje się sama po następnym udanym zbudowaniu.",
        "hide": "Ukryj",
        "more": "",
    }
    assert json.loads(_get(f"{base}{STATUS_PATH}?lang=xx"))["title"] == "The site did not build"
    assert "Follow the suit that was led" in _get(f"{base}/en/which-card/")  # the last good site
    scenario.write_text(text, encoding="utf-8")
    _wait_for(lambda: json.loads(_get(base + STATUS_PATH))["version"] == 2, "the good rebuild")
    assert json.loads(_get(base + STATUS_PATH))["problems"] == []


def test_the_overlay_is_drawn_by_the_served_script_and_styled_by_a_served_sheet(
    served_unchanged: tuple[str, _Stream],
) -> None:
    """No inline script or style: the site's CSP (script-src and style-src 'self') holds."""
    base, _ = served_unchanged
    script = _get(base + RELOAD_PATH)
    assert "explainer-serve-overlay" in script and "/__explainer/overlay.css" in script
    assert "innerHTML" not in script and ".style." not in script  # text nodes only
    assert "#explainer-serve-overlay" in _get(base + "/__explainer/overlay.css")


@pytest.mark.parametrize("port", ["99999", "-1", "http", "80.5", "６"])
def test_a_port_that_is_no_port_is_one_line_and_exit_2(
    port: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command line's own answer (``python -m explainer`` exits with what ``main``
    returns: tests/test_exits.py), without a process per port."""
    assert main(["--root", str(tmp_path), "serve", "--port", port]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"--port: expected a port number from 1 to 65535 (or 0), got {port!r}\n"
    assert list(tmp_path.iterdir()) == []  # nothing was built


@pytest.mark.browser
def test_the_open_page_shows_a_failed_rebuild_and_drops_it_at_the_next_good_one(
    project: Path, served: tuple[str, _Stream], browser: Any
) -> None:
    base, _ = served
    with _browsing(browser, f"{base}/pl/which-card/index.html") as (page, violations):
        scenario = project / "scenarios/which-card/follow/01-follow-suit.yaml"
        text = scenario.read_text(encoding="utf-8")
        scenario.write_text(text.replace("legal: [KS, 7S]", "legal: [KS]"), encoding="utf-8")
        overlay = page.locator("#explainer-serve-overlay")
        overlay.wait_for(state="visible", timeout=60_000)
        assert overlay.get_attribute("role") == "alert"
        assert "Serwis się nie zbudował" in (overlay.locator("h2").text_content() or "")
        assert "expect.legal: scenario says KS" in (overlay.locator("code").text_content() or "")
        scenario.write_text(text, encoding="utf-8")
        overlay.wait_for(state="detached", timeout=60_000)
        assert violations == []


def test_an_edit_of_the_settings_is_a_change_to_rebuild_for(tmp_path: Path) -> None:
    (tmp_path / "scenarios").mkdir()
    settings = tmp_path / "pyproject.toml"
    settings.write_text('[tool.explainer]\ntitle = "Club"\n', encoding="utf-8")
    before = snapshot(tmp_path)
    os.utime(settings, (1, 1))
    assert snapshot(tmp_path) != before


def test_the_overlay_speaks_the_layered_catalog_of_a_site_language(tmp_path: Path) -> None:
    """A site's French catalog holds none of the theme's words: the overlay takes them
    from the theme's catalog under it, as the pages do; still when the site's catalog is
    broken (the failed build may be its); English for a language the site has not."""
    from explainer.site.serve import _Build

    po = tmp_path / "locales" / "fr" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n',
        encoding="utf-8",
    )
    build = _Build(tmp_path)
    build.problems = ("scenarios/x.yaml:1:1: a problem",)
    assert build.status("fr")["title"] == "Le site n'a pas pu être construit"
    po.write_text('msgid "unclosed\n', encoding="utf-8")
    assert build.status("fr")["title"] == "Le site n'a pas pu être construit"
    assert build.status("pl")["title"] == "The site did not build"
