"""Writes the small optimum-intel exports under tests/data/optimum/ that the tests of optimum-intel on
irexec read (tests/openvino/test_optimum.py): random-weight models from small configs, exported by
optimum-intel as its users export them. Needs torch, transformers and optimum-intel (not the tests):

    python scripts/make_optimum_models.py
"""

import os
import shutil
import tempfile

import torch
from optimum.intel import OVModelForCausalLM, OVModelForFeatureExtraction, OVModelForSequenceClassification
from transformers import BertConfig, BertForSequenceClassification, BertModel, LlamaConfig, LlamaForCausalLM

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests", "data", "optimum")


def llama() -> LlamaForCausalLM:
    config = LlamaConfig(
        vocab_size=128,
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=128,
        bos_token_id=1,
        eos_token_id=2,
        pad_token_id=0,
    )
    return LlamaForCausalLM(config).eval()


def bert_config(**extra) -> BertConfig:
    return BertConfig(
        vocab_size=128,
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=64,
        max_position_embeddings=64,
        **extra,
    )


def export(model, ov_class, name: str, **options) -> None:
    with tempfile.TemporaryDirectory() as hf:
        model.save_pretrained(hf)
        exported = ov_class.from_pretrained(hf, export=True, compile=False, **options)
        target = os.path.join(OUT, name)
        shutil.rmtree(target, ignore_errors=True)
        exported.save_pretrained(target)


def main() -> None:
    torch.manual_seed(0)
    export(llama(), OVModelForCausalLM, "llama_stateful", stateful=True)
    torch.manual_seed(0)
    export(llama(), OVModelForCausalLM, "llama_past", stateful=False)
    torch.manual_seed(0)
    export(
        BertForSequenceClassification(bert_config(num_labels=3)).eval(), OVModelForSequenceClassification, "bert_cls"
    )
    torch.manual_seed(0)
    export(BertModel(bert_config()).eval(), OVModelForFeatureExtraction, "bert_features")


if __name__ == "__main__":
    main()
