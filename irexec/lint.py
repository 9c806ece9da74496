"""The shape-validation linter: every check irexec makes, on files and folders, as findings.

One pass per model: the XML schema (schemas/ir.xsd), then the reader (structure, ops and their
attributes, constants), then the inference checks (irexec.check), then the variables (each
Assign against its ReadValue's declaration). ``read_model`` runs the same pass and refuses a
model with errors; the linter reports them all instead of stopping at one.
"""
from __future__ import annotations

import bisect
import os
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Optional

from lxml import etree

from .check import check_graph
from .errors import IRExecError, ParseError, ValidationError
from .findings import Finding, has_errors
from .graph import Graph, gc_paused
from .layer_xml import BODY_TAGS
from .reader import build_graph, default_weights_path, parse_graph, read_bytes
from .safexml import parser, prepare_xml, syntax_message
from .shapes import compatible, fmt

_HERE = os.path.dirname(os.path.abspath(__file__))


def schema_path() -> str:
    """schemas/ir.xsd: installed inside the package, or beside it in a checkout."""
    for candidate in (os.path.join(_HERE, "schemas", "ir.xsd"), os.path.join(_HERE, "..", "schemas", "ir.xsd")):
        if os.path.isfile(candidate):
            return os.path.normpath(candidate)
    raise FileNotFoundError("schemas/ir.xsd is missing from this installation of irexec")


@lru_cache(maxsize=1)
def schema() -> etree.XMLSchema:
    return etree.XMLSchema(etree.parse(schema_path(), parser()))


@dataclass
class Report:
    """What checking one model found: ``graph`` (None when the file could not be read at all),
    ``findings`` in file order, and ``facts``: (layer id, output index) -> the inferred Fact."""
    path: str
    graph: Optional[Graph] = None
    findings: list = field(default_factory=list)
    facts: dict = field(default_factory=dict)

    problems: list = field(default_factory=list)   # the errors behind the findings, as the checks found them

    @property
    def errors(self) -> list:
        return [f for f in self.findings if f.is_error]


def check(path, weights=None) -> Report:
    """Check one model file. Never raises for a bad model: every problem is a finding."""
    with gc_paused():
        return _check(path, weights)


def _check(path, weights) -> Report:
    path = os.fspath(path)
    weights = os.fspath(weights) if weights is not None else default_weights_path(path)
    report = Report(path)
    problems = []
    try:
        data = prepare_xml(read_bytes(path), path)
        try:
            root = etree.fromstring(data, parser())
        except etree.XMLSyntaxError as e:
            raise ParseError(syntax_message(e), file=path, line=e.position[0] if e.position else None,
                             code="X002") from None
        if root.tag == "net":  # (any other root is not an IR: rule X004 says so)
            problems.extend(_in_layers(_schema_problems(root, path), root))
        report.graph = build_graph(etree.iterwalk(root, events=("start", "end")), path, weights, problems)
        report.facts = check_graph(report.graph, problems)
        check_variables(report.graph, report.facts, problems)
    except IRExecError as e:
        problems.append(e.located(file=path, code="X002"))
    report.findings, report.problems = _findings(problems), problems
    return report


def check_stream(data: bytes, path: Optional[str], weights: Optional[str]) -> Report:
    """The same checks but the schema's, streaming the XML (memory follows the graph, not the
    text), for ``read_model``: the reader checks the structure it relies on. Problems that leave
    nothing to read are raised."""
    problems = []
    with gc_paused():
        graph = parse_graph(data, path, weights, problems)
        report = Report(path or "", graph)
        report.facts = check_graph(graph, problems)
        check_variables(graph, report.facts, problems)
    report.findings, report.problems = _findings(problems), problems
    return report


def check_variables(graph: Graph, facts: dict, problems: list) -> None:
    """The variables of a graph: each declared alike by its ReadValues (its declaration is their
    output: V001), and an Assign's value of the declared type and of a shape that can fit (S005).
    A variable no Assign writes, one no ReadValue reads (its Assign has no declaration to be held
    to), or one two Assigns write (the last in the order wins) is a warning (V002). An Assign is
    a sink, run for its effect: the warning that its output is unused (G009) is dropped."""
    sinks = {lid for lid, layer in graph.layers.items() if getattr(layer.op, "sink", False)}
    if sinks:
        problems[:] = [p for p in problems if not (p.code == "G009" and p.layer_id in sinks)]
    readers, writers = {}, {}
    for lid, layer in graph.layers.items():
        if layer.op is not None and layer.type in ("ReadValue", "Assign"):
            (readers if layer.type == "ReadValue" else writers).setdefault(layer.op.variable_id, []).append(layer)
    for vid, layers in readers.items():
        first = layers[0]
        declared = facts.get((first.id, 0))
        for other in layers[1:]:
            fact = facts.get((other.id, 0))
            if declared is not None and fact is not None and (
                    (declared.etype and fact.etype and declared.etype.name != fact.etype.name)
                    or not compatible(declared.shape, fact.shape)):
                problems.append(ValidationError(
                    f"ReadValue declares variable '{vid}' as {fact.etype} {fmt(fact.shape)}, but ReadValue "
                    f"'{first.name}' (id {first.id}) declares it {declared.etype} {fmt(declared.shape)}",
                    code="V001", file=graph.path, **other.where()))
        if vid not in writers:
            problems.append(ValidationError(f"no Assign writes variable '{vid}': ReadValue always gives its "
                                            f"initial value", code="V002", file=graph.path, **first.where()))
    for vid, layers in writers.items():
        for other in layers[1:]:
            problems.append(ValidationError(f"variable '{vid}' is also assigned by Assign '{layers[0].name}' (id "
                                            f"{layers[0].id}): the spec expects one Assign per variable",
                                            code="V002",
                                            file=graph.path, **other.where()))
        reader = readers.get(vid, [None])[0]
        for layer in layers:
            where = dict(file=graph.path, **layer.where())
            if reader is None:
                problems.append(ValidationError(f"no ReadValue reads variable '{vid}': what the Assign stores is "
                                                f"never read", code="V002", **where))
                continue
            declared = facts.get((reader.id, 0))
            src = graph.producers(layer.id).get(0)
            value = facts.get(src) if src is not None else None
            if declared is None or value is None:
                continue
            said = f"variable '{vid}' is {declared.etype} {fmt(declared.shape)} (ReadValue '{reader.name}', " \
                   f"id {reader.id})"
            port = layer.inputs[0].id
            if declared.etype is not None and value.etype is not None and declared.etype.name != value.etype.name:
                problems.append(ValidationError(f"Assign's new_value is {value.etype}, but {said}", port=port,
                                                code="S005", **where))
            elif not compatible(declared.shape, value.shape):
                problems.append(ValidationError(f"Assign's new_value is {fmt(value.shape)}, but {said}", port=port,
                                                code="S005", **where))


