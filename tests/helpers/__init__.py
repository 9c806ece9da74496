"""What the tests share: the oracle (OpenVINO beside irexec), the corpora of models and broken
variants, IR text builders, the fuzzers' generators and bf16 rounding."""
