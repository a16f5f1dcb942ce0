# かんたん麻雀ボドゲのメッセージ(日本語)。キーは en.ftl と同じ。ホストの文言は locales/ にある。

## 種類と面子
beginners-kind-man = 萬子
beginners-kind-pin = 筒子
beginners-kind-sou = 索子
beginners-kind-wind = 字牌
beginners-kind-dragon = 役牌
beginners-set-ko = { $kind }の刻子(たて)
beginners-set-shun = { $kind }の順子(よこ)
beginners-points = { $n }点
beginners-points-one = { $n }点
beginners-no-yaku = 役なし(和了れない)
beginners-held = { $n }枚
beginners-held-one = { $n }枚

## 卓と手札
beginners-stage-draw = ツモ
beginners-stage-discard = 打牌・リーチ・ツモ和了
beginners-stage-claims = ロン・ポン・チー・パス
beginners-stage-over = 局の終わり
beginners-table-stakes = 第**{ $n }**局 / 全{ $rounds }局 · 親 **{ $name }** · 供託 **{ $pot }**
beginners-hand-stakes = 第{ $n }局 / 全{ $rounds }局 · 親 **{ $name }** · 供託 { $pot }
beginners-pile = 山札: 残り{ $n }枚 / { $of }枚
beginners-claims-took = 直前の捨て札: { $discarder }の{ $card }は{ $name }の{ $answer }
beginners-claims-took-over = 直前の捨て札: { $discarder }の{ $card }は{ $name }の{ $answer }({ $beaten }より優先)
beginners-claims-beaten = { $name }の{ $answer }
beginners-claims-passed = 直前の捨て札: { $discarder }の{ $card }は全員パス
beginners-answer-ron = ロン
beginners-answer-pon = ポン
beginners-answer-chi = チー
beginners-answer-pass = パス

## 手札の説明
beginners-hand-units = 手札: メンツ{ $melds } · ターツ{ $taatsu } · 孤立牌{ $isolated } · アタマ{ $heads }
beginners-hand-tenpai = ✅ **テンパイ** — { $how }
beginners-wait-head = アタマ待ち: { $card }がもう一枚の{ $winning }でアタマになる({ $kind }待ち)
beginners-wait-meld = メンツ待ち: { $card }が{ $winning }でメンツになる({ $kind }待ち)
beginners-hand-worth = 和了ればロンで{ $ron }、ツモで{ $tsumo }。
beginners-hand-not-tenpai = まだテンパイではない。テンパイは「メンツ4+孤立牌1」か「メンツ3+アタマ1+ターツ1」。
beginners-hand-can-tsumo = 🎉 引いた札で手が完成: **ツモ**で和了れる!
beginners-hand-keep-tenpai = テンパイを保つ打牌: { $discards }
beginners-keep-one = { $card } → { $kind }待ち
beginners-hand-in-riichi = 🔒 リーチ中: 毎巡ツモって、和了るか引いた札を捨てる。
beginners-hand-answered = **{ $answer }**と答えた。全員が答えるまで他の人の答えは伏せられる。
beginners-claim-ron = ロン: { $card }で手が完成 — { $worth }({ $yaku })
beginners-claim-pon = ポン: { $taatsu }+{ $card } → { $set }を副露。その後は{ $after }
beginners-claim-chi = チー: { $taatsu }+{ $card } → { $set }を副露。その後は{ $after }
beginners-after-call-tenpai = テンパイ({ $kind }待ち)
beginners-after-call-not-tenpai = テンパイではない
beginners-claim-opens = ポン・チーをすると門前でなくなる: リーチできず、ツモの役もつかない。
beginners-hand-lost-claim = ⚠️ あなたの{ $mine }は{ $name }の{ $theirs }に負けた({ $why })。
beginners-lost-ron-first = ロンはポン・チーより優先
beginners-lost-nearest = 捨てた人から近い順に優先

## 選択肢
beginners-choice-draw = ツモる(残り{ $n }枚)
beginners-choice-tsumo = ツモ! { $worth }
beginners-choice-tenhou = ツモ! 配牌で天和 · { $n }点
beginners-choice-pass = パス
beginners-choice-ron = ロン! { $worth }
beginners-choice-pon = ポン { $card } → { $set }
beginners-choice-chi = チー { $card } → { $set }
beginners-choice-riichi = リーチ+{ $card }を捨てる → { $kind }待ち
beginners-riichi-detail = その後は{ $how }

