"""URL routes of moderation for everyone: reporting (page and API) and your record."""

from django.urls import path

from moderation import api, views

app_name = "moderation"

urlpatterns = [
    path("report/", views.report, name="report"),
    path("moderation/you/", views.mine, name="mine"),
    path(
        "moderation/warnings/<int64:decision_id>/acknowledge",
        views.acknowledge,
        name="acknowledge",
    ),
    path("moderation/renames/<int64:decision_id>", views.rename, name="rename"),
    path("api/reports", api.report, name="api_report"),
]
