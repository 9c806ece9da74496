"""OpenVINO's ``opsetN`` modules, derived from irexec's op declarations: in opset N, each op type
is its newest version of at most N, built by a function named as OpenVINO names it (``max_pool``,
``matmul``) whose parameters are the op's declared inputs, then its attributes with their declared
defaults, then ``name``. An op whose OpenVINO function is named or ordered otherwise declares it
(``builder_name``, ``builder_args``), so every op irexec runs can also be built, from one place.

    from irexec.openvino import opset13 as ops
    x = ops.parameter([1, 3, 8, 8], np.float32, name="x")
    y = ops.relu(ops.convolution(x, w, [1, 1], [0, 0], [0, 0], [1, 1]))

``builder_args`` lists the function's parameters in OpenVINO's order, each one of:

- ``"py"`` or ``"py=decl"``: the declared input or attribute ``decl`` (``py`` when the same);
- ``"py=a,b"``: a list whose items are the attributes ``a`` and ``b`` (ROIPooling's ``output_roi``);
- ``"py=**"``: a dict of attributes by their IR names (PriorBox's ``attrs``);
- ``"name"``: where the node's name goes, when not last;
- ``"*"``: the parameters after it are keyword-only;
- ``(item, default)``: with OpenVINO's Python default instead of the declared one (``REQUIRED``:
  none, the caller must give it);
- ``(item, default, (value, "other"))``: and, when it is left None, a list of ``value`` as long as
  the parameter ``other`` (a list, or an input: its rank), as OpenVINO fills it.

Declared inputs and attributes the list leaves out are not given (the declared defaults hold).
"""

from __future__ import annotations

import inspect
import keyword
import numbers
import re
from dataclasses import dataclass

import numpy as np

from ..errors import InputError, IRExecError
from ..ops.attrs import REQUIRED
from ..ops.bodies import BodyOp
from ..ops.registry import all_ops, opset_number
from .building import as_output, element_type_of, make_node
from .building import constant as _constant
from .building import parameter as _parameter
from .building import result as _result
from .nodes import Node, Output
from .partial_shape import PartialShape

# The newest opset irexec builds; ``opset_functions`` of a larger number is refused.
NEWEST = 17

# OpenVINO's Python modules build a few versions only from a later module than the opset that
# introduced them (its opset4 to opset11 ``range`` builds Range-1): (type, version) -> that module.
FIRST_MODULE = {("Range", "opset4"): 12, ("Interpolate", "opset4"): 10}

# Second names OpenVINO's modules give a function: name -> the other name.
ALIASES = {"abs": "absolute", "ceiling": "ceil", "cum_sum": "cumsum"}

# The ops whose OpenVINO builders are classes whose bodies are set by methods after they are made
# (``loop.set_function``): irexec's nodes carry no bodies, so these are not built in Python.
NO_BUILDER = BodyOp

# What an input takes: a node or one of its outputs, or values that become a Constant (and a
# Tensor, which has ``data``).
_INPUT_TYPES = (Node, Output, np.ndarray, np.generic, numbers.Number, list, tuple, str, bytes)

_CACHE: dict = {}
_MISSING = inspect.Parameter.empty
_POS = inspect.Parameter.POSITIONAL_OR_KEYWORD


def snake_case(op_type: str) -> str:
    """OpenVINO's function name for a type it does not name otherwise: ``MaxPool`` -> ``max_pool``,
    ``GRUCell`` -> ``gru_cell``, ``ScatterNDUpdate`` -> ``scatter_nd_update``."""
    text = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", op_type)
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", text)
    return text.lower()


def function_name(cls) -> str:
    return getattr(cls, "builder_name", None) or snake_case(cls.type)


