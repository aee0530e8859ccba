"""The word matcher (moderation.words) and the starter list a new site has, on the chat
corpus: pure, no database."""

from pathlib import Path

import pytest

from moderation.starter_words import starter_list
from moderation.words import WordList

LIST = WordList(
    [
        ("ass", False),
        ("bad", False),
        ("shit", False),
        ("cunt", True),
        ("penis", False),
        ("rapist", False),
        ("god", False),
        ("fuck*", False),
        ("kill yourself", True),
        ("idiot", False),
        ("хуй", True),  # a Russian word stays matched in Russian
    ]
)


def masked(text: str) -> str:
    return LIST.check(text).text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ass", "***"),
        ("you ass", "you ***"),
        ("ASS", "***"),
        ("Ass!", "***!"),
        ("(ass)", "(***)"),
        ("ass, bad", "***, ***"),
        ("an ass.", "an ***."),
        # Unicode: NFKC, case folding, accents and invisible characters
        ("ＡＳＳ", "***"),
        ("𝐚𝐬𝐬", "***"),
        ("àśs", "***"),
        ("a\u0301ss", "****"),  # the accent is hidden with its letter
        ("a\u200bss", "****"),  # a zero width space does not split a word
        ("a\u00adss", "****"),  # nor does a soft hyphen
        ("ⓐⓢⓢ", "***"),
        ("aß", "**"),  # ß folds to "ss"
        ("аss", "***"),  # a Cyrillic а among Latin letters
        # spacing tricks
        ("a s s", "*****"),
        ("a.s.s", "*****"),
        ("a_s_s", "*****"),
        ("a-s-s", "*****"),
        ("a . s . s", "*********"),
        ("you b a d player", "you ***** player"),
        ("s h i t head", "******* head"),
        # stretched letters and leetspeak
        ("asssss", "******"),
        ("shiiiit", "*******"),
        ("baaad", "*****"),
        ("a$$", "***"),
        ("@ss", "***"),
        ("4ss", "***"),
        ("a55", "***"),
        ("sh!t", "****"),
        ("$hit", "****"),
        ("5h1t", "****"),
        ("b4d", "***"),
        ("1d10t", "*****"),
        # a listed prefix
        ("fucking", "*******"),
        ("FUCKERS!", "*******!"),
        ("fuck", "****"),
        # a phrase, any separators between its words
        ("just kill   yourself", "just ***************"),
        ("kill_yourself", "*************"),
    ],
)
def test_listed_words_are_masked_however_written(text, expected):
    assert masked(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # Innocent words that contain a listed one (the Scunthorpe problem)
        "class",
        "assassin",
        "pass the bass",
        "Essex",
        "glasses",
        "as",
        "Scunthorpe",
        "Penistone",
        "therapist",
        "good game",  # a double letter is not a stretch of "god"
        "godly",
        "badly",
        "badge",
        "abad",
        "shitake",
        "idiotic",
        "unfuck",  # a prefix entry matches the start of a word only
        # Two real words run together are not a spaced-out word
        "pen is mightier",
        "ba d",
        "b ad",
        # Numbers are not leetspeak
        "455",
        "3.5",
        "5417",
        "e.g. bid 4",
        "i.e. 1.5 tricks",
        "4 5 5",
        # Letters spread too far apart are words of their own
        "a    s    s",
        # A word split by a character of another kind is two words
        "ass2",
        "kill yourselves",
    ],
)
def test_innocent_text_is_left_alone(text):
    assert LIST.check(text) == (text, False)


def test_refused_when_a_refusing_entry_matches_and_the_text_masks_every_match():
    verdict = LIST.check("you ass, c.u.n.t")
    assert verdict.refused
    assert verdict.text == "you ***, *******"
    assert LIST.check("KILL YOURSELF").refused
    assert not LIST.check("you ass").refused
    assert not LIST.check("Scunthorpe").refused


def test_a_word_in_another_script_matches_in_that_script_only():
    assert LIST.check("ты хуй").refused
    assert LIST.check("ХУЙ").refused
    assert not LIST.check("хуйня").refused  # a longer word
    # Cyrillic look-alikes are not read as Latin in a word without a Latin letter.
    assert WordList([("cop", False)]).check("сор") == ("сор", False)


