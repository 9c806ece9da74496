"""The memory budget: shapes over it are refused before anything is allocated."""

import numpy as np
import pytest
from click.testing import CliRunner

import irexec
from helpers.irtext import const, layer, net, param, port, result, write
from irexec.cli import cli
from irexec.limits import default_max_tensor_bytes, parse_size


def broadcast_model(tmp_path, target):
    """x (f32 [1]) broadcast to a constant target shape."""
    t = np.array(target, np.int64)
    xml = net(
        [
            param(0, "x", (1,)),
            const(1, t.shape, "i64", 0, t.nbytes),
            layer(
                2,
                "Broadcast",
                "opset3",
                inputs=[port(0, "f32", (1,)), port(1, "i64", t.shape)],
                outputs=[port(2, "f32", [-1] * len(target), "y")],
            ),
            result(3, "f32", [-1] * len(target)),
        ],
        [(0, 0, 2, 0), (1, 0, 2, 1), (2, 2, 3, 0)],
    )
    return write(tmp_path, xml, t.tobytes())


def test_an_intermediate_over_budget_is_refused_before_running(tmp_path, monkeypatch):
    m = irexec.read_model(broadcast_model(tmp_path, [1 << 20, 1 << 20]))  # 4 TiB of f32
    ran = []
    monkeypatch.setattr(m.plan, "run", lambda *a: ran.append(a))
    with pytest.raises(irexec.ExecutionError) as info:
        m.infer({"x": np.ones(1, np.float32)})
    msg = str(info.value)
    assert "layer 'l2' (id 2, Broadcast)" in msg and "[1048576,1048576] of f32, 4096.0 GiB" in msg
    assert "over the budget" in msg and not ran


def test_the_budget_is_configurable(tmp_path):
    path = broadcast_model(tmp_path, [64, 64])  # 16 KiB
    out = irexec.read_model(path).infer({"x": np.ones(1, np.float32)})["y"]
    assert out.shape == (64, 64)
    with pytest.raises(irexec.ExecutionError, match="16.0 KiB: over the budget of 8.0 KiB"):
        irexec.read_model(path, max_tensor_bytes=8 << 10).infer({"x": np.ones(1, np.float32)})


def test_a_shape_steered_by_an_input_value_is_checked_for_each_value(tmp_path):
    """Range's length comes from input values: each new value is sized again before running."""
    xml = net(
        [
            param(0, "n", (), "i64"),
            const(1, (), "i64", 0, 8),
            const(2, (), "i64", 8, 8),
            layer(
                3,
                "Range",
                "opset4",
                data={"output_type": "f32"},
                inputs=[port(0, "i64", ()), port(1, "i64", ()), port(2, "i64", ())],
                outputs=[port(3, "f32", [-1], "r")],
            ),
            result(4, "f32", [-1]),
        ],
        [(1, 0, 3, 0), (0, 0, 3, 1), (2, 0, 3, 2), (3, 3, 4, 0)],
    )
    m = irexec.read_model(write(tmp_path, xml, np.array([0, 1], np.int64).tobytes()), max_tensor_bytes=1 << 20)
    assert m.infer({"n": np.array(5)})["r"].tolist() == [0, 1, 2, 3, 4]
    with pytest.raises(irexec.ExecutionError, match="over the budget"):
        m.infer({"n": np.array(10**12)})
    assert m.infer({"n": np.array(3)})["r"].size == 3


def test_a_constant_over_budget_is_refused_at_read_time(tmp_path):
    """u1 constants unpack to a byte per element: 8x their size in the file."""
    xml = net([const(0, (8 * 4096,), "u1", 0, 4096), result(1, "u1", (8 * 4096,))], [(0, 0, 1, 0)])
    path = write(tmp_path, xml, bytes(4096))
    assert irexec.read_model(path, max_tensor_bytes=1 << 20)
    with pytest.raises(
        irexec.ValidationError,
        match=r"layer 'l0' \(id 0, Const\): the constant would take "
        r"32.0 KiB, over the budget of 16.0 KiB",
    ):
        irexec.read_model(path, max_tensor_bytes=16 << 10)


def test_cli_max_bytes_and_random_inputs(tmp_path):
    path = broadcast_model(tmp_path, [64, 64])
    r = CliRunner().invoke(cli, ["run", path, "--random", "--max-bytes", "8K"])
    assert r.exit_code == 1 and "over the budget of 8.0 KiB" in r.output
    xml = net([param(0, "x", (1024, 1024)), result(1, "f32", (1024, 1024))], [(0, 0, 1, 0)])
    r = CliRunner().invoke(cli, ["run", write(tmp_path, xml, stem="big"), "--random", "--max-bytes", "1M"])
    assert r.exit_code == 1 and "--random would allocate more than 1.0 MiB" in r.output
    r = CliRunner().invoke(cli, ["run", path, "--random", "--max-bytes", "lots"])
    assert r.exit_code == 2 and "'lots' is not a size" in r.output


def test_sizes_and_the_default(monkeypatch):
    assert parse_size("512M") == 512 << 20 and parse_size("4g") == 4 << 30 and parse_size("1000") == 1000
    assert parse_size("1.5KiB") == 1536
    for bad in ("", "-1", "0", "4X", "1e9"):
        with pytest.raises(irexec.UsageError):
            parse_size(bad)
    monkeypatch.setenv("IREXEC_MAX_TENSOR_BYTES", "3G")
    assert default_max_tensor_bytes() == 3 << 30
    monkeypatch.delenv("IREXEC_MAX_TENSOR_BYTES")
    assert 0 < default_max_tensor_bytes() <= 16 << 30
