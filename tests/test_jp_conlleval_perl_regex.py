"""conlleval's ``-d`` is a Perl pattern: jp_conlleval.perl_regex against Perl itself.

The differential test starts one ``perl`` process (Perl is the oracle; the process is what it
needs) for every pattern and line below: Perl splits each line with ``split(/$pattern/,
$line)`` on byte strings, as conlleval does (spec §2.2), or reports its compile error, which
is compared without the location suffix Perl appends (``at FILE line N, <STDIN> line M.``).
It is skipped, visibly, where Perl is not installed.
"""
from __future__ import annotations

import shutil
import subprocess
from typing import Dict, List, Optional, Tuple, Union

import pytest

from jp_conlleval.fields import UNDEFINED, compile_splitter
from jp_conlleval.legacy import run_legacy
from jp_conlleval.pattern_errors import PerlPatternError, UnsupportedPattern
from jp_conlleval.perl_regex import compile_perl
from jp_conlleval.reader import InputError, MergedReader, Options

# Perl's side: one "PATTERN-HEX LINE-HEX" request a line; answers "OK" + "=HEX" (a field) or
# "U" (undef) comma-separated, or "ERR" + the message without its location.
_ORACLE = r"""
use strict; no warnings;
while (my $request = <STDIN>) {
    chomp $request;
    my ($pattern, $line) = map { pack("H*", $_) } split / /, $request, -1;
    my @fields = eval { split(/$pattern/, $line) };
    if ($@) {
        (my $message = $@) =~ s/ at \S+ line \d+(?:, <\w+> line \d+)?\.\n\z//;
        $message =~ s/\n/\\n/g;
        print "ERR $message\n";
    } else {
        print "OK ", join(",", map { defined $_ ? "=" . unpack("H*", $_) : "U" } @fields), "\n";
    }
}
"""

ALL_BYTES = bytes(c for c in range(256) if c != 10)
LINES = [
    b"Mara B-PER B-PER",
    b" Mara  B-PER\tB-PER ",
    b"a b,c\td;e|f",
    b"w,B-X O",
    b"a\xa0b\x85c\x0bd\x0ce\r",
    b"axxb,,c++d",
    b"\xc3\xa0 caf\xc3\xa9 \xc2\xa0x \xe2\x80\x83y",   # UTF-8: a` cafe' NBSP, EM SPACE
    b"AbC-x_y 12 \xb2\xaa\xdf\xff",
    b"x\r\ny\rz\x1bq\x00r",
    b"",
    b"   ",
    ALL_BYTES,
    b"ab, " * 200 + b"\xa0z",   # matches far from the start (split keeps 512 characters of context)
]

