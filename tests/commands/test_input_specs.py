"""Which input a command line means: ``-i KEY=FILE.npy`` and ``--shape KEY=D1,D2,...`` by index
(unquoted digits) or by name (bare up to the first '=', or in double quotes with quotes doubled),
in ``irexec run``, ``run --steps`` and ``irexec compare``; the syntax every error suggests is run
as the error line gives it."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from xml.sax.saxutils import escape

import numpy as np
import pytest

from helpers.irtext import layer, net, port, write

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Inputs 0 and 1 are named by their own index; the others cannot be written bare (x=1), read
# wrong in a list (a,b), or hold quotes and a space.
NAMES = ["0", "1", "x=1", "a,b", '"q" r']
QUOTED = ['"0"', '"1"', '"x=1"', '"a,b"', '"""q"" r"']


def concat_model(names, dynamic=False) -> str:
    """Each input (f32, [2] or [?]) concatenated in input order: the output shows which file fed
    which input. Tensor names t0, t1, ... are a second name for each."""
    n, d = len(names), -1 if dynamic else 2
    layers = [
        layer(
            k,
            "Parameter",
            data={"shape": "?" if dynamic else "2", "element_type": "f32"},
            outputs=[port(0, "f32", [d], f"t{k}")],
            name=escape(name, {'"': "&quot;"}),
        )
        for k, name in enumerate(names)
    ]
    out = -1 if dynamic else 2 * n
    layers.append(
        layer(
            n,
            "Concat",
            data={"axis": 0},
            inputs=[port(k, "f32", [d]) for k in range(n)],
            outputs=[port(n, "f32", [out], "joined")],
        )
    )
    layers.append(layer(n + 1, "Result", inputs=[port(0, "f32", [out])]))
    return net(layers, [(k, 0, n, k) for k in range(n)] + [(n, n, n + 1, 0)])


@pytest.fixture
def here(tmp_path):
    """A folder holding the models and v0.npy ... v4.npy ([10k, 10k + 1])."""
    write(tmp_path, concat_model(NAMES), stem="m")
    write(tmp_path, concat_model(NAMES, dynamic=True), stem="dyn")
    write(tmp_path, concat_model(["1", "0"]), stem="swap")
    write(tmp_path, concat_model(["1", "0"], dynamic=True), stem="swapdyn")
    for k in range(len(NAMES)):
        np.save(tmp_path / f"v{k}.npy", np.array([10 * k, 10 * k + 1], np.float32))
    return tmp_path


def irexec(where, *args):
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run(
        [sys.executable, "-m", "irexec", *args], cwd=where, capture_output=True, text=True, env=env, timeout=120
    )


def joined(where, *args, out="out.npz"):
    p = irexec(where, *args, "-o", out)
    assert p.returncode == 0, p.stderr
    with np.load(where / out) as z:
        return z["joined"]


def expected(order):
    return np.concatenate([[10 * k, 10 * k + 1] for k in order]).astype(np.float32)


def error_line(p, code: int) -> str:
    """The one error line of a failed run (nothing on stdout, no traceback)."""
    assert p.returncode == code, (p.returncode, p.stderr)
    assert p.stdout == "" and "Traceback" not in p.stderr
    lines = p.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), p.stderr
    return lines[0]


def suggested(line: str, after: str) -> list:
    """The shell words of the suggestion following ``after`` in an error line."""
    return shlex.split(line.split(after, 1)[1])


# ---- every input by name and by index -------------------------------------------------------


@pytest.mark.parametrize(
    "keys",
    [
        ["0", "1", "2", "3", "4"],  # by index
        QUOTED,  # by quoted name
        ["0", "1", '"x=1"', "a,b", "t4"],  # bare where the rule allows; a tensor name
    ],
    ids=["index", "quoted", "bare"],
)
@pytest.mark.parametrize("backwards", [False, True], ids=["in-order", "backwards"])
def test_each_input_by_name_and_by_index(here, keys, backwards):
    pairs = [("-i", f"{key}=v{k}.npy") for k, key in enumerate(keys)]
    args = [a for pair in (pairs[::-1] if backwards else pairs) for a in pair]
    np.testing.assert_array_equal(joined(here, "run", "m.xml", *args), expected(range(5)))


