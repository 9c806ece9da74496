"""Writes models/tiny_llm/: the folder `optimum-cli export openvino` makes for a Llama-style
decoder (stateful, with its tokenizer and detokenizer IRs, generation config and chat template),
here from a random-weight model of a small config and a byte-fallback BPE tokenizer trained on a few
sentences (no download). README's `irexec generate` example and tests/pipeline run it. Needs
torch, transformers, tokenizers, optimum-intel and openvino_tokenizers (not the tests):

    python scripts/make_tiny_llm.py
"""

import os
import shutil
import subprocess
import sys
import tempfile

import torch
from tokenizers import Tokenizer, decoders, models, normalizers, processors, trainers
from transformers import GenerationConfig, LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "models", "tiny_llm")

CORPUS = [
    "Hello world, this is a test.",
    "The quick brown fox jumps over the lazy dog!",
    "Ünïcödé text — naïve café, 東京 and 😀 emoji.",
    "Once upon a time there was a small model that ran in pure Python.",
] * 40
# A chat template of the shape real ones have: roles in special tokens, a generation prompt.
TEMPLATE = (
    "{% for message in messages %}{{ '<|' + message['role'] + '|>' + message['content'] + '<|end|>' }}"
    "{% endfor %}{% if add_generation_prompt %}{{ '<|assistant|>' }}{% endif %}"
)


def tokenizer() -> PreTrainedTokenizerFast:
    t = Tokenizer(models.BPE(unk_token="<unk>", byte_fallback=True, fuse_unk=True))
    t.normalizer = normalizers.Sequence([normalizers.Prepend("▁"), normalizers.Replace(" ", "▁")])
    t.decoder = decoders.Sequence(
        [decoders.Replace("▁", " "), decoders.ByteFallback(), decoders.Fuse(), decoders.Strip(" ", 1, 0)]
    )
    specials = ["<unk>", "<s>", "</s>", "<|user|>", "<|assistant|>", "<|end|>"] + [f"<0x{b:02X}>" for b in range(256)]
    t.train_from_iterator(CORPUS, trainers.BpeTrainer(vocab_size=384, special_tokens=specials))
    t.post_processor = processors.TemplateProcessing(single="<s> $A", special_tokens=[("<s>", t.token_to_id("<s>"))])
    return PreTrainedTokenizerFast(
        tokenizer_object=t, unk_token="<unk>", bos_token="<s>", eos_token="</s>", chat_template=TEMPLATE
    )


def main() -> None:
    torch.manual_seed(0)
    hf = tokenizer()
    with tempfile.TemporaryDirectory() as src:
        hf.save_pretrained(src)
        config = LlamaConfig(
            vocab_size=len(hf),
            hidden_size=32,
            intermediate_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            max_position_embeddings=256,
            bos_token_id=1,
            eos_token_id=2,
            pad_token_id=0,
            tie_word_embeddings=False,
        )
        LlamaForCausalLM(config).eval().save_pretrained(src)
        GenerationConfig(bos_token_id=1, eos_token_id=2, pad_token_id=0, max_new_tokens=16).save_pretrained(src)
        shutil.rmtree(OUT, ignore_errors=True)
        cli = os.path.join(os.path.dirname(sys.executable), "optimum-cli")
        command = [cli, "export", "openvino", "-m", src, "--task", "text-generation-with-past"]
        subprocess.run(command + ["--weight-format", "fp32", OUT], check=True)
    # (tokenizer.json is the Hugging Face tokenizer's own file: the IRs stand for it here)
    os.remove(os.path.join(OUT, "tokenizer.json"))


if __name__ == "__main__":
    main()