def _schema_problems(root, path: str) -> list:
    xsd = schema()
    if xsd.validate(root):
        return []
    out = []
    for entry in xsd.error_log:
        message = " ".join(entry.message.split())
        out.append(ParseError(f"schema: {message}", file=path, line=entry.line or None, code="X003"))
    return out


def _in_layers(problems: list, root) -> list:
    """Name the layer each problem's line falls in (the schema knows lines, not layers): the
    innermost, by its path when it is inside a body."""
    layers = root.find("layers")
    if layers is None:
        return problems
    edges = root.find("edges")
    spans = {}  # a <layers> element -> its layers and their first lines
    for p in problems:
        if p.line is None or p.layer_id is not None:
            continue
        found = _layer_at(layers, p.line, edges.sourceline if edges is not None else None, ("", ""), spans)
        if found is not None:
            el, scope = found
            p.located(layer=scope[0] + el.get("name", el.get("id", "")), layer_id=scope[1] + el.get("id", ""),
                      layer_type=el.get("type"))
    return problems


def _layer_at(layers, line: int, end, scope: tuple, spans: dict):
    """The innermost <layer> under ``layers`` whose lines hold ``line`` (``end``: the line where
    what follows the last layer starts, if known), with its scope; None outside every layer."""
    if layers not in spans:
        kids = [el for el in layers.iterchildren("layer") if el.sourceline]
        spans[layers] = (kids, [el.sourceline for el in kids])
    kids, starts = spans[layers]
    i = bisect.bisect_right(starts, line) - 1
    if i < 0 or (i == len(kids) - 1 and end is not None and line >= end):
        return None
    el = kids[i]
    for body in el.iterchildren(*BODY_TAGS):
        after = body.getnext()
        if body.sourceline and body.sourceline <= line and (after is None or not after.sourceline
                                                             or line < after.sourceline):
            inner, edges = body.find("layers"), body.find("edges")
            if inner is not None:
                name, lid = el.get("name", el.get("id", "")), el.get("id", "")
                found = _layer_at(inner, line, edges.sourceline if edges is not None else None,
                                  (f"{scope[0]}{name}/{body.tag}/", f"{scope[1]}{lid}/{body.tag}/"), spans)
                if found is not None:
                    return found
    return el, scope


def _findings(problems: list) -> list:
    """Findings in file order, each problem once: the schema and the reader may both see the same
    broken element (the reader's words are kept, being the more specific)."""
    seen, out = set(), []
    for p in sorted(problems, key=lambda e: e.code == "X003" and e.message.startswith("schema: ")):
        finding = Finding.of(p)
        key = (finding.code, finding.line) if finding.code == "X003" else \
            (finding.code, finding.line, finding.layer_id, finding.port, finding.message)
        if key in seen:
            continue
        seen.add(key)
        out.append(finding)
    return sorted(out, key=lambda f: (f.file or "", f.line or 0, f.code))


# Peeking at a root element: no DTD, no entities, no network, as for reading.
_PEEK = dict(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)


def _is_ir(path: str) -> bool:
    """Whether a file found in a folder is meant to be an IR: its root element is <net>."""
    try:
        for _, el in etree.iterparse(path, events=("start",), **_PEEK):
            return el.tag == "net"
    except (etree.XMLSyntaxError, OSError):
        return True  # broken: let the check say how
    return True


def models_at(paths: Iterable) -> list:
    """The model files to check: files as given (always), and in folders every ``*.xml`` whose
    root element is <net> (other XML files in a model folder are left alone)."""
    out = []
    for p in paths:
        p = os.fspath(p)
        if not os.path.isdir(p):
            out.append(p)
            continue
        for dirpath, dirnames, filenames in os.walk(p):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            out.extend(f for f in (os.path.join(dirpath, n) for n in sorted(filenames) if n.endswith(".xml"))
                       if _is_ir(f))
    return out


def lint(*paths, weights=None) -> list:
    """Every finding for the models at ``paths`` (files, or folders searched for ``*.xml``).
    ``weights``: the .bin, for a single model whose weights are not beside it."""
    return [f for path in models_at(paths) for f in check(path, weights).findings]


def refuse(report: Report) -> None:
    """Raise the first error of a report, with every finding attached (what ``read_model`` does)."""
    if not has_errors(report.findings):
        return
    # The first found: the reader meets a missing edge before the input it leaves unconnected.
    err = next(p for p in report.problems if Finding.of(p).is_error)
    more = len(report.errors) - 1
    if more:
        err.message += f" (and {more} more error{'s' if more > 1 else ''}: see irexec lint)"
        err.args = (err.message,)
    err.findings = list(report.findings)
    raise err
