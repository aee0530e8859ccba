"""URL routes of arenas: the pages and the JSON API."""

from django.urls import path

from events import api, views

app_name = "events"

urlpatterns = [
    path("arenas/", views.arenas, name="arenas"),
    path("arenas/<int64:arena_id>/", views.arena, name="arena"),
    path("arenas/<int64:arena_id>/join", views.arena_join, name="arena_join"),
    path("arenas/<int64:arena_id>/leave", views.arena_leave, name="arena_leave"),
    path("clubs/<slug:slug>/arenas/new", views.club_arena_new, name="club_arena_new"),
    path("clubs/<slug:slug>/swiss/new", views.club_swiss_new, name="club_swiss_new"),
    path("clubs/<slug:slug>/battles/new", views.battle_new, name="battle_new"),
    path("battles/<int64:challenge_id>/answer", views.battle_answer, name="battle_answer"),
    path("api/arenas", api.arenas, name="api_arenas"),
    path("api/arenas/<int64:arena_id>", api.arena, name="api_arena"),
    path("api/arenas/<int64:arena_id>/join", api.arena_join, name="api_arena_join"),
    path("api/arenas/<int64:arena_id>/leave", api.arena_leave, name="api_arena_leave"),
    path(
        "api/arenas/<int64:arena_id>/games/<str:username>",
        api.arena_games,
        name="api_arena_games",
    ),
]
