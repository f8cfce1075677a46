"""Fleet view: speculative-decoding figures per replica and rank, read from a Prometheus server.

* :mod:`.names`    the engines' exact metric names and what each one means (its *role*)
* :mod:`.timespec` durations (``6h``) and instants (RFC 3339, Unix seconds)
* :mod:`.client`   the Prometheus HTTP API over httpx (queries, errors, hints)
* :mod:`.series`   raw samples: reset-adjusted counters, values at instants, deltas
* :mod:`.analysis` pure analysis: replicas, ranks, timelines, outliers, trends, collapses
* :mod:`.run`      ``run_fleet``: flags in, one frozen :class:`FleetReport` out

Counter figures are computed from the raw samples (one range-selector query returns them), so
they equal the servers' own counter deltas between the first and last sample in the window;
PromQL's ``increase()`` would extrapolate to the window's edges.
"""
