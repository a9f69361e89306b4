# Ludus user interface text: English. Shared by the web UI and the terminal UI.
# Syntax: a subset of Fluent (https://projectfluent.org): `key = value`, `{ $name }` variables,
# comment lines start with `#`.

app-title = Ludus
app-tagline = Nine Men's Morris and Backgammon
nav-home = Home
language = Language
home-intro = Play Nine Men's Morris or Backgammon in your browser, against the computer or a friend.
morris-title = Nine Men's Morris
backgammon-title = Backgammon
opt-flying = Flying with three pieces
opt-opponent = Opponent
opponent-computer = Computer
opponent-human = A friend (invitation link)
opt-level = Computer level (1–10)
opt-side = Play as
side-white = White
side-black = Black
side-random = Random
opt-game-type = Game type
game-money = Money game
game-match = Match
opt-match-length = Match length (points)
opt-cube = Doubling cube
start-game = Start game
recent-games = Recent games
recent-mine = Only games played from this browser are listed.
recent-vs-computer = against the computer
recent-vs-computer-level = against the computer (level { $level })
recent-vs-friend = against a friend
recent-won = you won
recent-lost = you lost
recent-drawn = drawn
not-found-title = Not found
not-found-game = There is no game “{ $id }”: the address may be mistyped, or the game was never made.
not-found-page = There is no page at { $path }.
not-found-home = Go to the home page
no-games = No games yet.
game-playing = in progress
game-finished = finished
watch = Open
you = you
computer = computer
human = human
status-your-turn = Your turn.
status-waiting = Waiting for { $side }.
status-thinking = The computer is thinking…
status-watching = You are watching this game.
status-over = Game over.
morris-place = Place a piece on an empty point.
morris-move = Select one of your pieces, then where it goes.
morris-fly = You may fly: select a piece, then any empty point.
morris-remove = Mill! Choose an opposing piece to remove.
in-hand = in hand
on-board = on board
moves = Moves
no-moves-yet = No moves yet.
invite = Invite a friend: send them this link.
copy = Copy link
copied = Copied!
position-ids = Position IDs
copy-id = Copy
analyse-position = Analyse this position
resign = Resign
resign-confirm = Do you really want to resign?
export = Download the game record
new-game = New game
result-win = { $side } wins.
result-draw = The game is drawn.
result-points = Points: { $points }
reason-too-few-pieces = The loser has fewer than three pieces.
reason-blocked = The loser cannot move.
reason-threefold-repetition = The same position occurred three times.
reason-n-move-rule = Too many moves without a removal.
reason-resign = Resignation.
reason-pass = A double was refused.
reason-single = Single game.
reason-gammon = Gammon.
reason-backgammon = Backgammon.
reason-match = The match is won.
reason-ply-limit = The game reached the longest length allowed.
bg-roll = Roll
bg-double = Double
bg-take = Take
bg-pass = Pass
bg-undo = Undo
bg-confirm = Confirm move
bg-pips = Pips
bg-cube = Cube
bg-score = Score
bg-money = Money game
bg-match = Match to { $length }
bg-crawford = Crawford game
bg-game-number = Game { $number }
bg-double-offered = { $side } doubles to { $value }. Take or pass?
bg-waiting-answer = Waiting for the answer to the double.
bg-roll-or-double = Roll the dice, or offer a double.
bg-move-hint = Click a checker, then a highlighted point. Confirm when done.
bg-move-done = Confirm your move, or undo.
bg-last-game = Last game: { $side } won { $points ->
    [one] 1 point
   *[other] { $points } points
  }.
bg-opponent-took = { $side } took the double: the cube is at { $value }.
bg-bar = bar
bg-off = off
error = Error: { $message }
connection-lost = Connection lost; reconnecting…

