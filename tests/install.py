"""Installing the package for real, for the tests that run what a user runs.

A wheel is built from a copy of the checkout (what ``pip install .`` or a release builds);
a fresh virtualenv sees this test environment's libraries, linked one by one into a folder
on its path, but no explainer, so only the wheel under test can answer. Building takes the
build backend (setuptools) from pip's configured index, as ``pip install .`` does; the
commands a test runs as a user would (:func:`run`) have pip kept off every index, so the
dependencies come from the linked libraries and nothing is downloaded.
"""

from __future__ import annotations

import email.message
import email.parser
import os
import re
import shlex
import shutil
import subprocess
import sys
import venv
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from explainer import __version__
from explainer.new import DISTRIBUTION, Release

ROOT = Path(__file__).resolve().parents[1]

DISTRIBUTIONS = ("rules_explainer", "explainer")
"""The distribution's name as site-packages spells it, and its former name (an install
made before the rename may still be in the environment)."""

NOT_LINKED = ("pip",)
"""Libraries a fresh virtualenv gets on its own: ``python3 -m venv`` installs pip, and
would not if it saw this environment's."""


def source_copy(dest: Path) -> Path:
    """The files a build of the package reads, copied (links kept) into ``dest/src``."""
    src = dest / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, src / name)
    for name in ("explainer", "templates"):
        shutil.copytree(
            ROOT / name, src / name, symlinks=True, ignore=shutil.ignore_patterns("__pycache__")
        )
    return src


def build_wheel(dest: Path) -> Path:
    """A wheel of the checkout, built in ``dest`` as ``pip wheel`` builds it."""
    src = source_copy(dest)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dest / "dist"),
         str(src)],
        check=True, capture_output=True,
    )  # fmt: skip
    (wheel,) = (dest / "dist").glob("rules_explainer-*.whl")
    return wheel


def link_libraries(where: Path) -> None:
    """Put this environment's libraries (but explainer and pip) on the path of the
    virtualenv at ``where``."""
    python = where / "bin" / "python"
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    import jinja2

    libs = Path(jinja2.__file__).resolve().parents[1]
    linked = where / "test-libraries"
    linked.mkdir()
    for entry in libs.iterdir():
        if not _is_explainer(entry.name) and not _is_pip(entry.name):
            (linked / entry.name).symlink_to(entry)
    Path(purelib, "test-libraries.pth").write_text(f"{linked}\n", encoding="utf-8")


def fresh_venv(where: Path) -> Path:
    """A new virtualenv without explainer (and without pip: :func:`pip_install` drives this
    environment's pip) whose libraries come from this test's environment; its python."""
    venv.create(where, with_pip=False)
    link_libraries(where)
    return where / "bin" / "python"


def _is_explainer(name: str) -> bool:
    """Whether a site-packages entry belongs to an installed explainer (its package, its
    metadata, an editable install's finder or path file). CI installs it non-editable into
    the test environment: pip would then see it as installed and skip ours, and Python
    would import it before ours."""
    lowered = name.lower().replace("-", "_")
    return lowered.startswith(
        tuple(f"{p}{d}" for p in ("", "__editable__.", "__editable___") for d in DISTRIBUTIONS)
    )


def _is_pip(name: str) -> bool:
    return any(name == lib or name.startswith(f"{lib}-") for lib in NOT_LINKED)


def pip_install(python: Path, *args: str) -> None:
    """``pip install --no-deps ARGS`` into the virtualenv of ``python``."""
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "-q", "install", "--no-deps", *args],
        check=True, capture_output=True,
    )  # fmt: skip


