"""What the chat counts as a link (moderation.links): pure, no database."""

import pytest

from moderation.links import has_link


@pytest.mark.parametrize(
    "text",
    [
        "http://example.org",
        "see https://spades.example/x?y=1",
        "HTTPS://EXAMPLE.ORG",
        "ｈｔｔｐｓ://example.org",  # fullwidth letters read as their plain form
        "www.example.org",
        "go to WWW.cheap-chips.biz now",
        "example.com",
        "free chips at free-chips.xyz!",
        "sub.domain.example.net.",
        "(example.io)",
        "play at spadesclub.gg",
        "t.me/spades_chips",
        "bit.ly/3abc",
        "example.spades/join",
        "mail.ru",
    ],
)
def test_links_are_found(text):
    assert has_link(text)


@pytest.mark.parametrize(
    "text",
    [
        "good game",
        "e.g. bid nil",
        "i.e. the last trick",
        "we start at 9 a.m. tomorrow",
        "3.5 tricks on average",
        "1.000 points",
        "version 2.10.3",
        "ok.so what now",
        "nice game.Top job",
        "well played.Next hand",
        "my bot.py plays better",
        "readme.md",
        "etc.",
        "U.S.A.",
        "and/or",
        "w/e",
        "A.K./Q",
        "www",
        "http",
        "the .com bubble",
        "example.community",  # not the top-level domain it starts like
        "user@example",
    ],
)
def test_ordinary_chat_is_not_a_link(text):
    assert not has_link(text)
