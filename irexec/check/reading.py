"""The checks ``read_model`` makes: the linter's, but the XML schema's, on the graph read as a
stream (irexec.api.model refuses a model with errors by ``report.refuse``)."""

from __future__ import annotations

from ..graph import gc_paused
from ..ir.reader import parse_graph
from .findings import Finding
from .graph_checks import check_graph, check_uses
from .outputs import check_output_names
from .report import Report, findings_of
from .variables import check_variables, drop_sinks


def check_stream(data: bytes, path: str | None, weights: str | None, infer_again: bool = False) -> Report:
    """The same checks but the schema's, streaming the XML (memory follows the graph, not the
    text), for ``read_model``: the reader checks the structure it relies on. Problems that leave
    nothing to read are raised. ``infer_again``: past a port whose declaration the rule
    contradicts, the rules take what it gives (``read_model(check=False)``: see ``check_graph``)."""
    problems: list = []  # (IRExecErrors)
    with gc_paused():
        graph = parse_graph(data, path, weights, problems)
        report = Report(path or "", graph)
        read = len(problems)
        report.facts = check_graph(graph, problems, unused=False, advice=False, infer_again=infer_again)
        check_variables(graph, report.facts, problems)
        # The warnings change nothing for a model read_model accepts: they are looked for only
        # when it refuses one (its error carries every finding).
        if any(Finding.of(p).is_error for p in problems):
            del problems[read:]
            report.facts = check_graph(graph, problems, unused=False, infer_again=infer_again)
            check_variables(graph, report.facts, problems)
            check_uses(graph, problems)
            drop_sinks(graph, problems)
            check_output_names(graph, problems)
    report.findings, report.problems = findings_of(problems), problems
    return report
