"""Celery tasks of accounts: erasing closed accounts whose grace has ended (beat, hourly)."""

from celery import shared_task

from accounts import services


@shared_task(name="accounts.erase_closed", acks_late=True)
def erase_closed() -> int:
    return services.accounts_erase_closed()
