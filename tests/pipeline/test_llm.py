"""LLMPipeline end to end on models/tiny_llm: text in, text out, as openvino-genai's LLMPipeline
gave it (tests/data/genai/expected.json, from scripts/make_genai_expected.py): the chat template
applied or not, greedy, sampling, beam search, penalties, stop ids; the tokenizer and detokenizer
IRs run on irexec too."""

from __future__ import annotations

import copy
import json
import os
import shutil

import pytest

pytest.importorskip("regex", reason="the tokenizer IRs' patterns need the regex package")
pytest.importorskip("jinja2", reason="the chat template needs Jinja2")

from irexec.pipeline.llm import LLMPipeline  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FOLDER = os.path.join(ROOT, "models", "tiny_llm")
with open(os.path.join(ROOT, "tests", "data", "genai", "expected.json"), encoding="utf-8") as f:
    EXPECTED = json.load(f)
TEXT_CASES = [c for c in EXPECTED["cases"] if "texts_out" in c]


@pytest.fixture(scope="module")
def pipe():
    return LLMPipeline(FOLDER)


def _config(values: dict) -> dict:
    return {k: set(v) if isinstance(v, list) else v for k, v in values.items()}


def test_every_kind_of_case_is_recorded():
    names = " ".join(c["name"] for c in TEXT_CASES)
    for kind in ("greedy", "sample", "beam", "chat0", "chat1"):
        assert kind in names
    assert len(TEXT_CASES) >= 60


@pytest.mark.parametrize("case", TEXT_CASES, ids=[c["name"] for c in TEXT_CASES])
def test_texts_are_genais(pipe, case):
    assert pipe.prompt_ids(case["prompt"], case["chat"]) == case["prompt_ids"]
    got = pipe.generate([case["prompt"]], apply_chat_template=case["chat"], **_config(case["config"]))
    assert got.texts == case["texts_out"]
    assert got.scores == pytest.approx(case["scores"], abs=1e-4)


def test_a_str_prompt_gives_the_text_and_the_keywords_do_not_stay(pipe):
    before = copy.deepcopy(pipe.get_generation_config())
    case = next(c for c in TEXT_CASES if c["name"] == "sample-seed1")
    text = pipe.generate(case["prompt"], apply_chat_template=case["chat"], **_config(case["config"]))
    assert text == case["texts_out"][0]
    assert pipe.get_generation_config() == before


def test_the_stream_is_the_text(pipe):
    pieces = []
    case = next(c for c in TEXT_CASES if c["name"] == "greedy-2-chat1")
    text = pipe.generate(case["prompt"], streamer=pieces.append, **_config(case["config"]))
    assert len(pieces) > 1 and "".join(pieces) == text == case["texts_out"][0]
    perf = pipe.last_perf
    assert perf.generated == len(case["tokens"][0]) and 0 < perf.ttft <= perf.seconds
    assert perf.prompt_tokens == len(case["prompt_ids"])


def test_the_folders_config_and_special_tokens(pipe):
    config = pipe.get_generation_config()
    assert config.max_new_tokens == 16 and config.eos_token_id == EXPECTED["eos_token_id"] == 2
    tok = pipe.get_tokenizer()
    assert (tok.bos_token, tok.eos_token) == ("<s>", "</s>")
    assert tok.apply_chat_template([{"role": "user", "content": "hi"}]) == "<|user|>hi<|end|><|assistant|>"


def test_the_template_gets_the_special_tokens_and_its_absence_is_one_line(pipe, monkeypatch):
    from irexec.errors import UsageError

    tok = pipe.get_tokenizer()
    hi = [{"role": "user", "content": "hi"}]
    monkeypatch.setattr(tok, "chat_template", "{{ bos_token }}|{{ eos_token }}|{{ messages[0]['content'] }}")
    assert tok.apply_chat_template(hi) == "<s>|</s>|hi"
    monkeypatch.setattr(tok, "chat_template", "")
    with pytest.raises(UsageError) as e:
        tok.apply_chat_template(hi)
    assert str(e.value) == "the tokenizer has no chat template: give the prompt as it is (--no-chat-template)"
    # Without a template a prompt is encoded as it is, with the special tokens (genai's way).
    assert pipe.prompt_ids("Hello world", True) == tok.encode(["Hello world"])["input_ids"][0].tolist()


def test_special_tokens_switches(pipe):
    tok = pipe.get_tokenizer()
    with_bos = tok.encode(["Hello world"])["input_ids"][0].tolist()
    assert (
        with_bos[0] == tok.bos_token_id
        and tok.encode(["Hello world"], add_special_tokens=False)["input_ids"][0].tolist() == with_bos[1:]
    )
    assert tok.decode([with_bos]) == ["Hello world"]
    assert tok.decode([with_bos], skip_special_tokens=False) == ["<s> Hello world"]
    assert tok.decode(with_bos) == ["Hello world"]  # (one row given flat)


def test_one_prompt_at_a_time(pipe):
    from irexec.errors import UsageError

    with pytest.raises(UsageError, match="generate takes one prompt at a time here, not 2"):
        pipe.generate(["Hello", "world"], max_new_tokens=2)


def test_a_model_that_does_not_generate_text_is_named(tmp_path):
    from irexec.errors import UsageError

    for stem in ("openvino_tokenizer", "openvino_detokenizer"):
        for ext in (".xml", ".bin"):
            shutil.copy(os.path.join(FOLDER, stem + ext), tmp_path / (stem + ext))
            # The detokenizer stands for the model: text out, no input_ids in.
            if stem == "openvino_detokenizer":
                shutil.copy(os.path.join(FOLDER, stem + ext), tmp_path / ("openvino_model" + ext))
    with pytest.raises(UsageError, match="openvino_model.xml is not a text-generation model"):
        LLMPipeline(str(tmp_path))


def test_a_tokenizer_of_text_pairs_is_refused_in_one_line():
    from irexec.errors import UsageError
    from irexec.pipeline.folder import ExportFolder
    from irexec.pipeline.tokenizer import Tokenizer

    pairs = Tokenizer(ExportFolder(os.path.join(ROOT, "tests", "data", "tokenizers", "wordpiece_pairs")))
    with pytest.raises(UsageError, match=r"the tokenizer takes 2 texts per row \(pairs\): give one text per row"):
        pairs.encode(["Hello world"])
