"""openvino_tokenizers' ops (``version="extension"`` in the IR): what tokenizer and detokenizer IRs
written by ``openvino_tokenizers.convert_tokenizer`` and ``optimum-cli export openvino`` hold.

Their strings travel decomposed, as the extension passes them: a string tensor is three tensors,
``begins`` and ``ends`` (i32, each string's byte range) over ``chars`` (u8, the UTF-8 bytes); a
ragged one (a list of strings per row) adds ``ragged_begins``/``ragged_ends`` (i32, each row's
range of strings) before them. ``skips`` (boolean, one per string), where an op takes or gives it,
marks the special tokens that later steps leave whole. Each op does what openvino_tokenizers 2026.4
does wherever that is deterministic, even where it departs from what its names (or Hugging Face)
promise, and its file says so; irexec departs from it only where the extension reads memory it has
not set or past a buffer, crashes or hangs, and the file says what irexec does there instead."""
