from django.apps import AppConfig


class AnalysisConfig(AppConfig):
    name = "analysis"
    verbose_name = "Analysis"

    def ready(self) -> None:
        from accounts.hooks import profile_panels
        from analysis import panels

        profile_panels.add(panels.tricks_lost)
