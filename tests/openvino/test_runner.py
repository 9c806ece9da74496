"""``python -m irexec.openvino PROGRAM.py`` runs a program written for openvino unchanged: its
imports of openvino are irexec.openvino's (and the installed OpenVINO is never loaded), and it
runs as ``python PROGRAM.py`` would (argv, __name__, its folder first on sys.path, exit status,
tracebacks); ``-m MODULE`` as ``python -m MODULE``."""

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import openvino as ov
import pytest

import irexec.openvino

IREXEC_OPENVINO = os.path.dirname(irexec.openvino.__file__)
REAL_OPENVINO = os.path.dirname(ov.__file__)


def _write(folder, name: str, text: str) -> str:
    path = os.path.join(folder, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(textwrap.dedent(text))
    return path


# The program's process imports the irexec these tests import (the checkout's, also where an
# install elsewhere, as a test run's, is on the path too).
_ENV = dict(
    os.environ,
    PYTHONPATH=os.pathsep.join(
        [os.path.dirname(os.path.dirname(IREXEC_OPENVINO))] + [p for p in [os.environ.get("PYTHONPATH")] if p]
    ),
)


def _run(args: list, cwd, runner: bool = True) -> subprocess.CompletedProcess:
    command = [sys.executable, *(["-m", "irexec.openvino"] if runner else []), *args]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=120, env=_ENV)


PROGRAM = """\
    import importlib.util, json, os, sys
    import openvino as ov
    import openvino.properties as props
    import openvino.properties.hint as hints
    import openvino.runtime.opset8 as ops8
    import openvino.utils.types
    from openvino.runtime import Core
    from openvino import preprocess, op
    from data import digits  # (beside the program)

    modules = {k: m for k, m in sys.modules.items() if k == "openvino" or k.startswith("openvino.")}
    files = sorted({os.path.realpath(getattr(m, "__file__", None) or "") for m in sys.modules.values()})
    print(json.dumps({
        "argv": sys.argv, "name": __name__, "file": __file__, "path0": sys.path[0], "digits": digits,
        "openvino": sys.modules["openvino"].__name__,
        "aliases": sorted(k for k, m in modules.items() if m is not sys.modules["irexec." + k]),
        "same": [Core is ov.Core, ops8 is sys.modules["irexec.openvino.opset8"], props.hint is hints],
        "key": hints.performance_mode(),
        "spec": importlib.util.find_spec("openvino").origin,
        "files": files,
    }))
"""


@pytest.fixture(scope="module")
def aliased(tmp_path_factory):
    folder = tmp_path_factory.mktemp("program")
    _write(folder, "app/data.py", "digits = [1, 2, 3]\n")
    _write(folder, "app/main.py", PROGRAM)
    done = _run(["app/main.py", "one", "--two", "3"], cwd=folder)
    assert done.returncode == 0, done.stderr
    return folder, json.loads(done.stdout)


def test_the_program_runs_as_python_runs_it(aliased):
    folder, seen = aliased
    assert seen["argv"] == ["app/main.py", "one", "--two", "3"]
    assert seen["name"] == "__main__"
    assert seen["file"] == os.path.join(os.path.realpath(folder), "app", "main.py")
    assert seen["path0"] == os.path.join(os.path.realpath(folder), "app")
    assert seen["digits"] == [1, 2, 3]


def test_every_openvino_module_is_irexecs(aliased):
    _, seen = aliased
    assert seen["openvino"] == "irexec.openvino"
    assert seen["aliases"] == [] and seen["same"] == [True, True, True]
    assert seen["key"] == "PERFORMANCE_HINT"
    assert seen["spec"] == os.path.join(IREXEC_OPENVINO, "__init__.py")


def test_the_installed_openvino_is_never_imported(aliased):
    _, seen = aliased
    assert not [f for f in seen["files"] if f.startswith(REAL_OPENVINO + os.sep)]
    assert [f for f in seen["files"] if f.startswith(os.path.realpath(IREXEC_OPENVINO) + os.sep)]


