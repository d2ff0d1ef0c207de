"""The adapters' one error: a rule file they cannot number, or numbers that break a rule of numbering."""


class AdapterError(ValueError):
    """A rule file the adapters cannot number (a template over a type without a finite domain), or one whose
    declared action numbers clash (two legal actions with one number, a number out of range)."""
