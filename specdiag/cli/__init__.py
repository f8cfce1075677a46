"""The thin CLI layer: one module per command, all output through :mod:`specdiag.cli._output`."""
