"""A small suffix-stripping stemmer used only to spot derivational relatives.

errant asks "do these two words share a stem?" (``happy -> happiness`` is MORPH, not a word
choice error). We answer it with a short, deterministic suffix list instead of a stemming
library: the runtime needs no dependency, and the question is a yes/no comparison where an
aggressive stem is acceptable as long as both sides are stemmed the same way.
"""
from __future__ import annotations

# Longest first, so that "ations" wins over "s". Inflectional endings are included because
# a derivational pair often differs in inflection too (decisions -> decisive).
SUFFIXES = tuple(sorted((
    "ization", "isation", "ational", "fulness", "iveness", "ousness", "lessness",
    "ations", "ation", "ition", "ement", "ments", "ment", "ness", "ities", "ity",
    "ible", "able", "ably", "ibly", "ance", "ence", "ancy", "ency", "ship", "ful",
    "less", "ous", "ive", "ize", "ise", "ist", "ism", "ing", "ers", "er", "est",
    "ed", "ly", "al", "ic", "es", "s", "y", "e", "i",
    # Measured on W&I dev against errant's (Lancaster) MORPH: contribution -> contribute,
    # survival -> survive, operated -> operation, growing -> growth.
    "ion", "ate", "at", "iv", "th",
), key=len, reverse=True))
MIN_STEM = 3


def stem(word: str) -> str:
    """Strip suffixes repeatedly while a stem of at least three letters remains."""
    current = word.lower()
    changed = True
    while changed:
        changed = False
        for suffix in SUFFIXES:
            if current.endswith(suffix) and len(current) - len(suffix) >= MIN_STEM:
                current = current[:-len(suffix)]
                changed = True
                break
    # A doubled final consonant is an orthographic artefact (begin -> beginning).
    if len(current) > MIN_STEM and current[-1] == current[-2] and current[-1] not in "aeiou":
        current = current[:-1]
    return current
