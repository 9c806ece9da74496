"""The subcommands of ``irexec``, one module each; irexec/cli.py assembles them."""
