"""`{% sharing person %}`: the person's accounts of one browser or address and the seats
refused or allowed between them, on the moderators' case page."""

from django import template

from moderation import sharing as selectors

register = template.Library()


@register.inclusion_tag("admin/moderation/sharing/person.html")
def sharing(person):
    return {
        "person": person,
        "sharing_with": selectors.sharing_with(person) if person else [],
        "shared_seats": selectors.shared_seats_of(person) if person else [],
    }
