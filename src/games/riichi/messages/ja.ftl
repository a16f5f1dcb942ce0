# リーチ麻雀のメッセージ(日本語)。en.ftl と同じキーをすべて持つこと。ホストのメッセージは locales/ にある。

## 卓と手牌
riichi-stage-turn = ツモ・打牌・カン・リーチ・和了
riichi-stage-claim = ロン・チー・ポン・カン・スルー
riichi-stakes = { $round }局 · 親 **{ $name }** · { $honba }本場 · 供託 **{ $pot }** · { $minimum }翻縛り
riichi-wall = ドラ表示牌: { $indicators } · 残り{ $wall }枚
riichi-held = { $n }枚
riichi-hand-tenpai = テンパイ — 待ち { $waits }
riichi-hand-furiten = ⚠️ フリテン: 今はロンできません(待ち牌を捨てたか、ロンを見逃した)。ツモ和了はできます。

## 操作
riichi-act-tsumo = ツモ!
riichi-act-ron = ロン!
riichi-act-chi = チー { $group }
riichi-act-pon = ポン { $group }
riichi-act-open-kan = 大明槓 { $group }
riichi-act-closed-kan = 暗槓 { $group }
riichi-act-added-kan = 加槓 { $group }
riichi-act-kyuushu = 九種九牌(流局)
riichi-act-discard = { $piece } を切る
riichi-act-riichi = リーチ { $piece }
riichi-act-riichi-waits = リーチ + { $piece } 切り → { $waits }
riichi-riichi-waits = 待ち: { $waits }
riichi-act-pass = スルー
riichi-act-agari-yame = ここで終局する
riichi-act-continue = 続行する

## ニュース
riichi-news-chi = { $who } がチー { $group }
riichi-news-pon = { $who } がポン { $group }
riichi-news-open-kan = { $who } が大明槓 { $group }
riichi-news-closed-kan = { $who } が暗槓 { $group }
riichi-news-added-kan = { $who } が { $piece } を加槓
riichi-news-discard = { $who } が { $piece } を切った
riichi-news-riichi = { $who } がリーチ、{ $piece } 切り
riichi-news-tsumo = { $who } がツモ和了!
riichi-news-ron = { $who } がロン和了!
riichi-news-kyuushu = { $who } が九種九牌を宣言
riichi-news-pass = { $who } はスルー
riichi-news-agari-yame = { $who } が和がりやめ
riichi-news-continue = { $who } が続行

## 局の結果と終局
riichi-wins-ron = { $name } のロン和了
riichi-wins-tsumo = { $name } のツモ和了
riichi-wins-chankan = { $name } の槍槓
riichi-wins-several = { $names } のロン和了
riichi-headline-draw = 荒牌流局
riichi-headline-play = 進行中
riichi-sum-still = この局はまだ進行中です。
riichi-abort-four-winds = 途中流局: 四風連打
riichi-abort-four-riichi = 途中流局: 四家立直
riichi-abort-four-kans = 途中流局: 四開槓
riichi-abort-nine-terminals = 途中流局: 九種九牌
riichi-han = { $n }翻
riichi-sum-dora = ドラ — { $n }
riichi-sum-aka = 赤ドラ — { $n }
riichi-sum-ura = 裏ドラ — { $n }
riichi-sum-value = **{ $han }翻{ $fu }符 — { $points }点**(本場 +{ $honba })
riichi-sum-tenpai = { $name }: テンパイ
riichi-sum-noten = { $name }: ノーテン
riichi-sum-abort = 支払いなし: 親は連荘、本場 +1。
riichi-sum-indicators = ドラ表示牌: { $pieces } · { $minimum }翻縛り
riichi-final-score = { $place }位 { $name }: { $points }点 → { $score }({ $return }点返し、ウマ・オカ込み)
riichi-end-last-round = オーラスが終わった
riichi-end-dobon = 持ち点が0点未満になった(ドボン)
riichi-end-agari-yame = オーラスの親が和了して終局を選んだ
riichi-end-resigned = 投了があった
riichi-end-forfeit = 三回続けて時間切れになった
riichi-why-riichi = リーチ棒
riichi-why-win = 和了
riichi-why-pot = 供託
riichi-why-noten = ノーテン罰符
riichi-why-final-pot = 終局時の供託

## 反則の理由
riichi-rule-game-over = 対局は終わっています
riichi-rule-round-over = この局は終わっています
riichi-rule-not-your-turn = あなたの番ではありません
riichi-rule-not-in-hand = 手牌に { $piece } がありません
riichi-rule-no-win = この手はここでは和了れません(和了形と役の翻数が必要)
riichi-rule-furiten = フリテンのためロンできません
riichi-rule-riichi-locked = リーチ後は手牌を変えられません: 和了、待ちの変わらない暗槓、ツモ切りのみ
riichi-rule-must-discard = チー・ポンの後は打牌してください
riichi-rule-kuikae = 喰い替え: その鳴きの直後に { $piece } は切れません
riichi-rule-bad-riichi = リーチには門前・1,000点・山に4枚以上・打牌後テンパイが必要です
riichi-rule-bad-call = その鳴きは今はできません
riichi-rule-bad-kan = そのカンは今はできません
riichi-rule-no-nine-terminals = 九種九牌は鳴きのない第一ツモで么九牌九種以上のときだけです
riichi-rule-no-agari-choice = 和がりやめはオーラスの親が和了した直後だけ選べます
riichi-rule-not-now = 今は { $action } はできません

