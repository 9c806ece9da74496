"""Special files: `irexec lint DIR` never opens a FIFO or a device it finds there (it reports them),
survives file names that are not UTF-8, and `-o` (and `show`'s outputs) write through links, into
FIFOs and devices, or to stdout ('-'), never replacing any of them with a regular file. Every
command that could hang runs in a subprocess under a timeout."""

import io
import os
import socket
import stat
import subprocess
import sys
import threading

import numpy as np
import pytest

from helpers.irtext import add_model, write

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
X = np.zeros((2, 3), np.float32)


def irexec(*args, timeout=60, stdin=subprocess.DEVNULL, **kw):
    """The CLI in a new process (stdin: a pipe nobody writes to, when the test says so)."""
    return subprocess.run(
        [sys.executable, "-m", "irexec", *map(os.fsdecode, args)],
        capture_output=True,
        timeout=timeout,
        stdin=stdin,
        cwd=ROOT,
        **kw,
    )


@pytest.fixture
def add(tmp_path):
    path = write(tmp_path, add_model(), stem="add")
    np.savez(tmp_path / "in.npz", x=X, y=X + 1)
    return path


def run_o(add, tmp_path, target, **kw):
    return irexec("run", add, "-i", tmp_path / "in.npz", "-o", target, **kw)


