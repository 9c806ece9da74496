"""What an op is: a small value holding its attributes, declared inputs and outputs, one
shape-and-type rule over partial shapes (``output_facts``) and one ``compute`` over arrays that
trusts it. The framework around it (this module, the walkers) owns what every op would
otherwise repeat: arity, element-type checks, named ports in messages, constant folding, and
the run-time check of shapes it could not size ahead.

An op file declares, for example::

    @register
    class ScatterUpdate(Op):
        type, version = "ScatterUpdate", "opset3"
        spec = "movement/scatter-update-3"
        inputs = (Input("data"), Input("indices", "int", role="indices", bound=Bound("take", "axis")),
                  Input("updates", same_as="data"), Input("axis", "int", role="axis", value=True))

        def output_facts(self, data, indices, updates, axis): ...
        def compute(self, data, indices, updates, axis): ...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from ..errors import ValidationError
from ..shapes import PShape
from ..symbolic import RANGE
from ..types import ElementType
from .attrs import REQUIRED, Attr  # noqa: F401  (op files import them from here)

# Values up to this many elements are carried through shape inference (shape arithmetic chains).
FOLD_LIMIT = 1 << 12

# Where the operation specs live; an op's ``spec`` is the page below it, without ".html".
SPEC_ROOT = "https://docs.openvino.ai/2025/documentation/openvino-ir-format/operation-sets/operation-specs/"


@dataclass(slots=True)  # (one per tensor, made again by every pass)
class Fact:
    """What is known about a tensor before running: type, partial shape, maybe its value."""

    etype: ElementType | None
    shape: PShape
    value: np.ndarray | None = None


# ---- inputs ------------------------------------------------------------------------------------

# Element-type sets an input may declare, and how a message names them.
TYPE_SETS = {
    "any": (lambda t: True, "of any type"),
    "numeric": (lambda t: t.name not in ("boolean", "string"), "numeric"),
    "float": (lambda t: t.is_float, "of a floating-point type"),
    "int": (lambda t: t.is_integer, "of an integer type"),
    "bool": (lambda t: t.name == "boolean", "boolean"),
    # (Convert and its kin: numbers and booleans, not text; OpenVINO refuses a string there.)
    "not_string": (lambda t: t.name != "string", "of any type but string"),
}

# Roles: what an input means to the op. "data" is computed on; "indices" pick positions (their
# ``bound`` says how tools make valid ones); "axis", "axes", "shape" and "sizes" steer the output's
# shape or layout (tools give them as integers and cannot invent the last three); "scales" too, as
# floats (Interpolate's), which tools cannot invent either.
ROLES = ("data", "indices", "axis", "axes", "shape", "sizes", "scales")


@dataclass(frozen=True)
class Bound:
    """How valid indices look, for tools that make them (``irexec layer --random``, ``run
    --random``). ``kind``: "take" (each index picks a slice along the axis), "elements" (one
    index per element, along the axis), "nd" (index tuples over data's leading dims, after
    ``batch_dims``). ``axis``: the input or attribute holding the axis. ``distinct``: targets
    must differ when the op's reduction is "none" (scatters)."""

    kind: str
    axis: str | None = None
    distinct: bool = False


@dataclass(frozen=True)
class Input:
    """One input port. ``types``: a TYPE_SETS name or "a|b" element type names. ``same_as``: the
    input whose element type this one must share. ``value``: shape inference needs its values.
    ``optional``: may be left out (only trailing inputs); ``variadic``: this one and any number
    more."""

    name: str
    types: str = "any"
    same_as: str | None = None
    role: str = "data"
    value: bool = False
    optional: bool = False
    variadic: bool = False
    bound: Bound | None = None

    def __post_init__(self):
        if self.role not in ROLES:
            raise ValueError(f"input {self.name}: unknown role {self.role!r}")
        if self.bound is not None and self.role != "indices":
            raise ValueError(f"input {self.name}: only indices have a bound")

    def allows(self, etype: ElementType) -> bool:
        if etype.name == "dynamic":  # (no type: only where the declaration names it, by name)
            return "dynamic" in self.types.split("|")
        if self.types in TYPE_SETS:
            return TYPE_SETS[self.types][0](etype)
        return etype.name in self.types.split("|")

    def describe(self) -> str:
        if self.types in TYPE_SETS:
            return TYPE_SETS[self.types][1]
        return " or ".join(self.types.split("|"))


_UNDECLARED = Input("input")
# (op class, each input's element type name) that passed ``check_types``: a model asks the same
# few thousands of times. Bounded.
_TYPES_PASSED: set = set()


