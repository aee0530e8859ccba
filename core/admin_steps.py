"""Director flows in the Django admin: a service run as an admin action says what happened
or why not, and buttons on an object's change page run the one next valid step (the
tournament director's, the session director's)."""

from collections.abc import Callable

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse

from core import posts


def run_step(
    model_admin: admin.ModelAdmin,
    request: HttpRequest,
    objects,
    call: Callable,
    done: Callable[[object, object], str],
) -> list:
    """Runs a service for each object; says what happened or why not. Returns results."""
    results = []
    for obj in objects:
        result, error = posts.attempt(call, obj)
        if error:
            model_admin.message_user(request, f"{obj}: {error}", messages.ERROR)
            continue
        text = done(obj, result)
        model_admin.message_user(request, text, messages.SUCCESS)
        model_admin.log_change(request, obj, text)
        results.append(result)
    return results


def confirm_page(
    model_admin: admin.ModelAdmin, request: HttpRequest, original, template: str, **context
) -> TemplateResponse:
    """The admin page that asks once more before a step that cannot be undone (its form
    posts to the same address; `back` is where "No" goes)."""
    return TemplateResponse(
        request,
        template,
        {
            **model_admin.admin_site.each_context(request),
            "opts": model_admin.model._meta,
            "original": original,
            **context,
        },
    )


class StepButtonsMixin:
    """Buttons on the change page that run one of the admin's actions on that object."""

    steps: dict[str, str] = {}  # URL step name -> action method name

    def get_urls(self):
        info = self.model._meta.app_label, self.model._meta.model_name
        return [
            path(
                "<int64:pk>/step/<str:step>/",
                self.admin_site.admin_view(self.step_view),
                name="{}_{}_step".format(*info),
            ),
            *super().get_urls(),
        ]

    def step_view(self, request: HttpRequest, pk: int, step: str) -> HttpResponse:
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        if step not in self.steps:
            raise Http404("No such step")
        obj = self.get_object(request, str(pk))
        if obj is None:
            raise Http404("No such object")
        if not self.has_change_permission(request, obj):
            raise PermissionDenied
        action = getattr(self, self.steps[step])
        response = action(request, self.model.objects.filter(pk=pk))
        info = self.model._meta.app_label, self.model._meta.model_name
        return response or redirect(reverse("admin:{}_{}_change".format(*info), args=[pk]))
