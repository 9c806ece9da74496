"""irexec.openvino's module tree against OpenVINO's: every name ``dir(openvino)`` has is provided
or listed as not provided (exactly), names taken from irexec's modules resolve (or say which
module is not there), the stubs import and refuse with one error, and importing stays cheap."""

import importlib
import importlib.util
import os
import pkgutil
import subprocess
import sys
import types

import openvino as ov
import pytest

import irexec.openvino as iov
from irexec.errors import IRExecError, UsageError
from irexec.openvino._names import NAMES, NOT_PROVIDED, SUBMODULES


def _openvinos_names() -> set:
    """The top-level names and the submodules of OpenVINO (dir() shows a submodule once loaded)."""
    names = {n for n in dir(ov) if not (n.startswith("__") and n.endswith("__"))}
    # (OpenVINO's package extends its path over every folder named openvino on sys.path, this one
    # of tests included: its own folder is the one its __init__ is in)
    return names | {m.name for m in pkgutil.iter_modules([os.path.dirname(ov.__file__)])}


def test_every_name_openvino_has_is_provided_or_listed_as_not_provided():
    theirs = _openvinos_names()
    ours = set(dir(iov))
    assert theirs - ours == set(NOT_PROVIDED)
    assert set(NOT_PROVIDED) <= theirs  # (the list names nothing OpenVINO lacks)
    assert not set(NOT_PROVIDED) & ours
    assert all(isinstance(why, str) and why for why in NOT_PROVIDED.values())
    assert "__version__" in ours and iov.__version__ == iov.get_version()
    for name in NOT_PROVIDED:
        with pytest.raises(AttributeError, match=name):
            getattr(iov, name)


@pytest.mark.parametrize("name", sorted(NAMES))
def test_a_name_resolves_or_says_which_module_is_not_there(name):
    where = NAMES[name].split(":")[0]
    if importlib.util.find_spec(where) is None:
        with pytest.raises(AttributeError, match=f"'{name}'.*{where} is not there"):
            getattr(iov, name)
        return
    value = getattr(iov, name)
    attr = NAMES[name].partition(":")[2] or name
    assert value is getattr(importlib.import_module(where), attr)
    assert name in vars(iov)  # (asked once)


def test_names_shared_with_irexecs_own_api_are_the_same_objects():
    import irexec

    for name in ("Core", "CompiledModel", "Model", "Tensor", "Type", "PartialShape", "Dimension", "compile_model"):
        assert getattr(iov, name) is getattr(irexec, name)
    assert iov.ConstOutput is iov.Output


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="'irexec.openvino' has no attribute 'Nothing'"):
        iov.Nothing  # noqa: B018
    with pytest.raises(ImportError):
        from irexec.openvino import Nothing  # noqa: F401


@pytest.mark.parametrize("name", SUBMODULES)
def test_each_submodule_imports_and_is_its_attribute(name):
    module = importlib.import_module(f"irexec.openvino.{name}")
    assert getattr(iov, name) is module
    assert name in dir(iov)


