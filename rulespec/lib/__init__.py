"""Generic helper libraries for rule engines (geometry, set scoring); no game-specific knowledge."""
