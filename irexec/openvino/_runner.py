"""``python -m irexec.openvino PROGRAM.py [ARGS...]``: run a program written for ``openvino``,
unchanged, on irexec. For that process, ``import openvino`` and every ``openvino.*`` submodule
are irexec.openvino's (the same module objects: ``sys.modules["openvino"] is irexec.openvino``);
an installed OpenVINO is never imported. The program runs as ``python PROGRAM.py`` runs it: its
``sys.argv``, ``__name__ == "__main__"``, its folder first on ``sys.path``, its exit status, and
an uncaught exception's traceback (the runner's own frames left out) with status 1."""

from __future__ import annotations

import builtins
import importlib.util
import io
import os
import runpy
import sys

from ._aliases import install

USAGE = """\
usage: python -m irexec.openvino PROGRAM.py [ARGS...]
       python -m irexec.openvino -m MODULE [ARGS...]

Runs a Python program written for OpenVINO's Python API on irexec, unchanged: inside it,
`import openvino` (and openvino.runtime, openvino.properties, openvino.opset13, ...) is
irexec.openvino, so models run on irexec's NumPy interpreter. ARGS are the program's own
(its sys.argv[1:]); its exit status is the run's. An installed OpenVINO is not imported.
What irexec does not do (converting models from frameworks, graph passes) raises one
clear error when the program calls it.

options (before PROGRAM only):
  -m MODULE   run a module as `python -m MODULE` does
  -h, --help  show this message and exit
"""

PROG = "irexec.openvino"


def main(argv: list | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        (sys.stdout if args else sys.stderr).write(USAGE)
        return 0 if args else 2
    if args[0] == "-m" and len(args) < 2:
        sys.stderr.write(f"{PROG}: -m takes a module name\n{USAGE}")
        return 2
    if args[0].startswith("-") and args[0] != "-m":
        sys.stderr.write(f"{PROG}: unknown option {args[0]!r} (options come before PROGRAM)\n{USAGE}")
        return 2
    install("openvino", "irexec.openvino")
    runner = _module_runner(args[1], args[2:]) if args[0] == "-m" else _program_runner(args[0], args[1:])
    return runner if isinstance(runner, int) else _run(runner)


def _program_runner(path: str, args: list):
    """What runs the program file (or folder, or zip with a __main__.py) at ``path``; Python's
    status 2 when there is none."""
    if not os.path.exists(path):
        sys.stderr.write(
            f"{sys.executable}: can't open file {os.path.abspath(path)!r}: [Errno 2] No such file or directory\n"
        )
        return 2
    sys.argv = [path, *args]
    script = os.path.isfile(path) and not _is_zip(path)
    if _folder_first():
        if script:
            sys.path[0] = os.path.dirname(os.path.realpath(path))
        else:
            del sys.path[0]  # (a folder or a zip: runpy puts it first itself)
    return (lambda: _run_script(path)) if script else (lambda: runpy.run_path(path, run_name="__main__"))


def _run_script(path: str) -> None:
    """Run the file as Python runs a script: as a fresh ``__main__`` module whose ``__file__`` is
    the absolute path, ``sys.argv[0]`` left as it was given."""
    import importlib.machinery
    import types

    full = os.path.abspath(path)
    with io.open_code(full) as f:
        code = compile(f.read(), full, "exec", dont_inherit=True)
    main = types.ModuleType("__main__")
    main.__file__, main.__cached__, main.__builtins__ = full, None, builtins
    main.__loader__ = importlib.machinery.SourceFileLoader("__main__", full)
    sys.modules["__main__"] = main
    exec(code, main.__dict__)


def _module_runner(name: str, args: list):
    """What runs the module ``name`` as ``python -m`` does; Python's status 1 when it is not found."""
    try:
        found = importlib.util.find_spec(name)
    except (ImportError, ValueError) as e:
        found, why = None, e
    else:
        why = f"No module named {name}"
    if found is None:
        sys.stderr.write(f"{sys.executable}: {why}\n")
        return 1
    sys.argv = [name, *args]  # (runpy puts the module's file first, as `python -m` does)
    return lambda: runpy.run_module(name, run_name="__main__", alter_sys=True)


def _folder_first() -> bool:
    """Whether sys.path starts with the current folder, as ``python -m irexec.openvino`` put it
    there (not with -P or -I): it then becomes the program's folder, as ``python PROGRAM.py``
    puts it; ``-m MODULE`` keeps it, as ``python -m MODULE`` does."""
    return not sys.flags.safe_path and bool(sys.path) and sys.path[0] in ("", os.getcwd())


def _is_zip(path: str) -> bool:
    import zipfile

    return zipfile.is_zipfile(path)


def _run(runner) -> int:
    try:
        runner()
    except (SystemExit, KeyboardInterrupt):
        raise  # (the program's exit status; Ctrl-C as Python ends on it)
    except BaseException as e:
        tb = _program_frames(e.__traceback__)
        sys.excepthook(type(e), e.with_traceback(tb), tb)  # (Python prints the exception's own)
        return 1
    return 0


# The frames of the runner and of runpy, which `python PROGRAM.py` would not show.
_OWN = {__file__, runpy.run_path.__code__.co_filename}


def _program_frames(tb):
    while tb is not None and tb.tb_frame.f_code.co_filename in _OWN:
        tb = tb.tb_next
    return tb