def test_importing_the_package_or_its_properties_loads_neither_numpy_nor_the_api():
    code = (
        "import sys, irexec.openvino, irexec.openvino.properties, irexec.openvino.properties.hint as h;"
        "h.performance_mode();"
        "print(sorted(m for m in sys.modules if m == 'numpy' or m.startswith('irexec.api') or m == 'openvino'))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_runtime_tree_is_the_top_level_under_older_names():
    import irexec.openvino.runtime as runtime
    import irexec.openvino.runtime.opset8 as opset8
    import irexec.openvino.runtime.properties.hint as hints
    from irexec.openvino.runtime import Core, properties
    from irexec.openvino.runtime.utils import types as utils_types

    assert opset8 is iov.opset8 and hints is iov.properties.hint and properties is iov.properties
    assert Core is iov.Core and utils_types is iov.utils.types
    assert hints.__spec__.name == "irexec.openvino.properties.hint"  # (the module keeps its own spec)
    assert sys.modules["irexec.openvino.runtime.opset8"] is opset8
    assert set(dir(runtime)) == set(dir(iov))
    with pytest.raises(ModuleNotFoundError, match="irexec.openvino.runtime.nothing"):
        importlib.import_module("irexec.openvino.runtime.nothing")


def test_op_and_the_opsets_are_irexecs_builders():
    import numpy as np

    from irexec.api import building as nodes

    assert (iov.op.Parameter, iov.op.Constant, iov.op.Result) == (nodes.Parameter, nodes.Constant, nodes.Result)
    for n in range(1, 18):
        module = importlib.import_module(f"irexec.openvino.opset{n}")
        if n <= 16:  # (the builder's opsets so far)
            assert "parameter" in dir(module) and "result" in dir(module)
    x = iov.opset13.parameter([2, 3], np.float32, name="x")
    assert isinstance(x, iov.Node) and x.get_friendly_name() == "x"
    with pytest.raises(AttributeError):
        iov.opset1.no_such_op  # noqa: B018


# ---- what irexec does not do: the names import, using one is one error ----------------------------

# OpenVINO's submodules of these modules (not names a program calls).
_SUBMODULE_NAMES = {"frontend", "tensorflow", "graph_rewrite", "manager"}


def _stubbed(path: str) -> list:
    theirs = importlib.import_module(f"openvino.{path}")
    return sorted(
        n
        for n in dir(theirs)
        if not n.startswith("_")
        and n not in _SUBMODULE_NAMES
        and n != "get_version"
        and not isinstance(getattr(theirs, n), types.ModuleType)
    )


STUBBED = [(path, name) for path in ("frontend", "passes", "_offline_transformations") for name in _stubbed(path)]
STUBBED += [("tools.ovc", "convert_model")]


def test_the_stubbed_modules_are_found():
    assert ("passes", "Manager") in STUBBED and ("frontend", "FrontEndManager") in STUBBED
    assert ("_offline_transformations", "apply_moc_transformations") in STUBBED
    assert ("_offline_transformations", "compress_model_transformation") in STUBBED


@pytest.mark.parametrize("path,name", STUBBED)
def test_a_stub_imports_and_refuses_with_one_error(path, name):
    module = importlib.import_module(f"irexec.openvino.{path}")
    stub = getattr(module, name)
    theirs = getattr(importlib.import_module(f"openvino.{path}"), name)
    if isinstance(theirs, type) and issubclass(theirs, BaseException):  # (frontend's failures)
        assert isinstance(stub, type) and issubclass(stub, Exception)
        return
    with pytest.raises(UsageError) as refused:
        stub()
    assert isinstance(refused.value, RuntimeError)
    message = str(refused.value)
    assert message.startswith(f"openvino.{path}.{name} is not available in irexec: ") and "\n" not in message
    assert "save_model" in message and ".xml" in message
    if isinstance(theirs, type):
        assert isinstance(stub, type)

        class Derived(stub):  # (a program may define its passes by subclassing)
            pass

        with pytest.raises(UsageError):
            Derived()


def test_converting_a_model_is_refused_at_the_top_level_as_in_tools():
    for convert in (iov.convert_model, iov.tools.ovc.convert_model):
        with pytest.raises(UsageError, match="model conversion needs OpenVINO's native frontends"):
            convert("model.onnx")
    with pytest.raises(UsageError, match="^openvino.convert_model is not available"):
        iov.convert_model("model.onnx")


def test_the_stubbed_modules_give_the_version():
    assert iov.frontend.get_version() == iov._offline_transformations.get_version() == iov.get_version()


def test_openvinos_exception_classes():
    from irexec.openvino import exceptions

    for name in ("OVError", "OVTypeError", "UserInputError"):
        theirs, ours = getattr(ov.exceptions, name), getattr(exceptions, name)
        for base in (TypeError, ValueError):
            assert issubclass(ours, base) == issubclass(theirs, base), (name, base)
        assert issubclass(ours, exceptions.OVError) and issubclass(ours, IRExecError)
    assert str(exceptions.OVTypeError("wrong type")) == "wrong type"


def test_preprocess_has_openvinos_names_from_irexecs_module():
    import openvino.preprocess as theirs

    from irexec.openvino import preprocess

    wanted = {n for n in dir(theirs) if not n.startswith("_") and not isinstance(getattr(theirs, n), types.ModuleType)}
    assert wanted <= set(dir(preprocess))
    for name in sorted(wanted):
        if importlib.util.find_spec("irexec.api.preprocess") is None:
            with pytest.raises(AttributeError, match=f"'{name}'.*irexec.api.preprocess is not there"):
                getattr(preprocess, name)
        elif name == "get_version":
            assert preprocess.get_version() == iov.get_version()
        else:
            assert getattr(preprocess, name) is getattr(importlib.import_module("irexec.api.preprocess"), name)
