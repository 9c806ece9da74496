"""What the family modules still use from the old op API (``infer``/``eval`` faces)."""
import numpy as np

from ...errors import ValidationError
from ...shapes import static
from ..op import FOLD_LIMIT, Fact, Op  # noqa: F401
from ..attrs import Attr, REQUIRED  # noqa: F401
from ..registry import REGISTRY, register  # noqa: F401


class LegacyOp(Op):
    legacy = True

    def shape_infer(self, ins):
        return self.infer(ins)

    def evaluate(self, arrays, out=None):
        return self.eval(arrays) if out is None else self.eval(arrays, out=out)

    def eval_inplace(self, ins):
        return self.eval(ins, out=ins[self.inplace_input])


def register_alias(cls, version):
    key = (cls.type, version)
    if key in REGISTRY:
        raise RuntimeError(f"op {key} registered twice")
    REGISTRY[key] = cls


def require_same_type(ins, positions=(0, 1), what="inputs"):
    types = [ins[i].etype for i in positions if i < len(ins) and ins[i].etype is not None]
    if len(set(t.name for t in types)) > 1:
        raise ValidationError(f"{what} must have one element type, got {', '.join(t.name for t in types)}")


def require_integer(fact, what):
    if fact.etype is not None and not fact.etype.is_integer:
        raise ValidationError(f"{what} must be of an integer type, got {fact.etype}")


def values_known(ins):
    return all(f.value is not None for f in ins)


def fold(op, ins, out_etypes):
    if not values_known(ins):
        return None
    outs = op.eval([f.value for f in ins])
    if any(np.size(o) > FOLD_LIMIT for o in outs):
        return [Fact(t, static(np.shape(o))) for t, o in zip(out_etypes, outs)]
    return [Fact(t, static(np.shape(o)), np.asarray(o)) for t, o in zip(out_etypes, outs)]
