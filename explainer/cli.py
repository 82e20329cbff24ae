"""The command line: ``explainer check | build | serve``.

``main(argv) -> int`` so that tests call it without a subprocess. Each verb imports
its module only when used, so ``explainer check`` never pays for the site's imports.

Exit codes (all verbs): 0 success; 1 an example's stated facts disagree with the
engine; 2 invalid input (YAML, cards, seats, catalogs) or a usage error.
"""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from explainer import __version__
from explainer.formats import Format
from explainer.scenarios.diagnostics import EXIT_INVALID

_ROOT_HELP = "project folder holding scenarios/, templates/, locales/ (default: .)"


def _languages(text: str) -> frozenset[str]:
    """``fr,pl`` -> ``{"fr", "pl"}``."""
    return frozenset(part.strip() for part in text.split(",") if part.strip())


def _jobs(text: str) -> int:
    """``--jobs N``: a whole number, at least 1."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(
            f"expected a whole number of processes, 1 or more: {text!r}"
        )
    return n


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="explainer",
        description="Belote rules pages whose worked examples are checked by a rules engine.",
        epilog="exit codes: 0 all good, 1 an example disagrees with the engine, 2 invalid input",
    )
    p.add_argument("--version", action="version", version=f"explainer {__version__}")
    p.add_argument("--root", type=Path, default=Path("."), help=_ROOT_HELP)
    # ``--root`` after the verb too (``explainer check --root X``): SUPPRESS keeps the
    # value given before the verb when it is not repeated after it.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--root", type=Path, default=argparse.SUPPRESS, help=_ROOT_HELP)
    sub = p.add_subparsers(dest="verb", metavar="COMMAND")

    c = sub.add_parser(
        "check",
        parents=[common],
        help="check every example against the engine",
        description="Check scenario files (and, with no PATH, the catalogs).",
    )
    c.add_argument("paths", nargs="*", metavar="PATH", help="scenario files or folders")
    c.add_argument(
        "--fill",
        action="store_true",
        help="write the engine's answer into expect keys that are absent",
    )
    c.add_argument("--report", metavar="FILE.html", help="also write a standalone HTML report")
    c.add_argument(
        "--jobs",
        metavar="N",
        type=_jobs,
        default=None,
        help="processes that check the laws and the catalogs not cached yet (default: "
        "$EXPLAINER_JOBS, else 2 where two CPUs are available, else 1; the output is the same)",
    )
    c.add_argument(
        "--format",
        choices=[str(f) for f in Format],
        default=str(Format.TEXT),
        help="text: lines for people (default); github: GitHub Actions annotations; junit: "
        "JUnit XML, a test case per example and law; json: JSON lines, an object per problem "
        "then a summary (the machine formats write the lines for people on stderr)",
    )
    c.add_argument(
        "--complete",
        metavar="LANG[,LANG]",
        type=_languages,
        default=None,
        help="languages that must translate everything: missing, outdated or fuzzy "
        "translations are errors there (default: [tool.explainer] complete)",
    )

    b = sub.add_parser(
        "build",
        parents=[common],
        help="check, then render the static site",
        description="Check every example, then render the localized site.",
    )
    b.add_argument("--out", type=Path, default=None, help="output folder (default: ROOT/site)")
    b.add_argument(
        "--base-url",
        default=None,
        help="absolute URL the site is served from (for canonical links, sitemap)",
    )

    n = sub.add_parser(
        "new",
        help="create a new rules site that builds at once",
        description="Create DIR (absent or empty) with one page, one example and a README.",
    )
    n.add_argument("dir", type=Path, metavar="DIR", help="the folder to create")

    s = sub.add_parser(
        "serve",
        parents=[common],
        help="preview the site locally, rebuilding on change",
        description="Build the site, serve it at http://HOST:PORT/ and rebuild it when a file "
        "under scenarios/, templates/ or locales/ changes; the open page then reloads, and "
        "shows the problems of a failed rebuild while the last good site is kept. Stop with "
        "Ctrl-C.",
    )
    s.add_argument("--out", type=Path, default=None, help="output folder (default: a temp folder)")
    s.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default: 127.0.0.1, this computer only; 0.0.0.0 "
        "lets other devices of the network see the preview)",
    )
    s.add_argument(
        "--port",
        default="8000",
        help="the port to listen on, 1 to 65535 (default: 8000; 0: any free one; choose "
        "another when it is in use)",
    )
    return p


def _port(text: str) -> int | None:
    """``--port``: a port number, or 0 for any free one; ``None`` if it is neither."""
    return int(text) if text.isascii() and text.isdigit() and int(text) <= 65535 else None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse's --help / usage errors
        return int(exc.code or 0)
    if args.verb is None:
        parser.print_help()
        return EXIT_INVALID
    if args.verb == "serve" and _port(args.port) is None:
        print(
            f"--port: expected a port number from 1 to 65535 (or 0), got {args.port!r}",
            file=sys.stderr,
        )
        return EXIT_INVALID
    from explainer.signals import run_interruptible

    # a real command line (argv None) keeps ignoring signals once the verb is done, so a
    # late Ctrl-C cannot kill the process between its last line and its exit
    return run_interruptible(
        lambda: _run(args, process=argv is None),
        name=f"explainer {args.verb}",
        to_the_end=argv is None,
    )


GC_THRESHOLD: Final = 20_000
"""Objects allocated between two young collections in a command line's own process
(Python's default is 700)."""


def _collect_less() -> None:
    """Tune the cycle collector for a process that reads a whole project: what the
    imports made is set aside for good (``gc.freeze``) and young collections are rarer.
    The scenarios read live until the process exits, so every collection walked them
    again for nothing: a tenth of a check of thousands of files. Cycles are still
    collected. Only for a command line's own process, never for a caller of
    :func:`main` (a test runner's objects are not frozen)."""
    gc.freeze()
    gc.set_threshold(GC_THRESHOLD, 10, 10)


def _run(args: argparse.Namespace, *, process: bool = False) -> int:
    """Run the verb ``check``, ``build``, ``new`` or ``serve``; return its exit code.
    ``process``: the command line's own process (:func:`_collect_less` for ``check``,
    ``build`` and ``serve``, after their imports: ``serve`` keeps a whole project's
    check between rebuilds)."""
    root: Path = args.root
    if args.verb == "serve":
        from explainer.site.serve import run_serve

        if process:
            _collect_less()
        return run_serve(root=root, out=args.out, host=args.host, port=int(args.port))
    if args.verb == "new":
        from explainer.new import run_new

        return run_new(args.dir, out=sys.stdout)
    if args.verb == "check":
        from explainer.check import run_check
        from explainer.scenarios.kinds.law_workers import default_jobs

        if process:
            _collect_less()
        return run_check(
            args.paths,
            root=root,
            fill=args.fill,
            report=args.report,
            complete=args.complete,
            out=sys.stdout,
            jobs=args.jobs if args.jobs is not None else default_jobs(),
            fmt=Format(args.format),
            err=sys.stderr,
        )
    from explainer.site.build import run_build

    if process:
        _collect_less()
    return run_build(root=root, out=args.out, base_url=args.base_url, out_stream=sys.stdout)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
