# Riichi mahjong's own messages (English): its tiles' moves, stages, results, refusals, yaku
# and rules. Every key here must also be in ja.ftl; the host's messages are in locales/.

## The table and the hand
riichi-stage-turn = draw, discard, kan, riichi or tsumo
riichi-stage-claim = ron, chi, pon, kan or pass
riichi-stakes = { $round } · dealer (親) **{ $name }** · honba { $honba } · pot **{ $pot }** · minimum { $minimum } han
riichi-wall = Dora indicators: { $indicators } · live wall { $wall } left
riichi-held = { $n } tiles
riichi-hand-tenpai = Tenpai — waiting on { $waits }
riichi-hand-furiten = ⚠️ Furiten: you cannot ron now (a wait is in your discards, or you let a ron go); tsumo still wins.

## Actions
riichi-act-tsumo = Tsumo!
riichi-act-ron = Ron!
riichi-act-chi = Chi { $group }
riichi-act-pon = Pon { $group }
riichi-act-open-kan = Open kan { $group }
riichi-act-closed-kan = Closed kan { $group }
riichi-act-added-kan = Added kan { $group }
riichi-act-kyuushu = Nine terminals (draw the round)
riichi-act-discard = Discard { $piece }
riichi-act-riichi = Riichi { $piece }
riichi-act-riichi-waits = Riichi + discard { $piece } → { $waits }
riichi-riichi-waits = Waits: { $waits }
riichi-act-pass = Pass
riichi-act-agari-yame = End the game now
riichi-act-continue = Play on

## News
riichi-news-chi = { $who } called chi { $group }
riichi-news-pon = { $who } called pon { $group }
riichi-news-open-kan = { $who } declared an open kan { $group }
riichi-news-closed-kan = { $who } declared a closed kan { $group }
riichi-news-added-kan = { $who } added { $piece } to a pon: kan
riichi-news-discard = { $who } discarded { $piece }
riichi-news-riichi = { $who } declared riichi, discarding { $piece }
riichi-news-tsumo = { $who } won by tsumo!
riichi-news-ron = { $who } won by ron!
riichi-news-kyuushu = { $who } declared nine terminals
riichi-news-pass = { $who } passed
riichi-news-agari-yame = { $who } ended the game
riichi-news-continue = { $who } plays on

## Round summaries and the end
riichi-wins-ron = { $name } wins by ron
riichi-wins-tsumo = { $name } wins by tsumo
riichi-wins-chankan = { $name } wins by robbing the kan
riichi-wins-several = { $names } win by ron
riichi-headline-draw = exhaustive draw
riichi-headline-play = in play
riichi-sum-still = The round is still in play.
riichi-abort-four-winds = abortive draw: four winds
riichi-abort-four-riichi = abortive draw: four riichi
riichi-abort-four-kans = abortive draw: four kans
riichi-abort-nine-terminals = abortive draw: nine terminals
riichi-han = { $n } han
riichi-sum-dora = Dora — { $n }
riichi-sum-aka = Red fives — { $n }
riichi-sum-ura = Ura dora — { $n }
riichi-sum-value = **{ $han } han { $fu } fu — { $points } points** (honba + { $honba })
riichi-sum-tenpai = { $name }: tenpai
riichi-sum-noten = { $name }: noten
riichi-sum-abort = No payments: the dealer stays, honba + 1.
riichi-sum-indicators = Dora indicators: { $pieces } · minimum { $minimum } han
riichi-final-score = { $place }. { $name }: { $points } points → { $score } (return { $return }, uma and oka)
riichi-end-last-round = the last round was played
riichi-end-dobon = a player fell below 0 points (dobon)
riichi-end-agari-yame = the last round's dealer ended the game after winning
riichi-end-resigned = a player resigned
riichi-end-forfeit = a player ran out of time three turns in a row
riichi-why-riichi = riichi stick
riichi-why-win = win
riichi-why-pot = pot
riichi-why-noten = noten payment
riichi-why-final-pot = pot at the end

## Refusals
riichi-rule-game-over = the game is over
riichi-rule-round-over = the round is over
riichi-rule-not-your-turn = it is not your turn
riichi-rule-not-in-hand = you have no { $piece } in your hand
riichi-rule-no-win = this hand does not win here (it needs a winning shape and enough han of yaku)
riichi-rule-furiten = you are furiten, so you cannot ron
riichi-rule-riichi-locked = in riichi your hand is locked: win, make a kan that keeps your waits, or discard the tile you drew
riichi-rule-must-discard = after a chi or pon you must discard
riichi-rule-kuikae = kuikae: you may not discard { $piece } right after that call
riichi-rule-bad-riichi = riichi needs a closed hand, 1,000 points, 4 tiles in the live wall and a hand that is tenpai after the discard
riichi-rule-bad-call = that call is not possible now
riichi-rule-bad-kan = that kan is not possible now
riichi-rule-no-nine-terminals = nine terminals needs your first draw, no call before it and nine different terminals and honors
riichi-rule-no-agari-choice = only the last round's dealer may end the game or play on, right after winning
riichi-rule-not-now = you cannot { $action } now

