"""Build hook for the optional compiled part of ``specdiag logs`` (csrc/fastlogs.c).

Everything else is configured in pyproject.toml. The extension is optional: when it cannot be
built (no C compiler, no Python headers) the install still succeeds and ``specdiag logs`` uses
its pure-Python path, with a note on stderr.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "specdiag.core.logs._fastlogs",
            ["csrc/fastlogs.c"],
            # the same IEEE double operations, in the same order, as the Python path
            extra_compile_args=["-O3", "-ffp-contract=off", "-fno-fast-math"],
            optional=True,
        )
    ]
)
