# The beginners' card mahjong's own messages (English): its cards' words, stages, hand notes,
# choices, results, refusals, yaku and rules. Every key here must also be in ja.ftl; the
# host's messages are in locales/.

## Kinds and sets
beginners-kind-man = man
beginners-kind-pin = pin
beginners-kind-sou = sou
beginners-kind-wind = wind
beginners-kind-dragon = dragon
beginners-set-ko = { $kind } triplet
beginners-set-shun = { $kind } sequence
beginners-points = { $n } points
beginners-points-one = { $n } point
beginners-no-yaku = no yaku (no win)
beginners-held = { $n } cards
beginners-held-one = { $n } card

## The table and the hand
beginners-stage-draw = draw
beginners-stage-discard = discard, riichi or tsumo
beginners-stage-claims = ron, pon, chi or pass
beginners-stage-over = round over
beginners-table-stakes = Round **{ $n }** of { $rounds } · dealer (親) **{ $name }** · pot **{ $pot }**
beginners-hand-stakes = Round { $n } of { $rounds } · dealer (親) **{ $name }** · pot { $pot }
beginners-pile = Draw pile: { $n } of { $of } left
beginners-claims-took = Last discard: { $name }'s { $answer } took { $discarder }'s { $card }
beginners-claims-took-over = Last discard: { $name }'s { $answer } took { $discarder }'s { $card }, over { $beaten }
beginners-claims-beaten = { $name }'s { $answer }
beginners-claims-passed = Last discard: { $discarder }'s { $card } lies — everyone asked passed
beginners-answer-ron = ron
beginners-answer-pon = pon
beginners-answer-chi = chi
beginners-answer-pass = pass

## Notes of a hand
beginners-hand-units = Your units: melds { $melds } · taatsu { $taatsu } · isolated { $isolated } · heads { $heads }
beginners-hand-tenpai = ✅ **Tenpai** — { $how }
beginners-wait-head = head wait: { $card } waits for another { $winning } to make the head (wins on { $kind })
beginners-wait-meld = meld wait: { $card } waits for { $winning } to make a meld (wins on { $kind })
beginners-hand-worth = A win is worth { $ron } by ron, { $tsumo } by tsumo.
beginners-hand-not-tenpai = Not tenpai yet. Tenpai is 4 melds + 1 isolated card, or 3 melds + 1 head + 1 taatsu.
beginners-hand-can-tsumo = 🎉 The card you drew completes your hand: **Tsumo** wins!
beginners-hand-keep-tenpai = Discards that keep you tenpai: { $discards }
beginners-keep-one = { $card } (then wins on { $kind })
beginners-hand-in-riichi = 🔒 Riichi: each turn you draw, then win by tsumo or throw the card you drew.
beginners-hand-answered = You answered **{ $answer }**. The others' answers stay hidden until all have answered.
beginners-claim-ron = Ron: { $card } completes your hand — { $worth } ({ $yaku })
beginners-claim-pon = Pon: your { $taatsu } + { $card } → an open { $set }; then { $after }
beginners-claim-chi = Chi: your { $taatsu } + { $card } → an open { $set }; then { $after }
beginners-after-call-tenpai = tenpai, waiting on { $kind }
beginners-after-call-not-tenpai = not tenpai
beginners-claim-opens = A pon or chi opens your hand: no riichi, and tsumo is a yaku for closed hands only.
beginners-hand-lost-claim = ⚠️ Your { $mine } lost to { $name }'s { $theirs } ({ $why }).
beginners-lost-ron-first = ron comes before pon and chi
beginners-lost-nearest = the nearest to the discarder goes first

## Choices
beginners-choice-draw = Draw ({ $n } left)
beginners-choice-tsumo = Tsumo! { $worth }
beginners-choice-tenhou = Tsumo! 天和 on the dealt cards · { $n } points
beginners-choice-pass = Pass
beginners-choice-ron = Ron! { $worth }
beginners-choice-pon = Pon { $card } → { $set }
beginners-choice-chi = Chi { $card } → { $set }
beginners-choice-riichi = Riichi + discard { $card } → waits on { $kind }
beginners-riichi-detail = Then { $how }

