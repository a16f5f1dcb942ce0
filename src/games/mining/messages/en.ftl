# Mining mahjong's own messages (English): its moves, stages, results, refusals, switches and
# rules. Every key here must also be in ja.ftl; yaku values and conditions are riichi's.

## The table and the hand
mining-stage-turn = move, then discard, kan, riichi or tsumo
mining-stage-claim = ron, chi, pon, kan or pass
mining-round-east = East { $n }
mining-round-south = South { $n }
mining-round-line = **{ $round }** · { $honba } honba · { $sticks } riichi sticks in the pot · turn { $turn } of { $last }
mining-dora-line = Dora indicators { $indicators } → dora { $dora }
mining-pieces-line = Pieces: { $list }
mining-piece-at = { $name } at { $cell } (height { $height })
mining-seat-east = East 東
mining-seat-south = South 南
mining-seat-west = West 西
mining-seat-north = North 北
mining-your-piece = You sit **{ $wind }**; your piece stands at { $cell }, height { $height }; your hand counts { $size } tiles.
mining-held = { $n } tiles
mining-hand-tenpai = Tenpai — waiting on { $waits }
mining-hand-furiten = ⚠️ Furiten: you cannot ron now (a wait is in your discards, or you let a ron go); tsumo still wins.
mining-pending-path = Your path so far: { $path } — step on, or Go.
mining-pending-tiles = Placing { $pieces } — cells chosen: { $cells }. Pick a cell for the next tile (a nearby one, or a column then a row).
mining-pending-column = Placing { $pieces } — cells chosen: { $cells }. Column x = { $x }: pick the row.
mining-pending-target = Warp: pick the cell your piece lands on (a column, then a row).
mining-dir-n = ⬆️ north
mining-dir-e = ➡️ east
mining-dir-s = ⬇️ south
mining-dir-w = ⬅️ west

## Actions
mining-act-step = Step { $dir }
mining-act-go = Go
mining-act-stay = Stay here
mining-act-these = These tiles
mining-act-discard = Discard { $piece }
mining-act-riichi = Riichi { $piece }
mining-act-warp = Warp with { $pieces }
mining-act-place = Put it at { $cell }
mining-act-column = Column x = { $x }
mining-act-row = Row y = { $y }
mining-act-back = Back
mining-act-tsumo = Tsumo!
mining-act-tsumo-leaving = Tsumo! leaving { $piece } out
mining-act-ron = Ron!
mining-act-ron-on = Ron! { $piece }
mining-act-chi = Chi { $group }
mining-act-pon = Pon { $group }
mining-act-open-kan = Open kan { $group }
mining-act-closed-kan = Closed kan { $group }
mining-act-added-kan = Added kan { $group }
mining-act-pass = Pass
mining-act-agari-yame = End the game now
mining-act-continue = Play on
mining-news = { $who }: { $what }

## Round summaries
mining-sum-headline = { $round }, { $honba } honba: { $what }
mining-wins-ron = { $names } wins by ron from { $from }
mining-wins-tsumo = { $names } wins by tsumo
mining-wins-chankan = { $names } robs { $from }'s kan
mining-wins-several = { $names } win by ron from { $from }
mining-headline-draw = the turns ran out (exhaustive draw)
mining-headline-play = in play
mining-sum-winner = ⛏️ **{ $name }** wins on { $piece }
mining-sum-value = Hand value { $points } points, + { $honba } for the honba
mining-sum-tenpai = { $name }: tenpai, waiting on { $waits }
mining-sum-noten = { $name }: noten
mining-sum-indicators = Dora indicators: { $pieces }

## The end of the game
mining-final-rank = { $place }. **{ $name }**: { $points } points → **{ $score }**
mining-final-how = Final score: (points − 30000) / 1000 + uma by rank, and the oka to the first (everyone starts with { $start }); the pot goes to the first.
mining-end-last-round = the last round was played
mining-end-dobon = a player fell below 0 points (dobon)
mining-end-agari-yame = the last round's dealer ended the game after winning
mining-end-resigned = a player resigned
mining-end-forfeit = a player ran out of time three turns in a row
mining-why-riichi = riichi stick
mining-why-win = win
mining-why-pot = pot
mining-why-noten = noten payment
mining-why-final-pot = pot at the end

## Refusals
mining-rule-game-over = the game is over
mining-rule-not-your-turn = it is not your turn
mining-rule-bad-step = that step is not possible now (climb one level at most, drop two at most, no piece in the way)
mining-rule-bad-tile = you cannot discard { $piece } now
mining-rule-bad-cell = that cell is not a legal place for the tile (it must be free, on the mine or the ground next to it, within reach; one tile goes on the ground)
mining-rule-no-win = this hand does not win here (it needs a winning shape and a yaku)
mining-rule-nothing-chosen = nothing is chosen yet
mining-rule-not-now = you cannot { $action } now

