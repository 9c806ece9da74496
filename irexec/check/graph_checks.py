"""The checks after reading: every op's shape rule over the whole graph, without data, and what
each port declares held against what the ops give.

Shape rules live with the ops (one definition for linting and running); this pass is the
linter's step on the one walker (irexec.check.shape_inference.walk): it compares, and keeps going past a
broken layer: a layer whose op cannot be built, or whose rule fails, passes on what its ports
declare, so one mistake is reported once, where it is. The bodies of If, Loop and TensorIterator
are checked by the same step, as their ops infer them, each problem under the layer's path
(``loop/body/add``).
"""

from __future__ import annotations

from ..errors import IRExecError, ValidationError
from ..graph import Graph, Port
from ..ops.bodies import BodyOp
from ..ops.op import Fact
from ..shapes import compatible, fmt, intersect, is_static
from .shape_inference import context_for, declared, layer_facts, walk


def agrees(declared_shape, shape) -> bool:
    """Whether a port's declared shape agrees with ``shape``. A port without dims is a scalar,
    or a shape of unknown rank as OpenVINO writes one (it writes no dims for ``[...]``): it agrees
    with any shape that is not fully static, which the rules may know more of than OpenVINO did."""
    return compatible(declared_shape, shape) or (declared_shape == () and not is_static(shape))


def refine(fact: Fact, port: Port) -> Fact:
    """What is known of a tensor from both the op's rule and the port's declaration (when they
    agree): the op's type and value, and the narrower of the two ranges for each dim."""
    shape = fact.shape
    if shape == port.shape and fact.etype is not None:
        return fact  # the common case: they say the same
    if shape is None:
        if port.shape != ():  # (no dims say nothing: a scalar and an unknown rank are written alike)
            shape = port.shape
    elif port.shape is not None and compatible(shape, port.shape):
        shape = tuple(intersect(a, b) for a, b in zip(shape, port.shape))
    return Fact(fact.etype or port.etype, shape, fact.value)


def check_graph(
    graph: Graph,
    problems: list,
    use_declared: bool = True,
    unused: bool = True,
    advice: bool = True,
    infer_again: bool = False,
) -> dict:
    """Infer every output of ``graph`` and report to ``problems`` (located IRExecErrors with rule
    codes) where the declarations disagree. Returns the facts: (layer id, output index) -> Fact.
    ``use_declared``: narrow each inferred fact by what its port declares, when the two agree
    (False: the ops' rules alone, to see how much they know). ``unused``: also warn of what
    the graph leaves unused (``check_uses``; False: the caller asks when it needs to).
    ``advice``: also ask each op for its warnings (``Op.advise``; False: errors only).
    ``infer_again``: a port's declaration the rule contradicts is reported and then ignored, as
    OpenVINO ignores it: downstream takes what the rule gives (``read_model(check=False)``);
    False: downstream takes what the port declares, so the mistake is reported once, where it is."""
    if unused:
        check_uses(graph, problems)
    try:
        order = graph.topological_order()
    except IRExecError:
        return {}  # the reader has reported the cycle: there is no order to infer in
    return walk(graph, order, Checker(graph, problems, use_declared, advice=advice, infer_again=infer_again).step)


