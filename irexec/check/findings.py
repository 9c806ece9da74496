"""What the checks report: a Finding per problem, each under one rule code.

The rule table is the one list of what irexec checks; the linter's output formats, the docs
(docs/rules.md) and the tests all read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import IRExecError, capped, one_line


@dataclass(frozen=True)
class Rule:
    code: str
    severity: str  # "error" or "warning"
    title: str  # what is wrong, in a few words


RULES = {
    r.code: r
    for r in (
        # The file and its XML.
        Rule("X001", "error", "the file cannot be read"),
        Rule("X002", "error", "not well-formed XML, or refused as unsafe (DOCTYPE, encoding, over a limit)"),
        Rule("X003", "error", "the XML does not follow the IR schema"),
        Rule("X004", "error", "not an IR irexec reads (root element, IR version)"),
        # The graph's structure.
        Rule("G001", "error", "an edge refers to a missing layer"),
        Rule("G002", "error", "an edge refers to a missing port"),
        Rule("G003", "error", "an input port has more than one edge"),
        Rule("G004", "error", "an input port is not connected"),
        Rule("G005", "error", "the graph has a cycle"),
        Rule("G006", "error", "two layers share an id"),
        Rule("G007", "error", "two ports of a layer share an id"),
        Rule("G008", "error", "a Parameter or Const with inputs, or a Result with other than one input"),
        Rule("G009", "warning", "a layer's outputs are not used"),
        Rule("G010", "warning", "the model has no Result"),
        Rule("G011", "warning", "two Results give outputs the same name"),
        # Operations and their attributes.
        Rule("O001", "error", "unknown operation type"),
        Rule("O002", "error", "unknown version of a known operation type"),
        Rule("O003", "error", "an attribute is missing or invalid"),
        Rule("O004", "error", "the layer has the wrong number of input or output ports for its op"),
        # Shapes and element types.
        Rule("S001", "error", "an output port's declared shape differs from the inferred one"),
        Rule("S002", "error", "an output port's declared precision differs from the inferred one"),
        Rule("S003", "error", "an input port's declared shape differs from what feeds it"),
        Rule("S004", "error", "an input port's declared precision differs from what feeds it"),
        Rule("S005", "error", "the op cannot take its inputs' shapes or types"),
        Rule("S006", "error", "an axis is out of range for the rank"),
        # Constants.
        Rule("C001", "error", "the weights file is missing or unreadable"),
        Rule("C002", "error", "a constant's bytes are outside the weights file"),
        Rule("C003", "error", "a constant's size does not match its shape and element type"),
        Rule("C004", "error", "constant indices are out of range for their op"),
        Rule("C005", "warning", "duplicate constant indices where the op's order is undefined"),
        # Variables (ReadValue/Assign state).
        Rule("V001", "error", "ReadValues declare one variable differently"),
        Rule("V002", "warning", "a variable is read but never assigned, assigned but never read, or assigned twice"),
    )
}


@dataclass(frozen=True)
class Finding:
    """One problem: where it is (file, line, column, layer, port), which rule, and what."""

    code: str
    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    layer_id: str | None = None
    layer_name: str | None = None
    layer_type: str | None = None
    port: str | None = None
    severity: str = field(default="")
    cause: IRExecError | None = field(default=None, compare=False, repr=False)
    fix: str | None = None  # what to write instead, where the checks know it

    def __post_init__(self):
        if not self.severity:
            object.__setattr__(self, "severity", RULES[self.code].severity)

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    @classmethod
    def of(cls, err: IRExecError) -> Finding:
        """The finding for an error the checks raised (``cause``: that error, for ``read_model``)."""
        return cls(
            err.code or "S005",
            err.message,
            err.file,
            err.line,
            err.column,
            err.layer_id,
            err.layer,
            err.layer_type,
            None if err.port is None else str(err.port),
            cause=err,
            fix=getattr(err, "fix", None),
        )

    @property
    def description(self) -> str:
        """The message with the port and layer it is about: ``message (port P) [layer 'name' (id), type]``."""
        text = self.message
        if self.port is not None:
            text += f" (port {self.port})"
        if self.layer_id is not None or self.layer_name is not None:
            text += f" [layer {self.layer_name!r} ({self.layer_id}), {self.layer_type}]"
        return one_line(text)

    def __str__(self) -> str:
        """``path:line:col: CODE message [layer name (id), type]``, as flake8 and ruff print."""
        fix = f" (fix: {one_line(self.fix)})" if self.fix else ""
        return capped(
            one_line(f"{self.file or '<string>'}:{self.line or 1}:{self.column or 1}: {self.code} ")
            + self.description
            + fix
        )

    def to_dict(self) -> dict:
        """The keys and order of ``irexec lint --format json``."""
        return {key: getattr(self, key) for key in JSON_KEYS}


JSON_KEYS = (
    "file",
    "line",
    "column",
    "severity",
    "code",
    "layer_id",
    "layer_name",
    "layer_type",
    "port",
    "message",
    "fix",
)


def has_errors(findings) -> bool:
    return any(f.is_error for f in findings)