def test_lint_dir_reports_fifos_and_device_links_without_opening_them(tmp_path):
    d = tmp_path / "models"
    d.mkdir()
    write(d, add_model(), stem="good")
    os.mkfifo(d / "pipe.xml")
    os.symlink("/dev/stdin", d / "stdin.xml")
    os.mkfifo(d / "other")  # (not *.xml: not a model, left alone)
    # stdin: a pipe no one writes to or closes, so reading it would hang until the timeout.
    proc = subprocess.Popen(
        [sys.executable, "-m", "irexec", "lint", str(d)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    try:
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 1, err
    assert out.decode().splitlines() == [
        f"{d}/pipe.xml:1:1: X001 not a regular file",
        f"{d}/stdin.xml:1:1: X001 not a regular file",
    ]
    assert err.decode().strip() == "3 models checked: 2 errors, 0 warnings"


def test_lint_dir_with_a_file_name_that_is_not_utf8(tmp_path):
    d = tmp_path / "models"
    d.mkdir()
    write(d, add_model(), stem="good")
    bad = os.fsencode(d) + b"/br\xffoken\x1b[2J.xml"
    with open(bad, "wb") as f:
        f.write(b'<net name="x" version="11"><layers><layer id="0"')
    r = irexec("lint", d)
    assert r.returncode == 1, r.stderr
    lines = r.stdout.decode("ascii").splitlines()  # (escaped: plain ASCII)
    assert lines == [
        f"{d}/br\\udcffoken\\x1b[2J.xml:1:1: X002 not well-formed XML at column 49: attributes construct error"
    ]
    assert r.stderr.decode().strip() == "2 models checked: 1 error, 0 warnings"
    r = irexec("lint", d, "--format", "json")
    assert r.returncode == 1 and b"internal error" not in r.stderr


def test_lint_of_a_fifo_named_on_the_command_line(tmp_path):
    os.mkfifo(tmp_path / "m.xml")
    r = irexec("lint", tmp_path / "m.xml")
    assert r.returncode == 1 and r.stdout.decode().strip() == f"{tmp_path}/m.xml:1:1: X001 not a regular file"


def test_o_writes_through_a_symlink_replacing_its_target(add, tmp_path):
    (tmp_path / "sub").mkdir()
    target = tmp_path / "sub" / "real.npz"
    target.write_bytes(b"old")
    os.chmod(target, 0o640)
    link = tmp_path / "link.npz"
    os.symlink(target, link)
    r = run_o(add, tmp_path, link)
    assert r.returncode == 0, r.stderr
    assert os.path.islink(link) and os.readlink(link) == str(target)
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o640  # (the file's mode kept)
    with np.load(target) as z:
        np.testing.assert_array_equal(z["z"], X + X + 1)
    assert sorted(os.listdir(tmp_path / "sub")) == ["real.npz"]  # (no temporary left)


def test_o_through_a_dangling_symlink_makes_the_file_it_names(add, tmp_path):
    link = tmp_path / "link.npz"
    os.symlink(tmp_path / "new.npz", link)
    assert run_o(add, tmp_path, link).returncode == 0
    assert os.path.islink(link) and np.load(tmp_path / "new.npz")["z"].shape == (2, 3)


def test_o_streams_into_a_fifo_that_is_read(add, tmp_path):
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    got = {}

    def reader():
        with open(fifo, "rb") as f:
            got["data"] = f.read()

    t = threading.Thread(target=reader, daemon=True)
    t.start()
    r = run_o(add, tmp_path, fifo)
    t.join(30)
    assert r.returncode == 0, r.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    with np.load(io.BytesIO(got["data"])) as z:
        np.testing.assert_array_equal(z["z"], X + X + 1)


def test_o_into_a_fifo_nobody_reads_is_refused_not_waited_on(add, tmp_path):
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    r = run_o(add, tmp_path, fifo)
    assert r.returncode == 1
    assert r.stderr.decode().strip() == f"error: cannot write '{fifo}': it is a FIFO that no process is reading"
    assert stat.S_ISFIFO(os.stat(fifo).st_mode) and sorted(os.listdir(tmp_path)) == ["add.xml", "in.npz", "out.fifo"]


def test_o_into_a_character_device(add, tmp_path):
    r = run_o(add, tmp_path, "/dev/null")
    assert r.returncode == 0, r.stderr
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_o_dash_is_stdout(add, tmp_path):
    r = run_o(add, tmp_path, "-")
    assert r.returncode == 0, r.stderr
    with np.load(io.BytesIO(r.stdout)) as z:
        np.testing.assert_array_equal(z["z"], X + X + 1)
    assert r.stderr.decode().strip() == "wrote 1 output(s) to -"


def test_o_dash_into_a_pipe_and_into_dev_null(add, tmp_path):
    # A pipe cannot seek, /dev/null seems to but stays at 0: both are streamed.
    with open(os.devnull, "wb") as null:
        r = subprocess.run(
            [sys.executable, "-m", "irexec", "run", add, "-i", str(tmp_path / "in.npz"), "-o", "-"],
            stdout=null,
            stderr=subprocess.PIPE,
            timeout=60,
            cwd=ROOT,
        )
    assert r.returncode == 0, r.stderr
    proc = subprocess.Popen(
        [sys.executable, "-m", "irexec", "run", add, "-i", str(tmp_path / "in.npz"), "-o", "-"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
    )
    data = proc.stdout.read()
    assert proc.wait(60) == 0 and np.load(io.BytesIO(data))["z"].shape == (2, 3)


@pytest.mark.parametrize("kind", ["directory", "socket"])
def test_o_refuses_what_cannot_take_a_file(add, tmp_path, kind):
    target = tmp_path / "target"
    if kind == "directory":
        target.mkdir()
        sock = None
    else:
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(target))
    try:
        r = run_o(add, tmp_path, target)
    finally:
        if sock is not None:
            sock.close()
    assert r.returncode == 2
    if kind == "directory":  # (click's own check of -o comes first)
        assert f"'{target}' is a directory" in r.stderr.decode()
    else:
        assert r.stderr.decode().strip() == f"error: cannot write '{target}': it is a {kind}"


def test_show_writes_through_a_symlink_and_into_a_fifo(add, tmp_path):
    target = tmp_path / "graph.dot"
    target.write_text("old")
    link = tmp_path / "link.dot"
    os.symlink(target, link)
    r = irexec("show", add, "--dot", link)
    assert r.returncode == 0, r.stderr
    assert os.path.islink(link) and target.read_text().startswith("digraph")
    fifo = tmp_path / "graph.fifo"
    os.mkfifo(fifo)
    got = {}
    t = threading.Thread(target=lambda: got.setdefault("text", open(fifo).read()), daemon=True)
    t.start()
    r = irexec("show", add, "--dot", fifo)
    t.join(30)
    assert r.returncode == 0, r.stderr
    assert got["text"].startswith("digraph") and stat.S_ISFIFO(os.stat(fifo).st_mode)
