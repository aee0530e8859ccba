"""Writes the reported bots' cards as positions for the bots' tests, one JSON object a
line: what the bot saw (`view`, exactly what games.bots' bots take, with `ruleset`), the
card it played, and the double-dummy judgment (the best cards, the tricks with each).
Duplicate boards whose event is still open are left out: their cards are secret."""

import json

from django.core.management.base import BaseCommand

from moderation import botplays
from moderation.models import Report


class Command(BaseCommand):
    help = "Export reported bot cards as positions (JSON lines) for the bots' tests."

    def add_arguments(self, parser):
        parser.add_argument("--output", default="-", help="A file (default: standard output)")
        parser.add_argument(
            "--open", action="store_true", dest="only_open", help="Only reports still open"
        )

    def handle(self, *args, output: str, only_open: bool, **options):
        reports = botplays.bot_reports(Report.objects.select_related("game")).order_by("pk")
        if only_open:
            reports = reports.filter(status=Report.Status.OPEN)
        lines = []
        for report in reports:
            if report.game.players_only:
                continue
            judged = botplays.judged(report.game, report.version)
            found = {"report": report.pk, "game": report.game_id, "note": report.note}
            lines.append(json.dumps({**found, "version": report.version, **judged}))
        text = "".join(f"{line}\n" for line in lines)
        if output == "-":
            self.stdout.write(text, ending="")
        else:
            with open(output, "w", encoding="utf-8") as file:
                file.write(text)
        self.stderr.write(f"{len(lines)} position{'s' if len(lines) != 1 else ''} exported")
