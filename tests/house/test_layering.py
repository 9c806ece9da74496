"""The layering stays one-way: the stages keep the import contracts written once in pyproject.toml
(``[tool.importlinter]``: each stage imports only those below it, and the core stages' modules their
own order), every package of irexec is placed in them, irexec's module imports form no cycle (at a
module's top or inside a function alike), and no module holds more than one idea's worth of lines."""

import ast
import os
import subprocess
import sys

import networkx as nx
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGE = os.path.join(ROOT, "irexec")
MAX_LINES = 400


def _modules() -> dict:
    found = {}
    for dirpath, _, filenames in os.walk(PACKAGE):
        for name in filenames:
            if name.endswith(".py"):
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
                found[rel[: -len(".__init__")] if rel.endswith(".__init__") else rel] = path
    return found


def _imports(module: str, path: str, known: dict) -> set:
    """The irexec modules ``module`` imports, at its top level or inside a function."""
    with open(path) as f:
        tree = ast.parse(f.read())
    package = module if path.endswith("__init__.py") else module.rsplit(".", 1)[0]
    nodes = list(ast.walk(tree))  # (a function's imports too)
    out = set()
    for node in nodes:
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                target = f"{base}.{alias.name}"
                out.add(target if target in known else base)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return {m for m in out if m in known and m != module}


def test_module_imports_have_no_cycle():
    known = _modules()
    graph = nx.DiGraph()
    for module, path in known.items():
        for target in _imports(module, path, known):
            graph.add_edge(module, target)
    cycles = list(nx.simple_cycles(graph))
    # A package's __init__ importing its own modules is no cycle of ideas (a module whose name the
    # others' begin with is not one: _sentencepiece and _sentencepiece_encode were a cycle).
    packages = {m for m, p in known.items() if os.path.basename(p) == "__init__.py"}

    def within_its_package(cycle) -> bool:
        head = min(cycle, key=len)
        return head in packages and all(m == head or m.startswith(head + ".") for m in cycle)

    cycles = [c for c in cycles if not within_its_package(c)]
    assert not cycles, f"import cycles: {cycles[:5]}"


def _contracts() -> list:
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)["tool"]["importlinter"]["contracts"]


def test_the_stages_keep_their_import_contracts():
    # Run in the checkout (cwd first on sys.path), whichever irexec is installed.
    done = subprocess.run(
        [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports())"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert f"Contracts: {len(_contracts())} kept, 0 broken." in done.stdout, done.stdout[-2000:]


def test_every_package_and_module_of_irexec_has_its_stage():
    stages = next(c for c in _contracts() if c["id"] == "stages")["layers"]
    placed = {name.strip() for layer in stages for name in layer.split("|")}
    present = {
        f"irexec.{name[:-3] if name.endswith('.py') else name}"
        for name in os.listdir(PACKAGE)
        if (name.endswith(".py") and name != "__init__.py")
        or os.path.isfile(os.path.join(PACKAGE, name, "__init__.py"))
    }
    assert present - placed == set(), "not placed in [tool.importlinter]'s stages"
    assert placed - present == set(), "stages that no longer exist"


def test_each_core_stage_orders_all_its_modules():
    for contract in _contracts():
        if contract.get("containers") is None:
            continue
        (container,) = contract["containers"]
        folder = os.path.join(ROOT, *container.split("."))
        placed = {name.strip() for layer in contract["layers"] for name in layer.split("|")}
        present = {name[:-3] for name in os.listdir(folder) if name.endswith(".py") and name != "__init__.py"} | {
            name for name in os.listdir(folder) if os.path.isfile(os.path.join(folder, name, "__init__.py"))
        }
        assert present == placed, f"{container}: {sorted(present ^ placed)}"


def test_no_module_is_over_the_line_limit():
    long = []
    for module, path in _modules().items():
        with open(path) as f:
            n = sum(1 for _ in f)
        if n > MAX_LINES:
            long.append(f"{module}: {n} lines")
    assert not long, ", ".join(long)