def offline_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """This process's environment without ``PYTHONPATH``, pip kept off any index."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.update(extra or {})
    return env


def run(
    argv: list[str], cwd: Path, *, env: Mapping[str, str] | None = None, expect: int = 0
) -> subprocess.CompletedProcess[str]:
    """Run ``argv`` in ``cwd`` offline; assert its exit code (``expect``), with its output
    in the message when it is another."""
    done = subprocess.run(
        argv, cwd=cwd, env=offline_env(env), capture_output=True, text=True, timeout=600
    )
    assert done.returncode == expect, f"exit {done.returncode}\n{done.stdout}{done.stderr}"
    return done


def wheel_metadata(wheel: Path) -> tuple[email.message.Message, set[str]]:
    """The wheel's ``METADATA`` and the names of its files."""
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        (meta,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        text = z.read(meta).decode("utf-8")
    return email.parser.Parser().parsestr(text), names


# ----------------------------------------------------------- a new site, as a user makes it


@dataclass(frozen=True)
class Made:
    """A site made by ``explainer new`` of the wheel, installed in a fresh virtualenv."""

    wheel: Path
    tool: Path
    """The virtualenv's ``bin`` folder, holding that ``explainer``."""
    site: Path
    release: Release

    def copy(self, tmp_path: Path) -> Path:
        """The site, copied for one test to change."""
        return Path(shutil.copytree(self.site, tmp_path / "club"))

    def local(self, command: str) -> str:
        """``command`` installing the wheel instead of the release's tag."""
        assert self.release.requirement in command, command
        return command.replace(
            self.release.requirement, shlex.quote(f"{DISTRIBUTION} @ {self.wheel.as_uri()}")
        )


def make_site(wheel: Path, where: Path) -> Made:
    """The wheel installed in a fresh virtualenv (``where/tool``), whose ``explainer new
    club`` makes ``where/club``."""
    python = fresh_venv(where / "tool")
    pip_install(python, str(wheel))
    run([str(where / "tool" / "bin" / "explainer"), "new", "club"], where)
    return made_site(wheel, where)


def made_site(wheel: Path, where: Path) -> Made:
    """What :func:`make_site` made in ``where`` (for a test run's other workers)."""
    meta, _ = wheel_metadata(wheel)
    urls = dict(entry.split(", ", 1) for entry in meta.get_all("Project-URL") or [])
    return Made(wheel, where / "tool" / "bin", where / "club", Release(__version__, urls["Source"]))


def as_a_user(site: Path) -> dict[str, str]:
    """The environment a README command runs in: ``python3`` is this test's Python, and
    the site's ``.venv`` exists already with this environment's libraries linked in, which
    ``python3 -m venv .venv`` keeps (it adds pip), so that ``pip install`` of the wheel finds
    its dependencies without an index."""
    venv.create(site / ".venv", with_pip=False)
    link_libraries(site / ".venv")
    return {"PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin"}


def readme_commands(site: Path) -> list[str]:
    """The commands a new site's README gives (set up and build; set up and check)."""
    readme = (site / "README.md").read_text(encoding="utf-8")
    return re.findall(r"^    (python3 .+)$", readme, flags=re.M)


@dataclass(frozen=True)
class Ran:
    """A command's exit code and output (kept in the run's shared folder for the other
    workers)."""

    code: int
    stdout: str
    stderr: str

    def ok(self) -> str:
        """Its output, asserting it exited 0 (with the output in the message otherwise)."""
        assert self.code == 0, f"exit {self.code}\n{self.stdout}{self.stderr}"
        return self.stdout


@dataclass(frozen=True)
class SetUp:
    """A copy of a new site where its README's two commands were run whole, as written and
    in order (a virtualenv in ``.venv``, the wheel installed in it, the site built; the
    same again, the site checked): once per test run, since every README and workflow test
    runs the same install command."""

    site: Path
    install: str
    """The commands' install half: ``python3 -m venv .venv && .venv/bin/pip install <the
    wheel>``."""
    build: Ran
    """The README's first command (set up and build)."""
    check: Ran
    """The README's second command (set up and check), run after the first."""

    def share(self, site: Path) -> dict[str, str]:
        """``site/.venv`` made a link to this set-up one; the environment a README command
        runs in (:func:`as_a_user`)."""
        (site / ".venv").symlink_to(self.site / ".venv", target_is_directory=True)
        return {"PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin"}


def install_command(made: Made) -> str:
    """The install half of the README's commands (the same in both), for the wheel."""
    (install,) = {made.local(c).rsplit(" && ", 1)[0] for c in readme_commands(made.site)}
    return install


def _ran(argv: list[str], cwd: Path, env: Mapping[str, str], keep: Path) -> Ran:
    """Run ``argv`` offline in ``cwd``; keep its code and output in ``keep.*``."""
    done = subprocess.run(
        argv, cwd=cwd, env=offline_env(env), capture_output=True, text=True, timeout=600
    )
    for suffix, text in (
        ("out", done.stdout),
        ("err", done.stderr),
        ("code", f"{done.returncode}"),
    ):
        keep.with_suffix(f".{suffix}").write_text(text, encoding="utf-8")
    return _kept(keep)


def _kept(keep: Path) -> Ran:
    code, out, err = (
        keep.with_suffix(f".{s}").read_text(encoding="utf-8") for s in ("code", "out", "err")
    )
    return Ran(int(code), out, err)


def set_up(made: Made, where: Path, *, done: bool = False) -> SetUp:
    """:class:`SetUp` of ``made`` in ``where/club`` (``done``: another worker made it).
    A failed command fails the tests that read it, not the set-up."""
    install = install_command(made)
    if not done:
        site = made.copy(where)
        env = as_a_user(site)
        for name, command in zip(("build", "check"), readme_commands(site), strict=True):
            _ran(["bash", "-c", made.local(command)], site, env, where / name)
    return SetUp(where / "club", install, _kept(where / "build"), _kept(where / "check"))
