"""`{% time_zone_form %}`: the profile's choice of the zone times are shown in."""

from django import template
from django.utils import timezone

from accounts.time_zones import zone_names

register = template.Library()


@register.inclusion_tag("accounts/time_zone_form.html", takes_context=True)
def time_zone_form(context) -> dict:
    user = context["user"]
    return {
        "zones": zone_names(),
        "current": user.time_zone or timezone.get_current_timezone_name(),
        "next": context["request"].path,
        "csrf_token": context.get("csrf_token"),
    }
