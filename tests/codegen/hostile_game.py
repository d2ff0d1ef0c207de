"""A small complete game in which every text a rule file can hold is a slot, for hostile-input tests.

``game_text(**slots)`` fills the slots; the defaults are harmless. Slots: ``title``, ``ruling_title``,
``ruling_text``, ``shown_as`` (the literal part of a `shown as` template), ``option_text`` (the literal
part of an option's template), ``outcome_text`` (of a chance outcome's template), ``invariant_title``,
``example_title``, ``together_text`` (the literal part of a simultaneous choice's option template), ``attribute_text`` (the
literal part of an option's template whose one field is an attribute of the chosen item: a table of texts),
``comment`` (a comment inside a parenthesised condition that spans lines, so the
condition's source text, echoed into generated code, holds it; also inside a `max(...)`, whose text
reaches generated code for its run-time refusal, and in a count's test of the item alone, whose text is
the comment of its ItemTests table), ``position_text`` (a line of a `given position:`).
"""

from __future__ import annotations

DEFAULTS = {
    "title": "Hostile",
    "ruling_title": "A ruling",
    "ruling_text": "It says what it says.",
    "shown_as": "box",
    "option_text": "take",
    "outcome_text": "drew",
    "invariant_title": "boxes stay in play",
    "example_title": "a first take",
    "comment": "a comment",
    "position_text": "a note",
    "together_text": "show",
    "attribute_text": "weigh",
}

TEMPLATE = '''\
game "{title}" [HOS-1]
  id "hostile"
  players 2 to 3 [HOS-1]
  at most 30 turns [HOS-1]

ruling HOS-AMB-1 "{ruling_title}":
  "{ruling_text}"

component box: size (big, small) x 3 [HOS-2]
  shown as "{{size}} {shown_as}"
zone heap: shared, hidden, holds every component in play [HOS-3]
zone kept: one per player, public [HOS-3]
counter taken per player starts at 0 [HOS-3]

turns go clockwise from player 1, each turn runs turn [HOS-4]

choice turn(player: seat) by player [HOS-4] ruling HOS-AMB-1:
  option take "{option_text} {{b}}" [HOS-4]:
    for b in kept of player
    only if (size of b = big  # {comment}
             or taken of player > 0)
    move b to heap
  option weigh "{attribute_text} {{size of b}}" [HOS-4]:
    for b in kept of player
    nothing
  option draw "draw one" [HOS-4]:
    only if heap is not empty
    then draw(player)

chance draw(player: seat) [HOS-4]:
  outcome "{outcome_text} {{g}}" for g drawn from heap
  move g to kept of player
  add 1 to taken of player
  then show()

end heap_empty [HOS-5]:
  checked after every step
  when heap is empty

score boxes of p [HOS-5]:
  count(b in kept of p where (size of b = big  # {comment}
                              or size of b = small)) + max(taken of q - taken of q for q in players where (q = p  # {comment}
                                                                                                          or q != p))

ranking [HOS-5]:
  highest boxes
  ties share

invariant six "{invariant_title}" [HOS-3]:
  always count(b in heap) + count(b in kept) = 6

example first "{example_title}" [HOS-4]:
  given 2 players
  given kept of player 1: "big {shown_as}"
  then "player 1: {option_text} big {shown_as}" is legal

example written "{example_title}" [HOS-4]:
  given 2 players
  given position:
    "# {position_text}"
    "kept of player 1: big {shown_as}"
  then "player 1: {option_text} big {shown_as}" is legal

choice show() by each player where taken of player > 0 [HOS-4]:
  option show "{together_text} {{b}}" [HOS-4]:
    for b in kept of player
    nothing
'''


def game_text(**slots: str) -> str:
    values = {**DEFAULTS, **slots}
    unknown = set(slots) - set(DEFAULTS)
    assert not unknown, f"no such slot: {unknown}"
    return TEMPLATE.format(**values)
