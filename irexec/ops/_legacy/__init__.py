"""Op families not yet moved to one file per op (being ported; imported by irexec.ops)."""
