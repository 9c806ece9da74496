"""Big IRs written as text, for the linear-time tests (tests/ir/test_linear_time.py) and the scale
benchmark (benchmarks/bench_startup.py): a plain chain, and the hostile shapes issue reports named."""

from __future__ import annotations

_PARAM = (
    '<layer id="0" name="x" type="Parameter" version="opset1"><data shape="1,8" element_type="f32"/>'
    '<output><port id="0" precision="FP32"><dim>1</dim><dim>8</dim></port></output></layer>'
)


def _net(layers, edges) -> str:
    return (
        '<?xml version="1.0"?>\n<net name="big" version="11">\n<layers>\n'
        + "\n".join(layers)
        + "\n</layers>\n<edges>\n"
        + "\n".join(edges)
        + "\n</edges>\n</net>\n"
    )


def _edge(a, b, c, d) -> str:
    return f'<edge from-layer="{a}" from-port="{b}" to-layer="{c}" to-port="{d}"/>'


def chain(n: int) -> str:
    """A valid model: n Relus in a row."""
    relu = (
        '<layer id="{0}" name="relu{0}" type="Relu" version="opset1"><input><port id="0" precision="FP32">'
        '<dim>1</dim><dim>8</dim></port></input><output><port id="1" precision="FP32"><dim>1</dim>'
        "<dim>8</dim></port></output></layer>"
    )
    layers = [_PARAM] + [relu.format(k) for k in range(1, n + 1)]
    layers.append(
        f'<layer id="{n + 1}" name="y" type="Result" version="opset1"><input><port id="0" '
        f'precision="FP32"><dim>1</dim><dim>8</dim></port></input></layer>'
    )
    edges = [_edge(k, 0 if k == 0 else 1, k + 1, 0) for k in range(n + 1)]
    return _net(layers, edges)


def many_ports(n: int) -> str:
    """One layer with n output ports, half of them read by an edge each (the edges looked the
    port up by a walk over the ports)."""
    ports = "".join(f'<port id="{k}" precision="FP32"><dim>1</dim></port>' for k in range(1, n + 1))
    layers = [
        _PARAM,
        f'<layer id="1" name="split" type="Split" version="opset1"><data num_splits="{n}"/><input>'
        f'<port id="0" precision="FP32"><dim>1</dim><dim>8</dim></port></input>'
        f"<output>{ports}</output></layer>",
    ]
    edges = [_edge(0, 0, 1, 0)]
    for k in range(n // 2):
        layers.append(
            f'<layer id="{k + 2}" name="r{k}" type="Result" version="opset1"><input><port id="0" '
            f'precision="FP32"><dim>1</dim></port></input></layer>'
        )
        edges.append(_edge(1, n - k, k + 2, 0))
    return _net(layers, edges)


def repeated_port_id(n: int) -> str:
    """One layer with n ports, the last two of one id (found by a list.count per port)."""
    ids = list(range(1, n + 1))
    ids[-1] = ids[-2]
    ports = "".join(f'<port id="{k}" precision="FP32"/>' for k in ids)
    return _net(
        [
            _PARAM,
            f'<layer id="1" name="split" type="Split" version="opset1"><data num_splits="{n}"/>'
            f'<input><port id="0" precision="FP32"/></input><output>{ports}</output></layer>',
        ],
        [_edge(0, 0, 1, 0)],
    )


def bad_edges(n: int) -> str:
    """n edges the schema (and the reader) refuse: libxml2 named each error's element by a walk
    over its siblings."""
    return _net([_PARAM], [f'<edge from-layer="0" to-layer="x{k}" from-port="-"/>' for k in range(n)])


# Both sizes in one child, the smaller first: peak RSS only grows, and the larger's peak is
# above the smaller's (the smaller's memory is freed before the larger is read).
