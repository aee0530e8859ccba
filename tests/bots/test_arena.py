"""The arena command line and its statistics."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench import arena
from bench.helpers import arena_stats

ROOT = Path(__file__).resolve().parents[2]
KEYS = {
    "games",
    "wins_a",
    "wins_b",
    "win_rate_a",
    "win_rate_a_ci95",
    "point_diff_per_hand",
    "point_diff_ci95",
    "ms_per_decision",
}


def run_cli(*args):
    done = subprocess.run(
        [sys.executable, "bench/arena.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout.strip().splitlines()


def test_cli_plays_duplicated_games_and_ends_with_a_json_summary():
    lines = run_cli("--a", "standard", "--b", "random", "--games", "4", "--seed", "7")
    summary = json.loads(lines[-1])
    assert set(summary) >= KEYS
    assert summary["games"] == 4
    assert summary["wins_a"] + summary["wins_b"] == 4
    low, high = summary["win_rate_a_ci95"]
    assert low <= summary["win_rate_a"] <= high
    assert set(summary["ms_per_decision"]) == {"standard", "random"}
    assert {"median", "max"} <= set(summary["ms_per_decision"]["standard"])
    assert any(line.startswith("wins: A") for line in lines)
    tricks = summary["tricks_per_hand"]
    assert tricks["a"] + tricks["b"] == pytest.approx(13)
    assert summary["bid_per_hand"]["a"] > 0


def test_same_seed_same_games():
    args = ("--a", "random", "--b", "standard,random", "--games", "2", "--workers", "1")
    first = json.loads(run_cli(*args, "--no-progress")[-1])
    second = json.loads(run_cli(*args, "--no-progress")[-1])
    for summary in (first, second):
        del summary["ms_per_decision"]
    assert first == second


def test_house_rules_and_the_nil_pass_are_played():
    lines = run_cli(
        "--a", "standard", "--b", "random", "--games", "2", "--workers", "1", "--no-progress",
        "--options", '{"nil_pass": 2, "min_team_bid": 4}', "--no-double-dummy",
    )  # fmt: skip
    summary = json.loads(lines[-1])
    assert summary["options"] == {"nil_pass": 2, "min_team_bid": 4}
    assert summary["games"] == 2 and summary["wins_a"] + summary["wins_b"] <= 2
    assert lines[0].endswith('with {"nil_pass": 2, "min_team_bid": 4}, seed 1')


def test_a_forbidden_combination_is_refused():
    done = subprocess.run(
        [
            sys.executable,
            "bench/arena.py",
            "--a",
            "standard",
            "--b",
            "random",
            "--preset",
            "solo",
            "--options",
            '{"nil_pass": 2}',
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "Solo" in done.stderr and "Nil passing" in done.stderr


def test_team_spec():
    assert arena.parse_team("expert") == ("expert", "expert")
    assert arena.parse_team("standard,random") == ("standard", "random")
    with pytest.raises(Exception, match="level"):
        arena.parse_team("grandmaster")


def test_confidence_intervals():
    low, high = arena_stats.wilson(50, 100)
    assert low < 0.5 < high
    assert high - 0.5 == pytest.approx(0.5 - low)
    assert arena_stats.wilson(0, 10)[0] == 0
    mean, low, high = arena_stats.ratio_ci([10, 20, 30], [1, 2, 3])
    assert mean == low == high == 10
    mean, low, high = arena_stats.ratio_ci([10, -10, 30, 0], [1, 1, 1, 1])
    assert low < mean == 7.5 < high


def test_each_team_its_own_budget():
    lines = run_cli(
        "--a", "expert", "--b", "expert", "--budget-ms", "2", "--budget-ms-b", "8",
        "--games", "2", "--preset", "quick", "--deterministic", "--workers", "1", "--no-progress",
    )  # fmt: skip
    summary = json.loads(lines[-1])
    assert (summary["budget_ms"], summary["budget_ms_b"]) == (2, 8)
    assert set(summary["ms_per_decision"]) == {"expert@2ms", "expert@8ms"}
    assert "expert budget A 2 ms, B 8 ms, deterministic" in lines[0]


def test_a_budget_must_be_positive():
    done = subprocess.run(
        [
            sys.executable,
            "bench/arena.py",
            "--a",
            "expert",
            "--b",
            "standard",
            "--budget-ms-b",
            "0",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert "budgets must be positive" in done.stderr