def test_quoted_name_that_is_digits_is_the_name(here):
    # In swap.xml input 0 is named "1" and input 1 "0": quoted, each name finds its own input.
    got = joined(here, "run", "swap.xml", "-i", '"1"=v0.npy', "-i", '"0"=v1.npy')
    np.testing.assert_array_equal(got, expected([0, 1]))


def test_shape_for_dynamic_inputs(here):
    # Each dynamic input straight to a Result of its own: an output per input, named t0 ... t4.
    n = len(NAMES)
    layers = [
        layer(
            k,
            "Parameter",
            data={"shape": "?", "element_type": "f32"},
            outputs=[port(0, "f32", [-1], f"t{k}")],
            name=escape(name, {'"': "&quot;"}),
        )
        for k, name in enumerate(NAMES)
    ]
    layers += [layer(n + k, "Result", inputs=[port(0, "f32", [-1])]) for k in range(n)]
    write(here, net(layers, [(k, 0, n + k, 0) for k in range(n)]), stem="each")
    for keys in (["0", "1", "2", "3", "4"], ['"0"', '"1"', '"x=1"', "a,b", QUOTED[4]], [f"t{k}" for k in range(n)]):
        args = [a for k, key in reversed(list(enumerate(keys))) for a in ("--shape", f"{key}={k + 1}")]
        p = irexec(here, "run", "each.xml", "--random", *args, "-o", "out.npz")
        assert p.returncode == 0, p.stderr
        with np.load(here / "out.npz") as z:
            assert [z[f"t{k}"].shape for k in range(n)] == [(k + 1,) for k in range(n)]


def test_path_holding_equals(here):
    os.mkdir(here / "lr=0.1")
    np.save(here / "lr=0.1" / "x.npy", np.array([7, 8], np.float32))
    np.savez(here / "lr=0.1" / "in.npz", **{name: np.full(2, k, np.float32) for k, name in enumerate(NAMES)})
    rest = [a for k in range(1, 5) for a in ("-i", f"{k}=v{k}.npy")]
    got = joined(here, "run", "m.xml", "-i", "0=lr=0.1/x.npy", *rest)
    np.testing.assert_array_equal(got[:2], [7, 8])
    others = [a for k in (0, 1, 3, 4) for a in ("-i", f"{k}=v{k}.npy")]
    got = joined(here, "run", "m.xml", "-i", '"x=1"=lr=0.1/x.npy', *others)
    np.testing.assert_array_equal(got[4:6], [7, 8])
    # A leading '=': a path alone, here a .npz keyed by the inputs' names.
    got = joined(here, "run", "m.xml", "-i", "=lr=0.1/in.npz")
    np.testing.assert_array_equal(got, np.repeat(np.arange(5, dtype=np.float32), 2))


def test_steps_take_the_same_forms(here):
    for k in range(2):
        np.save(here / f"s{k}.npy", np.full(2, 100 + k, np.float32))
    args = ["-i", '"x=1"=s{step}.npy', "-i", "0=v0.npy", "-i", "1=v1.npy", "-i", "a,b=v3.npy", "-i", "4=v4.npy"]
    p = irexec(here, "run", "m.xml", *args, "--steps", "2", "-o", "out{step}.npz")
    assert p.returncode == 0, p.stderr
    for k in range(2):
        with np.load(here / f"out{k}.npz") as z:
            np.testing.assert_array_equal(z["joined"][4:6], [100 + k] * 2)
            np.testing.assert_array_equal(z["joined"][:4], expected([0, 1]))


def test_compare_takes_the_same_forms(here):
    pytest.importorskip("openvino")
    p = irexec(
        here,
        "compare",
        "m.xml",
        "-i",
        "0=v0.npy",
        "-i",
        '"1"=v1.npy',
        "-i",
        '"x=1"=v2.npy',
        "-i",
        "a,b=v3.npy",
        "-i",
        "4=v4.npy",
    )
    assert p.returncode == 0, p.stderr
    assert "all agree" in p.stdout
    p = irexec(here, "compare", "dyn.xml", "--random", "--shape", "2=3", "--shape", '"x=1"=3')
    assert error_line(p, 2) == "error: --shape '\"x=1\"=3': input 'x=1' is given twice (also by --shape '2=3')"


# ---- the errors' suggestions, run as the errors give them ----------------------------------------


