# MOMOJAN — English messages. Every key here must also be in ja.ftl (tests/i18n.rs).
# Yaku keep their Japanese names in both languages, with the English gloss.

## Errors and refusals
err-dm = MOMOJAN is played in a server: run this command in a server channel, not in a direct message.
err-internal = Something went wrong on the bot's side; nothing was changed. Please try again.
err-not-yours = This is not your game: only its two players can use its buttons.
err-bad-id = This button is not one the bot made (or it is damaged). Nothing was changed.
err-not-hosted = This game is not played in Discord yet. Nothing was changed.
err-still-running = Match { $id } is still being played: its cards stay hidden until it ends. Nothing was changed.
err-bad-choice = That choice is not one the bot offered.
err-cannot-use = That button cannot be used here. Nothing was changed.
err-stale = That button was for an earlier moment of the game; here is your hand now.
err-illegal = Not allowed: { $action } — { $reason }. Here is your hand.
err-not-found = There is no match { $id }.
err-finished = This match has ended.
err-manage-server = Only members with the Manage Server permission can do this.

## Ping
ping-pong = 🏓 Pong, { $user }.
ping-again = 🏓 Pong again, { $user }.
ping-button = Ping again ({ $n })
ping-not-yours = This button belongs to { $user }; run /momojan ping for your own.

## Challenges
ch-self = You cannot challenge yourself.
ch-bot = Bots do not play; challenge a person.
ch-already = You already have a game with { $user } here (match { $id }).
ch-text = { $emoji } { $me } challenges { $them } to a game of { $game }! { $them }, accept { $expires }.
ch-accept = Accept
ch-decline = Decline
ch-expired-message = ⌛ The challenge from { $from } to { $to } has expired.
ch-expired = ⌛ This challenge has expired.
ch-gone = That challenge no longer exists.
ch-only = Only the players { $user } challenged can answer this challenge.
ch-twice = Name each opponent once.
ch-seats = That game is not played by { $asked }: it seats { $allowed } players.
table-seated = You already have a seat at this table.
table-full = Every seat at this table is taken.
ch-closed = This challenge is no longer open.
ch-failed = The game could not be started, so nothing changed: the challenge is still open. Press Accept again.
ch-answered = This challenge was already answered.
ch-declined = { $user } declined the challenge.
ch-accepted = ✅ { $opponent } accepted. Game on between { $a } and { $b }!
ch-text-many = { $emoji } { $me } challenges { $them } to a game of { $game } at a table of { $n }! Everyone must accept { $expires }; one decline calls it off.
ch-accepted-so-far = Accepted so far: { $users }
ch-accepted-many = ✅ Everyone accepted. Game on between { $players }!
tb-text = { $emoji } { $host } opened a table of { $game } for { $n }: join it! { $host } starts it when ready (empty seats get computers); it closes { $expires }.
    { $seats }
tb-open-seat = (open)
tb-join = Join
tb-leave = Leave
tb-start = Start
tb-add-computer = Add a computer…
tb-started = ✅ The table is full: { $players } play! The seats and the first dealer are drawn from the first deal's seed.
tb-closed = { $host } closed the table.
tb-expired = ⌛ The table { $host } opened was not started in time.
tb-only-host = Only { $user } can start this table.
list-separator = {", "}
thread-name = { $game } match { $id }

## Hand, resign, rematch
hand-none = You have no game in progress here. Start one with /momojan challenge.
resign-none = You have no game in progress here, so there is nothing to resign.
resign-confirm = Resign match { $id }? It ends now as your loss (the pot goes to your opponent).
resign-button = Resign
resign-keep = Keep playing
resign-done = You resigned match { $id }.
resign-kept = Carry on — nothing was changed.
resign-failed = Nothing was resigned: { $reason }.
rematch-only = Only the players of this game can ask for a rematch.
rematch-asked = Rematch asked: { $user } can accept it in { $channel }.
rematch-failed = The rematch could not be set up; please try again.
turn-mention = { $name }, your turn.
timeout-played = ⏰ { $name } ran out of time; the bot played for them: { $actions } (timeout { $n } of { $max } in a row).
timeout-forfeit = ⏰ { $name } ran out of time { $max } turns in a row and forfeits the match.
timeout-played-table = ⏰ { $name } ran out of time; the bot played for them: { $actions }.
timeout-away = 🤖 { $name } ran out of time twice in a row and is away: the computer plays their seat ({ $actions }) until they take it back from their hand.

