"""Installable by anyone: the distribution's metadata, and the files that install it run as
written.

A new site's README, its GitHub Actions workflow and this repository's pre-commit hook name
commands; each is run here as written, in a temporary folder, against a wheel built from
this checkout. Two things a test cannot do are replaced, and only those: the git URL the
README and the workflow install from becomes the wheel's file URL (no tag of this checkout
is published), and the Pages URL GitHub's ``configure-pages`` would give becomes an https
URL. The ``uses:`` steps are GitHub's own actions; the workflow's shape is checked instead.
"""

from __future__ import annotations

import importlib.metadata
import re
import shlex
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import trove_classifiers
import yaml

from explainer import __version__
from explainer.cli import main
from explainer.new import DISTRIBUTION, scaffold_files
from tests.install import (
    ROOT,
    Made,
    SetUp,
    readme_commands,
    run,
    wheel_metadata,
)

WORKFLOW = ".github/workflows/site.yml"
PAGES_URL = "https://club.example/rules"
"""Stands for ``steps.pages.outputs.base_url``, what configure-pages answers."""
GITHUB_COMMAND = re.compile(
    r"::(?P<command>error|warning|notice) (?P<props>[^:\r\n]*)::(?P<message>[^\r\n]*)"
)
"""A workflow command that annotates a file: properties, then the message."""


# --------------------------------------------------------------------------- metadata


def test_the_wheel_is_rules_explainer_under_mit_with_its_license_file_classifiers_and_urls(
    wheel: Path,
) -> None:
    meta, names = wheel_metadata(wheel)
    assert (meta["Name"], meta["Version"]) == ("rules-explainer", __version__)
    assert meta["License-Expression"] == "MIT"
    assert meta.get_all("License-File") == ["LICENSE"]
    with zipfile.ZipFile(wheel) as z:
        shipped = z.read(f"rules_explainer-{__version__}.dist-info/licenses/LICENSE")
    assert shipped == (ROOT / "LICENSE").read_bytes()
    assert meta["Requires-Python"] == ">=3.11"
    assert meta["Author"] == "the explainer authors"
    classifiers = meta.get_all("Classifier")
    assert classifiers and set(classifiers) <= trove_classifiers.classifiers
    assert not [c for c in classifiers if c.startswith("License ::")]  # the expression says it
    urls = dict(entry.split(", ", 1) for entry in meta.get_all("Project-URL"))
    assert set(urls) == {"Homepage", "Source", "Documentation", "Changelog", "Issues"}
    assert all(url.startswith("https://") for url in urls.values())
    assert "explainer/__init__.py" in names and "explainer/theme/page.html" in names
    assert "explainer/scaffold/github/workflows/site.yml" in names


def test_the_version_is_one_number_for_the_command_and_the_metadata(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"explainer {__version__}\n"
    assert importlib.metadata.version(DISTRIBUTION) == __version__
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject and "\nversion =" not in pyproject.split("[tool")[0]


def test_the_license_is_mit_for_the_explainer_authors() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n\nCopyright (c) 2026 the explainer authors\n")
    assert 'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND' in text


def test_the_changelog_keeps_unreleased_first_then_each_release_dated_with_its_link() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    releases = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$", text, flags=re.M)
    assert releases[0] == ("Unreleased", "")
    assert all(date for _, date in releases[1:])
    assert __version__ in [version for version, _ in releases]
    for version, _ in releases:
        assert re.search(rf"^\[{re.escape(version)}\]: https://\S+$", text, flags=re.M)
    kinds = set(re.findall(r"^### (.+)$", text, flags=re.M))
    assert kinds <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}


# --------------------------------------------------------------------------- a new site


def test_a_new_site_installs_by_the_distribution_name_at_its_version_never_from_a_folder(
    made: Made,
) -> None:
    readme = (made.site / "README.md").read_text(encoding="utf-8")
    requirement = f"'rules-explainer @ git+{made.release.source}@v{__version__}'"
    assert made.release.requirement == requirement
    assert made.release.source.startswith("https://")
    assert readme_commands(made.site) == [
        f"python3 -m venv .venv && .venv/bin/pip install {requirement} && .venv/bin/explainer build",
        f"python3 -m venv .venv && .venv/bin/pip install {requirement} && .venv/bin/explainer check",
    ]
    assert f"`.venv/bin/pip install rules-explainer=={__version__}`" in readme
    for text in (readme, (made.site / WORKFLOW).read_text(encoding="utf-8")):
        assert "file:" not in text and str(ROOT) not in text and str(made.wheel.parent) not in text


