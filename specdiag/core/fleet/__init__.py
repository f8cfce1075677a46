"""Fleet view: speculative-decoding figures per replica and rank, read from a Prometheus server
(``run.run_fleet``: flags in, one frozen ``FleetReport`` out; ``analysis`` is pure)."""
