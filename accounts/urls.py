"""URL routes of a person's profile and their own settings, and of their account's API."""

from django.urls import path

from accounts import api, views

urlpatterns = [
    path("u/<str:username>/", views.profile, name="profile"),
    path("u/<str:username>/data", views.data_download, name="data_download"),
    path("settings/time-zone", views.time_zone, name="time_zone"),
    path("settings/close", views.account_close, name="account_close"),
    path("api/me/data", api.data, name="api_data"),
    path("api/me/close", api.close, name="api_close"),
]
