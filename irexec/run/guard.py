"""The run-time half of the sizing pass (irexec.run.sizing): the rule of each layer the pass could not
size ahead, run on the actual arrays before the layer computes."""

from __future__ import annotations

from ..errors import ExecutionError, IRExecError
from ..kernels.indices import IndexOutOfRangeError
from ..ops.op import Fact
from ..shapes import fmt, is_static, static


class Guard:
    """Called by the executor before a layer computes: runs the rule of a layer the sizing pass
    could not size on the actual arrays, and refuses an output over the budget."""

    def __init__(self, sizing, unsized: dict):
        self.sizing = sizing
        self.unsized = unsized  # layer id -> its inputs' element types

    def __call__(self, layer, arrays: list) -> None:
        etypes = self.unsized.get(layer.id)
        if etypes is None:  # sized ahead, or an op with bodies (sized as they run)
            return
        op = layer.op
        ins = [
            Fact(t, static(a.shape), a if op.declared_input(i).value else None)
            for i, (t, a) in enumerate(zip(etypes, arrays))
        ]
        where = dict(file=self.sizing.graph.path, **layer.where())
        try:
            outs = op.shape_infer(ins)
        except IRExecError as e:
            raise as_run_error(layer.named_port(e).located(**where)) from None
        except Exception as e:  # a value that breaks the rule's arithmetic (as in the sizing pass)
            raise ExecutionError(f"{type(e).__name__}: {e}", **where) from e
        if any(not is_static(f.shape) for f in outs):
            # Every input is now known: a rule that still cannot say the output's shape is a bug,
            # and the budget cannot hold without it.
            raise ExecutionError(
                f"internal error: {layer.type}'s shape rule gives "
                f"{', '.join(fmt(f.shape) for f in outs)} for static inputs",
                **where,
            )
        for k, fact in enumerate(outs):
            self.sizing._refuse_over_budget(layer, fact)
            self.sizing.refuse_departure(layer, k, fact)


def as_run_error(e: IRExecError) -> IRExecError:
    cls = IndexOutOfRangeError if e.code == "C004" else ExecutionError
    return cls(
        e.message, file=e.file, line=e.line, layer=e.layer, layer_id=e.layer_id, layer_type=e.layer_type, port=e.port
    )
