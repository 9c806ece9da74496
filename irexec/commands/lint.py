"""``irexec lint``: check models and report every problem, as linters do (text, JSON, SARIF)."""
from __future__ import annotations

import json
import os

import click

from .. import __version__
from ..errors import UsageError
from ..findings import RULES, has_errors
from ..lint import check, models_at

@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["text", "json", "sarif"]), default="text",
              show_default=True, help="How to print the findings.")
@click.option("-w", "--weights", type=click.Path(dir_okay=False),
              help="The .bin, for a single model whose weights are not beside it.")
@click.option("--select", metavar="CODES", help="Report only these rules (comma-separated codes or "
                                                 "prefixes, e.g. S,C004).")
@click.option("--ignore", metavar="CODES", help="Leave out these rules (codes or prefixes).")
@click.option("--strict", is_flag=True, help="Exit 1 on warnings too.")
def lint(paths, fmt, weights, select, ignore, strict):
    """Check the models at PATHS (.xml files, or folders searched for *.xml) and report what is
    wrong, where: file, line, layer and port, under a rule code (see docs/rules.md).

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
    for path in files:
        findings.extend(f for f in check(path, weights).findings
                        if (not chosen or f.code.startswith(chosen)) and not (dropped and f.code.startswith(dropped)))
    if fmt == "json":
        click.echo(json.dumps([f.to_dict() for f in findings], indent=2))
    elif fmt == "sarif":
        click.echo(json.dumps(sarif(findings), indent=2))
    else:
        for f in findings:
            click.echo(str(f))
        errors = sum(f.is_error for f in findings)
        warnings = len(findings) - errors
        click.echo(f"{checked} model{'s' if checked != 1 else ''} checked: {errors} error{'s' if errors != 1 else ''}, "
                   f"{warnings} warning{'s' if warnings != 1 else ''}", err=True)
    if has_errors(findings) or (strict and findings):
        raise click.exceptions.Exit(1)


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
    rules = [{"id": r.code, "name": r.code, "shortDescription": {"text": r.title},
              "defaultConfiguration": {"level": r.severity}} for r in RULES.values()]
    index = {r.code: i for i, r in enumerate(RULES.values())}
    results = []
    for f in findings:
        location = {"physicalLocation": {
            "artifactLocation": {"uri": _uri(f.file)},
            "region": {"startLine": f.line or 1, **({"startColumn": f.column} if f.column else {})}}}
        if f.layer_id is not None:
            location["logicalLocations"] = [{"name": f.layer_name, "fullyQualifiedName": f"layer {f.layer_id}",
                                             "kind": "object"}]
        results.append({"ruleId": f.code, "ruleIndex": index[f.code], "level": f.severity,
                        "message": {"text": f.description}, "locations": [location]})
    return {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
            "runs": [{"tool": {"driver": {"name": "irexec", "version": __version__, "rules": rules}},
                      "results": results}]}


def _uri(path) -> str:
    # Relative paths with forward slashes: code scanning resolves them against the repository root.
    if not path:
        return ""
    rel = os.path.relpath(path) if os.path.isabs(path) else path
    return rel.replace(os.sep, "/")
