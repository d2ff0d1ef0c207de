"""Options as a caller gives them (``rulespec.load(..., options=...)``, the adapters' parameters, the
command line's ``--option``): validated by a pydantic type, as data crossing into the program.

pydantic is imported only when options are given, so loading a committed engine without options
pays nothing for it."""

from __future__ import annotations

import functools
from typing import Optional, Union

from ..lib.limits import LIMIT


@functools.cache
def _options_type():
    from typing import Annotated

    from pydantic import Field, StrictInt, StrictStr, TypeAdapter
    name = Annotated[StrictStr, Field(min_length=1, max_length=LIMIT.name_length)]
    # a value is an option's text (at most one quoted text's length) or a whole number (a numeric option)
    value = Union[Annotated[StrictStr, Field(max_length=LIMIT.string_length)],
                  Annotated[StrictInt, Field(ge=-LIMIT.number, le=LIMIT.number)]]
    return TypeAdapter(dict[name, value])


def option_texts(options: Optional[dict[str, Union[str, int]]]) -> Optional[dict[str, str]]:
    """Options as an engine keeps them: option name -> the value's text. A numeric option's value may
    be given as a whole number (``{"target": 20}``) or as its text (``{"target": "20"}``); whether the
    game offers that value is the engine's to say. Anything else is a TypeError naming the place."""
    if options is None:
        return None
    if isinstance(options, dict) and not options:
        return {}
    from pydantic import ValidationError
    try:
        checked = _options_type().validate_python(options)
    except ValidationError as error:
        problems = error.errors(include_url=False)
        where = problems[0]["loc"][:1]  # the option (a union's branches each say why, at one place)
        place = "".join(f"[{part!r}]" for part in where)
        said = dict.fromkeys(p["msg"] for p in problems if p["loc"][:1] == where)
        raise TypeError(f"options maps option names to values (text, or a whole number for a numeric "
                        f"option){' ' + place if place else ''}: {'; or '.join(said)}; not {_shown(options)}") from None
    return {name: str(value) for name, value in checked.items()}


def _shown(options) -> str:
    text = repr(options)
    return text if len(text) <= 200 else text[:200] + "..."
