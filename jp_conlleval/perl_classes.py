"""The character classes of Perl patterns over the 256 characters of a byte string.

conlleval matches its ``-d`` pattern against byte strings, which Perl sees as Latin-1 text:
every class a pattern can name is therefore a set of at most 256 characters, computed here
under Perl's two sets of rules (ASCII for ``/d`` on a byte string, Unicode otherwise) and
written out as an explicit Python class by :func:`emit_set`. Checked against Perl by
``tests/test_jp_conlleval_perl_regex.py``.
"""
from __future__ import annotations

import functools
import re
import unicodedata
from typing import Callable, Dict, FrozenSet, List, Optional, Tuple

ALL = range(256)


def _cat(ch: int) -> str:
    return unicodedata.category(chr(ch))


def _ascii(predicate: Callable[[int], bool]) -> FrozenSet[int]:
    return frozenset(c for c in range(128) if predicate(c))


def _latin1(predicate: Callable[[int], bool]) -> FrozenSet[int]:
    return frozenset(c for c in ALL if predicate(c))


_UNI_SPACE = frozenset(b"\t\n\x0b\x0c\r \x85\xa0")
@functools.lru_cache(maxsize=None)
def posix_sets() -> Dict[str, Tuple[FrozenSet[int], FrozenSet[int]]]:
    """POSIX class name -> (its set under ASCII rules, under Unicode rules); built at first use."""
    alpha_u = _latin1(lambda c: _cat(c)[0] == "L")  # Latin-1 has no Nl, M or Other_Alphabetic
    upper_u = _latin1(lambda c: chr(c).isupper())
    lower_u = _latin1(lambda c: chr(c).islower()) | {0xAA, 0xBA}  # Other_Lowercase
    graph_u = _latin1(lambda c: c not in _UNI_SPACE and _cat(c) not in ("Cc", "Zs"))
    table = {
        "alpha": (_ascii(lambda c: chr(c).isalpha()), alpha_u),
        "digit": (frozenset(b"0123456789"), frozenset(b"0123456789")),
        "alnum": (_ascii(lambda c: chr(c).isalnum()), alpha_u | frozenset(b"0123456789")),
        "upper": (_ascii(lambda c: chr(c).isupper()), upper_u),
        "lower": (_ascii(lambda c: chr(c).islower()), lower_u),
        "punct": (_ascii(lambda c: 33 <= c < 127 and not chr(c).isalnum()),
                  _latin1(lambda c: _cat(c)[0] == "P") | frozenset(b"$+<=>^`|~")),
        "print": (frozenset(range(32, 127)), graph_u | {0x20, 0xA0}),
        "graph": (frozenset(range(33, 127)), graph_u),
        "cntrl": (frozenset(range(32)) | {127}, _latin1(lambda c: _cat(c) == "Cc")),
        "space": (frozenset(b"\t\n\x0b\x0c\r "), _UNI_SPACE),
        "blank": (frozenset(b"\t "), frozenset(b"\t \xa0")),
        "xdigit": (frozenset(b"0123456789ABCDEFabcdef"),) * 2,
        "word": (_ascii(lambda c: chr(c).isalnum()) | {0x5F},
                 alpha_u | _latin1(lambda c: _cat(c) in ("Nd", "Pc"))),
        "ascii": (frozenset(range(128)),) * 2,
    }
    # not a POSIX class name: what [[:upper:]] and [[:lower:]] mean under /i
    table["cased"] = (table["upper"][0] | table["lower"][0], upper_u | lower_u)
    return table


HSPACE = frozenset(b"\t \xa0")         # \h: always Unicode's, whatever the rules
VSPACE = frozenset(b"\n\x0b\x0c\r\x85")  # \v
# \p{..} that /i widens (Perl: Lu and Ll mean LC; Lt, Upper, Lower and Title mean Cased)
_CASED_UNDER_I = {
    **dict.fromkeys(("lu", "ll", "uppercaseletter", "lowercaseletter"), "lc"),
    **dict.fromkeys(("lt", "titlecaseletter"), "cased"),
    **dict.fromkeys(("upper", "lower", "uppercase", "lowercase", "xposixupper", "xposixlower",
                     "title", "titlecase"), "cased"),
    **dict.fromkeys(("posixupper", "posixlower"), "posixcased"),
}

