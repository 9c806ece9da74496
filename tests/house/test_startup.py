"""A new process to its first result imports what that result needs and nothing else (README,
Speed): each check runs a fresh interpreter, since the test process has imported everything."""

from __future__ import annotations

import ast
import os
import subprocess
import sys

from irexec.ops import registry

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODEL = os.path.join(ROOT, "models", "kv_cache_update.xml")
# What a plain `irexec run` or read_model + infer has no use for.
NEVER = (
    "irexec.api.core",
    "irexec.compare",
    "irexec.layer",
    "irexec.show.summary",
    "irexec.batch",
    "irexec.commands.lint",
    "irexec.commands.show",
    "irexec.commands.layer",
    "irexec.commands.compare",
    "irexec.commands.rules",
    "irexec.commands.steps",
    "irexec.commands.batch_run",
    "irexec.io.dump",
    "irexec.io.state",
    "irexec.io.profile",
    "irexec.io.npy",
    "irexec.io.compare_outputs",
    "networkx",
    "openvino",
    "scipy",
    "json",
)


def _python(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=ROOT, timeout=120)


def _modules(code: str) -> set:
    """The modules in sys.modules once ``code`` has run in a fresh interpreter (even when it
    exits: the list is written at exit, to stderr's last line)."""
    done = _python(
        "-c",
        "import atexit, sys\natexit.register(lambda: sys.stderr.write(repr(sorted(sys.modules)) + '\\n'))\n" + code,
    )
    assert done.returncode == 0, done.stderr
    return set(ast.literal_eval(done.stderr.splitlines()[-1]))


def _unwanted(modules: set, names=NEVER) -> list:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


# The bundled model's four types, and the narrow-float conversions irexec.api.model imports for inputs.
MODEL_OPS = {"constant", "parameter", "result", "scatter_update", "convert_narrow"}


def _op_files(modules: set) -> set:
    files = {module for module, _ in registry.op_files()}
    return {m.rsplit(".", 1)[1] for m in modules if m in files}


def test_a_plain_run_imports_only_what_its_first_result_needs():
    # (as `python -m irexec run MODEL --random`; the output table is checked in test_cli.py)
    imported = _modules(
        f"import runpy; sys.argv = ['irexec', 'run', {MODEL!r}, '--random']\n"
        "runpy.run_module('irexec', run_name='__main__', alter_sys=True)"
    )
    assert "irexec.commands.run" in imported and "click" in imported
    assert _unwanted(imported) == []
    # The op files of the model's four types, found by their names: no other op file is imported.
    assert _op_files(imported) == MODEL_OPS


def test_read_model_and_infer_import_neither_the_command_line_nor_the_op_index():
    modules = _modules(
        "import numpy as np, irexec\n"
        f"m = irexec.read_model({MODEL!r})\n"
        "out = m.infer({'cache': np.zeros((2, 8, 4), np.float32), 'tokens': np.ones((2, 2, 4), np.float32)})\n"
        "assert out['updated_cache'][0, :, 0].tolist() == [0, 0, 0, 0, 0, 1, 1, 0]\n"
        "from irexec.ops import registry\n"
        "assert registry._STATE['index'] is None, 'every op file was read to find a type'\n"
    )
    assert _unwanted(modules, NEVER + ("click", "irexec.cli", "irexec.commands")) == []
    assert _op_files(modules) == MODEL_OPS


def test_import_irexec_alone_loads_neither_numpy_nor_lxml():
    assert _unwanted(_modules("import irexec"), ("numpy", "lxml", "click", "ml_dtypes")) == []
    # and so `irexec rules` (a page of text) needs neither
    rules = _modules(
        "import runpy; sys.argv = ['irexec', 'rules']\nrunpy.run_module('irexec', run_name='__main__', alter_sys=True)"
    )
    assert "irexec.commands.rules" in rules and _unwanted(rules, ("numpy", "lxml")) == []


def test_every_public_name_resolves_and_lint_and_compare_stay_functions():
    # The submodules named like the functions load after `import irexec` now: they must not
    # take the functions' names on the package, whichever loads first.
    code = (
        "import types, irexec, irexec.compare.dataset, irexec.check.lint, irexec.commands.compare\n"
        "from irexec import *\n"
        "assert isinstance(irexec.lint, types.FunctionType) and isinstance(irexec.compare, types.FunctionType)\n"
        "assert isinstance(lint, types.FunctionType) and isinstance(compare, types.FunctionType)\n"
        "missing = [n for n in irexec.__all__ if n not in globals()]\n"
        "assert not missing, missing\n"
        "assert set(irexec.__all__) <= set(dir(irexec))\n"
        "assert irexec.Core is irexec.api.core.Core and irexec.read_model is irexec.api.model.read_model\n"
        "try:\n"
        "    irexec.nothing\n"
        "except AttributeError as e:\n"
        "    assert str(e) == \"module 'irexec' has no attribute 'nothing'\", e\n"
        "else:\n"
        "    raise AssertionError('irexec.nothing')\n"
        f"assert irexec.lint({MODEL!r}) == []\n"
    )
    # (-W error: the import system turns a failed binding into an ImportWarning, not an error)
    done = _python("-W", "error::ImportWarning", "-c", code)
    assert done.returncode == 0, done.stderr


def test_every_op_type_is_found_by_its_file_name():
    # Else the first lookup of that type reads the text of all 200 op files (5 ms): name the file
    # after the type (ScatterUpdate: scatter_update.py).
    wrong = [
        (cls.type, cls.__module__, registry._guess(cls.type))
        for cls in registry.all_ops()
        if cls.__module__ not in registry._guess(cls.type)
    ]
    assert wrong == []


def test_a_type_its_file_name_does_not_spell_is_found_by_the_files_text():
    code = (
        "from irexec.ops import registry\n"
        "registry._guess = lambda op_type: []\n"
        "cls = registry.lookup('ScatterUpdate', 'opset3')\n"
        "assert cls.__module__ == 'irexec.ops.movement.scatter_update', cls.__module__\n"
        "assert registry._STATE['index'] is not None and not registry._STATE['all']\n"
        "try:\n"
        "    registry.lookup('ScatterUpdat', 'opset3')\n"
        "except Exception as e:\n"
        "    assert e.code == 'O001' and str(e) == \"unknown operation type 'ScatterUpdat'\", e\n"
        "else:\n"
        "    raise AssertionError('ScatterUpdat')\n"
    )
    done = _python("-c", code)
    assert done.returncode == 0, done.stderr
