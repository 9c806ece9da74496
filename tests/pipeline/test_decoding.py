"""irexec's decoding against openvino_genai's LLMPipeline, through recorded data only.

tests/data/genai/expected.json (scripts/make_genai_expected.py) holds, for each case, the prompt's
token ids genai used, the generation config, and genai's generated token ids and scores. Here
irexec's own model runs every case through ``decode``: the tokens must be identical and the scores
within 1e-4. Stop-string cases decode text through the detokenizer outputs recorded with them.
Neither openvino nor openvino_genai is imported."""

import json
import os

import numpy as np
import pytest

import irexec
from irexec.errors import UsageError
from irexec.ops.extension import _heap
from irexec.pipeline import sampling
from irexec.pipeline.beam_search import log_softmax
from irexec.pipeline.config import SIZE_MAX, GenerationConfig, StopCriteria
from irexec.pipeline.decoding import decode
from irexec.pipeline.llm import ModelSteps

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FOLDER = os.path.join(ROOT, "models", "tiny_llm")
with open(os.path.join(ROOT, "tests", "data", "genai", "expected.json"), encoding="utf-8") as f:
    EXPECTED = json.load(f)


def make_step():
    """One request's step (irexec.pipeline.llm.ModelSteps: attention_mask and position_ids from
    the tokens fed so far)."""
    return ModelSteps(irexec.read_model(os.path.join(FOLDER, "openvino_model.xml")))


def config_of(values: dict) -> GenerationConfig:
    """genai's config for a case: the folder's generation_config.json, then the case's values."""
    return GenerationConfig.from_json(os.path.join(FOLDER, "generation_config.json")).update(**values)


@pytest.mark.parametrize("case", EXPECTED["cases"], ids=lambda c: c["name"])
def test_same_tokens_as_genai(case):
    texts = case.get("texts", {})
    stop_tokens = case.get("stop_string_tokens", {})
    streamed = []
    result = decode(
        make_step(),
        case["prompt_ids"],
        config_of(case["config"]),
        eos_token_id=EXPECTED["eos_token_id"],
        decode_text=lambda ids: texts[" ".join(map(str, ids))],
        encode_text=lambda text: stop_tokens[text],
        on_token=streamed.append,
    )
    assert result.tokens == case["tokens"]
    np.testing.assert_allclose(result.scores, case["scores"], rtol=0, atol=1e-4)
    single = case["config"].get("num_beams", 1) == 1 and case["config"].get("num_return_sequences", 1) == 1
    assert streamed == (result.tokens[0] if single else [])
    assert all(reason in ("stop", "length") for reason in result.finish_reasons)


# -- the sampler's pieces ---------------------------------------------------------------------------


def test_mt19937_is_std_mt19937():
    # The C++ standard fixes it: the 10000th output of a default-constructed std::mt19937 (seed 5489).
    rng = sampling.Mt19937(5489)
    for _ in range(9999):
        rng.next_u32()
    assert rng.next_u32() == 4123659995


def test_uniform_float_is_one_output_over_2_32():
    a, b = sampling.Mt19937(42), sampling.Mt19937(42)
    for _ in range(100):
        x = b.next_u32()
        expected = np.float32(x) / np.float32(2.0**32)
        assert a.uniform() == (expected if expected < 1 else np.nextafter(np.float32(1), np.float32(0)))


def test_uniform_float_rounding_up_stays_below_one():
    class Top(sampling.Mt19937):
        def next_u32(self):
            return 2**32 - 1  # rounds to 2**32 as a float

    assert Top(0).uniform() == np.nextafter(np.float32(1), np.float32(0))


def _first(entry):
    return entry[0]  # genai's comparator "a > b": a min-heap


def _reference_heap_order(x, k):
    """What libstdc++ leaves for make_heap/pop_heap/push_heap on a min-heap, for small inputs: a
    direct transcription with lists, independent of the module's replay filter."""
    heap = [(np.float32(x[i]), i) for i in range(k)]
    _heap.make_heap(heap, _first)
    for i in range(k, len(x)):
        if x[i] > heap[0][0]:
            _heap.pop(heap, _first)
            _heap.push(heap, (np.float32(x[i]), i), _first)
    return [i for _, i in heap]


@pytest.mark.parametrize("k", [1, 2, 3, 5, 8])
def test_top_k_keeps_the_k_largest_in_heap_order(k):
    rng = np.random.default_rng(k)
    x = rng.standard_normal(64).astype(np.float32)
    values, ids = sampling._heap_top_k(x, k)
    assert sorted(ids.tolist()) == sorted(np.argsort(-x)[:k].tolist())
    assert ids.tolist() == _reference_heap_order(x, k)
    assert values[0] == values.min()  # a min-heap: its root is the smallest kept
    np.testing.assert_array_equal(values, x[ids])


