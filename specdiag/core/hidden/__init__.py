"""Hidden-state dumps: load them safely, compare served vs training captures, inspect dump sets,
capture them (every module imports torch lazily, so importing this package costs nothing)."""