## Moves (an answer to a discard is secret until everyone asked has answered)
beginners-act-draw = Draw
beginners-act-tsumo = Tsumo!
beginners-act-discard = Discard { $card }
beginners-act-riichi = Riichi { $card }
beginners-act-answer = Answered the discard
beginners-news-draw = { $who } drew
beginners-news-tsumo = { $who } won by tsumo!
beginners-news-discard = { $who } discarded { $card }
beginners-news-riichi = { $who } declared riichi (1 point to the pot), discarding { $card }
beginners-news-answer = { $who } answered the discard
beginners-news-round-won = **Round { $n }**: { $headline } — { $total } points

## Round summaries and the end
beginners-wins-ron = { $name } wins by ron
beginners-wins-tsumo = { $name } wins by tsumo
beginners-wins-tenhou = { $name } wins on the dealt cards (天和)
beginners-headline-draw = exhaustive draw
beginners-headline-play = still in play
beginners-sum-total = **Total: { $total }**
beginners-sum-completed = Completed hand: { $melds } — and a { $head } head
beginners-sum-won-ron = Won by ron on { $card }, discarded by { $name }
beginners-sum-won-tsumo = Won by tsumo with { $card }
beginners-sum-won-tenhou = Won on the five dealt cards (天和)
beginners-sum-pay-ron = { $name } discarded it and pays all { $total }.
beginners-sum-pay-tsumo-one = { $name } pays all { $total }.
beginners-sum-pay-tsumo = { $total } ÷ { $others } players: each pays { $share }.
beginners-sum-pay-tsumo-rest-dealer = { $total } ÷ { $others } players: each pays { $share }, and the dealer { $name } pays the remainder { $rest } on top.
beginners-sum-pay-tsumo-rest-next = { $total } ÷ { $others } players: each pays { $share }, and the next dealer { $name } pays the remainder { $rest } on top (the dealer won).
beginners-sum-pot = The pot's { $pot } goes to { $name } too.
beginners-sum-draw = Exhaustive draw (流局): the pile ran out. Nobody pays; the pot stays for the next winner.
beginners-sum-tenpai = { $name }: tenpai — { $how }
beginners-sum-noten = { $name }: not tenpai
beginners-final-place = { $place }. **{ $name }** — { $points } points
beginners-final-pot = The pot left at the end ({ $pot }) went to { $name }, ranked first.
beginners-end-bust = a balance fell below 0
beginners-end-complete = every player dealt twice
beginners-end-resigned = a player resigned
beginners-end-forfeit = a player ran out of time too often
beginners-why-riichi = riichi
beginners-why-win = win
beginners-why-pot = pot
beginners-why-final-pot = pot at the end

## Refusals
beginners-rule-game-over = the game is over
beginners-rule-round-over = the round is over
beginners-rule-not-your-turn = it is not your turn
beginners-rule-already-answered = you have answered this discard already
beginners-rule-must-draw = draw a card first
beginners-rule-already-drew = you have drawn already: discard a card or win
beginners-rule-not-in-hand = you have no { $card } in your hand
beginners-rule-riichi-locked = in riichi your hand is locked: you can only discard the card you drew
beginners-rule-riichi-already = you are in riichi already
beginners-rule-riichi-open = riichi needs a closed hand (no pon or chi)
beginners-rule-riichi-no-point = riichi costs 1 point and your balance is below 1
beginners-rule-riichi-pile = riichi needs at least one card in the draw pile per player
beginners-rule-riichi-not-tenpai = your hand would not be tenpai after this discard
beginners-rule-no-win = this hand does not win: it is not tenpai on this card, or it has no yaku
beginners-rule-not-the-winning-card = only an isolated card of your wait wins, and only the one you just drew
beginners-rule-no-yaku = a win needs at least one yaku
beginners-rule-must-answer = answer the discard first: ron, pon, chi or pass
beginners-rule-nothing-to-answer = there is no discard to answer
beginners-rule-no-pon = pon needs a { $kind } pair-shape taatsu (T-ko) in your hand
beginners-rule-no-chi = chi needs a { $kind } sequence-shape taatsu (T-shun), and only the discarder's next player may chi
beginners-rule-call-in-riichi = in riichi you cannot pon or chi
beginners-rule-call-on-last-discard = the draw pile is empty: the last discard can only be ronned

