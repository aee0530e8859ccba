"""Mail for local development: printed on the console as a short framed note (who, what,
and the links to open) instead of the raw message, so that a sign-up confirmation stands
out in `make run`'s console."""

import re

from django.core.mail.backends.console import EmailBackend

LINK = re.compile(r"https?://\S+")


class ConsoleBackend(EmailBackend):
    def write_message(self, message):
        links = LINK.findall(message.body)
        lines = [
            f"Mail to {', '.join(message.to)}: {message.subject}",
            *(line for line in message.body.strip().splitlines() if line.strip()),
            *(f"OPEN  {link}" for link in links),
        ]
        framed = "\n".join(f"  | {line}" for line in lines)
        self.stream.write(f"\n  +{'-' * 70}\n{framed}\n  +{'-' * 70}\n\n")
