"""The ``irexec`` command line. Every failure is one line on stderr and an exit status:
1 for a bad model or bad input, 2 for a wrong command line; ``--debug`` shows tracebacks."""
from __future__ import annotations

import sys
import traceback

import click

from . import __version__
from .errors import IRExecError
from .commands.lint import lint
from .commands.run import run
from .commands.layer import layer
from .commands.show import show


class _App(click.Group):
    """Turns every error into one line and an exit status, unless --debug."""

    def invoke(self, ctx):
        debug = "--debug" in sys.argv[1:]
        try:
            return super().invoke(ctx)
        except IRExecError as e:
            if debug:
                traceback.print_exc()
            click.echo(f"error: {e}", err=True)
            ctx.exit(e.exit_code)
        except click.exceptions.Exit:
            raise
        except click.ClickException:
            raise
        except (KeyboardInterrupt, BrokenPipeError):
            ctx.exit(130)
        except Exception as e:  # a bug in irexec: still one line, with the way to see more
            if debug:
                traceback.print_exc()
            click.echo(f"error: internal error: {type(e).__name__}: {e} (rerun with --debug for details)",
                       err=True)
            ctx.exit(1)


@click.group(cls=_App, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="irexec")
@click.option("--debug", is_flag=True, help="Show the full traceback on errors.")
def cli(debug):
    """Read, check and run OpenVINO IR (model.xml + model.bin) without the OpenVINO runtime."""


cli.add_command(lint)
cli.add_command(run)
cli.add_command(layer)
cli.add_command(show)


def main(argv=None):
    cli.main(args=argv, prog_name="irexec")


if __name__ == "__main__":
    main()
