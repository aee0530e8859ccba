"""The arena's writes: joining and leaving (arenas), seating (seating) and recording each
game's result (results). Views, the API and tasks call these."""
