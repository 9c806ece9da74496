"""``irexec generate``: the text on stdout, streamed or at once; the figures on stderr; usage
errors in one line with exit status 2."""

from __future__ import annotations

import json
import os
import shutil

import pytest
from click.testing import CliRunner

from irexec.cli import cli

pytest.importorskip("regex", reason="the tokenizer IRs' patterns need the regex package")
pytest.importorskip("jinja2", reason="the chat template needs Jinja2")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FOLDER = os.path.join(ROOT, "models", "tiny_llm")
with open(os.path.join(ROOT, "tests", "data", "genai", "expected.json"), encoding="utf-8") as f:
    CASES = {c["name"]: c for c in json.load(f)["cases"]}


def invoke(*args):
    return CliRunner().invoke(cli, ["generate", *map(str, args)], catch_exceptions=False)


def _one_error(r, match: str) -> None:
    lines = r.output.strip().splitlines()
    assert r.exit_code == 2 and len(lines) == 1 and lines[0].startswith("error: ") and match in lines[0], r.output


@pytest.mark.parametrize("stream", [True, False])
def test_greedy_text_streamed_or_not_is_genais(stream):
    case = CASES["greedy-0-chat1"]
    args = [FOLDER, case["prompt"], "--max-new-tokens", case["config"]["max_new_tokens"]]
    r = invoke(*args, *([] if stream else ["--no-stream"]))
    assert r.exit_code == 0, r.output
    text, figures = r.output.rsplit("\n", 2)[0], r.output.rstrip("\n").rsplit("\n", 1)[1]
    assert text == case["texts_out"][0]
    assert figures.startswith(f"{len(case['prompt_ids'])} prompt tokens, {len(case['tokens'][0])} generated in ")
    assert "first token after" in figures and "tokens/s" in figures


def test_without_the_chat_template_and_with_sampling():
    case = CASES["greedy-0-chat0"]
    r = invoke(FOLDER, case["prompt"], "--no-chat-template", "--max-new-tokens", case["config"]["max_new_tokens"])
    assert r.exit_code == 0 and r.output.splitlines()[0] == case["texts_out"][0], r.output
    case = CASES["sample-seed1"]
    config = case["config"]
    args = ["--sample", "--seed", config["rng_seed"], "--max-new-tokens", config["max_new_tokens"]]
    args += [
        opt
        for k, opt in (("temperature", "--temperature"), ("top_k", "--top-k"), ("top_p", "--top-p"))
        if k in config
        for opt in (opt, config[k])
    ]
    r = invoke(FOLDER, case["prompt"], *([] if case["chat"] else ["--no-chat-template"]), *args)
    assert r.exit_code == 0 and r.output.splitlines()[0] == case["texts_out"][0], r.output


@pytest.mark.parametrize(
    "name, options",
    [
        ("greedy-stop_ids", ["--stop-token", 239]),
        ("greedy-ignore_eos", ["--stop-token", 239, "--ignore-eos"]),
        ("greedy-repetition", ["--repetition-penalty", 1.5]),
    ],
)
def test_stop_ids_and_penalties_give_genais_text(name, options):
    case = CASES[name]
    args = [FOLDER, case["prompt"], "--no-chat-template", "--max-new-tokens", case["config"]["max_new_tokens"]]
    r = invoke(*args, *options)
    assert r.exit_code == 0 and r.output.splitlines()[0] == case["texts_out"][0], r.output


def test_beam_search_prints_each_sequence_with_its_score():
    case = CASES["beam4-chat"]
    config = case["config"]
    args = ["--max-new-tokens", config["max_new_tokens"], "--num-beams", config["num_beams"]]
    r = invoke(FOLDER, case["prompt"], *args, "--num-return-sequences", config["num_return_sequences"])
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()[: len(case["texts_out"])]
    assert [line.split("  ", 1)[1] for line in lines] == case["texts_out"]
    scores = [float(line.split("  ", 1)[0]) for line in lines]
    assert scores == pytest.approx(case["scores"], abs=1e-4) and scores == sorted(scores, reverse=True)


def test_usage_errors_are_one_line(tmp_path):
    _one_error(invoke(FOLDER, "x", "--top-k", 5), "--top-k needs --sample")
    _one_error(invoke(FOLDER, "x", "--seed", 1), "--seed needs --sample")
    _one_error(invoke(tmp_path, "x"), "has no openvino_tokenizer.xml")
    for name in os.listdir(FOLDER):
        if "tokenizer" in name:
            shutil.copy(os.path.join(FOLDER, name), tmp_path / name)
    _one_error(invoke(tmp_path, "x"), "has no openvino_model.xml")
    _one_error(invoke(tmp_path / "nope", "x"), "is not a folder")