def test_the_mask_keeps_the_text_around_and_its_length():
    text = "gg 🎉 ass — well played, ＡＳＳ"
    result = masked(text)
    assert len(result) == len(text)
    assert result == "gg 🎉 *** — well played, ***"


def test_listed_entries_are_read_like_messages():
    words = WordList([("  ÀSS  ", False), ("Ｂａｄ", True), ("***", True), ("", False)])
    assert words.check("ass bad") == ("*** ***", True)
    assert words.check("nothing here") == ("nothing here", False)


def test_an_empty_list_matches_nothing():
    assert WordList([]).check("ass") == ("ass", False)


def test_a_long_message_of_near_misses_is_read_quickly_enough_to_finish():
    # No catastrophic backtracking: letters stretched and spaced at length.
    text = ("a" * 150 + " ") + ("a s " * 35)
    assert not LIST.check(text).refused


STARTER = starter_list()
CORPUS = Path(__file__).parent / "chat_corpus"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # look-alike letters and symbols, "*" inside a word
        ("fvck you", "**** you"),
        ("phuck this", "***** this"),
        ("f*ck this bot", "**** this bot"),
        ("sh*t", "****"),
        # letter swaps and short forms: entries of their own
        ("fcuk off", "**** off"),
        ("fuk", "***"),
        # endings
        ("fucking hell", "******* hell"),
        ("bastards", "********"),
        ("asses", "*****"),
        # a name that is a phrase of words joined
        ("fuck_you_all", "****_you_all"),
    ],
)
def test_the_starter_list_masks_the_evasions(text, expected):
    assert STARTER.check(text) == (expected, False)


@pytest.mark.parametrize(
    "text",
    ["kill  your self", "k i l l yourself", "killyourself", "kys", "retarded", "you r3tard"],
)
def test_the_starter_list_refuses_threats_and_slurs_however_written(text):
    assert STARTER.check(text).refused


@pytest.mark.parametrize(
    "text",
    [
        "Dick Van Dyke",
        "reading Moby Dick",
        "thank you Dick",
        "hi from Scunthorpe",
        "a cocktail",
        "assassin",
        "Sussex",
        "shiitake and shitake",
        "tit for tat",
        "cocked hat",
        "spiced rum",
        "flame retardant",
        "assess the spices",  # an ending does not make "asses" of "assess", nor "spics"
        "a niggardly bid",  # a listed prefix inside a word the allow list names
        "killed your nil, sorry",
    ],
)
def test_the_starter_list_lets_innocent_words_and_names_through(text):
    assert STARTER.check(text) == (text, False)


def test_an_allowed_phrase_lets_through_only_what_it_covers():
    words = WordList([("dick", False), ("dyke", True)], ["Moby Dick", "Dick Van Dyke"])
    assert words.check("Moby Dick, you dick") == ("Moby Dick, you ****", False)
    assert words.check("Dick Van Dyke") == ("Dick Van Dyke", False)
    assert words.check("dyke").refused


def test_endings_reach_long_words_only():
    words = WordList([("retard", True), ("tit", False)])
    assert words.check("retarded").refused and words.check("retards").refused
    assert words.check("tits") == ("****", False)
    assert words.check("titer") == ("titer", False)  # -er is not an ending of a short word


def test_the_chat_corpus_no_ordinary_line_masked_and_the_abuse_caught():
    """The corpus of tests/moderation/chat_corpus (bench/chat_words.py prints the figures)."""
    ordinary = (CORPUS / "ordinary.txt").read_text(encoding="utf-8").splitlines()
    abusive = (CORPUS / "abusive.txt").read_text(encoding="utf-8").splitlines()
    assert len(set(ordinary)) >= 1000 and len(set(abusive)) >= 200
    assert [line for line in ordinary if STARTER.check(line) != (line, False)] == []
    caught = [line for line in abusive if STARTER.check(line) != (line, False)]
    assert len(caught) / len(abusive) >= 0.95
