"""``--profile``: each layer's time as a table or, with ``--report``, as JSON or CSV, and the latency
figures benchmark_app gives."""

from __future__ import annotations

import statistics

from ..errors import one_line
from ..limits import fmt_bytes
from ..run.profiling import type_rows


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.3f}"


def profile_table(infos: list, runs: int, wall: float) -> str:
    """Each layer, slowest first (ties in execution order), then the total."""
    total = sum(i.seconds for i in infos)
    rows = [("time ms", "share", "layer", "type", "id", "output", "size")]
    for i in sorted(infos, key=lambda i: -i.seconds):
        outs = "; ".join(f"{et} {list(shape)}" for shape, et in i.outputs) or "-"
        rows.append(
            (
                _ms(i.seconds),
                _share(i.seconds, total),
                one_line(i.node_name),
                one_line(i.node_type),
                one_line(i.node_id),
                outs,
                fmt_bytes(i.nbytes) if i.outputs else "-",
            )
        )
    rows.append(
        (
            _ms(total),
            _share(total, total),
            f"total: {len(infos)} layers",
            "",
            "",
            "",
            fmt_bytes(sum(i.nbytes for i in infos)),
        )
    )
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    lines = []
    for r in rows:
        cells = [r[0].rjust(widths[0]), r[1].rjust(widths[1])] + [c.ljust(w) for c, w in zip(r[2:], widths[2:])]
        lines.append("  ".join(cells).rstrip())
    how = "one profiled run" if runs == 1 else f"median of {runs} profiled runs"
    lines.append(f"({how}; a profiled infer() call took {_ms(wall)} ms)")
    return "\n".join(lines)


def type_table(infos: list) -> str:
    """The per-type summary as a table."""
    rows = [("time ms", "share", "type", "layers")] + [
        (f"{r['time_ms']:.3f}", f"{100 * r['share']:.1f}%", one_line(r["type"]), str(r["count"]))
        for r in type_rows(infos)
    ]
    widths = [max(len(r[c]) for r in rows) for c in range(4)]
    return "\n".join(
        "  ".join([r[0].rjust(widths[0]), r[1].rjust(widths[1]), r[2].ljust(widths[2]), r[3].rjust(widths[3])]).rstrip()
        for r in rows
    )


def latency_figures(walls: list, profiled: list | None = None) -> dict:
    """benchmark_app's figures, from each run's wall time: the first inference apart (it sizes the
    model for its inputs), and the latency of the runs after it (all of them when there is one);
    with ``profiled`` (the profiled runs' wall times), their median and what the per-layer hooks
    cost, beyond the plain runs' median."""
    rest = walls[1:] or walls
    mean = sum(rest) / len(rest)
    figures = {
        "runs": len(walls),
        "first_inference_ms": walls[0] * 1e3,
        "latency_median_ms": statistics.median(rest) * 1e3,
        "latency_average_ms": mean * 1e3,
        "latency_min_ms": min(rest) * 1e3,
        "latency_max_ms": max(rest) * 1e3,
        "throughput_per_s": 1.0 / mean if mean > 0 else float("inf"),
    }
    if profiled:
        figures["profiled_runs"] = len(profiled)
        figures["profiled_median_ms"] = statistics.median(profiled) * 1e3
        figures["profiler_cost_ms"] = figures["profiled_median_ms"] - figures["latency_median_ms"]
    return figures


def latency_lines(walls: list, profiled: list | None = None) -> str:
    f = latency_figures(walls, profiled)
    if len(walls) == 1:
        counted = "the first run alone: cold, it sizes the model and unpacks its constants"
    else:
        n = len(walls) - 1
        counted = f"{n} run{'s' if n > 1 else ''} after the first" + (
            ", without the per-layer profiler" if profiled else ""
        )
    lines = [
        f"latency ms: median {f['latency_median_ms']:.3f}, average {f['latency_average_ms']:.3f}, "
        f"min {f['latency_min_ms']:.3f}, max {f['latency_max_ms']:.3f} ({counted})",
        f"throughput: {f['throughput_per_s']:.1f} inferences/s; first inference (cold): {f['first_inference_ms']:.3f} ms",
    ]
    if profiled:
        lines.append(
            f"the per-layer profiler: {f['profiler_cost_ms']:+.3f} ms a run "
            f"(a profiled run's median {f['profiled_median_ms']:.3f} ms, not in the latency)"
        )
    return "\n".join(lines)


def profile_report(infos: list, walls: list, kind: str, profiled: list | None = None) -> str:
    """The profile as JSON or CSV: the latency figures, and a row per layer (slowest first)."""
    total = sum(i.seconds for i in infos)
    # (Names from the model: escaped in CSV as on the terminal; JSON escapes them itself.)
    name = (lambda t: t) if kind == "json" else one_line
    rows = [
        {
            "layer": name(i.node_name),
            "type": name(i.node_type),
            "id": name(i.node_id),
            "time_ms": i.seconds * 1e3,
            "share": i.seconds / total if total > 0 else 0.0,
            "outputs": "; ".join(f"{et} {list(shape)}" for shape, et in i.outputs),
            "bytes": i.nbytes,
        }
        for i in sorted(infos, key=lambda i: -i.seconds)
    ]
    figures = latency_figures(walls, profiled)
    types = type_rows(infos)
    if kind == "json":
        import json

        for t in types:
            t["type"] = name(t["type"])
        return json.dumps({"summary": figures, "types": types, "layers": rows}, indent=2)
    import csv
    import io

    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["metric", "value"])
    for k, v in figures.items():
        writer.writerow([k, _cell(v)])
    writer.writerow([])
    writer.writerow(["type", "layers", "time_ms", "share"])
    for t in types:
        writer.writerow([_cell(one_line(t["type"])), t["count"], _cell(t["time_ms"]), _cell(t["share"])])
    writer.writerow([])
    writer.writerow(["layer", "type", "id", "time_ms", "share", "outputs", "bytes"])
    for r in rows:
        writer.writerow([_cell(v) for v in r.values()])
    return buf.getvalue().rstrip("\n")


def _cell(value):
    """A CSV cell: floats to 6 digits; a name a spreadsheet would take for a formula behind an
    apostrophe (names come from the model)."""
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _share(part: float, total: float) -> str:
    return f"{100 * part / total:.1f}%" if total > 0 else "-"
