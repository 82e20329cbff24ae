"""``explainer serve``: build, serve the site locally, rebuild when a source changes.

The port is bound first, so a busy port is reported at once, before any build. The site
is built into ``out`` (a temporary folder by default) and served by :mod:`http.server`
from a thread. Every half second the modification times of ``scenarios/``,
``templates/`` and ``locales/`` are compared with the last ones seen; on a change the
site is rebuilt. A failed rebuild prints its diagnostics and keeps serving the last good
site (the build never touches the output folder when it fails).

Live reload, with no dependency: pages *served by this command* get one extra script,
``/__explainer/reload.js``, which asks ``/__explainer/version`` every second and reloads
the page when a rebuild has finished. Only the served copy of a page is changed (the
script tag, and ``connect-src 'self'`` added to its Content-Security-Policy so the script
may ask); the files on disk, like every built site, have neither.

Ctrl-C (SIGINT) and ``kill`` (SIGTERM) stop the server with one line and exit 130 and 143;
the temporary folder is removed either way.
"""

from __future__ import annotations

import errno
import functools
import http.server
import os
import re
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any, Final, TextIO

from .build import run_build

__all__ = ["RELOAD_PATH", "VERSION_PATH", "WATCHED", "inject_reload", "run_serve", "snapshot"]

WATCHED = ("scenarios", "templates", "locales")
POLL_SECONDS = 0.5
EXIT_SIGINT: Final = 130
EXIT_SIGTERM: Final = 143
RELOAD_PATH: Final = "/__explainer/reload.js"
VERSION_PATH: Final = "/__explainer/version"

RELOAD_JS: Final = b"""/* explainer serve: reload the page when the site has been rebuilt. */
(function () {
  "use strict";
  var me = document.currentScript;
  var seen = me ? me.getAttribute("data-version") : null;
  function ask() {
    fetch("/__explainer/version", {cache: "no-store"})
      .then(function (r) { return r.ok ? r.text() : seen; })
      .then(function (v) { if (seen !== null && v !== seen) { window.location.reload(); } })
      .catch(function () {})
      .then(function () { window.setTimeout(ask, 1000); });
  }
  window.setTimeout(ask, 1000);
})();
"""

_CSP = re.compile(rb'(<meta http-equiv="Content-Security-Policy" content="[^"]*?)(")')


def inject_reload(html: bytes, version: int) -> bytes:
    """``html`` as ``serve`` sends it: the reload script before ``</body>`` and
    ``connect-src 'self'`` in the page's Content-Security-Policy.

    >>> page = b'<meta http-equiv="Content-Security-Policy" content="default-src \\'none\\'">'
    >>> print(inject_reload(page + b"<body></body>", 3).decode())
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; connect-src 'self'"><body><script src="/__explainer/reload.js" data-version="3"></script></body>
    """
    html = _CSP.sub(rb"\1; connect-src 'self'\2", html, count=1)
    tag = f'<script src="{RELOAD_PATH}" data-version="{version}"></script>'.encode()
    head, sep, tail = html.rpartition(b"</body>")
    return head + tag + sep + tail if sep else html + tag


def snapshot(root: Path) -> dict[str, float]:
    """``path -> mtime`` of every file under the watched folders."""
    seen: dict[str, float] = {}
    for name in WATCHED:
        folder = root / name
        if not folder.is_dir():
            continue
        for f in folder.rglob("*"):
            try:
                if f.is_file():
                    seen[str(f)] = f.stat().st_mtime
            except OSError:  # removed while we looked
                continue
    return seen


class _Build:
    """The number of the last good build, shared by the watcher and the request threads."""

    def __init__(self) -> None:
        self.version = 0


