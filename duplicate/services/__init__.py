"""Every write of duplicate events, one module per domain.

boards, the daily challenge, club sessions: callers import each function from the module
that owns it."""