## 行動(捨て札への答えは、聞かれた全員が答えるまで伏せられる)
beginners-act-draw = ツモ
beginners-act-tsumo = ツモ和了!
beginners-act-discard = 打{ $card }
beginners-act-riichi = リーチ { $card }
beginners-act-answer = 捨て札に回答
beginners-news-draw = { $who }がツモった
beginners-news-tsumo = { $who }がツモ和了!
beginners-news-discard = { $who }が{ $card }を捨てた
beginners-news-riichi = { $who }がリーチ(供託に1点)、{ $card }を捨てた
beginners-news-answer = { $who }が捨て札に回答した
beginners-news-round-won = **第{ $n }局**: { $headline } — { $total }点

## 局の結果と終局
beginners-wins-ron = { $name }のロン和了
beginners-wins-tsumo = { $name }のツモ和了
beginners-wins-tenhou = { $name }の天和(配牌で和了)
beginners-headline-draw = 流局
beginners-headline-play = 対局中
beginners-sum-total = **合計 { $total }**
beginners-sum-completed = 完成形: { $melds }、アタマは{ $head }
beginners-sum-won-ron = { $name }の捨てた{ $card }でロン
beginners-sum-won-tsumo = { $card }をツモって和了
beginners-sum-won-tenhou = 配られた5枚で和了(天和)
beginners-sum-pay-ron = 放銃した{ $name }が{ $total }点をすべて払う。
beginners-sum-pay-tsumo-one = { $name }が{ $total }点をすべて払う。
beginners-sum-pay-tsumo = { $total }点 ÷ { $others }人: 各{ $share }点を払う。
beginners-sum-pay-tsumo-rest-dealer = { $total }点 ÷ { $others }人: 各{ $share }点、余り{ $rest }点は親の{ $name }が上乗せで払う。
beginners-sum-pay-tsumo-rest-next = { $total }点 ÷ { $others }人: 各{ $share }点、余り{ $rest }点は次の親の{ $name }が上乗せで払う(親の和了)。
beginners-sum-pot = 供託の{ $pot }点も{ $name }へ。
beginners-sum-draw = 流局: 山札がなくなった。支払いはなく、供託は次の和了者へ持ち越し。
beginners-sum-tenpai = { $name }: テンパイ — { $how }
beginners-sum-noten = { $name }: ノーテン
beginners-final-place = { $place }位 **{ $name }** — { $points }点
beginners-final-pot = 終局時の供託({ $pot }点)は1位の{ $name }へ。
beginners-end-bust = 持ち点が0点未満になった
beginners-end-complete = 全員が2回ずつ親をした
beginners-end-resigned = 投了があった
beginners-end-forfeit = 時間切れが続いた
beginners-why-riichi = リーチ
beginners-why-win = 和了
beginners-why-pot = 供託
beginners-why-final-pot = 終局時の供託

## 拒否の理由
beginners-rule-game-over = 対局は終わっている
beginners-rule-round-over = この局は終わっている
beginners-rule-not-your-turn = あなたの番ではない
beginners-rule-already-answered = この捨て札にはもう答えている
beginners-rule-must-draw = 先にツモる
beginners-rule-already-drew = もうツモった: 捨てるか和了る
beginners-rule-not-in-hand = 手札に{ $card }がない
beginners-rule-riichi-locked = リーチ中は手が固定: 引いた札しか捨てられない
beginners-rule-riichi-already = もうリーチしている
beginners-rule-riichi-open = リーチは門前(ポン・チーなし)のみ
beginners-rule-riichi-no-point = リーチには1点必要だが持ち点が1点未満
beginners-rule-riichi-pile = リーチには山札が人数分以上必要
beginners-rule-riichi-not-tenpai = その打牌ではテンパイにならない
beginners-rule-no-win = この手は和了れない: この札でテンパイしていないか、役がない
beginners-rule-not-the-winning-card = 和了れるのは待ちの種類の孤立牌だけ、それも今引いた札だけ
beginners-rule-no-yaku = 和了には役が一つ以上必要
beginners-rule-must-answer = まず捨て札に答える: ロン・ポン・チー・パス
beginners-rule-nothing-to-answer = 答える捨て札がない
beginners-rule-no-pon = ポンには{ $kind }のたてのターツ(T-ko)が必要
beginners-rule-no-chi = チーには{ $kind }のよこのターツ(T-shun)が必要で、捨てた人の次の人だけができる
beginners-rule-call-in-riichi = リーチ中はポン・チーできない
beginners-rule-call-on-last-discard = 山札が空: 最後の捨て札はロンしかできない