def opset_functions(version: int) -> dict:
    """Function name -> builder, of opset ``version``."""
    if not 1 <= version <= NEWEST:
        raise InputError(f"irexec builds opset1 to opset{NEWEST}, not opset{version}")
    if version not in _CACHE:
        newest: dict = {}
        for cls in all_ops():
            if issubclass(cls, NO_BUILDER) or cls.type in ("Parameter", "Const", "Result"):
                continue
            for v in (cls.version,) + tuple(cls.aliases):
                n = opset_number(v)
                if not str(v).startswith("opset") or max(n, FIRST_MODULE.get((cls.type, v), 0)) > version:
                    continue
                best = newest.get(cls.type)
                if best is None or n > best[0]:
                    newest[cls.type] = (n, cls, v)
        functions = {}
        for _, cls, v in newest.values():
            # (a type read under several keys is built under the newest, which OpenVINO writes:
            # its opset1 logical_xor makes a LogicalXor of opset2)
            v = max((cls.version,) + tuple(cls.aliases), key=opset_number)
            fname = function_name(cls)
            if fname in functions:  # (two types under one name: a builder_name to give)
                raise TypeError(f"opset{version}: {cls.type} and another type are both built by {fname}()")
            functions[fname] = builder(cls, v, fname)
            if fname in ALIASES:
                functions[ALIASES[fname]] = builder(cls, v, ALIASES[fname])
        functions.update(parameter=parameter, constant=constant if version >= 13 else constant_v1, result=result)
        if "read_value" in functions and version >= 6:
            functions["read_value"] = _read_value(functions["read_value"])
        _CACHE[version] = functions
    return _CACHE[version]


def module_getattr(version: int):
    """A ``__getattr__`` for a module that is opset ``version``."""

    def __getattr__(name: str):
        functions = opset_functions(version)
        if name in functions:
            return functions[name]
        raise AttributeError(f"opset{version} has no function {name!r}")

    return __getattr__


def module_dir(version: int):
    def __dir__():
        return sorted(opset_functions(version))

    return __dir__


# ---- the nodes that are no ops' builders -----------------------------------------------------


def parameter(shape, dtype=np.float32, name=None) -> Node:
    """A model input of element type ``dtype`` and (partial) ``shape``."""
    return _parameter(shape, dtype, name)


def constant_v1(value, dtype=None, name=None) -> Node:
    """A Constant holding ``value`` (an array, a number, a list), of ``dtype`` (default: the
    value's own)."""
    return _constant(value, dtype, name)


def constant(value, dtype=None, name=None, *, shared_memory=False) -> Node:
    """A Constant holding ``value``, of ``dtype``; ``shared_memory`` is taken and ignored (irexec
    copies). As OpenVINO's, also ``constant(tensor, shared_memory, name)``."""
    if isinstance(dtype, bool):  # (the Tensor overload: its second argument is shared_memory)
        dtype = None
    return _constant(value, dtype, name)


constant.__name__ = constant_v1.__name__ = "constant"


def result(data, name=None) -> Node:
    """A model output: ``data``'s (an Output or a single-output node)."""
    return _result(data, name)


def _read_value(build):
    """ReadValue-6's builder, also called as OpenVINO's other form ``read_value(variable_id,
    variable_type, variable_shape, name)``, with no initial value."""

    def read_value(*args, **kwargs):
        if args and isinstance(args[0], str) and "variable_id" not in kwargs:
            return build(None, *args, **kwargs)
        return build(*args, **kwargs)

    read_value.__signature__ = build.__signature__  # type: ignore[attr-defined]
    read_value.__doc__ = build.__doc__
    return read_value


# ---- the builders --------------------------------------------------------------------------------


@dataclass(slots=True)
class _Param:
    """One parameter of a builder: its Python name, its kind ("input", "attr", "spread": a list
    over several attributes, "dict": attributes by name, "name"), the declarations it maps to,
    its default and how OpenVINO fills it when left None."""

    py: str
    kind: str
    decls: list
    default: object
    fill: tuple | None = None
    keyword_only: bool = False

    @property
    def decl(self):
        return self.decls[0]


