"""``irexec run``: run a model on given or random inputs."""
from __future__ import annotations

import click

from ..limits import parse_size
from ..model import read_model
from .io import format_table, load_inputs, parse_shape_specs, random_inputs, save_npz_atomic


@click.command()
@click.argument("model", type=click.Path(dir_okay=False))
@click.option("-w", "--weights", type=click.Path(dir_okay=False),
              help="The .bin file (default: the model's path with .bin).")
@click.option("-i", "--input", "input_specs", multiple=True, metavar="NAME=FILE.npy | FILE.npz",
              help="An input: NAME=FILE.npy, or a .npz keyed by input name. Repeatable.")
@click.option("--random", "use_random", is_flag=True,
              help="Fill every input not given with random values of its shape and type.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for --random.")
@click.option("--shape", "shape_specs", multiple=True, metavar="NAME=D1,D2,...",
              help="With --random: the shape to use for an input with dynamic dims. Repeatable.")
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help="Write all outputs to this .npz, keyed by output name (written only on success).")
@click.option("--max-bytes", metavar="SIZE",
              help="The most one tensor may take, e.g. 512M or 4G; a model or input that would need "
                   "more is refused before allocating. Default: half the memory, at most 16G.")
def run(model, weights, input_specs, use_random, seed, shape_specs, output, max_bytes):
    """Run MODEL on the given inputs and show or save its outputs.

    \b
    Examples:
      irexec run models/kv_cache_update.xml --random
      irexec run model.xml -i data=data.npy -i indices=idx.npy -o out.npz
    """
    m = read_model(model, weights, parse_size(max_bytes) if max_bytes else None)
    feeds = load_inputs(m, input_specs)
    shapes = parse_shape_specs(m, shape_specs)
    if use_random:
        feeds.update(random_inputs(m, feeds, shapes, seed))
    results = m.infer(feeds)
    if output:
        save_npz_atomic(output, results)
        click.echo(f"wrote {len(results)} output(s) to {output}")
    else:
        click.echo(format_table(m, results))
