"""specdiag: diagnose speculative-decoding deployments.

Importing this package is cheap on purpose: it pulls in nothing beyond the standard
library, so ``specdiag --help`` and the pure-math commands start fast.
"""

__version__ = "0.1.0"

__all__ = ["__version__"]
