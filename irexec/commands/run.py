"""``irexec run``: run a model on given or random inputs; show or save its outputs, and on request
profile the layers (``--profile``), compare the outputs with reference ones (``--compare``) and
save every intermediate tensor (``--dump``). A progress line appears on long runs when stderr is a
terminal. A model with variables (ReadValue/Assign) runs ``--steps N`` inferences on one request,
its variables carried from step to step; ``--dump-state`` saves them after the last.

Every extra is an observer of the executor (``Model.infer(..., observer=)``), called after each
layer with the arrays it just produced: the layers are timed by the executor itself, and a dump
writes each tensor before a later layer can reuse its buffer.
"""

from __future__ import annotations

import os
import statistics

import click

from ..api.model import read_model
from ..errors import IRExecError, UsageError, one_line, terminal_text
from ..io import DEFAULT_ATOL, DEFAULT_RTOL
from ..io.inputs import load_inputs, parse_shape_specs
from ..io.outputs import check_output_file, format_table, save_npz_atomic
from ..io.random_inputs import random_inputs
from ..io.text_inputs import model_in_folder, text_feeds, tokenizer_of
from ..limits import fmt_bytes, parse_size
from .running import output_sources, run_profiled, run_repeated, start_dump, warn_waived

# --compare, --dump and --profile import their helpers when asked for: a plain run's new process
# does not pay for them.


@click.command()
@click.argument("model", type=click.Path())
@click.option(
    "-w", "--weights", type=click.Path(dir_okay=False), help="The .bin file (default: the model's path with .bin)."
)
@click.option(
    "-i",
    "--input",
    "input_specs",
    multiple=True,
    metavar="KEY=FILE.npy | FILE.npz",
    help="An input: KEY=FILE.npy, KEY being the input's index (digits, from 0) or its name, or a "
    ".npz keyed by input name. A name that is digits, holds '=' or starts with a quote goes "
    "in double quotes, a quote in it doubled: -i '\"x=1\"=x.npy'. The path is everything "
    "after the key's '='; =PATH is a path alone (one holding '='). Repeatable. With --steps, "
    "'{step}' in the path is replaced by the step's number (from 0); a path without it "
    "gives the same input to every step.",
)
@click.option(
    "--random",
    "use_random",
    is_flag=True,
    help="Fill every input not given with random values of its shape and type. An integer "
    "input feeding an op's indices (directly, or through Convert, Reshape, Squeeze or "
    "Unsqueeze) gets values in range for them (the smallest range, when it feeds "
    "several).",
)
@click.option(
    "--text",
    "texts",
    multiple=True,
    metavar="TEXT",
    help="A text, tokenized by the tokenizer IR beside the model (openvino_tokenizer.xml, as "
    "optimum-intel exports it) on irexec; its outputs feed the model's inputs of the same "
    "names (input_ids, attention_mask, ...). Repeatable: one batch row each. MODEL may be "
    "the exported folder (its openvino_model.xml).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for --random.")
