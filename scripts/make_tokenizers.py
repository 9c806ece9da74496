"""Writes the tokenizer IRs under tests/data/tokenizers/ that tests/models/test_tokenizers.py runs:
tokenizers trained here from a few sentences with the `tokenizers` library (no download), of each
kind real exports hold (byte-level BPE as GPT-2's, WordPiece as BERT's with pairs, Unigram as
T5's, a Llama-style BPE with Metaspace and byte fallback), converted by openvino_tokenizers as
optimum-cli converts them, with the tokens and texts OpenVINO gives for the inputs in
inputs.json. Needs openvino, openvino_tokenizers, tokenizers and transformers (not the tests):

    python scripts/make_tokenizers.py
"""

import json
import os
import shutil

import numpy as np
import openvino as ov
import openvino_tokenizers as ot
from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, processors, trainers
from transformers import PreTrainedTokenizerFast

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests", "data", "tokenizers")

CORPUS = [
    "Hello world, this is a test.",
    "The quick brown fox jumps over the lazy dog!",
    "Ünïcödé text — naïve café, 東京 and 😀 emoji.",
    "numbers 12345 and symbols #$% & tabs\tand\nnewlines",
    "Don't stop: it's 3.14, we'll see; they've gone.",
] * 40

# What each tokenizer is given: single texts, a batch of unequal lengths, special tokens written
# in the text, whitespace runs, characters no vocabulary holds, and the empty string.
TEXTS = [
    ["Hello world!"],
    ["The quick brown fox", "jumps", ""],
    ["naïve café 東京 😀 — Ünïcödé"],
    ["  leading and   inner   spaces\tand\nlines  "],
    ["It's <|endoftext|> [SEP] </s> special?"],
    ["unseen ŋ ʃ ж 한국어 ∑ 🦀 symbols"],
    ["numbers 1234567890 and 3.14159"],
    ["The lazy fox plays.", "Café 東京 🙂!", "", "unbelievable Zürich 日本 ±½", "hello  world\tagain"],
]
PAIRS = [(["Hello world!", "A second pair"], ["the quick fox", "b"])]


def save(tokenizer: PreTrainedTokenizerFast, name: str, **options) -> None:
    folder = os.path.join(OUT, name)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    tok, detok = ot.convert_tokenizer(tokenizer, with_detokenizer=True, **options)
    ov.save_model(tok, os.path.join(folder, "openvino_tokenizer.xml"))
    ov.save_model(detok, os.path.join(folder, "openvino_detokenizer.xml"))
    core = ov.Core()
    tokenize = core.compile_model(os.path.join(folder, "openvino_tokenizer.xml"), "CPU")
    detokenize = core.compile_model(os.path.join(folder, "openvino_detokenizer.xml"), "CPU")
    cases = []
    pairs = options.get("number_of_inputs", 1) == 2
    for texts in PAIRS if pairs else TEXTS:
        out = tokenize({k: np.array(t) for k, t in enumerate(texts if pairs else [texts])})
        tokens = {port.any_name: np.asarray(out[port]).tolist() for port in tokenize.outputs}
        ids = np.asarray(out["input_ids"])
        decoded = np.asarray(detokenize(ids)[0]).tolist()
        cases.append(
            {"texts": [list(t) for t in texts] if pairs else list(texts), "tokens": tokens, "decoded": decoded}
        )
    meta = {
        "made_by": "scripts/make_tokenizers.py",
        "openvino": ov.get_version(),
        "openvino_tokenizers": ot.__version__,
        "options": options,
        "plugin": "CPU, default properties (tokenizer ops compute on integers and bytes)",
        "cases": cases,
    }
    with open(os.path.join(folder, "expected.json"), "w", encoding="utf-8") as f:
        json.dump(meta, f, ensure_ascii=False, indent=1)


def bpe_bytelevel(vocab: int = 400, corpus: list = CORPUS) -> PreTrainedTokenizerFast:
    """GPT-2's kind: byte-level BPE."""
    t = Tokenizer(models.BPE())
    t.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    t.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab, special_tokens=["<|endoftext|>"], initial_alphabet=pre_tokenizers.ByteLevel.alphabet()
    )
    t.train_from_iterator(corpus, trainer)
    return PreTrainedTokenizerFast(tokenizer_object=t, eos_token="<|endoftext|>", bos_token="<|endoftext|>")


