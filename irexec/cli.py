"""The ``irexec`` command line. Every failure is one line on stderr and an exit status:
1 for a bad model or bad input, 2 for a wrong command line (click's usage errors too), 130 for
Ctrl-C and 128 + N for signal N (SIGTERM, SIGHUP); ``--debug``, anywhere on the line, shows
tracebacks. A command's module is imported when the command runs, not before: a new process pays
only for the command it runs (``irexec --help`` imports them all, for their one-line help)."""

from __future__ import annotations

import importlib
import os
import sys
import traceback

import click

from . import __version__
from .errors import IRExecError, capped, one_line

# name -> (module, attribute), in the order --help lists them.
_COMMANDS = {
    "run": ("irexec.commands.run", "run"),
    "lint": ("irexec.commands.lint", "lint"),
    "show": ("irexec.commands.show", "show"),
    "layer": ("irexec.commands.layer", "layer"),
    "compare": ("irexec.commands.compare", "compare_command"),
    "rules": ("irexec.commands.rules", "rules"),
    "generate": ("irexec.commands.generate", "generate"),
}


class _App(click.Group):
    """Turns every error into one line and an exit status, unless --debug; loads commands lazily."""

    def list_commands(self, ctx):
        return list(_COMMANDS)

    def get_command(self, ctx, name):
        where = _COMMANDS.get(name)
        if where is None:
            return None
        command = getattr(importlib.import_module(where[0]), where[1])
        command.name = name
        return command

    def invoke(self, ctx):
        debug = bool(ctx.params.get("debug"))
        try:
            return super().invoke(ctx)
        except IRExecError as e:
            if debug:
                traceback.print_exc()
            click.echo(f"error: {e}", err=True)
            ctx.exit(e.exit_code)
        except click.exceptions.Exit:
            raise
        except click.ClickException as e:
            raise _escaped(e)
        except BrokenPipeError:
            # A reader that stopped early (`| head`): nothing more can be shown; not an error of
            # the model's, but the output is incomplete, so 1. Later flushes go nowhere.
            _silence_stdout()
            ctx.exit(1)
        except KeyboardInterrupt as e:
            ctx.exit(128 + getattr(e, "signum", 2))  # (Ctrl-C: 130; SIGTERM 143, SIGHUP 129)
        except Exception as e:  # a bug in irexec: still one line, with the way to see more
            if debug:
                traceback.print_exc()
            missing = _missing_dependency(e)
            if missing:
                click.echo(f"error: {missing}", err=True)
            else:
                click.echo(
                    f"error: internal error: {type(e).__name__}: {capped(one_line(e))} "
                    f"(rerun with --debug for details)",
                    err=True,
                )
            ctx.exit(1)

    def make_context(self, *args, **kwargs):
        try:
            return super().make_context(*args, **kwargs)
        except click.ClickException as e:
            raise _escaped(e)

    def main(self, args=None, prog_name=None, **kwargs):
        """click's main, with its usage errors as one line: what is wrong, and where to look. (A
        caller that asks for ``standalone_mode=False`` gets click's own behaviour: exceptions.)"""
        if not kwargs.pop("standalone_mode", True):
            return super().main(args=args, prog_name=prog_name, standalone_mode=False, **kwargs)
        try:
            rv = super().main(args=args, prog_name=prog_name, standalone_mode=False, **kwargs)
        except click.UsageError as e:
            where = e.ctx.command_path if e.ctx is not None else prog_name or "irexec"
            click.echo(f"error: {capped(one_line(e.format_message()))} (see '{one_line(where)} --help')", err=True)
            sys.exit(e.exit_code)
        except click.ClickException as e:
            click.echo(f"error: {capped(one_line(e.format_message()))}", err=True)
            sys.exit(e.exit_code)
        except click.exceptions.Abort:
            click.echo("error: aborted", err=True)
            sys.exit(130)
        except BrokenPipeError:
            _silence_stdout()
            sys.exit(1)
        except ModuleNotFoundError as e:  # (--help imports every command's module to list them)
            missing = _missing_dependency(e)
            if not missing or "--debug" in (args or ()):
                raise
            click.echo(f"error: {missing}", err=True)
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)


# What pyproject.toml's dependencies install; a command imports those it needs when it runs.
_DEPENDENCIES = ("click", "lxml", "ml_dtypes", "networkx", "numpy")


def _missing_dependency(e: Exception):
    """The line for a dependency that is not installed, else None."""
    name = getattr(e, "name", None) if isinstance(e, ModuleNotFoundError) else None
    if name not in _DEPENDENCIES:  # (a part of one missing is a broken install: an internal error)
        return None
    return f"irexec needs {name!r}, which is not installed: run 'pip install {name}'"


def _escaped(e: click.ClickException) -> click.ClickException:
    # click quotes the offending value (a path, a choice) in its message: the same escaping rule.
    e.message = capped(one_line(e.message))
    if isinstance(e, click.FileError):
        e.ui_filename = one_line(e.ui_filename)
    return e


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's last flush of a broken pipe is quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


@click.group(cls=_App, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="irexec")
@click.option("--debug", is_flag=True, help="Show the full traceback on errors (anywhere on the line).")
def cli(debug):
    """Read, check and run OpenVINO IR (model.xml + model.bin) without the OpenVINO runtime."""


def main(argv=None):
    args = list(sys.argv[1:] if argv is None else argv)
    # --debug is the group's option, but users put it after the command too: move it in front.
    end = args.index("--") if "--" in args else len(args)
    if "--debug" in args[:end]:
        args = ["--debug"] + [a for a in args[:end] if a != "--debug"] + args[end:]
    cli.main(args=args, prog_name="irexec")


if __name__ == "__main__":
    main()
