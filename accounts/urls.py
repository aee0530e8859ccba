"""URL routes of a person's profile and their own settings."""

from django.urls import path

from accounts import views

urlpatterns = [
    path("u/<str:username>/", views.profile, name="profile"),
    path("settings/time-zone", views.time_zone, name="time_zone"),
]
