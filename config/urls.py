"""URL routes of the site."""

from django.contrib import admin
from django.urls import include, path

from config import views
from core.api import DOCS_NAMESPACE


def docs_page(name: str):
    """A page of the API's description (core.api_docs), imported when first asked for:
    django-ninja weighs about 17 MB in a process, and only these pages need it."""

    def page(request):
        from core import api_docs

        return getattr(api_docs, name)(request)

    page.api_docs = True  # the description's own pages, not described
    return page


docs_urls = [
    path("openapi.json", docs_page("openapi_json"), name="openapi-json"),
    path("docs", docs_page("docs_page"), name="openapi-view"),
]

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
    path("", include("events.urls")),
    path("", include("moderation.urls")),
    path("api/", include((docs_urls, DOCS_NAMESPACE))),  # the API's description: /api/docs
    path("admin/", admin.site.urls),
]
