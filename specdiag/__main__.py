"""``python -m specdiag`` entry point."""

from specdiag.cli.app import main

if __name__ == "__main__":
    raise SystemExit(main())
