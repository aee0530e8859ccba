"""Tests of games.engine, the pure rules package (no Django, no services)."""