# Web UI: settings, playing aids, results, rematch (issue 13)
settings = Settings
setting-animate = Animate the other player's moves
setting-coords = Coordinates along the board (a–g, 1–7)
setting-pips = Live pip counts
setting-hints = Hint button (against the computer)
setting-takeback = Take-back button (against the computer)
setting-dblclick = Double click plays a checker by the higher die
setting-autoBearOff = Bear off automatically when nothing else matters
label-you = You
label-computer = Computer, level { $level }
label-friend = Friend
you-play = You play { $side }.
hint = Hint
hint-thinking = Thinking…
hint-move = Hint: { $move } ({ $value })
hint-double = Hint: double.
hint-no-double = Hint: no double, roll.
hint-take = Hint: take.
hint-pass = Hint: pass.
hint-cube = { $hint } Your equity: no double { $nd }, double/take { $dt }, double/pass { $dp } ({ $plies }-ply).
hint-answer = { $hint } Your equity: take { $take }, pass { $pass } ({ $plies }-ply).
takeback = Take back
rematch = Rematch
review = Review
series-score = Series: you { $you } – { $them } { $other } ({ $games ->
    [one] 1 game
   *[other] { $games } games
  })
result-you-won = You won — { $why }
result-you-lost = You lost — { $why }
result-you-won-point = You won 1 point — { $why }
result-you-lost-point = You lost 1 point — { $why }
result-you-won-points = You won { $points } points — { $why }
result-you-lost-points = You lost { $points } points — { $why }
result-you-won-match = You won the match { $you }–{ $them }
result-you-lost-match = You lost the match { $you }–{ $them }
why-too-few-pieces = fewer than three pieces left
why-blocked = blocked
why-threefold-repetition = threefold repetition
why-n-move-rule = too many moves without a removal
why-resign = resignation
why-pass = double refused
why-single = single game
why-gammon = gammon
why-backgammon = backgammon
why-match = match
bg-log-no-move = { $dice }: no move
bg-log-doubles = Doubles to { $value }
bg-log-beavers = Beavers to { $value }
bg-log-takes = Takes
bg-log-drops = Passes
bg-log-resigns = Resigns
bg-log-resigns-match = Resigns the match
bg-log-wins = Wins { $points ->
    [one] 1 point
   *[other] { $points } points
  }

