"""``explainer serve``: build, serve the site locally, rebuild when a source changes.

The port is bound first, so a busy port is reported at once, before any build. The site
is built into ``out`` (a temporary folder by default) and served by :mod:`http.server`
from a thread. A :class:`~.watch.Watcher` keeps the list of the files of ``scenarios/``,
``templates/``, ``locales/`` and ``pyproject.toml`` (the settings) with their
modification times, told by the kernel what changed where it can (inotify on Linux),
else listing them every tenth of a second; on a change the site is rebuilt
(:func:`rebuild`) incrementally: one
:class:`~.incremental.Memo`, kept for the whole session and told which files changed
(:func:`changes`, the listing taken before each build), looks only at those, re-checks
only the files whose contents changed and re-renders only the pages they are part of
(:mod:`.incremental`).
A failed rebuild prints its diagnostics and keeps serving the last good site (the build
never touches the output folder when it fails).

Live reload, with no dependency: pages *served by this command* get one extra script,
``/__explainer/reload.js``, which asks ``/__explainer/status`` every second; it reloads
the page when a rebuild has finished, and while the last rebuild failed it shows the
problems over the page, in the page's language (:data:`OVERLAY_WORDS`), until the next
good build. Only the served copy of a page is changed (the script tag, and
``connect-src 'self'`` added to its Content-Security-Policy so the script may ask); the
files on disk, like every built site, have neither. The script builds the overlay from
text nodes and styles it from ``/__explainer/overlay.css``: nothing inline, so the
site's CSP holds.

Hostile requests get an answer, never a traceback: a path that is not one (``/%00``,
control characters, bad percent-encoding) is 400, a path outside the site or a folder
without a page 404; an idle connection is closed after :data:`IDLE_SECONDS`; at most
:data:`MAX_CONNECTIONS` are served at once, from a listen queue of 1024.

Ctrl-C (SIGINT) and ``kill`` (SIGTERM) stop the server as they stop every verb
(:func:`explainer.signals.run_interruptible`: one line, exit 130 and 143); the temporary
folder is removed either way.
"""

from __future__ import annotations

import errno
import functools
import http.server
import json
import os
import re
import sys
import tempfile
import threading
import urllib.parse
from pathlib import Path
from typing import Any, Final, TextIO

from explainer.i18n.markers import NP_, P_

from .build import build_and_report, drop_standby
from .incremental import Memo
from .watch import POLL_SECONDS, WATCHED, Watcher, changes, snapshot

__all__ = [
    "IDLE_SECONDS",
    "MAX_CONNECTIONS",
    "OVERLAY_WORDS",
    "RELOAD_PATH",
    "STATUS_PATH",
    "VERSION_PATH",
    "WATCHED",
    "changes",
    "inject_reload",
    "rebuild",
    "run_serve",
    "snapshot",
]

IDLE_SECONDS: Final = 10.0
"""A connection that sends no request for this long is closed."""
MAX_CONNECTIONS: Final = 512
"""Connections served at once; one more is closed at once (a browser opens a few)."""
SHOWN_PROBLEMS: Final = 50
"""The problems the overlay lists (the terminal has them all)."""
RELOAD_PATH: Final = "/__explainer/reload.js"
VERSION_PATH: Final = "/__explainer/version"
STATUS_PATH: Final = "/__explainer/status"
OVERLAY_CSS_PATH: Final = "/__explainer/overlay.css"

OVERLAY_WORDS: Final = {
    # NOTE: Heading of the box `explainer serve` shows over a page while the site has
    # problems (an author's preview, never the published site).
    "title": P_("serve", "The site did not build"),
    # NOTE: Under that heading, above the list of problems (file:line:column: message).
    "note": P_(
        "serve",
        "This page is the last good build. Fix the problems below: the page reloads "
        "by itself after the next good build.",
    ),
    # NOTE: The button that hides the box until the next rebuild.
    "hide": P_("serve", "Hide"),
}
"""The overlay's words, translated into the page's language."""
# NOTE: After the first problems listed in the box: how many more the terminal shows.
MORE_PROBLEMS: Final = NP_(
    "serve",
    "and %(num)d more problem (see the terminal)",
    "and %(num)d more problems (see the terminal)",
)

