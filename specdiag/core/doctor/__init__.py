"""``specdiag doctor``: from whatever evidence the user has to ranked causes, each with its fix.

:mod:`.run` gathers the evidence once (:mod:`.context`, through the thin :mod:`.adapters` to the
other cores, :mod:`.checkpoint` and :mod:`.server_args`), runs every check of the registry
(:mod:`.registry`; one family module per family of checks, loaded by :mod:`.catalog`), ranks
the findings and summarises them in the frozen types of :mod:`.model`. Importing this package
imports nothing heavy; the adapters import the other cores lazily.
"""