# Perl's own syntax where Python's differs, the ordinary cases, and invalid patterns.
PATTERNS = [
    rb" ", rb"\t", rb"\s+", rb"[ \t]+", rb",", rb"\|", rb"|", rb"", rb".", rb"^", rb"$", rb"\++",
    rb"(?i)x", rb"-l", rb"( )", rb"( )|(,)", rb"(,)?\s", rb"(?<sep>,)", rb"(?:,)",
    # POSIX classes, Perl escapes, properties
    rb"[[:blank:]]+", rb"[[:space:]]", rb"[[:^space:]]+", rb"[[:punct:]]", rb"[[:alpha:][:digit:]]",
    rb"[^[:alnum:]]", rb"[[:upper:]]", rb"(?i)[[:lower:]]", rb"[[:cntrl:]]", rb"[[:print:]]",
    rb"[[:graph:]]", rb"[[:word:]]", rb"[[:xdigit:]]", rb"[[:ascii:]]", rb"(?u)[[:alpha:]]",
    rb"\h", rb"\H+", rb"\v", rb"\V", rb"\R", rb"\X", rb"\N", rb"\w+", rb"\W", rb"\d", rb"\D+",
    rb"\S+", rb"(?u)\s", rb"(?a)\s", rb"(?aa)(?i)k", rb"(?l)\s", rb"(?u)\w", rb"(?u)\b",
    rb"\b", rb"\B", rb"\b{gcb}", rb"\p{Zs}", rb"\P{L}", rb"\pL", rb"\p{L}", rb"\p{Lu}", rb"\p{N}",
    rb"\p{P}", rb"\p{Punct}", rb"\p{^Zs}", rb"\p{Space}", rb"\p{XPosixSpace}", rb"\p{Latin}",
    rb"\p{Greek}", rb"\p{IsL}", rb"\p{Gc=Lu}", rb"\p{space separator}", rb"(?i)\p{Lu}",
    rb"\p{Zs}|\s", rb"\x{100}|\s", rb"\N{U+41}|\s",
    # characters by number or name
    rb"\e", rb"\x{9}", rb"\x09", rb"\x9", rb"\x", rb"\x{}", rb"\o{40}", rb"\040", rb"\0", rb"\cI",
    rb"\c[", rb"\N{U+0020}", rb"\N{U+20.41}", rb"\N{SPACE}", rb"\N{NO-BREAK SPACE}", rb"\a",
    rb"\xa0", rb"\x{e0}", rb"(?i)\xe0", rb"(?iu)\xe0", rb"(?i)\x{178}", rb"(?i)\x{212a}",
    rb"(?i)\x{17f}", rb"(?i)[a-c]", rb"(?i)[^a-z]",
    # groups, flags, verbs, references
    rb"b\K", rb"(?:a|x)\K,", rb"(?u)", rb"(?^: )", rb"(?^i:B)", rb"(?i-i:b)", rb"(?x) \| # comment",
    rb"(?xx)[ ,; ]", rb"(?s).", rb"(?m)^a", rb"(?n)(,)", rb"(*FAIL)", rb"(*F)|,", rb"(,)\g1",
    rb"(,)\g{1}", rb"(,)\g{-1}", rb"(,)\g-1", rb"(,)\1", rb"(?<c>,)\k<c>", rb"(?<c>,)\k{c}",
    rb"(?<c>,)\k'c'", rb"(?P<c>,)(?P=c)", rb"(?'c',)", rb"(?<c>,)|(?<c>;)", rb"(?>x+)x",
    rb"x++", rb"x*+b", rb"x?+", rb"x{1,2}+", rb"(?=,)", rb"(?!a)\W", rb"(?<=a)", rb"(?<!x)x",
    rb"(?<=a|bc)\W", rb"(*pla:,)", rb"(*nlb:a)\s", rb"(*atomic:x+)", rb"(?#note),", rb"\A|,",
    rb"\z|,", rb"\Z|,", rb"(?(1),|;)", rb"(,)?(?(1)\s|;)", rb"(\s)(?(<x>)a|b)(?<x>)",
    # quantifiers
    rb"x*", rb"x*?", rb",*?", rb"|x", rb"x|", rb"(?:|,)", rb"\b|,", rb"(?=x)|x", rb"x{2}",
    rb"x{1,}", rb"x{,2}", rb"x{1,2}?", rb"a{3,1}", rb"a{", rb"{3}", rb"x{ 1 , 2 }", rb"\b*",
    rb"x{65534}", rb"(?<=b), *?", rb"(?<=, )a?", rb"\b\s*", rb"(?<!a)\W*?",
    # invalid: Perl's messages
    rb"\8", rb"(?P<1>x)", rb"[z-a]", b"\\", rb"[[:foo:]]", rb"(", rb"[", rb"*", rb")", rb"a**",
    rb"a{2}{3}", rb"a*?+", rb"a+*", rb"a|*", rb"(?", rb"(?z)", rb"(?<n>x", rb"a{99999}",
    rb"[[=a=]]", rb"[[.a.]]", rb"\g{-5}", rb"\g-5", rb"\g0", rb"\g{0}", rb"\g", rb"\g{", rb"\k",
    rb"\k<", rb"\k<x>", rb"(?P=n)", rb"(?&n)", rb"(?<", rb"(?<1a>x)", rb"(?<=a+)b", rb"(?<=\K)",
    rb"\N{FOO}", rb"\N{latin small letter b}", rb"\N{", rb"\N{U+}", rb"\N{U+zz}", rb"\p{Foo}",
    rb"\p", rb"\p{", rb"\c", rb"\o{}", rb"\o", rb"(?{1})", rb"(??{1})", rb"(*)", rb"(*FOO)",
    rb"(*FOO", rb"(*pla:b", rb"(?#x", rb"(?-^)", rb"(?^-i)", rb"(?ad)", rb"(?dd)", rb"(?du)",
    rb"(?aaa)", rb"(?i-a)", rb"[a-", rb"[]", rb"[[:alpha:]", rb"\3(a)(b)", rb"\b{foo}",
    # which error Perl reports first, and its quirks
    rb"(?<=\1\h)", rb"\g1(?u)\K*", rb"(\K*,", rb"(?n)\K*", rb"\K{1,}", rb"\k<n>\8", rb"(?^\K)",
    rb"\d{", rb"\\p{L}", rb"(?i)\\p{L}", rb"(?=\S(?#c)+", rb"((?#c)", rb"(,){3,1}\s", rb"(?(1)\K,)",
]

