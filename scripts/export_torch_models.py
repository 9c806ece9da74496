#!/usr/bin/env python3
"""Export small PyTorch programs to OpenVINO IR with ``openvino.convert_model`` and record torch's
own outputs next to them (a development-time tool, like scripts/make_models.py: the tests read the
committed files and need neither torch nor this script).

For every program NAME this writes, into tests/data/torch/:
- NAME.xml / NAME.bin: ``ov.convert_model(module, example_input=...)`` saved with
  ``ov.save_model(..., compress_to_fp16=False)``;
- NAME.npz: ``in:<input name>`` for each model input in order and ``out:<i>`` for torch's outputs.

The programs cover what converters emit around scatters (see the field notes measured on the runtime): ``scatter``,
``scatter_add``, ``scatter_reduce`` (every reduce, include_self True/False), ``index_put`` with and
without accumulate, ``index_add``, ``index_copy`` along a non-zero dim, ``torch.gather``, negative
dims, several element types, and a tiny KV-cache attention step mixing them.

Usage: pip install torch==2.13.0 (the CPU build), then python scripts/export_torch_models.py
[NAME ...]. Seeds are fixed: rerunning rewrites identical inputs and outputs.
"""

from __future__ import annotations

import inspect
import os
import sys

import numpy as np
import openvino as ov
import torch

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data", "torch")

PROGRAMS = {}


def program(fn):
    """Register a builder returning (module, example inputs as a tuple of tensors)."""
    PROGRAMS[fn.__name__] = fn
    return fn


def module(forward):
    """A module whose forward is ``forward`` (its parameter names name the model inputs)."""
    cls = type(forward.__name__, (torch.nn.Module,), {"forward": lambda self, *a: forward(*a)})
    params = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)] + list(
        inspect.signature(forward).parameters.values()
    )
    cls.forward.__signature__ = inspect.Signature(params)
    return cls()


def rand(*shape, dtype=torch.float32):
    return torch.randn(*shape).to(dtype)


def ints(lo, hi, *shape, dtype=torch.int64):
    return torch.randint(lo, hi, shape).to(dtype)


def perm_rows(n_rows, n, k):
    """Index [n_rows, k]: each row k distinct positions in [0, n) (no duplicates, so scatter
    without reduction is deterministic in torch)."""
    return torch.stack([torch.randperm(n)[:k] for _ in range(n_rows)])


# --- scatter / scatter_add / gather -------------------------------------------------------------


@program
def scatter_src_f32():
    """x.scatter(1, idx, src): float data, index from the caller, no duplicate targets."""

    def forward(x, idx, src):
        return x.scatter(1, idx, src)

    return module(forward), (rand(4, 6), perm_rows(4, 6, 3), rand(4, 3))


@program
def scatter_value_negdim_i64():
    """x.scatter(-1, idx, value) with a scalar value, int64 data, a negative dim."""

    def forward(x, idx):
        return x.scatter(-1, idx, -7)

    return module(forward), (ints(-100, 100, 3, 5), perm_rows(3, 5, 2))


@program
def scatter_dim0_f16():
    """x.scatter(0, idx, src) on float16 data; idx is a constant baked into the program."""
    idx = torch.tensor([[2, 0, 1, 3], [0, 3, 2, 1]])

    def forward(x, src):
        return x.scatter(0, idx, src)

    return module(forward), (rand(4, 4, dtype=torch.float16), rand(2, 4, dtype=torch.float16))


@program
def scatter_add_f32():
    """x.scatter_add(0, idx, src) with duplicate targets (accumulated in index order)."""

    def forward(x, idx, src):
        return x.scatter_add(0, idx, src)

    return module(forward), (rand(3, 4), ints(0, 3, 6, 4), rand(6, 4))


@program
def scatter_add_negdim_i32():
    """int32 scatter_add along dim -1 with duplicates, on a 3-D tensor."""

    def forward(x, idx, src):
        return torch.scatter_add(x, -1, idx, src)

    return module(forward), (
        ints(-50, 50, 2, 3, 4, dtype=torch.int32),
        ints(0, 4, 2, 3, 5),
        ints(-50, 50, 2, 3, 5, dtype=torch.int32),
    )