@pytest.mark.parametrize("missing", range(5))
def test_dynamic_shape_error_suggestions_work(here, missing):
    shapes = [a for k in range(5) if k != missing for a in ("--shape", f"{k}=2")]
    line = error_line(irexec(here, "run", "dyn.xml", "--random", *shapes), 1)
    name = NAMES[missing]
    assert line.startswith(f"error: input '{name}' has dynamic shape [?]: give its size with --shape ")
    words = suggested(line, "give its size with ")
    assert words[0] == "--shape" and words[2:6] == ["or", "its", "values", "with"] and words[6] == "-i"
    by_shape = words[1].replace("D1,D2,...", "3")
    assert joined(here, "run", "dyn.xml", "--random", *shapes, "--shape", by_shape).shape == (11,)
    by_file = words[7].replace("FILE.npy", f"v{missing}.npy")
    got = joined(here, "run", "dyn.xml", "--random", *shapes, "-i", by_file)
    np.testing.assert_array_equal(got[2 * missing : 2 * missing + 2], [10 * missing, 10 * missing + 1])


@pytest.mark.parametrize("missing", [0, 1])
def test_dynamic_shape_suggestion_where_the_index_is_another_name(here, missing):
    # swapdyn.xml: input 0 is named "1", input 1 "0": neither index works, the quoted name does.
    other = 1 - missing
    line = error_line(irexec(here, "run", "swapdyn.xml", "--random", "--shape", f'"{["1", "0"][other]}"=2'), 1)
    words = suggested(line, "give its size with ")
    assert words[1] == f'"{["1", "0"][missing]}"=D1,D2,...'
    assert joined(
        here,
        "run",
        "swapdyn.xml",
        "--random",
        "--shape",
        f'"{["1", "0"][other]}"=2',
        "--shape",
        words[1].replace("D1,D2,...", "3"),
    ).shape == (5,)


def test_name_cut_at_its_first_equals_suggests_the_index(here):
    rest = [a for k in (0, 1, 3, 4) for a in ("-i", f"{k}=v{k}.npy")]
    line = error_line(irexec(here, "run", "m.xml", "-i", "x=1=v2.npy", *rest), 1)
    assert line.startswith(
        "error: -i 'x=1=v2.npy': unknown input 'x' (inputs by index: 0 '0', 1 '1', "
        "2 'x=1', 3 'a,b', 4 '\"q\" r'); input 2 is named 'x=1': write "
    )
    words = suggested(line, ": write ")
    assert words == ["-i", "2=v2.npy"]
    np.testing.assert_array_equal(joined(here, "run", "m.xml", *words, *rest), expected(range(5)))
    line = error_line(irexec(here, "run", "dyn.xml", "--random", "--shape", "x=1=3"), 1)
    words = suggested(line, ": write ")
    assert words == ["--shape", "2=3"]


def test_digits_both_an_index_and_another_name_are_refused(here):
    line = error_line(irexec(here, "run", "swap.xml", "-i", "0=v0.npy", "-i", "1=v1.npy"), 2)
    assert line.startswith(
        "error: -i '0=v0.npy': 0 is both input 0's index and the name of input 1; say which by name: "
    )
    m = re.search(r"name: (.*) for input 1, (.*) for input 0$", line)
    for_1, for_0 = shlex.split(m.group(1)), shlex.split(m.group(2))
    assert for_1 == ["-i", '"0"=v0.npy'] and for_0 == ["-i", '"1"=v0.npy']
    got = joined(here, "run", "swap.xml", *for_0, "-i", '"0"=v1.npy')
    np.testing.assert_array_equal(got, expected([0, 1]))


def test_file_without_key_on_a_model_of_several_inputs(here):
    line = error_line(irexec(here, "run", "m.xml", "-i", "v0.npy"), 2)
    assert line == (
        "error: -i 'v0.npy': use NAME=FILE.npy or INDEX=FILE.npy, e.g. -i 0=FILE.npy (the model has 5 inputs)"
    )


