# Root conftest: makes the repository root importable so that compat_tests can share
# tests/datafiles.py, whatever way pytest is started.