@click.option(
    "--shape",
    "shape_specs",
    multiple=True,
    metavar="KEY=D1,D2,...",
    help="With --random: the shape to use for an input with dynamic dims, its KEY as for -i "
    "(--shape 0=2,8; a name may hold ','). Repeatable.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    help="Write all outputs to this .npz, keyed by output name (written only on success; "
    "'-' for stdout). "
    "With --steps N > 1 the path must hold '{step}': one .npz per step, all written "
    "once every step has run.",
)
@click.option(
    "--max-bytes",
    metavar="SIZE",
    help="The most one tensor may take, e.g. 512M or 4G; a model or input that would need "
    "more is refused before allocating. Default: half the memory, at most 16G.",
)
@click.option(
    "--profile",
    is_flag=True,
    help="Time the model as benchmark_app does: a cold first run apart, the latency of runs without "
    "per-layer hooks, then each layer's time and output size from profiled runs (slowest first), a "
    "summary by op type, and what the profiler cost.",
)
@click.option(
    "--repeat",
    type=click.IntRange(min=1),
    default=1,
    metavar="N",
    help="With --profile: N runs without hooks for the latency and N profiled ones, each layer's time its median.",
)
@click.option(
    "--report",
    "report_format",
    type=click.Choice(["json", "csv"]),
    help="With --profile: print the profile as JSON or CSV on stdout instead of the tables "
    "(the latency figures benchmark_app gives, the summary by op type, each layer's time).",
)
@click.option(
    "--compare",
    "reference",
    type=click.Path(dir_okay=False),
    metavar="REF.npz",
    help="Compare the outputs with the arrays of REF.npz (keyed by output name); exit 1 if any differs.",
)
@click.option(
    "--rtol",
    type=float,
    metavar="R",
    help=f"With --compare: relative tolerance for float outputs (default {DEFAULT_RTOL:g}).",
)
@click.option(
    "--atol",
    type=float,
    metavar="A",
    help=f"With --compare: absolute tolerance for float outputs (default {DEFAULT_ATOL:g}).",
)
@click.option(
    "--dump",
    "dump_dir",
    type=click.Path(file_okay=False),
    metavar="DIR",
    help="Save every input and intermediate tensor as DIR/<n>_<layer>_id<id>.npy, listed in DIR/index.json.",
)
@click.option(
    "--steps",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    metavar="N",
    help="Run N inferences on one request: a model's variables (ReadValue/Assign, such as a KV "
    "cache) carry from each step to the next. --random draws new inputs each step (seed "
    "+ step); see -i and -o for files per step.",
)
@click.option(
    "--dump-state",
    "state_dir",
    type=click.Path(file_okay=False),
    metavar="DIR",
    help="After the last step, save each variable of the model as DIR/<name>.npy (names made "
    "safe for files), listed in DIR/index.json. DIR must be absent or empty; it is "
    "written only when every step succeeds.",
)
@click.option(
    "--no-check",
    "no_check",
    is_flag=True,
    help="Run a model whose only lint errors are ports declaring shapes or precisions other than "
    "the ops infer (S001-S004), as OpenVINO does (it infers them again); a warning names them.",
)
@click.option(
    "--inputs",
    "batch_inputs",
    metavar="DIR|GLOB|DATASET.npz",
    help="A batch: run every sample (each .npz of a folder or glob, keyed by input name, or "
    "for a one-input model each .npy; or each row of a dataset .npz) and write each "
    "sample's outputs to --outputs DIR/<sample>.npz. Samples whose outputs are already "
    "there are skipped, so a stopped job resumes. Prints a JSON summary; exit 1 if any "
    "sample fails (or differs, with --compare-dir).",
)
@click.option(
    "--outputs",
    "batch_outputs",
    type=click.Path(file_okay=False),
    metavar="DIR",
    help="With --inputs: the folder for the outputs (made if absent).",
)
@click.option(
    "--compare-dir",
    "batch_compare",
    type=click.Path(file_okay=False),
    metavar="REF_DIR",
    help="With --inputs: compare each sample's outputs with REF_DIR/<sample>.npz (--rtol, --atol).",
)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=1),
    metavar="N",
    help="With --inputs: worker processes (default: one per CPU; 1 runs in this process). "
    "With Dask installed (irexec[dask]) they are a local Dask cluster.",
)
@click.option(
    "--scheduler",
    envvar="DASK_SCHEDULER_ADDRESS",
    metavar="ADDRESS",
    help="With --inputs: run on the Dask cluster at ADDRESS (tcp://host:8786; default "
    "$DASK_SCHEDULER_ADDRESS); the model is shipped to each worker once; the input and "
    "output folders must be on a file system the workers share.",
)
def run(
    model,
    weights,
    input_specs,
    texts,
    use_random,
    seed,
    shape_specs,
    output,
    max_bytes,
    profile,
    repeat,
    report_format,
    reference,
    rtol,
    atol,
    dump_dir,
    steps,
    state_dir,
    no_check,
    batch_inputs,
    batch_outputs,
    batch_compare,
    jobs,
    scheduler,
):
    """Run MODEL on the given inputs and show or save its outputs.

    \b
    Examples:
      irexec run models/kv_cache_update.xml --random
      irexec run model.xml -i data=data.npy -i indices=idx.npy -o out.npz
      irexec run exported_folder/ --text "A sentence to classify."
      irexec run model.xml --random --profile --repeat 10
      irexec run model.xml -i inputs.npz --compare expected.npz --atol 1e-6
      irexec run model.xml --random --dump layers/
      irexec run llm.xml -i ids=step{step}.npy -i mask=mask.npy --steps 4 -o out{step}.npz
      irexec run llm.xml --random --steps 3 --dump-state cache/
    """
    folder = model if os.path.isdir(model) else None
    model = model_in_folder(model)
    if texts and (batch_inputs or steps > 1 or state_dir):
        raise UsageError("--text runs one batch: it cannot be used with --inputs, --steps or --dump-state")
    if batch_inputs or batch_outputs or batch_compare or jobs or scheduler:
        from .batch_run import run_batch_command  # (only a batch needs it)

        return run_batch_command(
            model,
            weights,
            max_bytes,
            batch_inputs,
            batch_outputs,
            batch_compare,
            jobs,
            scheduler,
            rtol,
            atol,
            input_specs=input_specs,
            use_random=use_random,
            output=output,
            profile=profile,
            reference=reference,
            dump_dir=dump_dir,
            steps=steps,
            state_dir=state_dir,
        )
    if repeat > 1 and not profile:
        raise UsageError("--repeat needs --profile")
    if report_format and not profile:
        raise UsageError("--report needs --profile")
    if report_format and (reference or steps > 1 or state_dir or output == "-"):
        raise UsageError("--report takes stdout: it cannot be used with --compare, --steps or -o -")
    if (rtol is not None or atol is not None) and not reference:
        raise UsageError("--rtol and --atol need --compare")
    for flag, value in (("--rtol", rtol), ("--atol", atol)):
        if value is not None and not value >= 0:  # (NaN fails too)
            raise UsageError(f"{flag} must be a number >= 0, got {value}")
    rtol = DEFAULT_RTOL if rtol is None else rtol
    atol = DEFAULT_ATOL if atol is None else atol
    if steps > 1 or state_dir:
        from .steps import run_steps  # (it runs each step by run_repeated too)

        return run_steps(
            model,
            weights,
            input_specs,
            use_random,
            seed,
            shape_specs,
            output,
            max_bytes,
            profile,
            repeat,
            reference,
            dump_dir,
            steps,
            state_dir,
            not no_check,
        )

    m = read_model(model, weights, parse_size(max_bytes) if max_bytes else None, check=not no_check)
    warn_waived(m)
    feeds = load_inputs(m, input_specs)
    if texts:
        size = parse_size(max_bytes) if max_bytes else None
        feeds.update(
            {k: v for k, v in text_feeds(m, tokenizer_of(model, folder), list(texts), size).items() if k not in feeds}
        )
    shapes = parse_shape_specs(m, shape_specs)
    made = random_inputs(m, feeds, shapes, seed) if use_random else {}
    feeds.update(made)
    if output:
        check_output_file(output)
    if reference:
        from ..io.npy import NpzReader
    ref = NpzReader(reference, m.max_tensor_bytes) if reference else None
    try:
        dump = start_dump(m, feeds, dump_dir) if dump_dir else None
        try:
            profiler, profiled = None, []
            if profile:
                results, profiler, walls, profiled = run_profiled(m, feeds, repeat, dump, set(made))
            else:
                results, walls = run_repeated(m, feeds, repeat, dump, set(made))
            if output:
                save_npz_atomic(output, results)
            if dump:
                dump.finish(output_sources(m))
        except BaseException:
            if dump:
                dump.discard()
            raise
        if profiler:
            from ..io.profile import latency_lines, profile_report, profile_table, type_table

            infos = profiler.get_profiling_info()
        if report_format:  # (stdout is the report's alone)
            click.echo(profile_report(infos, walls, report_format, profiled))
        if output:
            click.echo(
                f"wrote {len(results)} output(s) to {one_line(output)}", err=output == "-" or bool(report_format)
            )  # (-: stdout is the .npz)
        elif not ref and not report_format:
            click.echo(terminal_text(format_table(m, results)))
        if profiler and not report_format:
            click.echo(terminal_text(profile_table(infos, repeat, statistics.median(profiled))))
            click.echo(terminal_text(type_table(infos)))
            click.echo(latency_lines(walls, profiled))
        if dump:
            click.echo(
                f"dumped {len(dump.tensors)} tensor(s), {fmt_bytes(dump.written)}, to {one_line(dump_dir)} "
                f"(listed in its index.json)"
            )
        if ref:
            from ..io.compare_outputs import compare_outputs

            lines, failure = compare_outputs(m, results, ref, reference, rtol, atol)
            click.echo(terminal_text("\n".join(lines)))
            if failure:
                raise IRExecError(failure)
    finally:
        if ref:
            ref.close()
