"""The op registry: each op version is declared once, with its attributes and two faces.

``infer`` maps input facts (element type, partial shape, and the value when known) to
output facts; ``eval`` maps input arrays to output arrays. The linter uses the first, the
executor the second; neither the graph nor the executor knows anything of any op.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Optional

import numpy as np

from ..errors import ValidationError
from ..shapes import PShape, parse_shape
from ..types import ElementType, element_type

REQUIRED = object()


@dataclass
class Fact:
    """What is known about a tensor before running: type, partial shape, maybe its value."""
    etype: Optional[ElementType]
    shape: PShape
    value: Optional[np.ndarray] = None


def _parse_bool(s: str) -> bool:
    v = s.strip().lower()
    if v in ("true", "1"):
        return True
    if v in ("false", "0"):
        return False
    raise ValueError(f"expected true or false, got {s!r}")


MAX_LIST = 1024  # entries in a list attribute: masks and axes of tensors of rank 64 at most


def _parse_ints(s: str) -> tuple:
    s = s.strip()
    if not s:
        return ()
    if s.count(",") >= MAX_LIST:
        raise ValueError(f"more than {MAX_LIST} entries")
    return tuple(int(x) for x in s.split(","))


_KINDS: dict[str, Callable[[str], Any]] = {
    "int": lambda s: int(s.strip()),
    "ints": _parse_ints,
    "float": lambda s: float(s.strip()),
    "bool": _parse_bool,
    "str": lambda s: s.strip(),
    "shape": parse_shape,
    "etype": element_type,
}


@dataclass(frozen=True)
class Attr:
    name: str
    kind: str
    default: Any = REQUIRED
    choices: Optional[tuple] = None

    def parse(self, raw: Optional[str]):
        if raw is None:
            if self.default is REQUIRED:
                raise ValidationError(f"required attribute '{self.name}' is missing")
            return self.default
        try:
            value = _KINDS[self.kind](raw)
        except ValidationError:
            raise
        except Exception as e:  # the kind parsers raise ValueError or ParseError
            raise ValidationError(f"attribute {self.name}={raw!r} is not a valid {self.kind}: {e}") from None
        if self.choices is not None:
            check = value.lower() if isinstance(value, str) else value
            if check not in self.choices:
                raise ValidationError(f"attribute {self.name}={raw!r} is not one of "
                                      f"{', '.join(map(str, self.choices))}")
            value = check
        return value


class Op:
    """Base of every op. Subclasses set ``type``, ``version``, ``attrs`` and the input arity."""

    type: ClassVar[str]
    version: ClassVar[str]
    attrs: ClassVar[tuple] = ()
    min_inputs: ClassVar[int] = 0
    max_inputs: ClassVar[int] = 0
    num_outputs: ClassVar[int] = 1
    # The input whose buffer the op may write its output into, when the executor knows nothing
    # else can see that buffer (see executor.py); None: the op always allocates. An op that sets
    # it takes ``eval(ins, out=...)``: the array to write the output into.
    inplace_input: ClassVar[Optional[int]] = None

    def __init__(self, raw_attrs: Optional[dict] = None, **values):
        raw_attrs = raw_attrs or {}
        try:
            for a in self.attrs:
                setattr(self, a.name, values[a.name] if a.name in values else a.parse(raw_attrs.get(a.name)))
            self.setup()
        except ValidationError as e:
            # Whatever setup() found wrong, it found in the attributes.
            raise e.located(code="O003")

    def setup(self) -> None:
        """Check attribute combinations once, when the op is built."""

    def infer(self, ins: list) -> list:
        raise NotImplementedError

    def eval(self, ins: list) -> list:
        raise NotImplementedError

    def advise(self, ins: list) -> list:
        """Warnings about inputs that are valid but suspect (the linter's third face): a list of
        ValidationErrors, each with its rule code. ``ins``: the input facts, as for ``infer``."""
        return []

    def eval_inplace(self, ins: list) -> list:
        """Like ``eval``, but writing into (and returning) ``ins[self.inplace_input]``."""
        return self.eval(ins, out=ins[self.inplace_input])

    def __repr__(self) -> str:
        vals = ", ".join(f"{a.name}={getattr(self, a.name)!r}" for a in self.attrs)
        return f"{self.type}-{self.version}({vals})"


REGISTRY: dict[tuple, type] = {}


def register(cls: type) -> type:
    key = (cls.type, cls.version)
    if key in REGISTRY:
        raise RuntimeError(f"op {key} registered twice")
    REGISTRY[key] = cls
    return cls


def register_alias(cls: type, version: str) -> None:
    """The same op under a second version name (OpenVINO reads it from both opset tables)."""
    key = (cls.type, version)
    if key in REGISTRY:
        raise RuntimeError(f"op {key} registered twice")
    REGISTRY[key] = cls


def known_versions(op_type: str) -> list:
    return sorted((v for (t, v) in REGISTRY if t == op_type), key=lambda v: (_opset_number(v), v))


def _opset_number(version: str) -> int:
    digits = "".join(ch for ch in version if ch.isdigit())
    return int(digits) if digits else -1


def lookup(op_type: str, version: Optional[str]) -> type:
    """Find the op class for a layer's (type, version); the error lists the versions known."""
    key = (op_type, version)
    if key in REGISTRY:
        return REGISTRY[key]
    if not any(t == op_type for t, _ in REGISTRY):
        # Types are case-sensitive in IR, but docs spell some differently (ScatterNdUpdate).
        folded = [t for t, _ in REGISTRY if t.lower() == op_type.lower()]
        if folded:
            return lookup(folded[0], version)
        raise ValidationError(f"unknown operation type {op_type!r}", code="O001")
    known = known_versions(op_type)
    raise ValidationError(f"{op_type} version {version!r} is not supported "
                          f"(known versions: {', '.join(known)})", code="O002")
