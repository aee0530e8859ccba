"""Every bench under bench/ runs at a smoke size, so that a change that breaks one fails here.

Each runs as a script from the repository root, as a person runs it, and must exit 0 and
print its figure lines. No timing is asserted: the figures of a smoke run mean nothing.
`make bench` runs them all at their real sizes.

actions.py and load.py need a database and a Redis: they get the test database and the
test Redis (tests.conftest.service_env: PostgreSQL and Redis when DATABASE_URL/REDIS_URL
are set, else the SQLite test file and the embedded Redis). load.py starts its own Daphne
and Celery worker on them.
"""

import os
import re
import subprocess
import sys
from dataclasses import dataclass

import pytest

from tests.conftest import ROOT, service_env

NUMBER = r"[\d,]+(?:\.\d+)?"


@dataclass(frozen=True)
class Bench:
    name: str
    args: str  # its smoke size
    figures: tuple[str, ...]  # regexes of the lines it must print
    services: bool = False  # needs the database and Redis


BENCHES = [
    Bench(
        "actions",
        "--games 1 --actions 20",
        (rf"^\d+ actions: {NUMBER} ms CPU each .*, {NUMBER} ms wall$",),
        services=True,
    ),
    Bench(
        "analysis",
        "--hands 1",
        (
            rf"^1 hands analysed in {NUMBER} s CPU",
            rf"^{NUMBER} search nodes, {NUMBER} million a second$",
        ),
    ),
    Bench(
        "arena",
        "--a expert --b standard --games 2 --budget-ms 5 --workers 1 --no-progress",
        (
            r"^games: 2 \(1 game seeds x 2 seatings\), \d+ hands$",
            rf"^ms per decision, expert: median {NUMBER}, p95 {NUMBER}, p99 {NUMBER}",
        ),
    ),
    Bench(  # a variant: Solo with the Joker deck, the expert against three standard bots
        "arena",
        "--a expert --b standard --games 4 --budget-ms 5 --workers 1 --no-progress"
        ' --preset solo --options {"deck":"jokers"}',
        (
            r"^A = expert,expert, B = standard,standard; preset solo with \{\"deck\": "
            r"\"jokers\"\}",
            r"^games: 4 \(1 game seeds x 4 seatings\), \d+ hands$",
            r"^A's player at seat 3: won [01]/1 ",
        ),
    ),
    Bench(
        "chat_words",
        "--words 20 --messages 50",
        (
            rf"^20 words: compiled in {NUMBER} ms CPU, {NUMBER} ms CPU a message of \d+ ",
            rf"^starter list: \d+ masked, \d+ refused, \d+ allowed, compiled in {NUMBER} ms CPU$",
            r"^ordinary chat: \d+ lines, 0 masked or refused$",
            rf"^abusive chat: \d+ lines, \d+ caught \({NUMBER}%\)$",
        ),
    ),
    Bench(
        "doubledummy",
        "--deals 2 --endings 20 --seed 1",
        (
            rf"^ours: 22 positions, {NUMBER} s CPU",
            rf"^dds: 22 positions, {NUMBER} s CPU$",
            rf"^ratio ours/dds: {NUMBER}",
            r"^values equal: 22 of 22$",
            rf"^jokers: 22 positions, {NUMBER} s CPU \({NUMBER} search nodes\), {NUMBER} times",
            r"^jokers: minimax agrees on (\d+) of \1 endings",
            rf"^solo: 22 positions, {NUMBER} s CPU \({NUMBER} search nodes\), {NUMBER} times",
            r"^solo: minimax agrees on (\d+) of \1 endings",
        ),
    ),
    Bench(
        "duplicate",
        "--entries 50 --boards 4 --variants classic,jokers",
        (
            rf"^matchpoints and standings: 50 entries x 4 boards in {NUMBER} s",
            rf"^ranking page, open day \(matchpoints from the rows\): {NUMBER} ms per render$",
            rf"^ranking page, closed day \(kept scores\): {NUMBER} ms per render$",
            rf"^one entrant's 4 boards, classic: {NUMBER} s worker CPU for \d+ bot moves",
            rf"^one entrant's 4 boards, jokers: {NUMBER} s worker CPU for \d+ bot moves",
        ),
    ),
    Bench(
        "engine",
        "--games 50",
        (
            rf"^{NUMBER} hands/s$",
            rf"^{NUMBER} actions/s$",
            rf"^{NUMBER} bot mid-hand play-outs/s",
            rf"^  classic +{NUMBER} hands/s  100.0% of classic$",
            rf"^  nil_pass=2 +{NUMBER} hands/s +{NUMBER}% of classic$",
        ),
    ),
    Bench(
        "events",
        "--people 40 --games 100",
        (
            rf"^pairing: 40 waiting people into 10 tables in {NUMBER} s CPU",
            rf"^standings: 100 games \(400 results\) recomputed in {NUMBER} s CPU",
        ),
    ),
    Bench(
        "history",
        "--games 2",
        (rf"^classic +{NUMBER} +{NUMBER} +{NUMBER} +{NUMBER} +{NUMBER}$",),
    ),
    Bench(
        "load",
        "--smoke --compare --mix",
        (
            rf"^\[echo\] 2 tables, .*\n  actions applied   [1-9]\d* \({NUMBER}/s\)",
            rf"^\[game\] 2 tables, .*\n  actions applied   [1-9]\d* \({NUMBER}/s\)",
            rf"^  latency ms        p50 {NUMBER}  p95 {NUMBER}",
            r"^game / echo: \{'p50': ",
        ),
        services=True,
    ),
    Bench(
        "ratings",
        "--games 2000 --db-games 50",
        (
            rf"^core: 2,000 games rated in {NUMBER} s = {NUMBER} games/s$",
            rf"^core, Solo: 2,000 games rated in {NUMBER} s = {NUMBER} games/s$",
            rf"^database recompute \(SQLite\): 50 games in {NUMBER} s = {NUMBER} games/s$",
            rf"^database incremental, 10 games a task: 50 games in {NUMBER} s",
        ),
    ),
    Bench(
        "redis_restarts",
        "--restarts 1 --tables 2 --down 1 --port 0",
        (
            rf"^ +1 +{NUMBER} +{NUMBER} +\S+  all alive, same pids$",
            r"^'Unrecoverable error' in the log of: none$",
        ),
    ),
    Bench(
        "table_render",
        "--renders 20",
        (
            rf"^player   : {NUMBER} ms per push \({NUMBER} KB of HTML\)",
            rf"^spectator: {NUMBER} ms per push",
        ),
    ),
]