# ---- the op ------------------------------------------------------------------------------------


class Op:
    """Base of every op. A subclass declares ``type``, ``version`` (the opset key OpenVINO
    writes; ``aliases``: other keys it is read under), ``spec``, ``inputs``, ``outputs``,
    ``attrs``, and writes ``output_facts`` and ``compute``."""

    type: ClassVar[str]
    version: ClassVar[str]
    aliases: ClassVar[tuple] = ()
    spec: ClassVar[str] = ""
    inputs: ClassVar[tuple] = ()
    outputs: ClassVar[tuple] = ("output",)
    attrs: ClassVar[tuple] = ()
    # Whether shape inference may run ``compute`` on known small inputs (False for the I/O ops).
    foldable: ClassVar[bool] = True
    # The input whose buffer ``compute`` may write its output into (``compute(..., out=array)``),
    # when the executor knows nothing else can see that buffer; None: the op always allocates.
    inplace_input: ClassVar[int | None] = None
    # Whether ``compute`` reads or writes the request's variables (ReadValue, Assign: it takes
    # ``context=``, the run's store of them); such an op is never folded nor sized ahead.
    stateful: ClassVar[bool] = False
    # Whether the op makes strings from other types (StringTensorPack); any other op gives a string
    # output only from a string input.
    makes_strings: ClassVar[bool] = False
    # Whether ``compute`` takes ``wanted=`` (per output: whether anything reads it) and may then
    # return, for an output not wanted, any array of its shape and type (a broadcast zero): MaxPool
    # converted from PyTorch declares indices nothing reads, which cost more than the values.
    partial_outputs: ClassVar[bool] = False
    # An op whose output count an input's length sets (VariadicSplit's split_lengths) takes the
    # count the layer declares, as ``self.num_outputs``, which its rule holds the input to.
    outputs_from_layer: ClassVar[bool] = False
    # How OpenVINO's Python ``opsetN`` function builds this op, where it differs from what the
    # declarations give (irexec.api.opsets): its name, when not the type in snake case (``matmul``),
    # and its parameters in OpenVINO's order and names (``"kernel_shape=kernel"``: the Python name,
    # then the declared input or attribute; opsets.py says the rest of the grammar).
    builder_name: ClassVar[str | None] = None
    builder_args: ClassVar[tuple | None] = None
    # Derived from ``inputs`` and ``outputs``. An op whose output count an attribute sets (Split's
    # num_splits) sets ``self.num_outputs`` in ``setup()``.
    min_inputs: ClassVar[int] = 0
    max_inputs: ClassVar[int] = 0
    num_outputs: ClassVar[int] = 1

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        ins = cls.inputs
        cls.min_inputs = sum(1 for i in ins if not i.optional)
        cls.max_inputs = (1 << 20) if any(i.variadic for i in ins) else len(ins)
        cls.num_outputs = len(cls.outputs)
        names = [i.name for i in ins]
        for k, i in enumerate(ins):
            if i.same_as is not None and i.same_as not in names[:k]:
                raise TypeError(f"{cls.__name__}: input {i.name} is same_as {i.same_as}, which is not an earlier input")
            if i.variadic and k != len(ins) - 1:
                raise TypeError(f"{cls.__name__}: only the last input may be variadic, not {i.name}")

    def __init__(self, raw_attrs: dict | None = None, **values):
        raw = (raw_attrs or {}).get
        try:
            for a in self.attrs:
                name = a.name
                setattr(self, name, values[name] if values and name in values else a.parse(raw(name)))
            self.setup()
        except ValidationError as e:
            # Whatever setup() found wrong, it found in the attributes.
            raise e.located(code="O003")

    # ---- what an op file writes ----

    def setup(self) -> None:
        """Check attribute combinations once, when the op is built."""

    def output_facts(self, *ins: Fact):
        """The shape-and-type rule: input Facts (partial shapes; values of small known tensors)
        to an output Fact, or a list of them. Raise ValidationError (``port``: the input index)
        for what the spec forbids."""
        raise NotImplementedError

    def compute(self, *arrays):
        """The outputs for input arrays whose shapes and types the rule has accepted: an array,
        or a tuple of arrays when there are several outputs. It runs with NumPy's floating-point
        warnings off (the executor and constant folding turn them off around whole walks): an
        overflow to inf, 0/0 or inf - inf give what IEEE says, quietly, as the plugin computes."""
        raise NotImplementedError

    def advise(self, ins: list) -> list:
        """Warnings about inputs that are valid but suspect: a list of ValidationErrors, each with
        its rule code. ``ins``: the input facts, as for ``output_facts``."""
        return []

    # ---- what the framework calls ----

    @classmethod
    def arity_problem(cls, n_inputs: int, n_outputs: int):
        """What is wrong with a layer of this op declaring ``n_inputs`` inputs and ``n_outputs``
        outputs, as a message; None when nothing is."""
        if not cls.min_inputs <= n_inputs <= cls.max_inputs:
            expect = (
                str(cls.min_inputs)
                if cls.min_inputs == cls.max_inputs
                else f"{cls.min_inputs} or more"
                if cls.max_inputs >= 1 << 20
                else f"{cls.min_inputs} to {cls.max_inputs}"
            )
            return f"{cls.type} takes {expect} inputs, the layer declares {n_inputs}"
        if n_outputs is not None and n_outputs != cls.num_outputs and cls.num_outputs:
            return f"{cls.type} has {cls.num_outputs} output(s), the layer declares {n_outputs}"
        return None

    def declared_input(self, index: int) -> Input:
        """The declaration of input ``index`` (a variadic last input declares all that follow)."""
        ins = self.inputs
        return ins[index] if index < len(ins) else ins[-1] if ins else _UNDECLARED

    def check_types(self, ins: list) -> None:
        """Each input's element type against its declaration (unknown types pass)."""
        key = (self.__class__, *[None if f.etype is None else f.etype.name for f in ins])
        if key in _TYPES_PASSED:
            return
        self._check_types(ins)
        if len(_TYPES_PASSED) < 4096:
            _TYPES_PASSED.add(key)

    def _check_types(self, ins: list) -> None:
        seen = {}
        for i, fact in enumerate(ins):
            decl = self.declared_input(i)
            et = fact.etype
            if et is None:
                continue
            if not decl.allows(et):
                raise ValidationError(f"{self.type}'s {decl.name} must be {decl.describe()}, got {et}", port=i)
            other = decl.same_as or (decl.name if decl.variadic else None)
            if other is not None and other in seen and seen[other][1].name != et.name:
                j, first = seen[other]
                what = f"{other} and {decl.name}" if other != decl.name else decl.name
                raise ValidationError(f"{self.type}'s {what} must have one element type, got {first}, {et}", port=i)
            seen.setdefault(decl.name, (i, et))

    def shape_infer(self, ins: list) -> list:
        """The output facts for input facts: types checked, then the op's rule."""
        if ins:
            self.check_types(ins)
        out = self.output_facts(*ins)
        if isinstance(out, Fact):
            outs = [out]
            strings = out.etype is not None and out.etype.is_string
        else:
            outs = list(out)
            strings = any(f.etype is not None and f.etype.is_string for f in outs)
        if (
            strings
            and ins
            and not self.makes_strings
            and all(f.etype is not None and not f.etype.is_string for f in ins)
        ):
            # (A Convert to string: OpenVINO converts no type to string.)
            raise ValidationError(
                f"{self.type} makes no strings, and its inputs are {', '.join(sorted({str(f.etype) for f in ins}))}"
            )
        return outs

    def evaluate(self, arrays: list, out=None, wanted=None) -> list:
        """The output arrays, as a list (``out``: see ``inplace_input``; ``wanted``: see
        ``partial_outputs``)."""
        if out is None and wanted is None:
            res = self.compute(*arrays)
        else:
            kw = {} if out is None else {"out": out}
            if wanted is not None and self.partial_outputs and not all(wanted):
                kw["wanted"] = wanted
            res = self.compute(*arrays, **kw)
        if self.num_outputs == 1 and not isinstance(res, tuple):
            return [res]
        if not isinstance(res, (tuple, list)) or len(res) != self.num_outputs:
            # (A lone array would be split along its first axis by list().)
            raise TypeError(f"{self.type}'s compute must return a tuple of {self.num_outputs} arrays")
        return list(res)

    def memo(self, key, make):
        """``make()``, kept under ``key`` for later runs: what a compute works out from its inputs'
        shapes and small values (a Reshape's output shape, a Slice's NumPy key), which a model
        repeats every run. At most 64 keys per layer."""
        if RANGE.active:  # (a symbolic pass's folding: its keys may hold Syms' addresses)
            return make()
        cache = self.__dict__.setdefault("_memo", {})
        value = cache.get(key)
        if value is None:
            value = make()
            if len(cache) < 64:
                cache[key] = value
        return value

    def attr_values(self) -> dict:
        return {a.name: getattr(self, a.name) for a in self.attrs}

    def __repr__(self) -> str:
        vals = ", ".join(f"{k}={v!r}" for k, v in self.attr_values().items())
        return f"{self.type}-{self.version}({vals})"