## Yaku
riichi-yaku-two = { $closed } han closed · { $open } open
riichi-yaku-closed-only = { $n } han, closed only
riichi-yaku-yakuman = yakuman
riichi-yaku-double-yakuman = double yakuman
riichi-yaku-if-riichi = declared riichi
riichi-yaku-if-double-riichi = riichi with your first discard, before any call
riichi-yaku-if-ippatsu = won before your next discard after riichi, with no call or kan since
riichi-yaku-if-menzen-tsumo = a closed hand won by tsumo
riichi-yaku-if-pinfu = four runs, a pair that is no yakuhai, a two-sided wait (closed)
riichi-yaku-if-tanyao = only tiles 2–8 (open too, unless kuitan is off)
riichi-yaku-if-iipeikou = two identical runs (closed)
riichi-yaku-if-haku = a triplet of white dragons
riichi-yaku-if-hatsu = a triplet of green dragons
riichi-yaku-if-chun = a triplet of red dragons
riichi-yaku-if-seat-wind = a triplet of your seat wind
riichi-yaku-if-round-wind = a triplet of the round wind
riichi-yaku-if-haitei = tsumo on the last tile of the live wall
riichi-yaku-if-houtei = ron on the last discard
riichi-yaku-if-rinshan = tsumo on a replacement tile after a kan
riichi-yaku-if-chankan = ron on a tile added to a kan
riichi-yaku-if-sanshoku = the same run in all three suits
riichi-yaku-if-ittsu = 1-2-3, 4-5-6 and 7-8-9 of one suit
riichi-yaku-if-chanta = every set and the pair hold a terminal or honor, with a run and an honor
riichi-yaku-if-chiitoitsu = seven different pairs (closed)
riichi-yaku-if-toitoi = four triplets or kans
riichi-yaku-if-sanankou = three concealed triplets
riichi-yaku-if-sanshoku-doukou = the same triplet in all three suits
riichi-yaku-if-sankantsu = three kans
riichi-yaku-if-shousangen = two dragon triplets and a dragon pair
riichi-yaku-if-honroutou = only terminals and honors
riichi-yaku-if-honitsu = one suit and honors
riichi-yaku-if-junchan = every set and the pair hold a terminal, with a run, no honor
riichi-yaku-if-ryanpeikou = two pairs of identical runs (closed)
riichi-yaku-if-chinitsu = one suit only
riichi-yaku-if-kokushi = one of each terminal and honor and one more
riichi-yaku-if-kokushi-13 = thirteen orphans waiting on all thirteen
riichi-yaku-if-suuankou = four concealed triplets
riichi-yaku-if-suuankou-tanki = four concealed triplets won on the pair
riichi-yaku-if-daisangen = triplets of all three dragons
riichi-yaku-if-shousuushii = three wind triplets and a wind pair
riichi-yaku-if-daisuushii = triplets of all four winds
riichi-yaku-if-tsuuiisou = only honors
riichi-yaku-if-ryuuiisou = only 2 3 4 6 8 bamboo and green dragons
riichi-yaku-if-chinroutou = only terminals
riichi-yaku-if-chuuren = 1112345678999 of one suit and one more (closed)
riichi-yaku-if-junsei-chuuren = nine gates waiting on all nine
riichi-yaku-if-suukantsu = four kans
riichi-yaku-if-tenhou = the dealer's tsumo on the first draw
riichi-yaku-if-chiihou = tsumo on your first draw, before any call

## Rules
riichi-rules-1 = **Four players, 136 tiles.** Characters, circles and bamboos 1–9, the four winds and three dragons, four of each; one red five per suit counts as a dora. Everyone starts with 25,000 points; East only or East and South rounds.
riichi-rules-2 = **Your turn.** The bot draws for you; then tsumo, make a kan, declare riichi with a discard, or discard. Claim a discard with ron, pon, open kan, or chi (from your left only). Kuikae is forbidden.
riichi-rules-3 = **Winning.** Four sets and a pair, seven pairs or thirteen orphans, with at least one han of yaku (two from five honba with 二翻しばり); dora never count toward it. Furiten blocks ron, never tsumo.
riichi-rules-4 = **Score.** Fu and han make the base points, with mangan to yakuman limits; honba adds 300 a win, the pot goes to the winner. The game ends after the last round, by dobon or by the last dealer's agari-yame; the final score counts against 30,000 with uma 10/5 and oka. See /momojan yaku game:riichi.

## Switches (/momojan config game:riichi switch:… value:…)
riichi-switch-length = game length: `east` 東風戦 (four dealerships) or `south` 東南戦 (eight)
riichi-switch-dobon = ドボン: a player below 0 points ends the game
riichi-switch-kan-ura = カン裏ドラ: the ura indicators under kan indicators count too
riichi-switch-aka = 赤ドラ: one red five per suit, each one dora
riichi-switch-two-han-shibari = 二翻しばり: from five honba a win needs 2 han of yaku
riichi-switch-agari-yame = 和がりやめ: the last round's dealer may end the game after a win
riichi-switch-double-ron = ダブロン: every ron on one discard wins (off: the nearest only)
riichi-switch-triple-ron = トリプルロン: three rons all win (off: the two nearest)
riichi-switch-kuitan = 喰いタン: all simples counts in an open hand
