"""URL routes of ranked play: queue, profiles, leaderboard."""

from django.urls import path

from ranked import views

urlpatterns = [
    path("ranked/", views.play, name="ranked"),
    path("ranked/queue", views.queue, name="ranked_queue"),
    path("ranked/queue/join", views.queue_join, name="ranked_join"),
    path("ranked/queue/cancel", views.queue_cancel, name="ranked_cancel"),
    path("u/<str:username>/", views.profile, name="profile"),
    path("leaderboard/", views.leaderboard, name="leaderboard"),
]