RELOAD_JS: Final = b"""/* explainer serve: reload the page when the site has been rebuilt, and show the
   problems of a failed rebuild over it until the next good one. */
(function () {
  "use strict";
  var me = document.currentScript;
  var seen = me ? me.getAttribute("data-version") : null;
  var lang = document.documentElement.getAttribute("lang") || "en";
  var box = null;
  var hidden = null;
  function add(parent, tag, text) {
    var node = document.createElement(tag);
    if (text) { node.textContent = text; }
    parent.appendChild(node);
    return node;
  }
  function style() {
    if (document.getElementById("explainer-serve-css")) { return; }
    var link = document.createElement("link");
    link.id = "explainer-serve-css";
    link.rel = "stylesheet";
    link.href = "/__explainer/overlay.css";
    document.head.appendChild(link);
  }
  function show(status) {
    var failed = status.problems && status.problems.length;
    if (!failed || hidden === status.failure) {
      if (box) { box.remove(); box = null; }
      return;
    }
    style();
    if (!box) {
      box = document.createElement("aside");
      box.id = "explainer-serve-overlay";
      box.setAttribute("role", "alert");
      document.body.appendChild(box);
    }
    box.textContent = "";
    add(box, "h2", status.title);
    add(box, "p", status.note);
    var list = add(box, "ul", "");
    status.problems.forEach(function (line) { add(add(list, "li", ""), "code", line); });
    if (status.more) { add(box, "p", status.more); }
    var button = add(box, "button", status.hide);
    button.type = "button";
    button.addEventListener("click", function () { hidden = status.failure; show(status); });
  }
  function ask() {
    fetch("/__explainer/status?lang=" + encodeURIComponent(lang), {cache: "no-store"})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (status) {
        if (!status) { return; }
        if (seen !== null && String(status.version) !== seen) {
          window.location.reload();
          return;
        }
        show(status);
      })
      .catch(function () {})
      .then(function () { window.setTimeout(ask, 1000); });
  }
  ask();
})();
"""

OVERLAY_CSS: Final = b"""/* explainer serve: the box listing a failed rebuild's problems. */
#explainer-serve-overlay {
  position: fixed; left: 0; right: 0; bottom: 0; z-index: 2147483647;
  max-height: 60vh; overflow: auto; box-sizing: border-box;
  margin: 0; padding: 1rem 1.25rem; border-top: 4px solid #b00020;
  background: #fff4f4; color: #1a1a1a; font: 1rem/1.4 system-ui, sans-serif;
  box-shadow: 0 -2px 12px rgba(0, 0, 0, 0.25);
}
#explainer-serve-overlay h2 { margin: 0 0 0.5rem; font-size: 1.2rem; color: #8a0019; }
#explainer-serve-overlay ul { margin: 0.5rem 0; padding-left: 1.25rem; }
#explainer-serve-overlay code { font: 0.9rem/1.4 ui-monospace, monospace; overflow-wrap: anywhere; }
#explainer-serve-overlay button { font: inherit; padding: 0.25rem 0.75rem; }
@media (prefers-color-scheme: dark) {
  #explainer-serve-overlay { background: #2a1214; color: #f3f3f3; border-top-color: #ff6b81; }
  #explainer-serve-overlay h2 { color: #ff9aa9; }
}
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


class _Build:
    """What the request threads show, set by the watcher: the number of the last good
    build, and the problems of the last rebuild when it failed (none after a good one)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.version = 0
        self.problems: tuple[str, ...] = ()
        self.failures = 0  # failed rebuilds so far: a new one shows again after "Hide"

    def status(self, lang: str) -> dict[str, Any]:
        """The status the reload script asks for, its words in ``lang``."""
        shown = list(self.problems[:SHOWN_PROBLEMS])
        more = len(self.problems) - len(shown)
        status: dict[str, Any] = {"version": self.version, "failure": self.failures}
        status["problems"] = shown
        if shown:
            status.update(_overlay_words(self.root, lang, more))
        return status


def _overlay_words(root: Path, lang: str, more: int) -> dict[str, str]:
    """The overlay's words in ``lang`` (one of the site's languages, else English), as
    the site's pages say them: the site's catalog over the theme's (:mod:`~explainer.
    i18n.catalog`), the theme's alone when the site's cannot be read (the failed build
    may be the catalog's), English when neither can."""
    from explainer.i18n.catalog import CatalogError, find_languages, load_catalog
    from explainer.i18n.names import typeset
    from explainer.settings import read_settings

    languages = read_settings(root)[0].languages or find_languages(root)
    catalog = load_catalog(root, "en")
    for site in (True, False) if lang in languages else ():
        try:
            catalog = load_catalog(root, lang, site=site)
            break
        except CatalogError:
            continue
    words = {key: catalog.p(marked) for key, marked in OVERLAY_WORDS.items()}
    words["more"] = catalog.np(MORE_PROBLEMS, more) if more else ""
    return {key: typeset(catalog.lang, text) for key, text in words.items()}