class Checker:
    """The linter's step over one graph. In a body, ``feeds`` holds what the op passes its
    Parameters (Parameter id -> Fact) and ``owner`` the op's type; ``infer_again`` as in
    ``check_graph``."""

    def __init__(
        self,
        graph: Graph,
        problems: list,
        use_declared: bool = True,
        feeds: dict | None = None,
        owner: str | None = None,
        advice: bool = True,
        infer_again: bool = False,
    ):
        self.graph = graph
        self.infer_again = infer_again
        self.problems = problems
        self.use_declared = use_declared
        self.advice = advice
        self.feeds = feeds or {}
        self.owner = owner
        self.reported: dict = {}  # (layer id, output index) -> the port, when its declaration was reported wrong
        self.inferred: dict = {}  # ... and there, the fact the rule gave instead

    def step(self, layer, ins: list, feeds: dict | None = None) -> list:
        graph, problems, reported = self.graph, self.problems, self.reported
        lid = layer.id
        where = None  # (made when there is a problem to locate: most layers have none)
        if feeds is None:
            feeds = graph.producers(lid)
        for i, port in enumerate(layer.inputs):
            fact = ins[i]
            if fact is None:
                ins[i] = declared(port)
                continue
            if port.shape == fact.shape and port.etype is fact.etype:
                continue  # the common case: the port says what feeds it
            src = feeds[i]
            wrong_too = reported.get(src)
            truth = self.inferred.get(src)  # (a consumer may agree with the rule rather than the port)
            if (
                port.shape is not None
                and not agrees(port.shape, fact.shape)
                and not (wrong_too is not None and wrong_too.shape == port.shape)
                and not (truth is not None and compatible(port.shape, truth.shape))
            ):
                where = where or self.where(layer)
                problems.append(
                    _fix(
                        ValidationError(
                            f"the port declares shape {fmt(port.shape)}, but its input is {fmt(fact.shape)} "
                            f"({_from(graph, src)})",
                            port=port.id,
                            code="S003",
                            **_at(where, port),
                        ),
                        fact.shape,
                    )
                )
            if (
                port.etype is not None
                and fact.etype is not None
                and port.etype.name != fact.etype.name
                and not (wrong_too is not None and wrong_too.etype == port.etype)
                and not (truth is not None and truth.etype == port.etype)
            ):
                where = where or self.where(layer)
                problems.append(
                    _fix(
                        ValidationError(
                            f"the port declares {port.etype.name}, but its input is {fact.etype.name} "
                            f"({_from(graph, src)})",
                            port=port.id,
                            code="S004",
                            **_at(where, port),
                        ),
                        fact.etype,
                    )
                )
        # A port reported wrong feeds the rules downstream what it declares: the mistake is reported
        # where it is, not again at each layer whose rule would meet the shape the port did not say.
        # (A port without dims says no rank: a scalar and an unknown rank are written alike.)
        rule_ins = (
            [
                Fact(reported[feeds[i]].etype or f.etype, reported[feeds[i]].shape or None)
                if i in feeds and feeds[i] in reported and reported[feeds[i]].shape is not None
                else f
                for i, f in enumerate(ins)
            ]
            if reported and not self.infer_again
            else ins
        )
        outs, gives = None, None
        if layer.type == "Parameter" and lid in self.feeds:
            outs, gives = [self.feeds[lid]], f"the {self.owner} passes"
        elif layer.op is not None:
            outs = self.infer(layer, rule_ins)
        outputs = layer.outputs
        if outs is None or len(outs) != len(outputs):
            outs = [declared(p) for p in outputs]
        facts = []
        for i, port in enumerate(outputs):
            fact = outs[i]
            if port.shape == fact.shape and port.etype is fact.etype:
                facts.append(fact)  # (what refine gives when the two agree)
                continue
            wrong = False
            if not agrees(port.shape, fact.shape):
                wrong = True
                where = where or self.where(layer)
                problems.append(
                    _fix(
                        ValidationError(
                            f"the port declares shape {fmt(port.shape)}, but {gives or layer.type + ' gives'} "
                            f"{fmt(fact.shape)}",
                            port=port.id,
                            code="S001",
                            **_at(where, port),
                        ),
                        fact.shape,
                    )
                )
            if port.etype is not None and fact.etype is not None and port.etype.name != fact.etype.name:
                wrong = True
                where = where or self.where(layer)
                problems.append(
                    _fix(
                        ValidationError(
                            f"the port declares {port.etype.name}, but {gives or layer.type + ' gives'} {fact.etype.name}",
                            port=port.id,
                            code="S002",
                            **_at(where, port),
                        ),
                        fact.etype,
                    )
                )
            if wrong:
                # Downstream takes what the port declares, so the mistake is reported here only,
                # not again at each layer that would otherwise see the shape the rule gives.
                reported[(lid, i)] = port
                self.inferred[(lid, i)] = fact
                facts.append(fact)
            else:
                facts.append(refine(fact, port) if self.use_declared else fact)
        return facts

    def where(self, layer) -> dict:
        return dict(file=self.graph.path, **layer.where())

    def infer(self, layer, ins: list) -> list | None:
        """The op's rule (its bodies checked through the context it is given); None when it fails."""
        op = layer.op
        found: dict | None = None  # body name -> what its latest inference found (an op may infer a body again)
        context = None
        if isinstance(op, BodyOp):
            found = {}

            def body_step(body, feeds: dict):
                inside = found[body.name] = []
                check_uses(body.graph, inside, in_body=True)
                return Checker(
                    body.graph, inside, self.use_declared, feeds, layer.type, self.advice, self.infer_again
                ).step

            context = context_for(op, body_step)
        problems = self.problems
        try:
            outs = layer_facts(op, ins, context)
            advice = op.advise(ins) if self.advice else None
            if advice:
                where = self.where(layer)
                problems.extend(layer.named_port(w).located(code="S005", **where) for w in advice)
            return outs
        except IRExecError as e:
            problems.append(layer.named_port(e).located(code="S005", **self.where(layer)))
        except Exception as e:  # a value that breaks an op's arithmetic, found while folding
            problems.append(ValidationError(f"{type(e).__name__}: {e}", code="S005", **self.where(layer)))
        finally:
            if found:
                for inside in found.values():
                    problems.extend(inside)
        return None


def _from(graph: Graph, src: tuple) -> str:
    layer = graph.layer(src[0])
    return f"output {layer.outputs[src[1]].id} of layer '{layer.name}', id {layer.id}"


def check_uses(graph: Graph, problems: list, in_body: bool = False) -> None:
    """Warnings about what the graph leaves unused (a body's Parameters are the op's to use)."""
    results = 0
    for lid, layer in graph.layers.items():
        if layer.type == "Result":
            results += 1
        elif (
            layer.outputs
            and not graph.succ.get(lid)
            and lid not in graph.used
            and not (in_body and layer.type == "Parameter")
        ):
            problems.append(
                ValidationError("nothing uses the layer's outputs", code="G009", file=graph.path, **layer.where())
            )
    if not results and graph.layers and not in_body:
        problems.append(
            ValidationError("the model has no Result layer: it computes nothing", code="G010", file=graph.path)
        )


def _at(where: dict, port: Port) -> dict:
    """The location of a finding about a port: the port's own line (the layer's when unknown)."""
    return dict(where, line=port.line or where.get("line"))


def _fix(err: ValidationError, want) -> ValidationError:
    """The fix a port's finding has: declare what the rule gives (dims, or the precision)."""
    if isinstance(want, tuple):
        err.fix = f"declare {fmt(want)}"
    elif want is not None:
        err.fix = f"declare {want.precision}"
    return err
