"""URL routes of a person's own settings."""

from django.urls import path

from accounts import views

urlpatterns = [
    path("settings/time-zone", views.time_zone, name="time_zone"),
]
