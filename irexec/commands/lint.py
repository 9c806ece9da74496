"""``irexec lint``: check models and report every problem, as linters do (text, JSON, SARIF)."""

from __future__ import annotations

import json
import os
import pathlib
import sys
from urllib.parse import quote

import click

from .. import __version__
from ..check.findings import RULES, has_errors
from ..check.lint import check, models_at
from ..check.rulebook import page, rules_page_path
from ..errors import UsageError, one_line


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "sarif"]),
    default="text",
    show_default=True,
    help="How to print the findings.",
)
@click.option(
    "-w",
    "--weights",
    type=click.Path(dir_okay=False),
    help="The .bin, for a single model whose weights are not beside it.",
)
@click.option(
    "--select", metavar="CODES", help="Report only these rules (comma-separated codes or prefixes, e.g. S,C004)."
)
@click.option("--ignore", metavar="CODES", help="Leave out these rules (codes or prefixes).")
@click.option("--strict", is_flag=True, help="Exit 1 on warnings too.")
@click.option(
    "--exit-zero", is_flag=True, help="Exit 0 even when there are errors (the findings are printed all the same)."
)
@click.option("--statistics", is_flag=True, help="Instead of each finding, count them per rule.")
@click.option(
    "--color",
    "color",
    type=click.Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help="Colour the text on a terminal (auto: when stdout is one and NO_COLOR is not set).",
)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    metavar="N",
    help="Check the files on N worker processes (a local Dask cluster when Dask is installed).",
)
def lint(paths, fmt, weights, select, ignore, strict, exit_zero, statistics, color, jobs):
    """Check the models at PATHS (.xml files, or folders searched for *.xml) and report what is
    wrong, where: file, line, layer and port, under a rule code (`irexec rules CODE` explains one).

    \b
    Exit status: 0 no errors (warnings allowed, unless --strict), 1 errors, 2 usage.
    A file that cannot be read is an error finding for that file; the others are still checked.
    In folders, XML files whose root element is not <net> are skipped.

    \b
    Examples:
      irexec lint models/
      irexec lint model.xml --format sarif > lint.sarif
    """
    files = models_at(paths)
    if weights and len(files) != 1:
        raise UsageError("--weights needs exactly one model")
    chosen = _codes(select, "--select")
    dropped = _codes(ignore, "--ignore")
    findings, checked = [], len(files)
    if jobs > 1 and len(files) > 1:
        from ..batch.lint_jobs import check_all

        per_file = check_all(files, weights, jobs)
    else:
        per_file = (check(path, weights).findings for path in files)
    for found in per_file:
        findings.extend(
            f
            for f in found
            if (not chosen or f.code.startswith(chosen)) and not (dropped and f.code.startswith(dropped))
        )
    if statistics and fmt == "text":
        for line in statistics_lines(findings):
            click.echo(line)
        _summary(checked, findings)
    elif fmt == "json":
        click.echo(json.dumps([f.to_dict() for f in findings], indent=2))
    elif fmt == "sarif":
        click.echo(json.dumps(sarif(findings), indent=2))
    else:
        paint = _painter(color)
        for f in findings:
            click.echo(paint(f), color=paint is not str)  # (click strips colour off a terminal unless told)
        _summary(checked, findings)
    if (has_errors(findings) or (strict and findings)) and not exit_zero:
        raise click.exceptions.Exit(1)


def _summary(checked: int, findings: list) -> None:
    errors = sum(f.is_error for f in findings)
    warnings = len(findings) - errors
    click.echo(
        f"{checked} model{'s' if checked != 1 else ''} checked: {errors} error{'s' if errors != 1 else ''}, "
        f"{warnings} warning{'s' if warnings != 1 else ''}",
        err=True,
    )


def statistics_lines(findings: list) -> list:
    """``--statistics``: per rule, how many findings, most first (ties by code), as ruff counts."""
    counts = {}
    for f in findings:
        counts[f.code] = counts.get(f.code, 0) + 1
    width = max((len(str(n)) for n in counts.values()), default=1)
    return [
        f"{n:>{width}}  {code}  {RULES[code].severity:<7}  {RULES[code].title}"
        for code, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    ]


_COLOURS = {"error": "\x1b[1;31m", "warning": "\x1b[1;33m"}


def _painter(choice: str):
    """How a finding's line is written: plain, or with its location bold and its code coloured by
    severity (only irexec's own text is coloured; the line is escaped first)."""
    on = choice == "always" or (choice == "auto" and not os.environ.get("NO_COLOR") and _isatty())
    if not on:
        return str

    def paint(f) -> str:
        text = str(f)
        head = f"{f.file or '<string>'}:{f.line or 1}:{f.column or 1}: {f.code} "
        plain_head = one_line(head)
        if not text.startswith(plain_head):
            return text
        where, code = plain_head[: -len(f.code) - 3], f.code
        return f"\x1b[1m{where}\x1b[0m: {_COLOURS.get(f.severity, '')}{code}\x1b[0m " + text[len(plain_head) :]

    return paint


def _isatty() -> bool:
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def _codes(text, option: str) -> tuple:
    if not text:
        return ()
    codes = tuple(c.strip().upper() for c in text.split(",") if c.strip())
    for c in codes:
        if not any(code.startswith(c) for code in RULES):
            raise UsageError(f"{option}: no rule code starts with '{c}' (codes: {', '.join(RULES)})")
    return codes


def sarif(findings: list) -> dict:
    """SARIF 2.1.0, as code-scanning services take it: one run, the rule table, a result each."""
    # (The rules' page installed with irexec, as a file URI: there is no page on the web to point at.)
    where = rules_page_path()
    pages_uri = pathlib.Path(where).resolve().as_uri() if where else None
    rules = [
        {
            "id": r.code,
            "name": r.code,
            "shortDescription": {"text": r.title},
            "fullDescription": {"text": r.title},
            "help": {"text": f"{r.code}: {r.title} (irexec rules {r.code})", "markdown": page(r.code)},
            **({"helpUri": f"{pages_uri}#{r.code.lower()}"} if pages_uri else {}),
            "defaultConfiguration": {"level": r.severity},
        }
        for r in RULES.values()
    ]
    index = {r.code: i for i, r in enumerate(RULES.values())}
    results = []
    for f in findings:
        location = {
            "physicalLocation": {
                "artifactLocation": {"uri": _uri(f.file)},
                "region": {"startLine": f.line or 1, **({"startColumn": f.column} if f.column else {})},
            }
        }
        if f.layer_id is not None:
            location["logicalLocations"] = [
                {"name": f.layer_name, "fullyQualifiedName": f"layer {f.layer_id}", "kind": "object"}
            ]
        results.append(
            {
                "ruleId": f.code,
                "ruleIndex": index[f.code],
                "level": f.severity,
                "message": {"text": f.description},
                "locations": [location],
            }
        )
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{"tool": {"driver": {"name": "irexec", "version": __version__, "rules": rules}}, "results": results}],
    }


def _uri(path) -> str:
    # Relative paths with forward slashes: code scanning resolves them against the repository root.
    # A URI reference (RFC 3986): every byte of the file name's own bytes (as the OS gives them, so
    # an undecodable name survives) other than unreserved characters and '/' is percent-encoded
    # -- spaces, '#', '%', '?', ':' (which would read as a scheme), non-ASCII as UTF-8.
    if not path:
        return ""
    rel = os.path.relpath(path) if os.path.isabs(path) else path
    return quote(os.fsencode(rel.replace(os.sep, "/")), safe="/")
