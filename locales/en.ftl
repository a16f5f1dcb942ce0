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
config-switch = · `{ $id }` **{ $value }** — { $what }
switch-unnamed = switch { $id }
config-bad-switch = { $game } has no switch { $value }; its switches are { $list }. Nothing was changed.
config-no-switches = { $game } has no switches. Nothing was changed.
config-bad-switch-value = The switch { $switch } takes { $allowed }, not { $value }. Nothing was changed.
config-switch-needs-value = Give both switch and value to change a switch. Nothing was changed.

## Summaries of tables of more than two
sum-balances-many = Balances: { $each } · pot { $pot }