def test_make_heap_of_ascending_values():
    # std::make_heap with greater<> over [1, 2, 3, 4, 5] leaves it as it is (already a min-heap);
    # over [5, 4, 3, 2, 1] it gives [1, 2, 3, 5, 4] (sift-downs from the last parent up).
    heap = [(np.float32(v), v) for v in (1, 2, 3, 4, 5)]
    _heap.make_heap(heap, _first)
    assert [v for _, v in heap] == [1, 2, 3, 4, 5]
    heap = [(np.float32(v), v) for v in (5, 4, 3, 2, 1)]
    _heap.make_heap(heap, _first)
    assert [v for _, v in heap] == [1, 2, 3, 5, 4]


def test_greedy_takes_the_first_of_equal_maxima():
    assert sampling.greedy(np.array([0.5, 2.0, 2.0, 1.0], np.float32)) == (1, 0.0)


def test_min_new_tokens_masks_stop_logits():
    cfg = GenerationConfig(min_new_tokens=2, stop_token_ids={1})
    processor = sampling.LogitProcessor(cfg, [0])
    x = processor.penalised(np.array([-1.0, 3.0, -2.0], np.float32))
    assert x.tolist() == [-1.0, -np.inf, -2.0]
    processor.generated = 2
    assert processor.penalised(np.array([-1.0, 3.0, -2.0], np.float32)).tolist() == [-1.0, 3.0, -2.0]


def test_penalties_move_logits_towards_zero():
    cfg = GenerationConfig(repetition_penalty=2.0, presence_penalty=0.5, frequency_penalty=0.25)
    processor = sampling.LogitProcessor(cfg, [0])
    for token in (1, 1, 2):
        processor.register(token)
    x = processor.penalised(np.array([4.0, -4.0, 1.0, 3.0], np.float32))
    # 0: prompt, /2 -> 2. 1: generated twice: *2 -> -8, +0.5 -> -7.5, +0.25*2 -> -7. 2: /2 -> 0.5,
    # -0.5 -> 0.0, then >= 0: -0.25 -> -0.25. 3: untouched.
    assert x.tolist() == [2.0, -7.0, -0.25, 3.0]


def test_top_p_keeps_the_prefix_past_p():
    cfg = GenerationConfig(do_sample=True, top_p=0.5)
    logits = np.log(np.array([0.1, 0.4, 0.3, 0.2], np.float32))
    pool = sampling.candidates(logits, cfg)
    assert pool.ids.tolist() == [1, 2]


def test_deferred_draw_uses_scaled_logits():
    cfg = GenerationConfig(do_sample=True, top_k=2, temperature=0.5)
    logits = np.array([0.0, 1.0, 3.0], np.float32)
    pool = sampling.candidates(logits, cfg)
    assert pool.deferred and sorted(pool.ids.tolist()) == [1, 2]
    # Each kept logit divided by the temperature, in the order of the ids; exp'd from the max.
    np.testing.assert_array_equal(pool.values, logits[pool.ids] * 2)
    assert pool.shift == 6.0
    np.testing.assert_allclose(pool.weights, np.exp(logits[pool.ids] * 2 - 6.0), rtol=1e-6)


def test_log_softmax_sums_to_one():
    lp = log_softmax(np.array([1.0, 2.0, 3.0], np.float32))
    assert abs(np.exp(lp.astype(np.float64)).sum() - 1) < 1e-6


# -- the config -------------------------------------------------------------------------------------


def test_defaults_are_genais():
    cfg = GenerationConfig()
    assert (cfg.max_new_tokens, cfg.max_length, cfg.top_k, cfg.no_repeat_ngram_size) == (SIZE_MAX,) * 4
    assert (cfg.eos_token_id, cfg.rng_seed, cfg.stop_criteria) == (-1, 0, StopCriteria.HEURISTIC)
    assert cfg.apply_chat_template and not cfg.do_sample and cfg.stop_token_ids == set()


def test_from_json_reads_what_genai_reads(tmp_path):
    path = tmp_path / "generation_config.json"
    path.write_text(
        json.dumps(
            {
                "eos_token_id": [7, 3, 9],
                "max_length": 50,
                "do_sample": True,
                "top_k": 5,
                "temperature": 0.7,
                "early_stopping": "never",
                "stop_token_ids": [11],
                "rng_seed": 5,
                "pad_token_id": 0,
                "top_p": None,
            }
        )
    )
    cfg = GenerationConfig.from_json(path)
    assert (cfg.eos_token_id, cfg.stop_token_ids, cfg.max_length) == (7, {3, 7, 9}, 50)
    assert (cfg.do_sample, cfg.top_k, cfg.temperature, cfg.top_p) == (True, 5, 0.7, 1.0)
    assert (cfg.stop_criteria, cfg.rng_seed) == (StopCriteria.NEVER, 0)
    cfg = GenerationConfig.from_json(os.path.join(FOLDER, "generation_config.json"))
    assert (cfg.eos_token_id, cfg.stop_token_ids, cfg.max_new_tokens) == (2, {2}, 16)


def test_from_json_refuses_a_wrong_kind(tmp_path):
    path = tmp_path / "generation_config.json"
    path.write_text('{"do_sample": 1}')
    with pytest.raises(UsageError, match="'do_sample' must be a boolean"):
        GenerationConfig.from_json(path)


