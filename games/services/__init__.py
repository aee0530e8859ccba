"""Every write to a game, by domain: seating, tables, play, chat and clock (import the module).

Each write is a check_/do_ pair in one locked transaction, events and timers only after
commit. Views, consumers and tasks call these and nothing else."""