Answer = Union[str, List[Optional[bytes]]]


def _perl_answers(requests: List[Tuple[bytes, bytes]]) -> List[Answer]:
    perl = shutil.which("perl")
    if perl is None:
        pytest.skip("perl is not installed: the differential test needs Perl as its oracle")
    text = "".join(f"{pattern.hex()} {line.hex()}\n" for pattern, line in requests)
    done = subprocess.run([perl, "-e", _ORACLE], input=text.encode("ascii"), capture_output=True,
                          check=True)
    answers: List[Answer] = []
    for answer in done.stdout.decode("latin-1").splitlines():
        kind, _, rest = answer.partition(" ")
        if kind == "ERR":
            answers.append(rest)
        else:
            answers.append([None if f == "U" else bytes.fromhex(f[1:]) for f in rest.split(",") if f])
    assert len(answers) == len(requests)
    return answers


def _ours(pattern: bytes) -> List[Answer]:
    """What jp_conlleval makes of each of LINES with this pattern."""
    try:
        split = compile_perl(pattern).split
    except UnsupportedPattern as error:
        return [f"unsupported: {error}"] * len(LINES)
    except PerlPatternError as error:
        return [str(error)] * len(LINES)
    return [split(line) for line in LINES]


@pytest.fixture(scope="module")
def perl_splits() -> Dict[Tuple[bytes, bytes], Answer]:
    requests = [(pattern, line) for pattern in PATTERNS for line in LINES]
    return dict(zip(requests, _perl_answers(requests)))


@pytest.mark.parametrize("pattern", PATTERNS, ids=lambda p: p.decode("latin-1"))
def test_split_and_messages_are_perls(pattern: bytes, perl_splits: Dict[Tuple[bytes, bytes], Answer]) -> None:
    ours = _ours(pattern)
    differing = [(line, perl_splits[pattern, line], answer) for line, answer in zip(LINES, ours)
                 if perl_splits[pattern, line] != answer]
    assert not differing


@pytest.mark.parametrize("pattern", [rb"(?R)", rb"(a)(?1)", rb"(?|(a)|(b))", rb"\G,", rb"(*COMMIT),",
                                     rb"(?<=a{1,2})b", rb"\b{wb}"])
def test_what_is_not_translated_says_so(pattern: bytes) -> None:
    # valid Perl (or Perl's own error, as for (?R)): never a silent different split
    with pytest.raises(UnsupportedPattern):
        compile_perl(pattern)


def test_capture_groups_are_fields_and_unset_ones_undef() -> None:
    split = compile_splitter(rb"( )|(,)")
    fields = split(b"w,B-X O")
    assert fields == [b"w", b"", b",", b"B-X", b" ", b"", b"O"]
    assert [field is UNDEFINED for field in fields] == [False, True, False, False, False, True, False]


def test_raw_mode_dies_on_an_undef_gold_field() -> None:
    # -r rewrites the gold field in place; Perl's undef there is read-only (exit 255)
    outcome = run_legacy(["-r", "-d", "( )|(,)"], b"a,B-X,B-X\nw,B-X O\n")  # gold: "," then undef
    assert outcome.status == 255 and outcome.stdout == b""
    assert outcome.stderr.startswith(b"Modification of a read-only value attempted at conlleval.pl line ")
    assert outcome.stderr.endswith(b", <STDIN> line 2.\n")
    # without -r an undef field is read as the empty string
    assert run_legacy(["-d", "( )|(,)"], b"w,B-X O\n").status == 0
    with pytest.raises(InputError) as raised:
        list(MergedReader(Options(raw=True, delimiter=b"( )|(,)"), strip_cr=True).read([b"w,B-X O"]))
    assert raised.value.line == 1 and raised.value.legacy_status == 255


@pytest.mark.parametrize("pattern, message", [
    (rb"\8", "Reference to nonexistent group in regex; marked by <-- HERE in m/\\8 <-- HERE /"),
    (rb"[[:foo:]]", "POSIX class [:foo:] unknown in regex; marked by <-- HERE in m/[[:foo:] <-- HERE ]/"),
    (b"\\", "Trailing \\ in regex m/\\/"),
])
def test_legacy_prints_perls_message(pattern: bytes, message: str) -> None:
    outcome = run_legacy(["-d", pattern.decode("latin-1")], b"a O O\n")
    assert (outcome.status, outcome.stdout) == (255, b"")
    assert outcome.stderr == f"{message} at conlleval.pl line 84, <STDIN> line 1.\n".encode("latin-1")
