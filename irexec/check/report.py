"""What checking one model found (``Report``): its graph, findings and inferred facts; the findings
made of the checks' problems, and the refusal ``read_model`` raises for a model with errors."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..graph import Graph
from .findings import Finding, has_errors


@dataclass
class Report:
    """What checking one model found: ``graph`` (None when the file could not be read at all),
    ``findings`` in file order, and ``facts``: (layer id, output index) -> the inferred Fact."""

    path: str
    graph: Graph | None = None
    findings: list = field(default_factory=list)
    facts: dict = field(default_factory=dict)

    problems: list = field(default_factory=list)  # the errors behind the findings, as the checks found them

    @property
    def errors(self) -> list:
        return [f for f in self.findings if f.is_error]


def findings_of(problems: list) -> list:
    """Findings in file order, each problem once: the schema and the reader may both see the same
    broken element (the reader's words are kept, being the more specific)."""
    seen, out = set(), []
    for p in sorted(problems, key=lambda e: e.code == "X003" and e.message.startswith("schema: ")):
        finding = Finding.of(p)
        key = (
            (finding.code, finding.line)
            if finding.code == "X003"
            else (finding.code, finding.line, finding.layer_id, finding.port, finding.message)
        )
        if key in seen:
            continue
        seen.add(key)
        out.append(finding)
    return sorted(out, key=lambda f: (f.file or "", f.line or 0, f.code))


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
