"""What data migrations share: creating a group of people with its permissions."""

from django.contrib.auth.management import create_permissions

# (app label, model, actions): ("leagues", "round", ("change", "view")) gives
# leagues.change_round and leagues.view_round.
Permissions = list[tuple[str, str, tuple[str, ...]]]


def create_group(apps, name: str, perms: Permissions) -> None:
    """Creates the group `name` (or finds it) and gives it `perms`; for RunPython."""
    # Permissions are normally created after all migrations; this one needs them now.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=name)
    for app_label, model, actions in perms:
        codenames = [f"{action}_{model}" for action in actions]
        group.permissions.add(
            *Permission.objects.filter(content_type__app_label=app_label, codename__in=codenames)
        )


def remove_group(apps, name: str) -> None:
    """Undoes create_group: deletes the group `name`."""
    apps.get_model("auth", "Group").objects.filter(name=name).delete()
