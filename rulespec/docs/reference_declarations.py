"""The language reference's entries for the declarations: the game, components and zones, boards, set-up
and turns, steps, definitions, triggers (rulespec/docs/reference.py says how entries are checked)."""

from __future__ import annotations

from .reference_entry import E, Entry

DECLARATIONS: tuple[Entry, ...] = (
    # ------------------------------------------------------------------ the game
    E("A rule file", "The game", "game game_id game_rulebook game_players game_max_turns cite", "lanes.rules", '''
game "Lanes" [LAN-1]
  id "lanes"
  rulebook "lanes.txt"
  players 2 to 3 [LAN-1]
  at most 200 turns [LAN-1]''',
      "Every rule file declares one game: its title, an id (small letters, digits and `-`), the rulebook it "
      "encodes, how many may play (from 1: `players 1 to 1` is a game for one), and a turn limit the rules "
      "promise never to reach: it is not an end (a game "
      "that reaches turn N + 1 is stopped as broken, `game over by turn_limit`, and `rulespec verify` reports "
      "it), so a game of a fixed number of rounds ends by an `end` of its own (`when rounds = 3`). The clause IDs in "
      "`[brackets]` cite the rulebook clauses a line encodes; most declarations must cite at least one."),
    E("A rule file", "A turn limit worked out from the options", "game_max_turns", "dice.rules", '''
  at most 2 * count(p in players) turns [DIC-3, DIC-4]''',
      "Where the rules imply a tighter limit for a smaller game, write it as an expression over the options and "
      "the number of players (`at most board_size * board_size turns`: a Hex board fills up). It is worked "
      "out before play, so it may read numbers, options, `count(p in players)`, `+ - * mod div`, `min`, `max`, "
      "`abs` and definitions of these; anything else (a counter, a zone) is refused at the line. Every "
      "configuration's value must be 1 or more; the largest is the file's limit. A game past its own "
      "configuration's limit is stopped as broken and `rulespec verify` reports it, as for a number; the "
      "adapters give it as OpenSpiel's `max_game_length` (Hex on 5x5: 25)."),
    E("A rule file", "A limit on decisions", "game_max_decisions", "dice.rules", '''
  at most 2 * count(p in players) decisions [DIC-3, DIC-4]''',
      "The most decisions a game takes, each seat's choice counting one and a chance outcome none: OpenSpiel's "
      "`max_game_length`, which the adapters give (Pig: `at most horizon decisions`, OpenSpiel's `horizon`; a "
      "game with a claim window keeps the adapters' own bound, its rounds of picks being nodes of theirs). "
      "It is a number or worked out from the options and the number of players as a turn limit is, and "
      "refused at the line the same way. Unlike a turn limit it is not a safety net: the engine does not stop "
      "a game at it; it is a promise about the rules, and `rulespec verify` reports a game that takes more "
      "decisions (`decision_limit`)."),
    E("A rule file", "Action numbers", "game_action_numbers", "sowing.rules", '''
  actions numbered 0 to 2 [SO-3]   # the mover's three pits, for OpenSpiel and PettingZoo''',
      "The numbers OpenSpiel and PettingZoo give the game's actions, 0 to N, as OpenSpiel numbers the same "
      "game (Oware: the mover's six houses, 0 to 5, for either seat). N may read the options and the number of "
      "players, worked out per configuration as a turn limit is (`0 to board_size * board_size - 1`). Every "
      "option of every choice then says its own number (`numbered EXPR`); the adapters offer N + 1 actions, a "
      "legal action's number is its option's, and `action_to_string(player, n)` without a state gives that "
      "seat's text (`(no action n)` for a number it has none for). Numbers must start at 0. To name the numbers "
      "without a state the adapters number every candidate that the option's conditions no state decides allow, "
      "even one never legal in play (a piece on its last field): `rulespec check` reports each such candidate "
      "numbered over N at its `numbered` line, with its text and number, for every player count and configuration "
      "(rule it out by an `only if` reading the bound names, board geometry and seats, or widen the range). Two "
      "legal actions with one number is an error naming both options and their lines (`rulespec verify` checks "
      "it at every state it visits: `action_numbers`)."),
    E("A rule file", "Chance outcome numbers", "game_chance_numbers", "doublets.rules", '''
  chance outcomes numbered 0 to 20 [DB-2]   # the 21 rolls of two dice told apart by their numbers alone''',
      "The numbers OpenSpiel gives the game's chance outcomes, 0 to N, as OpenSpiel numbers the same game "
      "(backgammon: its 36 rolls of two dice, the opening's 30): a search that draws chance by number (OpenSpiel's "
      "MCTS) then rolls the same dice on both. N is worked out per configuration as for `actions numbered`. "
      "Every chance step then says its outcome's number (`numbered EXPR`); OpenSpiel's `max_chance_outcomes` "
      "is N + 1, `chance_outcomes()` and `legal_actions()` at a chance node give the outcomes' numbers, and "
      "`action_to_string` of a number without a state gives its outcome's text. A dice roll (`roll`) or a "
      "shuffle, which has no line to say it on, cannot be numbered. Without this line an outcome's number is "
      "its place among its chance step's outcomes. An outcome its fixed parts allow numbered over N, or outcomes "
      "that read alike numbered apart, `rulespec check` reports at the step's `numbered` line; two outcomes of "
      "one chance node with one number is an error naming the step and its line (`rulespec verify`: "
      "`action_numbers`)."),
    E("A rule file", "A ruling", "ruling", "lanes.rules", '''
ruling LAN-AMB-1 "Reaching a goal":
  "A goal counts once every one of its spaces holds a tile, whoever put them there."''',
      "Where the rulebook is silent or unclear, a ruling records the reading chosen, in the authors' words. "
      "Every ruling must be applied somewhere (see the next entry)."),
    E("A rule file", "What a clause says", "clause_text", "lanes.rules", '''
clause LAN-1 "Two or three players race to fill the lanes of the board."
clause LAN-2:
  "The board is printed on two sides, plain and marked;"
  "the marked side is used unless the players agree otherwise."''',
      "What a rulebook clause says, in the rule file's own words (a paraphrase: the rulebook's own text may "
      "not be yours to copy): one quoted text, or lines of one. The site shows it on the clause's entry and "
      "next to every declaration that cites it, beside the formal rule and its English. A house rule may "
      "state a base's clause again in other words; one file gives each clause's text once, and a ruling's "
      "words are its own (no `clause` for a ruling's ID)."),
    E("A rule file", "Applying a ruling", "rulings", "lanes.rules", '''
  region goal: one per letter [LAN-6] ruling LAN-AMB-1''',
      "`ruling ID, ...` after the citations names the rulings a declaration depends on; the documentation shows "
      "them as notes next to it. The game's own lines take them too: `at most 200 turns [X-1] ruling X-AMB-2`, "
      "`players 2 to 4 [X-1] ruling X-AMB-3`."),
    E("A rule file", "An option", "option", "lanes.rules", '''
option layout "Board layout": plain, marked default marked [LAN-2]''',
      "A setting chosen before play (for example which side of the board is used), with its values and "
      "default. Rules read it by name: `layout = plain`."),
    E("A rule file", "An option with numbers", "option", "pig.rules", '''
option target "Points to win": 20, 50, 100 default 50 [PIG-2]''',
      "An option whose values are all numbers is a number in the rules: `banked of p >= target`, "
      "`target - 10`. On the command line it is chosen like any other: `--option target=20`. Its values are "
      "listed one by one (there is no `any number from A to B`); the numbers of a declaration itself (a "
      "component's attribute values, how many copies, where a counter starts) are written out, and a "
      "counter that starts at an option's value is `set` to it in `setup`."),
    # ------------------------------------------------------------------ components and zones
    E("Components and zones", "Components with attributes", "component named_values number_range", "lanes.rules", '''
component tile: colour (red, blue, green) x number 1..4 [LAN-3]
  shown as "{colour} {number}"''',
      "One component for every combination of the attribute values (here 3 × 4 = 12 tiles), named by the "
      "`shown as` template. An attribute lists words or a range of written numbers (`1..10`, not an option; dice may count up to one: see Dice)."),
    E("Components and zones", "Values in order", "component ordered_values", "high-card.rules", '''
component card: rank (two < three < four < five < six) [HC-1]''',
      "Words joined by `<`, lowest first, are an ordered attribute: its values compare (`rank of a > rank of "
      "b`, `rank of c >= five`) and have a highest and a lowest (`max(rank of c for c in hand of p)`). An "
      "attribute of numbers (`value 1..13`) is ordered already. An attribute shared by several components "
      "has one order. A value may carry its count here too (`kind (soldier 5 < cannon 2 < general)`: see "
      "How many have each value)."),
    E("Components and zones", "Attributes that can change", "component changing", "flips.rules", '''
component disc: colour (black, white) x 8, colour can change [FL-2]''',
      "`, ATTR can change` (`, colour and rank can change`) lets the rules set that attribute of a component "
      "during play (`set colour of d to white`: see Changing an attribute); any other attribute never "
      "changes. The component is still one piece for every combination (here 8 black and 8 white discs), "
      "each starting with the values it was made with, but any of them can become any value of the list: a "
      "disc taken from the box is put down and turned to the player's colour. Everything reads the value as "
      "it is now: `colour of d`, `s holds colour of p`, the component's name in action texts, what the "
      "players see, `then space ... holds \"white disc\"` in examples and a `given position` (`dddd (d = "
      "black disc)` needs not more black discs than were made, only enough discs). A fit or a face may not "
      "read such an attribute (they are worked out before play)."),
    E("Components and zones", "How many have each value", "component named_values value_count", "crowns.rules", '''
component piece: colour (black, white) x rank (man 3, king), rank can change [CR-2]''',
      "A count after a value (`man 3`) says how many components have it, for each combination of the other "
      "attributes: here 3 men and 1 king of each colour, 8 pieces in all (chess: `kind (pawn 8, knight 2, "
      "bishop 2, rook 2, queen, king)`, 32). A value without a count is made once. Counts go on one attribute "
      "and not beside `x N`, and a die's faces are not counted. Where the attribute can change, the count is "
      "how many start so: a man crowned is a second king, and a `given position` may show more kings than "
      "were made, as long as there are enough pieces of that colour."),
    E("Components and zones", "A value none starts with", "component named_values value_count changing",
      "crowning.rules", '''
component piece: colour (black, white) x rank (man 4, king 0), rank can change [CW-2, CW-4]''',
      "A count of 0 (`king 0`) says that no component starts with the value, yet the rules may give it: "
      "here 4 men of each colour and no king, 8 pieces in all, and a man that reaches the far row is "
      "crowned (`set rank of occupant of t to king`). Everything that reads what pieces show still knows "
      "the value: `s holds king`, `rank of c = king`, `then space ... holds \"black king\"` in examples and a "
      "`given position` (`K = black king`: a black man taken and crowned), the players' observations. The "
      "attribute must be one that `can change` (else nothing could ever have the value: leave it out), and "
      "some value must have a count above 0."),
    E("Components and zones", "Identical components", "component", "lanes.rules", '''
component joker x 2 [LAN-3]''',
      "`x N` makes N copies; a component without attributes is a set of identical pieces."),
    E("Components and zones", "Leaving components out", "leave_out leave_out_component", "lanes.rules", '''
leave out every marker [LAN-3]
with 2 players leave out colour green [LAN-3]''',
      "Components that stay in the box: always, or only with a given number of players. A board's rows or "
      "columns named after a left-out value are not in use either."),
    E("Components and zones", "Zones", "zone zone_scope visibility zone_start", "lanes.rules", '''
zone pool: shared, hidden, holds every component in play [LAN-4]
zone hand: one per player, seen by owner [LAN-4]
zone box: shared, public, holds every component left out [LAN-4]''',
      "Where components lie off the board: shared or one per player; public, hidden (only the number is "
      "seen), seen by its owner, or seen by every seat but its owner (`seen by others`, see below). One zone "
      "starts with every component in play, another with those left out. "
      "A zone one per player is read as one player's, `hand of p`; named alone, `hand`, it is every player's "
      "together, in seat order, to walk, count or search: `count(c in hand)`, and, where each player plays "
      "into a zone `played` of their own, `max(rank of c for c in played)` (the highest card played, whoever "
      "played it) and `there is c in played where ...` need no loop over the players."),
    E("Components and zones", "Zones that start with components named", "zone_holds_copies zone_seat_holds",
      "tickets.rules", '''
zone bag: shared, hidden, holds 3 ticket [TIC-1]
zone box: shared, public, holds every component in play [TIC-1]
zone won: one per player, public [TIC-1]
zone dealer: one per player, public, player 1 holds the button [TIC-2]
zone tokens: one per player, public, holds 2 token [TIC-3]''',
      "`holds N X`: the zone starts with N copies of component X (a zone one per player: N in each player's); "
      "`player P holds the X` (or `holds N X`): only player P's zone of a zone one per player. The copies are "
      "the first of X's (as declared; none may be left out by a `leave out`), and those not named stay where "
      "the other starts put them (`holds every component in play`). A copy starts in one zone: the counts of "
      "one component add up to no more than it has, with the most players, and a component some zone `holds "
      "every` of starts nowhere else. Player P plays every game: from 1 to the fewest players."),
    E("Components and zones", "A pile", "zone_stacked", "cards.rules", '''
zone pile: shared, public, stacked [CRD-4]''',
      "A stacked zone keeps the order in which components arrived; `top of pile` is the last one."),
    E("Components and zones", "Only the top of a pile is seen", "visibility", "cards.rules", '''
zone discard: shared, only top seen, stacked [CRD-5]''',
      "A pile whose top component is face up and the others covered: a seat's observation shows the top "
      "and how many there are. Each component was on top once, so a seat's information state (what it has "
      "seen, in order) still holds the covered ones. It needs `stacked`."),
    E("Components and zones", "A zone seen by every seat but its owner", "visibility", "facing.rules", '''
zone held: one per player, seen by others [FAC-2]''',
      "Cards held facing away (a Hanabi hand, an Indian poker card): every seat's observation shows what "
      "the other players' zones hold, and a seat's own shows only how many (with `size unseen`, not even "
      "that). The rules still read it (`held of player`); only what a seat sees changes, and so the "
      "adapters' observation strings and tensors and the information-leak check follow it. A shared zone "
      "has no owner and cannot be so."),
    E("Components and zones", "A zone whose size is unseen", "zone_size_unseen", "cards.rules", '''
zone aside: one per player, seen by owner, size unseen [CRD-5]''',
      "`size unseen` hides even how many components a zone holds from every seat that may not see its "
      "contents: a seat's observation then shows nothing of it (OpenSpiel's phantom tic-tac-toe, whose "
      "opponent learns nothing of a try that met a mark). The rules still read it (`size of aside of p`); "
      "only what a seat sees changes. A public zone cannot be so (whoever sees the contents can count them)."),
    E("Components and zones", "A zone that holds at most N", "zone_at_most", "cards.rules", '''
zone hand: one per player, seen by owner, at most 2 [CRD-3]''',
      "`at most N`: the zone never holds more than N components (a zone one per player: each player's), as a "
      "rulebook says \"a hand of ten cards\". A move that would put more in it is a rule error at run time, "
      "naming the zone's declaration and the step that asked (`verify` reports it as a broken rule), and a "
      "zone that starts with more is refused. The checker's work estimate (rulespec/model/cost.py) counts a "
      "walk over the zone as N long rather than as every component: a refused estimate's hint names the zone "
      "it assumed may hold every component."),
    E("Components and zones", "Counters", "counter per_player", "lanes.rules", '''
counter passes starts at 0 [LAN-8]
counter goals per player starts at 0 [LAN-6]''',
      "Numbers kept during play, shared or one per player (`goals of player`). Every seat sees every counter: "
      "a number only its owner may know (a private value, a card dealt with replacement) is a die in a holder "
      "`seen by owner` (see Dice), and a secret choice is a choice `by each player`."),
    E("Components and zones", "Counters on the spaces of a board", "per_space", "sowing.rules", '''
counter seeds per space of pits starts at 2 [SO-2]''',
      "`counter NAME per space of BOARD starts at N`: a number on every space of the board (the seeds in a pit, "
      "the height of a tower), read as `seeds of s` for a space s of that board and changed by `add 1 to seeds "
      "of t` and `set seeds of s to 0`. It reads like any counter: in conditions, sums (`sum(seeds of s for s "
      "in pits where row of s = home of p)`), definitions, ends, scores and action texts (`\"sow {s} ({seeds of "
      "s})\"`). Every seat sees it; the site's board drawing writes it on each space; a `given position` writes "
      "it row by row like the board (`counter seeds: 2 2 2/2 2 2`, `-` for a space not in use; on a graph each "
      "space by name, `counter seeds: A 4, B 4, ...`). A count on a space past the edge (none) is refused at "
      "run time, naming the rule's line: none holds nothing, so it has no count to read or change. A start that is "
      "an option's value is set in the set-up (`for each s in pits:` / `set seeds of s to start`). Its name may "
      "not be another name read `of` a space (a row or column attribute, a component attribute, a region)."),
    E("Components and zones", "A queue", "queue", "lanes.rules", '''
queue rewards [LAN-6]''',
      "Steps wait in a queue, first in first out, until `resolve` carries them out."),
    # ------------------------------------------------------------------ boards
    E("Components and zones", "What each seat brings", "seat_attribute", "rows.rules", '''
each player has a colour: red, yellow [ROW-1]''',
      "One value per seat, player 1's first: `colour of p` is p's value, a word the rules compare with "
      "attributes (`colour of occupant of s = colour of p`) and show in texts (`{colour of player}`). "
      "Give a value for each seat up to the most players; `each player has an ...` reads too."),
    E("Components and zones", "Dice", "dice dice_scope option_range", "dice.rules", '''
dice die: pips 1..sides, 2 per player in cup, seen by owner, lost to spent [DIC-2, DIC-3]
dice marker: colour (red, blue, green), 1 shared in tray, public [DIC-5]''',
      "Dice, each showing one value of its attribute (numbers `1..6`, numbers up to a numeric option "
      "`1..sides`, or named faces), held in a zone: "
      "`N per player in cup` gives each player a cup of N dice, `N shared in tray` one holder for all; N "
      "is a number or a numeric option (`numdice per player in cup`). The holder's visibility is a zone's: "
      "`seen by owner` dice are hidden from the others, as a hand is. Rules read the dice like components "
      "in a zone (`count(d in cup of p where pips of d = 6)`, `size of cup of p`); an example gives them by "
      "face (`given cup of player 1: \"6\", \"5\"`). A die leaves its holder only by the rules' own "
      "`move` (to a public zone, to show it), or for good with `lose` when the declaration ends with `, lost "
      "to ZONE` (the zone of the dice set aside, one per player for dice per player). See `roll` for the "
      "chance events."),
    E("Boards", "A grid board with regions and faces", "board region face map_row", "lanes.rules", '''
board strip: rows colour, columns number 1..4, adjacency orthogonal [LAN-5]:
  region goal: one per letter [LAN-6] ruling LAN-AMB-1
  face plain when layout = plain [LAN-2]:
    red     . . . .
    blue    . . . .
    green   . . . .
  face marked when layout = marked [LAN-2]:
    red     . a . .
    blue    . a . b
    green   . . . b''',
      "Rows are named after an attribute's values and columns numbered. Each face is a map: `.` is a plain "
      "space and spaces with the same letter form one region, `-` no space at all. `when` chooses the face "
      "from the options or the number of players (a smaller board for another option: the same rows and "
      "columns, `-` where there is no space). A board is public: every seat sees every space. What only some "
      "seats may see lies in zones (`seen by owner`, `hidden`), which still show how many they hold."),
    E("Boards", "A board of triangles, its marks and shapes", "lattice_board mark", "triangles.rules", '''
board floor: triangles, tiles shaped by form [TRI-5]:
  mark s means star [TRI-4]
  face north [TRI-5]:
    r0  - . . . . . -
    r1  . . s . . . .
  face south_plain when south_side = plain [TRI-5]:
    r2  . . . . . . .
    r3  - . . . . . -
  face south_starry when south_side = starry [TRI-5]:
    r2  . . . . s . .
    r3  - . s . . . -''',
      "A board of triangles: `-` is no space, a mark letter gives a space a name the rules can test "
      "(`c is marked star`). A tile covers the triangles of the shape named by its attribute. A face may be "
      "a band of rows (a board piece): every face whose `when` holds is laid, and together they make the "
      "board, joined along their rows. `face of c` names the face a space lies on; `faces of floor` lists "
      "the faces laid in this game. Directions on triangles: `east` and `west` run along a row; `northeast` and "
      "`southwest`, `northwest` and `southeast` along the two slanting strips (a strip alternates up and down "
      "triangles, so from an up triangle `northeast` is its east side and from a down one its flat top); `north` "
      "crosses the flat top of a down triangle and `south` the flat bottom of an up one (none the other way). "
      "`directions of floor` lists the six strip directions, so `line of N from c towards d` is N in a row."),
    E("Boards", "Numbered rows", "board face map_row", "columns.rules", '''
board grid: rows height 1..4, columns col 1..4, adjacency orthogonal [COL-3]:
  face upright [COL-3]:
    1 . . . .
    2 . . . .
    3 . . . .
    4 . . . .''',
      "`rows NAME 1..N` numbers the rows instead of naming them after an attribute; the map's rows are "
      "labelled with their numbers, from the top of the map (row 1 first, north) down (`rows rank 8..1` counts "
      "up the map instead: see rows numbered upward), and a space is called "
      "by row and column (`\"2 3\"`). `height of s` and "
      "`col of s` are numbers, so the rules can compute with them: `height of t = height of s - 1` is the "
      "space below. A word that starts a value (`line`, `walk`, `ray`, `group`, `count`, `the`...) cannot name "
      "rows or columns: `line of s` reads as `line of N from s towards d`, so a file that reads them so is "
      "refused at the board's declaration, naming the word."),
    E("Boards", "Rows numbered upward", "board", "raid.rules", '''
board grid: rows rank 5..1, columns file 1..5, adjacency all [RAI-2]:''',
      "`rows NAME 8..1` numbers the rows from the bottom of the map up, as chess numbers its ranks: the map's "
      "first row (north, at the top) is the first number written, here rank 5, and its rows are labelled in "
      "that order (`5`, `4`, ... `1` down the map; the checker asks for them so). Everything else reads the "
      "numbers: a space is still called by rank and file (`\"1 2\"` is rank 1, at the bottom), `rank of s` is "
      "its number (`rank of t > rank of s` is further north), and positions, action texts and the site's "
      "pictures follow. Here white starts on rank 1, at the bottom, and goes north. A last row given by an "
      "option (`1..size`) counts down the map."),
    E("Boards", "Directions and lines", "board", "rows.rules", '''
board grid: rows height 1..4, columns col 1..4, adjacency all [ROW-3]:''',
      "On a grid of squares a direction is a compass word: `north` (towards the map's first row), "
      "`northeast`, `east`, `southeast`, `south`, `southwest`, `west`, `northwest`. `adjacency` says which "
      "ones a space's neighbours lie in: `orthogonal` (north, east, south, west), `diagonal` (the other "
      "four) or `all` (eight); `directions of BOARD` lists them, in that order, for a rule to go through."),
    E("Boards", "A neighbour, past the edge none", "neighbour is_none", "rows.rules", '''
define landing(s: grid) [ROW-4]:
  s is empty and (neighbour of s towards south is none or neighbour of s towards south is occupied)''',
      "`neighbour of s towards d` is the next space from s in direction d; past the board's edge (or onto "
      "a `-` of the map) there is none, and `X is none` tests for that. A space that is none is neither "
      "empty nor occupied. Gravity needs no keyword: a disc lands where the space is empty and the one "
      "south of it is none (the bottom row) or occupied."),
    E("Boards", "A neighbour on the board", "is_not_none", "rows.rules", '''
  then count(s in grid where neighbour of s towards south is not none) = 12''',
      "`X is not none` holds where there is such a space: `not (X is none)`, said the way `is not empty` is. "
      "On the four rows of Rows, the twelve spaces above the bottom row have a space south of them."),
    E("Boards", "A line of spaces", "line_of", "rows.rules", '''
define three_from(s: grid, p: seat) [ROW-5]:
  count(d in directions of grid where count(t in line of 3 from s towards d where mine(t, p)) = 3) > 0''',
      "`line of N from s towards d` is s and the spaces after it in direction d, N at most: fewer where the "
      "board ends first. Counting the spaces of a line that pass a test says whether N in a row do: here "
      "three of a player's discs in a line, in any of the board's directions."),
    E("Boards", "Walking a direction", "walk", "rows.rules", '''
invariant settled "no disc hangs above an empty space" [ROW-4]:
  always count(s in grid where s is occupied and size of walk(t from s towards south until t is occupied) > 0) = 0''',
      "`walk(t from s towards d while C)` is the spaces after s in direction d for as long as each (called t "
      "in C) passes C; `until C` goes up to the first that passes, without it. The board's edge stops a walk "
      "too. Count or test its spaces like any others: `size of walk(...)`, `count(x in walk(...) where ...)`; "
      "here, below a disc the spaces down to the next disc or the bottom are none at all."),
    E("Boards", "Named sets of directions", "direction_set", "raid.rules", '''
  directions white_forward: northwest, northeast [RAI-5]
  directions black_forward: southwest, southeast [RAI-5]''',
      "`NAME directions of BOARD` is a set of directions, to go through (`for d in ...`, `count(d in ...)`) or "
      "test (`d in ...`) wherever `directions of BOARD` is. Every grid of squares has `orthogonal` (north, east, "
      "south, west), `diagonal` (the other four) and `all` (eight), whatever its adjacency; a board of "
      "hexagons or triangles has `all` (the ways its lines run). A board names its own sets with `directions "
      "NAME: north, east, ...` among its items (after its header, like `region`): here `white_forward "
      "directions of grid`. When every value of an `each player has` names a set one board declares, each seat's "
      "value is its set: `each player has a forward: white_forward, black_forward`, then `for d in forward "
      "of player`, `d in forward of p`."),
    E("Boards", "Turning a direction: right, left, the other way", "turned_right turned_left of", "ant.rules", '''
  option right "turn right" [ANT-2]:
    set facing to facing turned right
    then step(player, ant_at)
  option left "turn left" [ANT-2]:
    set facing to facing turned left
    then step(player, ant_at)
  option ahead "go ahead" [ANT-2]:
    then step(player, ant_at)

step step(player: seat, s: grid) [ANT-3]:
  if neighbour of s towards facing is none:
    set facing to opposite of facing''',
      "`opposite of d` is the direction half a turn from d: north and south, east and west, northeast and "
      "southwest, southeast and northwest, on every board of squares, hexagons or triangles (their directions come "
      "in such pairs). `d turned right` is the next of the board's directions after d clockwise, in the order "
      "`directions of B` lists them (north, northeast, east, ... as far as the board has them), and `d turned "
      "left` the next anticlockwise: on squares with `adjacency orthogonal` a quarter turn (north, east, south, "
      "west), with `diagonal` a quarter turn too (northeast, southeast, ...), with `all` an eighth (north to "
      "northeast: turn twice for a quarter); on hexagons and on triangles a sixth (northeast, east, southeast, "
      "southwest, west, northwest). A direction the board's list leaves out (north on hexagons, or a diagonal on "
      "`orthogonal` squares) turns to the first of the list it meets that way; none stays none. Each reads like "
      "any direction: `towards opposite of d`, a counter holding a direction, a text; after `towards`, bracket a "
      "turn: `neighbour of s towards (d turned right)`. A graph's named directions have neither an opposite nor a "
      "right and left (a link `around` need not run back the way another runs): refused at the line, as a file "
      "whose boards list different directions is for a turn (say which comes next with a definition). "
      "`opposite` stays a name a file may give: a counter, a zone or an attribute called `opposite` is read first."),
    E("Boards", "A ray: up to the first piece", "ray named_directions", "raid.rules", '''
  option slide "rook {s} to {t}" [RAI-3]:
    for s in grid, d in orthogonal directions of grid, t in ray from s towards d
    only if moves_as(s, player, rook) and not mine(t, player)''',
      "`ray from s towards d` is the spaces after s in direction d, up to and including the first that holds "
      "a component: every empty space on the way, then the occupied one (which a rook may take, or not if it "
      "is its own), or every space up to the board's edge (or a `-` of the map) when none is occupied. s itself "
      "is not in it. It is `walk(t from s towards d until t is occupied)` plus the space it stops on; a ray "
      "from none (past the edge) is refused at run time, as a line from none is."),
    E("Boards", "Jumps", "jump jump_offset", "raid.rules", '''
  jump knight: (1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1) [RAI-4]''',
      "`jump NAME: ...` among a board's items declares a leap: each `(rows, columns)` is how far it goes down "
      "the map (south; negative goes north) and east (negative west) at once, over whatever lies between. "
      "The checker refuses a leap of (0, 0), a leap listed twice, and jumps on a board of triangles (a step "
      "there depends on which way a triangle points)."),
    E("Boards", "Where a jump lands", "jumps", "raid.rules", '''
  option leap "knight {s} to {t}" [RAI-4]:
    for s in grid, t in knight jumps from s''',
      "`NAME jumps from s` is the spaces the board's jump NAME lands on from s, in board order; a leap past "
      "the board's edge or onto a `-` of the map is left out, so a knight in a corner has two. Go through "
      "them (`for t in knight jumps from s`), test one (`t in knight jumps from s`: whether t is a knight's "
      "move from s) or count them (`size of knight jumps from s`)."),
    E("Boards", "A jump in compass steps", "jump jump_path", "hexes.rules", '''
  jump bridge: northeast east, east southeast, southeast southwest, southwest west, west northwest, northwest northeast [HXS-6]''',
      "A leap may be written as the compass steps it adds up to, `north north east` for (-2, 1): on "
      "hexagons that is the way to say one (a hexagon's steps are the board's own; there is no north or "
      "south there). Each leap is still taken at once, so nothing on the way matters."),
    E("Boards", "Hexagons, and a board sized by an option", "board", "hexes.rules", '''
board grid: rows row 1..side, columns column 1..side, adjacency hexagonal [HXS-2]:
  face plain [HXS-2]:
    1 . . . .
    2 . . . .
    3 . . . .
    4 . . . .''',
      "`adjacency hexagonal` makes the spaces hexagons, laid as the rhombus of Hex: the map's rows are "
      "written as usual, and each row lies half a hexagon east of the row above it. A hexagon (row r, "
      "column c) then touches six others, and those are its directions: `northwest` (r - 1, c), `northeast` "
      "(r - 1, c + 1), `west` and `east` (c - 1, c + 1), `southwest` (r + 1, c - 1) and `southeast` (r + 1, c). "
      "There is no `north` or `south` (the checker says so). `neighbour of`, `line of`, `walk` and "
      "`directions of grid` work as on squares. A last row or column may be a numeric option "
      "(`1..side`): the map is drawn at the option's largest value, and with a smaller one only the first "
      "rows and columns are in use (the rest is as if drawn `-`); here `option side \"Hexagons on a side\": 3, "
      "4 default 4`."),
    E("Boards", "A group of stones", "group_of", "atari.rules", '''
    for each d in directions of grid:
      let t be neighbour of s towards d
      if t holds colour of left of player and not breathes(t, left of player):
        for each u in group of t:
          move occupant of u to captured''',
      "`group of s` is s and every space joined to it through neighbouring spaces (by the board's adjacency) "
      "that hold the same as s: a component of the same kind with the same attributes, whichever copy (two "
      "black stones, not a black and a white one); for an empty s, the empty spaces: an empty region, as Go's "
      "area scoring counts it. The spaces come in board order, s among them; `size of group of s` counts them. "
      "Here a group of the other colour that no longer breathes (a `connected` path of its stones reaches no "
      "empty space: it has no liberty) is taken off whole. A space past the board's edge has no group: "
      "`group of` it is a rule error naming the line."),
    E("Boards", "A chain that joins two sides", "connected", "hexes.rules", '''
end joined [HXS-3]:
  checked after every step
  when connected(s in grid where mine(s, player 1) from row of s = 1 to row of s = side)
  winner player 1''',
      "`connected(s in B where C from A to B2)` holds when a chain of spaces of board B, each passing C and each "
      "a neighbour of the next (by the board's adjacency: squares, hexagons or triangles), joins a space "
      "where A holds to a space where B2 holds; s names the space tested in all three. One space passing C, "
      "A and B2 is a chain too. It is what Hex, Y or Havannah need: a player's stones joining two sides. "
      "Each space is tested once, so its cost is the board's spaces times the tests' (no limit of its own). "
      "From one space (`from s = x`) the chain is looked for from x alone and stops at the first space where B2 "
      "holds; where C and B2 then test only what a space holds (`s is empty`, `s holds colour of p`, an "
      "attribute that cannot change), each is worked out once per thing a space can hold, not space by space. "
      "A chain steps only from a space to its neighbours by the board's adjacency: nothing can stand between two "
      "neighbouring spaces, so a wall between two squares (Quoridor's) cannot block it as it is. Say walls today by "
      "drawing the places between squares as spaces of their own: a map twice as fine (17 x 17 for 9 x 9 "
      "squares), the squares at odd rows and columns, a wall a component put on the places it covers, and the "
      "chain passing only squares and places holding no wall (`connected(s in grid where not (s holds wall) and "
      "not post(s) from ... to ...)`, `post(s)` the places where four squares meet); a step then goes over the "
      "place between (`neighbour of neighbour of s towards d towards d`, tested with `neighbour of s towards d "
      "holds wall`). tests/newcomer/games/quoridor.rules is written so."),
    E("Boards", "A board declared as a graph", "graph_board graph_spaces graph_links graph_link graph_lines "
      "graph_line graph_positions graph_at", "mill.rules", '''
board morris: graph [MIL-2]:
  spaces a1, b1, c1, a2, b2, c2, a3, b3, c3
  links around: a1-b1, b1-c1, c1-c2, c2-c3, c3-b3, b3-a3, a3-a2, a2-a1
  links b1-b2, a2-b2, c2-b2, b3-b2
  lines mills: a1 b1 c1, a2 b2 c2, a3 b3 c3, a1 a2 a3, b1 b2 b3, c1 c2 c3, a1 b2 c3, c1 b2 a3
  at a1 (0, 0), b1 (1, 0), c1 (2, 0), a2 (0, 1), b2 (1, 1), c2 (2, 1), a3 (0, 2), b3 (1, 2), c3 (2, 2)''',
      "A board that is no grid (the points of a morris board, the ring of houses of a sowing game, the dots "
      "of dots and boxes) is declared as a graph: `spaces` names each space (a name like `a1`, as actions, "
      "positions and examples write it: `\"place on b2\"`, `then space \"b2\" holds ...`), `links a-b` makes "
      "two spaces neighbours (both ways), and `links NAME: a-b, ...` also names a direction that leads from "
      "a to b (`around`, `next`; one link of a direction at most from each space), read by `neighbour of s "
      "towards around`, `line of N from s towards around` and `walk`. `lines NAME: a b c, ...` names a set "
      "of lines (the mills of a morris board): `for each l in mills`, `count(l in mills where ...)`, and `t "
      "in l` goes through a line's spaces. `at a1 (x, y), ...` places each space in the drawing (x to the "
      "east, y to the south); without `at` the spaces are drawn on a circle, clockwise from the top in the "
      "order declared. Any of these lines may be written more than once. The checker refuses a space "
      "declared twice, a link to an unknown space or to itself, and, when some spaces are placed, one that "
      "is not. A graph has no rows, columns, regions or compass directions."),
    E("Boards", "A named set of a graph's spaces", "graph_space_set", "mill.rules", '''
  spaces corner: a1, c1, a3, c3''',
      "`spaces NAME: a, b, ...` among a graph's items names a set of its spaces (a player's row of houses, the "
      "corners), read as `s is a corner space`. It may name spaces declared before or declare them (`spaces "
      "south: A, B, C` alone declares A, B and C); a space is in one named set at most, and the name may not be "
      "a board's, zone's, counter's or option's. Here a man on a corner leaps to any empty corner:\n\n"
      "```\n  option leap \"leap {s} to {t}\" [MIL-5]:\n    for s in morris, t in morris\n    only if in_hand(player) "
      "= 0 and mine(s, player) and s is a corner space and t is a corner space and t is empty\n```"),
    E("Boards", "The neighbours of a space, and a named direction", "of neighbour", "mill.rules", '''
  option step "move {s} to {t}" [MIL-4]:
    for s in morris, t in neighbours of s
    only if in_hand(player) = 0 and mine(s, player) and t is empty
    place occupant of s on t
  option spin "spin {s}" [MIL-5]:
    for s in morris
    only if in_hand(player) = 0 and mine(s, player) and free_towards(s, around)
    place occupant of s on neighbour of s towards around''',
      "`neighbours of s` is the spaces next to s: on a graph those linked to it, on a grid those in the "
      "directions of its adjacency (squares, hexagons or triangles), in board order. On a graph, `towards` "
      "takes one of the board's named directions: `neighbour of s towards around` is the space the link "
      "`around` leads to from s, and none where no such link leads from s (here the centre): none is neither "
      "empty nor occupied. `directions of morris` lists a graph's named directions, in the order declared "
      "(`for d in directions of morris`, then `towards d`; a text says `{d}` by its name); on a graph whose "
      "links name no direction the checker refuses it."),
    E("Boards", "A space's place in its board's order", "of", "points.rules", '''
  option place "place on {s} ({index of s})" [PTS-3]:
    for s in ring
    numbered index of s
    only if s is empty
    place any(t in pool where colour of t = colour of player) on s

score worth of p [PTS-4]:
  sum(index of s for s in ring where s holds colour of p)''',
      "`index of s` is the place of space s among its board's spaces, counted from 0, in board order (the order "
      "`for s in B` walks them): on a graph, the order its `spaces` line lists them (here north 0 ... centre 4); on "
      "a grid or a board of triangles, the map's rows from the top, each from west to east. Only the spaces in use "
      "in this game are counted (a map's `-` is no space, nor a row or column an option or the player count "
      "leaves out), so the indices run from 0 to `size of B` less one, with no gaps. It is a number like any "
      "other, and fixed by the board alone, so an action number may read it (`numbered index of s`: OpenSpiel "
      "numbers Othello's squares and nine men's morris's points so). A component's attribute, a board's rows or "
      "columns or a region the file names `index` are read instead, as `size of` yields to one."),
    E("Boards", "A graph's direction as a parameter", "param", "mill.rules", '''
define free_towards(s: morris, d: direction of morris) [MIL-5]:
  neighbour of s towards d is empty''',
      "`d: direction of B` types a parameter of a step or a definition as one of graph B's named directions "
      "(those its `links NAME: ...` lines name): a call gives one by its name (`free_towards(s, around)`) or a "
      "name going through `directions of B`, and the rules go `towards d`. On a board of squares or hexagons "
      "`direction of B` is a compass direction, as `d: direction` is. Only a direction is of a board; a graph "
      "whose links name no direction has none to give, and a name that is not a board is refused."),
    E("Boards", "Named lines", "end", "mill.rules", '''
end mill [MIL-6]:
  checked after every step
  for each p in players
  when there is l in mills where count(t in l where mine(t, p)) = 3
  winner p''',
      "A set of lines declared on a graph (`lines mills: ...`) is a value: each of its lines is a list of "
      "spaces, to count, go through or test (`s in l`). Here a player wins with three men in one of the "
      "eight lines of the board."),
    E("Boards", "Shapes", "shape lattice_cell", "triangles.rules", '''
shape single: (0, 0) [TRI-2]
shape pair: (0, 0), (0, 1) [TRI-2]''',
      "A shape lists the (row, column) triangles it covers; it may be laid in any rotation."),
    E("Boards", "Where a component fits", "fit", "lanes.rules", '''
fit tile on strip where colour of item = colour of space and number of item = number of space [LAN-5]
fit joker on strip [LAN-5]''',
      "Which spaces a component may ever occupy: `tile fits space` reads these."),
    # ------------------------------------------------------------------ set-up and turns
    E("Set-up and turns", "Setting up", "setup block for_stmt repeat_stmt starting_player", "lanes.rules", '''
setup [LAN-4]:
  for each p in players from the starting player:
    repeat 3 times:
      then deal(p)''',
      "What happens before the first turn, in order. `for each p in players from X` goes round the seats "
      "clockwise, X first (any collection of seats may be walked so). `the starting player` is the seat the "
      "first turn goes to (`turns go clockwise from player N`); in a match, one seat further on for each leg "
      "before, so a rulebook's \"beginning with the starting player and proceeding in clockwise order\" holds "
      "in every leg. Its own lines all run first, then the steps its `then`s start, in order: a line after "
      "`then choose_dealer()` that reads what that step sets (`left of dealer`) reads it as it was before, so "
      "it is refused at the value; such lines go in a step of their own, started by a `then` after it."),
    E("Set-up and turns", "Turn order", "turns", "lanes.rules", '''
turns go clockwise from player 1, each turn runs turn [LAN-7]''',
      "Whose turn it is, and the step each turn carries out."),
    E("Set-up and turns", "Skipping players", "turn_skip", "cards.rules", '''
turns go clockwise from player 1, each turn runs turn, skipping p when out of p = 1 [CRD-7]''',
      "Players for whom the condition holds get no turns."),
    # ------------------------------------------------------------------ steps
    E("Steps, choices and chance", "A step", "step params param", "lanes.rules", '''
step reward(player: seat) [LAN-6]:
  add 1 to goals of player''',
      "A named piece of the rules that happens by itself when started with `then` or `queue`. Parameters "
      "have a type: seat, space, item, number, word, direction or a board's name. A `word` parameter takes a "
      "word of any attribute: `s: word`, not `s: suit` or `s: word of suit` (as a counter is typed)."),
    E("Steps, choices and chance", "A choice", "choice option_decl binding guard", "lanes.rules", '''
choice turn(player: seat) by player [LAN-7]:
  option play "play {t} on {s}" [LAN-7]:
    for t in hand of player, s in strip
    only if t fits s and s is empty and (s has an occupied neighbour or count(x in strip where x is occupied) = 0)
    set passes to 0
    place t on s as regular
    resolve rewards''',
      "A decision: each option is offered once for every combination of its `for` values that passes its "
      "`only if`, shown by its text. A choice with nothing allowed is skipped. An option's lines come in this "
      "order: its `for` line, `numbered`, `only when no other option is offered`, its `only if` lines, `only if "
      "... after it`, then its statements (a line out of its place is refused with this order)."),
    E("Steps, choices and chance", "A choice made by a seat a counter holds", "choice", "tricks.rules", '''
choice answer(turner: seat) by leader [T-3]:
  option nod "nod to {turner}" [T-3]:
    set facing of leader to west''',
      "Who chooses, after `by`, is any value giving a seat: `player` (the choice's parameter), a counter holding a "
      "seat (`by leader`, `by declarer`), `left of player`, a definition giving a seat; or `each player` (every "
      "seat at once, in secret) or `any player` (a claim window), below. Inside, `player` is a name only as a "
      "parameter: here the chooser is `leader`, and `turner` the seat the choice was started for."),
    E("Steps, choices and chance", "Several conditions, one per line", "guard", "hop.rules", '''
  option hop "hop from {rank of s}" [HOP-3]:
    for s in file
    only if s holds colour of player
    only if ahead(s, player) is occupied and ahead(ahead(s, player), player) is empty''',
      "An option may have several `only if` lines, one per rule of the rulebook: all must hold (as if joined by "
      "`and`, in the order written). Each is tested as soon as the names it reads are chosen, as the parts of one "
      "`and` are. An `only if ... after it` comes after them all, and is tested last."),
    E("Steps, choices and chance", "An option offered only when no other is", "offered_alone", "stuck.rules", '''
  option pass "pass" [STK-3]:
    only when no other option is offered
    add 1 to passes''',
      "`only when no other option is offered` (after the option's `for` and `numbered` lines, before its `only if` "
      "lines): the option is offered exactly when every option of its choice without that line offers the chooser "
      "nothing now: a pass only a player who cannot move may take (Hive's: a player who can neither place nor move "
      "passes; Ludii says `(if (no Moves Mover) (move Pass))`). Its own `for` and `only if` lines then say which of "
      "its candidates are offered, as any option's. Several options with the line do not look at each other: each "
      "is offered when none of the options without it is (a stuck player offered both a pass and a resignation). "
      "The others are asked as they would be listed, an `only if ... after it` of theirs read ahead: the choice's "
      "listing reads the rows it has just made for them, anywhere else their first legal candidate found is "
      "enough. `p has a legal move` counts the option (a player offered a pass has a legal move: an end `when the "
      "player to move has no legal move` does not end the game on a player who may pass). Refused at its line: in "
      "a choice by any player or by each player (whose options would it ask?), and where every option of the "
      "choice has it (none is other)."),
    E("Steps, choices and chance", "A claim window", "any_player", "cards.rules", '''
choice claim(leader: seat) by any player [CRD-9]:''',
      "Any player may take an option first; inside, `player` is whoever acts. Who is fastest is the players' "
      "affair, not the rule file's: `rulespec simulate --reaction K=TIME` gives a seat a reaction time "
      "(`0.8s..1.5s`, `lognormal(0.9, 0.3)`), drawn from the run's seed for every claim, and the fastest claim is "
      "taken; in `rulespec play` you race the automatic seats in real time."),
    E("Steps, choices and chance", "Choosing at the same time, in secret", "each_player", "bids.rules", '''
choice offers() by each player where coins of player > 0 [BID-3]:
  option offer "offer {n}" [BID-3]:
    for n in 1..5
    only if n <= coins of player
    set offered of player to n''',
      "A simultaneous decision: each player (or each for whom the `where` condition holds; a player with no "
      "option allowed takes no part) chooses without seeing the others' choices; inside, `player` is the "
      "one choosing. A player who has chosen waits, in any order; once the last has chosen, every choice is "
      "carried out together, in seat order, as one step, and what follows (`then award()`) sees them all. "
      "A player's view shows their own choice and who is still choosing, never what the others chose before "
      "it is carried out. In the engine, `current_player()` is `SIMULTANEOUS` (-3) and "
      "`simultaneous_seats()` lists the players still to choose."),
    E("Steps, choices and chance", "Chance: a draw", "chance draw_outcome", "lanes.rules", '''
chance deal(player: seat) [LAN-4]:
  outcome "deal {t}" for t drawn from pool
  move t to hand of player as deal''',
      "A random draw from a zone, every component in it equally likely. Components that read the same "
      "(copies made by `x N` or by a count, `soldier 5`) are one outcome, as likely as the zone holds "
      "copies of it: from two jokers and a red 1, `deal joker` comes with 2/3 and `deal red 1` with 1/3."),
    E("Steps, choices and chance", "Chance: a roll", "roll_outcome", "cards.rules", '''
  outcome "roll {n}" for n rolled from (low, high)''',
      "A random pick among named faces, each equally likely."),
    E("Steps, choices and chance", "Chance: a pick", "pick_outcome", "triangles.rules", '''
chance drop_start(piece: word) [TRI-6]:
  outcome "start at {where}" for where picked from floor where face of where = piece''',
      "A random pick from a collection (the spaces of a board, the placements of a shape, ...), each "
      "element that meets the `where` condition equally likely. A parameter of type `word` takes a value "
      "such as a face's or an attribute's."),
    E("Steps, choices and chance", "Chance: faces with weights", "roll_outcome face_weights", "spawn.rules", '''
chance spawn(player: seat) [SPW-2]:
  outcome "spawn a {v}" for v rolled from (2, 4) weighted (9, 1)
  add v to total of player''',
      "`weighted (W, ...)` gives each face its weight, in the faces' order: a face weighted 9 is nine times as "
      "likely as one weighted 1, so here a 2 comes with probability 9/10 and a 4 with 1/10 (exactly: chance is "
      "a Fraction). Weights are whole numbers, 0 or more, one per face and not all 0 (checked with the file); "
      "a face weighted 0 is never offered. Faces are words (`(two, four)`) or, as here, numbers the rules "
      "compute with. The game offers one chance node with these outcomes, as OpenSpiel numbers them."),
    E("Steps, choices and chance", "Chance: a pick with weights", "pick_outcome", "spawn.rules", '''
chance bonus(player: seat) [SPW-3]:
  outcome "bonus {n}" for n picked from 1..6 weighted by if n = 6 then 0 else n''',
      "`weighted by VALUE` works each candidate's weight out with it bound, after the `where` (if any): here a "
      "bonus of 5 is five times as likely as a bonus of 1, and a 6 is never picked (weight 0: not offered). "
      "Candidates that read the same add their weights. A weight is a whole number, 0 or more, and some "
      "candidate must weigh more than 0: a constant weight is checked with the file, any other when the rules "
      "run (a negative weight, or every weight 0, is an error naming the rule file's line)."),
    E("Steps, choices and chance", "Chance: a pick of several values at once", "pick_outcome", "spawn.rules", '''
chance two_dice(player: seat) [SPW-6]:
  outcome "roll {min(a, b)} and {max(a, b)}" for a, b picked from 1..3
  add a + b to total of player''',
      "`for a, b picked from C` picks a value of C for each name, every combination a candidate equally likely "
      "(with `where` and `weighted by` reading all the names): two dice rolled together. Candidates that read "
      "the same are one outcome, their chances added, so here `roll 1 and 2` (a 1 and a 2 either way round) is "
      "twice as likely as `roll 1 and 1`: one chance node of 6 outcomes, not two rolls. The step that follows "
      "sees each name's value (of one of the candidates the outcome stands for): two dice shown `roll {min(a, b)} "
      "and {max(a, b)}` for `a, b picked from 1..6` are 21 outcomes, a double 1/36 and any other pair 1/18 "
      "(backgammon shows `roll {a} and {b}`, 36 outcomes, as OpenSpiel numbers them)."),
    E("Steps, choices and chance", "Values worked out in a text", "option_decl", "pig.rules", '''
  option hold "hold {at_stake} for {banked of player + at_stake}" [PIG-5]:''',
      "Braces in an option's or an outcome's text hold a chosen value (`{tile}`) or any value the rules can "
      "work out: a counter, an option, a definition, `{col of s}`, `{banked of player + at_stake}`. A number or "
      "a word shows as itself, a component, space or player by its name: a component by its `shown as`, a "
      "space by its row and column (`2 3`), a player as `player 1` (there is no seat number alone). Only an "
      "expression of the language "
      "may stand there, never a format (`{x:>5}`, `{x!r}`)."),
    E("Steps, choices and chance", "An option's action number", "numbering", "sowing.rules", '''
  option sow "sow {s} ({seeds of s})" [SO-3]:
    for s in pits
    numbered col of s - 1
    only if row of s = home of player and seeds of s > 0''',
      "Under the game's `actions numbered 0 to N`, each option's number, on the line after its `for` (or "
      "first): an integer worked out from the option's bound names and the step's parameters (the seat "
      "choosing, `player`), board geometry (`row of s`, `column of s`, `index of s`, neighbours, walks), "
      "seat values, components' values that never change, the options, numbers, `if .. then .. else` and "
      "definitions of these. It reads nothing a state decides (a counter, a zone, what a space holds, the turn): that is "
      "refused at the line, naming what it reads, so a number means one action in every state. Options that "
      "are never legal together may share a number (a move and a capture between the same two squares)."),
    E("Steps, choices and chance", "A chance outcome's number", "numbering chance", "doublets.rules", '''
chance throw(player: seat) [DB-2]:
  outcome "roll {min(a, b)} and {max(a, b)}" for a, b picked from 1..6
  numbered pair(min(a, b), max(a, b))''',
      "Under the game's `chance outcomes numbered 0 to N`, each chance step's outcome number, on the line after "
      "its `outcome`: an integer worked out from the outcome's names and the step's parameters, with what an "
      "option's number may read (and nothing a state decides: refused at the line). Candidates that read the "
      "same are one outcome, so they must share a number (here `pair` reads the lower and the higher die, so "
      "2 then 5 and 5 then 2 are both 9); two outcomes of one chance node with one number is an error."),
    E("Steps, choices and chance", "A move read ahead: `only if ... after it`", "after_guard", "cornered.rules", '''
  option king "king {s} to {t}" [COR-2, COR-3]:
    for s in grid, t in grid
    only if s holds king and mine(s, player) and next_to(s, t) and not mine(t, player)
    only if not in_check(player) after it
    then arrive(s, t)
  option rook "rook {s} to {t}" [COR-2, COR-3]:
    for s in grid, t in grid
    only if s holds rook and mine(s, player) and rook_reaches(s, t) and not mine(t, player)
    only if not in_check(player) after it
    then arrive(s, t)

step arrive(s: grid, t: grid) [COR-2]:
  if t is occupied:
    move occupant of t to taken
  place occupant of s on t''',
      "`only if C after it` (after the plain `only if`, if any) reads C in the position the option would leave: "
      "for each candidate that passes the other conditions, the option's statements are carried out, by the "
      "player who would choose it, then every automatic step they set going, C is read, and everything they "
      "wrote is undone (as if on a copy of the state: the game itself is left as it was, even when a rule "
      "fails half-way). Here both moves land by the automatic step `arrive` "
      "(the capture written once), which the look-ahead runs before it asks `in_check(player)`. What a move sets "
      "going runs as the game would run it next: the steps its `then`s name, the steps theirs name (a step's own "
      "`then`s before the next of the step that started it) and those of the triggers its placements fire, each "
      "as this move's; a step may start itself again (a sowing, one seed a step). Nothing else happens on the "
      "way: no end is checked, between the steps either, and the turn does not pass (`the player to move` and "
      "`the turn number` are still this turn's), so `in_check(player)` asks about the mover's own king. The "
      "look-ahead reads one position, so what would make the position hang on a decision or on chance is "
      "refused at the line that asks for it, even a step or a trigger away: a `then` naming a choice or a "
      "chance step, a `then` naming a step an `instead` may replace, `queue`, `resolve`, `roll`, `shuffle`, and "
      "a choice made by each player at once (the others' secret choices). `p has a legal move` counts only the "
      "options that pass it, so checkmate and stalemate are ends (next entry). An option whose first line "
      "places an item on its chosen space s and whose other lines only take things off (moves to a zone, "
      "counters), with C a `connected` from s whose goal an empty space is (Go's and Atari's suicide test), is "
      "carried out only where the position as it stands shows no path from s (as if it held the item) to a "
      "goal: a space it empties only becomes a goal, so such a path stays; so is one whose first lines name "
      "that space by `let` from counters it never sets (`let s be cursor(player)`, then `place ... on s`, "
      "with C's `connected` from `cursor(player)`). Each look-ahead costs a copy of "
      "the state, the option's statements and the steps they set going; the work estimate counts them all for "
      "every candidate (a step that starts itself, as the runtime's most automatic steps, "
      "`Engine.MAX_AUTO_STEPS`)."),
    E("Steps, choices and chance", "Checkmate and stalemate", "has_no_legal_move", "cornered.rules", '''
end checkmate [COR-4]:
  checked at turn start
  when the player to move has no legal move and in_check(the player to move)
  winner left of the player to move

end stalemate [COR-4]:
  checked at turn start
  when the player to move has no legal move''',
      "With moves read ahead, a player with no legal move is one every move of whom would leave their king "
      "attacked: attacked now, that is checkmate; not attacked, stalemate. The ends are checked in the order "
      "written, so the one with a winner comes first; an end with no `winner` is a draw."),
    E("Expressions", "A range of numbers", "span pick_outcome", "pig.rules", '''
  outcome "roll {n}" for n picked from 1..6''',
      "`LOW..HIGH` is the whole numbers from LOW to HIGH in order (none when HIGH is smaller), wherever a "
      "collection is walked: `for each q in 1..size of cup`, `count(n in 1..6 where ...)`, `there is k in 1..6 "
      "where ...`, `any`, `sum`, `max` and `min` over one, an option's `for`, an end's `for each`, a pick; no brackets "
      "are needed. Both ends may be computed; a range holds at most 10,000 numbers (checked when the rules run)."),
    # ------------------------------------------------------------------ definitions
    E("Definitions", "A definition", "define params param", "pig.rules", '''
define reached(p: seat) [PIG-6]:
  banked of p >= target''',
      "A named condition or value with typed parameters (the types of a step's, and `direction`: `define "
      "step_from(s: grid, d: direction)`), used in any expression like "
      "a function: `when reached(p)`. Its value sees only its parameters and the game's declarations. A "
      "definition may use other definitions, but never itself, directly or through others; each use gives "
      "one value per parameter, of the parameter's type. A word a value starts with (`count`, `points`, "
      "`the`...) cannot name a definition. A `word` parameter compared by `<` or `>` takes the order of the "
      "game's ordered attribute (the one whose values hold a word it is compared with, or the only one)."),
    E("Definitions", "A definition without parameters", "define", "pig.rules", '''
define worth_holding [PIG-5]:
  at_stake > 0''',
      "Used by its name alone: `only if worth_holding`, never `worth_holding()` (a use with brackets "
      "gives values; it is refused at the `)` with that hint). `define worth_holding() [PIG-5]:` declares the "
      "same definition."),
    E("Definitions", "A definition that gives a space", "define", "columns.rules", '''
define below(s: grid) [COL-4]:
  any(t in grid where col of t = col of s and height of t = height of s - 1)''',
      "A definition gives whatever its value is: a condition, a number, a word, a player, a component or a "
      "space (`below(s) is occupied`)."),
    E("Expressions", "A remainder", "modulo", "march.rules", '''
define light(s: grid) [MAR-3]:
  (rank of s + file of s) mod 2 = 0''',
      "`a mod b` is what is left after dividing a by b: from 0 to b - 1 (`7 mod 3 = 1`, `-1 mod 3 = 2`), as "
      "often needed for turns that go round (`turn mod 3`) or squares of a chequered board. It binds like "
      "`*`. Dividing by 0 stops the rules with an error."),
    E("Expressions", "A quotient", "divide", "march.rules", '''
define half(s: grid) [MAR-3]:
  (rank of s - 1) div 2''',
      "`a div b` is a divided by b, rounded down: `7 div 2 = 3`, `-7 div 2 = -4`, so that always "
      "`a = b * (a div b) + a mod b` (a row's pair, `(rank of s - 1) div 2`; an action number's parts, "
      "`n div 6` and `n mod 6`). It binds like `*` and `mod`, from the left: `a * b div c` is `(a * b) div c`. "
      "Dividing by 0 stops the rules with an error naming the line."),
    E("Expressions", "An exact fraction (in returns)", "exact_divide", "facing.rules", '''
returns of p [FAC-5]:
  if rights = 0 or rights = count(q in players) then 0 else if right of p = 1 then 1 / rights else -1 / (count(q in players) - rights)''',
      "`a / b` is a divided by b exactly, a fraction (`1 / 2` is one half, not 0): a stake shared, OpenSpiel's "
      "Skat returns `(points - 60) / 120`. Only a player's return may be a fraction, so `/` stands only in "
      "`returns of p`: in its value, a branch of `if ... then ... else`, or a sum, difference, product or "
      "quotient of these; anywhere else (a definition, a score, a counter, a comparison, a count) it is "
      "refused at its place, and `div` gives the quotient rounded down. The engine keeps the return exact "
      "(a Fraction); `State.returns()` and the adapters give it as a float, and an example states it as "
      "written, `then returns are 1/2, -1, 1/2`. Dividing by 0 stops the rules with an error naming the line."),
    E("Expressions", "The number of a seat or a direction", "of", "march.rules", '''
define code(p: seat, d: direction) [MAR-2]:
  (number of p - 1) * 4 + number of d - 1''',
      "`number of p` is a seat's number as `player N` writes it, from 1: `number of player 2 = 2`. "
      "`number of d` is a direction's place among its board's "
      "directions, in the order `directions of B` lists them, from 1: on an orthogonal grid north 1, east 2, "
      "south 3, west 4; on hexagons northeast 1 to northwest 6; with all eight, north 1 to northwest 8; on a "
      "graph, its named directions in the order its `links` lines declare them. A compass direction a board "
      "does not have (north on hexagons) is 0. A compass word belongs to no board of its own, so a file whose "
      "boards list different directions is refused at `number of d`. Both count from 1, as words do; "
      "`index of s`, a space's place, counts from 0, so an action number is written `(number of p - 1) * 4 + "
      "number of d - 1` or `index of s * 6 + number of d - 1` (OpenSpiel's `hole * 6 + direction`)."),
    E("Components and zones", "A counter of a word or a seat", "held_counter counter_type counter_start_none", "cards.rules", '''
counter led: suit starts at none [CRD-8]
counter leader: seat starts at none [CRD-8]''',
      "A counter holds a number unless its name is followed by what it holds: `: seat` (a player), `: "
      "direction` (a compass word), `: direction of B` (graph B's named directions) or an attribute's name (`: "
      "suit`, one of its words; not `: word`, which a parameter is). It starts at one of its values (`starts at player 1`, `starts at north`, `starts "
      "at hearts`) or at `none`, no value yet. `set led to suit of c` keeps a value and `set led to none` clears "
      "it; it is read like any value of its kind (`suit of c = led`, `hand of leader`, `neighbour of s towards "
      "facing of p`), `led is none` asks whether it holds one, and nothing adds to it. A text shows it by its "
      "word (`{led}`: `hearts`, `player 2`, `none`); so do a position (`counter led: hearts`), an observation "
      "and the docs' board drawings, while the adapters' observation tensors carry its place among its values "
      "(a seat's index from 0, the word's place in its attribute's list, a direction's place in the compass "
      "from north; -1 for none). Per player too: `counter facing per player: direction starts at north`; a "
      "counter per space counts numbers only."),
    E("Components and zones", "A counter of a word or a seat, set and read", "counter_start_seat counter_start_word",
      "tricks.rules", '''
counter leader: seat starts at player 1 [T-2]
counter facing per player: direction starts at north [T-3]''',
      "A seat starts at `player N` (a seat every game has), a direction at a compass word, a word at one of the "
      "attribute's values. Setting it to a value of another kind is refused at the line."),
    E("Executable examples", "Giving a counter of a word or a seat", "given_held_counter", "tricks.rules", '''
  given counter led is none
  given counter facing of player 1 is south''',
      "An example sets a counter that holds a seat, a direction or a word by its value's name (`given counter "
      "leader is player 2`, `given counter led is hearts`) or to `none`, as a position's `counter` line does."),
    E("Expressions", "The place of an attribute's value", "of", "tricks.rules", '''
define card_number(c: item) [T-1]:
  (number of suit of c - 1) * 2 + number of rank of c - 1''',
      "`number of V`, where V is a component attribute's value, is its place among that attribute's values as "
      "the component declares them, from 1: with `suit (clubs, hearts) x rank 1..2`, `number of hearts = 2` and "
      "`number of rank of c` runs 1 to 2. It numbers cards as OpenSpiel does (`(number of suit of c - 1) * 13 "
      "+ number of rank of c - 1`) without a chain of `if`s. V is read from the attribute (`rank of c`, a "
      "definition or a `max` giving one), from a counter holding that attribute's words (`number of led`; "
      "`none` is 0), from a name going through its values (`for s in values of suit` / `numbered 32 + number "
      "of s`, in an option, a `for each`, a count or a sum, and a `let` of one), or written out, when exactly one "
      "attribute has that value; anything else is refused at the line (a `word` parameter too: any attribute's "
      "word may be given it), as is a word no attribute has."),
    E("Components and zones", "A seat's direction or number", "seat_attribute", "march.rules", '''
each player has a forward: south, north [MAR-2]
each player has a home: 1, 4 [MAR-1]''',
      "A seat value whose words are all compass words is a direction: `neighbour of s towards forward of p`, "
      "`line of 3 from s towards forward of p`, `forward of p = south`. Player 1 here walks south (away from "
      "the map's first row), player 2 north. A seat value of numbers is a number (`rank of s = home of p`)."),
    E("Expressions", "The highest or lowest value", "extreme", "high-card.rules", '''
define card_rank(p: seat) [HC-4]:
  max(rank of c for c in hand of p)''',
      "`max(V for x in X where C)` and `min(...)` give the largest (smallest) V over the elements of X that "
      "pass C: numbers, or values of an ordered attribute (then the highest, or lowest, in its order). Over "
      "nothing there is no such value: the rules stop with an error, so test `count(...) > 0` first where X "
      "may be empty. `max(a, b)` and `min(a, b)` of two numbers are functions."),
    E("Expressions", "Comparing ordered values", "compare", "high-card.rules", '''
define outranks(a: item, b: item) [HC-4]:
  rank of a > rank of b''',
      "`<`, `<=`, `>`, `>=` compare numbers, or two values of one ordered attribute (or one and a word of it: "
      "`rank of c >= five`), by their place in its order."),
    E("Expressions", "A value chosen by a condition", "conditional", "high-card.rules", '''
score takings of p [HC-5]:
  if p won then pot else 0''',
      "`if C then A else B` is A when C holds, else B; A and B are the same kind of value (two numbers, two "
      "players...). It stands wherever a value does, on one line; a chain (`if C then A else if D then B else E`) "
      "written over several lines is bracketed whole, as a bracket joins its lines: `(if C then A` / `else if D then "
      "B` / `else E)`."),
    E("Expressions", "Who won", "won", "high-card.rules", '''
returns of p [HC-5]:
  if p won then pot - staked of p else -staked of p
  zero-sum''',
      "`p won` holds once the game is over for a seat among its winners (`outcome()['winners']`: none in a "
      "draw); before the end it is false. Payoffs and scores ask it; a score the ranking ranks by cannot (who "
      "won is worked out from that score), which the checker reports."),
    E("Expressions", "Every value of an attribute", "of", "triangles.rules", '''
    for each f in values of form:
      then keep_one(p, f)''',
      "`values of ATTRIBUTE` lists an attribute's values in declared order, to loop over them."),
    # ------------------------------------------------------------------ triggers and replacements
    E("Triggers and replacements", "A trigger", "trigger event", "lanes.rules", '''
trigger goal_reached [LAN-6] ruling LAN-AMB-1:
  when placed on strip as regular
  if goal of space is complete:
    queue reward(player) in rewards
  else:
    nothing''',
      "Runs at once whenever a component is placed on the board (optionally only for some causes). Triggers "
      "of one board run in the order they are declared."),
    E("Triggers and replacements", "A replacement effect", "instead", "lanes.rules", '''
instead empty_pool [LAN-4]:
  of deal(player) if pool is empty
  nothing''',
      "When a step is about to happen and the condition holds, the body happens instead. Replacements are "
      "tried in declaration order and each applies at most once to the same step."),
)
