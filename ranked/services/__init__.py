"""Every write of ranked play, one module per domain.

ratings, abandonment bars, the queue, partner requests: callers import each function
from the module that owns it."""