# \p{...} names (loose: case, spaces, '_' and '-' ignored) -> set; the Unicode general
# categories, their long names, and the binary properties and scripts conlleval users write.
_GC_LONG = {
    "L": "letter", "LC": "casedletter", "Lu": "uppercaseletter", "Ll": "lowercaseletter",
    "Lt": "titlecaseletter", "Lm": "modifierletter", "Lo": "otherletter", "M": "mark",
    "Mn": "nonspacingmark", "Mc": "spacingmark", "Me": "enclosingmark", "N": "number",
    "Nd": "decimalnumber", "Nl": "letternumber", "No": "othernumber", "P": "punctuation",
    "Pc": "connectorpunctuation", "Pd": "dashpunctuation", "Ps": "openpunctuation",
    "Pe": "closepunctuation", "Pi": "initialpunctuation", "Pf": "finalpunctuation",
    "Po": "otherpunctuation", "S": "symbol", "Sm": "mathsymbol", "Sc": "currencysymbol",
    "Sk": "modifiersymbol", "So": "othersymbol", "Z": "separator", "Zs": "spaceseparator",
    "Zl": "lineseparator", "Zp": "paragraphseparator", "C": "other", "Cc": "control",
    "Cf": "format", "Cs": "surrogate", "Co": "privateuse", "Cn": "unassigned",
}


def _gc_set(code: str) -> FrozenSet[int]:
    if code == "LC":
        return _latin1(lambda c: _cat(c) in ("Lu", "Ll", "Lt"))
    return _latin1(lambda c: _cat(c).startswith(code))


@functools.lru_cache(maxsize=None)
def _properties() -> Dict[str, FrozenSet[int]]:
    """The \\p{..} table, built at the first \\p (a few hundred unicodedata look-ups)."""
    table: Dict[str, FrozenSet[int]] = {}
    for code, long in _GC_LONG.items():
        table[code.lower()] = table[long] = _gc_set(code)
    table["l&"] = table["lc"]
    table["punct"] = _gc_set("P")
    table["digit"] = table["nd"]
    posix = posix_sets()
    for name, (ascii_set, uni_set) in posix.items():
        if name not in ("punct", "digit"):
            table[name] = uni_set
        table["posix" + name] = ascii_set
        table["xposix" + name] = uni_set
    table["title"] = table["titlecase"] = table["lt"]
    table.update({
        "alphabetic": posix["alpha"][1], "uppercase": posix["upper"][1], "lowercase": posix["lower"][1],
        "whitespace": _UNI_SPACE, "spaceperl": _UNI_SPACE, "xperlspace": _UNI_SPACE,
        "perlspace": frozenset(b"\t\n\x0b\x0c\r "), "perlword": posix["word"][0],
        "hexdigit": posix["xdigit"][0], "hex": posix["xdigit"][0],
        "horizspace": HSPACE, "vertspace": VSPACE,
        "any": frozenset(ALL), "all": frozenset(ALL), "assigned": frozenset(ALL),
        "latin": _latin1(lambda c: chr(c).isalpha() and c not in (0xB5,)),
        "latn": _latin1(lambda c: chr(c).isalpha() and c not in (0xB5,)),
    })
    table["common"] = table["zyyy"] = frozenset(ALL) - table["latin"]
    for script in ("greek", "grek", "cyrillic", "cyrl", "han", "hani", "hiragana", "hira",
                   "katakana", "kana", "hangul", "hang", "arabic", "arab", "hebrew", "hebr",
                   "thai", "devanagari", "deva", "inherited", "zinh", "armenian", "georgian"):
        table[script] = frozenset()
    return table


def _loose(name: str) -> str:
    return re.sub(r"[\s_-]+", "", name).lower()


def property_set(name: str, ignore_case: bool) -> Optional[FrozenSet[int]]:
    """The set of ``\\p{name}`` (None: a name this table does not know)."""
    key = _loose(name)
    for prefix in ("gc=", "generalcategory=", "category=", "script=", "sc=", "scx=",
                   "scriptextensions="):
        if key.startswith(prefix):
            key = key[len(prefix):]
            break
    else:
        if key.startswith("is") and key[2:] in _properties():
            key = key[2:]
    if ignore_case and key in _CASED_UNDER_I:
        key = _CASED_UNDER_I[key]
    return _properties().get(key)


def _fold_key(ch: str) -> str:
    folded = ch.casefold()
    return folded if len(folded) == 1 else ch.lower()


def case_variants(code: int, rules: str) -> FrozenSet[int]:
    """The characters of a byte string that ``/i`` makes equal to ``code``."""
    if rules == "ascii":
        ch = chr(code)
        return frozenset({code, ord(ch.lower()), ord(ch.upper())}) if code < 128 else frozenset({code})
    key = _fold_key(chr(code))
    return frozenset(c for c in ALL if _fold_key(chr(c)) == key
                     and (rules != "aa" or (c < 128) == (code < 128))) | {code}


def emit_set(chars: FrozenSet[int]) -> str:
    """A Python class matching exactly these characters (of the 256; ``(?!)`` for none)."""
    members = sorted(c for c in chars if c < 256)
    if not members:
        return "(?!)"
    parts: List[str] = []
    start = prev = members[0]
    for c in members[1:] + [-2]:
        if c == prev + 1:
            prev = c
            continue
        parts.append(f"\\x{start:02x}" if start == prev else f"\\x{start:02x}-\\x{prev:02x}")
        start = prev = c
    return "[" + "".join(parts) + "]"
