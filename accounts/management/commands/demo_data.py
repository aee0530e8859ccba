"""Creates the demo data of a fresh site: bot accounts and an admin with a printed password."""

from django.core.management.base import BaseCommand

from accounts.services import demo_data_create


class Command(BaseCommand):
    help = "Create bot accounts and an admin account (prints the admin's password once)."

    def handle(self, *args, **options):
        password = demo_data_create()
        if password:
            self.stdout.write(self.style.SUCCESS(f"Admin account: admin / {password}"))
        else:
            self.stdout.write("Admin account 'admin' already exists (password unchanged).")