class _Server(http.server.ThreadingHTTPServer):
    """The preview's HTTP server: a long listen queue, a bounded number of connections
    served at once, and no traceback for a connection that fails."""

    request_queue_size = 1024
    daemon_threads = True

    def __init__(self, address: tuple[str, int], handler: Any) -> None:
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        super().__init__(address, handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self.slots.acquire(blocking=False):  # too many at once: close this one
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A connection that failed (reset, timed out, a client gone): dropped quietly,
        never a traceback on the author's terminal."""


class _Handler(http.server.SimpleHTTPRequestHandler):
    timeout = IDLE_SECONDS  # an idle connection is closed
    default_request_version = "HTTP/1.0"  # even a request it cannot read gets a status line

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
        if self.command != "HEAD":
            self.wfile.write(body)

    def _path(self) -> str | None:
        """The request's path, decoded, or ``None`` when it is not a path."""
        raw = self.path.split("?", 1)[0].split("#", 1)[0]
        try:
            path = urllib.parse.unquote_to_bytes(raw).decode("utf-8")
        except UnicodeDecodeError:
            return None
        if not path.startswith("/") or any(ord(c) < 0x20 or ord(c) == 0x7F for c in path):
            return None
        return path

    def do_GET(self) -> None:  # noqa: N802 - stdlib name
        path = self._path()
        if path is None:
            self.send_error(400, "Bad path")
            return
        if self._own(path):
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

    def do_HEAD(self) -> None:  # noqa: N802 - stdlib name
        self.do_GET()

    def _own(self, path: str) -> bool:
        """Answer the preview's own paths (the script, its status, its style)."""
        if path == RELOAD_PATH:
            self._send(RELOAD_JS, "text/javascript; charset=utf-8")
        elif path == OVERLAY_CSS_PATH:
            self._send(OVERLAY_CSS, "text/css; charset=utf-8")
        elif path == VERSION_PATH:
            self._send(str(self.build.version).encode(), "text/plain; charset=utf-8")
        elif path == STATUS_PATH:
            query = urllib.parse.parse_qs(self.path.partition("?")[2])
            lang = query.get("lang", ["en"])[0][:20]
            body = json.dumps(self.build.status(lang), ensure_ascii=False).encode()
            self._send(body, "application/json; charset=utf-8")
        else:
            return False
        return True

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        """A folder without a page is not part of the site: 404, not a listing."""
        self.send_error(404, "File not found")


def run_serve(
    root: Path = Path("."),
    out: Path | None = None,
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    out_stream: TextIO | None = None,
    stop: threading.Event | None = None,
) -> int:
    """Serve the site on ``host:port`` until ``stop`` is set (or a signal: the caller's
    :func:`~explainer.signals.run_interruptible` turns it into one line and 130 or 143).

    Returns 0 when ``stop`` ends it, 2 if the port cannot be bound, or the build's exit
    code if the first build fails. The temporary folder is removed whatever ends it.
    """
    stream = out_stream if out_stream is not None else sys.stdout
    root = Path(root)
    build = _Build(root)
    try:
        server = _Server((host, port), functools.partial(_Handler, build=build))
    except (OSError, OverflowError) as exc:  # OverflowError: a port over 65535
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        hint = _hint(exc, port) if isinstance(exc, OSError) else ""
        print(f"cannot serve on {host}:{port}: {why}{hint}", file=stream)
        return 2
    tmp: tempfile.TemporaryDirectory[str] | None = None
    try:
        if out is None:
            tmp = tempfile.TemporaryDirectory(prefix="explainer-serve-")
            out = Path(tmp.name) / "site"
        return _serve(root, out.absolute(), (host, server), build, stream, stop)
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
    bound: tuple[str, _Server],
    build: _Build,
    stream: TextIO,
    stop: threading.Event | None,
) -> int:
    """Build, then serve ``out`` and rebuild on change until ``stop`` is set."""
    host, server = bound
    memo, watcher = Memo(), Watcher(root)
    seen = watcher.listing()  # before the build: what changes while it reads is seen
    code, _ = rebuild(root, out, stream, memo)
    if code != 0:
        watcher.close()
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
        _watch(root, out, build, stream, stop, (memo, watcher, seen))
    finally:
        server.shutdown()
        watcher.close()
        drop_standby(memo, out)
    return 0


def rebuild(
    root: Path, out: Path, stream: TextIO, memo: Memo | None = None
) -> tuple[int, list[str]]:
    """Build the site into ``out``, printing what ``explainer build`` prints; return the
    exit code and the problem lines (none after a good build). The one place ``serve``
    builds: ``memo`` keeps what did not change between builds (:mod:`.incremental`)."""
    return build_and_report(root, out, None, stream, memo=memo)


def _watch(
    root: Path,
    out: Path,
    build: _Build,
    stream: TextIO,
    stop: threading.Event | None,
    state: tuple[Memo, Watcher, dict[str, float]],
) -> None:
    """Watch the sources (:class:`~.watch.Watcher`); on a change, rebuild what it
    touches (the memo keeps the rest, and is told the files changed since the listing
    ``seen`` taken before the last build: :meth:`~.incremental.Memo.tell`)."""
    memo, watcher, seen = state
    while not (stop is not None and stop.is_set()):
        if not watcher.wait(POLL_SECONDS):
            continue
        now = watcher.listing()
        if now == seen:
            continue
        changed = changes(seen, now)
        seen = now
        print(f"changed: {_shown(root, changed)}; rebuilding", file=stream, flush=True)
        memo.tell(changed)
        code, problems = rebuild(root, out, stream, memo)
        if code != 0:
            print("rebuild failed; still serving the last good site", file=stream, flush=True)
            build.failures += 1
            build.problems = tuple(problems)
        else:
            build.problems = ()
            build.version += 1


def _shown(root: Path, changed: list[str]) -> str:
    """The first three changed files, relative to the project, and how many more."""
    shown = ", ".join(
        str(Path(p).relative_to(root)) if Path(p).is_relative_to(root) else p for p in changed[:3]
    )
    return shown + (f" and {len(changed) - 3} more" if len(changed) > 3 else "")
