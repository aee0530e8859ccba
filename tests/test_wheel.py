"""The package as production installs it: a wheel in a fresh virtual environment, with the
locked runtime versions, run with production settings from outside the repository."""

import os
import secrets
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SMOKE = """
import django
django.setup()
from django.core.management import call_command
from django.test import Client
import analysis.tasks, games.engine._doubledummy  # the app a wheel once lacked; the C search

call_command("migrate", verbosity=0)
call_command("collectstatic", "--noinput", verbosity=0)
page = Client().get("/accounts/login/", secure=True)
assert page.status_code == 200, page.status_code
html = page.content.decode()
assert "Log in" in html and "/static/js/site." in html, html[:500]
print("wheel ok")
"""


def run(*args, cwd: Path, env: dict | None = None) -> str:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{args}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def test_the_wheel_installs_and_runs_with_production_settings(tmp_path):
    # Built from a copy: setuptools writes build/ and *.egg-info beside the sources.
    source, dist = tmp_path / "source", tmp_path / "dist"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".*", "var", "build", "test-artifacts", "*.egg-info", "__pycache__", "*.so"))  # fmt: skip
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
        "--wheel-dir", str(dist), str(source), cwd=tmp_path)  # fmt: skip
    (wheel,) = dist.glob("spades-*.whl")
    venv.create(tmp_path / "venv")
    python = str(tmp_path / "venv" / "bin" / "python")
    # uv (locked in the dev requirements) installs what pip would, in seconds rather than
    # the minute pip spends asking the index about every package.
    uv = [str(Path(sys.executable).parent / "uv"), "pip", "install", "--quiet", "--no-deps",
          "--python", python]  # fmt: skip
    run(*uv, "--require-hashes", "-r", str(ROOT / "requirements" / "base.txt"), cwd=tmp_path)
    run(*uv, str(wheel), cwd=tmp_path)

    env = {
        "PATH": os.environ["PATH"],
        "HOME": os.environ.get("HOME", str(tmp_path)),
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "spades.example,testserver",
        "VAR_DIR": str(tmp_path / "var"),
    }
    # From tmp_path, not the repository: every import comes from the installed wheel.
    checked = run(python, "-m", "django", "check", "--deploy", "--fail-level", "WARNING",
                  cwd=tmp_path, env=env)  # fmt: skip
    assert "no issues" in checked
    assert "wheel ok" in run(python, "-c", SMOKE, cwd=tmp_path, env=env)
    where = run(python, "-c", "import games; print(games.__file__)", cwd=tmp_path, env=env)
    assert str(tmp_path / "venv") in where
