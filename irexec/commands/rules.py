"""``irexec rules [CODE]``: the lint rules, or one rule's page (what it checks, a broken example and
what ``irexec lint`` says of it), from the pages installed with irexec."""

from __future__ import annotations

import click

from ..check.findings import RULES
from ..check.rulebook import page
from ..errors import UsageError, terminal_text


@click.command()
@click.argument("code", required=False)
def rules(code):
    """List the lint rules, or print the page of rule CODE (e.g. S001).

    \b
    Examples:
      irexec rules
      irexec rules S001
    """
    if code is None:
        width = max(len(r.severity) for r in RULES.values())
        for r in RULES.values():
            click.echo(f"{r.code}  {r.severity.ljust(width)}  {r.title}")
        return
    key = code.strip().upper()
    if key not in RULES:
        raise UsageError(f"no rule {terminal_text(code)!r}: the codes are {', '.join(RULES)}")
    click.echo(terminal_text(page(key)).rstrip("\n"))
