"""``explainer serve``: serves the built site and rebuilds it when a source changes."""

from __future__ import annotations

import io
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from explainer.site.serve import RELOAD_PATH, VERSION_PATH, run_serve

ROOT = Path(__file__).resolve().parents[2]


class _Stream(io.StringIO):
    """A StringIO that the server thread writes to while the test reads it."""

    def __init__(self) -> None:
        super().__init__()
        self.lock = threading.Lock()

    def write(self, s: str) -> int:
        with self.lock:
            return super().write(s)

    def text(self) -> str:
        with self.lock:
            return self.getvalue()


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


def test_serve_rebuilds_on_change_and_keeps_the_last_good_site(
    project: Path, tmp_path: Path
) -> None:
    stream, stop = _Stream(), threading.Event()
    result: list[int] = []
    thread = threading.Thread(
        target=lambda: result.append(
            run_serve(project, tmp_path / "out", "127.0.0.1", 0, out_stream=stream, stop=stop)
        ),
        daemon=True,
    )
    thread.start()
    try:
        _wait_for(lambda: "serving" in stream.text(), "the first build")
        port = re.search(r"http://127\.0\.0\.1:(\d+)/", stream.text().split("serving")[1])
        assert port is not None
        page = f"http://127.0.0.1:{port.group(1)}/en/which-card/index.html"
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
    finally:
        stop.set()
        thread.join(timeout=30)
    assert result == [0]


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
    project: Path, tmp_path: Path
) -> None:
    stream, stop = _Stream(), threading.Event()
    out = tmp_path / "out"
    thread = threading.Thread(
        target=lambda: run_serve(project, out, "127.0.0.1", 0, out_stream=stream, stop=stop),
        daemon=True,
    )
    thread.start()
    try:
        _wait_for(lambda: "serving" in stream.text(), "the first build")
        port = re.search(r"http://127\.0\.0\.1:(\d+)/", stream.text().split("serving")[1])
        assert port is not None
        base = f"http://127.0.0.1:{port.group(1)}"
        html = _get(f"{base}/en/which-card/index.html")
        assert f'<script src="{RELOAD_PATH}" data-version="1"></script></body>' in html
        assert (
            "script-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none';"
            " connect-src 'self'\"" in html
        )
        assert 'data-version="1"' in _get(f"{base}/en/which-card/")
        assert "location.reload()" in _get(base + RELOAD_PATH)
        assert _get(base + VERSION_PATH) == "1"
        on_disk = (out / "en" / "which-card" / "index.html").read_text(encoding="utf-8")
        assert "__explainer" not in on_disk and "connect-src" not in on_disk

        page = project / "scenarios/which-card/page.yaml"
        page.write_text(page.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        _wait_for(lambda: _get(base + VERSION_PATH) == "2", "the rebuild")
        assert 'data-version="2"' in _get(f"{base}/en/which-card/index.html")
    finally:
        stop.set()
        thread.join(timeout=30)


@pytest.mark.parametrize(
    ("signum", "code", "line"),
    [
        (signal.SIGTERM, 143, "terminated (SIGTERM): stopped serving"),
        (signal.SIGINT, 130, "interrupted (Ctrl-C): stopped serving"),
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
    assert rest == line + "\n" and err == ""
    assert not folder.exists() and not folder.parent.exists()


@pytest.mark.browser
def test_the_open_page_reloads_itself_after_a_rebuild(project: Path, tmp_path: Path) -> None:
    from tests.browser import launch

    browsers = launch()
    browser = next(browsers)
    stream, stop = _Stream(), threading.Event()
    thread = threading.Thread(
        target=lambda: run_serve(
            project, tmp_path / "out", "127.0.0.1", 0, out_stream=stream, stop=stop
        ),
        daemon=True,
    )
    thread.start()
    try:
        _wait_for(lambda: "serving" in stream.text(), "the first build")
        port = re.search(r"http://127\.0\.0\.1:(\d+)/", stream.text().split("serving")[1])
        assert port is not None
        page = browser.new_page()
        errors: list[str] = []
        page.on(
            "console", lambda m: errors.append(m.text) if "Content Security" in m.text else None
        )
        page.goto(f"http://127.0.0.1:{port.group(1)}/en/which-card/index.html")
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
    finally:
        stop.set()
        thread.join(timeout=30)
        browsers.close()
