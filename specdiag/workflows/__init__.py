"""Workflows: the demo, driving servers and several cores at once, and its fixtures.

This layer sits between the command modules and the servers: it may import ``specdiag.core``
and the servers (``specdiag.refserver``), never ``specdiag.cli``; core never imports it.
"""
