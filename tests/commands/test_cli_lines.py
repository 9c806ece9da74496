"""The command line's own failures fit the one-line rule: click's usage errors, --debug wherever it
is written, a reader that closes the pipe early, and a checkout run without its dependencies."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KV = os.path.join(ROOT, "models", "kv_cache_update.xml")


def irexec(*args, **kw):
    return subprocess.run(
        [sys.executable, "-m", "irexec", *args], capture_output=True, text=True, cwd=ROOT, timeout=120, **kw
    )


@pytest.mark.parametrize(
    "args, message",
    [
        (["run", KV, "--bogus"], "error: No such option '--bogus'. (Did you mean one of: "),
        (["bogus"], "error: No such command 'bogus'. (see 'irexec --help')"),
        (["run"], "error: Missing argument 'MODEL'. (see 'irexec run --help')"),
        (["lint", KV, "--format", "xml"], "error: Invalid value for '--format': 'xml' is not one of 'text', 'json', "),
        (
            ["run", KV, "--repeat", "0"],
            "error: Invalid value for '--repeat': 0 is not in the range x>=1. (see 'irexec run --help')",
        ),
    ],
)
def test_usage_errors_are_one_line_with_where_to_look_and_exit_2(args, message):
    r = irexec(*args)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith(message) and r.stderr.count("\n") == 1, r.stderr


def test_debug_may_follow_the_command():
    plain = irexec("run", "nowhere.xml", "--random")
    assert plain.returncode == 1 and "Traceback" not in plain.stderr
    for args in (
        ["--debug", "run", "nowhere.xml", "--random"],
        ["run", "nowhere.xml", "--debug", "--random"],
        ["run", "nowhere.xml", "--random", "--debug"],
    ):
        r = irexec(*args)
        assert r.returncode == 1 and "Traceback" in r.stderr and r.stderr.rstrip().endswith(plain.stderr.rstrip()), args


def test_a_closed_pipe_is_exit_1_and_says_nothing():
    read, write = os.pipe()
    os.close(read)  # (the reader is gone before irexec writes: its first write fails with EPIPE)
    try:
        r = subprocess.run(
            [sys.executable, "-m", "irexec", "rules"], stdout=write, stderr=subprocess.PIPE, cwd=ROOT, timeout=120
        )
    finally:
        os.close(write)
    assert r.returncode == 1 and r.stderr == b""


def test_the_checkout_script_without_a_dependency_says_what_to_install():
    code = (
        "import runpy, sys; sys.modules['click'] = None; sys.argv = ['cli.py', '--help']; "
        "runpy.run_path('cli.py', run_name='__main__')"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr.startswith("error: irexec needs 'click', which is not installed: run 'pip install -e .'")
    assert r.stderr.count("\n") == 1


def test_the_checkout_script_runs_irexec():
    r = subprocess.run([sys.executable, "cli.py", "rules"], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0 and r.stdout.startswith("X001  error")
