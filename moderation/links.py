"""Whether a chat message holds a link: pure, so that what counts as one is tested alone.

A link is an address with a scheme (http://, https://), one starting with "www.", a domain
followed by a path ("t.me/x", "bit.ly/x"), or a bare domain under a top-level domain that
spam uses and chat does not ("example.com", "free-chips.xyz"). Not links: abbreviations
("e.g.", "i.e.", "a.m."), numbers ("3.5", "1.000"), a sentence missing the space after
its full stop ("ok.so", "nice game.Top job") and file names ("bot.py": .py is a country).
"""

import re
import unicodedata

# Top-level domains whose bare domains are links; every other one needs a scheme, "www."
# or a path. None is an English word ("game.Top job", "ok.so"), nor a file's extension.
BARE_DOMAINS = "com|net|org|info|biz|xyz|icu|io|gg|tv|cc|ly|ru|cn|uk|eu"

_LABEL = r"[^\W_](?:[\w-]*[^\W_])?"  # a domain label: letters, digits, inner hyphens
_LINK = re.compile(
    r"https?://"
    r"|\bwww\.[^\W_]"
    rf"|(?<![\w.-]){_LABEL}(?:\.{_LABEL})*\.[^\W\d_]{{2,}}/"
    rf"|(?<![\w.-]){_LABEL}(?:\.{_LABEL})*\.(?:{BARE_DOMAINS})(?![\w-])"
)


def has_link(text: str) -> bool:
    """Whether `text` holds a link, written in any width or case ("ＨＴＴＰ://")."""
    return _LINK.search(unicodedata.normalize("NFKC", text).casefold()) is not None