## The hand message
hand-title = Your hand
hand-drew = Drew { $card }
hand-waiting-for = Waiting for **{ $name }**.
hand-away = 🤖 **You were away**: the computer plays your seat until you take it back.
hand-take-back = Take my seat back
hand-auto-win-on = Auto-win: on
hand-auto-win-off = Auto-win: off
hand-auto-no-calls-on = No calls: on
hand-auto-no-calls-off = No calls: off
hand-auto-riichi-discard-on = Auto-discard in riichi: on
hand-auto-riichi-discard-off = Auto-discard in riichi: off
hand-no-round = No round is in play.
pick-placeholder = Call or open a set…
hand-title-round = Your hand — round { $n }
hand-your-turn = **Your turn** — { $stage }
hand-deadline = ⏳ time runs out { $when }
riichi-placeholder = Riichi + discard…
pick-or-riichi-placeholder = Call, open a set or riichi…
news-you = You
news-resigned = { $who } resigned
news-forfeit = { $who } ran out of time
news-round = **Round { $n }**: { $headline }

## The table
table-title = { $title }
table-title-round = { $title } — round { $n }
table-turn = Turn: **{ $name }** — { $stage }
table-deadline = time runs out { $when } (bank { $bank })
table-claims = May claim: **{ $names }** — { $stage }
table-claim-deadline = answers close { $when }
table-last-discard = Last discard: { $card }
table-fair = Fair deal: this round's deck is fixed — SHA-256 { $hash }
table-player = { $name } — { $points } pts
table-dealer-mark = 親
table-riichi-mark = 🔒 riichi
table-away-mark = 🤖 away: the computer plays
table-hand-count = { $held } in hand
table-open = Open: { $sets }
table-discards = Discards: { $cards }
table-last-actions = Last actions
table-my-hand = 🂠 My hand
table-balances = { $a } { $pa } pts · { $b } { $pb } pts · pot { $pot }
table-balance-one = { $name } { $points } pts
table-balances-many = { $each } · pot { $pot }
table-game-over = Game over — **{ $name }** wins ({ $reason }).
action-auto = (auto)

## Round summaries and the result
sum-title = Round { $n } — { $headline }
sum-yaku = { $japanese } { $english } — { $value }
sum-hand = { $name }'s hand
sum-points = Points
sum-transfer = { $from } → { $to }: { $amount } ({ $why })
sum-balances = Balances: { $a } { $pa } · { $b } { $pb } · pot { $pot }
sum-fair = Fair deal — check with /momojan verify
fair-commitment = Commitment `{ $value }`
fair-salt = Salt `{ $value }`
fair-deck = Deck `{ $value }`
party-pot = pot
result-title = 🏆 { $name } wins the game
result-ended = Ended: { $reason }.
result-balances = { $a } { $pa } pts · { $b } { $pb } pts
result-rematch = Rematch

## Leaderboard, stats, history, ledger
lb-title = 🏆 { $game } leaderboard — season { $season }
lb-empty = Nobody has finished a game in season { $season } yet.
lb-line = { $rank }. { $user } — rating { $rating } · { $wins } W { $losses } L · net { $net }
lb-you = Your rank: { $rank } of { $total }.
lb-you-none = You have not finished a game this season.
page = Page { $page } of { $pages }
page-prev = ◀ Previous
page-next = Next ▶
stats-title = 📊 { $user } — season { $season }
stats-none = { $user } has not finished a game in season { $season }.
stats-games = Games { $games } · wins { $wins } · losses { $losses } · win rate { $rate }%
stats-places = Places 1st / 2nd / …: { $rates } · average place { $average }
stats-net = Net points { $net } · rating { $rating } (± { $deviation })
stats-hands = Hands won { $n } · average winning hand { $average } points
stats-best = Best hand: { $points } points — { $yaku }
stats-best-none = Best hand: —
stats-riichi = Riichi { $riichi } · furiten { $furiten } · deal-ins { $dealins } ({ $rate }% of rounds)
stats-yaku = Yaku made
hist-title = 📜 Recent games of { $user }
hist-empty = { $user } has no finished games here yet.
hist-line = { $date } · vs { $opponent } · { $result } · { $own } – { $theirs } · match { $id } ({ $reason })
hist-line-table = { $date } · with { $others } · place { $place } of { $seats } · { $own } · match { $id } ({ $reason })
hist-won = won
hist-lost = lost
hist-replay = ▶ Replay #{ $id }
ledger-title = 📒 Ledger of match { $id }
ledger-none = No match found: give a match number, or play one first.
ledger-line = Round { $round }: { $from } → { $to } { $amount } ({ $why })
ledger-total = Totals: { $a } { $pa } · { $b } { $pb } · pot { $pot }
ledger-totals = Totals: { $each } · pot { $pot }
export-note = Match file `{ $name }` ({ $rounds } rounds): every deck and action, with each round's fair-deal proof. `momojan scenario { $name }` replays it and prints the stored result.
replay-title = Replay of match { $id } — round { $round } · step { $step } of { $total }
replay-start = The first deal. Step through the match with the buttons below.
replay-hand = { $name }'s hand
replay-first = ⏮ Start
replay-prev-round = ⏪ Round
replay-prev = ◀ Back
replay-next = Next ▶
replay-next-round = Round ⏩
replay-last = End ⏭
replay-both = Both hands
replay-all = All hands

