"""``explainer serve``: build, serve the site locally, rebuild when a source changes.

The site is built into ``out`` (a temporary folder by default) and served by
:mod:`http.server` from a thread. Every half second the modification times of
``scenarios/``, ``templates/`` and ``locales/`` are compared with the last ones seen;
on a change the site is rebuilt. A failed rebuild prints its diagnostics and keeps
serving the last good site (the build never touches the output folder when it fails).
Ctrl-C stops the server and exits 0.
"""

from __future__ import annotations

import functools
import http.server
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import TextIO

from .build import run_build

__all__ = ["run_serve", "snapshot", "WATCHED"]

WATCHED = ("scenarios", "templates", "locales")
POLL_SECONDS = 0.5


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


class _Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib name
        pass


def run_serve(
    root: Path = Path("."),
    out: Path | None = None,
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    out_stream: TextIO | None = None,
    stop: threading.Event | None = None,
) -> int:
    """Serve the site on ``host:port`` until Ctrl-C (or ``stop`` is set); return 0.

    Returns the build's exit code if the first build fails (nothing to serve yet).
    """
    stream = out_stream if out_stream is not None else sys.stdout
    root = Path(root)
    tmp: tempfile.TemporaryDirectory[str] | None = None
    if out is None:
        tmp = tempfile.TemporaryDirectory(prefix="explainer-serve-")
        out = Path(tmp.name) / "site"
    out = out.absolute()
    base_url = f"http://{host}:{port}/"
    try:
        code = run_build(root, out, base_url, stream)
        if code != 0:
            return code
        handler = functools.partial(_Handler, directory=str(out))
        # The handler resolves ``directory`` per request, so the swapped-in site is served.
        try:
            server = http.server.ThreadingHTTPServer((host, port), handler)
        except OSError as exc:
            print(f"cannot serve on {host}:{port}: {exc.strerror or exc}", file=stream)
            return 2
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        print(f"serving {out} at http://{host}:{server.server_address[1]}/ (Ctrl-C to stop)",
              file=stream, flush=True)
        seen = snapshot(root)
        try:
            while not (stop is not None and stop.is_set()):
                time.sleep(POLL_SECONDS)
                now = snapshot(root)
                if now == seen:
                    continue
                changed = sorted(set(now) ^ set(seen) | {p for p in now if seen.get(p) != now[p]})
                seen = now
                shown = ", ".join(str(Path(p).relative_to(root)) if Path(p).is_relative_to(root)
                                  else p for p in changed[:3])
                more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
                print(f"changed: {shown}{more}; rebuilding", file=stream, flush=True)
                if run_build(root, out, base_url, stream) != 0:
                    print("rebuild failed; still serving the last good site", file=stream,
                          flush=True)
        except KeyboardInterrupt:
            print("stopped", file=stream)
        finally:
            server.shutdown()
            server.server_close()
        return 0
    finally:
        if tmp is not None:
            tmp.cleanup()

