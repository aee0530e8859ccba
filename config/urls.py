"""URL routes of the site."""

from django.contrib import admin
from django.urls import include, path

from config import views
from core.api import docs_urls

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("how-to-play/", views.how_to_play, name="how_to_play"),
    path("accounts/", include("allauth.urls")),
    path("", include("accounts.urls")),
    path("", include("games.urls")),
    path("", include("social.urls")),
    path("", include("ranked.urls")),
    path("", include("leagues.urls")),
    path("", include("analysis.urls")),
    path("", include("clubs.urls")),
    path("", include("duplicate.urls")),
    path("api/", include(docs_urls())),  # the API's description: /api/docs
    path("admin/", admin.site.urls),
]
