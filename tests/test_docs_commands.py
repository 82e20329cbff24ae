"""Every command in README.md, TRANSLATING.md and docs/ (every .md in it) runs, verbatim,
in a copy of the project; where the document shows the output, the output is compared.

A command is a line of an indented code block, or a ``$ `` line of a fenced block (the
lines after it, up to the next ``$ `` line, are its output). Each document's commands run
in order in one shell in a fresh copy of the project, as a reader following it would run
them (``. .venv/bin/activate`` holds for the commands after it; ``explainer`` and
``pybabel`` are on ``PATH`` from the start, as for a reader who set up as the README
says). Each must exit 0, unless
the HTML comment ``<!-- doc-test: exit N -->`` just before a fenced block says its last
command exits N.

Setting up is the one thing not done for real: the suite already runs inside the set-up
environment, so ``python3 -m venv DIR`` makes a stand-in ``DIR/bin`` whose ``explainer``,
``python`` and ``pybabel`` are this environment's and whose ``pip install`` of the project
checks its arguments and installs nothing (tests/test_new.py installs the wheel and the
editable package for real, and CI runs the README's test command verbatim).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.once import with_bytecode

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = ["README.md", "TRANSLATING.md", *sorted(p.relative_to(ROOT).as_posix()
                                                    for p in (ROOT / "docs").rglob("*.md"))]  # fmt: skip
COPIED = ("scenarios", "templates", "locales", "explainer", "docs", "tests/cases")
COPIED_FILES = ("pyproject.toml", "README.md", "TRANSLATING.md")

NOT_RUN = {
    "python3 -m venv .venv && .venv/bin/pip install '.[test]' && .venv/bin/python -m pytest": (
        "the command running this very test; .ci/run runs it verbatim"
    ),
    "explainer serve          # http://127.0.0.1:8000, rebuilt on every change": (
        "serves until stopped; tests/site/test_serve.py runs it"
    ),
}
"""Commands shown but not run here, each with the reason."""

EXIT_MARK = re.compile(r"<!-- doc-test: exit (\d+) -->")


@dataclass(frozen=True)
class Command:
    """One command of a document: where it is, what to type, what it prints and returns."""

    doc: str
    line: int
    text: str
    output: tuple[str, ...] | None = None
    exit: int = 0

    def __str__(self) -> str:
        return f"{self.doc}:{self.line}: {self.text}"


def _fenced(doc: str, lines: list[str], start: int, exit_code: int) -> tuple[list[Command], int]:
    """The ``$`` commands of the fenced block opening at ``start``; the index after it."""
    found: list[tuple[int, str, list[str]]] = []
    i = start + 1
    while i < len(lines) and not lines[i].startswith("```"):
        if lines[i].startswith("$ "):
            found.append((i + 1, lines[i][2:], []))
        elif found:
            found[-1][2].append(lines[i])
        i += 1
    commands = [
        Command(doc, n, text, tuple(out), exit_code if k == len(found) - 1 else 0)
        for k, (n, text, out) in enumerate(found)
    ]
    return commands, i + 1


def commands_of(doc: str) -> list[Command]:
    """Every command of the document ``doc`` (a path relative to the project), in order."""
    lines = (ROOT / doc).read_text(encoding="utf-8").splitlines()
    commands: list[Command] = []
    i, exit_code = 0, 0
    while i < len(lines):
        line = lines[i]
        mark = EXIT_MARK.fullmatch(line.strip())
        if mark:
            exit_code = int(mark.group(1))
        elif line.startswith("```"):
            found, i = _fenced(doc, lines, i, exit_code)
            commands.extend(found)
            exit_code = 0
            continue
        elif line.startswith("    ") and line.strip() and (i == 0 or not lines[i - 1].strip()):
            while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
                if lines[i].strip():
                    commands.append(Command(doc, i + 1, lines[i].strip()))
                i += 1
            continue
        i += 1
    return commands


# ------------------------------------------------------------------- the stand-in venv

_TOOL = """#!/bin/sh
exec {python} {args} "$@"
"""

_PIP = """#!/bin/sh
# installs nothing: the project is already installed in the environment running the tests
case "$1 $2 $3" in
  "install . "|"install .[test] "|"install -e ."|"install -e .[test]") exit 0 ;;
