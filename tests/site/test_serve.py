"""``explainer serve``: serves the built site and rebuilds it when a source changes."""

from __future__ import annotations

import io
import re
import socket
import threading
import time
import urllib.request
from pathlib import Path

from explainer.site.serve import run_serve


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


def test_serve_rebuilds_on_change_and_keeps_the_last_good_site(project: Path, tmp_path: Path) -> None:
    stream, stop = _Stream(), threading.Event()
    result: list[int] = []
    thread = threading.Thread(
        target=lambda: result.append(run_serve(project, tmp_path / "out", "127.0.0.1", 0,
                                               out_stream=stream, stop=stop)),
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
        scenario.write_text(text.replace("Follow the suit that was led", "Follow suit, always"),
                            encoding="utf-8")
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


def test_serve_reports_a_busy_port(project: Path, tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        stream = _Stream()
        code = run_serve(project, tmp_path / "out", "127.0.0.1", port, out_stream=stream,
                         stop=threading.Event())
    assert code == 2
    assert f"cannot serve on 127.0.0.1:{port}:" in stream.text()
