"""The Textual hot-seat app. Screens render the game and send decisions; the rules live in `rules/`."""