esac
echo "pip stand-in: not the project's install command: $*" >&2
exit 1
"""

_ACTIVATE = """VIRTUAL_ENV="$(cd "$(dirname "${BASH_SOURCE:-$0}")/.." && pwd)"
export VIRTUAL_ENV
PATH="$VIRTUAL_ENV/bin:$PATH"
export PATH
"""

_PYTHON3 = """#!/bin/sh
if [ "$1" = "-m" ] && [ "$2" = "venv" ] && [ $# -eq 3 ]; then
  exec cp -R {template} "$3"
fi
exec {python} "$@"
"""


def _stand_ins(where: Path) -> Path:
    """A folder for ``PATH`` whose ``python3 -m venv DIR`` makes the stand-in venv."""
    python = shlex.quote(sys.executable)
    pybabel = shlex.quote(str(Path(sys.executable).parent / "pybabel"))
    venv_bin = where / "venv-template" / "bin"
    venv_bin.mkdir(parents=True)
    scripts = {
        venv_bin / "python": _TOOL.format(python=python, args=""),
        venv_bin / "explainer": _TOOL.format(python=python, args="-m explainer"),
        venv_bin / "pybabel": _TOOL.format(python=pybabel, args=""),
        venv_bin / "pip": _PIP,
        venv_bin / "activate": _ACTIVATE,
        where / "path" / "python3": _PYTHON3.format(
            template=shlex.quote(str(where / "venv-template")), python=python
        ),
    }
    for path, text in scripts.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        path.chmod(0o755)
    return where / "path"


def _project_copy(where: Path) -> Path:
    copy = where / "project"
    for name in COPIED:
        shutil.copytree(ROOT / name, copy / name, symlinks=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.mo"))  # fmt: skip
    with_bytecode(ROOT / "explainer", copy / "explainer")  # not compiled again per document
    for name in COPIED_FILES:
        shutil.copy2(ROOT / name, copy / name)
    return copy


def run_document(doc: str, where: Path) -> list[tuple[Command, int, str]]:
    """Run every command of ``doc`` in one shell in a copy of the project; return each
    command with its exit code and output (stdout and stderr together)."""
    commands = [c for c in commands_of(doc) if c.text not in NOT_RUN]
    if not commands:  # nothing to run: no copy of the project, no shell
        return []
    copy = _project_copy(where)
    path = _stand_ins(where)
    results = where / "results"
    results.mkdir()
    script = ["cd " + shlex.quote(str(copy))]
    for n, c in enumerate(commands):
        out = shlex.quote(str(results / f"{n}.out"))
        script.append(f"{{ {c.text}\n}} >{out} 2>&1 </dev/null; echo $? >{out}.rc")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    # The documents other than the README's setup assume an installed explainer: the
    # stand-in venv's tools are on PATH, and no other explainer is.
    others = [d for d in env.get("PATH", "").split(os.pathsep)
              if d and not os.path.exists(os.path.join(d, "explainer"))]  # fmt: skip
    tools = where / "venv-template" / "bin"
    env.update(PATH=os.pathsep.join([str(path), str(tools), *others]), LC_ALL="C.UTF-8")
    subprocess.run(["bash", "-c", "\n".join(script)], env=env, timeout=600, check=False)
    done = []
    for n, c in enumerate(commands):
        rc = (results / f"{n}.out.rc").read_text(encoding="utf-8").strip()
        done.append((c, int(rc), (results / f"{n}.out").read_text(encoding="utf-8")))
    return done


def test_the_documents_have_commands() -> None:
    assert len(commands_of("README.md")) >= 3
    assert len(commands_of("TRANSLATING.md")) >= 6
    texts = {c.text for doc in DOCUMENTS for c in commands_of(doc)}
    assert set(NOT_RUN) <= texts, "a command NOT_RUN names is gone from the documents"


@pytest.mark.parametrize("doc", DOCUMENTS)
def test_every_command_of_the_document_runs_as_written(doc: str, tmp_path: Path) -> None:
    problems = []
    for command, code, output in run_document(doc, tmp_path):
        if code != command.exit:
            problems.append(f"{command}\n  exit {code}, expected {command.exit}:\n{output}")
        elif command.output is not None and output.splitlines() != list(command.output):
            problems.append(f"{command}\n  printed:\n{output}  the document shows:\n"
                            + "\n".join(command.output))  # fmt: skip
    assert not problems, "\n\n".join(problems)
