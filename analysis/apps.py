from django.apps import AppConfig


class AnalysisConfig(AppConfig):
    name = "analysis"
    verbose_name = "Analysis"

    def ready(self) -> None:
        from accounts.hooks import personal_data, profile_panels
        from analysis import panels, personal_data as data

        profile_panels.add(panels.tricks_lost)
        personal_data.add(data.analysis)
