# 将棋麻雀の文言（日本語）。キーは en.ftl と同じ。

## 卓と手牌
shogi-stage-turn = 打牌・カン・ツモ・リーチ
shogi-stage-after-pon = ポン後の打牌
shogi-stage-claim = ツモ・ポン・カン・ロン
shogi-stage-rob = 槍槓のロンかパス
shogi-stage-over = 局の終わり
shogi-table-stakes = 親：**{ $name }** · { $honba }本場 · 供託 **{ $pot }** · 最低 { $minimum }飜
shogi-table-wall = ドラ表示牌：{ $indicators } · 山 残り{ $wall }
shogi-hand-stakes = 親 **{ $name }** · { $honba }本場 · 供託 { $pot } · 最低 { $minimum }飜
shogi-hand-dora = ドラ { $dora }
shogi-dora-one = { $dora }（表示牌 { $indicator }）
shogi-hand-wall = 山：残り{ $wall }枚
shogi-held = { $n }枚
shogi-hand-tenpai = テンパイ — 待ち：{ $waits }
shogi-wait-left = { $piece } 見えていない{ $n }枚
shogi-hand-furiten = ⚠️ フリテン：いまはロンできません（捨て駒に待ちがある、またはロンを見逃した）。ツモは可。

## 行動
shogi-act-draw = ツモ（残り{ $n }）
shogi-act-draw-short = ツモ
shogi-act-pon = ポン { $group }
shogi-act-open-kan = 大明槓 { $group }
shogi-act-closed-kan = 暗槓 { $group }
shogi-act-added-kan = 加槓 { $group }
shogi-act-ron = ロン！
shogi-act-tsumo = ツモ！
shogi-act-discard = { $piece }
shogi-act-riichi = リーチ { $piece }
shogi-act-riichi-waits = リーチ＋{ $piece }切り → { $waits }
shogi-act-riichi-risk = ⚠️ リーチ＋{ $piece }切り → { $waits } · フリテン：チョンボの恐れ
shogi-riichi-waits = 待ち：{ $waits }
shogi-riichi-risk = 待ち：{ $waits } — フリテンのため、流局するとこのリーチはチョンボ（15点）
shogi-act-pass = パス

## 経過
shogi-news-draw = { $who }がツモりました
shogi-news-pon = { $who }がポン { $group }
shogi-news-open-kan = { $who }が大明槓 { $group }
shogi-news-closed-kan = { $who }が暗槓 { $group }
shogi-news-added-kan = { $who }がポンに{ $piece }を加えて加槓
shogi-news-ron = { $who }がロン和了！
shogi-news-tsumo = { $who }がツモ和了！
shogi-news-discard = { $who }が{ $piece }を捨てました
shogi-news-riichi = { $who }がリーチ（供託2本）、{ $piece }切り
shogi-news-pass = { $who }がパス
shogi-news-round-won = **第{ $n }局**：{ $headline } — { $total }点

## 局の結果と終局
shogi-wins-ron = { $name }のロン和了
shogi-wins-tsumo = { $name }のツモ和了
shogi-wins-chankan = { $name }の槍槓
shogi-headline-draw = 流局
shogi-han = { $n }飜
shogi-sum-dora = ドラ — { $n }
shogi-sum-kan-bonus = 槓の加算 — { $n }
shogi-sum-honba = 本場 — { $n }
shogi-sum-win-bonus = バンバン — { $n }
shogi-sum-total = **{ $total }点**
shogi-sum-won-ron = { $piece }でロン
shogi-sum-won-tsumo = { $piece }でツモ
shogi-sum-won-chankan = { $piece }の槓を槍槓
shogi-sum-won-dealt = 配牌で和了（天和）
shogi-sum-draw = 流局：供託は残り、2本場加算、親は続きます。
shogi-sum-tenpai = { $name }：テンパイ
shogi-sum-noten = { $name }：ノーテン
shogi-sum-chombo = { $name }：チョンボ — フリテンでリーチ、15点の支払い
shogi-sum-indicators = ドラ表示牌：{ $pieces } · 最低 { $minimum }飜
shogi-final-score = 最終スコア（{ $return }返し）：{ $a } { $sa } · { $b } { $sb }
shogi-end-bust = 持ち点が0未満（箱下）
shogi-end-round-limit = 第32局まで終了
shogi-end-resigned = 相手の投了
shogi-end-forfeit = 相手が3手番続けて時間切れ
shogi-why-riichi = リーチ棒
shogi-why-win = 和了
shogi-why-pot = 供託
shogi-why-chombo = チョンボ
shogi-why-noten = ノーテン罰符
shogi-why-final-pot = 終局時の供託

