"""StringToHashBucket (openvino_tokenizers, TensorFlow's StringToHashBucketFast): each string's
CityHash64 (``_cityhash``) modulo ``num_buckets``, as i64 in the strings' shape. ``num_buckets``
must be positive (the extension's default, 0, is refused)."""

import numpy as np

from ...errors import ValidationError
from ...types import BY_NAME
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._cityhash import hash_many
from ._ragged import check_ranges

I64 = BY_NAME["i64"]


@register
class StringToHashBucket(Op):
    type, version = "StringToHashBucket", "extension"
    inputs = (
        Input("begins", "i32", role="indices"),
        Input("ends", "i32", role="indices"),
        Input("chars", "u8"),
    )
    attrs = (Attr("num_buckets", "int", 0),)

    def setup(self):
        if self.num_buckets <= 0:
            raise ValidationError(f"StringToHashBucket's num_buckets must be positive, got {self.num_buckets}")

    def output_facts(self, begins, ends, chars):
        return Fact(I64, begins.shape)

    def compute(self, begins, ends, chars):
        b, e = check_ranges("StringToHashBucket", "string", begins, ends, chars.size)
        hashes = hash_many(chars, b, e)
        return (hashes % np.uint64(self.num_buckets)).astype(np.int64).reshape(np.shape(begins))
