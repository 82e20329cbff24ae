"""The import graph of ``explainer/`` (issue 27): no cycle, and the layers point one way.

The graph is built from the source with :mod:`ast`, never by importing it: every
``import`` and ``from ... import`` statement of a module counts, at module level and inside
functions alike (a function-level import is as real a dependency as a module-level one,
only deferred; ``if TYPE_CHECKING:`` blocks count too). Each statement is resolved to the
module of ``explainer/`` it names: ``from .kinds import law`` names the module
``kinds.law``, ``from .kinds import KINDS`` the package ``kinds``. Importing a module also
runs its package's ``__init__``; that implicit edge is left out, since every ``__init__``
that lists its submodules would close a loop with each of them.

The layers, lowest first (``docs/architecture.md``): the engine; the small stand-alone
helpers (``cache``, ``signals``); the scenarios; the translations (``i18n``: read by the
check and by the site, importing neither); ``pipeline`` and ``report``; ``check``,
``site`` and ``new``; ``cli``; ``__main__``. A module imports modules of its own part and
of lower layers only, never a sibling of its own layer; the engine imports nothing but
itself and the standard library, and the rest imports it only through its public names.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator, Mapping, Set
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "explainer"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("explainer",),  # the root package: the version, nothing imported
    ("engine",),
    ("cache", "signals", "tomlsource"),
    ("scenarios",),
    ("settings",),  # [tool.explainer]: read with the scenarios' diagnostics, before i18n
    ("i18n",),
    ("pipeline", "report", "formats"),
    ("check", "site", "new"),
    ("cli",),
    ("__main__",),
)
"""The parts of ``explainer/`` (its top-level modules and packages), lowest layer first."""

Graph = Mapping[str, Set[str]]


def _module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def _sources() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _named(module: str, is_package: bool, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    """The dotted names a statement imports: the module, and ``from X import y`` also
    ``X.y`` (a submodule when there is one)."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    target = node.module or ""
    if node.level:
        base = module.split(".")[: None if is_package else -1]
        base = base[: len(base) - node.level + 1]
        target = ".".join([*base, *([node.module] if node.module else [])])
    yield target
    for alias in node.names:
        yield f"{target}.{alias.name}"


