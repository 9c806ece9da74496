"""``irexec generate FOLDER PROMPT``: text from a folder optimum-cli exported, as openvino-genai's
LLMPipeline generates it (irexec.pipeline): the tokens stream to stdout as they are produced, and
a line of figures (prompt and generated tokens, time to the first token, tokens per second) goes
to stderr at the end."""

from __future__ import annotations

import sys

import click

from ..errors import UsageError
from ..limits import parse_size


@click.command()
@click.argument("folder", type=click.Path(file_okay=False))
@click.argument("prompt")
@click.option(
    "--max-new-tokens",
    type=click.IntRange(min=0),
    metavar="N",
    help="The most tokens to generate (default: the folder's generation_config.json, else genai's).",
)
@click.option(
    "--sample/--greedy",
    "do_sample",
    default=None,
    help="Sample the next token (--temperature, --top-k, --top-p, --seed) or take the likeliest (default: the folder's config).",
)
@click.option("--temperature", type=float, metavar="T", help="With --sample: divide the logits by T.")
@click.option("--top-k", type=click.IntRange(min=0), metavar="K", help="With --sample: only the K likeliest tokens.")
@click.option(
    "--top-p", type=float, metavar="P", help="With --sample: only the likeliest tokens whose probabilities add up to P."
)
@click.option(
    "--seed",
    type=click.IntRange(min=0),
    metavar="N",
    help="With --sample: the random generator's seed (genai's rng_seed).",
)
@click.option("--num-beams", type=click.IntRange(min=1), metavar="N", help="Beam search over N beams (no streaming).")
@click.option(
    "--num-return-sequences",
    type=click.IntRange(min=1),
    metavar="N",
    help="With --num-beams or --sample: print N texts, best first, each with its score.",
)
@click.option(
    "--repetition-penalty",
    type=float,
    metavar="R",
    help="Divide the logits of tokens already seen by R (genai's repetition_penalty).",
)
@click.option(
    "--stop",
    "stop_strings",
    multiple=True,
    metavar="TEXT",
    help="Stop when the text ends in TEXT (repeatable); the TEXT is left out of the output.",
)
@click.option(
    "--stop-token",
    "stop_token_ids",
    multiple=True,
    type=int,
    metavar="ID",
    help="Stop at this token id too (repeatable).",
)
@click.option("--ignore-eos", is_flag=True, help="Go on past the end-of-sequence token, to --max-new-tokens.")
@click.option(
    "--no-chat-template",
    is_flag=True,
    help="Give the prompt to the model as it is, with the tokenizer's special tokens, instead of as a user message in the folder's chat template.",
)
@click.option("--no-stream", is_flag=True, help="Print the text once it is all generated.")
@click.option(
    "--max-bytes",
    metavar="SIZE",
    help="The most one tensor may take, e.g. 512M or 4G (default: half the memory, at most 16G).",
)
def generate(
    folder,
    prompt,
    max_new_tokens,
    do_sample,
    temperature,
    top_k,
    top_p,
    seed,
    num_beams,
    num_return_sequences,
    repetition_penalty,
    stop_strings,
    stop_token_ids,
    ignore_eos,
    no_chat_template,
    no_stream,
    max_bytes,
):
    """Generate text from PROMPT with the model of FOLDER, as openvino-genai does.

    \b
    Examples:
      irexec generate models/tiny_llm "Hello world"
      irexec generate models/tiny_llm "Once upon a time" --sample --top-k 20 --seed 42
      irexec generate models/tiny_llm "Hello" --num-beams 4 --num-return-sequences 2
    """
    from ..pipeline.llm import LLMPipeline  # (the model is read only once the options are)

    sampling = {"temperature": temperature, "top_k": top_k, "top_p": top_p, "rng_seed": seed}
    if not do_sample and any(v is not None for v in sampling.values()):
        given = next(k for k, v in sampling.items() if v is not None)
        raise UsageError(f"--{given.replace('_', '-').replace('rng-seed', 'seed')} needs --sample")
    options = {
        "max_new_tokens": max_new_tokens,
        "do_sample": do_sample,
        "num_beams": num_beams,
        "num_return_sequences": num_return_sequences,
        "repetition_penalty": repetition_penalty,
        "stop_strings": set(stop_strings) if stop_strings else None,
        "stop_token_ids": set(stop_token_ids) if stop_token_ids else None,
        "ignore_eos": True if ignore_eos else None,
        "apply_chat_template": False if no_chat_template else None,
        **sampling,
    }
    options = {k: v for k, v in options.items() if v is not None}
    pipe = LLMPipeline(folder, max_tensor_bytes=parse_size(max_bytes) if max_bytes else None)
    if "stop_token_ids" in options:
        options["stop_token_ids"] |= pipe.get_generation_config().stop_token_ids
    streams = not no_stream and options.get("num_beams", 1) == 1 and options.get("num_return_sequences", 1) == 1

    def write(text: str) -> None:
        sys.stdout.write(text)
        sys.stdout.flush()

    result = pipe.generate([prompt], streamer=write if streams else None, **options)
    if streams:
        write("\n")
    elif len(result.texts) == 1:
        click.echo(result.texts[0])
    else:
        for score, text in zip(result.scores, result.texts):
            click.echo(f"{score:.4f}  {text}")
    perf = result.perf_metrics
    click.echo(
        f"{perf.prompt_tokens} prompt tokens, {perf.generated} generated in {perf.seconds:.2f} s: "
        f"first token after {perf.ttft * 1000:.0f} ms, then {perf.throughput:.1f} tokens/s",
        err=True,
    )
