"""URL routes of games: browser pages and the JSON API."""

from django.urls import path

from games import api, views

urlpatterns = [
    path("play/", views.lobby, name="lobby"),
    path("play/now", views.play_now, name="play_now"),
    path("play/create", views.create_table, name="create_table"),
    path("games/<int64:game_id>/", views.game_page, name="game"),
    path("games/<int64:game_id>/join", views.join, name="join"),
    path("games/<int64:game_id>/leave", views.leave, name="leave"),
    path("games/<int64:game_id>/bots", views.fill_bots, name="fill_bots"),
    path("games/<int64:game_id>/rematch", views.rematch, name="rematch"),
    path("games/<int64:game_id>/replay", views.replay, name="replay"),
    path("u/<str:username>/games", views.archive, name="archive"),
    path("verify/", views.verify, name="verify"),
    path("api/tables", api.table_create, name="api_table_create"),
    path("api/tables/<int64:game_id>/join", api.table_join, name="api_table_join"),
    path("api/tables/<int64:game_id>/leave", api.table_leave, name="api_table_leave"),
    path("api/tables/<int64:game_id>/bots", api.table_fill, name="api_table_fill"),
    path("api/games/<int64:game_id>", api.game_detail, name="api_game"),
    path("api/games/<int64:game_id>/actions", api.game_action, name="api_game_actions"),
    path("api/games/<int64:game_id>/export", api.game_export, name="api_game_export"),
    path("api/users/<str:username>/games", api.user_games, name="api_user_games"),
    path("api/verify", api.verify, name="api_verify"),
]
