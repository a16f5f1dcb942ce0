# Riichi mahjong's own messages (English): its tiles' moves, stages, results, refusals, yaku,
# switches and rules. Every key here must also be in ja.ftl; the host's messages are in locales/.

## The table and the hand
riichi-stage-turn = draw, discard, kan, riichi or tsumo
riichi-stage-claim = ron, chi, pon, kan or pass
riichi-round-east = East { $n }
riichi-round-south = South { $n }
riichi-round-line = **{ $round }** · { $honba } honba · { $sticks } riichi sticks in the pot ({ $pot } pts)
riichi-minimum = ⚠️ { $n } han of yaku needed to win (二翻しばり from five honba)
riichi-dora-line = Dora indicators { $indicators } → dora { $dora } · { $wall } tiles left to draw
riichi-seat-east = East 東
riichi-seat-south = South 南
riichi-seat-west = West 西
riichi-seat-north = North 北
riichi-your-seat = You sit **{ $wind }**.
riichi-held = { $n } tiles
riichi-wait = { $piece } ×{ $n }
riichi-wait-tsumo-only = { $piece } ×{ $n } (no yaku: tsumo only)
riichi-wait-no-yaku = { $piece } ×{ $n } (no yaku)
riichi-hand-tenpai = Tenpai — waiting on { $waits } (×: copies you have not seen)
riichi-hand-furiten = ⚠️ Furiten: you cannot ron now (a wait is in your discards, or you let a ron go); tsumo still wins.
riichi-hand-keep-tenpai = Discards that keep you tenpai: { $list }
riichi-keep-one = { $piece } → { $waits }
riichi-keep-one-furiten = { $piece } → { $waits } (furiten)

## Actions
riichi-act-tsumo = Tsumo!
riichi-act-ron = Ron!
riichi-act-tsumo-on = Tsumo! { $piece }
riichi-act-ron-on = Ron! { $piece }
riichi-act-chi = Chi { $group }
riichi-act-pon = Pon { $group }
riichi-act-open-kan = Open kan { $group }
riichi-act-closed-kan = Closed kan { $group }
riichi-act-added-kan = Added kan { $group }
riichi-act-kyuushu = Nine terminals (draw the round)
riichi-act-discard = Discard { $piece }
riichi-act-riichi = Riichi { $piece }
riichi-act-riichi-waits = Riichi { $piece } → { $waits }
riichi-act-riichi-waits-furiten = Riichi { $piece } → { $waits } · furiten
riichi-riichi-waits = Waits { $waits }
riichi-riichi-waits-furiten = Waits { $waits } · furiten: tsumo only
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

## Round summaries
riichi-sum-headline = { $round }, { $honba } honba: { $what }
riichi-wins-ron = { $name } wins by ron from { $from }
riichi-wins-tsumo = { $name } wins by tsumo
riichi-wins-chankan = { $name } robs { $from }'s kan
riichi-wins-several = { $names } win by ron from { $from }
riichi-headline-draw = exhaustive draw
riichi-headline-play = in play
riichi-sum-still = The round is still in play.
riichi-abort-four-winds = abortive draw: four winds
riichi-abort-four-riichi = abortive draw: four riichi
riichi-abort-four-kans = abortive draw: four kans
riichi-abort-nine-terminals = abortive draw: nine terminals
riichi-abort-why-four-winds = The four first discards were the same wind, before any call (四風連打).
riichi-abort-why-four-riichi = All four players declared riichi (四家立直).
riichi-abort-why-four-kans = Four kans were made by more than one player (四開槓).
riichi-abort-why-nine-terminals = A player showed nine different terminals and honors on their first draw (九種九牌).
riichi-sum-abort = No payments: the dealer stays, honba + 1.
riichi-sum-winner = 🀄 **{ $win }** on { $piece }
riichi-han = { $n } han
riichi-sum-dora = dora { $n }
riichi-sum-aka = red fives { $n }
riichi-sum-ura = ura dora { $n }
riichi-sum-bonus = Plus { $list }
riichi-sum-value = **{ $han } han { $fu } fu — { $points } points**
riichi-sum-value-limit = **{ $han } han { $fu } fu — { $limit }, { $points } points**
riichi-sum-value-yakuman = **{ $limit } — { $points } points**
riichi-limit-mangan = mangan 満貫
riichi-limit-haneman = haneman 跳満
riichi-limit-baiman = baiman 倍満
riichi-limit-sanbaiman = sanbaiman 三倍満
riichi-limit-yakuman = yakuman 役満
riichi-limit-kazoe = counted yakuman 数え役満
riichi-sum-payments = Paid: { $list }
riichi-pay-ron = { $from } pays { $points }
riichi-pay-tsumo = { $others } from each non-dealer, { $dealer } from the dealer
riichi-pay-tsumo-dealer = { $each } from each player
riichi-pay-honba = + { $n } for the honba
riichi-pay-pot = + { $n } from the pot
riichi-sum-tenpai = { $name }: tenpai, waiting on { $waits }
riichi-sum-noten = { $name }: noten
riichi-sum-noten-payments = Noten payments: 3000 from the noten to the { $tenpai } tenpai, { $each } from each noten player. The dealer stays if tenpai; honba + 1.
riichi-sum-no-noten-payments = No noten payments. The dealer stays if tenpai; honba + 1.
riichi-sum-indicators = Dora indicators: { $pieces }
riichi-sum-ura-indicators = Ura dora indicators: { $pieces }