## 役
beginners-yaku-yakuman = { $n }点(役満: 単独で数える)
beginners-yaku-yakuman-one = { $n }点(役満: 単独で数える)
beginners-yaku-each = 役牌のメンツ1つにつき{ $n }点
beginners-yaku-each-one = 役牌のメンツ1つにつき{ $n }点
beginners-yaku-if-tenhou = 親の配牌5枚がメンツ4+アタマ1で、最初のツモの前に宣言
beginners-yaku-if-daisuushii = メンツ4つがすべて字牌
beginners-yaku-if-daisangen = メンツ3つ以上が役牌
beginners-yaku-if-tsuuiisou = 5組(メンツとアタマ)がすべて字牌か役牌
beginners-yaku-if-chinitsu = 5組がすべて同じ一種類の数牌
beginners-yaku-if-honitsu = 5組が一種類の数牌と字牌・役牌だけ(両方を含む)
beginners-yaku-if-toitoi = メンツ4つがすべて刻子(たて)
beginners-yaku-if-pinfu = メンツ4つがすべて順子(よこ)
beginners-yaku-if-yakuhai = 役牌のメンツごと(役牌のアタマは数えない)
beginners-yaku-if-riichi = リーチして和了
beginners-yaku-if-tsumo = 門前(ポン・チーなし)でツモ和了

## ルール(麻雀をしたことがない人へ)
beginners-rules-1 =
    🔰 **5枚でする麻雀。** 麻雀の和了形はいつも「**メンツ4つとアタマ1つ**」(アタマは対子)。このゲームでは札1枚が牌のひとまとまりなので、その形だけを覚えればいい。
    
    2〜4人、持ち点は15点。手札は5枚で、自分の番に1枚ツモって1枚捨てる。全員が2回ずつ親をしたら終局(誰かの持ち点が0点未満になればその時点で終局)。
beginners-rules-2 =
    🃏 **札は4種類。**
    • **メンツ**(M): 完成した組 — 5・5・5のような刻子(たて、`M-ko`)か、3・4・5のような順子(よこ、`M-shun`)。
    • **ターツ**(T): あと1枚でメンツになる組 — 5・5のたて(`T-ko`)か3・4のよこ(`T-shun`)。
    • **孤立牌**(I): 1枚だけの牌。鳴けるのも和了れるのも孤立牌だけ。
    • **アタマ**(H): 手に必要な対子。
    
    札には種類もある: 数牌の**萬子**(man)・**筒子**(pin)・**索子**(sou)は刻子も順子も、**字牌**(wind)と**役牌**(dragon)は刻子だけ。`M-shun-pin`は筒子の順子、`T-ko-dragon`はあと1枚で刻子になる役牌の対子。
    絵柄では、牌3枚がメンツ、2枚と空の枠がターツ、大きな1枚が孤立牌、金色の札に2枚がアタマ。並んだ牌は刻子、階段状なら順子。色が種類。
beginners-rules-3 =
    ⏳ **テンパイ: あと1枚で和了。** 5枚の手がテンパイなのは次の二つの形だけ。
    • **アタマ待ち**: メンツ4+孤立牌1。同じ種類の孤立牌がもう1枚来ればアタマになる。
    • **メンツ待ち**: メンツ3+アタマ1+ターツ1。ターツと同じ種類の孤立牌が来れば4つ目のメンツになる。
    
    ほかの形はテンパイではない。ポン・チーで副露したメンツもメンツに数える。手札の説明に、札の内訳・テンパイかどうか・和了れる札が出る。