def test_the_readme_commands_set_the_site_up_from_the_wheel_and_build_and_check_it(
    made: Made, set_up: SetUp
) -> None:
    """The README's two commands, each run whole in a copy of the new site, in order (the
    run's ``set_up``, whose virtualenv the workflow and second-site tests share)."""
    build, check = (made.local(c) for c in readme_commands(made.site))
    assert (build, check) == (
        f"{set_up.install} && .venv/bin/explainer build",
        f"{set_up.install} && .venv/bin/explainer check",
    )
    built = set_up.build.ok().splitlines()
    assert "built 6 pages in 1 language (en) into site" in built  # after pip's lines
    assert (set_up.site / "site" / "en" / "rules" / "index.html").is_file()
    assert set_up.check.ok().endswith("\n1 passed, 0 failed\n")
    shown = run([str(set_up.site / ".venv" / "bin" / "explainer"), "--version"], set_up.site).stdout
    assert shown == f"explainer {__version__}\n"


# --------------------------------------------------------------------------- the workflow


def _workflow(site: Path) -> dict[str, Any]:
    """The workflow as GitHub reads it (YAML 1.2 keeps ``on`` a string: BaseLoader, every
    scalar a string)."""
    data = yaml.load((site / WORKFLOW).read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    assert isinstance(data, dict)
    return data


def _steps(workflow: dict[str, Any], job: str) -> list[dict[str, Any]]:
    steps = workflow["jobs"][job]["steps"]
    assert isinstance(steps, list)
    return steps


def _runs(made: Made, workflow: dict[str, Any], job: str) -> Iterator[str]:
    """The ``run:`` steps of a job, to run here: the wheel for the release, an https URL for
    the Pages URL; no other expression is left."""
    for step in _steps(workflow, job):
        if "run" in step:
            command = made.local(step["run"]) if "pip install" in step["run"] else step["run"]
            command = command.replace("${{ steps.pages.outputs.base_url }}", PAGES_URL)
            assert "${{" not in command, command
            yield command


def test_the_workflow_is_yaml_with_check_build_and_deploy_jobs_and_the_least_permissions(
    made: Made,
) -> None:
    workflow = _workflow(made.site)
    assert set(workflow["on"]) == {"push", "pull_request", "workflow_dispatch"}
    assert workflow["on"]["push"] == {"branches": ["main"]}
    assert workflow["permissions"] == {}
    jobs = workflow["jobs"]
    assert {name: job["permissions"] for name, job in jobs.items()} == {
        "check": {"contents": "read"},
        "build": {"contents": "read", "pages": "read"},
        "deploy": {"pages": "write", "id-token": "write"},
    }
    assert (jobs["build"]["needs"], jobs["deploy"]["needs"]) == ("check", "build")
    assert "github.event.repository.default_branch" in jobs["build"]["if"]
    assert jobs["deploy"]["environment"]["name"] == "github-pages"
    uses = [s["uses"] for job in jobs for s in _steps(workflow, job) if "uses" in s]
    assert all(re.fullmatch(r"actions/[a-z-]+@v\d+", u) for u in uses), uses
    assert {u.split("@")[0] for u in uses} == {
        "actions/checkout",
        "actions/setup-python",
        "actions/cache",
        "actions/configure-pages",
        "actions/upload-pages-artifact",
        "actions/deploy-pages",
    }
    build = _steps(workflow, "build")
    assert [s["with"]["path"] for s in build if s.get("uses", "").startswith("actions/upload")] == [
        "site"
    ]
    assert [s.get("id") for s in build if s.get("uses", "").startswith("actions/configure")] == [
        "pages"
    ]


def test_the_workflow_keeps_explainer_s_cache_folder_between_runs_of_both_jobs(
    made: Made, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run restores what the last one kept (the laws checked, the catalog report, the
    compiled templates), so a check whose laws and engine did not change checks no law
    again; each entry is still keyed by the digest of what it was made from."""
    from explainer.cache import cache_dir

    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)  # as on GitHub's runners
    folder = "~/" + cache_dir().relative_to(Path.home()).as_posix()
    workflow = _workflow(made.site)
    for job in ("check", "build"):
        steps = _steps(workflow, job)
        (at,) = (i for i, s in enumerate(steps) if s.get("uses", "").startswith("actions/cache"))
        first_run = next(i for i, s in enumerate(steps) if "run" in s)
        assert at < first_run, job
        cache = steps[at]["with"]
        assert cache["path"] == folder
        assert cache["key"] == "explainer-${{ runner.os }}-${{ github.sha }}"
        assert cache["restore-keys"] == "explainer-${{ runner.os }}-"


def test_the_workflow_installs_as_the_readme_says(made: Made) -> None:
    workflow = _workflow(made.site)
    installs = {
        s["run"]
        for job in ("check", "build")
        for s in _steps(workflow, job)
        if "pip" in s.get("run", "")
    }
    readme = {c.rsplit(" && ", 1)[0] for c in readme_commands(made.site)}
    assert installs == readme and len(installs) == 1


def test_the_workflow_check_and_build_steps_run_as_written(
    made: Made, set_up: SetUp, tmp_path: Path
) -> None:
    """The install step is the README's, run as written once per run (``set_up``)."""
    site = made.copy(tmp_path)
    env = set_up.share(site)
    workflow = _workflow(site)
    install, check = _runs(made, workflow, "check")
    assert install == set_up.install
    checked = run(["bash", "-c", check], site, env=env)
    assert checked.stdout == ""  # no annotation
    assert checked.stderr.endswith("1 passed, 0 failed\n")
    install_again, build = _runs(made, workflow, "build")
    assert install_again == install
    assert "--base-url" in build
    run(["bash", "-c", build], site, env=env)
    page = (site / "site" / "en" / "rules" / "index.html").read_text(encoding="utf-8")
    assert f'<link rel="canonical" href="{PAGES_URL}/en/rules/">' in page
    assert f"<loc>{PAGES_URL}/en/rules/</loc>" in (site / "site" / "sitemap.xml").read_text()


def _break(site: Path) -> None:
    """State a wrong fact in the site's example: North may play KS alone (7S too, says the engine)."""
    example = site / "scenarios" / "rules" / "follow" / "01-follow-suit.yaml"
    text = example.read_text(encoding="utf-8")
    example.write_text(text.replace("legal: [KS, 7S]", "legal: [KS]"), encoding="utf-8")


def test_the_workflow_check_step_annotates_a_wrong_fact_at_its_line_and_fails(
    made: Made, set_up: SetUp, tmp_path: Path
) -> None:
    site = made.copy(tmp_path)
    _break(site)
    env = set_up.share(site)
    install, check = _runs(made, _workflow(site), "check")
    assert install == set_up.install
    checked = run(["bash", "-c", check], site, env=env, expect=1)
    (line,) = checked.stdout.splitlines()
    found = GITHUB_COMMAND.fullmatch(line)
    assert found and found["command"] == "error"
    assert found["props"] == (
        "file=scenarios/rules/follow/01-follow-suit.yaml,line=16,col=3,title=explainer%3A disagree"
    )
    assert found["message"].startswith("expect.legal: scenario says KS, engine says 7S KS")
    assert checked.stderr.endswith("0 passed, 1 failed\n")


# --------------------------------------------------------------------------- pre-commit


def _hooks() -> list[dict[str, Any]]:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert isinstance(hooks, list)
    return hooks


def test_the_repository_offers_an_explainer_check_hook_run_once_per_commit() -> None:
    (hook,) = _hooks()
    # pre-commit's manifest requires id, name, entry and language
    assert {"id", "name", "entry", "language"} <= set(hook)
    assert (hook["id"], hook["language"], hook["entry"]) == (
        "explainer-check",
        "python",
        "explainer check",
    )
    assert hook["pass_filenames"] is False  # the whole site, once: ids are checked across files
    changed = re.compile(hook["files"])
    for path in (
        "scenarios/rules/page.yaml",
        "scenarios/rules/follow/01-follow-suit.yaml",
        "locales/fr/LC_MESSAGES/messages.po",
        "locales/babel.cfg",
        "templates/page.html",
        "pyproject.toml",
    ):
        assert changed.search(path), path
    for path in (
        "README.md",
        ".github/workflows/site.yml",
        "site/en/index.html",
        "x/pyproject.toml",
    ):
        assert not changed.search(path), path


def test_the_hook_entry_passes_a_good_site_and_fails_a_wrong_fact(
    made: Made, tmp_path: Path
) -> None:
    (hook,) = _hooks()
    entry = shlex.split(hook["entry"])
    env = {"PATH": f"{made.tool}:/usr/bin:/bin"}  # the hook's environment: pre-commit's venv
    site = made.copy(tmp_path)
    assert run(entry, site, env=env).stdout == "1 passed, 0 failed\n"
    _break(site)
    assert run(entry, site, env=env, expect=1).stdout.endswith("0 passed, 1 failed\n")


def test_the_readme_shows_the_hook_at_the_release_that_made_the_site(made: Made) -> None:
    readme = (made.site / "README.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```yaml\n(.*?)```", readme, flags=re.S)
    (repo,) = yaml.safe_load(block)["repos"]
    assert repo == {
        "repo": made.release.source,
        "rev": f"v{__version__}",
        "hooks": [{"id": _hooks()[0]["id"]}],
    }


def test_every_file_of_a_new_site_is_filled_in(made: Made) -> None:
    files = scaffold_files("Club", made.release)
    assert WORKFLOW in files
    for rel, data in files.items():
        text = data.decode("utf-8")
        assert not re.search(r"\{(title|install|version|source)\}", text), rel


def test_the_documents_install_the_current_release_from_the_repository_the_metadata_names() -> None:
    with (ROOT / "pyproject.toml").open("rb") as f:
        source = tomllib.load(f)["project"]["urls"]["Source"]
    for name in ("CHANGELOG.md", "docs/publishing.md"):
        text = (ROOT / name).read_text(encoding="utf-8")
        repositories = set(re.findall(r"https://github\.com/[\w.-]+/[\w.-]+", text))
        assert repositories == {source}, name
    publishing = (ROOT / "docs" / "publishing.md").read_text(encoding="utf-8")
    assert f"@ git+{source}@v{__version__}'" in publishing
    assert f"rules-explainer=={__version__}" in publishing
    assert set(re.findall(r"rev: (\S+)", publishing)) == {f"v{__version__}"}