## 拒否の理由
shogi-rule-game-over = 対局は終わっています
shogi-rule-round-over = 局は終わっています
shogi-rule-not-your-turn = あなたの手番ではありません
shogi-rule-wall-empty = 山が空なのでツモれません
shogi-rule-no-draw = いまはツモれません
shogi-rule-not-in-hand = 手に{ $piece }がありません
shogi-rule-riichi-locked = リーチ中は手が固定され、ツモった駒しか捨てられません
shogi-rule-must-discard = ポンの後は打牌です
shogi-rule-nothing-to-claim = いま鳴ける捨て駒はありません
shogi-rule-bad-pon = そのポンはできません
shogi-rule-bad-kan = そのカンはできません
shogi-rule-no-win = ここでは和了れません（和了形、最低飜数、歩での和了には中役以上が必要）
shogi-rule-furiten = フリテンなのでロンできません
shogi-rule-bad-riichi = リーチには門前、2点、山の残り、打牌後のテンパイが必要です
shogi-rule-nothing-to-pass = パスするものがありません
shogi-rule-not-now = いまは{ $action }できません

## 役
shogi-yaku-two = 門前{ $closed }飜 · 副露{ $open }飜
shogi-yaku-closed-only = { $n }飜（門前のみ）
shogi-yaku-open-only = { $n }飜（副露のみ）
shogi-yaku-if-riichi = リーチして和了（最低飜数には1と数える）
shogi-yaku-if-tsumo = 門前でツモ和了
shogi-yaku-if-tenhou = 親が配牌8枚で和了
shogi-yaku-if-chiihou = 子が鳴き・カンの前の第一ツモで和了
shogi-yaku-if-renhou = 子が親の第一打でロン
shogi-yaku-if-yakuhai = 大駒の雀頭・面子ごと
shogi-yaku-if-tsuuiisou = 付け歩以外に歩がない
shogi-yaku-if-rinshan = 嶺上牌でツモ和了
shogi-yaku-if-chankan = カンを槍槓でロン
shogi-yaku-if-toitoi = 2面子とも刻子
shogi-yaku-if-yontoitsu = 4つの対子
shogi-yaku-if-kokushi = 全種1枚ずつ
shogi-yaku-if-fuiisou = 8枚すべて歩
shogi-yaku-if-kogoma = 歩の雀頭、香の刻子、桂の刻子
shogi-yaku-if-nikantsu = 2つのカン
shogi-yaku-if-nikantsu-kogoma = 歩の雀頭、香のカン、桂のカン
shogi-yaku-if-shugo = 玉の雀頭、金の刻子、銀の刻子
shogi-yaku-if-nikantsu-shugo = 玉の雀頭、金のカン、銀のカン
shogi-yaku-if-suushii = 香・桂・銀・金の対子
shogi-yaku-if-shousangen = 玉の面子、別の大駒の面子、残る大駒の雀頭
shogi-yaku-if-daisangen = 玉の雀頭、飛の面子、角の面子
shogi-yaku-if-shitennou = 金・銀・角・飛の対子