## Switches
mining-switch-length = game length: `east` (one dealership per player) or `south` (two)
mining-switch-turns = turns per player in a round before it is drawn
mining-switch-aka = 赤ドラ: one red five per suit (0m 0p 0s), each one dora
mining-switch-kan-ura = カン裏ドラ: the ura indicators under kan indicators count too
mining-switch-kuitan = 喰いタン: all simples counts in an open hand
mining-switch-double-ron = ダブロン: every ron on one discard wins (off: the nearest only)
mining-switch-dobon = ドボン: a player below 0 points ends the game
mining-switch-agari-yame = 和がりやめ: the last round's dealer may end the game after a win
mining-switch-jump = a step toward a piece jumps over it
mining-switch-discard-first = a player with 13 tiles may discard one or two first, then move
mining-switch-warp = three tiles of one kind may be discarded to put the piece anywhere

## Rules
mining-rules-1 = **Mining mahjong 採掘麻雀, 2–4 players.** Riichi mahjong's hands, yaku and scoring, without a wall: 122 tiles are stacked into a mine on a 13 × 13 board, and each player walks a piece over it. Everyone starts with an empty hand and 25,000 points.
mining-rules-2 = **A turn.** Walk a path of up to 3 steps while your hand is below 13 tiles, else up to 2 (climb one level at most, drop two at most): each step takes the tile you stood on. With 14 or 15 tiles, win by tsumo, make a kan, or discard back to 13, placing each tile on a free cell of the mine or the ground next to it — one of them on the ground. Discards may be claimed as in riichi (a second discard only by ron).
mining-rules-3 = **The end.** A round ends with a win, or after the turns run out (noten payments as in riichi). Dealers, honba, riichi sticks, dobon and agari-yame are riichi's; the final score counts against 30,000 with uma by rank.

## Teaching tables (issue 39): the board parts' hints and reasons (a discard's are riichi's)
mining-teach-step = Step { $dir }: your piece takes the top tile of the cell it leaves
mining-teach-go = End the path here
mining-teach-these = Discard the tiles chosen
mining-teach-warp = Warp with three { $piece }: your piece lands on a cell you pick
mining-teach-place = Where the discard lies on the mine: others may walk over it
mining-teach-back = Take back the part chosen so far
mining-reason-path = the path takes the tiles that help the hand most
mining-reason-these = these tiles help the hand least
mining-reason-warp = the warp reaches tiles the hand needs
mining-reason-place = the tile lies away from the next player's piece
mining-reason-back = a better move begins otherwise
## Highlights (after a round and after the game): { $player } is the player it is about
mining-hl-big-hand = 💥 **Biggest hand**: { $player } won { $points } points in round { $round }.
mining-hl-comeback = 🔥 **Comeback**: { $player } was last after round { $round }, { $behind } points behind the leader, and finished first.
mining-hl-deal-ins = 🎯 **Target practice**: { $player } dealt in { $count } times this game ({ $points } points).
mining-hl-hot-streak = 🔥 **On fire**: { $player } won { $count } rounds in a row, up to round { $round }.
mining-hl-winless = 🌧️ **Dry spell**: { $player } won none of the { $rounds } rounds.
mining-hl-big-deal-in = 💣 { $player } dealt in to { $winner }'s { $points }-point hand.
mining-hl-lone-noten = 🕳️ **Alone in the dark**: { $player } was the only one not tenpai when the mine ran out in round { $round }.
mining-hl-riichi-for-nothing = 🪦 { $player }'s riichi in round { $round } came to nothing.
mining-hl-only-tenpai = 💎 **Last one standing**: { $player } was the only one tenpai when the mine ran out in round { $round }.
mining-hl-one-short = ⛏️ **One tile short**: { $player } was one tile from tenpai when the mine ran out in round { $round }.
## Highlights told by count (issue 39): mining's own kinds in the recap when they came to a seat again and again
mining-hl-only-tenpai-times = 💎 **Last one standing**: { $player } was the only one tenpai when the mine ran out { $count } times, the last in round { $round }.
mining-hl-riichi-for-nothing-times = 🪦 { $player }'s riichi came to nothing { $count } times, the last in round { $round }.
mining-hl-one-short-times = ⛏️ **One tile short**: { $player } was one tile from tenpai when the mine ran out { $count } rounds in a row, up to round { $round }.
