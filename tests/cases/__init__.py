"""Per-op case tables, one file per op type in folders named like irexec/ops/, and the harness
that runs them through the whole pipeline and against the OpenVINO CPU plugin."""