## Seasons and settings
season-closed = Season { $season } is closed and season { $next } starts now. Its standings stay on /momojan leaderboard season:{ $season }.
config-title = ⚙️ MOMOJAN settings for this server
config-turn = Turn time: { $secs } s
config-bank = Time bank per player and game: { $secs } s
config-expiry = Challenge expiry: { $secs } s
config-threads = Play in threads: { $value }
config-locale = Public language: { $value }
config-season = Season: { $season }
config-yaku = Yaku values changed from the rules: { $list }
config-saved = Saved. New matches use these settings; running ones keep theirs.
config-bad-range = { $name } must be between { $min } and { $max }, not { $value }. Nothing was changed.
config-bad-locale = The language must be en, ja or auto, not { $value }. Nothing was changed.
config-bad-yaku = There is no yaku { $value }: see /momojan yaku for the ids. Nothing was changed.
config-yaku-needs-points = Give both yaku and points to change a yaku's value. Nothing was changed.
yes = yes
no = no
none = none
locale-auto = the server's Discord language

## Help: rules, yaku, verify
rules-title = 📖 { $game } rules ({ $page }/{ $pages })
yaku-title = 🀄 { $game } yaku — this server's values ({ $page }/{ $pages })
yaku-line = **{ $japanese }** { $english } (`{ $id }`) — { $value }: { $condition }
verify-ok = ✅ The deck matches the commitment: it was fixed before the round was played.
verify-bad = ❌ The salt and deck do not match that commitment.

