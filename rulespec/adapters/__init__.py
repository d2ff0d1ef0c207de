"""Adapters to the frameworks game-AI people use: rulespec.openspiel and rulespec.pettingzoo stand on
the shared core here (action numbering, observation tensors, information states, claim windows)."""
