"""The element type of each input port of a snippet, from its precision when written, else from
what the op declares the input to be (``irexec.io.roles``) and the arrays and values at hand."""

from __future__ import annotations

import numpy as np

from ..errors import InputError, ParseError
from ..io.roles import INTEGER_ROLES
from ..types import BY_NAME, ElementType, from_dtype
from .parse import Port, Snippet

I64, F32, BOOLEAN = BY_NAME["i64"], BY_NAME["f32"], BY_NAME["boolean"]


def port_types(snippet: Snippet, given: dict, decls: list) -> list:
    """Each input port's element type (``given``: input index -> array; ``decls``: each input's
    declaration). In order: the port's precision; for an input of role indices, axis, axes, shape
    or sizes, the integer type of a given array, else i64 (or the integer type the op takes); for an input declared boolean, the type
    of a given array, else boolean; for a data input, the type of the array given for it, else of
    another data input (its precision or given array), else the first output's precision (unless
    boolean), else boolean when its values are all true/false, else f32; and when the op does not
    accept that type for the input, one it does (``_allowed``)."""
    types = []
    for i, p in enumerate(snippet.inputs):
        role = decls[i].role
        t = p.etype
        if t is None and i in given:
            t = _dtype_type(given[i], p)
            if role in INTEGER_ROLES and not t.is_integer:
                t = None  # refused when the array is checked against the port's type
        if t is None and role in INTEGER_ROLES:
            # (i64, unless the op takes only narrower integers there: a tokenizer op's i32 offsets)
            t = I64 if decls[i].allows(I64) else _allowed(decls[i])
        if t is None and decls[i].types == "bool":
            t = BOOLEAN
        types.append(t)
    data = [i for i, d in enumerate(decls) if d.role not in INTEGER_ROLES and d.types != "bool"]
    known = [types[i] for i in data if types[i] is not None]
    outs = [p.etype for p in snippet.outputs if p.etype is not None and p.etype.name != "boolean"]
    shared = known[0] if known else outs[0] if outs else None
    for i in data:
        if types[i] is None:
            values = snippet.inputs[i].values
            t = shared or (BOOLEAN if values is not None and values.dtype.kind == "b" else F32)
            types[i] = t if decls[i].allows(t) else _allowed(decls[i])
    return types


def _allowed(decl) -> ElementType:
    """A type a data input's declaration allows, when the one it would share does not fit (a
    Loop's trip count, declared integer): f32, i64 or boolean, else the first it names."""
    for t in (F32, I64, BOOLEAN):
        if decl.allows(t):
            return t
    return BY_NAME[decl.types.split("|")[0]]


def _dtype_type(arr: np.ndarray, port: Port) -> ElementType:
    try:
        return from_dtype(arr.dtype)
    except ParseError as e:
        raise InputError(e.message, line=port.line, port=port.id) from None
