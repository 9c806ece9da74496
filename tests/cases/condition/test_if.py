"""If-8 against the CPU plugin: the condition fed at run time (true and false, a scalar and a
1-element tensor) and constant, bodies whose outputs differ in shape (the output's dims then
dynamic), a body that ignores an input, a Loop inside a body, f32 and i32. Only the taken body
runs: a run-time error in the other one is never met."""

import numpy as np
import openvino as ov

from cases.bodies_builder import BodyCase, BodyError, BodyTable, by_type, const, floats, if_op, loop, o8, param

A = floats(2, 3)
B = floats(2, 4, seed=1)


def add_or_multiply(cond, cond_const=False, b=A, dtype=np.float32):
    """then: a + a; else: b * b (its own shape)."""

    def build(f):
        c = f.value(np.asarray(cond, np.bool_), const=cond_const)
        a, bb = f.value(A.astype(dtype)), f.value(b.astype(dtype))
        tp, ep = param(A.shape, dtype), param(b.shape, dtype)
        tr, er = o8.result(o8.add(tp, tp)), o8.result(o8.multiply(ep, ep))
        return if_op(c, ov.Model([tr], [tp]), ov.Model([er], [ep]), [(a, tp, None), (bb, None, ep)], [(tr, er)])

    return build


def two_outputs(cond):
    """Two outputs; the else body ignores its input and gives constants."""

    def build(f):
        c, a = f.value(np.bool_(cond)), f.value(A)
        tp = param(A.shape)
        t1, t2 = o8.result(o8.negative(tp)), o8.result(o8.reduce_sum(tp, const([1]), False))
        ep = param(A.shape)
        e1, e2 = o8.result(o8.constant(np.ones((2, 3), np.float32))), o8.result(o8.constant(np.zeros(2, np.float32)))
        return if_op(c, ov.Model([t1, t2], [tp]), ov.Model([e1, e2], [ep]), [(a, tp, ep)], [(t1, e1), (t2, e2)])

    return build


def loop_in_then(cond):
    """then: a Loop that adds a to itself three times; else: a."""

    def build(f):
        c, a = f.value(np.bool_(cond)), f.value(A)
        tp, ep = param(A.shape), param(A.shape)
        i, s, x = param([], np.int64), param(A.shape), param(A.shape)
        nxt = o8.add(s, x)
        inner, _ = loop(
            const(3), const(True, np.bool_), [o8.result(const(True, np.bool_)), o8.result(nxt)], [i, s, x], current=0
        )
        inner.set_merged_input(s, tp.output(0), nxt.output(0))
        inner.set_invariant_input(x, tp.output(0))
        tr, er = o8.result(inner.get_iter_value(nxt.output(0), -1)), o8.result(o8.abs(ep))
        return if_op(c, ov.Model([tr], [tp]), ov.Model([er], [ep]), [(a, tp, ep)], [(tr, er)])

    return build


TABLE = BodyTable(
    "If",
    "opset8",
    cases=[
        BodyCase("cond true at run time", add_or_multiply(True), expect=[A + A]),
        BodyCase("cond false at run time", add_or_multiply(False), expect=[A * A]),
        BodyCase("cond a 1-element tensor", add_or_multiply([False])),
        BodyCase("bodies of different shapes, then taken", add_or_multiply(True, b=B), expect=[A + A]),
        BodyCase("bodies of different shapes, else taken", add_or_multiply(False, b=B), expect=[B * B]),
        BodyCase("cond constant true", add_or_multiply(True, cond_const=True, b=B)),
        BodyCase("cond constant false", add_or_multiply(False, cond_const=True, b=B)),
        BodyCase("i32", add_or_multiply(False, dtype=np.int32)),
        BodyCase("two outputs, then", two_outputs(True), expect=[-A, A.sum(1)]),
        BodyCase("two outputs, else ignores its input", two_outputs(False), expect=[np.ones((2, 3)), np.zeros(2)]),
        BodyCase("a Loop in the then body, taken", loop_in_then(True), expect=[4 * A]),
        BodyCase("a Loop in the then body, not taken", loop_in_then(False), expect=[np.abs(A)]),
    ],
    errors=[
        BodyError(
            "an else body Parameter nothing feeds",
            add_or_multiply(True),
            lambda root: _drop_else_input(root),
            r"no port map <input> feeds the Parameter",
            code="G004",
            layer=r"If_\d+/else_body/.*",
        ),
        BodyError(
            "an output no Result gives",
            add_or_multiply(True),
            lambda root: (
                by_type(root, "If").find("then_port_map").remove(by_type(root, "If").find("then_port_map/output"))
            ),
            r"no Result of the then_body gives the If's output port",
            code="S005",
            layer=r"If_\d+",
        ),
        BodyError(
            "cond of two elements",
            add_or_multiply([True, False]),
            lambda root: None,
            r"cond must be a scalar or a 1-element tensor",
            code="S005",
            layer=r"If_\d+",
        ),
    ],
)


def _drop_else_input(root):
    pm = by_type(root, "If").find("else_port_map")
    pm.remove(pm.find("input"))


test_cases, test_errors = TABLE.pytest()