## 役
riichi-yaku-two = 門前{ $closed }翻 · 鳴き{ $open }翻
riichi-yaku-closed-only = { $n }翻(門前のみ)
riichi-yaku-yakuman = 役満
riichi-yaku-double-yakuman = ダブル役満
riichi-yaku-if-riichi = リーチを宣言
riichi-yaku-if-double-riichi = 第一打でリーチ(鳴きの前)
riichi-yaku-if-ippatsu = リーチ後、次の打牌までに鳴きなしで和了
riichi-yaku-if-menzen-tsumo = 門前でツモ和了
riichi-yaku-if-pinfu = 四順子・役牌でない雀頭・両面待ち(門前)
riichi-yaku-if-tanyao = 2〜8の牌のみ(喰いタンなしなら門前のみ)
riichi-yaku-if-iipeikou = 同じ順子二組(門前)
riichi-yaku-if-haku = 白の刻子
riichi-yaku-if-hatsu = 發の刻子
riichi-yaku-if-chun = 中の刻子
riichi-yaku-if-seat-wind = 自風の刻子
riichi-yaku-if-round-wind = 場風の刻子
riichi-yaku-if-haitei = 最後の牌でツモ
riichi-yaku-if-houtei = 最後の捨て牌でロン
riichi-yaku-if-rinshan = カンの嶺上牌でツモ
riichi-yaku-if-chankan = 加槓の牌でロン
riichi-yaku-if-sanshoku = 三色で同じ順子
riichi-yaku-if-ittsu = 一色で123・456・789
riichi-yaku-if-chanta = 全ての面子と雀頭に么九牌、順子と字牌あり
riichi-yaku-if-chiitoitsu = 異なる七つの対子(門前)
riichi-yaku-if-toitoi = 四つの刻子・槓子
riichi-yaku-if-sanankou = 暗刻三つ
riichi-yaku-if-sanshoku-doukou = 三色で同じ刻子
riichi-yaku-if-sankantsu = 槓子三つ
riichi-yaku-if-shousangen = 三元牌の刻子二つと雀頭
riichi-yaku-if-honroutou = 么九牌のみ
riichi-yaku-if-honitsu = 一色と字牌
riichi-yaku-if-junchan = 全ての面子と雀頭に老頭牌、順子あり、字牌なし
riichi-yaku-if-ryanpeikou = 同じ順子二組を二つ(門前)
riichi-yaku-if-chinitsu = 一色のみ
riichi-yaku-if-kokushi = 么九牌十三種と一枚
riichi-yaku-if-kokushi-13 = 十三面待ちの国士無双
riichi-yaku-if-suuankou = 暗刻四つ
riichi-yaku-if-suuankou-tanki = 単騎待ちの四暗刻
riichi-yaku-if-daisangen = 三元牌の刻子三つ
riichi-yaku-if-shousuushii = 風牌の刻子三つと雀頭
riichi-yaku-if-daisuushii = 風牌の刻子四つ
riichi-yaku-if-tsuuiisou = 字牌のみ
riichi-yaku-if-ryuuiisou = 23468索と發のみ
riichi-yaku-if-chinroutou = 老頭牌のみ
riichi-yaku-if-chuuren = 一色で1112345678999と一枚(門前)
riichi-yaku-if-junsei-chuuren = 九面待ちの九蓮宝燈
riichi-yaku-if-suukantsu = 槓子四つ
riichi-yaku-if-tenhou = 親の配牌でツモ
riichi-yaku-if-chiihou = 第一ツモで和了(鳴きの前)

## ルール
riichi-rules-1 = **四人打ち、136枚。** 萬子・筒子・索子の1〜9、風牌四種と三元牌三種を各4枚。各色一枚の赤五はドラ。持ち点25,000点、東風戦または東南戦。
riichi-rules-2 = **手番。** ツモは自動。ツモ和了・カン・リーチ宣言付きの打牌・打牌から選ぶ。捨て牌にはロン・ポン・大明槓、上家からはチーも。喰い替えは禁止。
riichi-rules-3 = **和了。** 四面子一雀頭・七対子・国士無双で、役が一翻以上(二翻しばりなら五本場から二翻)。ドラは縛りに数えない。フリテンはロン不可、ツモは可。
riichi-rules-4 = **点数。** 符と翻で基本点、満貫から役満まで。本場は一本300点、供託は和了者へ。オーラス終了・ドボン・親の和がりやめで終局し、30,000点返しにウマ10-5とオカを加える。/momojan yaku game:riichi も参照。

## スイッチ(/momojan config game:riichi switch:… value:…)
riichi-switch-length = 対局の長さ: `east` 東風戦(親4回)か `south` 東南戦(親8回)
riichi-switch-dobon = ドボン: 持ち点が0点未満で終局
riichi-switch-kan-ura = カン裏ドラ: カンドラ表示牌の下の裏ドラも数える
riichi-switch-aka = 赤ドラ: 各色に赤5が1枚、それぞれドラ1
riichi-switch-two-han-shibari = 二翻しばり: 5本場以上は役2翻が必要
riichi-switch-agari-yame = 和がりやめ: オーラスの親は和了後に終局を選べる
riichi-switch-double-ron = ダブロン: 同じ捨て牌へのロンは全員和了(オフ: 頭ハネ)
riichi-switch-triple-ron = トリプルロン: 3人のロンも全員和了(オフ: 近い2人)
riichi-switch-kuitan = 喰いタン: 鳴いた手でも断么九がつく
