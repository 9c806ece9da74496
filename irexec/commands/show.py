"""``irexec show``: a model's summary, and its graph as DOT, SVG or PNG."""

from __future__ import annotations

import os
import sys

import click

from ..errors import UsageError, terminal_text
from ..show import summary as _show
from ..show.dot import to_dot
from ..show.select import View


@click.command()
@click.argument("model", type=click.Path(dir_okay=False))
@click.option(
    "-w", "--weights", type=click.Path(dir_okay=False), help="The .bin file (default: the model's path with .bin)."
)
@click.option(
    "--format",
    "out_format",
    type=click.Choice(["text", "json"]),
    default=None,
    help="The summary as text (the default) or JSON.",
)
@click.option(
    "--dot",
    "dot_file",
    metavar="FILE",
    help="Write the graph in Graphviz DOT ('-': to stdout, instead of the summary).",
)
@click.option("--svg", "svg_file", metavar="FILE", help="Write the graph as SVG (needs Graphviz's dot).")
@click.option("--png", "png_file", metavar="FILE", help="Write the graph as PNG (needs Graphviz's dot).")
@click.option(
    "--html",
    "html_file",
    metavar="FILE",
    help="Write the graph as one self-contained web page (no network): pan, zoom, search, and "
    "each layer's attributes, ports, shapes and findings on a click.",
)
@click.option(
    "--stats",
    "stats_dir",
    type=click.Path(file_okay=False),
    metavar="DUMP_DIR",
    help="With --html: add each tensor's statistics (min, max, mean, std, NaN/inf counts) from a 'run --dump' folder.",
)
@click.option(
    "--layers",
    "list_layers",
    is_flag=True,
    help="Add to the text summary a table of the layers: inputs, outputs and attributes.",
)
@click.option("--around", metavar="LAYER", help="Show only the layers near LAYER (a name or an id), in every output.")
@click.option(
    "--depth",
    type=click.IntRange(min=0),
    default=None,
    metavar="N",
    help="With --around: how many edges away a layer may be, either way (default 1).",
)
@click.option(
    "--fold-constants",
    "fold",
    is_flag=True,
    help="Draw no Const layers: list each constant in the layer that takes it.",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=120.0,
    show_default=True,
    metavar="SECONDS",
    help="The longest Graphviz may take to lay out the graph.",
)
def show(
    model,
    weights,
    out_format,
    dot_file,
    svg_file,
    png_file,
    html_file,
    stats_dir,
    list_layers,
    around,
    depth,
    fold,
    timeout,
):
    """Summarize MODEL: ops, inputs, outputs, constants and lint status; draw its graph.

    The graph's edges carry shapes and element types; layers with lint findings are filled red
    (errors) or amber (warnings). A model with errors is still shown: the exit status is 0
    whenever it can be read as a graph.

    \b
    Examples:
      irexec show models/kv_cache_update.xml
      irexec show model.xml --format json
      irexec show model.xml --dot model.dot --svg model.svg
      irexec show model.xml --around conv1 --depth 2 --fold-constants --svg near.svg
    """
    if depth is not None and around is None:
        raise UsageError("--depth needs --around")
    outputs = [
        (kind, path)
        for kind, path in (("dot", dot_file), ("svg", svg_file), ("png", png_file), ("html", html_file))
        if path is not None
    ]
    if stats_dir is not None and html_file is None:
        raise UsageError("--stats needs --html")
    if stats_dir is not None and not os.path.isfile(os.path.join(stats_dir, "index.json")):
        raise UsageError(f"--stats '{_show.printable(stats_dir)}': not a 'run --dump' folder (no index.json)")
    to_stdout = [kind for kind, path in outputs if path == "-"]
    if len(to_stdout) > 1:
        raise UsageError(f"only one of --{' and --'.join(to_stdout)} can write to stdout ('-')")
    if to_stdout and out_format is not None:
        raise UsageError(f"--{to_stdout[0]} - takes stdout, where the summary would go: drop --format")
    # Before any work, so that nothing is read or written when it cannot all be done.
    exe = _show.dot_executable() if svg_file is not None or png_file is not None else None

    report = _show.load(model, weights)
    graph = report.graph
    view = View(graph, around, 1 if depth is None else depth, fold)
    findings = view.findings(report.findings)
    made = []
    if outputs:
        dot_text = to_dot(view.graph, findings, report.facts, view)
        layers = view.graph.g.number_of_nodes()
        if exe and layers > _show.BIG_GRAPH:
            click.echo(
                f"note: {layers} layers: Graphviz may take minutes to lay them out (at most --timeout {timeout:g} s)",
                err=True,
            )
        # Every picture is made before any file is written: one that fails leaves none behind.
        for kind, path in outputs:
            if kind == "html":
                from ..show.html import dump_stats, to_html

                stats = dump_stats(stats_dir) if stats_dir is not None else None
                data = to_html(view.graph, findings, report.facts, stats).encode("utf-8")
            else:
                data = dot_text.encode("utf-8") if kind == "dot" else _show.render(dot_text, kind, timeout, exe)
            made.append((kind, path, data))
    for _kind, path, data in made:
        if path == "-":
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        else:
            _show.write_atomic(path, data)
    if not to_stdout:
        summary = _show.summarize(graph, report.findings, report.facts)
        if out_format == "json":
            summary["graph"] = view.to_dict(report.facts)
            click.echo(_show.to_json(summary))
        else:
            text = _show.format_text(summary)
            if list_layers or around is not None:
                text += "\n\n" + "\n".join(view.text(report.facts))
            click.echo(terminal_text(text))
    for kind, path, _ in made:
        if path != "-":
            click.echo(f"wrote {kind.upper()} to {_show.printable(path)}", err=True)
