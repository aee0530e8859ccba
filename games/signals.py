"""Signals for the apps built on top of games (ranked play, leagues, tournaments), so
that games never imports them."""

from django.dispatch import Signal

# Sent with game_id= once a game's last action has committed. Receivers must be cheap
# (queue an idempotent Celery task). A process that dies right after the commit never
# sends it, so each receiving app also sweeps for finished games it has not processed.
game_finished = Signal()

# Sent with user_ids= inside the transaction that seats these people at a game, while
# their User rows are locked (games.services.seating.people_lock). Receivers write in that same
# transaction: ranked play takes the people out of its queue.
people_seated = Signal()
