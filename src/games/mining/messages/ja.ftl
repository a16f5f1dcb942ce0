# 採掘麻雀のメッセージ(日本語)。en.ftl と同じキーを持つ。役の翻数と条件はリーチ麻雀のもの。

## 卓と手牌
mining-stage-turn = 移動して、打牌・カン・リーチ・ツモ
mining-stage-claim = ロン・チー・ポン・カン・パス
mining-round-east = 東{ $n }局
mining-round-south = 南{ $n }局
mining-round-line = **{ $round }** · { $honba }本場 · 供託リーチ棒 { $sticks }本 · { $last }手番中 { $turn }手番目
mining-dora-line = ドラ表示牌 { $indicators } → ドラ { $dora }
mining-pieces-line = 駒の位置: { $list }
mining-piece-at = { $name } { $cell }(高さ { $height })
mining-seat-east = 東家
mining-seat-south = 南家
mining-seat-west = 西家
mining-seat-north = 北家
mining-your-piece = あなたは **{ $wind }**。駒は { $cell }、高さ { $height }。手牌は { $size } 枚です。
mining-held = { $n }枚
mining-hand-tenpai = 聴牌 — 待ち { $waits }
mining-hand-furiten = ⚠️ フリテン:今はロンできません(待ち牌を捨てているか、ロンを見逃しました)。ツモ和了はできます。
mining-pending-path = ここまでの経路: { $path } — さらに進むか「決定」を押してください。
mining-pending-tiles = { $pieces } を置きます — 選んだマス: { $cells }。次の牌のマスを選んでください(近くのマス、または列→行)。
mining-pending-column = { $pieces } を置きます — 選んだマス: { $cells }。列 x = { $x }:行を選んでください。
mining-pending-target = ワープ:駒を置くマスを選んでください(列→行)。
mining-dir-n = ⬆️ 北へ
mining-dir-e = ➡️ 東へ
mining-dir-s = ⬇️ 南へ
mining-dir-w = ⬅️ 西へ

## 行動
mining-act-step = { $dir }一歩
mining-act-go = 決定
mining-act-stay = 動かない
mining-act-these = この牌で決定
mining-act-discard = { $piece }を捨てる
mining-act-riichi = リーチ { $piece }
mining-act-warp = { $pieces } でワープ
mining-act-place = { $cell } に置く
mining-act-column = 列 x = { $x }
mining-act-row = 行 y = { $y }
mining-act-back = 戻る
mining-act-tsumo = ツモ!
mining-act-tsumo-leaving = ツモ!({ $piece }を外して)
mining-act-ron = ロン!
mining-act-ron-on = ロン! { $piece }
mining-act-chi = チー { $group }
mining-act-pon = ポン { $group }
mining-act-open-kan = 大明槓 { $group }
mining-act-closed-kan = 暗槓 { $group }
mining-act-added-kan = 加槓 { $group }
mining-act-pass = パス
mining-act-agari-yame = ここで終了する
mining-act-continue = 続行する
mining-news = { $who }:{ $what }

## 局の結果
mining-sum-headline = { $round } { $honba }本場:{ $what }
mining-wins-ron = { $names } が { $from } からロン和了
mining-wins-tsumo = { $names } がツモ和了
mining-wins-chankan = { $names } が { $from } のカンを槍槓
mining-wins-several = { $names } が { $from } からロン和了
mining-headline-draw = 手番切れの流局
mining-headline-play = 対局中
mining-sum-winner = ⛏️ **{ $name }** の和了 — 和了牌 { $piece }
mining-sum-value = 和了点 { $points } 点、本場 + { $honba }
mining-sum-tenpai = { $name }:聴牌、待ち { $waits }
mining-sum-noten = { $name }:ノーテン
mining-sum-indicators = ドラ表示牌:{ $pieces }

## 終局
mining-final-rank = { $place }位 **{ $name }**:{ $points }点 → **{ $score }**
mining-final-how = 最終スコア:(持ち点 − 30000) / 1000 + 順位ウマ、1位にオカ(配給原点 { $start })。供託は1位へ。
mining-end-last-round = オーラスが終わりました
mining-end-dobon = 持ち点が0点を下回りました(ドボン)
mining-end-agari-yame = オーラスの親が和了して終了しました(和了やめ)
mining-end-resigned = 投了がありました
mining-end-forfeit = 3手番続けて時間切れになりました
mining-why-riichi = リーチ棒
mining-why-win = 和了
mining-why-pot = 供託
mining-why-noten = ノーテン罰符
mining-why-final-pot = 終局時の供託

## 拒否の理由
mining-rule-game-over = 対局は終わっています
mining-rule-not-your-turn = あなたの手番ではありません
mining-rule-bad-step = その一歩は進めません(登りは1段まで、下りは2段まで、駒のあるマスには入れません)
mining-rule-bad-tile = 今 { $piece } は捨てられません
mining-rule-bad-cell = そのマスには置けません(駒がなく、採掘場か隣の地面で、誰かが登れる高さに。1枚は地面へ)
mining-rule-no-win = この手は和了になりません(和了形と役が必要です)
mining-rule-nothing-chosen = まだ何も選んでいません
mining-rule-not-now = 今は「{ $action }」はできません