def imports_of(module: str, path: Path, known: Set[str]) -> set[str]:
    """The modules among ``known`` that ``module`` imports, anywhere in its source."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Import | ast.ImportFrom):
            continue
        for name in _named(module, path.name == "__init__.py", node):
            if name in known and name != module:
                out.add(name)
    return out


@cache
def graph() -> dict[str, frozenset[str]]:
    """Every module of ``explainer/`` and the modules of ``explainer/`` it imports."""
    known = set(_sources())
    return {m: frozenset(imports_of(m, p, known)) for m, p in _sources().items()}


def cycles(edges: Graph) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm), each
    sorted: every import cycle lies within one of them."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def part_of(module: str) -> str:
    """The top-level part of ``explainer/`` a module belongs to (``explainer.site.env``: ``site``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def layer_violations(edges: Graph) -> list[str]:
    """Each import that does not point to a lower layer or stays within its own part,
    and each module whose part has no layer."""
    rank = {part: i for i, layer in enumerate(LAYERS) for part in layer}
    out = []
    for a in sorted(edges):
        if part_of(a) not in rank:
            out.append(f"{a}: {part_of(a)!r} is in no layer of LAYERS")
            continue
        for b in sorted(edges[a]):
            pa, pb = part_of(a), part_of(b)
            if pa != pb and rank.get(pb, len(LAYERS)) >= rank[pa]:
                out.append(f"{a} -> {b}: {pb} is not below {pa}")
    return out


def _engine_imports_outside(path: Path, root: Path = ROOT) -> Iterator[str]:
    """The imports of an engine module that are neither the engine's nor the standard
    library's, in line order."""
    module = _module_name(path, root)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in sorted(ast.walk(tree), key=lambda n: getattr(n, "lineno", 0)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = list(_named(module, path.name == "__init__.py", node))[:1]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            inside = name == "explainer.engine" or name.startswith("explainer.engine.")
            if not inside and (top == "explainer" or top not in sys.stdlib_module_names):
                yield f"{module}:{node.lineno}: imports {name}"


# -- the shipped package --------------------------------------------------------------------


def test_no_module_of_explainer_is_part_of_an_import_cycle() -> None:
    assert cycles(graph()) == []


def test_every_import_points_to_a_lower_layer() -> None:
    assert layer_violations(graph()) == []


def test_the_engine_imports_only_itself_and_the_standard_library() -> None:
    found = [
        line
        for p in sorted((PACKAGE / "engine").rglob("*.py"))
        for line in _engine_imports_outside(p)
    ]
    assert found == []


def test_above_the_engine_only_its_public_names_are_imported() -> None:
    """The loader, the checks and the site know the engine through ``explainer.engine``
    (its ``__init__``: the public API), never one of its modules."""
    inside = [
        f"{a} -> {b}"
        for a, bs in sorted(graph().items())
        if part_of(a) != "engine"
        for b in sorted(bs)
        if b.startswith("explainer.engine.")
    ]
    assert inside == []


def test_the_graph_counts_imports_made_inside_functions() -> None:
    """``prefetch_laws`` imports the law kind, and ``read_laws`` the loader, only when
    called (a command line that never checks laws does not load the engine); both are
    edges of the graph."""
    edges = graph()
    workers = "explainer.scenarios.kinds.law_workers"
    assert {"explainer.scenarios.kinds.law", "explainer.scenarios.loader"} <= edges[workers]


def test_the_law_kind_no_longer_imports_the_loader() -> None:
    """The circle ``kinds/__init__`` -> ``kinds/law`` -> ``loader`` -> ``kinds/__init__``
    is gone: the loader reads the law files for ``law_workers``, never for the kind."""
    assert "explainer.scenarios.loader" not in graph()["explainer.scenarios.kinds.law"]


def test_scenarios_import_neither_the_site_nor_the_translations() -> None:
    edges = graph()
    above = {
        b
        for a, bs in edges.items()
        if part_of(a) == "scenarios"
        for b in bs
        if part_of(b) not in {"scenarios", "engine", "cache"}
    }
    assert above == set()


# -- the checks themselves can fail ---------------------------------------------------------


def test_a_cycle_through_a_function_level_import_is_found(tmp_path: Path) -> None:
    pkg = tmp_path / "explainer" / "scenarios"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from .a import x\n")
    sources = {_module_name(p, tmp_path): p for p in (pkg / "a.py", pkg / "b.py")}
    edges = {m: imports_of(m, p, set(sources)) for m, p in sources.items()}
    assert edges["explainer.scenarios.b"] == {"explainer.scenarios.a"}
    assert cycles(edges) == [["explainer.scenarios.a", "explainer.scenarios.b"]]


def test_an_import_upwards_or_between_siblings_is_a_violation() -> None:
    edges = {
        "explainer.engine.cards": {"explainer.scenarios.model"},
        "explainer.scenarios.loader": {"explainer.site.build", "explainer.engine"},
        "explainer.check": {"explainer.site.build", "explainer.pipeline"},
        "explainer.i18n.check": {"explainer.site.env"},
        "explainer.plugins": set(),
    }
    assert layer_violations(edges) == [
        "explainer.check -> explainer.site.build: site is not below check",
        "explainer.engine.cards -> explainer.scenarios.model: scenarios is not below engine",
        "explainer.i18n.check -> explainer.site.env: site is not below i18n",
        "explainer.plugins: 'plugins' is in no layer of LAYERS",
        "explainer.scenarios.loader -> explainer.site.build: site is not below scenarios",
    ]


def test_an_engine_import_of_a_third_party_or_upper_module_is_found(tmp_path: Path) -> None:
    engine = tmp_path / "explainer" / "engine"
    engine.mkdir(parents=True)
    bad = engine / "bad.py"
    bad.write_text(
        "import json\nfrom . import cards\nimport yaml\n"
        "def f():\n    from ..scenarios import model\n    from explainer.site import env\n"
    )
    assert list(_engine_imports_outside(bad, tmp_path)) == [
        "explainer.engine.bad:3: imports yaml",
        "explainer.engine.bad:5: imports explainer.scenarios",
        "explainer.engine.bad:6: imports explainer.site",
    ]
