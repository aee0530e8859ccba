"""URL routes of clubs."""

from django.urls import path

from clubs import views

app_name = "clubs"

urlpatterns = [
    path("clubs/", views.clubs, name="clubs"),
    path("clubs/<slug:slug>/", views.club, name="club"),
    path("clubs/<slug:slug>/settings", views.club_settings, name="club_settings"),
    path("clubs/<slug:slug>/request", views.club_request, name="club_request"),
    path("clubs/<slug:slug>/requests/<int64:request_id>", views.club_decide, name="club_decide"),
    path("clubs/<slug:slug>/invite/<str:code>", views.club_invite, name="club_invite"),
    path("clubs/<slug:slug>/invite-reset", views.club_invite_reset, name="club_invite_reset"),
    path("clubs/<slug:slug>/members/<int64:user_id>", views.club_member, name="club_member"),
]
