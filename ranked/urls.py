"""URL routes of ranked play: queue (alone or as partners), the leaderboards (Classic's
at /leaderboard/, each variant's at /leaderboard/<variant>/), and the JSON API of the
queue."""

from django.urls import path

from ranked import api, views

urlpatterns = [
    path("ranked/", views.play, name="ranked"),
    path("ranked/queue", views.queue, name="ranked_queue"),
    path("ranked/queue/join", views.queue_join, name="ranked_join"),
    path("ranked/queue/cancel", views.queue_cancel, name="ranked_cancel"),
    path("ranked/partner/ask", views.partner_ask, name="ranked_partner_ask"),
    path(
        "ranked/partner/<int64:request_id>/accept",
        views.partner_accept,
        name="ranked_partner_accept",
    ),
    path(
        "ranked/partner/<int64:request_id>/decline",
        views.partner_decline,
        name="ranked_partner_decline",
    ),
    path("leaderboard/", views.leaderboard, name="leaderboard"),
    path("leaderboard/<slug:variant>/", views.leaderboard, name="leaderboard_variant"),
    path("api/ranked/queue", api.queue, name="api_ranked_queue"),
    path("api/ranked/queue/leave", api.queue_leave, name="api_ranked_leave"),
    path(
        "api/ranked/partner-requests/<int64:request_id>/accept",
        api.partner_accept,
        name="api_ranked_partner_accept",
    ),
    path(
        "api/ranked/partner-requests/<int64:request_id>/decline",
        api.partner_decline,
        name="api_ranked_partner_decline",
    ),
]
