"""Benchmark of the chat's word list (moderation.words): compiling a list, and checking a
message against it, which every chat line does (moderation.chat).

Run from the repository root: python bench/chat_words.py [--words N] [--messages N]

Prints milliseconds to compile lists of several sizes and to check a chat line (random
words, a tenth of them listed, spaced out or stretched) against each; then the starter
list a new site has (moderation.starter_words) on the chat corpus of tests/moderation:
how many ordinary table-chat lines it masks (the goal: none) and how many abusive ones it
catches, masked or refused (the goal: 95% or more). No database.
"""

import argparse
import random
import string
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from moderation.starter_words import ALLOWED, MASKED, REFUSED, starter_list
from moderation.words import WordList

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "moderation" / "chat_corpus"


def corpus(name: str) -> list[str]:
    return (CORPUS / f"{name}.txt").read_text(encoding="utf-8").splitlines()


def a_word(rng: random.Random) -> str:
    return "".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(3, 9)))


def a_line(rng: random.Random, listed: list[str]) -> str:
    words = [a_word(rng) for _ in range(12)]
    word = rng.choice(listed).rstrip("*")
    words[rng.randrange(12)] = rng.choice([word, " ".join(word), word[0] * 4 + word[1:]])
    return " ".join(words)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--words", type=int, nargs="+", default=[50, 300, 1000])
    parser.add_argument("--messages", type=int, default=2000)
    args = parser.parse_args()
    rng = random.Random(1)
    for size in args.words:
        entries = [(a_word(rng) + "*" * (n % 10 == 0), n % 3 == 0) for n in range(size)]
        started = time.process_time()
        words = WordList(entries)
        compiled = time.process_time() - started
        lines = [a_line(rng, [word for word, _ in entries]) for _ in range(args.messages)]
        started = time.process_time()
        for line in lines:
            words.check(line)
        checked = (time.process_time() - started) / len(lines)
        print(
            f"{size} words: compiled in {compiled * 1000:.1f} ms CPU, "
            f"{checked * 1000:.3f} ms CPU a message of {sum(map(len, lines)) // len(lines)} "
            "characters"
        )
    started = time.process_time()
    starter = starter_list()
    compiled = time.process_time() - started
    print(
        f"starter list: {len(MASKED)} masked, {len(REFUSED)} refused, {len(ALLOWED)} allowed, "
        f"compiled in {compiled * 1000:.1f} ms CPU"
    )
    ordinary = corpus("ordinary")
    flagged = [line for line in ordinary if starter.check(line) != (line, False)]
    print(f"ordinary chat: {len(ordinary)} lines, {len(flagged)} masked or refused")
    abusive = corpus("abusive")
    caught = sum(starter.check(line) != (line, False) for line in abusive)
    print(f"abusive chat: {len(abusive)} lines, {caught} caught ({caught / len(abusive):.1%})")


if __name__ == "__main__":
    main()
