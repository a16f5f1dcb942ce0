# Shogi mahjong's own messages (English): its pieces' moves, stages, results, refusals, yaku
# and rules. Every key here must also be in ja.ftl; the host's messages are in locales/.

## The table and the hand
shogi-stage-turn = discard, kan, tsumo or riichi
shogi-stage-after-pon = discard after a pon
shogi-stage-claim = draw, pon, kan or ron
shogi-stage-rob = ron on the kan, or pass
shogi-stage-over = round over
shogi-table-stakes = Dealer (親): **{ $name }** · honba { $honba } · pot **{ $pot }** · minimum { $minimum } han
shogi-table-wall = Dora indicators: { $indicators } · wall { $wall } left
shogi-hand-stakes = Dealer (親) **{ $name }** · honba { $honba } · pot { $pot } · minimum { $minimum } han
shogi-hand-dora = Dora { $dora }
shogi-dora-one = { $dora } (indicator { $indicator })
shogi-hand-wall = Wall: { $wall } pieces left
shogi-held = { $n } pieces
shogi-hand-tenpai = Tenpai — waiting on { $waits }
shogi-wait-left = { $piece } ×{ $n } unseen
shogi-hand-furiten = ⚠️ Furiten: you cannot ron now (a wait is in your discards, or you let a ron go); tsumo still wins.

## Actions
shogi-act-draw = Draw ({ $n } left)
shogi-act-draw-short = Draw
shogi-act-pon = Pon { $group }
shogi-act-open-kan = Open kan { $group }
shogi-act-closed-kan = Closed kan { $group }
shogi-act-added-kan = Added kan { $group }
shogi-act-ron = Ron!
shogi-act-tsumo = Tsumo!
shogi-act-discard = { $piece }
shogi-act-riichi = Riichi { $piece }
shogi-act-riichi-waits = Riichi + discard { $piece } → { $waits }
shogi-act-riichi-risk = ⚠️ Riichi + discard { $piece } → { $waits } · furiten: chombo risk
shogi-riichi-waits = Waits: { $waits }
shogi-riichi-risk = Waits: { $waits } — in furiten: an exhaustive draw makes this riichi a chombo (15 points)
shogi-act-pass = Pass

## News
shogi-news-draw = { $who } drew
shogi-news-pon = { $who } called pon { $group }
shogi-news-open-kan = { $who } declared an open kan { $group }
shogi-news-closed-kan = { $who } declared a closed kan { $group }
shogi-news-added-kan = { $who } added { $piece } to a pon: kan
shogi-news-ron = { $who } won by ron!
shogi-news-tsumo = { $who } won by tsumo!
shogi-news-discard = { $who } discarded { $piece }
shogi-news-riichi = { $who } declared riichi (2 sticks), discarding { $piece }
shogi-news-pass = { $who } passed
shogi-news-round-won = **Round { $n }**: { $headline } — { $total } points

## Round summaries and the end
shogi-wins-ron = { $name } wins by ron
shogi-wins-tsumo = { $name } wins by tsumo
shogi-wins-chankan = { $name } wins by robbing the kan
shogi-headline-draw = exhaustive draw
shogi-han = { $n } han
shogi-sum-dora = Dora — { $n }
shogi-sum-kan-bonus = Kan bonus — { $n }
shogi-sum-honba = Honba — { $n }
shogi-sum-win-bonus = Win bonus (バンバン) — { $n }
shogi-sum-total = **{ $total } points**
shogi-sum-won-ron = Won by ron on { $piece }
shogi-sum-won-tsumo = Won by tsumo with { $piece }
shogi-sum-won-chankan = Won by robbing the kan of { $piece }
shogi-sum-won-dealt = Won on the dealt pieces (天和)
shogi-sum-draw = Exhaustive draw (流局): the pot stays, honba + 2, the dealer stays.
shogi-sum-tenpai = { $name }: tenpai
shogi-sum-noten = { $name }: noten
shogi-sum-chombo = { $name }: chombo — declared riichi in furiten, pays 15
shogi-sum-indicators = Dora indicators: { $pieces } · minimum { $minimum } han
shogi-final-score = Final score ({ $return } return): { $a } { $sa } · { $b } { $sb }
shogi-end-bust = a balance fell below 0 (箱下)
shogi-end-round-limit = the 32nd round was played
shogi-end-resigned = the other player resigned
shogi-end-forfeit = the other player ran out of time three turns in a row
shogi-why-riichi = riichi sticks
shogi-why-win = win
shogi-why-pot = pot
shogi-why-chombo = chombo
shogi-why-noten = noten payment
shogi-why-final-pot = pot at the end

## Refusals
shogi-rule-game-over = the game is over
shogi-rule-round-over = the round is over
shogi-rule-not-your-turn = it is not your turn
shogi-rule-wall-empty = the live wall is empty: there is nothing to draw
shogi-rule-no-draw = you cannot draw now
shogi-rule-not-in-hand = you have no { $piece } in your hand
shogi-rule-riichi-locked = in riichi your hand is locked: you can only discard the piece you drew
shogi-rule-must-discard = after a pon you must discard
shogi-rule-nothing-to-claim = there is no discard you could claim now
shogi-rule-bad-pon = that pon is not possible
shogi-rule-bad-kan = that kan is not possible
shogi-rule-no-win = this hand does not win here (it needs a winning shape, the minimum han, and on a pawn a medium or big yaku)
shogi-rule-furiten = you are furiten, so you cannot ron
shogi-rule-bad-riichi = riichi needs a closed hand, 2 points, a piece left in the wall and a hand that stays tenpai
shogi-rule-nothing-to-pass = there is nothing to pass on
shogi-rule-not-now = you cannot { $action } now

