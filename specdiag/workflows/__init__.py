"""Workflows: orchestration that drives servers and several cores at once (the demo), and the
demo's fixtures: ``synthetic`` (a tiny transformer, its hidden-state stacks and SpecForge-style
dumps, also used by the tests and benchmarks) and ``doctor_story`` (the founding deployment as
files the doctor reads).

This layer sits between the command modules and the servers: it may import ``specdiag.core``
and the servers (``specdiag.refserver``), never ``specdiag.cli``; core never imports it.
"""