## ルール
shogi-rules-1 = **2人対戦・将棋の駒34枚。** 歩×12、風牌 香・桂・銀・金×4、大駒 角・飛・玉×2。持ち点は各30点。親は8枚、子は7枚で始めます。
shogi-rules-2 = **手番。** 山からツモる（他に選べる手がないときはボットが自動でツモります）か、相手の捨て駒をポン・大明槓・ロンし、1枚捨てます。チーはありません。8枚の和了形は2面子と雀頭、四対子、国士無双。面子は 歩歩歩、同じ風牌3枚か4枚、大駒2枚と歩（角角歩）。
shogi-rules-3 = **カン。** 大明槓（風牌3枚＋捨て駒）、暗槓（風牌4枚）、加槓（ポンに風牌を加える）。カンのたびに山の最後の駒が新しいドラ表示牌になり、嶺上牌をツモります。
shogi-rules-4 = **リーチ。** 門前でテンパイ、持ち点2以上なら打牌とともに宣言：2本が供託に入り、手は固定されます。フリテンでのリーチは流局するとチョンボ（15点）。フリテン：捨て駒に待ちがある、またはロンを見逃すとロン不可（ツモは可）。
shogi-rules-5 = **和了と得点。** 役で2飜（5本場から4飜）以上、歩で和了るなら中役以上が必要。得点＝飜＋ドラ＋槓の加算＋本場＋2。放銃者が払い、供託は和了者へ。流局：チョンボ15、なければノーテンが5を払う。0未満で終局、最終スコアは40返し。/momojan yaku game:shogi も参照。

## 教える卓 (issue 39): 各選択肢のヒントと打牌の理由
shogi-teach-draw = 山からツモ（捨て駒は見送る）
shogi-teach-win = 和了
shogi-teach-discard = { $piece } を切る → { $after }
shogi-teach-riichi = リーチ { $piece } → { $after }
shogi-teach-call = 鳴き → 打牌後の待ちは最大 { $waits } 種・門前でなくなる
shogi-teach-kan = カン { $piece }：新ドラ表示駒と嶺上ツモ
shogi-teach-pass = パス：ロンを見送る
shogi-teach-ready = テンパイ、待ち { $pieces }（見えていない { $unseen } 枚）
shogi-teach-one-away = あと1枚でテンパイ：{ $pieces }（見えていない { $unseen } 枚）
shogi-teach-far = テンパイまで2枚以上
shogi-reason-win = 和了：役のある完成形
shogi-reason-draw = { $piece } を鳴いても和了に近づかない：ツモで門前を保つ
shogi-reason-draw-plain = 手番はツモから
shogi-reason-riichi = { $piece } でリーチ：テンパイで、リーチが役になる
shogi-reason-safe = { $piece } は { $player } のリーチに安全：その捨て駒にある
shogi-reason-waits = { $piece } を切ると和了の形が最も多く残る
shogi-reason-shape = { $piece } を切っても対子と面子が最も多く残る
shogi-reason-other = { $piece } を切る（より多く待てる打牌もある）
shogi-reason-call = { $piece } を鳴くと和了に向けて面子ができる
shogi-reason-call-plain = 鳴くと和了に向けて面子ができる
shogi-reason-kan = { $piece } のカンは手を崩さず、新ドラをめくる
shogi-reason-pass = ロンを見送る
## ハイライト(局の後と対局の後)
shogi-hl-big-hand = 💥 **最大の和了**: { $player }が第{ $round }局で{ $points }点を和了。
shogi-hl-comeback = 🔥 **逆転**: { $player }は第{ $round }局の後に最下位(トップと{ $behind }点差)から1位で終了。
shogi-hl-deal-ins = 🎯 **放銃続き**: { $player }はこの対局で{ $count }回放銃({ $points }点)。
shogi-hl-hot-streak = 🔥 **連続和了**: { $player }が第{ $round }局まで{ $count }局連続で和了。
shogi-hl-winless = 🌧️ **和了なし**: { $player }は{ $rounds }局で一度も和了できなかった。
shogi-hl-big-deal-in = 💣 { $player }が{ $winner }の{ $points }点の手に放銃。
