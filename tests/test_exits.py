"""Every exit of ``check`` and ``build`` is clean: a real SIGINT or SIGTERM mid-run gives
one line and 130/143 with nothing half-written; the wrong folder, an empty one and a
Latin-1 file each get one line that says what to do, never a traceback."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from explainer.cli import main
from explainer.new import create_site
from explainer.signals import write_whole

ROOT = Path(__file__).resolve().parents[1]

# Runs the command line with one function patched to announce itself on stdout and then
# wait: the test sends its signal exactly there, mid-run.
PAUSED = """
import sys, time
import {module} as m
real = m.{name}
calls = [0]
def paused(*args, **kwargs):
    calls[0] += 1
    if calls[0] == {nth}:
        print("PAUSED", flush=True)
        time.sleep(60)
    return real(*args, **kwargs)
m.{name} = paused
from explainer.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _interrupt(
    argv: list[str], sig: signal.Signals, *, module: str, name: str, nth: int = 1
) -> tuple[int, str, str]:
    """Run ``explainer ARGV`` in a subprocess, send ``sig`` when the patched function
    is reached; return the exit code, stdout and stderr."""
    code = PAUSED.format(module=module, name=name, nth=nth)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-c", code, *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    seen = []
    for line in proc.stdout:
        seen.append(line)
        if line.strip() == "PAUSED":
            break
    else:  # pragma: no cover - the run ended before the pause: show why
        proc.wait(30)
        assert proc.stderr is not None
        pytest.fail(f"never paused: {''.join(seen)} {proc.stderr.read()}")
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=60)
    return proc.returncode, "".join(seen) + out, err


def _tree(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture
def site_project(tmp_path: Path) -> Path:
    """A new rules site, built once into ``site/``."""
    root = tmp_path / "rules"
    create_site(root)
    assert main(["--root", str(root), "build"]) == 0
    return root


@pytest.mark.parametrize(
    ("sig", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["SIGINT", "SIGTERM"]
)
def test_a_signal_mid_build_leaves_the_old_site_and_no_temporary_folder(
    site_project: Path, sig: signal.Signals, code: int
) -> None:
    before = _tree(site_project / "site")
    argv = ["--root", str(site_project), "build", "--base-url", "https://other.invalid/"]
    # paused after the third file of the new site is written into its temporary folder
    rc, _, err = _interrupt(argv, sig, module="pathlib", name="Path.write_bytes", nth=3)
    assert rc == code
    assert err == f"explainer build: stopped by {sig.name}; no file was left half-written\n"
    assert _tree(site_project / "site") == before
    assert sorted(p.name for p in site_project.iterdir()) == [
        ".github", ".gitignore", "README.md", "locales", "pyproject.toml", "scenarios", "site",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("sig", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["SIGINT", "SIGTERM"]
)
def test_a_signal_mid_check_is_one_line(site_project: Path, sig: signal.Signals, code: int) -> None:
    argv = ["--root", str(site_project), "check"]
    rc, out, err = _interrupt(argv, sig, module="explainer.scenarios.runner", name="run_all")
    assert rc == code
    assert err == f"explainer check: stopped by {sig.name}; no file was left half-written\n"
    assert out == "PAUSED\n"


def test_a_signal_while_fill_writes_leaves_the_file_whole(site_project: Path) -> None:
    example = site_project / "scenarios" / "rules" / "follow" / "01-follow-suit.yaml"
    text = example.read_text(encoding="utf-8")
    example.write_text(text.replace("  rule: follow\n", ""), encoding="utf-8")
    before = example.read_bytes()
    argv = ["--root", str(site_project), "check", "--fill", str(example)]
    rc, _, err = _interrupt(argv, signal.SIGINT, module="os", name="replace")
    assert rc == 130
    assert err == "explainer check: stopped by SIGINT; no file was left half-written\n"
    assert example.read_bytes() == before
    assert sorted(p.name for p in example.parent.iterdir()) == [example.name]


def test_a_signal_mid_new_creates_nothing(tmp_path: Path) -> None:
    argv = ["new", str(tmp_path / "rules")]
    rc, _, err = _interrupt(argv, signal.SIGTERM, module="pathlib", name="Path.write_bytes")
    assert rc == 143
    assert err == "explainer new: stopped by SIGTERM; no file was left half-written\n"
    assert list(tmp_path.iterdir()) == []


def test_write_whole_keeps_the_mode_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "x.yaml"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o640)
    write_whole(target, "new\r\n")
    assert target.read_bytes() == b"new\r\n"
    assert target.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["x.yaml"]


@pytest.mark.parametrize("verb", ["check", "build"])
def test_the_wrong_folder_says_so_and_writes_nothing(
    verb: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main([verb]) == 2
    assert capsys.readouterr().out == (
        "scenarios: no such folder (run in the project's folder, or use --root)\n"
    )
    assert main(["--root", "elsewhere", verb]) == 2
    assert capsys.readouterr().out == (
        "elsewhere/scenarios: no such folder (run in the project's folder, or use --root)\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_an_empty_scenarios_folder_has_nothing_to_check_for_check_and_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "scenarios").mkdir()
    monkeypatch.chdir(tmp_path)
    assert main(["check"]) == 2
    check = capsys.readouterr().out.splitlines()
    assert check[0] == "scenarios:1:1: nothing to check: no .yaml files here"
    assert main(["build"]) == 2
    build = capsys.readouterr().out.splitlines()
    assert build == ["scenarios:1:1: nothing to check: no .yaml files here",
                     "1 problem; the site was not changed"]  # fmt: skip
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scenarios"]


def test_a_latin1_file_names_the_first_bad_byte_and_says_to_resave_as_utf8(
    site_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    example = site_project / "scenarios" / "rules" / "follow" / "01-follow-suit.yaml"
    text = example.read_text(encoding="utf-8")
    example.write_bytes(text.replace("Follow the suit", "Fournir à la couleur").encode("latin-1"))
    line = next(n for n, t in enumerate(text.splitlines(), 1) if "Follow the suit" in t)
    monkeypatch.chdir(site_project)
    out = io.StringIO()
    from explainer.check import run_check

    assert run_check([], root=".", out=out) == 2
    assert (
        f"scenarios/rules/follow/01-follow-suit.yaml:{line}:16: "
        "not UTF-8 text (byte 0xE0); re-save the file as UTF-8"
    ) in out.getvalue().splitlines()


def test_a_closed_pipe_ends_the_command_quietly_with_141(tmp_path: Path) -> None:
    """``explainer check | head -1``: the reader goes away; no traceback, exit 128+SIGPIPE."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line is written
    try:
        done = subprocess.run(
            [sys.executable, "-m", "explainer", "--root", str(ROOT), "check", "scenarios/which-card/follow"],
            stdout=write_end, stderr=subprocess.PIPE, text=True, check=False, timeout=120,
        )  # fmt: skip
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (141, "")
