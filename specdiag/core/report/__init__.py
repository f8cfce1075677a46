"""The report of a diagnosis: a frozen model built from command documents (build.py)."""
