"""Command-line subcommands, one module each (imported lazily so `papertales` starts fast)."""
