"""The rows of a case table: input specs, cases (values compared with the plugin), errors."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from irexec.types import BY_NAME, DYNAMIC

# (and dynamic: the empty Const standing for an absent optional input, GroupQueryAttention's)
ETYPES = {**BY_NAME, "dynamic": DYNAMIC}


@dataclass(frozen=True)
class T:
    """One input: element type, shape, and its values (None: drawn at random, seeded; integers
    within [low, high) when given). ``const``: a Const layer rather than a Parameter in the
    plugin table (every case also runs with all inputs constant in irexec, and with all dims
    dynamic)."""

    etype: str
    shape: tuple = ()
    values: object = None
    const: bool = False
    low: int | None = None
    high: int | None = None

    def array(self, rng: np.random.Generator) -> np.ndarray:
        dtype = ETYPES[self.etype].dtype
        if self.values is not None:
            arr = np.asarray(self.values)
            if arr.size == 0:
                return np.zeros(self.shape, dtype)
            if arr.dtype.kind == "f" and dtype.kind in "iu":
                raise ValueError(f"float values for an {self.etype} input")
            return np.asarray(arr, dtype=np.float32 if dtype.kind == "V" else None).astype(dtype).reshape(self.shape)
        shape = tuple(self.shape)
        if self.etype == "boolean":
            return rng.integers(0, 2, shape).astype(bool)
        if self.low is not None or dtype.kind in "iu":
            lo = self.low if self.low is not None else (-100 if dtype.kind == "i" else 0)
            hi = self.high if self.high is not None else (100 if dtype.kind == "i" else 200)
            return rng.integers(lo, hi, shape).astype(dtype)
        # Multiples of 1/8 in [-8, 8): exact in every float type, so both sides start alike.
        return (rng.integers(-64, 64, shape) / 8).astype(np.float32).astype(dtype)


@dataclass(frozen=True)
class Case:
    """Inputs and attributes (as written in ``<data>``; one left out tests its default), for the
    table's versions or ``versions``. Outputs are compared with the CPU plugin's, exactly for
    integers and booleans, within ``rtol``/``atol`` for floats. ``expect``: the spec's outputs,
    asserted exactly on irexec. ``plugin``: a place where the plugin departs from the spec: its
    outputs on this CPU kind (or a list of such alternatives), accepted besides ``expect``;
    ``why`` says what the departure is (docs/differences.md lists them). ``oracle=False``: a case
    the plugin cannot run at all (it refuses the model, or crashes): only irexec runs it, against
    ``expect``, and ``why`` says what the plugin does. ``dynamic=False``: leave the case out of
    the all-dims-dynamic run (OpenVINO cannot read some valid layers with unknown dims).
    ``allows``: where the spec leaves the outputs open (a scatter's duplicate targets under
    reduction none, the order of ties), a function of the case's input arrays and a list of
    output arrays that says whether those outputs are one the spec allows: the plugin's must
    be, and are compared with nothing else; irexec's must be ``expect``, its own choice.
    ``unordered``: where the spec leaves only the order of the output rows open (NMS's sort none,
    ties in a sort), a function of the input arrays and a list of output arrays that puts the rows
    in irexec's order: irexec's must already be in it, and the plugin's, so ordered, must be
    irexec's (or ``expect``/``plugin``)."""

    inputs: tuple
    attrs: dict = field(default_factory=dict)
    versions: tuple | None = None
    expect: tuple | None = None
    plugin: object = None
    why: str = ""
    rtol: float = 0.0
    atol: float = 0.0
    name: str = ""
    oracle: bool = True
    dynamic: bool = True
    outputs: int | None = None  # the op's output count here, when the table's does not say it
    allows: object = None
    unordered: object = None

    def __post_init__(self):
        if not self.oracle and self.expect is None:
            raise ValueError("a case the plugin does not run needs expect=")
        if self.plugin is not None and self.expect is None:
            raise ValueError("a plugin row needs expect=, the spec's value irexec must give")
        if self.allows is not None and (self.expect is None or self.plugin is not None):
            raise ValueError("a row with allows= needs expect= (irexec's value) and no plugin=")

    @property
    def differs(self) -> bool:
        return self.plugin is not None


@dataclass(frozen=True)
class Error:
    """A layer irexec must refuse: ``match`` (a regex of the one-line message), the lint rule
    ``code`` and the exit status of ``irexec run``. Each error row runs with its inputs fed at run
    time and as constants (``modes``); with constants ``irexec lint`` must report ``code``. ``at``
    says when the refusal can be known with inputs fed at run time: "lint" (from shapes, types and
    attributes: ``irexec lint`` must report ``code`` too), "run" (only the values show it: ``irexec
    lint`` must report no error), or None (not checked)."""

    inputs: tuple
    match: str
    attrs: dict = field(default_factory=dict)
    code: str | None = None
    exit: int = 1
    versions: tuple | None = None
    modes: tuple = ("param", "const")
    name: str = ""
    at: str | None = None
    outputs: int | None = None  # as for Case


class Table:
    """The cases of one op type: ``versions`` (opset keys) each case runs under unless it names
    its own; ``outputs``: how many outputs the op has (a dict: per version), unless a row says
    (Split's count is an attribute)."""

    def __init__(self, op_type: str, versions, cases=(), errors=(), outputs=1):
        self.type = op_type
        self.versions = tuple([versions] if isinstance(versions, str) else versions)
        self.cases = list(cases)
        self.errors = list(errors)
        self.outputs = outputs

    def n_outputs(self, row, version: str) -> int:
        if row.outputs is not None:
            return row.outputs
        return self.outputs[version] if isinstance(self.outputs, dict) else self.outputs

    def expanded(self, rows) -> list:
        return [(row, v) for row in rows for v in (row.versions or self.versions)]

    def covers(self) -> set:
        """(type, version) pairs with at least one case compared with the plugin."""
        return {(self.type, v) for c, v in self.expanded(self.cases) if c.oracle}

    def error_params(self) -> list:
        """The error rows as pytest parameters (mode, row, version), each row in the modes it runs
        in: a mode a row leaves out makes no test (one that could only skip)."""
        import pytest

        errors = self.expanded(self.errors)
        return [
            pytest.param(mode, row, version, id=f"{mode}-{version}-{row.name or i}")
            for mode in ("param", "const")
            for i, (row, version) in enumerate(errors)
            if mode in row.modes
        ]

    def pytest(self):
        """The table's test functions: one for all cases, one per error row and mode; None for
        either when the table has no such rows (rather than a test that could only skip)."""
        import pytest

        table = self

        def test_cases(tmp_path):
            from .harness import run_cases

            run_cases(table, tmp_path)

        params = table.error_params()

        @pytest.mark.parametrize("mode,row,version", params)
        def test_errors(row, version, mode, tmp_path):
            from .harness import run_error

            run_error(table, row, version, mode, tmp_path)

        return test_cases if table.cases else None, test_errors if params else None