@program
def scatter_add_f16():
    """float16 scatter_add with duplicates. Torch accumulates in f32 and rounds once, like the
    CPU plugin; rounding to f16 after every add would give other values on these inputs."""

    def forward(x, idx, src):
        return x.scatter_add(1, idx, src)

    return module(forward), (rand(3, 4, dtype=torch.float16), ints(0, 4, 3, 8), rand(3, 8, dtype=torch.float16))


def _reduce_program(reduce, include_self, dim, data, idx, src):
    def forward(x, idx, src):
        return x.scatter_reduce(dim, idx, src, reduce=reduce, include_self=include_self)

    return module(forward), (data, idx, src)


def _reduce_case(name, reduce, include_self, dtype, dim, make):
    def build():
        data, idx, src = make(dtype)
        return _reduce_program(reduce, include_self, dim, data, idx, src)

    build.__name__ = name
    build.__doc__ = (
        f"x.scatter_reduce({dim}, idx, src, reduce='{reduce}', "
        f"include_self={include_self}) on {str(dtype).replace('torch.', '')}; duplicates, "
        f"and positions no index reaches."
    )
    program(build)


def _float_data(dtype):
    # idx covers rows 0..2 only: row 3 keeps data, whatever the reduction.
    return rand(4, 5, dtype=dtype), ints(0, 3, 6, 5), rand(6, 5, dtype=dtype)


def _int_data(dtype):
    # idx covers rows 0..2 only: row 3 keeps data, whatever the reduction.
    return ints(-20, 20, 4, 5, dtype=dtype), ints(0, 3, 6, 5), ints(-20, 20, 6, 5, dtype=dtype)


def _prod_data(dtype):
    return ints(-4, 5, 4, 5, dtype=dtype), ints(0, 3, 6, 5), ints(-3, 4, 6, 5, dtype=dtype)


def _neg_mean_data(dtype):
    # Negative sums that do not divide evenly: floor and truncation disagree on them.
    return ints(-20, 5, 4, 5, dtype=dtype), ints(0, 3, 6, 5), ints(-20, 5, 6, 5, dtype=dtype)


for _incl in (True, False):
    _tag = "self" if _incl else "noself"
    _reduce_case(f"scatter_reduce_sum_{_tag}_f32", "sum", _incl, torch.float32, 0, _float_data)
    _reduce_case(f"scatter_reduce_prod_{_tag}_i64", "prod", _incl, torch.int64, 0, _prod_data)
    _reduce_case(f"scatter_reduce_amax_{_tag}_f32", "amax", _incl, torch.float32, -2, _float_data)
    _reduce_case(f"scatter_reduce_amin_{_tag}_i32", "amin", _incl, torch.int32, 0, _int_data)
    _reduce_case(f"scatter_reduce_mean_{_tag}_f32", "mean", _incl, torch.float32, 0, _float_data)
    _reduce_case(f"scatter_reduce_mean_{_tag}_i64", "mean", _incl, torch.int64, 0, _neg_mean_data)
_reduce_case(
    "scatter_reduce_amax_noself_f16",
    "amax",
    False,
    torch.float16,
    1,
    lambda dt: (rand(3, 6, dtype=dt), ints(0, 6, 3, 4), rand(3, 4, dtype=dt)),
)
_reduce_case(
    "scatter_reduce_prod_self_f32",
    "prod",
    True,
    torch.float32,
    1,
    lambda dt: (rand(3, 4, dtype=dt), ints(0, 4, 3, 6), rand(3, 6, dtype=dt)),
)


@program
def gather_negdim_f32():
    """torch.gather(x, -1, idx): repeated and reordered picks along the last dim."""

    def forward(x, idx):
        return torch.gather(x, -1, idx)

    return module(forward), (rand(2, 3, 5), ints(0, 5, 2, 3, 7))


@program
def gather_dim0_i32():
    """torch.gather(x, 0, idx) on int32 data."""

    def forward(x, idx):
        return torch.gather(x, 0, idx)

    return module(forward), (ints(-1000, 1000, 5, 3, dtype=torch.int32), ints(0, 5, 4, 3))


# --- index_put / index_add / index_copy ----------------------------------------------------------


