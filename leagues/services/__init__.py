"""Every write of leagues and tournaments, one module per domain: each write is one
transaction that locks what it changes, checks (a check_ function raising a clear
error, changing nothing) and then writes. Views, admin actions and tasks call these and
nothing else, importing each function from the module that owns it."""