beginners-rules-4 =
    🀄 **和了と鳴き。** 待ちと同じ種類の孤立牌で和了る: 自分で引けば**ツモ**、人の捨て札なら**ロン**。和了には役が一つ以上必要。
    
    誰かが孤立牌を捨てると、それを取れる人全員に同時に聞く: **ロン**、その種類の`T-ko`を持っていれば**ポン**、その種類の`T-shun`を持っていて捨てた人の次の人なら**チー**。ロンはポン・チーより優先、同じ強さなら捨てた人から近い人が優先なので、チーはポンに勝つ。ポン・チーしたらメンツを表向きに置き、ツモも打牌もせず、自分の次の人の番になる。山札が空のときの捨て札はロンのみ。フリテンはない。
beginners-rules-5 =
    🔒 **リーチ。** 門前(ポン・チーなし)で、打牌した後もテンパイなら、その打牌でリーチできる: 1点を供託に出し、以後は和了れる札でなければ引いた札を捨て続ける。リーチは役になる。
    
    ✨ **役**(点数は足し算): リーチ1、門前ツモ1、役牌のメンツ1つごとに1、平和(すべて順子)3、トイトイ(すべて刻子)3、ホンイツ3、チンイツ6、役満(大三元・大四喜・字一色・天和)は12でほかの役は数えない。`/momojan yaku game:beginners` も参照。
beginners-rules-6 =
    💰 **支払い。** ロンは捨てた人が全額を払う。ツモは他の全員で分ける: 各自が合計 ÷ (人数 − 1) を払い、割り切れない余りは親が上乗せで払う(親の和了なら次の親)。和了った人は供託も受け取る。
    
    山札がなくなれば流局: 支払いはなく、全員の手とテンパイかどうかを見せる。親は毎局次の人へ回る。全員が2回ずつ親をするか、誰かの持ち点が0点未満になったら終局。持ち点の多い順に順位を決め(同点は最初の親から手番順で先の人が上)、残った供託は1位へ。

## 教える卓 (issue 39): 各選択肢のヒントと打牌の理由
beginners-teach-draw = ツモ：手番は山の先頭のカードを引くことから
beginners-teach-win = 和了
beginners-teach-discard = { $card } を切る → { $after }
beginners-teach-riichi = リーチ { $card } → { $after }
beginners-teach-call = { $taatsu } と { $card } で面子 → { $after }
beginners-teach-call-any = 捨て札で面子を作る
beginners-teach-pass = パス → 手は { $after } のまま
beginners-teach-ready = テンパイ：{ $card } で和了（見えていない { $unseen } 枚）
beginners-teach-away = テンパイまであと { $n }
beginners-teach-away-melds = テンパイまであと { $n }、{ $melds }
beginners-teach-completes = { $card } で { $taatsu } が面子に（見えていない { $unseen } 枚）
beginners-reason-win = 和了：役のある四面子一雀頭
beginners-reason-draw = 手番はツモから
beginners-reason-riichi = { $card } でリーチ：テンパイで、リーチが役になる
beginners-reason-safe = { $player } がリーチ：ロンされるのは孤立札だけで、{ $card } は孤立札ではない
beginners-reason-closest = { $card } を切ると最もテンパイに近い
beginners-reason-other = { $card } を切る（テンパイにより近い打牌もある）
beginners-reason-call = { $card } を鳴くと面子ができ、役を残してテンパイに近づく
beginners-reason-call-any = 鳴くと面子ができ、役を残してテンパイに近づく
beginners-reason-pass = { $card } を鳴いても役を残してテンパイに近づかない
beginners-reason-pass-any = どの鳴きも役を残してテンパイに近づかない
## ハイライト(局の後と対局の後)
beginners-hl-big-hand = 💥 **最大の和了**: { $player }が第{ $round }局で{ $points }点を和了。
beginners-hl-comeback = 🔥 **逆転**: { $player }は第{ $round }局の後に最下位(トップと{ $behind }点差)から1位で終了。
beginners-hl-deal-ins = 🎯 **放銃続き**: { $player }はこの対局で{ $count }回放銃({ $points }点)。
beginners-hl-hot-streak = 🔥 **連続和了**: { $player }が第{ $round }局まで{ $count }局連続で和了。
beginners-hl-winless = 🌧️ **和了なし**: { $player }は{ $rounds }局で一度も和了できなかった。
beginners-hl-big-deal-in = 💣 { $player }が{ $winner }の{ $points }点の手に放銃。
