"""Modules the bench scripts are built from; not benches themselves (each bench/*.py is)."""