def _params(cls) -> list:
    """The builder's parameters, from ``builder_args`` when the op declares it, else its inputs,
    its attributes and ``name``."""
    by_name = {i.name: (i, "input") for i in cls.inputs}
    by_name.update({a.name: (a, "attr") for a in cls.attrs})
    order = getattr(cls, "builder_args", None)
    if order is None:
        order = [i.name for i in cls.inputs] + [a.name for a in cls.attrs]
    params = []
    keyword_only = False
    for item in order:
        if item == "*":
            keyword_only = True
            continue
        text, default, fill = (item, _MISSING, None) if isinstance(item, str) else (tuple(item) + (None,))[:3]
        raw, _, target = text.partition("=")
        target = target or raw
        py = raw.replace("-", "_")
        py = py + "_" if keyword.iskeyword(py) else py
        if text == "name":
            params.append(_Param("name", "name", [], None))
            continue
        if target == "**":
            params.append(_Param(py, "dict", [], default))
            continue
        names = target.split(",")
        decls = []
        for n in names:
            if n not in by_name:
                raise TypeError(f"{cls.__name__}.builder_args: {n!r} is no input or attribute of {cls.type}")
            decls.append(by_name[n])
        kind = "spread" if len(names) > 1 else decls[0][1]
        if default is _MISSING:
            if kind == "input":
                default = None if decls[0][0].optional else _MISSING
            elif kind == "attr":
                default = _MISSING if decls[0][0].required else decls[0][0].default
                if decls[0][0].kind == "etype" and default not in (None, _MISSING):
                    default = default.name  # (as OpenVINO's functions show it: 'i64')
            else:
                default = _MISSING if any(d.required for d, _ in decls) else None
        elif default is REQUIRED:
            default = _MISSING
        params.append(_Param(py, kind, [d for d, _ in decls], default, fill, keyword_only))
    if not any(p.kind == "name" for p in params):
        at = next((i for i, p in enumerate(params) if p.keyword_only), len(params))
        params.insert(at, _Param("name", "name", [], None))
    return params


def builder(cls, version: str, fname: str):
    """The function that builds op ``cls`` (as ``version``)."""
    params = _params(cls)
    # Python wants no required parameter after one with a default: such a parameter takes None
    # in the signature and is checked when called.
    seen_default = False
    sig = []
    for p in params:
        default = p.default
        if default is _MISSING and seen_default and not p.keyword_only:
            default = None
        seen_default = seen_default or default is not _MISSING
        kind = inspect.Parameter.KEYWORD_ONLY if p.keyword_only else _POS
        sig.append(inspect.Parameter(p.py, kind, default=default))
    signature = inspect.Signature(sig)
    # (the IR's name of an input or attribute is taken too, where it differs from OpenVINO's)
    by_decl = {p.decl.name: p.py for p in params if p.kind in ("input", "attr")}
    py_of = {d.name: p.py for p in params if p.kind in ("attr", "spread") for d in p.decls}
    attr_names = {a.name for a in cls.attrs}

    def fail(message: str):
        raise InputError(f"{fname}(): {message}")

    def build(*args, **kwargs):
        kwargs = {by_decl.get(k, k) if k not in signature.parameters else k: v for k, v in kwargs.items()}
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError as e:
            fail(str(e))
        bound.apply_defaults()
        values = dict(bound.arguments)
        given, attrs = {}, {}
        for p in params:  # inputs first: a fill may ask an input's rank
            if p.kind != "input":
                continue
            value = values[p.py]
            if value is None:
                if not p.decl.optional:
                    fail(f"'{p.py}' is required")
                continue
            if p.decl.variadic and (isinstance(value, (Node, Output, np.ndarray)) or not hasattr(value, "__iter__")):
                fail(f"'{p.py}' takes a list of nodes, got {type(value).__name__}")
            for v in value if p.decl.variadic else (value,):
                if not isinstance(v, _INPUT_TYPES) and not isinstance(getattr(v, "data", None), np.ndarray):
                    fail(f"'{p.py}' takes a node, an output or values, got {type(v).__name__}")
            try:
                outs = [as_output(v) for v in value] if p.decl.variadic else [as_output(value)]
            except IRExecError as e:
                fail(f"'{p.py}': {e.message}")
            except (TypeError, ValueError) as e:
                fail(f"'{p.py}' takes a node, an output or values, got {type(value).__name__} ({e})")
            given[p.decl.name] = outs
            values[p.py] = outs[0] if outs else None
        for p in params:
            value = values[p.py]
            if p.kind == "dict":
                if value is None:
                    if p.default is _MISSING:
                        fail(f"'{p.py}' is required")
                    continue
                if not isinstance(value, dict):
                    fail(f"'{p.py}' takes a dict of attributes, got {type(value).__name__}")
                unknown = sorted(set(value) - attr_names)
                if unknown:
                    fail(f"'{p.py}' has no attribute {', '.join(map(repr, unknown))} of {cls.type}")
                attrs.update(value)
            elif p.kind in ("attr", "spread"):
                if value is None and p.fill is not None:
                    value = _filled(p.fill, values)
                if value is None:
                    continue
                if p.kind == "attr":
                    attrs[p.decl.name] = value
                else:
                    items = list(value) if hasattr(value, "__iter__") and not isinstance(value, str) else None
                    if items is None or len(items) != len(p.decls):
                        fail(f"'{p.py}' takes {len(p.decls)} values ({', '.join(d.name for d in p.decls)})")
                    attrs.update({d.name: v for d, v in zip(p.decls, items)})
        for p in params:  # what the dict and the parameters left out, and must be given
            for d in p.decls if p.kind in ("attr", "spread") else ():
                if d.name not in attrs and d.required:
                    fail(f"'{p.py}' is required")
        for a in cls.attrs:
            if a.name in attrs:
                attrs[a.name] = _attr_value(fname, a, attrs[a.name], py_of.get(a.name, a.name))
        # (in the declared order, which may not be OpenVINO's parameters' order: BatchNormInference-1)
        inputs = [out for i in cls.inputs for out in given.get(i.name, ())]
        return make_node(cls.type, version, inputs, attrs, values["name"])

    build.__name__ = build.__qualname__ = fname
    build.__signature__ = signature  # type: ignore[attr-defined]
    build.__doc__ = f"{cls.type}-{version}: " + (cls.__doc__ or "").strip().split("\n")[0]
    build.__module__ = f"irexec.openvino.opset{opset_number(version)}"
    return build


