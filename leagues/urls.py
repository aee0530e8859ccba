"""URL routes of leagues and tournaments."""

from django.urls import path

from leagues import views

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
]