## スイッチ
mining-switch-length = 対局の長さ:`east`(東風戦)か `south`(東南戦)
mining-switch-turns = 流局までの一人あたりの手番数
mining-switch-aka = 赤ドラ:各色に赤5を1枚(0m 0p 0s)、それぞれドラ1
mining-switch-kan-ura = カン裏ドラ:カンドラの裏ドラも数える
mining-switch-kuitan = 喰いタン:鳴いた手の断么九を認める
mining-switch-double-ron = ダブロン:同じ捨て牌へのロンは全員和了(オフなら頭ハネ)
mining-switch-dobon = ドボン:0点を下回った人が出たら終了
mining-switch-agari-yame = 和了やめ:オーラスの親は和了後に終了を選べる
mining-switch-jump = 駒に向かう一歩はその駒を飛び越える
mining-switch-discard-first = 13枚の人は先に1〜2枚捨ててから移動できる
mining-switch-warp = 同じ牌3枚を捨てて駒を好きな場所へワープできる

## ルール
mining-rules-1 = **採掘麻雀(2〜4人)。** 手役と点数はリーチ麻雀と同じですが、山はありません。122枚の牌を13×13の盤に積んだ採掘場の上を、各自が駒で歩きます。配牌はなく手牌0枚・25,000点から始まります。
mining-rules-2 = **手番。** 手牌が13枚未満なら3歩まで、それ以外は2歩まで移動します(登りは1段、下りは2段まで)。一歩ごとに、立っていたマスの一番上の牌を取ります。14〜15枚になったらツモ和了・カン、または13枚まで打牌し、各牌を駒のない採掘場のマスか隣の地面に置きます(1枚は必ず地面)。捨て牌はリーチ麻雀と同じく鳴けます(2枚目はロンのみ)。
mining-rules-3 = **終局。** 和了か、手番が尽きると局が終わります(ノーテン罰符はリーチ麻雀と同じ)。親・本場・リーチ棒・ドボン・和了やめはリーチ麻雀と同じで、最終スコアは30,000点返しに順位ウマを加えます。

## 教える卓 (issue 39): 盤上の操作のヒントと理由（打牌はリーチ麻雀と同じ）
mining-teach-step = { $dir } へ1歩：離れるマスの一番上の牌を取る
mining-teach-go = ここで移動を終える
mining-teach-these = 選んだ牌を捨てる
mining-teach-warp = { $piece } 3枚でワープ：選んだマスに移る
mining-teach-place = 捨て牌を置く場所：他の人が歩いて取れる
mining-teach-back = ここまでの選択を取り消す
mining-reason-path = 手に最も役立つ牌を取る道
mining-reason-these = 手に最も役立たない牌
mining-reason-warp = ワープで手に必要な牌に届く
mining-reason-place = 次の人の駒から離れた場所
mining-reason-back = 別の手順のほうが良い
## ハイライト(局の後と対局の後)
mining-hl-big-hand = 💥 **最大の和了**: { $player }が第{ $round }局で{ $points }点を和了。
mining-hl-comeback = 🔥 **逆転**: { $player }は第{ $round }局の後に最下位(トップと{ $behind }点差)から1位で終了。
mining-hl-deal-ins = 🎯 **放銃続き**: { $player }はこの対局で{ $count }回放銃({ $points }点)。
mining-hl-hot-streak = 🔥 **連続和了**: { $player }が第{ $round }局まで{ $count }局連続で和了。
mining-hl-winless = 🌧️ **和了なし**: { $player }は{ $rounds }局で一度も和了できなかった。
mining-hl-big-deal-in = 💣 { $player }が{ $winner }の{ $points }点の手に放銃。
mining-hl-lone-noten = 🕳️ **ひとりノーテン**: 第{ $round }局で鉱山が尽きたとき、{ $player }だけがノーテンだった。
mining-hl-riichi-for-nothing = 🪦 第{ $round }局の{ $player }のリーチは実らなかった。
mining-hl-only-tenpai = 💎 **ひとりテンパイ**: 第{ $round }局で鉱山が尽きたとき、{ $player }だけがテンパイだった。
mining-hl-one-short = ⛏️ **あと一枚**: 第{ $round }局で鉱山が尽きたとき、{ $player }は一向聴だった。
## 回数で伝えるハイライト(issue 39): 同じ人に何度も起きたときだけ対局の後に出る採掘麻雀のハイライト
mining-hl-only-tenpai-times = 💎 **ひとりテンパイ**: { $player }は鉱山が尽きたとき{ $count }回ひとりだけテンパイだった(最後は第{ $round }局)。
mining-hl-riichi-for-nothing-times = 🪦 { $player }のリーチは{ $count }回実らなかった(最後は第{ $round }局)。
mining-hl-one-short-times = ⛏️ **あと一枚**: { $player }は第{ $round }局まで{ $count }局続けて、鉱山が尽きたとき一向聴だった。
