"""URL routes of clubs, leagues and tournaments."""

from django.urls import path

from leagues import views

app_name = "leagues"

urlpatterns = [
    path("clubs/", views.clubs, name="clubs"),
    path("notifications/read", views.notifications_read, name="notifications_read"),
    path("clubs/<slug:slug>/", views.club, name="club"),
    path("clubs/<slug:slug>/settings", views.club_settings, name="club_settings"),
    path("clubs/<slug:slug>/request", views.club_request, name="club_request"),
    path("clubs/<slug:slug>/requests/<int64:request_id>", views.club_decide, name="club_decide"),
    path("clubs/<slug:slug>/invite/<str:code>", views.club_invite, name="club_invite"),
    path("clubs/<slug:slug>/invite-reset", views.club_invite_reset, name="club_invite_reset"),
    path("clubs/<slug:slug>/members/<int64:user_id>", views.club_member, name="club_member"),
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
