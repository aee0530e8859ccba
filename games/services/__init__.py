"""Every write to a game, by domain: seating, tables, play, chat and clock (import the module)."""