def wordpiece(vocab: int = 200, input_names: list | None = None, corpus: list = CORPUS) -> PreTrainedTokenizerFast:
    """BERT's kind: lower-cased WordPiece with [CLS] ... [SEP] (``input_names``: what the model
    takes, token_type_ids among them for BERT)."""
    t = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    t.normalizer = normalizers.BertNormalizer(lowercase=True)
    t.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    specials = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    t.train_from_iterator(corpus, trainers.WordPieceTrainer(vocab_size=vocab, special_tokens=specials))
    cls, sep = t.token_to_id("[CLS]"), t.token_to_id("[SEP]")
    t.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1", special_tokens=[("[CLS]", cls), ("[SEP]", sep)]
    )
    t.decoder = decoders.WordPiece()
    return PreTrainedTokenizerFast(
        tokenizer_object=t,
        unk_token="[UNK]",
        pad_token="[PAD]",
        cls_token="[CLS]",
        sep_token="[SEP]",
        mask_token="[MASK]",
        **({"model_input_names": input_names} if input_names else {}),
    )


def unigram() -> PreTrainedTokenizerFast:
    t = Tokenizer(models.Unigram())
    t.normalizer = normalizers.NFKC()
    t.pre_tokenizer = pre_tokenizers.Metaspace()
    t.decoder = decoders.Metaspace()
    trainer = trainers.UnigramTrainer(vocab_size=150, special_tokens=["<pad>", "</s>", "<unk>"], unk_token="<unk>")
    t.train_from_iterator(CORPUS, trainer)
    t.post_processor = processors.TemplateProcessing(single="$A </s>", special_tokens=[("</s>", t.token_to_id("</s>"))])
    return PreTrainedTokenizerFast(tokenizer_object=t, unk_token="<unk>", pad_token="<pad>", eos_token="</s>")


def llama_bpe() -> PreTrainedTokenizerFast:
    """Llama/Mistral-style: Metaspace-prepended BPE over characters, unknown bytes as <0xNN>."""
    t = Tokenizer(models.BPE(unk_token="<unk>", byte_fallback=True, fuse_unk=True))
    t.normalizer = normalizers.Sequence([normalizers.Prepend("▁"), normalizers.Replace(" ", "▁")])
    t.decoder = decoders.Sequence(
        [decoders.Replace("▁", " "), decoders.ByteFallback(), decoders.Fuse(), decoders.Strip(" ", 1, 0)]
    )
    specials = ["<unk>", "<s>", "</s>"] + [f"<0x{b:02X}>" for b in range(256)]
    t.train_from_iterator(CORPUS, trainers.BpeTrainer(vocab_size=420, special_tokens=specials))
    t.post_processor = processors.TemplateProcessing(single="<s> $A", special_tokens=[("<s>", t.token_to_id("<s>"))])
    return PreTrainedTokenizerFast(tokenizer_object=t, unk_token="<unk>", bos_token="<s>", eos_token="</s>")


def classifier_folder() -> None:
    """tests/data/optimum/bert_cls (scripts/make_optimum_models.py) with the tokenizer optimum-cli
    would put beside it: a WordPiece within the model's vocabulary of 128, and the logits the
    plugin gives for texts through both (``irexec run FOLDER --text``)."""
    folder = os.path.join(os.path.dirname(OUT), "optimum", "bert_cls")
    hf = wordpiece(128, ["input_ids", "token_type_ids", "attention_mask"])
    assert len(hf) <= 128
    tok, detok = ot.convert_tokenizer(hf, with_detokenizer=True)
    ov.save_model(tok, os.path.join(folder, "openvino_tokenizer.xml"))
    ov.save_model(detok, os.path.join(folder, "openvino_detokenizer.xml"))
    core = ov.Core()
    tokenize = core.compile_model(os.path.join(folder, "openvino_tokenizer.xml"), "CPU")
    model = core.compile_model(os.path.join(folder, "openvino_model.xml"), "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
    texts = ["Hello world, a test!", "naïve café 東京"]
    tokens = tokenize({0: np.array(texts)})
    feeds = {
        p.any_name: tokens[p.any_name] for p in model.inputs if p.any_name in {o.any_name for o in tokenize.outputs}
    }
    logits = np.asarray(model(feeds)[0])
    with open(os.path.join(folder, "expected_text.json"), "w", encoding="utf-8") as f:
        json.dump(
            {"texts": texts, "logits": logits.tolist(), "plugin": "CPU, INFERENCE_PRECISION_HINT=f32"},
            f,
            ensure_ascii=False,
        )


def main() -> None:
    save(bpe_bytelevel(), "bpe_bytelevel")
    save(bpe_bytelevel(), "bpe_bytelevel_truncated", max_length=6, truncation=True, use_max_padding=True)
    save(wordpiece(), "wordpiece")
    save(wordpiece(), "wordpiece_pairs", number_of_inputs=2)
    save(unigram(), "unigram")
    save(llama_bpe(), "llama_bpe")
    save(llama_bpe(), "llama_bpe_specials", skip_special_tokens=False)
    classifier_folder()


if __name__ == "__main__":
    main()
