"""The OpenVINO side of ``irexec.compare``: the runtime (an optional extra, imported only here),
the device check, which IR layers have a device tensor, and running batches of exposed outputs."""

from __future__ import annotations

from ..errors import IRExecError, UsageError, one_line
from .report import Skipped
from .tensors import from_device, to_device

INSTALL = 'irexec compare needs the OpenVINO runtime: pip install "irexec[openvino]"'
# Layers with nothing to compare: inputs are fed alike, constants are the same bytes, an
# Assign's output is its input (and the device exposes none).
NOT_COMPARED = ("Parameter", "Const", "Result", "Assign")


def import_openvino():
    """The ``openvino`` module, or a UsageError saying what to install (the command asked for
    something this installation lacks, as ``show --svg`` without Graphviz: exit 2)."""
    try:
        import openvino
    except ImportError:
        raise UsageError(INSTALL) from None
    return openvino


def check_device(core, device: str) -> None:
    base = device.split(":", 1)[0].split(".", 1)[0]
    if base in ("AUTO", "HETERO", "MULTI", "BATCH"):
        return
    available = list(core.available_devices)
    if device not in available and base not in {d.split(".", 1)[0] for d in available}:
        raise UsageError(
            f"device '{one_line(device)}' is not available here (OpenVINO sees: {', '.join(available) or 'none'})"
        )


def ov_message(e: Exception) -> str:
    """OpenVINO's exception text on one line: its lines without the source locations."""
    lines = [ln.strip() for ln in str(e).splitlines()]
    kept = [ln for ln in lines if ln and not ln.startswith(("Exception from ", "Check '"))]
    return one_line(" ".join(kept or [ln for ln in lines if ln] or [type(e).__name__]))


def matched_ports(graph, order, ov_nodes: dict):
    """The (layer id, output) pairs to compare, in execution order, and the layers skipped: those
    OpenVINO's model has under no name, another type or another output count."""
    ports, skipped = [], []
    for lid in order:
        layer = graph.layer(lid)
        if layer.type in NOT_COMPARED or not layer.outputs:
            continue
        node = ov_nodes.get(layer.name)
        if node is None:
            reason = "OpenVINO's model has no layer of that name"
        elif node.get_type_name().lower() != layer.type.lower():  # (Softmax-8 is SoftMax in the IR)
            reason = f"OpenVINO's layer of that name is a {node.get_type_name()}"
        elif node.get_output_size() != len(layer.outputs):
            reason = f"OpenVINO's layer has {node.get_output_size()} outputs, the IR {len(layer.outputs)}"
        else:
            ports += [(lid, k) for k in range(len(layer.outputs))]
            continue
        skipped.append(Skipped(layer.name, lid, layer.type, reason))
    return ports, skipped


class Device:
    """One model read by OpenVINO for one device and configuration, run with chosen outputs exposed."""

    def __init__(self, ov, model: str, weights, device: str, config: dict, graph):
        self.core = ov.Core()
        check_device(self.core, device)
        try:
            self.model = self.core.read_model(model, weights) if weights else self.core.read_model(model)
        except Exception as e:  # OpenVINO raises RuntimeError subclasses for a model it refuses
            raise IRExecError(f"OpenVINO cannot read the model: {ov_message(e)}", file=str(model)) from None
        self.ov, self.device, self.config, self.graph = ov, device, config, graph
        self.nodes = {n.get_friendly_name(): n for n in self.model.get_ordered_ops()}
        self.names = {graph.layer(lid).name: lid for lid in graph.layers}

    def run(self, ports: list, steps: list, skipped: list) -> list:
        """Per step, the device's values of ``ports``. A batch the device cannot compile is split
        in halves, down to single outputs, which are skipped with OpenVINO's reason (when
        ``skipped`` is a list; else left out silently)."""
        try:
            return self._batch(ports, steps)
        except _CompileError as e:
            if len(ports) == 1:
                if skipped is not None:
                    layer = self.graph.layer(ports[0][0])
                    skipped.append(Skipped(layer.name, layer.id, layer.type, f"{self.device} cannot expose it: {e}"))
                return [{} for _ in steps]
        half = len(ports) // 2
        a, b = self.run(ports[:half], steps, skipped), self.run(ports[half:], steps, skipped)
        return [{**x, **y} for x, y in zip(a, b)]

    def _batch(self, ports: list, steps: list) -> list:
        graph = self.graph
        clone = self.model.clone()
        nodes = {n.get_friendly_name(): n for n in clone.get_ordered_ops()}
        clone.add_outputs([nodes[graph.layer(lid).name].output(k) for lid, k in ports])
        where = {}  # (friendly name, output) -> the compiled model's output index
        for i, result in enumerate(clone.get_results()):
            src = result.input_value(0)
            where.setdefault((src.get_node().get_friendly_name(), src.get_index()), i)
        try:
            compiled = self.core.compile_model(clone, self.device, self.config)
        except Exception as e:
            raise _CompileError(ov_message(e)) from None
        request = compiled.create_infer_request()
        per_step = []
        for k, feeds in enumerate(steps):
            given = {}
            for port in compiled.inputs:
                lid = self.names.get(port.get_node().get_friendly_name())
                if lid in feeds:
                    given[port] = to_device(self.ov, feeds[lid], port.get_element_type())
            try:
                request.infer(given)
            except Exception as e:
                at = f" at step {k}" if len(steps) > 1 else ""
                raise IRExecError(f"{self.device} failed to run the model{at}: {ov_message(e)}") from None
            per_step.append(
                {
                    (lid, i): from_device(request.get_output_tensor(where[(graph.layer(lid).name, i)]))
                    for lid, i in ports
                }
            )
        return per_step


class _CompileError(Exception):
    pass