@program
def index_put_rows_f32():
    """y = x.clone(); y[i] = v: whole rows, indices from the caller (one negative), no duplicates."""

    def forward(x, i, v):
        y = x.clone()
        y[i] = v
        return y

    return module(forward), (rand(5, 3), torch.tensor([3, -5, 1]), rand(3, 3))


@program
def index_put_scalar_i64():
    """y = x.clone(); y[idx] = 0 (a broadcast scalar) on int64 data, constant indices."""
    idx = torch.tensor([0, -1])

    def forward(x):
        y = x.clone()
        y[idx] = 0
        return y

    return module(forward), (ints(-100, 100, 4, 3),)


@program
def index_put_2d_f16():
    """y = x.clone(); y[r, c] = v: element pairs (two index tensors), float16."""

    def forward(x, r, c, v):
        y = x.clone()
        y[r, c] = v
        return y

    return module(forward), (
        rand(4, 5, dtype=torch.float16),
        torch.tensor([0, 3, -1, 2]),
        torch.tensor([4, 0, 2, -2]),
        rand(4, dtype=torch.float16),
    )


@program
def index_put_i32_indices_f32():
    """y = x.clone(); y[i] = v with int32 indices (torch accepts them; no Convert to i64)."""

    def forward(x, i, v):
        y = x.clone()
        y[i] = v
        return y

    return module(forward), (rand(5, 3), torch.tensor([4, -2, 0], dtype=torch.int32), rand(3, 3))


@program
def index_put_mask_f32():
    """y = x.clone(); y[mask] = 0.5: a boolean-mask index_put (lowered without any scatter)."""

    def forward(x, mask):
        y = x.clone()
        y[mask] = 0.5
        return y

    return module(forward), (rand(4, 3), rand(4, 3) > 0)


@program
def index_put_kv_slice_f32():
    """The usual KV-cache write, cache[:, :, pos] = new: an index after leading full slices,
    which the converter lowers through its SliceAssign pattern (transpose, scatter, transpose)."""

    def forward(cache, pos, new):
        y = cache.clone()
        y[:, :, pos] = new
        return y

    return module(forward), (torch.zeros(1, 2, 5, 3), torch.tensor([3, 1]), rand(1, 2, 2, 3))


@program
def index_put_accumulate_f32():
    """x.index_put_((i,), v, accumulate=True) with duplicate rows, on a clone."""

    def forward(x, i, v):
        return x.clone().index_put_((i,), v, accumulate=True)

    return module(forward), (rand(4, 3), torch.tensor([1, 3, 1, 1, -1]), rand(5, 3))


@program
def index_put_accumulate_i32():
    """index_put_ with accumulate=True on int32 element pairs, duplicates included."""

    def forward(x, r, c, v):
        return x.clone().index_put_((r, c), v, accumulate=True)

    return module(forward), (
        ints(-9, 10, 3, 4, dtype=torch.int32),
        torch.tensor([0, 2, 0, 1, 0]),
        torch.tensor([1, 3, 1, 0, 1]),
        ints(-9, 10, 5, dtype=torch.int32),
    )


@program
def index_add_dim1_f32():
    """x.index_add(1, idx, src, alpha=2) with a repeated column."""

    def forward(x, idx, src):
        return x.index_add(1, idx, src, alpha=2.0)

    return module(forward), (rand(3, 5), torch.tensor([4, 0, 4]), rand(3, 3))


@program
def index_add_i64():
    """x.index_add(0, idx, src) on int64 data, duplicates included."""

    def forward(x, idx, src):
        return x.index_add(0, idx, src)

    return module(forward), (ints(-100, 100, 4, 2, 3), torch.tensor([2, 0, 2, 3]), ints(-100, 100, 4, 2, 3))


@program
def index_copy_kv_f32():
    """A KV-cache write: cache.index_copy(2, pos, new) on [batch, heads, time, dim]."""

    def forward(cache, pos, new):
        return cache.index_copy(2, pos, new)

    return module(forward), (torch.zeros(1, 2, 6, 4), torch.tensor([3, 4]), rand(1, 2, 2, 4))