## The end of the game
riichi-final-first = 🥇 **{ $name }**: { $points } points → **{ $score }** (uma { $uma }, oka +20)
riichi-final-rank = { $place }. **{ $name }**: { $points } points → **{ $score }** (uma { $uma })
riichi-final-how = Final score: (points − { $return }) / 1000 + uma; the pot goes to the first.
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

## Switches (/momojan config game:riichi switch:… value:…)
riichi-switch-length = game length: `east` 東風戦 (four dealerships) or `south` 東南戦 (eight)
riichi-switch-dobon = ドボン: a player below 0 points ends the game
riichi-switch-kan-ura = カン裏ドラ: the ura indicators under kan indicators count too
riichi-switch-aka = 赤ドラ: one red five per suit (0m 0p 0s), each one dora
riichi-switch-two-han-shibari = 二翻しばり: from five honba a win needs 2 han of yaku
riichi-switch-agari-yame = 和がりやめ: the last round's dealer may end the game after a win
riichi-switch-double-ron = ダブロン: every ron on one discard wins (off: the nearest only)
riichi-switch-triple-ron = トリプルロン: three rons all win (off: the two nearest)
riichi-switch-kuitan = 喰いタン: all simples counts in an open hand

## Rules (/momojan rules game:riichi): for players who know basic mahjong
riichi-rules-1 = **Four players, the Simple!雀 rules.** 136 tiles; 25,000 points each, 30,000 return; East only (東風戦) or East and South (東南戦) by this server's `length`. Tiles read `1m`–`9m` (characters 萬), `1p`–`9p` (circles), `1s`–`9s` (bamboo), honors by their kanji 東南西北白發中; `0m 0p 0s` are the red fives, which count as dora when `aka` is on. The switches below are this server's: an admin changes them with `/momojan config game:riichi switch:… value:…`, and a match keeps the ones it started with.
riichi-rules-2 = **Playing here.** **My hand** on the table shows your 13 tiles in order with the drawn one apart, and exactly your legal moves: a discard is one click on its tile; riichi is a discard button too, or in the menu when many are legal (pick the tile: the waits it leaves are listed with how many are unseen, and furiten is said before you commit); chi and pon show the set they make. When a discard can be claimed, everyone who may claim it is asked at once and has the server's claim time; no answer is a pass. Pon and kan beat chi; the ron nearest the discarder comes first.
riichi-rules-3 = **Simple!雀 specifics.** Kuikae is forbidden (no discard of the claimed kind, nor of the other end of a two-sided chi). Furiten: a wait in your discards, a ron you let go (until your next discard) or one let go in riichi (for the round) blocks ron, never tsumo. Riichi needs 1,000 points and 4 tiles left; a ronned riichi discard costs no stick. A kan reveals its dora at once; at most four kans a round. Abortive draws (four winds, four riichi, four kans, nine terminals) keep the dealer. No nagashi mangan, no pao, no kiriage mangan; double yakuman exist and yakuman add up.
riichi-rules-4 = **Score.** Fu and han give the base points; mangan from 5 han (or 4 han 40 fu, 3 han 70 fu), haneman 6, baiman 8, sanbaiman 11, counted yakuman 13. Honba adds 300 to a win (100 from each payer on tsumo); the winner takes the riichi sticks (the nearest one with several rons). An exhaustive draw pays 3,000 from the noten to the tenpai players. The game ends after its last round (no West round), by dobon, or when the last dealer wins and ends it (agari-yame).
riichi-rules-5 = **The final score.** (points − 30,000) / 1,000, plus the uma +10 / +5 / −5 / −10 by rank and the oka +20 to the first; a pot left at the end goes to the first. Equal points rank by the seat order from the first dealer. Ratings count the finishing order. The yaku and their han: `/momojan yaku game:riichi`.
