"""Helpers of the social tests: people made friends through the services."""

from social import services as social


def friends(a, b) -> None:
    social.friend_request_send(user=a, other=b)
    social.friend_request_send(user=b, other=a)  # asking back accepts


def befriend(first, second):
    request = social.friend_request_send(user=first, other=second)
    social.friend_request_answer(user=second, request_id=request.pk, accept=True)