def test_path_holding_equals_without_key_suggests_a_form_that_works(here):
    np.save(here / "a=1.npy", np.array([5, 6], np.float32))
    rest = [a for k in range(1, 5) for a in ("-i", f"{k}=v{k}.npy")]
    line = error_line(irexec(here, "run", "m.xml", "-i", "a=1.npy", *rest), 1)
    words = suggested(line, "e.g. ")
    assert words == ["-i", "0=a=1.npy"]
    np.testing.assert_array_equal(joined(here, "run", "m.xml", *words, *rest)[:2], [5, 6])
    write(here, concat_model(["only"]), stem="one")
    line = error_line(irexec(here, "run", "one.xml", "-i", "a=1.npy"), 1)
    words = suggested(line, "is given as ")
    assert words == ["-i", "=a=1.npy"]
    np.testing.assert_array_equal(joined(here, "run", "one.xml", *words), [5, 6])


# ---- every other error path ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args,code,message",
    [
        (["-i", '"x=1'], 2, '-i \'"x=1\': the quoted name has no closing quote (a quote inside a name is doubled: "")'),
        (
            ["-i", '"x"y.npy'],
            2,
            '-i \'"x"y.npy\': a quoted name is followed by =FILE.npy (a quote inside a name is doubled: "")',
        ),
        (["-i", "5=v0.npy"], 1, "-i '5=v0.npy': no input 5: the model has 5 inputs, indexed from 0"),
        (
            ["-i", "nope=v0.npy"],
            1,
            "-i 'nope=v0.npy': unknown input 'nope' (inputs by index: 0 '0', 1 '1', 2 'x=1', 3 'a,b', 4 '\"q\" r')",
        ),
        (
            ["-i", '"q" r=v0.npy'],
            2,
            '-i \'"q" r=v0.npy\': a quoted name is followed by =FILE.npy (a quote inside a name is doubled: "")',
        ),
        (
            ["-i", "2=v0.npy", "-i", '"x=1"=v1.npy'],
            2,
            "-i '\"x=1\"=v1.npy': input 'x=1' is given twice (also by -i '2=v0.npy')",
        ),
        (
            ["-i", "t3=v0.npy", "-i", "a,b=v1.npy"],
            2,
            "-i 'a,b=v1.npy': input 'a,b' is given twice (also by -i 't3=v0.npy')",
        ),
        (
            ["--random", "--shape", "2=3", "--shape", '"x=1"=4'],
            2,
            "--shape '\"x=1\"=4': input 'x=1' is given twice (also by --shape '2=3')",
        ),
        (
            ["--random", "--shape", "3"],
            2,
            "--shape '3': use NAME=D1,D2,... or INDEX=D1,D2,..., e.g. --shape 0=D1,D2,...",
        ),
        (
            ["--random", "--shape", "=3"],
            2,
            "--shape '=3': use NAME=D1,D2,... or INDEX=D1,D2,..., e.g. --shape 0=D1,D2,...",
        ),
        (["--random", "--shape", "9=3"], 1, "--shape '9=3': no input 9: the model has 5 inputs, indexed from 0"),
        (
            ["--random", "--shape", '"x=1'],
            2,
            '--shape \'"x=1\': the quoted name has no closing quote (a quote inside a name is doubled: "")',
        ),
        (
            ["--random", "--shape", '"x=1"3'],
            2,
            '--shape \'"x=1"3\': a quoted name is followed by =D1,D2,... (a quote inside a name is doubled: "")',
        ),
    ],
    ids=[
        "unclosed",
        "quote-then-no-equals",
        "index-out-of-range",
        "unknown-name",
        "quote-not-doubled",
        "twice-index-and-name",
        "twice-tensor-name",
        "shape-twice",
        "shape-no-key",
        "shape-empty-key",
        "shape-index-out-of-range",
        "shape-unclosed",
        "shape-quote-then-no-equals",
    ],
)
def test_error_paths(here, args, code, message):
    model = "dyn.xml" if "--shape" in args else "m.xml"
    assert error_line(irexec(here, "run", model, *args), code) == f"error: {message}"


def test_error_paths_in_steps_and_compare(here):
    line = error_line(irexec(here, "run", "m.xml", "-i", "7=v{step}.npy", "--steps", "2"), 1)
    assert line == "error: -i '7=v{step}.npy': no input 7: the model has 5 inputs, indexed from 0 (at step 0)"
    pytest.importorskip("openvino")
    line = error_line(irexec(here, "compare", "swap.xml", "-i", "1=v0.npy", "-i", '"1"=v1.npy'), 2)
    assert line.startswith("error: -i '1=v0.npy': 1 is both input 1's index and the name of input 0")