class _Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args: Any, build: _Build, **kwargs: Any) -> None:
        self.build = build
        super().__init__(*args, **kwargs)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib name
        pass

    def _send(self, body: bytes, content_type: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:  # noqa: N802 - stdlib name
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path == RELOAD_PATH:
            self._send(RELOAD_JS, "text/javascript; charset=utf-8")
            return
        if path == VERSION_PATH:
            self._send(str(self.build.version).encode(), "text/plain; charset=utf-8")
            return
        local = self.translate_path(path)
        if os.path.isdir(local):
            local = os.path.join(local, "index.html")
        if local.endswith(".html") and os.path.isfile(local) and path.endswith(("/", ".html")):
            with open(local, "rb") as f:
                html = f.read()
            self._send(inject_reload(html, self.build.version), "text/html; charset=utf-8")
            return
        super().do_GET()


class _Stopped(BaseException):
    """Raised in the main thread by SIGTERM, to unwind and clean up like Ctrl-C."""


@contextmanager
def _signals() -> Iterator[None]:
    """Turn SIGTERM into :class:`_Stopped` while serving (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: FrameType | None) -> None:
        raise _Stopped

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def run_serve(
    root: Path = Path("."),
    out: Path | None = None,
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    out_stream: TextIO | None = None,
    stop: threading.Event | None = None,
) -> int:
    """Serve the site on ``host:port`` until Ctrl-C, SIGTERM (or ``stop`` is set).

    Returns 0 when ``stop`` ends it, 130 after Ctrl-C, 143 after SIGTERM, 2 if the port
    cannot be bound, or the build's exit code if the first build fails.
    """
    stream = out_stream if out_stream is not None else sys.stdout
    root = Path(root)
    build = _Build()
    try:
        server = http.server.ThreadingHTTPServer(
            (host, port), functools.partial(_Handler, build=build)
        )
    except OSError as exc:
        print(
            f"cannot serve on {host}:{port}: {exc.strerror or exc}{_hint(exc, port)}", file=stream
        )
        return 2
    tmp: tempfile.TemporaryDirectory[str] | None = None
    try:
        with _signals():
            if out is None:
                tmp = tempfile.TemporaryDirectory(prefix="explainer-serve-")
                out = Path(tmp.name) / "site"
            return _serve(root, out.absolute(), (host, server), build, stream, stop)
    except KeyboardInterrupt:
        print("interrupted (Ctrl-C): stopped serving", file=stream, flush=True)
        return EXIT_SIGINT
    except _Stopped:
        print("terminated (SIGTERM): stopped serving", file=stream, flush=True)
        return EXIT_SIGTERM
    finally:
        server.server_close()
        if tmp is not None:
            tmp.cleanup()


def _hint(exc: OSError, port: int) -> str:
    """What to do when the port cannot be bound: another one, when it is taken."""
    if exc.errno != errno.EADDRINUSE:
        return ""
    other = port + 1 if port < 65535 else 8000
    return f" (another program is using port {port}; choose another with --port {other})"


def _serve(
    root: Path,
    out: Path,
    bound: tuple[str, http.server.ThreadingHTTPServer],
    build: _Build,
    stream: TextIO,
    stop: threading.Event | None,
) -> int:
    """Build, then serve ``out`` and rebuild on change until ``stop`` is set."""
    host, server = bound
    code = run_build(root, out, None, stream)
    if code != 0:
        return code
    build.version = 1
    # The handler resolves ``directory`` per request, so the swapped-in site is served.
    server.RequestHandlerClass = functools.partial(_Handler, build=build, directory=str(out))  # type: ignore[assignment]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        print(
            f"serving {out} at http://{host}:{server.server_address[1]}/ (Ctrl-C to stop)",
            file=stream,
            flush=True,
        )
        _watch(root, out, build, stream, stop)
    finally:
        server.shutdown()
    return 0


def _watch(
    root: Path, out: Path, build: _Build, stream: TextIO, stop: threading.Event | None
) -> None:
    seen = snapshot(root)
    while not (stop is not None and stop.is_set()):
        time.sleep(POLL_SECONDS)
        now = snapshot(root)
        if now == seen:
            continue
        changed = sorted(set(now) ^ set(seen) | {p for p in now if seen.get(p) != now[p]})
        seen = now
        shown = ", ".join(
            str(Path(p).relative_to(root)) if Path(p).is_relative_to(root) else p
            for p in changed[:3]
        )
        more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
        print(f"changed: {shown}{more}; rebuilding", file=stream, flush=True)
        if run_build(root, out, None, stream) != 0:
            print("rebuild failed; still serving the last good site", file=stream, flush=True)
        else:
            build.version += 1
