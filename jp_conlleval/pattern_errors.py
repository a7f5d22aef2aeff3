"""The errors of a ``-d`` pattern (:mod:`jp_conlleval.perl_regex` raises them): apart from the
translation itself, so that the readers that catch them do not load it -- the default
delimiter, a space, never needs it."""
from __future__ import annotations

__all__ = ["PerlPatternError", "UnsupportedPattern"]


class PerlPatternError(Exception):
    """An invalid pattern; ``str()`` is Perl's message without its location suffix
    (``Unmatched ( in regex; marked by <-- HERE in m/( <-- HERE /``)."""


class UnsupportedPattern(PerlPatternError):
    """A valid Perl pattern that this translation does not run (see the module's limits)."""
