"""The layering stays one-way: irexec's module imports form no cycle, the ops and kernels import
only the layers below them (never a walker, the reader, the model or a command), and no module
holds more than one idea's worth of lines."""
import ast
import os

import networkx as nx

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "irexec")
# What an op or a kernel may use: the ops' own framework and the leaves below it.
BELOW_OPS = ("irexec.errors", "irexec.shapes", "irexec.types", "irexec.kernels", "irexec.buffers",
             "irexec.limits", "irexec.numbers", "irexec.strings", "irexec.symbolic", "irexec.ops")
BELOW_KERNELS = ("irexec.errors", "irexec.buffers", "irexec.shapes", "irexec.kernels")
MAX_LINES = 400


def _modules() -> dict:
    found = {}
    for dirpath, _, filenames in os.walk(PACKAGE):
        for name in filenames:
            if name.endswith(".py"):
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
                found[rel[:-len(".__init__")] if rel.endswith(".__init__") else rel] = path
    return found


def _imports(module: str, path: str, known: dict, top_level_only: bool) -> set:
    """The irexec modules ``module`` imports (at its top level, or anywhere)."""
    with open(path) as f:
        tree = ast.parse(f.read())
    package = module if path.endswith("__init__.py") else module.rsplit(".", 1)[0]
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    out = set()
    for node in nodes:
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
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
        for target in _imports(module, path, known, top_level_only=True):
            graph.add_edge(module, target)
    cycles = list(nx.simple_cycles(graph))
    # A package's __init__ importing its own modules is no cycle of ideas.
    cycles = [c for c in cycles if not all(m.startswith(min(c, key=len)) for m in c)]
    assert not cycles, f"import cycles: {cycles[:5]}"


def test_ops_and_kernels_import_only_what_is_below_them():
    known = _modules()
    wrong = []
    for module, path in known.items():
        allowed = BELOW_OPS if module.startswith("irexec.ops") else \
            BELOW_KERNELS if module.startswith("irexec.kernels") else None
        if allowed is None:
            continue
        for target in _imports(module, path, known, top_level_only=False):
            if not target.startswith(allowed):
                wrong.append(f"{module} imports {target}")
    assert not wrong, "\n".join(wrong)


def test_no_module_is_over_the_line_limit():
    long = []
    for module, path in _modules().items():
        with open(path) as f:
            n = sum(1 for _ in f)
        if n > MAX_LINES:
            long.append(f"{module}: {n} lines")
    assert not long, ", ".join(long)
