"""A program using optimum-intel as its users do, on the exports in tests/data/optimum: generation
(greedy, beam search, seeded sampling, a left-padded batch) and forward passes of a causal LM
stateful and not, a sequence classifier's and a feature extractor's outputs, and save_pretrained of
a loaded model read back. tests/openvino/test_optimum.py runs it on OpenVINO and on irexec.

    python optimum_models.py DATA_DIR OUT_DIR
"""

import os
import sys

import numpy as np
import torch
from optimum.intel import OVModelForCausalLM, OVModelForFeatureExtraction, OVModelForSequenceClassification

# As the plugin computes an LLM to compare with: f32, its cache too, no activation quantization.
CONFIG = {"INFERENCE_PRECISION_HINT": "f32", "KV_CACHE_PRECISION": "f32", "DYNAMIC_QUANTIZATION_GROUP_SIZE": "0"}


def rounded(values) -> list:
    return np.round(np.asarray(values, np.float64), 4).tolist()


def causal(folder: str, label: str, out_dir: str) -> None:
    model = OVModelForCausalLM.from_pretrained(folder, ov_config=CONFIG)
    ids = torch.tensor([[1, 5, 9, 17, 33]])
    print(label, "stateful", model.stateful)
    print(label, "greedy", model.generate(ids, max_new_tokens=8, do_sample=False)[0].tolist())
    print(label, "beams ", model.generate(ids, max_new_tokens=6, num_beams=3, do_sample=False)[0].tolist())
    torch.manual_seed(0)
    print(label, "sample", model.generate(ids, max_new_tokens=6, do_sample=True, top_k=5)[0].tolist())
    batch = torch.tensor([[0, 0, 1, 5, 9], [1, 7, 8, 9, 10]])
    mask = torch.tensor([[0, 0, 1, 1, 1], [1, 1, 1, 1, 1]])
    padded = model.generate(batch, attention_mask=mask, max_new_tokens=5, do_sample=False, pad_token_id=0)
    print(label, "padded", padded.tolist())
    print(label, "logits", rounded(model(ids).logits[0, -1, :6].numpy()))
    saved = os.path.join(out_dir, label)
    model.save_pretrained(saved)
    again = OVModelForCausalLM.from_pretrained(saved, ov_config=CONFIG)
    print(label, "again ", again.generate(ids, max_new_tokens=8, do_sample=False)[0].tolist())


def encoders(data: str) -> None:
    ids = torch.tensor([[2, 17, 33, 4, 9, 3], [2, 5, 6, 3, 0, 0]])
    mask = torch.tensor([[1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 0, 0]])
    cls = OVModelForSequenceClassification.from_pretrained(os.path.join(data, "bert_cls"), ov_config=CONFIG)
    logits = cls(input_ids=ids, attention_mask=mask).logits
    print("bert_cls logits", rounded(logits.numpy()), "labels", logits.argmax(-1).tolist())
    feats = OVModelForFeatureExtraction.from_pretrained(os.path.join(data, "bert_features"), ov_config=CONFIG)
    hidden = feats(input_ids=ids, attention_mask=mask).last_hidden_state
    print("bert_features shape", list(hidden.shape), "first", rounded(hidden[0, 0, :4].numpy()))


def main() -> int:
    data, out_dir = sys.argv[1], sys.argv[2]
    causal(os.path.join(data, "llama_stateful"), "stateful", out_dir)
    causal(os.path.join(data, "llama_past"), "past", out_dir)
    encoders(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
