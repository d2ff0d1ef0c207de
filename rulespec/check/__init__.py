"""Checking a rule file beyond compiling it: verify (properties and invariants), exhaustive search,
the pytest plugin, and the reports of its work estimates and examples."""
