"""URL routes of leagues and tournaments."""

from django.urls import path

from leagues import api, views

app_name = "leagues"

urlpatterns = [
    path("clubs/<slug:slug>/seasons/new", views.season_new, name="season_new"),
    path("seasons/<int64:season_id>/", views.season, name="season"),
    path("seasons/<int64:season_id>/teams", views.team_add, name="team_add"),
    path(
        "seasons/<int64:season_id>/teams/<int64:team_id>/remove",
        views.team_remove,
        name="team_remove",
    ),
    path("seasons/<int64:season_id>/start", views.season_start, name="season_start"),
    path("fixtures/<int64:fixture_id>/", views.fixture, name="fixture"),
    path("fixtures/<int64:fixture_id>/present", views.fixture_present, name="fixture_present"),
    path("fixtures/<int64:fixture_id>/forfeit", views.fixture_forfeit, name="fixture_forfeit"),
    path("fixtures/<int64:fixture_id>/extend", views.fixture_extend, name="fixture_extend"),
    path("tournaments/", views.tournaments, name="tournaments"),
    path("tournaments/<slug:slug>/", views.tournament, name="tournament"),
    path("tournaments/<slug:slug>/register", views.tournament_register, name="tournament_register"),
    path("tournaments/<slug:slug>/withdraw", views.tournament_withdraw, name="tournament_withdraw"),
    path(
        "tournaments/<slug:slug>/invitations/<int64:entrant_id>",
        views.tournament_answer,
        name="tournament_answer",
    ),
    path("api/tournaments", api.tournaments, name="api_tournaments"),
    path("api/tournaments/<slug:slug>", api.tournament, name="api_tournament"),
    path(
        "api/tournaments/<slug:slug>/register",
        api.tournament_register,
        name="api_tournament_register",
    ),
    path(
        "api/tournaments/<slug:slug>/invitations/<int64:entrant_id>",
        api.tournament_answer,
        name="api_tournament_answer",
    ),
    path(
        "api/tournaments/<slug:slug>/withdraw",
        api.tournament_withdraw,
        name="api_tournament_withdraw",
    ),
    path(
        "api/tournaments/<slug:slug>/games/<str:username>",
        api.tournament_games,
        name="api_tournament_games",
    ),
]
