"""The chat's word list as a pure matcher: finds listed words in a message despite case,
look-alike characters and spacing tricks, and never inside an innocent longer word.

How a message is read (the same reading is applied to the listed words):
- each character is NFKC-normalised and case-folded ("ＡＳＳ", "𝐀𝐬𝐬" and "ASS" read
  "ass"); accents are dropped ("àss" reads "ass"), and so are invisible characters (zero
  width spaces, soft hyphens) that would split a word without showing;
- within a word that has a Latin letter, Cyrillic and Greek look-alikes read as the Latin
  letter ("аss" with a Cyrillic "а"); a word all in one of those scripts is left alone;
- every space, punctuation mark or symbol separates words, except the few symbols of
  leetspeak (@ $ ! |) and "*", which may stand for a letter.

A listed word matches a whole word only: "ass" matches "ass", "ASS!", "a$$", "@ss",
"4ss", "assss" and "a s s", "a.s.s", "a_s_s", but not "class", "assassin", "pass" or "as".
- Leetspeak (4→a, 8→b, 3→e, 1→i or l, 0→o, 5→s, 7→t, v→u, ph→f and the symbols above)
  counts only in a match that has a real letter too, so that numbers ("455", "3.5") never
  match; "*" stands for any letter but a word's first ("f*ck", "sh*t": a word written half
  hidden is still the word).
- A listed word of four letters or more matches with the endings -s, -es, -d, -ed, -r,
  -er, -rs, -ers, -ing ("retard" matches "retarded"); one of three letters with -s and -es only
  ("ass" matches "asses", "tit" must not match "titer"). Swapped letters and short forms
  ("fcuk", "fuk") are entries of their own.
- A letter stretched to three or more ("shiiit") matches one or two of it; a letter
  doubled is not a stretch ("good" is not "god", "noob" is not "nob").
- Letters spaced out one by one ("b a d", "b.a.d", at most three separators between
  two letters) match; two real words run together ("pen is") do not.
- A listed word ending in "*" matches any word that starts with it ("fuck*" matches
  "fucking"): for words that no innocent word begins with.
- A listed phrase of several words matches them with any separators between, or none
  ("killyourself"), and its words may be spaced out or split ("k i l l your self"): a
  phrase is long enough not to be found by chance.
- An allowed entry ("Moby Dick", "Scunthorpe") is read the same way, letter for letter: a
  listed word that overlaps an allowed one where it is found is let through.

The mask replaces every character of a match, spacing included, by "*": the message keeps
its length, and what was hidden stays visible as hidden.
"""

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from itertools import groupby
from typing import NamedTuple

MASK = "*"
LEET = {
    "a": "4@", "b": "8", "e": "3", "i": "1!|", "l": "1|", "o": "0", "s": "5$", "t": "7", "u": "v"
}  # fmt: skip
LEET_SYMBOLS = "@$!|*"
SOUND_ALIKES = {"f": "ph"}  # two letters written for one
HIDDEN = "*"  # any letter but a word's first
ENDINGS = "(?:e?s|e?d|e?rs?|ing)?"  # of a listed word of four letters or more
SHORT_ENDINGS = "(?:e?s)?"
SHORT = 3
# The letters of other scripts that are drawn like a Latin one.
LOOK_ALIKES = str.maketrans(
    "аеорсхуіјѕԁһӏαεορτυνικχ",  # Cyrillic, then Greek
    "aeopcxyijsdhlaeoptuvikx",
)
SPACED_GAP = " {1,3}"  # between the letters of a spaced-out word
PHRASE_GAP = " {0,3}"  # between the letters of a phrase's word
WORDS_GAP = " *"  # between a phrase's words
# In a reading every separator is a space. A word ends at a space, the text's end or a
# leetspeak symbol ("ass!" is "ass"; "a$$" is a word only inside).
WORD_PART = f"[^{re.escape(' ' + LEET_SYMBOLS)}]"
BEFORE, AFTER = f"(?<!{WORD_PART})", f"(?!{WORD_PART})"


class Verdict(NamedTuple):
    text: str  # the text with every listed word masked
    refused: bool  # a word whose entry refuses the whole message was found


class _Reading(NamedTuple):
    """A text as it is matched: one character per kept piece, and where each came from
    (its index in the original text)."""

    text: str
    origins: list[int]


@lru_cache(maxsize=4096)  # a chat's characters are few: each is read once per process
def _fold(char: str) -> str:
    """The character as it is matched: "" for one that does not show or only accents."""
    if unicodedata.category(char) == "Cf":
        return ""  # zero width spaces and joiners, soft hyphens, direction marks
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", char).casefold())
    kept = "".join(c for c in folded if not unicodedata.combining(c))
    return "".join(c if _is_word_part(c) else " " for c in kept)


def _is_word_part(char: str) -> bool:
    # Letters, digits and the marks some scripts write words with (Devanagari's vowels).
    return char in LEET_SYMBOLS or unicodedata.category(char)[0] in "LNM"