def _filled(fill: tuple, values: dict):
    """OpenVINO's value of a parameter left None: ``fill[0]`` repeated as often as the parameter
    ``fill[1]`` is long (an input: its rank); None when that is not known."""
    item, other = fill
    ref = values.get(other)
    if isinstance(ref, Output):
        ref = ref.get_partial_shape().irexec_shape()  # (None: of unknown rank)
    return None if ref is None else [item] * len(ref)


# How a message names what an attribute of each kind takes.
_KIND_WORDS = {"int": "an integer", "ints": "a list of integers", "float": "a number", "floats": "a list of numbers"}
_KIND_WORDS.update(bool="True or False", str="a string", shape="a shape", etype="an element type")


def _attr_value(fname: str, a, value, py: str):
    """``value`` as ``make_node`` takes attribute ``a`` (what OpenVINO's functions take: a list for
    a comma-separated string, a name or dtype for an element type), checked as the IR would be.
    ``py``: the parameter's name, for messages."""
    try:
        if a.kind == "etype":
            value = element_type_of(value)
        elif a.kind == "str" and isinstance(value, (list, tuple)):
            value = ",".join(str(v) for v in value)
        elif a.kind == "shape" and value is not None:
            value = PartialShape(value).irexec_shape()
        elif a.kind == "ints" and isinstance(value, np.ndarray):
            value = value.reshape(-1).tolist()
        elif a.kind == "int" and isinstance(value, (list, tuple)) and len(value) == 1:
            value = value[0]  # (OpenVINO's reorg_yolo takes its stride as a list of one)
        if a.kind == "bool" and not isinstance(value, (bool, np.bool_, int, np.integer)):
            raise TypeError  # (any string would read as true)
        if a.kind in ("int", "float") and isinstance(value, (str, bytes)):
            raise TypeError
        text = a.text(value)
    except IRExecError as e:
        raise InputError(f"{fname}(): '{py}': {e.message}") from None
    except (TypeError, ValueError, AttributeError):
        what = _KIND_WORDS.get(a.kind, a.kind)
        raise InputError(f"{fname}(): '{py}' takes {what}, got {type(value).__name__} {value!r}") from None
    try:
        a.parse(text)
    except IRExecError as e:
        raise InputError(f"{fname}(): {e.message}") from None
    return value


__all__ = ["module_getattr", "module_dir", "opset_functions", "snake_case", "parameter", "constant", "result"]
__all__ += ["NEWEST", "REQUIRED"]
