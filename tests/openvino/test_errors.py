"""irexec's errors are RuntimeErrors, as OpenVINO's Python API raises for a model it cannot read,
compile or run: a program's ``except RuntimeError`` catches them; irexec's own one-line messages,
classes and the command line's exit statuses stay."""

import inspect

import numpy as np
import openvino as ov
import pytest
from click.testing import CliRunner

import irexec
import irexec.errors
from helpers.irtext import add_model, write
from irexec.cli import cli

ERRORS = [c for _, c in inspect.getmembers(irexec.errors, inspect.isclass) if issubclass(c, irexec.errors.IRExecError)]


def test_the_errors_module_is_found():
    assert {c.__name__ for c in ERRORS} >= {"IRExecError", "ParseError", "ValidationError", "InputError", "UsageError"}


@pytest.mark.parametrize("cls", ERRORS, ids=lambda c: c.__name__)
def test_each_error_is_a_runtime_error_with_one_line(cls):
    error = cls("bad\nthing", file="m.xml", line=3)
    assert isinstance(error, RuntimeError) and isinstance(error, irexec.errors.IRExecError)
    assert str(error) == "m.xml:3: bad\\nthing"  # (one line, located, as before)
    assert cls.exit_code == (2 if issubclass(cls, irexec.errors.UsageError) else 1)


def test_a_model_neither_can_read_is_a_runtime_error_in_both(tmp_path):
    missing = str(tmp_path / "missing.xml")
    with pytest.raises(RuntimeError):
        ov.Core().read_model(missing)
    with pytest.raises(RuntimeError) as refused:
        irexec.Core().read_model(missing)
    assert isinstance(refused.value, irexec.errors.IRExecError) and "missing.xml" in str(refused.value)


def test_the_command_line_tells_irexecs_errors_from_bugs(tmp_path, monkeypatch):
    import irexec.api.model

    xml = write(tmp_path, add_model())

    def refused(*args, **kwargs):
        raise irexec.errors.InputError("input 'x' is wrong")

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(irexec.api.model.Model, "infer", refused)
    done = CliRunner().invoke(cli, ["run", xml, "--random"])
    assert done.exit_code == 1 and done.output.strip().splitlines() == ["error: input 'x' is wrong"]
    monkeypatch.setattr(irexec.api.model.Model, "infer", broken)
    done = CliRunner().invoke(cli, ["run", xml, "--random"])
    assert done.exit_code == 1 and "internal error: RuntimeError: a bug" in done.output
    monkeypatch.undo()
    done = CliRunner().invoke(cli, ["run", str(tmp_path / "missing.xml"), "--random"])
    assert done.exit_code == 1 and len(done.output.strip().splitlines()) == 1
    done = CliRunner().invoke(cli, ["run", xml, "--random", "--no-such-option"])
    assert done.exit_code == 2


def test_a_wrong_input_is_a_runtime_error_where_openvino_raises_one(tmp_path):
    xml = write(tmp_path, add_model())
    compiled = irexec.Core().compile_model(xml, "CPU")
    with pytest.raises(RuntimeError):
        compiled({"nothing": np.zeros((2, 3), np.float32)})
    theirs = ov.Core().compile_model(xml, "CPU")
    with pytest.raises(RuntimeError):
        theirs({"nothing": np.zeros((2, 3), np.float32)})
