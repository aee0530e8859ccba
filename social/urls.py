"""URL routes of social: pages and the JSON API."""

from django.urls import path

from social import api, views

urlpatterns = [
    path("friends/", views.friends, name="friends"),
    path("friends/preferences", views.preferences, name="social_preferences"),
    path(
        "friends/requests/<int64:request_id>/<str:answer>",
        views.request_answer,
        name="friend_request_answer",
    ),
    path("u/<str:username>/friend", views.friend_add, name="friend_add"),
    path("u/<str:username>/unfriend", views.friend_remove, name="friend_remove"),
    path("u/<str:username>/block", views.block, name="block"),
    path("u/<str:username>/unblock", views.unblock, name="unblock"),
    path("u/<str:username>/play-together", views.play_together, name="play_together"),
    path("games/<int64:game_id>/invite", views.invite, name="invite"),
    path("games/<int64:game_id>/invite-box", views.invite_box, name="invite_box"),
    path("notifications/", views.notifications, name="notifications"),
    path(
        "invitations/<int64:invitation_id>/<str:answer>",
        views.invitation_answer,
        name="invitation_answer",
    ),
    path("api/friends", api.friends, name="api_friends"),
    path("api/friends/requests", api.request_send, name="api_friend_request"),
    path(
        "api/friends/requests/<int64:request_id>/<str:answer>",
        api.request_answer,
        name="api_friend_request_answer",
    ),
    path("api/friends/<str:username>/remove", api.friend_remove, name="api_friend_remove"),
    path("api/blocks", api.block, name="api_block"),
    path("api/blocks/<str:username>/remove", api.unblock, name="api_unblock"),
    path("api/invitations", api.invitations, name="api_invitations"),
    path(
        "api/invitations/<int64:invitation_id>/<str:answer>",
        api.invitation_answer,
        name="api_invitation_answer",
    ),
    path("api/me/preferences", api.preferences, name="api_preferences"),
    path("api/notifications", api.notifications, name="api_notifications"),
]