def read(text: str) -> _Reading:
    """`text` as it is matched (see the module's docstring), one to one with its origins."""
    chars: list[str] = []
    origins: list[int] = []
    for index, char in enumerate(text):
        for piece in _fold(char):
            chars.append(piece)
            origins.append(index)
    reading = "".join(chars)
    # Look-alikes only inside words that have a Latin letter: a Russian word stays Russian.
    reading = re.sub(
        r"[^ ]+",
        lambda word: word[0].translate(LOOK_ALIKES) if re.search("[a-z]", word[0]) else word[0],
        reading,
    )
    return _Reading(reading, origins)


def _letter(char: str, *, first: bool = False) -> str:
    """The pattern of one letter of a listed word: itself, its leetspeak forms and, but
    for a word's first letter, "*"."""
    forms = char + LEET.get(char, "") + ("" if first else HIDDEN)
    single = f"[{re.escape(forms)}]" if len(forms) > 1 else re.escape(char)
    return f"(?:{single}|{SOUND_ALIKES[char]})" if char in SOUND_ALIKES else single


def _stretched(word: str) -> str:
    """A word whose letters may be stretched: a single letter matches one or three and
    more of it, a double one two or more."""
    parts = []
    for index, (char, run) in enumerate(groupby(word)):
        count, letter = len(list(run)), _letter(char, first=index == 0)
        parts.append(f"{letter}(?:{letter}{{2,}})?" if count == 1 else f"{letter}{{{count},}}")
    return "".join(parts)


def _loose(word: str) -> str:
    """A phrase's word: each letter may be stretched, and spaced from the next or not."""
    letters = (_letter(char, first=index == 0) for index, char in enumerate(word))
    return PHRASE_GAP.join(f"{letter}(?:{letter}{{2,}})?" for letter in letters)


def _pattern(entry: str) -> str | None:
    """The pattern of a listed entry (a word, a phrase, "word*"), or None if nothing of it
    can be matched (only separators)."""
    starts_only = entry.rstrip().endswith("*")
    words = read(entry.rstrip().removesuffix("*")).text.replace(HIDDEN, " ").split()
    if not words:
        return None
    if len(words) > 1:
        return WORDS_GAP.join(map(_loose, words)) + (f"{WORD_PART}*" if starts_only else "")
    (word,) = words
    whole = _stretched(word)
    if starts_only:
        whole += f"{WORD_PART}*"
    else:
        whole += ENDINGS if len(word) > SHORT else SHORT_ENDINGS
    if len(word) > 1:
        spaced = SPACED_GAP.join(_letter(char, first=i == 0) for i, char in enumerate(word))
        return f"(?:{whole}|{spaced})"
    return whole


def _allowed(entry: str) -> str | None:
    """The pattern of an allowed entry: its words letter for letter, any separators between."""
    words = read(entry).text.replace(HIDDEN, " ").split()
    return " +".join(map(re.escape, words)) or None


def _compile(entries: list[str], pattern=_pattern) -> re.Pattern | None:
    patterns = [p for p in map(pattern, sorted(entries, key=len, reverse=True)) if p]
    if not patterns:
        return None
    return re.compile(f"{BEFORE}(?:{'|'.join(patterns)}){AFTER}")


class WordList:
    """The listed words and the allowed ones, compiled once: check() each message."""

    def __init__(self, entries: Iterable[tuple[str, bool]], allowed: Iterable[str] = ()) -> None:
        entries = list(entries)
        self._any = _compile([word for word, _ in entries])
        self._refusing = _compile([word for word, refuse in entries if refuse])
        self._allowed = _compile(list(allowed), _allowed)

    def check(self, text: str) -> Verdict:
        if self._any is None:
            return Verdict(text, refused=False)
        reading = read(text)
        allowed = [m.span() for m in self._allowed.finditer(reading.text)] if self._allowed else []

        def found(pattern: re.Pattern) -> list[re.Match]:
            return [
                match
                for match in pattern.finditer(reading.text)
                if _has_letter(match[0]) and not _overlaps(match.span(), allowed)
            ]

        spans = [
            (reading.origins[match.start()], _end(reading, match.end(), len(text)))
            for match in found(self._any)
        ]
        refused = self._refusing is not None and bool(found(self._refusing))
        return Verdict(_masked(text, spans), refused)


def _overlaps(span: tuple[int, int], others: list[tuple[int, int]]) -> bool:
    start, end = span
    return any(start < other_end and other_start < end for other_start, other_end in others)


def _has_letter(matched: str) -> bool:
    """Whether a match is more than digits and symbols: "455" is a number, not "ass"."""
    return any(char.isalpha() for char in matched)


def _end(reading: _Reading, end: int, length: int) -> int:
    """Where a match ending before reading position `end` ends in the original text: with
    the accents and invisible characters that follow its last letter."""
    last = reading.origins[end - 1] + 1
    return max(last, reading.origins[end]) if end < len(reading.origins) else length


def _masked(text: str, spans: list[tuple[int, int]]) -> str:
    if not spans:
        return text
    chars = list(text)
    for start, end in spans:
        chars[start:end] = MASK * (end - start)
    return "".join(chars)