@pytest.mark.parametrize(
    "values, message",
    [
        ({"do_sample": True, "top_p": 0.0}, "top_p must be a positive float > 0.0 and <= 1.0, but got 0"),
        ({"num_beams": 3, "num_beam_groups": 2}, "'num_beams' (3) should be divisible by 'num_beam_groups' (2)"),
        ({"num_return_sequences": 2}, "can be more than 1 only in case of beam search or multinomial sampling"),
        ({"presence_penalty": 3.0}, "'presence_penalty' penalty must be within [-2.0; 2.0], but got 3"),
        ({"num_beams": 2, "repetition_penalty": 1.1}, "should be 1.0f, but got 1.1"),
        ({"num_beams": 4, "num_beam_groups": 2}, "'diversity_penalty' should not be zero"),
        ({"max_new_tokens": 3, "min_new_tokens": 5}, "min_new_tokens must be less or equal max_new_tokens"),
        ({"stop_token_ids": {-1}}, "'stop_token_ids' must be non-negative, but it contains a value -1"),
    ],
)
def test_validate_gives_genais_reason(values, message):
    cfg = GenerationConfig(max_new_tokens=10).update(**values)
    with pytest.raises(UsageError) as e:
        cfg.validate()
    assert message in str(e.value) and "\n" not in str(e.value)


def test_validate_needs_a_stop():
    with pytest.raises(UsageError, match="Either 'eos_token_id', or 'stop_token_ids'"):
        GenerationConfig().validate()


# -- what decoding refuses, in one line -------------------------------------------------------------


def _never_called(*_):
    raise AssertionError("the model was run although the request is refused before it")


@pytest.mark.parametrize(
    "prompt, values, message",
    [
        ([], {}, "the prompt has no tokens"),
        ([1, 2], {"stop_strings": {"x"}}, "stop_strings need the tokenizer and the detokenizer"),
        ([1, 2], {"do_sample": True, "min_p": 0.1}, "min_p is not supported by irexec generate"),
        ([1, 2], {"logprobs": 2}, "logprobs is not supported by irexec generate"),
        ([1, 2, 3], {"max_new_tokens": SIZE_MAX, "max_length": 3}, "max_length (3) must be bigger than the prompt's 3"),
    ],
)
def test_decode_refuses_before_running_the_model(prompt, values, message):
    config = GenerationConfig(max_new_tokens=4).update(**values)
    with pytest.raises(UsageError) as e:
        decode(_never_called, prompt, config, eos_token_id=2)
    assert message in str(e.value) and "\n" not in str(e.value)


def test_a_token_id_outside_the_vocabulary_is_named():
    processor = sampling.LogitProcessor(GenerationConfig(repetition_penalty=1.5), [1, 10])
    with pytest.raises(UsageError, match="token id 10 is out of the model's vocabulary of 3"):
        processor.penalised(np.zeros(3, np.float32))


def test_nothing_to_draw_is_an_error_but_all_minus_inf_logits_draw_uniformly():
    zeros = np.zeros(4, np.float32)
    with pytest.raises(UsageError, match="every token has probability 0"):
        sampling.Candidates(np.arange(4), zeros, False).draw(sampling.Mt19937(0))
    # Deferred (top_k, top_p == 1) weights that are all 0 (every logit -inf): genai draws uniformly,
    # the first of 4 equal weights whose running count passes 4 * u, with log-prob log(1/4).
    u = sampling.Mt19937(3).uniform()
    token, log_prob = sampling.Candidates(np.arange(10, 14), zeros, True, np.float32(0), zeros).draw(
        sampling.Mt19937(3)
    )
    assert token == 10 + int(np.floor(np.float32(4 * u)))
    assert log_prob == pytest.approx(np.log(0.25), abs=1e-7)


def test_an_unknown_parameter_is_named():
    with pytest.raises(UsageError, match="unknown generation parameter 'top_q'"):
        GenerationConfig().update(top_q=0.5)


@pytest.mark.parametrize(
    "text, message",
    [
        ("{", "cannot read the generation config"),
        ("[1]", "the generation config is not a JSON object"),
        ('{"max_new_tokens": -1}', "'max_new_tokens' must not be negative, got -1"),
        ('{"top_p": "0.5"}', "'top_p' must be a number, got \"0.5\""),
        ('{"stop_strings": ["a", 1]}', "'stop_strings' must be a list of strings"),
    ],
)
def test_from_json_refuses_what_genai_cannot_read(tmp_path, text, message):
    path = tmp_path / "generation_config.json"
    path.write_text(text)
    with pytest.raises(UsageError) as e:
        GenerationConfig.from_json(path)
    assert message in str(e.value) and "\n" not in str(e.value)


def test_a_step_names_the_inputs_it_cannot_feed():
    class Model:
        inputs = [type("Port", (), {"name": n}) for n in ("input_ids", "pixel_values", "attention_mask")]

        def create_infer_request(self):
            return None

    with pytest.raises(UsageError, match="inputs a text-generation step does not make: pixel_values$"):
        ModelSteps(Model())(np.zeros((1, 2), np.int64), np.zeros(1, np.int32))