## Yaku
shogi-yaku-two = { $closed } han closed · { $open } open
shogi-yaku-closed-only = { $n } han, closed only
shogi-yaku-open-only = { $n } han, open only
shogi-yaku-if-riichi = won after declaring riichi (counts 1 toward the minimum)
shogi-yaku-if-tsumo = closed hand, won by tsumo
shogi-yaku-if-tenhou = the dealer wins on the 8 dealt pieces
shogi-yaku-if-chiihou = the non-dealer wins by tsumo on their first draw, before any call or kan
shogi-yaku-if-renhou = the non-dealer wins by ron on the dealer's first discard
shogi-yaku-if-yakuhai = each dragon head or dragon set
shogi-yaku-if-tsuuiisou = no pawn except merged pawns
shogi-yaku-if-rinshan = tsumo on a replacement piece
shogi-yaku-if-chankan = ron on a robbed kan
shogi-yaku-if-toitoi = both groups are triplets
shogi-yaku-if-yontoitsu = four pairs
shogi-yaku-if-kokushi = one of each kind
shogi-yaku-if-fuiisou = all eight pieces are pawns
shogi-yaku-if-kogoma = pawn head, lance triplet, knight triplet
shogi-yaku-if-nikantsu = two kans
shogi-yaku-if-nikantsu-kogoma = pawn head, lance kan, knight kan
shogi-yaku-if-shugo = king head, gold triplet, silver triplet
shogi-yaku-if-nikantsu-shugo = king head, gold kan, silver kan
shogi-yaku-if-suushii = pairs of lance, knight, silver and gold
shogi-yaku-if-shousangen = a king set, another dragon's set, the third dragon as head
shogi-yaku-if-daisangen = a king head, a rook set and a bishop set
shogi-yaku-if-shitennou = pairs of gold, silver, bishop and rook

## Rules
shogi-rules-1 = **Two players, 34 shogi pieces.** 歩 fu (pawn) ×12; the winds 香 kyo (lance), 桂 kei (knight), 銀 gin (silver), 金 kin (gold) ×4; the dragons 角 kaku (bishop), 飛 hi (rook), 玉 gyoku (king) ×2. Each player starts with 30 points. The dealer holds 8 pieces, the other 7.
shogi-rules-2 = **Your turn.** Draw from the wall (the bot draws for you when nothing else is possible), or take the opponent's discard with pon, open kan or ron; then discard. No chi. A winning hand of 8 is two groups and a head, four pairs, or one of each kind. Groups: 歩歩歩, three or four of one wind, or two of one dragon with a pawn (角角歩).
shogi-rules-3 = **Kans.** Open kan (three winds + a discard), closed kan (four winds) and added kan (a wind added to a pon). Each kan turns the wall's last piece into a new dora indicator and draws a replacement piece.
shogi-rules-4 = **Riichi.** With a closed tenpai hand and 2 points, discard and declare: two sticks go to the pot and your hand is locked. A riichi declared in furiten is a chombo (15 points) if the round is drawn. Furiten: a wait in your discards, or a ron you let go, blocks ron; tsumo still wins.
shogi-rules-5 = **Winning and score.** A win needs 2 han of yaku (4 from five honba) and, on a pawn, a medium or big yaku. Score = han + dora + kan bonus + honba + 2; the loser pays, the pot goes to the winner. A draw: chombo 15, else noten pays 5. Below 0 ends the game; the final score counts against 40. See /momojan yaku game:shogi.

## Teaching tables (issue 39): each choice's hint and a move's reason
shogi-teach-draw = Draw from the wall (the discard is let go)
shogi-teach-win = Wins the hand
shogi-teach-discard = { $piece } → { $after }
shogi-teach-riichi = Riichi { $piece } → { $after }
shogi-teach-call = Call → at best { $waits } kinds of waits after its discard; opens the hand
shogi-teach-kan = Kan { $piece }: a new dora indicator and a replacement draw
shogi-teach-pass = Pass: the ron is let go
shogi-teach-ready = ready, waiting on { $pieces } ({ $unseen } unseen)
shogi-teach-one-away = one piece from ready: { $pieces } ({ $unseen } unseen)
shogi-teach-far = two or more pieces from ready
shogi-reason-win = it wins: a complete hand with a yaku
shogi-reason-draw = claiming { $piece } would not bring a win nearer: a draw keeps the hand closed
shogi-reason-draw-plain = a turn starts with a draw
shogi-reason-riichi = riichi with { $piece }: the hand is ready, and riichi gives it a yaku
shogi-reason-safe = { $piece } is safe against { $player }'s riichi: it is in their discards
shogi-reason-waits = { $piece } leaves the hand the most ways to win
shogi-reason-shape = { $piece } keeps the most pairs and sets toward a win
shogi-reason-other = { $piece } goes, though another discard would leave more ways to win
shogi-reason-call = taking { $piece } completes a group toward a win
shogi-reason-call-plain = the call completes a group toward a win
shogi-reason-kan = a kan of { $piece } costs the hand nothing and turns over a new dora
shogi-reason-pass = the ron is let go
## Highlights (after a round and after the game): { $player } is the player it is about
shogi-hl-big-hand = 💥 **Biggest hand**: { $player } won { $points } points in round { $round }.
shogi-hl-comeback = 🔥 **Comeback**: { $player } was last after round { $round }, { $behind } points behind the leader, and finished first.
shogi-hl-deal-ins = 🎯 **Target practice**: { $player } dealt in { $count } times this game ({ $points } points).
shogi-hl-hot-streak = 🔥 **On fire**: { $player } won { $count } rounds in a row, up to round { $round }.
shogi-hl-winless = 🌧️ **Dry spell**: { $player } won none of the { $rounds } rounds.
shogi-hl-big-deal-in = 💣 { $player } dealt in to { $winner }'s { $points }-point hand.
