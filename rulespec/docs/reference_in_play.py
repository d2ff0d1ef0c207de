"""The language reference's entries for what happens in play and how it is checked: statements,
expressions, ends and scores, invariants, executable examples, variants and house rules
(rulespec/docs/reference.py says how entries are checked)."""

from __future__ import annotations

from .reference_entry import E, Entry

IN_PLAY: tuple[Entry, ...] = (
    # ------------------------------------------------------------------ statements
    E("Statements", "Moving", "move_stmt", "lanes.rules", '''
  move t to hand of player as deal''',
      "`move X to ZONE` and `place X on SPACE`, each with an optional cause (`as regular`) that triggers, "
      "invariants and the history read."),
    E("Statements", "Placing", "place_stmt", "lanes.rules", '''
    place t on s as regular''',
      "Put a component on a board space (or a tile on a placement). A component already on the board moves: "
      "`place occupant of s on t` takes it from s to t (t must be empty; to capture, first `move occupant of t "
      "to box`). Placing never changes what a component is: a disc turned over (Othello) is either set to its "
      "other colour, where its declaration says `colour can change` (see Changing an attribute), or taken off "
      "and one of the other colour placed (declare enough of each)."),
    E("Statements", "Rolling dice", "roll_stmt", "dice.rules", '''
    roll cup of player''',
      "`roll cup of p` (or `roll tray` for shared dice) rolls each of the holder's dice again: the dice in "
      "it go back, then each die is rolled by a chance step of its own, `roll_cup`, whose outcomes "
      "`roll 1` ... `roll 6` are equally likely whatever the other dice show (rolls are independent, with "
      "replacement). So every roll is an explicit chance node: examples steer it (`when \"chance: roll "
      "6\"`), replays repeat it, and OpenSpiel sees one chance node per die. Dice declared with `lost to "
      "ZONE` roll only the dice the holder still has (see `lose`)."),
    E("Statements", "Shuffling a zone", "shuffle_stmt", "spawn.rules", '''
setup [SPW-5]:
  shuffle bag''',
      "`shuffle ZONE` (`shuffle deck of p` for a zone per player) puts a `stacked` zone's components in one of "
      "their orders as one chance event, every distinct order equally likely: three different cubes are one "
      "chance node of 6 outcomes (exactly 1/6 each), six are one of 720, not six draws. Orders that differ "
      "only by identical components (the same label) are one outcome. As `roll`, it starts a chance step of "
      "its own once this step is done, `shuffle_bag`; its outcomes read `shuffle bag: ` and the labels from the "
      "bottom up, the last on top (`when \"chance: shuffle bag: blue, green, red\"` steers one, as `given "
      "set-up with draws \"...\"` does). OpenSpiel numbers an order by its place among the orders of what the "
      "zone holds, from 0. A shuffle lists at most 40,320 orders (8 different components; see the limits), "
      "refused beyond when the rules run, naming the line."),
    E("Statements", "Losing a die", "lose_stmt", "dice.rules", '''
    lose a die from cup of player''',
      "`lose a die from cup of p` (`lose one die from tray` for shared dice) takes one of the holder's dice "
      "for good: it is set aside in the zone its declaration names (`dice die: ..., seen by owner, lost to "
      "spent`; hidden: everyone sees how many dice are set aside, nobody their faces), and every later "
      "`roll` rolls one die fewer. The die is one in the holder (the first; its face no longer matters), or, "
      "when the holder is empty, one not yet rolled; a holder with no die left loses nothing. How many dice "
      "a player still has is the count less the dice set aside: `numdice - size of spent of p`."),
    E("Statements", "Starting steps", "then_stmt args", "lanes.rules", '''
    then deal(player)''',
      "Start a step after this one finishes; several `then`s run in the order written. An end `checked after "
      "every step` is checked when this step finishes, before the steps it started: when the game ends there, "
      "they never run. What must happen before an end is judged (scoring the last box of Dots and Boxes, a "
      "capture) belongs in the same step, not in a `then`."),
    E("Statements", "Queueing", "queue_stmt", "lanes.rules", '''
    queue reward(player) in rewards''',
      "`queue STEP(...) in QUEUE` puts a step at the end of a queue; `resolve QUEUE` carries them out."),
    E("Statements", "Resolving a queue", "resolve_stmt", "lanes.rules", '''
    resolve rewards''', "Carry out the waiting steps, oldest first, until the queue is empty."),
    E("Statements", "Setting a counter", "set_stmt target", "lanes.rules", '''
    set passes to 0''', "`set COUNTER to X` and `add X to COUNTER` (`of PLAYER` for a counter per player, "
      "`of SPACE` for one per space)."),
    E("Statements", "Adding to a counter", "add_stmt target", "lanes.rules", '''
  add 1 to goals of player''', "Add to a counter; a counter per player names whose."),
    E("Statements", "Changing an attribute", "set_stmt target", "flips.rules", '''
    set colour of occupant of s to colour of player''',
      "`set ATTR of C to V` gives component C a new value of an attribute its declaration says `can change` "
      "(a number attribute may also be added to: `add 1 to level of c`, staying within its values). A value "
      "the file names must be one of the attribute's (checked with the file); a value worked out during play "
      "that is not one stops the game with an error naming the rule. Setting an attribute not declared to "
      "change is an error at its line."),
    E("Statements", "If, else and nothing", "if_stmt nothing_stmt", "lanes.rules", '''
  if goal of space is complete:
    queue reward(player) in rewards
  else:
    nothing''', "A condition with an optional `else`; `nothing` is a statement that does nothing."),
    E("Statements", "Several conditions in turn", "else_if", "lucky.rules", '''
  if n = 1:
    set total of player to 0
  else if n = 6:
    add 2 * n to total of player
  else:
    add n to total of player''',
      "`else if D:` at the `if`'s own indentation goes on with another condition when those above it fail, as many "
      "as needed, then an optional `else:`: the same as an `if` indented under an `else:`, written flat (Python's "
      "`elif`). Here a one loses the total, a six counts twice, any other roll once."),
    E("Statements", "Loops", "for_stmt repeat_stmt", "lanes.rules", '''
  for each p in players from the starting player:
    repeat 3 times:
      then deal(p)''', "Go through a collection in order, or repeat a block a number of times."),
    E("Statements", "Who plays next", "next_turn_stmt", "cards.rules", '''
    next turn goes to left of player''', "The next turn goes to this player instead of the next in order; in the "
      "set-up, the first turn goes to this player."),
    E("Statements", "A value named in a step", "let_stmt", "hop.rules", '''
    let jumped be ahead(s, player)
    let landing be ahead(jumped, player)
    move occupant of jumped to taken of player
    place occupant of s on landing''',
      "`let NAME be X` works X out where it stands and names it for the statements after it in the same block "
      "and the blocks inside them, not outside: later changes (the pawn moved off `jumped`) do not change it. Its "
      "type is X's. The name may not be one already used there: a parameter, a chosen value, an outer `for each` "
      "or `let`, a declaration of the file (a definition, counter, zone ...), a value of an attribute or option, or "
      "a word of the language that a value starts with (`count`, `the`: wherever a value is written it is read as "
      "that word). A word no value starts with (`over`, `turned`) may name a value: where the name is read, "
      "only a value may stand."),
    # ------------------------------------------------------------------ expressions
    E("Expressions", "Names and `of`", "name of", "lanes.rules", '''
    for t in hand of player, s in strip''',
      "A name is a zone, board, counter, option, parameter or value; `X of Y` takes an attribute, a "
      "player's zone or counter, a score, a neighbour seat (`left of`), `size of`, `occupant of`..."),
    E("Expressions", "Arithmetic", "plus times minus number", "lanes.rules", '''
  2 * goals of p + sum(number of t for t in hand of p where t is tile) - count(t in hand of p where t is joker)''',
      "`+`, `-` and `*` compute with numbers."),
    E("Expressions", "Comparisons", "compare", "cards.rules", '''
    only if out of player = 0 and rank of top of pile = 1''',
      "`=`, `!=`, `<`, `<=`, `>`, `>=`; words compare with `=` and `!=` only. `top of` is the last component "
      "put on a pile. Words compare by the word itself, whatever attribute they come from: with a counter "
      "`contract: strain` of an attribute `strain (clubs, hearts, notrump)`, `suit of c = contract` holds when "
      "both are `hearts`; two values whose words never meet (`suit of c = colour of d` with colours `red, "
      "black`), or a word not among a value's (`led = red`), are refused at the line. `is` does not compare: "
      "write `leader = player 1`, `led != clubs`, `at_stake = 0` (`is` tests a kind or a state: `t is pawn`, "
      "`led is none`, `s is empty`; in an example, `given counter leader is player 1` sets a counter and "
      "`then leader = player 1` checks it)."),
    E("Expressions", "Counting and adding up", "count total", "lanes.rules", '''
  2 * goals of p + sum(number of t for t in hand of p where t is tile) - count(t in hand of p where t is joker)''',
      "`count(x in C where ...)` and `sum(VALUE for x in C where ...)` over a zone, a board or the players."),
    E("Expressions", "There is", "there_is", "mill.rules", '''
  when there is l in mills where count(t in l where mine(t, p)) = 3''',
      "`there is x in C where ...` holds when at least one x of C (a zone, a board, a set of lines, the players, "
      "a range of numbers: `there is k in 1..6 where ...`) passes the test: the search stops at the first found, so it is never slower than `count(x in C where ...) "
      "> 0`, which it means. The test after `where` runs to the end of the condition (`there is s in grid where s "
      "is empty and s is a corner space` asks both of one s); to go on after it, bracket the whole: `(there is s "
      "in grid where s is empty) and ...`. Here a player has a mill when some line of the board holds three of "
      "their men."),
    E("Expressions", "There is no", "there_is_no", "stranded.rules", '''
    when there is no p in players where p has a legal move''',
      "`there is no x in C where ...` holds when none of C passes the test (`count(x in C where ...) = 0`), found "
      "out at the first that does. Here the game ends when neither player can place."),
    E("Expressions", "Taking a matching component", "first", "cards.rules", '''
    move any(c in hand of player where rank of c = min(1, max(1, abs(-1)))) to tricks of player''',
      "`any(x in C where ...)` is the first match (a component, a space: a value, not a condition); ask `there is "
      "x in C where ...` before taking it. `min`, `max` and `abs` are the built-in functions."),
    E("Expressions", "Functions and negative numbers", "call negate", "cards.rules", '''
    move any(c in hand of player where rank of c = min(1, max(1, abs(-1)))) to tricks of player''',
      "`min(a, b)`, `max(a, b)`, `abs(a)`, and `-x`."),
    E("Expressions", "And, or, not", "all_of any_of negation", "lanes.rules", '''
    only if pool is not empty and not size of hand of player >= 6''',
      "`and`, `or` and `not`, with brackets to group."),
    E("Expressions", "Or", "any_of", "lanes.rules", '''
    only if t fits s and s is empty and (s has an occupied neighbour or count(x in strip where x is occupied) = 0)''',
      "`or` holds when either side holds."),
    E("Expressions", "Tests on zones and spaces", "is_empty is_occupied has_occupied_neighbour fits",
      "lanes.rules", '''
    only if t fits s and s is empty and (s has an occupied neighbour or count(x in strip where x is occupied) = 0)''',
      "`is empty`, `is not empty`, `is occupied`, `has an occupied neighbour` and `X fits SPACE`."),
    E("Expressions", "Is not empty", "is_not_empty", "lanes.rules", '''
    only if pool is not empty and not size of hand of player >= 6''', "A zone, queue or space that holds something."),
    E("Expressions", "What a space holds", "holds_kind", "lanes.rules", '''
  then count(s in strip where s holds joker) = 1''',
      "`X is COMPONENT` asks what a component is; `SPACE holds COMPONENT` what lies on a space."),
    E("Expressions", "What a space holds: a value of an attribute", "holds_kind", "rows.rules", '''
  then count(s in grid where s holds yellow and height of s = 3) = 1''',
      "`SPACE holds VALUE`, VALUE a word of a component attribute's list (`colour (red, yellow)`), asks whether "
      "the space's occupant has that value: `s holds yellow` reads as `s is occupied and colour of occupant of s "
      "= yellow` (a king in checkers: `s holds king`). A component's name is a component, not a value; a word "
      "that is a value of several attributes (`colour (white, black)` and `side (white, black)`) is refused at "
      "its line: name the attribute (`side of occupant of s = white`)."),
    E("Expressions", "What a seat's piece is", "holds_seat_value", "rows.rules", '''
  s holds colour of p''',
      "`SPACE holds ATTRIBUTE of PLAYER` (ATTRIBUTE from `each player has a ...`): when every value of it is "
      "a component's name, the space holds that component; otherwise the space's occupant has the component "
      "attribute of the same name (or the one attribute holding every value) equal to the player's value. "
      "An empty space holds nothing. `s holds colour of p` reads as `s is occupied and colour of occupant "
      "of s = colour of p`. Where a component attribute has the same name, `NAME of X` is read by what X is: "
      "`t holds colour of occupant of s` (X a component) asks t's occupant for the colour of s's, "
      "`t holds colour of p` (X a seat) for the seat's."),
    E("Expressions", "Is a kind", "is_kind", "lanes.rules", '''
  item is joker or item fits space''', "Whether a component is of a kind."),
    E("Expressions", "Complete regions", "is_complete", "lanes.rules", '''
  if goal of space is complete:''', "Whether every space in use of the region a space belongs to is occupied."),
    E("Expressions", "A space of a region", "is_a_space", "house.rules", '''
  only if t fits s and s is empty and (s has an occupied neighbour or count(x in strip where x is occupied) = 0) and not (t is joker and s is a goal space)''',
      "`s is a goal space` (or `an`): whether the space lies in one of its board's regions called `goal` "
      "(`region goal: one per letter`, the spaces its map marks with a letter), whichever region that is; on "
      "a board of triangles, whether it bears the mark of that name, as `s is marked goal`. A rule about a "
      "region's spaces names the region, never its spaces one by one."),
    E("Expressions", "Membership", "member", "cards.rules", '''
    only if count(c in hand of player where rank of c = 1) > 0 and player in players''',
      "`X in COLLECTION`."),
    E("Expressions", "Marks and covered spaces", "is_marked", "triangles.rules", '''
  add count(c in cells of item where c is marked star) to stars of player''',
      "`cells of TILE` are the triangles a tile covers, `c is marked M` tests a mark, and `placements of X on "
      "BOARD` lists every way to lay a shape."),
    E("Expressions", "Placements", "placements", "triangles.rules", '''
    for tile in hand of player, where in placements of tile on floor''',
      "Every position and rotation of a tile's shape on a board of triangles."),
    E("Expressions", "A seat written out", "seat_literal", "lanes.rules", '''
  then goals of player 1 = 1''', "`player N` is seat N, counted from 1, wherever a seat is read: in examples, and "
      "in the rules themselves (`p = player 1`, `set store_at of player 1 to 7`); where the game has fewer "
      "than N seats at most, it is refused where it is written."),
    E("Expressions", "Best sets", "best_points best_leftovers set_table set_points", "cards.rules", '''
score sets of p [CRD-11]:
  points of best sets of suit in tricks of p with 0 wild scoring (sets of 2 score 1, sets of 3 score 4)

score spare of p [CRD-11]:
  leftovers of best sets of suit in tricks of p with 0 wild scoring (sets of 2 score 1, sets of 3 score 4)''',
      "The best split of a zone into sets of different values, with wild components, scored by a table: "
      "its points, or how many components it leaves over. A wild component completes a set but never forms "
      "one alone; of the splits with the most points, the one leaving the most real components over counts "
      "(the split a player would choose when left-overs break ties)."),
    # ------------------------------------------------------------------ ends, scores, ranking
    E("Ends, scores and ranking", "An end with a winner", "end end_timing end_each end_winner", "lanes.rules", '''
end hand_empty [LAN-9]:
  checked after every step
  for each p in players
  when hand of p is empty and pool is empty
  winner p''',
      "Checked after every step (or at every turn start, once every turn is over, after a named step: below). "
      "The ends checked at the same moment are tried in the order they are declared in the file, and the first "
      "that holds ends the game: where two can hold at once (a player with two men left who also cannot move), "
      "declare first the one that should decide. It ends "
      "the game, naming a winner or leaving the places to the ranking (a game with no winner named and every "
      "seat tied for first is a draw; there is no `winner nobody`). After every step means between a step and "
      "the steps it starts with `then`: those do not run once the game is over. No end is checked while the "
      "set-up's steps run (a hand being dealt is not yet a hand played out); once they are done, before the "
      "first turn, the ends checked after every step are checked once, so that a decision of the set-up can "
      "end the game (every bidder passed: Skat)."),
    E("Ends, scores and ranking", "An end that tidies up first", "end_then", "triangles.rules", '''
end stuck [TRI-9]:
  checked at turn start
  when count(w in placements of single on floor where w is empty and w has an occupied neighbour) = 0 or count(p in players where size of hand of p > 0) = 0
  then keep_hands()''',
      "`then STEP(...)` is carried out once the end is decided, before anything is scored (tiles put back, "
      "hands kept, ...), and so are the steps it starts with `then` of its own; the steps the last move "
      "started are not (the game is over)."),
    E("Ends, scores and ranking", "An end checked at turn start", "end end_timing", "cards.rules", '''
end one_left [CRD-10]:
  checked at turn start
  when count(q in players where out of q = 0) <= 1''', "Checked when a turn is about to start."),
    E("Ends, scores and ranking", "An end checked after a named step", "end end_timing", "twenty.rules", '''
end bust [TWE-3]:
  checked after step roll
  for each p in players
  when total of p > 21
  winner left of p''',
      "Checked each time the step named is done, with the steps it starts, up to the next choice a player makes: "
      "here a roll of 6 starts `give_back`, and 17 + 6 is not bust while its roll is still to be given back; "
      "a roll that goes on to the turn's choice again (`then turn(player)`) is checked before the choice is "
      "offered. Not while the game is set up: the step named is any step but `setup`."),
    E("Ends, scores and ranking", "An end checked once a turn is over", "end end_timing", "twenty.rules", '''
end reached [TWE-4]:
  checked after every turn
  for each p in players
  when total of p >= 18
  winner p''',
      "Checked once a whole turn is over: its steps and every step they start with `then` are done, before the "
      "next turn starts (not after the set-up, nor halfway through a turn): here a player at 19 may still "
      "roll, and wins only once the turn is over."),
    E("Ends, scores and ranking", "A player with no legal move", "has_no_legal_move player_to_move", "stranded.rules", '''
end stranded [STR-3]:
  checked at turn start
  when the player to move has no legal move
  winner left of the player to move''',
      "`p has no legal move`: the choice each turn runs (`turns ... each turn runs turn`), started for p, would "
      "offer p no option now: every option's candidates fail its conditions (`p has a legal move` is the "
      "opposite). The options are looked at in order and the first legal one found is enough. The step each "
      "turn runs must be a choice made by one player, and none of its options may ask it in its `for` or its "
      "`only if` (it would ask itself). `the player to move` is the player whose turn it is: checked at turn "
      "start, the one about to move; after a step, the one whose turn is under way."),
    E("Ends, scores and ranking", "Passing when stuck, and an end when nobody can move", "has_legal_move turn_skip",
      "stranded.rules", '''
variant passing "A player who cannot place passes; the game ends when neither can, and is a draw" [STR-5]:
  replace turns go clockwise from player 1, each turn runs turn, skipping p when p has no legal move [STR-5]
  remove stranded
  remove no_place
  add end nobody_can [STR-5]:
    checked after every step
    when there is no p in players where p has a legal move''',
      "A player who has no legal move when their turn comes is skipped (a pass that is not a choice), and an end "
      "after every step finds the position where nobody can move. `skipping p when ...` reads the turn about to "
      "start: `the turn number` is already that turn's."),
    E("Ends, scores and ranking", "A position seen before", "position_occurred", "shuttle.rules", '''
end repetition [SH-5]:
  checked at turn start
  when the position has occurred 3 times''',
      "`the position has occurred N times` holds when the position at the start of this turn has been the "
      "position at the start of a turn N times or more, this one included: `2 times` is a position seen once "
      "before (OpenSpiel's oware ends the game then), `3 times` chess's threefold repetition. The same "
      "position is the same contents of every zone and every board space, in order, the same counters (each "
      "player's too), the same player to move, the same phase and the same steps queued (and the leg of a "
      "match); the turn number, the moves that led there and what caused each piece's move do not count. "
      "Positions are counted only at turn starts (half-way through a turn is no position a rulebook counts), "
      "so an end that asks it is `checked at turn start` (any other moment is refused), and a step may ask it, as the turn's own choice does (`only if the position has "
      "occurred 2 times`: a draw a player may claim); in the set-up it is false. N is a number or a numeric "
      "option, 2 or more (at a turn start the position has always occurred once). A game counts positions only "
      "when its rules ask this (its states then carry the record: `seen` in their JSON); a position written "
      "down (`game.position`, an example's `given` lines) has no past: it has occurred once, itself."),
    E("Ends, scores and ranking", "A board seen before", "board_position_occurred", "pebbles.rules", '''
end row_seen_before [PB-3]:
  checked at turn start
  when the position on row has occurred 2 times''',
      "`the position on B has occurred N times` is `the position has occurred N times` with only board B "
      "compared: it holds when what B's spaces show at the start of this turn is what they showed at the start "
      "of a turn N times or more, this one included. What a space shows is the kind of component on it and its "
      "attribute values as they are now, not which copy it is (two white stones are alike), and the counts of "
      "the counters kept per space of B (but those `not part of the position`); zones, the other counters and "
      "the player to move are not compared. Go's superko is this: OpenSpiel's go ends the game as a draw when a "
      "stone's move brings back a board seen before (`when passes = 0 and the position on grid has occurred 2 "
      "times`, since a pass leaves the board as it was). The moments and rules are those of `the position has "
      "occurred N times`: turn starts, an end `checked at turn start`, N at least 2, a position written down "
      "seen once; a state carries each board's record (`seen_on` in its JSON, `positions seen on B:` in a "
      "position) only when its rules ask this."),
    E("Ends, scores and ranking", "An end that names its loser", "end_loser", "potato.rules", '''
end burnt [POT-3]:
  checked after every step
  when total >= 7
  loser last''',
      "`loser p` in place of `winner p`: that seat loses and every other seat wins (\"a player whose king is "
      "taken loses\"). With two players it is `winner` of the other seat; with more, the others are all "
      "winners and share the win: `winner first` ranks them tied first and the loser after them, `p won` holds "
      "for each of them, and the returns without a `returns` declaration give each of two winners of three "
      "1/2 and the loser -1. The seat is worked out when the end holds (here the counter `last`, the seat that "
      "moved last); what is not a seat is refused at the line."),
    E("Ends, scores and ranking", "An end that is a draw", "end_draw", "pebbles.rules", '''
end row_seen_before [PB-3]:
  checked at turn start
  when the position on row has occurred 2 times
  the game is a draw''',
      "`the game is a draw` in place of `winner ...` makes the game an end's draw: every seat ties for first, "
      "whatever the ranking would say of the scores (the scores are still worked out and shown). With `returns: "
      "win W, draw D, loss L` every seat gets D; with payoffs as numbers (`returns of p`) each gets its number as "
      "written, and `p won` is false for every seat; a tie for first `drawn by lot` is not drawn. An end without "
      "`winner` or this line leaves the places to the ranking. In a match, a leg so ended has no winner and the "
      "match is ranked on its totals as ever. Here a row seen before ends the game as a draw, though one player "
      "has put more stones (the ranking decides only the game that runs to its last turn). Go ends so on a "
      "superko."),
    E("Ends, scores and ranking", "A count that is not part of the position", "counter outside_position",
      "shuttle.rules", '''
counter moves starts at 0, not part of the position [SH-7]''',
      "A counter declared `not part of the position` is left out when positions are compared: two positions that "
      "differ only in it are the same position for `the position has occurred N times`. Chess's count of moves "
      "towards the fifty-move rule is one: it grows with every quiet move, yet a position repeated three times "
      "is a draw whatever it reads. Every other counter is part of the position. The rules read and set it as "
      "any counter; a position written down and the state's JSON still carry it."),
    E("Expressions", "The turn number", "turn_number", "stranded.rules", '''
    only if open(s, player) and (the turn number > 2 or not corner(s))''',
      "`the turn number` is 1 on the first turn and one more on each turn after (a skipped player's turn is not "
      "counted); it is 0 during the set-up. An example asks it too: `then the turn number = 3`, or `then it is "
      "turn 3`."),
    E("Ends, scores and ranking", "A score", "score", "lanes.rules", '''
score points of p [LAN-10]:
  2 * goals of p + sum(number of t for t in hand of p where t is tile) - count(t in hand of p where t is joker)''',
      "A number per player, used by the ranking and by rules (`points of p`)."),
    E("Ends, scores and ranking", "The ranking", "ranking winner_first by_score ties_share", "lanes.rules", '''
ranking [LAN-10]:
  winner first
  lowest points
  ties share''',
      "How players are placed when the game ends: named winners first, then by scores; ties share a place."),
    E("Ends, scores and ranking", "Ties drawn by lot", "by_score ties_by_lot", "cards.rules", '''
ranking [CRD-11]:
  highest sets
  then lowest spare
  ties for first drawn by lot''', "A tie for first is broken by a chance draw."),
    E("Ends, scores and ranking", "Payoffs by result", "returns", "pig.rules", '''
returns [PIG-6]:
  win 1, draw 0, loss -1''',
      "Each seat's payoff when the game ends (`state.returns()`): a seat ranked first gets the first "
      "number, every seat gets the second when all tie for first (a draw: `outcome()` then says `draw: "
      "True` and names no winner), the others the third. Without `returns`, a seat gets +1 for every seat it "
      "ranks above and -1 for every seat above it, divided by the number of other seats. In the Python API "
      "seats are numbered from 0: `returns()[0]` is player 1's."),
    E("Ends, scores and ranking", "Payoffs as numbers", "returns_of", "columns.rules", '''
returns of p [COL-6]:
  2 * on_top of p - count(s in grid where height of s = 4)''',
      "A number per seat (chips won, a score, a difference of scores), worked out whenever it is asked for, "
      "during play too."),
    E("Ends, scores and ranking", "Zero-sum payoffs", "payoff_sum", "high-card.rules", '''
  if p won then pot - staked of p else -staked of p
  zero-sum''',
      "`zero-sum` under `returns` declares that the payoffs of a finished game always add up to 0 (what one "
      "seat wins the others lose), `constant-sum N` that they add up to N. The checker proves it for `win, "
      "draw, loss` at every player count (`win 1, draw 0, loss -1` with two players); for payoffs as numbers "
      "`rulespec verify` checks it on every game it plays (property `payoff_sum`). Through OpenSpiel the game is "
      "then ZERO_SUM (CONSTANT_SUM), as CFR and exploitability need, with no `zero_sum=True` to pass; "
      "PettingZoo's `env.metadata['payoffs']` says it too."),
    E("Ends, scores and ranking", "The range of the payoffs", "payoff_range", "high-card.rules", '''
  zero-sum
  between -2 and 4''',
      "`between L and H` under payoffs as numbers declares the least and the most a seat can get when the game "
      "ends (here a seat loses its stake of at most 2, or wins the others' stakes, at most 4). `rulespec "
      "verify` checks it on every game it plays (property `payoff_range`); through OpenSpiel they are the "
      "game's `min_utility()` and `max_utility()` (which OpenSpiel's MCTS reads to prove a win) and PettingZoo's "
      "reward range. Without it, payoffs as numbers are bounded only by the counters' range. A bound may be a "
      "fraction, as returns may (`between -1/2 and 1/2`; see An exact fraction)."),
    E("Ends, scores and ranking", "An end's step for the seat it ended for", "end end_each end_then", "high-card.rules", '''
end showdown [HC-4]:
  checked after every step
  for each p in players
  when count(q in players where played of q = 0) = 0 and card_rank(p) = best
  winner p
  then reveal(p)''',
      "With `for each p`, the end holds for the first p that passes its test, and its `winner` and `then` "
      "step are given that p (`then reveal(p)`, `then pay(left of p)`)."),
    # ------------------------------------------------------------------ invariants
    E("Invariants", "Always", "invariant always", "lanes.rules", '''
invariant tiles_kept "every tile is somewhere" [LAN-11]:
  always count(t in pool) + count(t in hand) + count(s in strip where s is occupied) + count(t in box) = 15''',
      "Must hold after every step; `rulespec verify` searches for games that break it."),
    E("Invariants", "On every placement", "invariant on_event", "lanes.rules", '''
invariant on_its_space "a tile lies on its own space" [LAN-11]:
  when placed on strip
  item is joker or item fits space''', "Checked each time a component is placed on the board."),
    E("Invariants", "Never queued from a cause", "invariant never_queue_from", "lanes.rules", '''
invariant calm_rewards "a reward never comes from a deal" [LAN-11]:
  never queue in rewards from cause deal''', "No step is ever queued by a move with one of these causes."),
    # ------------------------------------------------------------------ examples
    E("Executable examples", "Given, when, then", "example given_players given_option given_items item_list item_ref "
      "given_counter when_action then_fact then_illegal", "lanes.rules", '''
example goal "Filling a goal earns a reward" [LAN-6]:
  given 2 players
  given option layout is marked
  given strip: "red 2"
  given hand of player 1: "blue 2", "red 1"
  given hand of player 2: "red 4"
  given counter passes is 0
  given counter goals of player 1 is 0
  when "player 1: play blue 2 on blue 2"
  then goals of player 1 = 1
  then "player 2: play red 4 on red 4" is not legal''',
      "A position (`given`), actions as printed by the engine (`when`) and facts that must follow (`then`). "
      "`rulespec check` runs every example. A `given` line may come after a `when` or a `then` too: it changes "
      "the position there, and the lines after it read the decision listed again from the changed position. "
      "Each `given` takes a copy of a component not given yet; once every copy was given, a `given` after a "
      "`when` takes one given before it again, from wherever play left it (a runner moved back)."),
    E("Executable examples", "A pending step and a space", "given_step item_ref then_legal", "lanes.rules", '''
  given strip: "joker" at "blue 3", "red 3"
  given hand of player 1: "joker", "blue 4"
  given hand of player 2: "blue 1"
  given step turn(player 1)
  then "player 1: play joker on red 4" is legal''',
      "`at \"SPACE\"` puts a component on a named space; `given step` makes a step the next decision."),
    E("Executable examples", "A whole position", "given_position", "lanes.rules", '''
  given position:
    "strip:"
    "  red 1: red 1"
    "  blue 2: joker"
    "hand of player 1: red 2, blue 3, blue 4"
    "hand of player 2: red 3..4"
    "counter passes: 0"
    "turn 3 of player 1"''',
      "The whole position at once, one line of the position notation in each string (see the page "
      "[Positions](../positions.md)): boards as `space: component` lines or a one-line diagram with a key "
      "(`grid: x.o/.x./..o (x = cross, o = nought)`), zones by labels (`red 3..4` a run, `joker x2` copies, "
      "`the rest`), counters, the turn and the steps under way. Components written nowhere stay where the "
      "game starts them. A position that cannot be read is an error at its line and column when the rule "
      "file is loaded."),
    E("Executable examples", "A counter below zero", "given_counter", "pig.rules", '''
  given counter banked of player 2 is -3''',
      "A counter may start, or be given in an example, below zero: `counter debt starts at -5`."),
    E("Executable examples", "The game is over", "then_over", "lanes.rules", '''
  then game over by hand_empty''', "The game ended, by the named end."),
    E("Executable examples", "Who won", "then_game_over then_wins then_ranking then_returns ratio then_nobody_decides "
      "then_nothing_offered", "lanes.rules", '''
  then the game is over
  then player 1 wins
  then ranking is player 1, player 2
  then returns are 1, -1
  then nobody decides
  then no action is offered''',
      "The result as `outcome()` and `returns()` give it: the winners (`then player 1, player 3 win` for several), "
      "the ranking from first to last (seats that share a place in seat order), each seat's payoff in seat order "
      "(`1/2` for a fraction). Every end of a game should say who won."),
    E("Executable examples", "A draw, and a game that goes on", "then_not_over then_offered_exactly then_draw "
      "then_nobody_wins", "lanes.rules", '''
  then the game is not over
  then the offered actions are exactly "player 1: pass"
  when "player 1: pass"
  then the game is a draw
  then nobody wins''',
      "A draw is every seat tied for first. `the offered actions are exactly` lists every action of the pending "
      "decision, as the engine prints them, in any order: nothing more is offered."),
    E("Executable examples", "Whose decision, what is offered", "then_turn_number then_turn_of then_phase then_decides "
      "then_offered then_offered_no then_sees then_does_not_see", "lanes.rules", '''
  then it is turn 1
  then it is player 1's turn
  then the phase is play
  then player 1 decides
  then player 1 is offered "play red 2 on red 2"
  then player 1 is offered no "draw", "play {t} on blue 2"
  then player 1 sees hand of player 1
  then player 2 does not see hand of player 1''',
      "The turn, its player and the phase (`setup` or `play`); who decides now (`chance decides`, `any player "
      "decides` in a claim window, `nobody decides` once the game is over). `is offered` names a player's choices "
      "without the `player N:` in front; a text with `{...}` stands for every action of that template (`no "
      "\"play {t} on blue 2\"`: nothing at all on blue 2). `sees` says that the seat is shown what the zone holds "
      "(its observation), `does not see` that it is shown only how many."),
    E("Executable examples", "A claim window", "then_anyone_decides", "cards.rules", '''
  then any player decides''',
      "In a claim window (a choice `by any player`) any seat may act."),
    E("Executable examples", "One space, what happened since the last action", "then_space_holds then_space_empty "
      "then_lost then_gained then_ran ran_count", "lanes.rules", '''
  then space "red 2" holds "red 2"
  then space "red 3" on strip is empty
  then hand of player 1 lost "red 2"
  then strip gained 1
  then reward ran never''',
      "A space by its label, as actions print it (`on BOARD` when two boards share labels). `gained` and `lost` "
      "compare a zone or a board with what it held before the last `when` (or, after `given set-up`, before the "
      "set-up): a number of components, or their labels. `ran` counts how often a step, a trigger or an `instead` "
      "ran since then: `never`, `once`, `twice` or `N times`."),
    E("Executable examples", "An action's number", "then_numbered", "sowing.rules", '''
  then "player 1: sow 1 3 (2)" is numbered 2''',
      "The action is offered now and its option's `numbered` gives it this number (a game that says "
      "`actions numbered 0 to N`): the number OpenSpiel's and PettingZoo's adapters know it by. Each seat "
      "numbers its own actions: player 2's `sow 2 1 (2)` is numbered 0 as player 1's `sow 1 1 (2)` is."),
    E("Executable examples", "A chance outcome's number", "then_numbered", "doublets.rules", '''
  then "chance: roll 2 and 5" is numbered 9''',
      "The same line for a chance outcome (a game that says `chance outcomes numbered 0 to N`): the outcome "
      "may happen now and its chance step's `numbered` gives it this number, OpenSpiel's for it."),
    E("Executable examples", "A counter on a space", "given_space_counter then_space_counter", "sowing.rules", '''
  given counter seeds of "2 2" is 1
  when "player 1: sow 1 3 (2)"
  then seeds of "2 3" = 3
  then seeds of "2 2" = 0''',
      "A counter kept per space, on the space of this label (as actions print it): `given counter NAME of "
      "\"LABEL\" is N` sets it, `then NAME of \"LABEL\" = N` (or `<`, `>=` ...) checks it."),
    E("Executable examples", "Chance outcomes", "then_chance_decides then_chance_outcomes chance_odds", "lanes.rules", '''
  given step deal(player 1)
  then chance decides
  then the chance outcomes are "deal red 1" 1/3, "deal joker" 2/3''',
      "Every outcome of the pending chance node with its probability (outcomes with the same text add up); "
      "`then the chance outcomes are N equally likely` when they are many. A `when \"chance: ...\"` line picks one."),
    E("Executable examples", "From the real set-up", "given_setup then_chance_even", "lanes.rules", '''
  given set-up with draws "deal red 1", "deal joker"
  then the phase is setup
  then hand of player 1 gained "red 1", "joker"
  then the chance outcomes are 8 equally likely''',
      "`given set-up` starts from the game's own set-up instead of an empty table; each chance node of the set-up "
      "takes the next listed draw, and the example stops at the next one (step on with `when \"chance: ...\"`). "
      "A match (a variant with `match`) is played as a match from its set-up: `then it is leg 2`."),
    E("Executable examples", "A refused action", "when_refused", "pig.rules", '''
  when "player 1: hold 0 for 0" is refused
  then player 1 decides''',
      "`when \"...\" is refused` tries an action the game must refuse (it is not legal now): the line fails if the "
      "action is played, or if trying it changed anything in the state; the example goes on from that same state "
      "(`gained`, `lost` and `ran` then read nothing new). An action the rules fail on is no refusal."),
    E("Executable examples", "What the log says", "then_log", "pig.rules", '''
  when "chance: roll 4"
  then the log says "player 1: roll", "chance: roll 4"''',
      "The action log (a state's `history`, what `rulespec play` prints) ends with these entries, oldest first, "
      "each as the game prints it (`player N: ...` or `chance: ...`; `then the log ends with` says the same). "
      "It reads the whole log, the set-up's draws included, so it tells what happened by itself (the chance draws "
      "of a `given set-up with the first outcomes`). A text with `{...}` stands for any entry of that template."),
    E("Executable examples", "Chance outcomes by their form", "then_chance_even then_chance_all_read", "pig.rules", '''
  then the chance outcomes are 6 equally likely "roll {n}"
  then every chance outcome reads "roll {n}"''',
      "After `N equally likely`, a template says what each outcome reads; `every chance outcome reads \"A\" or "
      "\"B\"` says only that each is of one of the templates (`{...}` stands for any value, some fields may be "
      "written out: `\"deal {suit} 1\"`), whatever their number and odds."),
    E("Executable examples", "A place in the ranking", "then_place then_place_word", "pig.rules", '''
  then player 1 is first
  then player 2 is second
  then player 3 is in place 3''',
      "Once the game is over, one seat's place in the ranking: `first` to `tenth`, or `in place N`. Seats that tie "
      "share a place (two first, then third), as `outcome()[\"ranking\"]` has it; `then ranking is ...` lists "
      "every seat in order instead."),
    E("Executable examples", "A quote inside a quoted text", "example", "pig.rules", '''
example places "The winner is first, the others ""by their points""" [PIG-6]:''',
      "A quoted text holds no line break; a `\"` inside it is written twice, `\"\"`, and reads as one (the title "
      "above reads: The winner is first, the others \"by their points\"). There is no other escape: a backslash is "
      "a backslash. It holds for every quoted text: titles, templates, action texts in examples, positions."),
    E("Executable examples", "Only the top of a pile", "then_sees_top", "cards.rules", '''
  given discard: "hearts 1", "spades 2"
  given pile: "clubs 1", "clubs 2"
  given hand of player 1: "clubs 3"
  given hand of player 2: "hearts 2"
  then player 2 sees only the top of discard
  then player 1 sees pile''',
      "For a zone `only top seen`: the seat is shown the top component (the last given, or put there) and how many "
      "the zone holds, nothing under the top. `sees` means the seat is shown all the zone holds: said of a pile "
      "with something under its top, it fails."),
    E("Executable examples", "A later leg of a match", "setup_leg", "lanes.rules", '''
  given set-up of leg 2 with draws "deal red 1"
  then it is leg 2
  then the starting player = player 2
  then hand of player 2 gained "red 1"''',
      "`given set-up of leg N` (in an example about a variant with a `match`) starts from the set-up of leg N, "
      "with that leg's options; the legs before it count as played, with no winner and every score 0, so the "
      "match's totals are this leg's own. Draws and `with the first outcomes` steer it as for the first leg."),
    E("Executable examples", "For every action or outcome", "for_every_action for_every_outcome", "pig.rules", '''
  given counter at_stake is 4
  for every offered action "hold {points} for {total}":
    then at_stake = 0
    then player 2 decides
  when "player 1: roll"
  for every chance outcome "roll {n}":
    then banked of player 1 = 0
    then at_stake != 4
  then at_stake = 4''',
      "What holds whatever is chosen or drawn. `for every offered action \"T\":` takes each action offered now whose "
      "text is of the form `T` (`{...}` for any value; `player N: ...` for one seat's, else any seat's; with no text, "
      "every action offered), each on its own copy of the state here, and runs the indented lines on that copy; "
      "`for every chance outcome \"T\":` does the same with each chance outcome now. The lines after the block go on "
      "from the state at the block, as if it were not there. Under the block stand `when` and `then` lines (no "
      "`given`, no second `for every`). A text that matches nothing offered fails the example, as does a block where "
      "the game is over or nobody of the kind decides. A failure names the instance (\"instance 'chance: roll 1' of "
      "for every at line 112\") and how many instances failed. The example counts once in every count of examples, "
      "however many instances its blocks run."),
    E("Executable examples", "Earlier legs and the match total", "given_leg_scores then_match_total", "lanes.rules", '''
  given leg 1 scored points 20, 0
  given strip: "red 1"
  given hand of player 1: "red 2"
  given hand of player 2: "blue 1", "blue 3"
  given box: "red 3", "red 4", "blue 2", "blue 4", "joker", "joker"
  then it is leg 2
  when "player 1: play red 2 on red 2"
  then game over by hand_empty
  then the match total of points for player 1 is 20
  then the match total of points for player 2 is 4
  then player 2 wins''',
      "In an example about a variant with a `match`, `given leg N scored S a, b, ...` says what score `S` each seat "
      "(in seat order) made in leg N, now over; the example is in the leg after the last one given, with that leg's "
      "options (legs not given count as played with every score 0). With `given set-up of leg N` it gives the legs "
      "before N. `then the match total of S for P is N` reads S added up over the legs so far, this one included, "
      "for a score the match's `totals add up`; a failure shows each leg's part. `penalty of p` and the like read "
      "the current leg alone; the ranking and the winners of a match's last leg are by the totals."),
    E("Executable examples", "The whole set-up, steered", "given_setup_first", "lanes.rules", '''
  given set-up with the first outcomes''',
      "`with the first outcomes` (or `with draws ... then the first outcomes`): every further chance node of the "
      "set-up takes its first outcome, in the order `chance_outcomes()` lists them, until a player decides."),
    E("Executable examples", "An example with an option", "example_with with_option", "lanes.rules", '''
example marked_layout "On the marked layout, blue 2 is part of a goal" [LAN-2, LAN-6] with option layout = marked:''',
      "`with option layout = marked` is `given option layout is marked` written once, in the example's head."),
    E("Executable examples", "An example about a variant", "with_variant then_leg",
      "lanes.rules", '''
example first_leg "A match starts with its first leg" [LAN-13] with variant both_layouts:
  given 2 players
  given set-up with the first outcomes
  then it is leg 1''',
      "`with variant V, option O = X` names the rules an example is about. `rulespec check FILE` runs it under "
      "exactly them (besides the examples of the plain game, and the examples under each variant the file "
      "offers); `--variant V` runs it when V is given, and lists every example it does not run with the reason. "
      "An example a house rule (a file that `extends` another) adds runs under exactly the variants it names, "
      "never under every variant given on the command line (ruling of the language); one of the same name as an "
      "example a base variant adds, `with variant V`, restates it under the house rule. A position given with `given ...` lines "
      "is checked against the end conditions before anything runs: a position that is already over is over."),
    # ------------------------------------------------------------------ variants and house rules
    E("Variants and house rules", "A variant", "variant remove_change replace_change add_change", "lanes.rules", '''
variant short "A shorter game" [LAN-12]:
  remove all_passed
  replace end hand_empty [LAN-12]:
    checked after every step
    for each p in players
    when hand of p is empty
    winner p
  add end strip_full [LAN-12]:
    checked after every step
    when count(s in strip where s is empty) = 0''',
      "Typed changes to named declarations: remove, replace or add. `rulespec check --variant short` checks "
      "the game with it applied; the site gives each variant its own page with a diff."),
    E("Variants and house rules", "Replacing one option of a choice", "option_replace", "lanes.rules", '''
variant big_draws "Draw two at a time" [LAN-14]:
  replace option turn.draw "draw two" [LAN-14]:
    only if pool is not empty and not size of hand of player >= 5
    set passes to 0
    repeat 2 times:
      then deal(player)''',
      "`replace option CHOICE.OPTION` replaces one option of a choice and keeps the others, in their order; "
      "the new option is written as in the choice (name, text, citations, then its body). Two variants that "
      "change the same option, or one the option and another the whole choice, cannot be combined."),
    E("Variants and house rules", "A match of several games", "match match_leg match_totals", "lanes.rules", '''
variant both_layouts "One game on each layout" [LAN-13]:
  add match both "Plain, then marked" [LAN-13]:
    leg with option layout is plain
    leg with option layout is marked
    totals add up points''',
      "Legs are played one after another in the same state, each with its own option values and each started "
      "by the player after the previous starter; the listed scores are added up over the legs and the match "
      "is ranked on the totals (a leg's own winner does not rank first)."),
    E("Variants and house rules", "A house rule", "extends", "house.rules", '''
extends "lanes.rules"

game "Lanes, quick" [LAN-1]
  id "lanes-quick"
  players 2 to 3 [LAN-1]
  at most 200 turns [LAN-1]''',
      "A file that starts from another (a bundled game's id or a path): each of its declarations replaces "
      "the base's declaration of the same kind and name, or is added. See the tutorial."),
    E("Variants and house rules", "Replacing one option in a house rule", "option_replace", "house.rules", '''
replace option turn.draw "draw" [HOUSE-2]:
  only if pool is not empty and not size of hand of player >= 4
  set passes to 0
  then deal(player)''',
      "In a file that extends another, `replace option` stands on its own: the base's choice keeps its other "
      "options. Only a file that extends another may use it outside a variant."),
    E("Variants and house rules", "Removing a declaration in a house rule", "removal", "house.rules", '''
remove all_passed
remove stalemate''',
      "`remove NAME` (or `remove \"fit x on y\"` for a declaration named by a phrase) takes the base's "
      "declaration out, as a variant's `remove` does: a house rule whose change leaves a definition, step, "
      "counter or ruling of the base unused removes it too (the check says so at the change's line). Removing "
      "what the rest still uses is told at the `remove` line, with who uses it and where; only a file that "
      "extends another may remove (to give a declaration a new name, `rename` it). A "
      "house rule may extend a house rule (a bundled one by its name, `extends \"shell-we/three-tiles\"`): "
      "each file's changes are made over the one it extends, and each file's examples run as its own."),
    E("Variants and house rules", "Renaming a declaration in a house rule", "renaming", "house.rules", '''
rename goals to rewards_earned [HOUSE-1]

end two_goals [HOUSE-1]:
  checked after every step
  for each p in players
  when rewards_earned of p >= 2
  winner p''',
      "`rename OLD to NEW` gives the base's definition, step, counter, zone or end OLD the name NEW, and every "
      "use of it in the base (its rules, its variants, its examples' names and written-down positions, an end's "
      "`checked after step OLD`) "
      "follows: the house rule writes NEW for it, and may declare an OLD of its own, which replaces nothing. The "
      "check refuses, at the `rename` line, an OLD the base does not declare (with the nearest name), a NEW the "
      "base or this file already uses, a declaration renamed twice, another kind of declaration (replace or "
      "remove it instead) and a rename in a file that extends none. Titles and action texts are kept as "
      "written."),
)