def test_every_bench_has_a_smoke_run():
    scripts = {path.stem for path in (ROOT / "bench").glob("*.py")}
    assert scripts - {"echo_asgi"} == {bench.name for bench in BENCHES}  # load.py's helper


@pytest.mark.parametrize(
    "bench",
    [
        # Its own processes use the test database: it must be committed, not in a transaction.
        pytest.param(bench, id=bench.name, marks=[pytest.mark.django_db(transaction=True)])
        if bench.services
        else pytest.param(bench, id=bench.name)
        for bench in BENCHES
    ],
)
def test_bench_runs_at_smoke_size(bench, tmp_path):
    if bench.services:
        env = service_env()
    else:  # no database or Redis but its own: never the test run's
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env["TMPDIR"] = str(tmp_path)  # the benches' temporary databases and logs
    command = [sys.executable, f"bench/{bench.name}.py", *bench.args.split()]
    # The timeout only stops a bench that hangs; a smoke run takes a few seconds.
    done = subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=180, check=False
    )
    output = f"$ {' '.join(command[1:])}\n{done.stdout}\n{done.stderr}"
    assert done.returncode == 0, output
    for figure in bench.figures:
        assert re.search(figure, done.stdout, re.MULTILINE), f"no line {figure!r} in:\n{output}"
