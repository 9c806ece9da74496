"""The shape-validation linter: every check irexec makes, on files and folders, as findings.

One pass per model: the reader (structure, ops and their attributes, constants) with the XML
schema (schemas/ir.xsd) checking what it reads, then the inference checks (irexec.check.graph_checks), then
the variables (each Assign against its ReadValue's declaration). ``read_model`` runs the same
checks but the schema's (irexec.check.reading) and refuses a model with errors (the warnings are
looked for only then); the linter reports them all instead of stopping at one.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from lxml import etree

from ..errors import IRExecError
from ..files import is_regular, open_regular
from ..graph import gc_paused
from ..ir.plain_ir import plain_graph
from ..ir.reader import default_weights_path, read_bytes
from ..ir.safexml import parse_events, prepare_xml, syntax_error
from ..ir.schema_pass import SchemaSlices
from ..ir.stream import build_graph
from .graph_checks import check_graph
from .locations import with_columns
from .outputs import check_output_names
from .report import Report, findings_of
from .variables import check_variables


def check(path, weights=None) -> Report:
    """Check one model file. Never raises for a bad model: every problem is a finding."""
    with gc_paused():
        return _check(path, weights)


def _check(path, weights) -> Report:
    path = os.fspath(path)
    weights = os.fspath(weights) if weights is not None else default_weights_path(path)
    report = Report(path)
    problems: list[IRExecError] = []
    data = b""
    try:
        data = prepare_xml(read_bytes(path), path)
        report.graph = plain_graph(data, path, weights, problems, lambda found: SchemaSlices(path, found))
        if report.graph is None:  # (not a plain IR: read the general way)
            events = parse_events(data)
            try:
                report.graph = build_graph(events, path, weights, problems, SchemaSlices(path, problems))
            except etree.XMLSyntaxError as e:
                problems.clear()  # (what was found before it: the file is not XML, and that is the finding)
                raise syntax_error(e, data, path) from None
        report.facts = check_graph(report.graph, problems)
        check_variables(report.graph, report.facts, problems)
        check_output_names(report.graph, problems)
    except IRExecError as e:
        problems.append(e.located(file=path, code="X002"))
    report.findings, report.problems = with_columns(findings_of(problems), data), problems
    return report


# Peeking at a root element: no DTD, no entities, no network, as for reading.
_PEEK = dict(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)


def _is_ir(path: str) -> bool:
    """Whether a file found in a folder is meant to be an IR: its root element is <net>."""
    if not is_regular(path):
        return True  # (a FIFO or a device: the check reports it, never reading it)
    try:
        with open_regular(path) as f:
            for _, el in etree.iterparse(f, events=("start",), **_PEEK):
                return el.tag == "net"
    except (etree.XMLSyntaxError, OSError):
        return True  # broken: let the check say how
    return True


def models_at(paths: Iterable) -> list:
    """The model files to check: files as given (always), and in folders every ``*.xml`` whose
    root element is <net> (other XML files in a model folder are left alone). An ``*.xml`` that
    is not a regular file (a FIFO, a link to a device) is listed unread: checking it reports
    it (X001) rather than wait on it. Names are kept as the file system gives them (undecodable
    bytes as surrogates, shown escaped)."""
    out = []
    for p in paths:
        p = os.fspath(p)
        if not os.path.isdir(p):
            out.append(p)
            continue
        for dirpath, dirnames, filenames in os.walk(p):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            out.extend(
                f for f in (os.path.join(dirpath, n) for n in sorted(filenames) if n.endswith(".xml")) if _is_ir(f)
            )
    return out


def lint(*paths, weights=None) -> list:
    """Every finding for the models at ``paths`` (files, or folders searched for ``*.xml``).
    ``weights``: the .bin, for a single model whose weights are not beside it."""
    found = []
    for path in models_at(paths):
        with gc_paused():
            # Only the findings are kept: the graph is let go (and freed, having no cycles) before
            # the collector runs again, which would otherwise walk all of it once more.
            found += _check(path, weights).findings
    return found
