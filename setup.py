"""Only the optional C accelerator: metadata, scripts and extras live in setup.cfg.

``jp_evalb._fastread`` reads well-formed tree lines several times faster than the pure-Python
reader it mirrors (jp_evalb.trees._read_spans), and counts crossing brackets as
jp_evalb.brackets.crossing_python does (jp_evalb.accelerator loads it). It is optional: where it cannot be compiled
(no C compiler), the package installs and runs without it, with the same output.
"""
from setuptools import Extension, setup

setup(ext_modules=[Extension("jp_evalb._fastread", ["jp_evalb/_fastread.c"], optional=True)])
