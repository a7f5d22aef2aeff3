"""Perl regular expressions, as conlleval's ``-d`` uses them, run by Python's ``re``.

conlleval splits each input line with ``split(/DELIM/, $line)``: the ``-d`` value is a Perl
pattern, interpolated at run time, matched against a byte string (spec §2.2). This module
translates such a pattern into a Python ``re`` pattern and splits the way Perl's ``split``
does, so that the fields (and Perl's message for an invalid pattern) are Perl's.

How the translation stays exact on conlleval's input:

- The subject is always bytes. It is matched as Latin-1 text (one character per byte, the
  same offsets), which is how Perl sees a byte string. Every class (``\\s``, ``\\w``,
  ``[[:alpha:]]``, ``\\p{Zs}``, ...) is therefore emitted as an explicit set of the 256
  possible characters, computed under Perl's rules for this pattern: ASCII rules by default
  (``/d`` on a byte string), Unicode rules under ``(?u)``, ``(?l)`` (conlleval runs in a UTF-8
  locale) and when the pattern itself asks for Unicode (``\\p{..}``, ``\\N{..}``, a code point
  above 255, ``\\b{..}``). Python's own ``\\s``/``\\w``/``\\b`` differ from Perl's even there
  (Python's ``\\s`` has ``\\x1c``-``\\x1f``, its ``\\w`` has ``²``), so none of them is used.
- ``/i`` is applied here too (a literal becomes the class of its case variants), and so are
  ``/m``, ``/s``, ``/x``, ``/xx`` and ``/n``, each scoped as Perl scopes it.
- Atomic groups and possessive quantifiers (Python 3.11 has them, 3.9 does not) are written as
  ``(?=(?P<a1>X))(?P=a1)``; ``\\K`` as an empty group whose position is the start of the match.

Perl's ``split`` (``pp_split``): at position ``s`` the leftmost match is searched whose end is
past ``s`` (so an empty match at ``s`` is rejected and the engine backtracks for a longer one);
the text before it is a field, then each capture group's text (``None`` for a group that took
no part: Perl's read-only undef); trailing empty fields are removed.

Limits (:class:`UnsupportedPattern` says so instead of guessing): recursion (``(?R)``, ``(?1)``,
``(?&name)``), ``(?|...)``, ``\\G``, ``(*ACCEPT)`` and the backtracking-control verbs other
than ``(*FAIL)``, ``\\b{wb}``/``\\b{sb}``/``\\b{lb}``, ``(?[ ])``, script runs, variable-length
lookbehind beyond alternatives of fixed length. Not reproduced: multi-character case folds
(``ß`` against ``ss`` under ``/iu``), a back reference to a group that is still open or
defined further right (it fails to match, as on Perl's first iteration), Perl's warnings.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Dict, FrozenSet, List, Optional, Sequence, Set, Tuple, Union

from .pattern_errors import PerlPatternError, UnsupportedPattern
from .perl_classes import ALL, HSPACE, VSPACE, case_variants, emit_set, posix_sets, property_set

__all__ = ["PerlRegex", "compile_perl"]

_QUANTIFIER_MAX = 65534
_CONTEXT = 512  # characters before a match that lookbehinds (even nested ones) may look at


def _always(match: "Optional[re.Match[str]]") -> "re.Match[str]":
    """The match of a pattern that matches everywhere (possibly the empty string)."""
    assert match is not None
    return match



# --- the parser -------------------------------------------------------------------------

@dataclass
class _Flags:
    i: bool = False
    m: bool = False
    s: bool = False
    x: int = 0        # 1: /x, 2: /xx
    n: bool = False
    charset: str = "d"  # d u a aa l

    def copy(self) -> "_Flags":
        return _Flags(self.i, self.m, self.s, self.x, self.n, self.charset)


@dataclass
class _Piece:
    text: str
    low: int                 # least and most characters it matches (None: unbounded)
    high: Optional[int]
    zero_width: bool = False


@dataclass
class _Study:
    """What a first pass learns and the second uses: whether the pattern asks for Unicode
    rules, how many capture groups it has, and their names."""

    unicode: bool = False
    groups: int = 0
    names: Dict[str, List[int]] = field(default_factory=dict)


_FLAG_CHARS = "imnsxpadlu"
_VERB_ASSERTIONS = {
    "pla": "(?=", "positive_lookahead": "(?=", "nla": "(?!", "negative_lookahead": "(?!",
    "plb": "(?<=", "positive_lookbehind": "(?<=", "nlb": "(?<!", "negative_lookbehind": "(?<!",
    "atomic": "atomic",
}


class _Parser:
    def __init__(self, pattern: str, study: _Study, final: bool) -> None:
        self.p = pattern
        self.final = final  # the second pass (the first only studies the pattern)
        self.pos = 0
        self.study = study
        self.found = _Study()       # what this pass finds (the next pass's study)
        self.flags = _Flags()
        self.groups = 0
        self.closed: Set[int] = set()
        self.atomics = 0
        self.keeps: List[str] = []
        self.lookaround = 0
        self.escape_end = -1  # where the last escape outside a class ended
        self.flags_end = -1   # where the last (?flags) ended
        self.late: Optional[PerlPatternError] = None  # an error Perl reports after all others

    # messages
    def error(self, what: str, at: int) -> PerlPatternError:
        return PerlPatternError(f"{what} in regex; marked by <-- HERE in m/{self.p[:at]} <-- HERE {self.p[at:]}/")

    def error_whole(self, what: str) -> PerlPatternError:
        return PerlPatternError(f"{what} in regex m/{self.p}/")

    # rules
    def rules(self) -> str:
        """ascii / unicode / aa for classes (\\w, POSIX, \\s) and folding."""
        cs = self.flags.charset
        if cs in ("u", "l") or (cs == "d" and self.study.unicode):
            return "unicode"
        return cs  # d (ascii rules), a, aa

    def class_rules_unicode(self) -> bool:
        return self.rules() == "unicode"

    def fold_rules(self) -> str:
        r = self.rules()
        if r == "d":
            return "ascii"
        return "aa" if r == "aa" else "unicode"

    def posix(self, name: str) -> FrozenSet[int]:
        if self.flags.i and name in ("upper", "lower"):
            name = "cased"  # Perl: under /i both mean the cased letters
        ascii_set, uni_set = posix_sets()[name]
        return uni_set if self.class_rules_unicode() else ascii_set

    def fold(self, chars: FrozenSet[int]) -> FrozenSet[int]:
        if not self.flags.i:
            return chars
        rules = self.fold_rules()
        out = set(chars)
        for c in chars:
            out |= case_variants(c, rules)
        return frozenset(out)

    def upgrade(self) -> None:
        """A construct that makes Perl use Unicode rules for the whole pattern, when it
        appears where the rules are /d."""
        if self.flags.charset == "d":
            self.found.unicode = True

    # scanning helpers
    def peek(self, k: int = 0) -> str:
        i = self.pos + k
        return self.p[i] if i < len(self.p) else ""

    def skip_space(self) -> None:
        """Skips what Perl skips between tokens: (?#...) comments, and under /x white space
        and # comments."""
        while self.pos < len(self.p):
            ch = self.p[self.pos]
            if self.flags.x and ch in " \t\n\r\x0b\x0c\x85":
                self.pos += 1
            elif self.flags.x and ch == "#":
                end = self.p.find("\n", self.pos)
                self.pos = len(self.p) if end < 0 else end + 1
            elif self.p.startswith("(?#", self.pos):
                end = self.p.find(")", self.pos)
                if end < 0:
                    raise self.error_whole("Sequence (?#... not terminated")
                self.pos = end + 1
            else:
                return

    # grammar
    def parse(self) -> str:
        alternatives = self.alternation()
        self.widens = any(piece.high != 0 for piece in alternatives)
        if self.late is not None and self.final:
            raise self.late
        if self.pos < len(self.p):  # a ')' with no '('
            raise self.error("Unmatched )", self.pos + 1)
        return "|".join(piece.text for piece in alternatives)

    def alternation(self) -> List[_Piece]:
        """Alternatives up to a ')' (not consumed) or the end; each one a piece."""
        saved = self.flags.copy()
        alternatives = [self.sequence()]
        while self.peek() == "|":
            self.pos += 1
            alternatives.append(self.sequence())
        self.flags = saved
        return alternatives

    def sequence(self) -> _Piece:
        parts: List[_Piece] = []
        while True:
            self.skip_space()
            ch = self.peek()
            if ch in ("", "|", ")"):
                break
            if ch in "*+?":
                raise self.error("Quantifier follows nothing", self.pos + 1)
            atom = self.atom()
            if atom is None:
                continue
            parts.append(self.quantified(atom))
        text = "".join(p.text for p in parts)
        low = sum(p.low for p in parts)
        high: Optional[int] = 0
        for p in parts:
            high = None if high is None or p.high is None else high + p.high
        return _Piece(text, low, high, all(p.zero_width for p in parts))

    def quantifier(self) -> Optional[Tuple[int, Optional[int], int]]:
        """(min, max, end position) of a quantifier at pos, or None."""
        ch = self.peek()
        if ch == "*":
            return 0, None, self.pos + 1
        if ch == "+":
            return 1, None, self.pos + 1
        if ch == "?":
            return 0, 1, self.pos + 1
        if ch == "{":
            m = re.compile(r"\{[ \t]*(\d*)[ \t]*(?:(,)[ \t]*(\d*)[ \t]*)?\}").match(self.p, self.pos)
            if m is None or (not m.group(1) and not m.group(3)):
                return None
            low = int(m.group(1) or 0)
            high = (int(m.group(3)) if m.group(3) else None) if m.group(2) else low
            for value, group in ((low, 1), (high, 3)):
                if value is not None and value > _QUANTIFIER_MAX:
                    raise self.error("Quantifier in {,} bigger than 65534", m.end(group))
            return low, high, m.end()
        return None

    def quantified(self, atom: _Piece) -> _Piece:
        self.skip_space()
        q = self.quantifier()
        if q is None:
            return atom
        low, high, end = q
        if high is None and self.p.endswith("\\K", 0, self.pos) and atom.text.startswith("(?P<k") \
                and self.flags_end != self.pos - 2:  # (Perl lets (?i)\K* pass)
            raise self.error(f"\\K{self.p[self.pos:end]} is forbidden - matches null string many times", end)
        self.pos = end
        mode = ""
        if self.peek() in ("?", "+"):
            mode = self.peek()
            self.pos += 1
        self.skip_space()
        if self.quantifier() is not None:
            raise self.error("Nested quantifiers", self.pos + 1)
        body = f"(?:{atom.text})"
        if high is not None and low > high:  # Perl 5.36 compiles it; it never matches
            return _Piece(f"(?!){body}", 0, 0)  # (the atom's groups still exist)
        if (low, high) == (0, None):
            q_text = "*"
        elif (low, high) == (1, None):
            q_text = "+"
        elif (low, high) == (0, 1):
            q_text = "?"
        elif high is None:
            q_text = "{%d,}" % low
        elif low == high:
            q_text = "{%d}" % low
        else:
            q_text = "{%d,%d}" % (low, high)
        span_high = 0 if atom.high == 0 else None if high is None or atom.high is None else atom.high * high
        if mode == "+":
            return _Piece(self.atomic(body + q_text), atom.low * low, span_high)
        return _Piece(body + q_text + ("?" if mode == "?" else ""), atom.low * low, span_high)

    def atomic(self, text: str) -> str:
        self.atomics += 1
        name = f"a{self.atomics}"
        return f"(?=(?P<{name}>{text}))(?P={name})"

    def atom(self) -> Optional[_Piece]:
        ch = self.peek()
        start = self.pos
        self.pos += 1
        if ch == "(":
            return self.group(start)
        if ch == "[":
            return self.char_class(start)
        if ch == ".":
            return _Piece("[\\s\\S]" if self.flags.s else "[^\\n]", 1, 1)
        if ch == "^":
            return _Piece("(?:\\A|(?<=\\n)(?!\\Z))" if self.flags.m else "\\A", 0, 0, True)
        if ch == "$":
            return _Piece("(?=\\n|\\Z)" if self.flags.m else "(?=\\n?\\Z)", 0, 0, True)
        if ch == "\\":
            piece = self.escape(start)
            self.escape_end = self.pos
            return piece
        if ch == "{" and start >= 2 and self.p[start - 2] == "\\" and self.p[start - 1].isascii() \
                and self.p[start - 1].isalpha() and (self.escape_end == start or not self.flags.i):
            # Perl looks at the text: after \d or \t, and (but not under /i) after \\p
            raise self.error("Unescaped left brace in regex is illegal here", start + 1)
        return self.char(ord(ch))

    def char(self, code: int) -> _Piece:
        if self.flags.i:
            variants = self.fold(frozenset({code}))
            if len(variants) > 1:
                return _Piece(emit_set(variants), 1, 1)
        if code > 255:
            return _Piece("(?!)", 1, 1)  # never in a byte string
        return _Piece(re.escape(chr(code)), 1, 1)

    def chars(self, chars: FrozenSet[int]) -> _Piece:
        return _Piece(emit_set(self.fold(chars)), 1, 1)

    # groups
    def group(self, start: int) -> Optional[_Piece]:
        if self.peek() == "*":
            return self.verb(start)
        if self.peek() != "?":
            self.skip_space()  # Perl marks an unmatched ( after what it skipped
            if self.flags.n:
                return self.group_body(self.pos - 1, "(?:", None)
            return self.capture(self.pos - 1, None)
        self.pos += 1
        ch = self.peek()
        if ch == "":
            raise self.error("Sequence (? incomplete", self.pos)
        if ch in ("{", "?") and (ch == "{" or self.peek(1) == "{"):
            raise self.error_whole("Eval-group not allowed at runtime, use re 'eval'")
        if ch == ":":
            self.pos += 1
            return self.group_body(start, "(?:", None)
        if ch in "=!":
            self.pos += 1
            return self.lookaround_body(start, "(?" + ch)
        if ch == "<" and self.peek(1) in ("=", "!"):
            self.pos += 2
            return self.lookaround_body(start, "(?<" + self.p[self.pos - 1])
        if ch == ">":
            self.pos += 1
            return self.group_body(start, "atomic", None)
        if ch in "<'" or (ch == "P" and self.peek(1) == "<"):
            if ch == "P":
                self.pos += 1
            close = ">" if self.peek() == "<" else "'"
            self.pos += 1
            name = self.group_name(close, "(?" + ("P" if ch == "P" else "") + ch)
            return self.capture(start, name)
        if ch == "P" and self.peek(1) == "=":
            self.pos += 2
            name = self.group_name(")", "(?P=", consume=False)
            piece = self.named_backref(name, self.pos)
            self.pos += 1
            return piece
        if ch == "&" or (ch == "P" and self.peek(1) == ">"):
            self.pos += 1 if ch == "&" else 2
            name = self.group_name(")", "(?&" if ch == "&" else "(?P>", consume=False)
            if self.final and name not in self.study.names:
                raise self.error("Reference to nonexistent named group", self.pos)
            return self.recursion()
        if ch in "|R" or ch.isdigit() or (ch in "+-" and self.peek(1).isdigit()):
            if ch == "|":
                raise self.not_run("branch reset (?|...)")
            return self.recursion()
        if ch == "(":
            return self.conditional(start)
        if ch == "[":
            raise self.not_run("extended character classes (?[...])")
        return self.flag_group(start)

    def group_name(self, close: str, intro: str, consume: bool = True) -> str:
        m = re.compile(r"[A-Za-z_\xaa\xb5\xba\xc0-\xd6\xd8-\xf6\xf8-\xff]\w*").match(self.p, self.pos)
        if m is None:
            if self.pos >= len(self.p):
                raise self.error(f"Sequence {intro}... not terminated", self.pos)
            raise self.error("Group name must start with a non-digit word character", self.pos + 1)
        self.pos = m.end()
        if self.peek() != close:
            raise self.error(f"Sequence {intro}... not terminated", self.pos)
        if consume:
            self.pos += 1
        return m.group()

    def capture(self, start: int, name: Optional[str]) -> _Piece:
        self.groups += 1
        number = self.groups
        if name is not None:
            self.found.names.setdefault(name, []).append(number)
        piece = self.group_body(start, f"(?P<g{number}>", number)
        self.closed.add(number)
        return piece

    def group_body(self, start: int, opening: str, number: Optional[int]) -> _Piece:
        alternatives = self.alternation()
        if self.peek() != ")":
            raise self.error("Unmatched (", start + 1)
        self.pos += 1
        text = "|".join(p.text for p in alternatives)
        low = min(p.low for p in alternatives)
        highs = [p.high for p in alternatives]
        high = None if None in highs else max(h for h in highs if h is not None)
        zero = all(p.zero_width for p in alternatives)
        if opening == "atomic":
            return _Piece(self.atomic(f"(?:{text})"), low, high, zero)
        return _Piece(f"{opening}{text})", low, high, zero)

    def lookaround_body(self, start: int, opening: str) -> _Piece:
        self.skip_space()
        if self.pos >= len(self.p) and not self.p[start:].startswith("(*"):
            raise self.error(f"Sequence {opening}... not terminated", self.pos)
        self.lookaround += 1
        alternatives = self.alternation()
        self.lookaround -= 1
        if self.peek() != ")":
            raise self.error("Unmatched (", start + 1)
        self.pos += 1
        if opening.startswith("(?<"):
            if any(p.high is None or p.high > 255 for p in alternatives):
                # found last by Perl, once the pattern has compiled
                self.late = self.late or self.error_whole("Lookbehind longer than 255 not implemented")
                return _Piece("", 0, 0, True)
            if any(p.low != p.high for p in alternatives):
                raise self.not_run("variable-length lookbehind")
            # Python wants one width per lookbehind: one lookbehind per alternative
            if opening == "(?<=":
                return _Piece("(?:" + "|".join(f"(?<={p.text})" for p in alternatives) + ")", 0, 0, True)
            return _Piece("".join(f"(?<!{p.text})" for p in alternatives), 0, 0, True)
        return _Piece(opening + "|".join(p.text for p in alternatives) + ")", 0, 0, True)

    def conditional(self, start: int) -> _Piece:
        self.pos += 1
        m = re.compile(r"(\d+)\)|<(\w+)>\)|'(\w+)'\)").match(self.p, self.pos)
        if m is None:
            raise self.not_run("this (?(condition)...) form")
        self.pos = m.end()
        if m.group(1):  # (Perl takes a group that does not exist as a false condition)
            numbers = [int(m.group(1))]
        else:
            name = m.group(2) or m.group(3)
            numbers = self.study.names.get(name, [])
            self.check_name(name, m.end() - 1)
        numbers = [n for n in numbers if n in self.closed]
        alternatives = self.alternation()
        if self.peek() != ")":
            raise self.error("Switch (?(condition)... not terminated", len(self.p))
        self.pos += 1
        if len(alternatives) > 2:
            raise self.error("Switch (?(condition)... contains too many branches", self.pos)
        yes = alternatives[0].text
        no = alternatives[1].text if len(alternatives) > 1 else ""
        text = f"(?!)(?:{yes})|{no}" if not numbers else no  # (the groups of yes still exist)
        for number in reversed(numbers):
            text = f"(?(g{number}){yes}|{text})"
        low = min(p.low for p in alternatives) if len(alternatives) > 1 else 0
        return _Piece(f"(?:{text})", low, None)

    def flag_group(self, start: int) -> Optional[_Piece]:
        flags = self.flags.copy()
        on = True
        charset = ""  # the charset modifier given in this group so far
        if self.peek() == "^":
            self.pos += 1
            flags = _Flags(x=0, charset="d")
            if self.peek() == "-":
                raise self.error("Sequence (?^-...) not recognized", self.pos + 1)
        while True:
            ch = self.peek()
            if ch == "":
                raise self.error("Sequence (?... not terminated", self.pos)
            self.pos += 1
            if ch in ":)":
                break
            if ch == "-" and on:
                if self.peek() == "^":
                    raise self.error("Sequence (?-^...) not recognized", self.pos + 1)
                on = False
                continue
            if ch not in _FLAG_CHARS:
                raise self.error(f"Sequence (?{self.p[start + 2:self.pos]}...) not recognized", self.pos)
            if ch in "adlu":
                if not on:
                    raise self.error(f'Regexp modifier "{ch}" may not appear after the "-"', self.pos)
                flags.charset = self.charset_modifier(ch, charset, self.pos)
                charset = flags.charset
            elif ch == "x":
                flags.x = min(flags.x + 1, 2) if on else 0
            elif ch != "p":
                setattr(flags, ch, on)
        if ch == ")":
            self.flags = flags  # to the end of the enclosing group
            self.flags_end = self.pos
            return None
        saved, self.flags = self.flags, flags
        alternatives = self.alternation()
        self.flags = saved
        if self.peek() != ")":
            raise self.error("Unmatched (", start + 1)
        self.pos += 1
        return self.join(alternatives)

    def charset_modifier(self, ch: str, before: str, at: int) -> str:
        """The charset after modifier ``ch`` when ``before`` was given earlier in the group;
        Perl's messages for the combinations it refuses."""
        if not before:
            return ch
        if before == "a" and ch == "a":
            return "aa"
        if before in ("a", "aa"):
            raise self.error('Regexp modifier "a" may appear a maximum of twice', at)
        if before == ch:
            raise self.error(f'Regexp modifier "{ch}" may not appear twice', at)
        raise self.error(f'Regexp modifiers "{before}" and "{ch}" are mutually exclusive', at)

    def recursion(self) -> Optional[_Piece]:
        if self.final:
            raise self.not_run("recursion")
        end = self.p.find(")", self.pos)
        self.pos = len(self.p) if end < 0 else end + 1
        return None

    def not_run(self, what: str) -> UnsupportedPattern:
        return UnsupportedPattern(f"Perl pattern feature not supported by jp_conlleval: {what} in m/{self.p}/")

    @staticmethod
    def join(alternatives: Sequence[_Piece]) -> _Piece:
        highs = [p.high for p in alternatives]
        return _Piece("(?:" + "|".join(p.text for p in alternatives) + ")",
                      min(p.low for p in alternatives),
                      None if None in highs else max(h for h in highs if h is not None),
                      all(p.zero_width for p in alternatives))

    def verb(self, start: int) -> Optional[_Piece]:
        self.pos += 1
        m = _always(re.compile(r"[A-Za-z_]*").match(self.p, self.pos))
        word = m.group()
        self.pos = m.end()
        ch = self.peek()
        if not word and ch not in (")", ":"):
            end = self.p.find(")", self.pos)
            if end < 0:
                raise self.error("Unterminated '(*...' construct", len(self.p))
            raise self.error(f"Unknown '(*...)' construct '{self.p[self.pos:end]}'", end + 1)
        if word.lower() in _VERB_ASSERTIONS:
            if ch != ":":
                raise self.error(f"'(*{word}' requires a terminating ':'", self.pos)
            if self.p.find(")", self.pos) < 0:
                raise self.error("Unterminated '(*...' argument", len(self.p))
            self.pos += 1
            opening = _VERB_ASSERTIONS[word.lower()]
            if opening == "atomic":
                return self.group_body(start, "atomic", None)
            return self.lookaround_body(start, opening)
        argument = None
        if ch == ":":
            end = self.p.find(")", self.pos)
            if end < 0:
                raise self.error("Unterminated '(*...' argument", len(self.p))
            argument, self.pos = self.p[self.pos + 1:end], end
        if self.peek() != ")":
            raise self.error("Unterminated verb pattern", self.pos)
        self.pos += 1
        if word in ("FAIL", "F"):
            return _Piece("(?!)", 0, 0, True)
        if word in ("MARK", "") and argument:  # a name for (*SKIP:NAME): no effect on a match
            return None
        if word in ("ACCEPT", "COMMIT", "PRUNE", "SKIP", "THEN", "MARK"):
            raise self.not_run(f"(*{word})")
        raise self.error(f"Unknown verb pattern '{word}'", self.pos)

    # escapes outside classes
    def escape(self, start: int) -> Optional[_Piece]:
        ch = self.peek()
        if ch == "":
            raise PerlPatternError(f"Trailing \\ in regex m/{self.p}/")
        self.pos += 1
        classes = self.class_escape(ch)
        if classes is not None:
            return self.chars(classes)
        if ch in "bB":
            if self.peek() == "{":
                return self.bound(ch)
            return self.word_boundary(ch == "b")
        if ch == "A":
            return _Piece("\\A", 0, 0, True)
        if ch == "z":
            return _Piece("\\Z", 0, 0, True)
        if ch == "Z":
            return _Piece("(?=\\n?\\Z)", 0, 0, True)
        if ch == "G":
            raise self.not_run("\\G")
        if ch == "K":
            if self.lookaround:
                raise self.error("\\K not permitted in lookahead/lookbehind", self.pos)
            name = f"k{len(self.keeps) + 1}"
            self.keeps.append(name)
            return _Piece(f"(?P<{name}>)", 0, 0, True)
        if ch == "R":
            return _Piece(self.atomic("\\r\\n|[\\n\\x0b\\x0c\\r\\x85]"), 1, 2)
        if ch == "X":
            return _Piece(self.atomic("\\r\\n|[\\s\\S]"), 1, 2)
        if ch == "N" and (self.peek() != "{" or self.quantifier() is not None):
            return _Piece("[^\\n]", 1, 1)
        if ch in "123456789" or ch == "g" or ch == "k":
            return self.backref(ch, start)
        code = self.char_escape(ch, start)
        return self.char(code) if isinstance(code, int) else self.string(code)

    def string(self, text: str) -> _Piece:
        return _Piece("".join(self.char(ord(c)).text for c in text), len(text), len(text))

    def bound(self, ch: str) -> _Piece:
        end = self.p.find("}", self.pos)
        if end < 0:
            raise self.error("Missing right brace on \\%s{}" % ch, self.pos + 1)
        kind = self.p[self.pos + 1:end]
        self.pos = end + 1
        self.upgrade()
        if kind not in ("gcb", "g", "wb", "sb", "lb"):
            raise self.error(f"'{kind}' is an unknown bound type", end)
        if kind in ("gcb", "g"):  # Latin-1 has no Extend characters: only CR LF holds
            return _Piece("(?!(?<=\\r)\\n)" if ch == "b" else "(?<=\\r)(?=\\n)", 0, 0, True)
        raise self.not_run(f"\\{ch}{{{kind}}}")

    def word_boundary(self, positive: bool) -> _Piece:
        w = emit_set(self.posix("word"))
        if positive:
            return _Piece(f"(?:(?<={w})(?!{w})|(?<!{w})(?={w}))", 0, 0, True)
        return _Piece(f"(?:(?<={w})(?={w})|(?<!{w})(?!{w}))", 0, 0, True)

    def class_escape(self, ch: str) -> Optional[FrozenSet[int]]:
        """The set of a class escape (\\d \\w \\s \\h \\v \\p{..} and negations), or None."""
        lower = ch.lower()
        if lower in "dwshv" and lower:
            if lower == "d":
                chars = self.posix("digit")
            elif lower == "w":
                chars = self.posix("word")
            elif lower == "s":
                chars = self.posix("space")
            elif lower == "h":
                chars = HSPACE
            else:
                chars = VSPACE
            return frozenset(ALL) - chars if ch.isupper() else chars
        if lower == "p":
            return self.property(ch == "P")
        return None

    def property(self, negated: bool) -> FrozenSet[int]:
        self.upgrade()
        letter = "P" if negated else "p"
        if self.pos >= len(self.p):
            raise self.error(f"Empty \\{letter}", self.pos)
        if self.peek() == "{":
            end = self.p.find("}", self.pos)
            if end < 0:
                raise self.error(f"Missing right brace on \\{letter}{{}}", self.pos + 1)
            name = self.p[self.pos + 1:end]
            self.pos = end + 1
            body = name.strip()
            if body.startswith("^"):
                negated = not negated
                body = body[1:]
        else:
            name = body = self.peek()
            self.pos += 1
        chars = property_set(body, self.flags.i)
        if chars is None:
            if re.fullmatch(r"\s*[A-Za-z][\w\s=:-]*", body):
                raise self.error(f'Can\'t find Unicode property definition "{name}"', self.pos)
            raise self.not_run(f"\\{letter}{{{name}}}")
        return frozenset(ALL) - chars if negated else chars

    def char_escape(self, ch: str, start: int, in_class: bool = False) -> Union[int, str]:
        """The code point of a character escape (or, for \\N{U+41.42}, the string)."""
        simple = {"t": 9, "n": 10, "r": 13, "f": 12, "e": 27, "a": 7}
        if ch in simple:
            return simple[ch]
        if ch == "x":
            if self.peek() == "{":
                end = self.p.find("}", self.pos)
                if end < 0:
                    raise self.error("Missing right brace on \\x{}", self.pos + 1)
                digits = _always(re.match(r"\s*([0-9A-Fa-f_]*)", self.p[self.pos + 1:end])).group(1).replace("_", "")
                self.pos = end + 1
                code = int(digits, 16) if digits else 0
            else:
                m = _always(re.compile(r"[0-9A-Fa-f]{0,2}").match(self.p, self.pos))
                self.pos = m.end()
                code = int(m.group(), 16) if m.group() else 0
            return self.big(code)
        if ch == "o":
            if self.peek() != "{":
                raise self.error("Missing braces on \\o{}", self.pos)
            end = self.p.find("}", self.pos)
            if end < 0:
                raise self.error("Missing right brace on \\o{}", self.pos + 1)
            if end == self.pos + 1:
                raise self.error("Empty \\o{}", end + 1)
            digits = _always(re.match(r"\s*([0-7_]*)", self.p[self.pos + 1:end])).group(1).replace("_", "")
            self.pos = end + 1
            return self.big(int(digits, 8) if digits else 0)
        if ch == "0" or (in_class and ch in "1234567"):
            m = _always(re.compile(r"[0-7]{0,2}").match(self.p, self.pos))
            self.pos = m.end()
            return int(ch + m.group(), 8)
        if ch == "c":
            target = self.peek()
            if target == "" or not (32 <= ord(target) < 127):
                raise self.error('Character following "\\c" must be printable ASCII', self.pos)
            if target == "{":
                raise self.error('Use "\\c{" ... not allowed', self.pos)  # rare; see Perl
            self.pos += 1
            return ord(target.upper()) ^ 64
        if ch == "N":
            return self.named_char(in_class)
        return ord(ch)  # an escaped metacharacter or an unknown escape: the character

    def big(self, code: int) -> int:
        if code > 255:
            self.upgrade()
        return code

    def named_char(self, in_class: bool) -> Union[int, str]:
        self.upgrade()
        end = self.p.find("}", self.pos)
        if end < 0:
            raise self.error("Missing right brace on \\N{}", self.pos + 1)
        body = self.p[self.pos + 1:end]
        self.pos = end + 1
        if body.startswith("U+"):
            codes = []
            for index, part in enumerate(body[2:].split(".")):
                m = _always(re.fullmatch(r"(?s)([0-9A-Fa-f_]*)(.*)", part))
                if not m.group(1) or m.group(2):
                    at = end - len(body) + 2 + sum(len(x) + 1 for x in body[2:].split(".")[:index]) + len(m.group(1)) + 1
                    raise self.error("Invalid hexadecimal number in \\N{U+...}", min(at, end + 1))
                codes.append(int(m.group(1).replace("_", ""), 16))
            text = "".join(map(chr, codes))
        else:
            try:
                if body != body.upper() or not body:
                    raise KeyError(body)
                text = unicodedata.lookup(body)
            except KeyError:
                raise self.error(f"Unknown charname '{body}'", end) from None
        if len(text) == 1:
            return ord(text)
        if in_class:
            raise self.not_run("a multi-character \\N{...} in a character class")
        return text

    # back references
    def backref(self, ch: str, start: int) -> _Piece:
        if ch in "123456789":
            m = _always(re.compile(r"\d*").match(self.p, self.pos))
            number = int(ch + m.group())
            if number >= 10 and number > self.study.groups:
                # not a group: an octal escape (\10 = \x08) followed by the other digits
                self.pos = start + 1
                octal = re.compile(r"[0-7]{1,3}").match(self.p, self.pos)
                if octal is None:
                    self.pos += 1
                    return self.char(ord(ch))
                self.pos = octal.end()
                return self.char(int(octal.group(), 8))
            self.pos = m.end()
            return self.numbered_backref(number, self.pos)
        if ch == "g":
            found = re.compile(r"\{\s*(-?\d+)\s*\}|(-?\d+)|\{(\w+)\}").match(self.p, self.pos)
            if found is None:
                if self.peek() == "{":
                    raise self.error("Sequence \\g{... not terminated", self.pos + 1)
                raise self.error("Unterminated \\g... pattern", self.pos)
            m = found
            self.pos = m.end()
            if m.group(3):
                return self.named_backref(m.group(3), self.pos - 1)
            digits = m.start(1) if m.group(1) else m.start(2)
            digits += self.p[digits] == "-"
            number = int(m.group(1) or m.group(2))
            if number == 0:
                raise self.error("Reference to invalid group 0", digits)
            if number < 0:
                number = self.groups + 1 + number
                if number <= 0:
                    raise self.error("Reference to nonexistent or unclosed group", digits)
            return self.numbered_backref(number, self.pos - (1 if m.group(1) else 0))
        # \k<name> \k'name' \k{name}
        close = {"<": ">", "'": "'", "{": "}"}.get(self.peek())
        if close is None:
            raise self.error("Sequence \\k... not terminated", self.pos)
        opening = self.peek()
        self.pos += 1
        name = self.group_name(close, "\\k" + opening, consume=False)
        piece = self.named_backref(name, self.pos)
        self.pos += 1
        return piece

    def check_name(self, name: str, at: int) -> None:
        if self.final and name not in self.study.names:
            raise self.error("Reference to nonexistent named group", at)

    def numbered_backref(self, number: int, at: int) -> _Piece:
        if self.final and number > self.study.groups:  # (the first pass counts the groups)
            raise self.error("Reference to nonexistent group", at)
        if number not in self.closed:
            return _Piece("(?!)", 0, None)  # a group still open or further right: unset here
        return _Piece(self.ref_text(number), 0, None)

    def named_backref(self, name: str, at: int) -> _Piece:
        self.check_name(name, at)
        numbers = [n for n in self.study.names.get(name, []) if n in self.closed]
        text = "(?!)"
        for number in reversed(numbers):  # the leftmost group of the name that is set
            text = f"(?(g{number}){self.ref_text(number)}|{text})"
        return _Piece(f"(?:{text})", 0, None)

    def ref_text(self, number: int) -> str:
        ref = f"(?P=g{number})"
        if not self.flags.i:
            return ref
        return f"(?i:{ref})" if self.fold_rules() != "ascii" else f"(?ai:{ref})"

    # character classes
    def char_class(self, start: int) -> _Piece:
        negated = self.peek() == "^"
        if negated:
            self.pos += 1
        chars: Set[int] = set()
        first = True
        while True:
            if self.flags.x == 2:
                while self.peek() in (" ", "\t") and self.peek():
                    self.pos += 1
            ch = self.peek()
            if ch == "":
                raise self.error("Unmatched [", start + 1)
            if ch == "]" and not first:
                self.pos += 1
                break
            first = False
            item_start = self.pos
            item = self.class_item()
            if isinstance(item, frozenset):
                chars |= item
                continue
            # a single character: a range?
            if self.peek() == "-" and self.peek(1) not in ("]", ""):
                self.pos += 1
                high_item = self.class_item()
                if isinstance(high_item, frozenset):  # [a-\d]: '-' is a literal
                    chars |= {item, ord("-")} | high_item
                    continue
                if high_item < item:
                    raise self.error(f'Invalid [] range "{self.p[item_start:self.pos]}"', self.pos)
                chars |= set(range(item, high_item + 1))
                continue
            chars.add(item)
        result = self.fold(frozenset(chars))
        if negated:
            result = frozenset(ALL) - result
        return _Piece(emit_set(result), 1, 1)

    def class_item(self) -> Union[int, FrozenSet[int]]:
        ch = self.peek()
        if ch == "[" and self.peek(1) in (":", "=", "."):
            kind = self.peek(1)
            m = re.compile(r"\[([:=.])(\^?)(\w*)\1\]").match(self.p, self.pos)
            if m is not None:
                if kind != ":":
                    raise self.error(f"POSIX syntax [{kind} {kind}] is reserved for future extensions", m.end())
                self.pos = m.end()
                name = m.group(3)
                if name not in posix_sets() or name == "cased":
                    raise self.error(f"POSIX class [:{m.group(2)}{name}:] unknown", m.end())
                chars = self.posix(name)
                return frozenset(ALL) - chars if m.group(2) else chars
        self.pos += 1
        if ch != "\\":
            return ord(ch)
        esc = self.peek()
        if esc == "":
            raise self.error("Unmatched [", self.pos)
        self.pos += 1
        classes = self.class_escape(esc)
        if classes is not None:
            return classes
        if esc == "b":
            return 8
        if esc == "N" and self.peek() != "{":
            raise self.error("\\N in a character class must be a named character: \\N{...}", self.pos)
        code = self.char_escape(esc, self.pos - 2, in_class=True)
        assert isinstance(code, int)  # (in a class a multi-character \N{..} is refused)
        return code


# --- compiling and splitting --------------------------------------------------------------

@dataclass(frozen=True)
class PerlRegex:
    """A compiled Perl pattern: ``split`` is Perl's ``split(/PATTERN/, LINE)``."""

    source: bytes
    regex: "re.Pattern[str]"
    groups: Tuple[str, ...]   # the Python group of each Perl capture group, in order
    keeps: Tuple[str, ...]    # the groups marking a \K
    widens: bool              # whether it can match a non-empty string at all
    # the pattern refusing to end where it starts, per length of the context before the start
    _nonempty: Dict[int, "re.Pattern[str]"] = field(default_factory=dict, compare=False, repr=False)

    def _match_past(self, text: str, start: int) -> "Tuple[Optional[re.Match[str]], int]":
        """Perl's search with ``minend = 1``: the leftmost match ending after ``start``, and
        the offset in ``text`` of the string it was found in."""
        match = self.regex.search(text, start)
        if match is None or match.end() > start:
            return match, 0
        # An empty match at start: Perl backtracks for a longer one at the same place first.
        if self.widens:
            # "Not where it started" is a lookbehind to the start of a slice holding the
            # context the pattern can look back at (a Perl lookbehind reaches 255 characters):
            # one compiled pattern per context length, whatever the start.
            context = min(start, _CONTEXT)
            nonempty = self._nonempty.get(context)
            if nonempty is None:
                nonempty = re.compile(f"(?:{self.regex.pattern})(?<!\\A[\\s\\S]{{{context}}})")
                self._nonempty[context] = nonempty
            offset = start - context
            longer = nonempty.match(text[offset:] if offset else text, context)
            if longer is not None:
                return longer, offset
        return (self.regex.search(text, start + 1) if start < len(text) else None), 0

    def split(self, line: bytes) -> List[Optional[bytes]]:
        """The fields of ``line``; ``None`` stands for Perl's undef (a capture group that took
        no part in the match)."""
        text = line.decode("latin-1")
        fields: List[Optional[bytes]] = []
        start, end = 0, len(text)
        while start < end:
            match, offset = self._match_past(text, start)
            if match is None:
                break
            # \K moves the start of the match (the last one passed: the rightmost)
            begin = max([match.start()] + [match.start(name) for name in self.keeps]) + offset
            fields.append(line[start:begin])
            for name in self.groups:
                a, b = match.span(name)
                fields.append(None if a < 0 else line[a + offset:b + offset])
            start = match.end() + offset
        if start < end:
            fields.append(line[start:])
        while fields and not fields[-1]:
            fields.pop()
        return fields


def compile_perl(source: bytes) -> PerlRegex:
    """Translates a Perl pattern (bytes, as conlleval gets ``-d``). Raises
    :class:`PerlPatternError` with Perl's message, or :class:`UnsupportedPattern`."""
    pattern = source.decode("latin-1")
    first = _Parser(pattern, _Study(), final=False)
    first.parse()  # Perl's syntax errors
    study = first.found  # the second pass knows the groups, their names and the rules
    study.groups = first.groups
    parser = _Parser(pattern, study, final=True)
    text = parser.parse()
    if text in ("\\A", "(?:\\A)"):  # split's one special pattern: a lone ^ means /^/m
        parser = _Parser("(?m)" + pattern, study, final=True)
        text = parser.parse()
    try:
        regex = re.compile(text)
    except re.error as error:  # a construct the translation does not handle
        raise UnsupportedPattern(
            f"Perl pattern not supported by jp_conlleval ({error}) in m/{pattern}/") from None
    groups = tuple(f"g{n}" for n in range(1, parser.groups + 1))
    return PerlRegex(source, regex, groups, tuple(parser.keeps), parser.widens)
