"""The core app: the int64 URL converter, registered before any URL module is read."""

from django.apps import AppConfig
from django.urls import register_converter


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Core"

    def ready(self):
        from core.converters import Int64Converter

        # Before any URL module is read: every route with a number uses it.
        register_converter(Int64Converter, "int64")