def test_exit_status_and_tracebacks_are_the_programs(tmp_path):
    for code, status, said in (("sys.exit(3)", 3, ""), ("sys.exit('bye')", 1, "bye\n"), ("pass", 0, "")):
        path = _write(tmp_path, "exits.py", f"import sys\n{code}\n")
        ran = _run([path], tmp_path)
        assert (ran.returncode, ran.stderr) == (status, said)
    # A traceback as Python prints it, none of the runner's frames in it.
    path = _write(tmp_path, "raises.py", "def f():\n    raise ValueError('boom')\n\n\nf()\n")
    direct, ran = _run([path], tmp_path, runner=False), _run([path], tmp_path)
    assert ran.returncode == direct.returncode == 1
    assert ran.stderr == direct.stderr and "ValueError: boom" in ran.stderr
    path = _write(tmp_path, "broken.py", "x = (\n")
    ran = _run([path], tmp_path)
    assert ran.returncode == 1 and ran.stderr.startswith(f'  File "{path}", line 1\n')
    assert ran.stderr.endswith("SyntaxError: '(' was never closed\n")


def test_what_irexec_does_not_do_is_one_error_and_its_errors_are_runtime_errors(tmp_path):
    _write(
        tmp_path,
        "convert.py",
        """\
        import openvino as ov
        try:
            ov.Core().read_model("missing.xml")
        except RuntimeError as e:
            print("caught", type(e).__name__)
        ov.convert_model("model.onnx")
        """,
    )
    done = _run(["convert.py"], tmp_path)
    assert done.returncode == 1
    assert done.stdout.startswith("caught ")
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("irexec.errors.UsageError: openvino.convert_model is not available in irexec: ")


def test_a_module_runs_as_python_dash_m_runs_it(tmp_path):
    _write(tmp_path, "pkg/__init__.py", "")
    _write(
        tmp_path,
        "pkg/tool.py",
        """\
        import json, sys
        import openvino
        print(json.dumps([sys.argv, __name__, openvino.__name__, sys.path[0]]))
        """,
    )
    done = _run(["-m", "pkg.tool", "a", "-b"], tmp_path)
    assert done.returncode == 0, done.stderr
    argv, name, module, first = json.loads(done.stdout)
    assert argv == [os.path.join(str(tmp_path), "pkg", "tool.py"), "a", "-b"]
    assert (name, module, first) == ("__main__", "irexec.openvino", str(tmp_path))
    missing = _run(["-m", "pkg.nothing"], tmp_path)
    assert missing.returncode == 1 and missing.stderr == f"{sys.executable}: No module named pkg.nothing\n"


def test_help_usage_and_a_missing_program(tmp_path):
    helped = _run(["--help"], tmp_path)
    assert helped.returncode == 0 and helped.stdout.startswith("usage: python -m irexec.openvino PROGRAM.py")
    assert "irexec.openvino" in helped.stdout and helped.stderr == ""
    bare = _run([], tmp_path)
    assert bare.returncode == 2 and bare.stderr.startswith("usage:") and bare.stdout == ""
    for wrong in (["--fast", "x.py"], ["-m"]):
        done = _run(wrong, tmp_path)
        assert done.returncode == 2 and "usage:" in done.stderr
    missing = _run(["nothere.py"], tmp_path)
    assert missing.returncode == 2
    assert (
        missing.stderr
        == f"{sys.executable}: can't open file '{tmp_path / 'nothere.py'}': [Errno 2] No such file or directory\n"
    )


def test_a_program_runs_a_model_on_irexec_as_on_openvino(tmp_path):
    x = ov.opset13.parameter([2, 3], np.float32, name="x")
    model = ov.Model([ov.opset13.relu(ov.opset13.multiply(x, ov.opset13.constant(np.float32(2.0))))], [x], "m")
    ov.save_model(model, str(tmp_path / "m.xml"))
    data = np.array([[-1.0, 0.5, 2.0], [3.0, -4.0, 0.0]], np.float32)
    np.save(tmp_path / "x.npy", data)
    _write(
        tmp_path,
        "classify.py",
        """\
        import sys
        import numpy as np
        import openvino as ov

        core = ov.Core()
        compiled = core.compile_model(core.read_model(sys.argv[1]), "CPU")
        result = compiled({0: np.load(sys.argv[2])})[compiled.output(0)]
        np.save(sys.argv[3], result)
        """,
    )
    done = _run(["classify.py", "m.xml", "x.npy", "y.npy"], tmp_path)
    assert done.returncode == 0, done.stderr
    want = ov.Core().compile_model(str(tmp_path / "m.xml"), "CPU")({0: data})[0]
    np.testing.assert_array_equal(np.load(tmp_path / "y.npy"), want)
