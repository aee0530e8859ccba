"""URL routes of game analysis."""

from django.urls import path

from analysis import views

urlpatterns = [
    path("games/<int64:game_id>/analysis", views.analysis_page, name="analysis"),
    path("games/<int64:game_id>/analysis/request", views.analysis_request, name="analysis_request"),
]
