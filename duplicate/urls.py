"""URL routes of duplicate events: the daily challenge's pages and its JSON API, and the
pages of club sessions."""

from django.urls import path

from duplicate import api, views

app_name = "duplicate"

urlpatterns = [
    path("daily/", views.today, name="today"),
    path("daily/past/", views.past, name="past"),
    path("daily/<str:day>/", views.day, name="day"),
    path("daily/<str:day>/boards/<int64:number>/", views.board, name="board"),
    path("daily/<str:day>/boards/<int64:number>/play", views.play, name="play"),
    path("daily/<str:day>/standings", views.standings, name="standings"),
    path("sessions/<int64:pk>/", views.session, name="session"),
    path("sessions/<int64:pk>/boards/<int64:number>/", views.session_board, name="session_board"),
    path("api/daily", api.daily, name="api_daily"),
    path("api/daily/<str:day>", api.daily_day, name="api_daily_day"),
    path("api/daily/<str:day>/boards/<int64:number>", api.board_start, name="api_board_start"),
    path(
        "api/daily/<str:day>/boards/<int64:number>/results",
        api.board_results,
        name="api_board_results",
    ),
    path("api/daily/<str:day>/standings", api.standings, name="api_standings"),
]
