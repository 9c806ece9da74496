"""RaggedTensorPack (openvinotoolkit/openvino_tokenizers 2026.4): a ragged tensor's begins and ends
(i32) and its base tensor ``data``, given back as ``data`` itself, of its type and shape: the
ragged structure is dropped (the extension's own notes call it a placeholder, at a graph's
boundary, for a packed form it does not yet make).

Later openvino_tokenizers sources pack the three into one u8 stream with a header; the 2026.4
extension, which irexec follows, passes ``data`` through. begins and ends are neither read nor
checked, as the extension does not."""

from ..op import Fact, Input, Op
from ..registry import register


@register
class RaggedTensorPack(Op):
    type, version = "RaggedTensorPack", "extension"
    inputs = (Input("begins", "i32", role="indices"), Input("ends", "i32", role="indices"), Input("data"))

    def output_facts(self, begins, ends, data):
        return Fact(data.etype, data.shape)

    def compute(self, begins, ends, data):
        return data