@program
def index_copy_negdim_f16():
    """cache.index_copy(-2, pos, new) on float16 [time, dim] slices of a 3-D cache."""

    def forward(cache, pos, new):
        return cache.index_copy(-2, pos, new)

    return module(forward), (rand(2, 5, 3, dtype=torch.float16), torch.tensor([4]), rand(2, 1, 3, dtype=torch.float16))


# --- a slightly bigger program ---------------------------------------------------------------------


@program
def kv_attention_step():
    """One decoding step of a tiny attention layer without matmul: write the new key/value at
    ``pos`` with index_copy, gather the cached keys/values of a few past positions, score them
    with elementwise arithmetic, normalise, mix the values; also return the updated caches and
    a scatter_add'ed usage count per position."""

    def forward(k_cache, v_cache, q, k_new, v_new, pos, pick, usage):
        k_cache = k_cache.index_copy(2, pos, k_new)  # [B, H, T, D]
        v_cache = v_cache.index_copy(2, pos, v_new)
        b, h, _, d = k_cache.shape
        sel = pick.view(1, 1, -1, 1).expand(b, h, -1, d)  # [B, H, P, D]
        k = torch.gather(k_cache, 2, sel)
        v = torch.gather(v_cache, 2, sel)
        s = (q * k).sum(-1) * 0.5  # [B, H, P]
        w = torch.softmax(s, dim=-1)
        out = (w.unsqueeze(-1) * v).sum(-2)  # [B, H, D]
        usage = usage.scatter_add(0, pick, torch.ones_like(pick))
        return out, k_cache, v_cache, usage

    B, H, T, D = 1, 2, 6, 4
    return module(forward), (
        rand(B, H, T, D),
        rand(B, H, T, D),
        rand(B, H, 1, D),
        rand(B, H, 1, D),
        rand(B, H, 1, D),
        torch.tensor([4]),
        torch.tensor([4, 1, 4]),
        torch.zeros(T, dtype=torch.int64),
    )


@program
def kv_cache_update_mix():
    """The arithmetic-only core of a decoding step: index_copy the new token into the cache,
    torch.gather a few rows back, combine them elementwise with the query, and count uses with
    index_put accumulate; no reductions beyond the scatters themselves."""

    def forward(cache, new, pos, pick, q, hits):
        cache = cache.index_copy(1, pos, new)  # [H, T, D]
        sel = pick.view(1, -1, 1).expand(cache.shape[0], -1, cache.shape[2])
        rows = torch.gather(cache, 1, sel)  # [H, P, D]
        mixed = rows * q - rows / 2 + 1
        hits = hits.clone().index_put_((pick,), torch.ones_like(pick), accumulate=True)
        return mixed, cache, hits

    H, T, D = 2, 5, 3
    return module(forward), (
        rand(H, T, D),
        rand(H, 1, D),
        torch.tensor([2]),
        torch.tensor([2, 0, 2, 4]),
        rand(H, 1, D),
        torch.zeros(T, dtype=torch.int64),
    )


def export(name):
    torch.manual_seed(sum(map(ord, name)))
    mod, inputs = PROGRAMS[name]()
    with torch.no_grad():
        expected = mod(*[t.clone() for t in inputs])
    expected = list(expected) if isinstance(expected, (tuple, list)) else [expected]
    model = ov.convert_model(mod, example_input=inputs)
    xml = os.path.join(OUT, name + ".xml")
    ov.save_model(model, xml, compress_to_fp16=False)
    names = [p.get_any_name() for p in model.inputs]
    assert len(names) == len(inputs), (name, names)
    arrays = {f"in:{n}": t.numpy() for n, t in zip(names, inputs)}
    arrays.update({f"out:{i}": t.numpy() for i, t in enumerate(expected)})
    np.savez(os.path.join(OUT, name + ".npz"), **arrays)
    return xml


def main(argv):
    os.makedirs(OUT, exist_ok=True)
    unknown = [n for n in argv if n not in PROGRAMS]
    if unknown:
        sys.exit(f"unknown program(s): {', '.join(unknown)} (known: {', '.join(PROGRAMS)})")
    for name in argv or PROGRAMS:
        print("wrote", os.path.relpath(export(name)))
    print(f"torch {torch.__version__}, openvino {ov.__version__}")


if __name__ == "__main__":
    main(sys.argv[1:])
