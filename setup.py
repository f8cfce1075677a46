"""Build hook for the optional compiled parts: ``specdiag logs`` (csrc/fastlogs.c) and
``specdiag inspect-dump``'s scan (csrc/fastscan.c).

Everything else is configured in pyproject.toml. The extension is optional: when it cannot be
built (no C compiler, no Python headers) the install still succeeds: ``specdiag logs`` uses
its pure-Python path, with a note on stderr, and inspect-dump its torch path.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "specdiag.core.logs._fastlogs",
            ["csrc/fastlogs.c"],
            # the scanner extracts numbers as float() does; sums are taken in Python, exactly
            extra_compile_args=["-O3", "-fno-fast-math"],
            optional=True,
        ),
        Extension(
            "specdiag.core.hidden._fastscan",
            ["csrc/fastscan.c"],
            # -O3 vectorises the per-row loops (cloned for AVX-512 / AVX2 where GCC can)
            extra_compile_args=["-O3", "-fno-fast-math"],
            optional=True,
        ),
    ]
)