## Yaku
beginners-yaku-yakuman = { $n } points (yakuman: counts alone)
beginners-yaku-yakuman-one = { $n } point (yakuman: counts alone)
beginners-yaku-each = { $n } points per dragon meld
beginners-yaku-each-one = { $n } point per dragon meld
beginners-yaku-if-tenhou = the dealer's five dealt cards are 4 melds and a head, declared before the first draw
beginners-yaku-if-daisuushii = all 4 melds are wind
beginners-yaku-if-daisangen = 3 or more melds are dragon
beginners-yaku-if-tsuuiisou = all 5 sets (melds and head) are wind or dragon
beginners-yaku-if-chinitsu = all 5 sets are of one suit
beginners-yaku-if-honitsu = all 5 sets are one suit and honours, with at least one of each
beginners-yaku-if-toitoi = all 4 melds are triplets (ko)
beginners-yaku-if-pinfu = all 4 melds are sequences (shun)
beginners-yaku-if-yakuhai = each dragon meld (a dragon head does not count)
beginners-yaku-if-riichi = you declared riichi
beginners-yaku-if-tsumo = a closed hand (no pon or chi) wins by tsumo

## Rules (for someone who has never played mahjong)
beginners-rules-1 =
    🔰 **Mahjong in five cards.** In mahjong a winning hand is always **four sets and a head** (a pair). Here every card already is a whole group of tiles, so the only thing to learn is that shape.
    
    2 to 4 players, 15 points each. Everyone holds 5 cards; on your turn you draw one and discard one. Each player deals twice, then the game ends (or sooner, when someone's points fall below 0).
beginners-rules-2 =
    🃏 **Four kinds of card.**
    • **Meld** (M, メンツ): a finished set — a triplet like 5-5-5 (`M-ko`) or a sequence like 3-4-5 (`M-shun`).
    • **Taatsu** (T, ターツ): a set one tile short — a pair shape like 5-5 (`T-ko`) or a sequence shape like 3-4 (`T-shun`).
    • **Isolated** (I, 孤立牌): a single tile. Only isolated cards can be claimed, and only they win.
    • **Head** (H, アタマ): the pair your hand needs.
    
    Every card also has a kind: the suits **man**, **pin** and **sou** (triplets and sequences) and the honours **wind** and **dragon** (triplets only). `M-shun-pin` is a pin sequence; `T-ko-dragon` a dragon pair waiting for its third tile.
    On the card art, three tiles make a meld, two and an empty outline a taatsu, one big tile an isolated card, two on gold the head; level tiles are a triplet, climbing ones a sequence; the colour is the kind.
beginners-rules-3 =
    ⏳ **Tenpai: one card from winning.** A hand of 5 is tenpai in exactly two shapes:
    • **Head wait**: 4 melds + 1 isolated card. Another isolated card of the same kind makes the head.
    • **Meld wait**: 3 melds + 1 head + 1 taatsu. An isolated card of the taatsu's kind makes the fourth meld.
    
    Nothing else is tenpai. Open melds (from pon or chi) count as melds. Your hand tells you what your cards are, whether you are tenpai and which card wins.
beginners-rules-4 =
    🀄 **Winning and claims.** Win with an isolated card of your wait's kind: draw it (**tsumo**) or take another player's discard (**ron**). A win needs at least one yaku.
    
    When someone discards an isolated card, everyone who can claim it is asked at once: **ron**; **pon** if you hold a `T-ko` of its kind; **chi** if you hold a `T-shun` of its kind and you are the discarder's next player. A ron goes before pon and chi; among equals the player nearest after the discarder wins, so a chi beats a pon. After a pon or chi you lay the meld open and do not draw or discard: the player after you plays. The discard made when the pile is empty can only be ronned. There is no furiten.
beginners-rules-5 =
    🔒 **Riichi.** With a closed hand (no pon or chi) that stays tenpai after your discard, you may declare riichi with that discard: 1 point goes to the pot, and from then on you discard every card you draw unless it wins. Riichi is a yaku.
    
    ✨ **Yaku** (points add up): riichi 1; tsumo with a closed hand 1; each dragon meld 1; all sequences 3; all triplets 3; one suit with honours 3; one suit only 6; the yakuman (big three dragons, big four winds, all honours, 天和) 12 and nothing else. See `/momojan yaku game:beginners`.
beginners-rules-6 =
    💰 **Paying.** On a ron the player who discarded pays the whole win. On a tsumo the others share it: each pays the total ÷ (players − 1), and the dealer pays what is left over (the next dealer, when the dealer won). The winner also takes the pot.
    
    When the draw pile runs out, the round ends with no payment and every hand is shown with its tenpai. The deal passes on after every round. The game ends after each player has dealt twice, or at once when a balance falls below 0; the highest balance wins (ties: the one earlier in turn order from the first dealer) and takes any pot left.

## Teaching tables (issue 39): each choice's hint and a move's reason
beginners-teach-draw = Draw: a turn starts with the front card of the pile
beginners-teach-win = Wins the hand
beginners-teach-discard = { $card } → { $after }
beginners-teach-riichi = Riichi { $card } → { $after }
beginners-teach-call = { $taatsu } + { $card } make a meld → { $after }
beginners-teach-call-any = Makes a meld with the discard
beginners-teach-pass = Pass → the hand stays { $after }
beginners-teach-ready = tenpai: { $card } wins ({ $unseen } unseen)
beginners-teach-away = { $n } from tenpai
beginners-teach-away-melds = { $n } from tenpai; { $melds }
beginners-teach-completes = { $card } completes { $taatsu } ({ $unseen } unseen)
beginners-reason-win = it wins: four melds and a head with a yaku
beginners-reason-draw = a turn starts with a draw
beginners-reason-riichi = riichi with { $card }: the hand is ready, and riichi gives it a yaku
beginners-reason-safe = { $player } is in riichi: only an isolated card can be ronned, and { $card } is not one
beginners-reason-closest = { $card } keeps the hand closest to tenpai
beginners-reason-other = { $card } goes, though another discard would keep the hand closer to tenpai
beginners-reason-call = taking { $card } completes a meld: tenpai comes nearer with a yaku in reach
beginners-reason-call-any = the call completes a meld: tenpai comes nearer with a yaku in reach
beginners-reason-pass = taking { $card } would not bring tenpai nearer with a yaku in reach
beginners-reason-pass-any = no call would bring tenpai nearer with a yaku in reach
## Highlights (after a round and after the game): { $player } is the player it is about
beginners-hl-big-hand = 💥 **Biggest hand**: { $player } won { $points } points in round { $round }.
beginners-hl-comeback = 🔥 **Comeback**: { $player } was last after round { $round }, { $behind } points behind the leader, and finished first.
beginners-hl-deal-ins = 🎯 **Target practice**: { $player } dealt in { $count } times this game ({ $points } points).
beginners-hl-hot-streak = 🔥 **On fire**: { $player } won { $count } rounds in a row, up to round { $round }.
beginners-hl-winless = 🌧️ **Dry spell**: { $player } won none of the { $rounds } rounds.
beginners-hl-big-deal-in = 💣 { $player } dealt in to { $winner }'s { $points }-point hand.
