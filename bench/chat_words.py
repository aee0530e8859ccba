"""Benchmark of the chat's word list (moderation.words): compiling a list, and checking a
message against it, which every chat line does (moderation.chat).

Run from the repository root: python bench/chat_words.py [--words N] [--messages N]

Prints milliseconds to compile lists of several sizes and to check a chat line (random
words, a tenth of them listed, spaced out or stretched) against each. No database.
"""

import argparse
import random
import string
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from moderation.words import WordList


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


if __name__ == "__main__":
    main()