## Slash commands (names stay English; descriptions are shown in the user's language)
cmd-momojan = Play MOMOJAN (桃雀), a two-player card game
cmd-ping = Check that the bot is up
cmd-challenge = Challenge someone to a game of MOMOJAN
cmd-challenge-opponent = Who you want to play
cmd-challenge-opponent2 = A second opponent, for a table of three or four
cmd-challenge-opponent3 = A third opponent, for a table of four
cmd-table = Open a table anyone may join; you start it, and computers fill the empty seats
cmd-table-game = Which game (the server's default if not given)
cmd-table-seats = How many seats (the most the game seats if not given)
name-table = table
name-param-opponent2 = opponent2
name-param-opponent3 = opponent3
cmd-hand = Show your hand again (only you see it)
cmd-resign = Resign your game here (asks first)
cmd-leaderboard = This server's players by rating
cmd-leaderboard-page = Page number
cmd-leaderboard-season = Season (the current one if not given)
cmd-leaderboard-game = Which game (the server's default if not given)
cmd-stats = A player's statistics
cmd-stats-user = Whose statistics (yours if not given)
cmd-stats-season = Season (the current one if not given)
cmd-stats-game = Which game (the server's default if not given)
cmd-history = A player's recent games
cmd-history-user = Whose games (yours if not given)
cmd-history-game = Which game (the server's default if not given)
cmd-ledger = The point ledger of a match
cmd-ledger-match = Match number (your latest if not given)
cmd-ledger-game = Which game's latest match (the server's default if not given)
cmd-export = A finished match as a scenario file anyone can replay
cmd-export-match = Match number
cmd-replay = Watch a finished match again, step by step
cmd-replay-match = Match number
cmd-season = Close this server's season and start the next (Manage Server)
cmd-config = Show or change this server's MOMOJAN settings (Manage Server)
cmd-config-turn_time = Seconds per turn (30–3600)
cmd-config-time_bank = Seconds of time bank per player and game (0–3600)
cmd-config-challenge_expiry = Seconds before a challenge expires (60–86400)
cmd-config-threads = Play each match in its own thread
cmd-config-locale = Language of public messages: en, ja or auto
cmd-config-yaku = Yaku id to change (see /momojan yaku)
cmd-config-game = The game whose yaku values or switches change (the default game if not given)
cmd-config-points = New points for that yaku
cmd-config-reset_yaku = Restore the game's yaku values and switches to the rules' own
cmd-rules = The rules in short
cmd-yaku = The yaku and their points on this server
cmd-rules-game = Which game (the server's default if not given)
cmd-yaku-game = Which game (the server's default if not given)
cmd-challenge-game = Which game (the server's default if not given)
cmd-practice-game = Which game (the server's default if not given)
cmd-verify = Check a round's fair-deal proof
cmd-verify-commitment = The commitment shown on the table
cmd-verify-salt = The salt revealed in the round summary
cmd-verify-deck = The deck revealed in the round summary

## Slash command and option names in Japanese clients (English names are the code's)
name-momojan = momojan
name-ping = ping
name-challenge = challenge
name-hand = hand
name-resign = resign
name-leaderboard = leaderboard
name-stats = stats
name-history = history
name-ledger = ledger
name-export = export
name-replay = replay
name-season = season
name-config = config
name-rules = rules
name-yaku = yaku
name-verify = verify
name-param-opponent = opponent
name-param-page = page
name-param-season = season
name-param-user = user
name-param-match = match
name-param-turn-time = turn_time
name-param-time-bank = time_bank
name-param-challenge-expiry = challenge_expiry
name-param-threads = threads
name-param-locale = locale
name-param-yaku = yaku
name-param-points = points
name-param-reset-yaku = reset_yaku
name-param-commitment = commitment
name-param-salt = salt
name-param-deck = deck

## Why a move or a request was refused
err-refused = Not allowed: { $reason }. Here is your hand.
err-unreachable = The bot cannot reach its database just now. Please try again in a moment.
err-damaged = This game's stored data is damaged, so nothing was read or changed. The details are in the bot's log for the server's admin.
err-unplayable = This game's stored data breaks its rules, so the bot could not answer this click. The details are in the bot's log for the server's admin.

## Practice against the computer
cmd-practice = Practice against the computer (not rated)
cmd-practice-level = How strong the computer plays (normal if not given)
cmd-practice-seats = How many play, you and the computers (two if not given)
name-param-seats = seats
name-practice = practice
name-param-level = level
level-easy = easy
level-normal = normal
level-hard = hard
practice-started = 🤖 Practice match { $id }: { $user } against the computer ({ $level }). Not rated.
practice-record = Practice: { $list }
practice-record-line = { $level } { $wins }–{ $losses }
cmd-config-afk_computer = Let the computer play a timed-out turn instead of the minimum move
name-param-afk-computer = afk_computer
config-afk = Computer plays timed-out turns: { $value }
cmd-config-notice_delay = Seconds a player with an open hand may take before being pinged (0–3600)
name-param-notice-delay = notice_delay
name-param-game = game
name-param-default-game = default_game
config-notice = Turn notice after: { $secs } s (at once when the hand is not open)
config-claim = Time to answer a claim window: { $secs } s (a player who does not answer passes)
cmd-config-claim_time = Seconds each asked player has to answer a claim on a discard (5–600)
name-param-claim-time = claim_time
config-game = Default game: { $value }
cmd-config-default_game = The game of challenges, practice and records that name none
moved-to-channel = { $players }: the thread of match { $id } is gone or closed to the bot, so the game goes on here. The table follows.
computer-name = Computer ({ $level })
sum-fair-short = Fair deal: committed before the round, SHA-256 { $hash }… — Check deal shows the proof
sum-check-deal = Check deal
deal-title = Fair deal of round { $n }
deal-how = The commitment was on the table before the round was played. Check it: `/momojan verify` with these three values, or `printf '%s' "SALT:DECK" | sha256sum`, which must print the commitment.

## A game's switches (/momojan config game:… switch:… value:…)
cmd-config-switch = A switch of the game's rules to change (listed by /momojan config)
cmd-config-value = The switch's new value (such as true, false, east, south)
name-param-switch = switch
name-param-value = value
config-switches = **{ $game }** switches (change one with `game:{ $id } switch:… value:…`):
config-switches-short = **{ $game }** (`game:{ $id }` says what each does): { $values }
config-switch = · `{ $id }` **{ $value }** — { $what }
switch-unnamed = switch { $id }
config-bad-switch = { $game } has no switch { $value }; its switches are { $list }. Nothing was changed.
config-no-switches = { $game } has no switches. Nothing was changed.
config-bad-switch-value = The switch { $switch } takes { $allowed }, not { $value }. Nothing was changed.
config-switch-needs-value = Give both switch and value to change a switch. Nothing was changed.

## Summaries of tables of more than two
sum-balances-many = Balances: { $each } · pot { $pot }

## Tournaments
tn-heading = 🏆 **{ $name }**: { $game } at tables of { $seats }, { $rounds } Swiss rounds, organised by { $organiser }.
tn-signup = Sign-up is open: press Join to play. Entrants ({ $count }): { $entrants }
    The organiser's secret is committed: its SHA-256 is `{ $commitment }`.
tn-signup-closed = Sign-up is closed. Entrants ({ $count }): { $entrants }
tn-nobody = nobody yet
tn-join = Join
tn-leave = Leave
tn-closed = Sign-up is closed with { $count } entrants. The seating's seed comes from the organiser's secret (SHA-256 `{ $commitment }`) and the entrants' Join clicks; its SHA-256 is `{ $seed }`, and both are revealed when the event ends.
tn-round = **Round { $round } of { $rounds }** (each table's players in seat order, the first dealer first):
tn-table-line = Table { $table }: { $players }
tn-sitting-out = Sitting out: { $players }
tn-table-start = 🏆 **{ $name }**, round { $round }, table { $table }: { $players }
tn-err-gone = This event no longer exists.
tn-err-no-event = No event is taking sign-ups in this channel.
tn-err-already-open = This channel already has an event that has not finished.
tn-err-not-organiser = Only { $user }, the organiser, can do this.
tn-err-closed = Sign-up for this event is closed.
tn-err-already-in = You have already joined this event.
tn-err-not-in = You have not joined this event.
tn-err-too-few = { $count } entrants are too few: an event needs at least { $needed }.
tn-err-seats = This game is not played at tables of { $asked } (it is at { $allowed }).
tn-err-rounds = An event has 1 to 100 rounds, not { $rounds }.
tn-err-name = An event's name has 1 to { $max } characters.
cmd-tournament = Run a tournament in this channel: sign-up, seating, and tables that start by themselves
name-tournament = tournament
cmd-create = Open sign-up for an event (Swiss or round robin) in this channel (Manage Server)
name-create = create
cmd-create-name = The event's name
cmd-create-game = Which game (the server's default if not given)
cmd-create-seats = Players per table (the most the game seats if not given)
cmd-create-rounds = How many rounds (3 if not given)
cmd-close = Close sign-up, draw the seed and start round 1 (the organiser)
name-close = close
name-param-name = name
name-param-rounds = rounds
tn-standings = **Standings** after round { $round } ({ $finished } of { $tables } tables finished), ranked by total points, then average placement, then join order:
tn-standing-line = { $rank }. { $player }: { $total } points in { $games } games, average place { $average }
tn-no-average = –
tn-round-over = Round { $round } is over.
tn-final = 🏁 The event is over. The organiser's secret was `{ $secret }`, and the seed (SHA-256 of it and the entrants' Join ids in join order) `{ $seed }`: anyone can redo the hashes and the seating.
cmd-standings = The standings of this channel's latest event
name-standings = standings
tn-err-not-over = The event is not over: its secret is revealed when it ends.
tn-verified = ✅ The revealed secret is the one committed at sign-up, the seed is its SHA-256 with the entrants' Join ids, and the seating of all { $rounds } rounds follows from it and the results.
tn-verify-seed-differs = ❌ The revealed secret or the seed does not match what was committed.
tn-verify-round-differs = ❌ Round { $round }'s tables are not the ones the seed gives.
cmd-check = Re-derive the seating of this channel's latest event from its revealed seed
name-check = check
tn-dropped = { $player } is dropped from **{ $name }**: not seated from round { $round } on (their games so far still count).
tn-added = { $player } joins **{ $name }** from round { $round } on.
tn-undropped = { $player }'s drop from **{ $name }** is taken back: they play from round { $round } on.
tn-paused = ⏸️ **{ $name }** is paused: the tables in play finish, and the next round waits until the organiser resumes it.
tn-resumed = ▶️ **{ $name }** resumes.
tn-ending = ⏹️ **{ $name }** ends early: round { $round } is its last, and the final standings follow when its tables have finished.
tn-dropped-mark = { " " }(dropped)
tn-err-not-running = No event is running in this channel.
tn-err-signup-open = Sign-up is still open: entrants join and leave with its buttons until the organiser closes it.
tn-err-last-round = Round { $round } is the event's last: no round comes after it.
tn-err-player-not-in = { $user } is not an entrant of this event.
tn-err-player-in = { $user } already plays in this event.
tn-err-player-dropped = { $user } was dropped from this event and cannot come back.
tn-err-paused = The event is paused already.
tn-err-not-paused = The event is not paused.
cmd-drop = Drop a player from this channel's event from the next round on (the organiser)
name-drop = drop
cmd-drop-player = The player to drop
cmd-add = Add a player to this channel's event from the next round on (the organiser)
name-add = add
cmd-add-player = The player to add
name-param-player = player
cmd-pause = Pause this channel's event: the tables in play finish, the next round waits (the organiser)
name-pause = pause
cmd-resume = Resume this channel's paused event (the organiser)
name-resume = resume
cmd-end = End this channel's event after the round in play, with its final standings (the organiser)
name-end = end
tn-grace = No-shows: the computer plays for a player who has not made a move within { $minutes } minutes of their table's start.
tn-no-show = ⏰ { $players } made no move within the event's { $minutes } minutes of grace: the computer plays their seat until they take it back from their hand.
tn-err-grace = A no-show's grace is 1 to { $max } minutes.
cmd-create-grace = Minutes a player has to make a first move before the computer plays for them
name-param-grace = grace
tn-board-title = 🏆 { $name }: standings after round { $round } of { $rounds }
tn-board-final = 🏁 { $name }: final standings after { $round } rounds
tn-board-line = **{ $rank }.** { $player }: **{ $total }** points, { $games } games, average place { $average }
tn-board-more = … and { $count } more
tn-board-footer = Ranked by total points, then average placement (lower first), then join order. Round { $round }: { $finished } of { $tables } tables finished.
tn-exported = The results of **{ $name }**: { $rows } rows, one per seat of every finished table (round, table, seat, player, name, points, place).
cmd-tournament-export = The results of this channel's latest event as a CSV file (every finished table)
tn-heading-rr = 🏆 **{ $name }**: { $game } at tables of { $seats }, a round robin (everyone meets everyone once), organised by { $organiser }.
tn-err-no-round-robin = No round robin exists for { $count } entrants at tables of { $seats }: one does for any field at tables of 2, for 9 entrants at tables of 3 and for 16 at tables of 4.
tn-err-fixed-schedule = A round robin's schedule is fixed when sign-up closes: no one can be added.
cmd-create-format = Swiss rounds, or a round robin where everyone meets everyone once
name-param-format = format
cmd-create-filler = When the field does not divide into tables: computers fill one, or players sit out
name-param-filler = filler

## Tournaments: the rolling format (issue 38)
cmd-create-window = Rolling: minutes the lobby stays open (120 if not given)
name-param-window = window
cmd-create-run = Rolling: players are ranked by their best run of this many games (3 if not given)
name-param-run = run
cmd-create-computer_after = Rolling: minutes a player waits before computers fill their table (never if not given)
name-param-computer-after = computer_after
tn-heading-rolling = 🏆 **{ $name }**: { $game } at tables of { $seats }, a rolling lobby (a table starts whenever { $seats } players are waiting; each is ranked by their best { $run } games in a row), organised by { $organiser }.
tn-lobby-open = The lobby is open until <t:{ $ends }:f> (<t:{ $ends }:R>): press **Play a game** to wait for the next table. Waiting ({ $count }): { $waiting }
tn-lobby-fill = Computers fill the table of anyone who has waited { $minutes } minutes.
tn-lobby-closed = The lobby is closed: no new table starts, and the event ends when the tables in play have finished.
tn-lobby-entrants = Entrants so far: { $count }. Each table's seat order is drawn from the organiser's secret (SHA-256 `{ $commitment }`, revealed at the end), the table's number and its players' clicks.
tn-queue = Play a game
tn-unqueue = Stop waiting
tn-standings-rolling = **Standings** ({ $finished } of { $tables } tables finished), ranked by the best total of { $run } games in a row (players with fewer games after them, by their total), then average placement:
tn-short-run-mark = { " " }({ $games } of { $run } games)
tn-final-rolling = 🏁 The event is over. The organiser's secret was `{ $secret }`: each table's seat order is SHA-256 of it, the table's number and its players' queue clicks, and anyone can redo it with `/momojan tournament check`.
tn-verified-rolling = ✅ The revealed secret is the one committed when the event was created, and the seat order of all { $rounds } tables follows from it and their players' clicks.
tn-verify-table-differs = ❌ Table { $round }'s seat order is not the one its draw gives.
tn-table-start-rolling = 🏆 **{ $name }**, table { $table }: { $players }
tn-board-title-rolling = 🏆 { $name }: standings (best { $run } games in a row)
tn-board-final-rolling = 🏁 { $name }: final standings (best { $run } games in a row)
tn-board-footer-rolling = Ranked by the best total of { $run } games in a row (fewer games: after, by their total), then average placement (lower first). { $finished } of { $tables } tables finished.
tn-err-already-waiting = You are waiting for a table already.
tn-err-not-waiting = You are not waiting for a table.
tn-err-at-table = You are at a table of an event (this one or another): press Play a game again when it has finished.
tn-err-rolling = A rolling lobby stays open 1 to { $window } minutes, ranks by a run of 1 to { $run } games, and fills a table with computers after 1 to { $fill } minutes.
tn-dropped-rolling = { $player } is dropped from **{ $name }**: they can no longer wait for a table (their games so far still count).
tn-err-other-event = You play in another event of this server that has not finished: its rounds and this one's would seat you at two tables at once.

## Watching a table (issue 39, item 3)
table-watch = Watch
watch-intro = 👀 You are watching match #{ $id } (only you see this; it follows the table for about 14 minutes, press Watch again to keep following).
watch-forbidden = The players of this match asked not to be watched.
watch-over = This match is over: its thread has the result.
watch-hands-title = Round { $n }: every hand
watch-hands-late = The hands as the round ended (shown one round late, never the round in play).
config-spectate = Watchers see every hand one round late (matches between people): { $value }
cmd-config-spectate_hands = Let watchers of a match between people see every hand one round late
name-param-spectate-hands = spectate_hands
cmd-challenge-watch = Whether anyone in the server may watch (on if not given)
cmd-table-watch = Whether anyone in the server may watch (on if not given)
cmd-practice-watch = Whether anyone in the server may watch (on if not given)
name-param-watch = watch
## Teaching tables (issue 39)
cmd-practice-teach = A teaching table: no clock, hints on every choice (the server's default if not given)
cmd-table-teach = A teaching table: no clock, hints on every choice (the server's default if not given)
cmd-config-teach = New tables and practice are teaching ones (no clock, hints) unless they say
name-param-teach = teach
config-teach = New tables and practice teach (no clock, hints): { $value }
hist-teach = 📖 teaching ·
hand-teach-title = 📖 What each choice does
hand-teach-suggest = 💡 The computer would play **{ $action }**: { $reason }
## Highlights (issue 39): the lines after a round and the game's recap
sum-highlights = Highlights
result-highlights = **Highlights**
## Why? of a teaching table's computer move (issue 39)
hand-why = Why?
why-answer = 💡 { $move }: { $reason }
why-none = There is no computer move of a teaching table to explain for this button.


## Highlights (issue 39, item 2, the rest): turning one's own off, and the server's board
name-highlights = highlights
name-param-mine = mine
cmd-highlights = The server's highlights of a season, or turn yours off or on
cmd-highlights-mine = Turn highlights about you off or on (everywhere)
cmd-highlights-season = Season (the current one if not given)
cmd-highlights-game = Which game (every game if not given)
hlb-title = Highlights · season { $season }
hlb-footer = Best three per column · players who turned highlights off are left out
hlb-none = No highlights yet.
hlb-unlucky = 😣 Most unlucky: { $who }
hlb-escape = 🏃 Best escape: { $who }
hlb-big = 💥 Biggest hand: { $who }
hlb-entry = { $user }: { $what } (game #{ $match })
hlb-mine-off = Highlights about you are now off: no round line, recap or board will name you. `/momojan highlights mine:on` turns them back on.
hlb-mine-on = Highlights about you are on again: round lines, recaps and the board may name you.
hlb-no-season = There is no season { $season } on this server yet: the current season is { $current }.

# Tournament messages that fit: long fields cut short, and the repeat meetings
tn-and-more = { $count } more
tn-more-tables = … and { $count } more tables: each has its own message below.
tn-more-standings = … and { $count } more: the standings message shows everyone.
tn-meetings = Repeat meetings: { $repeated } pairs of players have sat at one table more than once, the most { $most } times.
tn-meetings-none = Repeat meetings: none (no two players have sat at one table twice).

# The highlights board: each kind in a few words, with its value
hl-kind-big-hand = biggest hand, { $value } points
hl-kind-comeback = came back from { $value } points behind
hl-kind-deal-ins = { $value } deal-ins
hl-kind-big-deal-in = dealt in to { $value } points
hl-kind-hot-streak = { $value } wins in a row
hl-kind-winless = { $value } rounds without a win
hl-kind-next-draw = the winning tile was the next draw
hl-kind-riichi-deal-in = dealt in with the riichi tile ({ $value } points)
hl-kind-suji-deal-in = dealt in on suji ({ $value } points)
hl-kind-stuck-one-away = one from tenpai for { $value } discards
hl-kind-cheaper-winner = outbid with a { $value }-point tenpai
hl-kind-left-wait = left a wait that came next
hl-kind-dodged = saved by furiten
hl-kind-ura-place = lost a place to ura dora ({ $value } points)
hl-kind-first-riichi = first to riichi in { $value } rounds
hl-kind-lone-noten = the only one not tenpai
hl-kind-only-tenpai = the only one tenpai
hl-kind-one-short = one tile short of tenpai
hl-kind-riichi-for-nothing = riichi for nothing
tn-switches = The game's switches for this event: { $values }

## Computers told apart, and Why? of every computer move since yours (issue 39 leftovers)
computer-name-seat = Computer { $seat } ({ $level })
cmd-create-switches = The game's switches for this event, e.g. length=east aka=false (the server's if not given)
name-param-switches = switches

## Tournaments: an organiser re-seats a table of the running round (issue 38)
cmd-reseat = Replay a table of the round in play from the start; its game counts for nobody (the organiser)
name-reseat = reseat
cmd-reseat-table = The table's number in the round (as its start message shows it)
name-param-table = table
tn-reseated = 🔁 **{ $name }**, round { $round }, table { $table } is re-seated: its game ends without a result (it counts for nobody) and is played again from the start in a new thread, the seats drawn again: { $players }
tn-reseat-notice = 🔁 The event's organiser re-seated this table: this game ends here without a result and counts for nobody. The table plays again from the start in a new thread.
table-reseated = 🔁 Re-seated by the event's organiser: this game ended here without a result.
tn-err-no-round = No round is in play yet: its tables start once it is seated.
tn-err-reseat-rolling = A rolling event's tables are not re-seated: its players queue again for a new game.
tn-err-no-table = The round in play has no table { $table }.
tn-err-table-not-started = Table { $table } has not started yet: it starts in a moment.
tn-err-table-ended = Table { $table }'s game has ended: its result stands.
tn-err-just-reseated = Table { $table } was just re-seated and nobody has moved in its new game yet.
err-cancelled = This game was ended without a result when the event's organiser re-seated its table: the table plays again in a new thread.

# tournament history (issue 38): a server's events looked back on
cmd-tournament-history = The server's events, newest first, with their winners
cmd-standings-event = The event's number in /momojan tournament history (this channel's latest if left out)
name-param-event = event
tn-history-title = 🏆 This server's events
tn-history-empty = No event has been held in this server yet: `/momojan tournament create` opens one.
tn-history-footer = The standings of any of them: /momojan tournament standings event:<number>
tn-history-line = **#{ $id } { $name }** · { $game } · { $format } · entrants: { $count } · { $state } · { $channel } · <t:{ $created }:d>
tn-history-winner = {" "}· 🥇 won by { $user }
tn-history-swiss = Swiss, rounds: { $rounds }
tn-history-round-robin = round robin
tn-history-rolling = rolling lobby
tn-history-signup = taking sign-ups
tn-history-running = playing
tn-history-finished = finished
tn-err-unknown-event = This server has no event #{ $id }: `/momojan tournament history` lists its events.

# an event's table's thread (issue 38): the event, round and table
thread-name-event = { $name } · round { $round } · table { $table }
thread-name-event-rolling = { $name } · table { $table }

# standings image
tn-image-title = { $name }: standings after round { $round } of { $rounds }
tn-image-final = { $name }: final standings after { $round } rounds
tn-image-title-rolling = { $name }: standings (best { $run } games in a row)
tn-image-final-rolling = { $name }: final standings (best { $run } games in a row)
tn-image-rank = #
tn-image-player = Player
tn-image-games = Games
tn-image-total = Total
tn-image-average = Avg place