# Web UI: the game review page (issue 13)
review-title = Game review
review-loading = Reviewing the game…
review-still-making = Still reviewing the game… ({ $seconds } s; a long match takes a while)
review-graph = Graph of the game
review-graph-bg = White's winning chance before each decision
review-graph-morris = Engine evaluation after each move (White's view)
review-bg-summary = error rate { $rate } (thousandths per decision, { $decisions } decisions) · { $doubtful ->
    [one] 1 doubtful
   *[other] { $doubtful } doubtful
  }, { $errors ->
    [one] 1 error
   *[other] { $errors } errors
  }, { $blunders ->
    [one] 1 blunder
   *[other] { $blunders } blunders
  }
review-morris-summary = { $moves ->
    [one] 1 move
   *[other] { $moves } moves
  } · { $inaccuracies ->
    [one] 1 inaccuracy
   *[other] { $inaccuracies } inaccuracies
  }, { $mistakes ->
    [one] 1 mistake
   *[other] { $mistakes } mistakes
  }, { $blunders ->
    [one] 1 blunder
   *[other] { $blunders } blunders
  } · average loss { $loss } pieces · perfect-play value changed { $changes ->
    [one] once
   *[other] { $changes } times
  }
review-class-best = best
review-class-good = good
review-class-inaccuracy = inaccuracy
review-class-mistake = mistake
review-class-blunder = blunder
review-double = double
review-no-double = no double
review-take = take
review-pass = pass
review-step = Decision { $number } of { $total }
review-played = Played
review-best = Best
review-loss = Loss
review-perfect = Perfect play
review-perfect-win = win
review-perfect-loss = loss
review-perfect-draw = draw
review-perfect-win-in = { $plies ->
    [one] win in { $plies } ply
   *[other] win in { $plies } plies
  }
review-perfect-loss-in = { $plies ->
    [one] loss in { $plies } ply
   *[other] loss in { $plies } plies
  }
review-perfect-changed = (changed)
review-unknown = not known
review-white-chance = White's winning chance: { $percent } %
review-first = First
review-prev = Previous
review-next = Next
review-last = Last
review-back = Back to the game
review-double-take = double, take
review-double-pass = double, pass
review-axis-bg = Vertical: White's winning chance · horizontal: decision
review-axis-morris = Vertical: engine value for White, in pieces · horizontal: move
review-luck = Luck of the roll: { $luck }
review-luck-total = luck { $luck } (rolls: { $rolls })
review-col-play = Play
review-col-action = Action
review-col-move = Move
review-col-equity = Equity
review-col-difference = Diff.
review-col-win = Win g bg %
review-col-lose = Lose g bg %
review-col-plies = Ply
review-plies = { $plies }
review-col-engine = Engine
review-col-databases = Databases
review-not-in-databases = not in the databases
review-flip = Flip
review-flip-keys = Turn the board round (f)
review-keys = Keys: ←/→ step · ↑/↓ previous/next error · Home/End · f turns the board round
review-open = Open a game for review
review-open-intro = Paste or choose a backgammon match (.mat or SGF), a Nine Men's Morris game record, or the link of a Ludus game.
review-open-file = File
review-open-paste = Paste the record or the link here
review-open-go = Review
err-bad-record = The text is not a Ludus game link, a backgammon match (.mat or SGF) or a Morris game record: { $reason }
analysis-board = Analysis board
analysis-board-paste = Position
analysis-board-dice = Dice
analysis-board-plies = Lookahead (backgammon)
analysis-board-go = Analyse
analysis-board-formats = Paste a gnubg Position ID (or Position ID:Match ID), an XGID or a Sanmill FEN; the address can be shared.
analysis-board-to-move = { $side } to play
analysis-board-pips = pips { $player } : { $opponent }
analysis-board-no-dice = Enter dice (e.g. 31) to rank the moves.
rollout-trials = Trials
rollout-start = Roll out
rollout-stop = Stop
rollout-none = Rollout of { $trials } trials: none played yet.
rollout-result = { $subject }, { $done } of { $trials } trials ({ $how }): { $measure } { $equity } ± { $ci } (95 %), wins { $win } % (gammon { $gammon } %), loses { $lose } % (gammon { $lose_gammon } %).
rollout-length = Games
rollout-length-truncated = truncated after 10 plies
rollout-length-full = played to the end
rollout-how-truncated = the network at 0 ply, truncated after 10 plies, luck-adjusted
rollout-how-full = the network at 0 ply, every game played to the end, luck-adjusted
rollout-subject-position = Rollout
rollout-subject-play = Rollout of { $play } ({ $dice }) for the side that plays it
rollout-play = Play
rollout-cube = Cube
rollout-cube-cubeless = left out (cubeless)
rollout-cube-cubeful = played (money, centred)
rollout-measure-cubeless = cubeless equity
rollout-measure-cubeful = cubeful equity (money, cube centred at 1)
rollout-finished = Finished.
rollout-stopped = Stopped.
analysis-board-measure-cubeless = Moves valued by cubeless equity (money play); chances after each move: win, gammon, backgammon / lose, gammon, backgammon %.
analysis-board-measure-cubeful = Moves valued by cubeful equity at the score (match winning chances as equity); chances after each move: win, gammon, backgammon / lose, gammon, backgammon %.
analysis-board-chances = Before rolling: wins { $win } % (gammon { $gammon } %), loses { $lose } % (gammon { $lose_gammon } %), equity { $equity }
analysis-cube-title = Cube decision
analysis-cube-exact = exact: bear-off database
analysis-ply = { $plies }-ply
analysis-cube-proper = Proper action: { $action }
analysis-cube-take-point = take point { $percent } %
cube-action-not-available = no double (cube not available)
cube-action-no-double-take = no double, take
cube-action-no-redouble-take = no redouble, take
cube-action-double-take = double, take
cube-action-redouble-take = redouble, take
cube-action-double-pass = double, pass
cube-action-redouble-pass = redouble, pass
cube-action-too-good-to-double-pass = too good to double, pass
cube-action-too-good-to-redouble-pass = too good to redouble, pass
cube-action-too-good-to-double-take = too good to double, take
cube-action-too-good-to-redouble-take = too good to redouble, take
cube-action-no-double-beaver = no double, beaver
cube-action-double-beaver = double, beaver
cube-action-no-redouble-beaver = no redouble, beaver
cube-action-redouble-beaver = redouble, beaver
analysis-board-play-this = Play this move on the board
analysis-board-move = Move
analysis-board-play = Play
analysis-board-variation-empty = No move played yet: click a ranked move, type one, or (Morris) make one on the board.
analysis-board-over = The game is over in this position.
edit-position = Edit position
edit-done = Done editing
edit-game = Game
edit-clear = Clear board
edit-start-position = Starting position
edit-hint-backgammon = Click a point (or the bar) to add a checker of the chosen colour; right-click, or the remove tool, takes one off. Checkers not on the board are borne off.
edit-hint-morris = Click a point: empty → White → Black → empty.
edit-tool = Click adds
edit-tool-remove = Remove
edit-on-roll = On roll
edit-side-to-move = Side to move
edit-in-hand = { $side } in hand
edit-cube-owner = Cube owner
edit-cube-centre = Centre
edit-length = Match length (0: money)
edit-score = { $side } score
edit-err-checkers = { $side } already has { $count } checkers.
edit-err-dice = Set both dice, or neither.
edit-err-pieces = { $side } already has { $count } pieces on the board and in hand.
edit-note-skipped = { $side } already has all { $count } pieces on the board, so { $point } went to the other colour.
play-from-here = Play from here
play-from-here-hint = Play this position against the computer.
play-from-here-go = Start game
analysis-db-value = databases: { $value }
analysis-db-unknown = not in the databases
analysis-db-none = Endgame databases: no position after these moves is in them.
err-bad-start = The start position cannot be used: { $reason }

# terminal UI (ludus play; crates/tui)
tui-input = Move
tui-matches = { $count ->
    [one] 1 match
   *[other] { $count } matching
  }
tui-keys-morris = Type a move (Tab completes) · h hint · u undo · q quit · ? all keys
tui-keys-bg = r roll · d double · t take · p pass · h hint · u undo · q quit · ? keys
tui-too-small = Make the terminal at least { $width }×{ $height } to see the board.
tui-quit-confirm = Leave the game? (y/n)
tui-resign-or-leave = y: resign ({ $points ->
    [one] 1 point
   *[other] { $points } points
  }) · l: leave, resume later with --load · n: play on
tui-ambiguous = Several moves start with “{ $prefix }”: { $moves }
tui-no-match = No legal move starts with “{ $prefix }”.
tui-not-selectable = Nothing to do with { $square } now.
tui-hint = Hint: { $move } ({ $value })
tui-nothing-to-undo = Nothing to take back.
tui-undone = Move taken back.
tui-computer-played = The computer played { $move }.
tui-level = level { $level }
tui-rules = Rules
tui-rules-standard = standard (flying with three)
tui-rules-no-flying = no flying
tui-phase = Phase
tui-phase-placement = placing
tui-phase-movement = moving
tui-phase-flying = flying
tui-cube-off = The cube is off in this game.
tui-no-legal-move = No checker can move with { $dice }.
tui-bg-choose-destination = Now choose where the checker goes.
tui-bg-cannot-move-there = No checker can move from there now.
tui-bg-hint-take = take
tui-bg-hint-pass = pass
tui-bg-hint-double = double
tui-bg-hint-roll = roll, no double
tui-bg-hint-cube = Hint: { $action } (equity for { $side }: { $value })
tui-bg-hint-equities = Equities for { $side }:
tui-bg-cannot-move = cannot move
tui-bg-played = { $side } played { $move }.
tui-bg-next-game = Enter: next game · q: leave.
tui-bg-roll = Roll the dice (r).
tui-bg-move = Type a move or pick a checker, then its point.
tui-bg-centred = centred
tui-pips = Pips
tui-bg-move-done = Enter confirms the move; u takes back a checker.
tui-bg-takes = { $side } takes.
# terminal UI: help, saving, results, review (issue 13)
tui-quit-saved = Leave the game (y/n)? It is saved in { $path }; resume it with --load.
tui-leave-unsaved = Leave? The game is not saved. s: save it ({ $path }) · y: leave without saving · n: stay
tui-save-prompt = Save to: { $path }▏ Enter saves and leaves · Esc cancels
tui-save-failed = Could not save to { $path }: { $error }
tui-resign-or-leave-unsaved = y: resign ({ $points ->
    [one] 1 point
   *[other] { $points } points
  }) · l: leave (offers to save) · n: play on
tui-help-title = Keys
tui-help-close = Any key closes this help.
tui-help-type = a–g 1–7 - x     type a move: d6, d6-d5, g7xd1
tui-help-tab = Tab             complete the typed move
tui-help-enter = Enter           play the typed move, or pick the point under the cursor
tui-help-arrows = arrows, mouse   move the cursor, pick points
tui-help-backspace = Backspace       erase typing or the last picked point, never a move
tui-help-esc = Esc             clear the typed move and the selection
tui-help-hint = h               hint: the engine's move and its value
tui-help-undo = u               take back your last move (and the computer's reply)
tui-help-new = n               after the game: rematch with the sides swapped
tui-help-review = a               after the game: review it (←/→ step, ↑/↓ errors)
tui-help-quit = q               leave (offers to save a game that is not saved)
tui-help-help = ?               this help
tui-help-bg-type = 24/18 13/11     type a move (Tab completes, Enter plays)
tui-help-bg-pick = arrows, mouse   pick a checker, then its point; Enter confirms
tui-help-bg-backspace = Backspace       erase typing, never a move already played
tui-help-bg-undo = u               take back a checker, or your last move against the computer
tui-help-bg-cube = r d t p         roll · double · take · pass
tui-help-bg-next = n, Enter        after a game: the next game (a rematch after a match)
tui-help-bg-review = a               after a game: review it (←/→ step, ↑/↓ errors)
tui-help-bg-quit = q               resign or leave (offers to save a game that is not saved)
tui-reviewing = Reviewing the game…
tui-reviewing-progress = Reviewing the game: move { $done } of { $total } { $gauge } · Esc cancels
tui-review-cancelled = Review cancelled.
tui-review-failed = The review failed.
tui-review-keys = Review: ←/→ step · ↑/↓ previous/next error · Esc closes · q leaves
tui-review-title = Review: move { $index } of { $total }
tui-review-start = The start position.
tui-review-player = { $who }: { $errors ->
    [one] 1 error
   *[other] { $errors } errors
  } · loss { $loss } per move
tui-review-counts = { $best } best · { $good } good · { $inaccuracies ->
    [one] 1 inaccuracy
   *[other] { $inaccuracies } inaccuracies
  } · { $mistakes ->
    [one] 1 mistake
   *[other] { $mistakes } mistakes
  } · { $blunders ->
    [one] 1 blunder
   *[other] { $blunders } blunders
  } · perfect value lost { $perfect }×
tui-review-values = played: { $played } · best { $best }: { $value }
tui-review-perfect = Perfect play: { $before } → { $after }
tui-review-graph = White's advantage (! blunder, ? mistake, · inaccuracy, ▲ shown)
tui-class-best = best
tui-class-good = good
tui-class-inaccuracy = inaccuracy
tui-class-mistake = mistake
tui-class-blunder = blunder
tui-morris-over-keys = n: rematch · a: review · q: leave
tui-you-won = You won — { $why }.
tui-you-lost = You lost — { $why }.
tui-result-draw = Draw — { $why }.
tui-why-too-few-pieces = down to two pieces
tui-why-blocked = blocked
tui-why-threefold-repetition = threefold repetition
tui-why-n-move-rule = too many moves without a removal
tui-label-you = You
tui-label-friend = Friend
tui-label-computer = Computer, level { $level }
tui-tally = Games: won { $won } · drawn { $drawn } · lost { $lost }
tui-bg-you-won = You won { $points ->
    [one] 1 point
   *[other] { $points } points
  } — { $why }.
tui-bg-you-lost = You lost { $points ->
    [one] 1 point
   *[other] { $points } points
  } — { $why }.
tui-bg-why-single = single game
tui-bg-why-gammon = gammon
tui-bg-why-backgammon = backgammon
tui-bg-why-pass = double refused
tui-bg-why-resign = resignation
tui-bg-auto-bear-off = Borne off automatically: { $move }.
tui-bg-rematch = n: rematch with the sides swapped · a: review · q: leave.
tui-bg-review-title = Review: decision { $index } of { $total }
tui-bg-review-graph = White's equity (! blunder, ? error, · doubtful)
tui-bg-review-player = { $who }: { $errors ->
    [one] 1 error
   *[other] { $errors } errors
  }, { $blunders ->
    [one] 1 blunder
   *[other] { $blunders } blunders
  } · error rate { $rate }
tui-bg-review-keys = Review: ←/→ step · ↑/↓ previous/next error · a/Esc closes · q leaves

# Post-game analysis of a backgammon match (web and terminal UI).
analysis = Analysis
analysis-loading = Analysing the match…
analysis-checker-loss = Checker play lost
analysis-cube-loss = Cube lost
analysis-error-rate = Error rate (per 1000)
analysis-mark-doubtful = doubtful
analysis-mark-error = error
analysis-mark-blunder = blunder
analysis-best = best
analysis-decision = Game { $game }, decision { $number }:
analysis-no-errors = No marked errors.
analysis-title = Analysis (a: close)
analysis-key = a: analysis

# Errors of the API and the rules, by code (`err-<code>`; see docs/server.md). A `side` is a seat name.
err-game-over = The game is over.
err-not-your-turn = It is not { $side }'s turn.
err-no-such-action = This game has no “{ $action }” action.
err-must-place = { $side } still has { $count ->
    [one] 1 piece
   *[other] { $count } pieces
  } in hand and must place one.
err-nothing-in-hand = { $side } has no pieces in hand and must move one.
err-occupied = { $square } is occupied.
err-not-own-piece = { $square } holds no piece of { $side }.
err-not-adjacent = { $to } is not next to { $from }.
err-removal-missing = { $move } closes a mill: choose a piece to remove.
err-no-mill = { $move } closes no mill, so nothing may be removed.
err-not-opponent-piece = { $square } holds no piece of { $side } to remove.
err-protected-by-mill = { $square } stands in a mill while { $side } has pieces outside mills.
err-illegal-move = { $move } is not a legal move here.
err-empty-move = Type a move, for example d6 or 24/18 13/11.
err-unknown-square = “{ $text }” is not a point of the board.
err-unreadable-move = “{ $move }” cannot be read as a move.
err-null-move = “{ $move }” leaves the piece where it stands.
err-unknown-rules = Unknown rules “{ $text }”.
err-bad-position-text = The position cannot be read.
err-illegal-position = That position cannot occur.
err-must-roll-or-double = First roll the dice, or double.
err-double-pending = A double awaits an answer: take or pass.
err-must-move = First move the { $dice } rolled.
err-resignation-pending = A resignation awaits an answer.
err-double-before-rolling = You may double only before rolling.
err-double-crawford = No doubling in the Crawford game.
err-double-cube-owned = Your opponent owns the cube.
err-double-cube-ceiling = The cube is at its highest value.
err-cube-off = The cube is off in this game.
err-double-pointless = Winning this game at the current stake already wins the match.
err-beavers-off = Beavers are not allowed.
err-beaver-past-ceiling = A beaver would take the cube past its highest value.
err-match-over = The match is over.
err-game-in-progress = A game is still in progress.
err-no-such-step = No checker may go from { $from } to { $to } now.
err-move-complete = The move is complete: confirm it or take a checker back.
err-not-moving = No move is being made now.
err-bad-dice = “{ $text }” are not dice.
err-bad-position-id = “{ $id }” is not a Position ID.
err-bad-match-id = That is not a Match ID.
err-unknown-game = Unknown game “{ $text }”.
err-unknown-opponent = Unknown opponent “{ $text }”.
err-unknown-side = Unknown seat “{ $text }”.
err-unknown-action = Unknown action “{ $text }”.
err-bad-level = Level { $level } is not between { $min } and { $max }.
err-bad-plies = A lookahead of { $plies } plies is not offered (0 to { $max }).
err-rules-not-object = The rule options are not understood.
err-unknown-rule-option = Unknown rule option “{ $option }”.
err-bad-rule-value = The rule option “{ $option }” has a value it cannot take.
err-bad-steps = The checker steps cannot be read.
err-bad-query = The address’s parameters are not understood.
err-unreadable-position = “{ $text }” is neither a Position ID, an XGID nor a Sanmill FEN.
err-play-needs-dice = Enter the dice the move is played with (e.g. 31).
err-steps-need-backgammon = Checkers are moved on a backgammon position only.
err-play-ends-game = The play ends the game: its result is known, there is nothing to roll out.
err-setup-no-checkers = { $side } has no checker on the board.
err-setup-score = { $side }'s score must be below the match length ({ $length }).
err-setup-length = The match length must be 0 (money) to 25.
err-setup-cube = The cube must be 1, 2, 4, 8, 16, 32 or 64.
err-setup-few-pieces = { $side } has fewer than three pieces and none in hand: the game would be over.
err-setup-hands = These pieces in hand cannot occur: White places first, so with White to move both hands are equal, with Black to move Black has one more (or both are empty).
err-setup-checkers = { $side } has { $count } checkers on the board and the bar; the most is 15.
err-setup-pieces = { $side } has { $count } pieces on the board and in hand; the most is 9.
err-setup-over = The game is already over in this position.
err-setup-pending = A double or a resignation is waiting for its answer.
err-setup-blocked = { $side } is to move and cannot move: the game would be over.
err-not-websocket = This address expects a WebSocket connection.
err-body-too-large = The request is too large.
err-not-json = The request is not JSON.
err-bad-json = The request was not understood.
err-not-seated = This link does not hold a seat at this game.
err-no-such-game = There is no such game.
err-bad-trials = { $trials } trials: a rollout plays a multiple of { $min } from { $min } to { $max }.
err-no-such-rollout = There is no such rollout.
err-rollout-running = You have a rollout running: stop it or wait for its end.
err-rollouts-busy = The server runs as many rollouts as it can: try again shortly.
err-storage-unavailable = The games cannot be saved right now; nothing was stored. Try again in a few seconds.
err-no-such-endpoint = The server has no such address.
err-stale-version = The game has moved on; the board is brought up to date.
err-analysis-backgammon-only = Only backgammon games can be analysed.
err-analysis-morris-only = Only Morris games have this analysis.
err-no-analyser = This server cannot analyse games.
err-nothing-to-take-back = There is no move of yours to take back.
err-takeback-computer-only = Moves can be taken back only against the computer.
err-internal = The server failed; please try again.
err-rate-limited = Too many requests from your address; try again in { $seconds } s.
err-too-many-live-games = You already have { $live ->
    [one] 1 unfinished game
   *[other] { $live } unfinished games
  } (at most { $most }); finish or resign some first.
err-bad-answer = The answer does not fit the exercise: { $reason }
err-bad-player-file = Not a player file: { $reason }
err-bad-player-key = A practice request needs the player's key.
err-bad-threshold = Thresholds are non-negative equities.
err-no-such-player = No player with this key.
err-no-such-exercise = No such exercise.
err-practice-conflict = Your practice file changed meanwhile; try again.
err-engine-busy = The engine is busy; try again in a moment.
err-engine-share = Your address already has { $most } engine requests running or waiting; wait for one to end.
err-review-running = A review of yours is still being made; wait for it before asking for another.
err-engine-stopped = The engine's work was stopped before its end; ask again.
err-review-in-progress = The review is still being made; ask again in a moment.
err-timeout = The server took too long (over { $seconds } s); try again.
err-seed-computer-only = A dice seed may be chosen only for games against the computer.
err-money-rules-in-match = The Jacoby rule and beavers are money-game options; this is a match.
err-engine-help-after-game = Engine help for a game between people is available once the game is over.
err-bad-invite = This invitation is not valid: it is wrong or has already been used.
err-too-many-sockets = Too many open game connections from your address (at most { $most }).
err-not-found = Not found.
err-method-not-allowed = This method is not allowed here.
err-bad-request = The request could not be read: { $detail }

## Practice from your own games (terminal: `ludus practice`)
practice-exercise = Exercise { $number } of { $total }
practice-question-checker = find the best play for { $dice }
practice-question-double = double or roll? (d: double, r: roll)
practice-question-take = take or pass? (t: take, p: pass)
practice-question-morris = find a move that keeps the perfect value
practice-right = Right!
practice-right-hint = Right, after a hint.
practice-wrong = Wrong.
practice-your-answer = Your answer: { $answer }
practice-best = Best: { $best }
practice-earlier = In the game you played: { $played }
practice-ranking = Ranking ({ $plies }-ply):
practice-ranking-perfect = Perfect play:
practice-due-today = Comes back today.
practice-due-in = { $days ->
    [one] Comes back tomorrow.
   *[other] Comes back in { $days } days.
  }
practice-next-keys = Enter: next exercise · q: leave
practice-leave-keys = Enter or q: leave
practice-none-due = Nothing to practise today: review your games to make exercises.
practice-done = Today's practice is done: { $right } right, { $wrong } wrong.
practice-added = { $count ->
    [one] 1 new exercise for practice.
   *[other] { $count } new exercises for practice.
  }
practice-no-progress = No reviewed games or answered exercises yet.
practice-col-date = Date
practice-col-game = Game
practice-col-games = Games
practice-col-checker = Checker mp/decision
practice-col-cube = Cube mp/decision
practice-col-value-changes = Value changes/game
practice-col-luck = Luck/game
practice-col-exercises = Exercises right / wrong

# Practice (practice.js)
practice = Practice
practice-add = Add my mistakes to practice
practice-added-game = { $count } decisions of this game are exercises now ({ $total } in all).
practice-go = Practise now
practice-ask-checker = Find the best play of { $dice }: move the checkers on the board.
practice-ask-double = Your roll: double or not?
practice-ask-take = Your opponent doubles: take or pass?
practice-ask-morris = Find the move that keeps the perfect-play value (click it on the board or type it, e.g. d2 or a1-a4xb6):
practice-due = Exercise { $number } of { $count } today ({ $total } in all).
practice-export = Download my practice file
practice-import = Import a practice file
practice-imported = Practice file merged: { $total } exercises.
practice-next = Next
practice-no-exercises = No exercises yet: review a finished game and add your mistakes to practice.
practice-no-games = No reviewed backgammon game yet.
practice-waiting = Nothing due today. { $total } exercises wait for their day.
practice-progress = Progress
practice-save = Save
practice-saved = Saved.
practice-submit = Answer
practice-threshold-checker = Checker-play threshold (equity)
practice-threshold-cube = Cube threshold (equity)
practice-times = (missed { $count } times)
practice-yours = yours
progress-game-number = Game { $number }
progress-games-axis = reviewed games, oldest first
progress-plot = Millipoints lost per decision, game by game
progress-summary = { $games } reviewed games, { $exercises } exercises, { $answered } answered ({ $right } right).
progress-levels-title = Computer levels
progress-level-advice = Your checker plays lose { $mp } mp a decision: try level { $level }, the weakest that errs less.
progress-level-bg = Backgammon: mp lost a move
progress-level-morris = Morris: ladder Elo
progress-levels-how = Backgammon: checker plays of 1,000 positions judged by GNU Backgammon at 2 plies (95 % interval). Morris: each level against the one below, level 1 = 0.
