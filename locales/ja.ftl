# 桃雀 MOMOJAN — 日本語メッセージ。キーは en.ftl と同じでなければならない（tests/i18n.rs）。
# 役名はどちらの言語でも日本語名（英語の説明つき）。

## Errors and refusals
err-dm = 桃雀はサーバーで遊ぶゲームです。DMではなくサーバーのチャンネルでコマンドを実行してください。
err-internal = ボット側で問題が起きました。何も変更されていません。もう一度お試しください。
err-not-yours = これはあなたの対局ではありません。ボタンを使えるのは対局中の2人だけです。
err-bad-id = このボタンはボットが作ったものではありません（または壊れています）。何も変更されていません。
err-not-hosted = このゲームはまだDiscordでは遊べません。何も変更されていません。
err-still-running = 対局 { $id } はまだ続いています。終わるまで手札と山は公開されません。何も変更されていません。
err-bad-choice = その選択肢はボットが示したものではありません。
err-cannot-use = このボタンはここでは使えません。何も変更されていません。
err-stale = そのボタンは少し前の局面のものです。現在の手札はこちらです。
err-illegal = その操作はできません（{ $action }）：{ $reason }。現在の手札はこちらです。
err-not-found = 対局 { $id } はありません。
err-finished = この対局は終了しています。
err-manage-server = これは「サーバー管理」権限を持つメンバーだけが実行できます。

## Ping
ping-pong = 🏓 ポン、{ $user }。
ping-again = 🏓 もう一度ポン、{ $user }。
ping-button = もう一度 ({ $n })
ping-not-yours = このボタンは { $user } のものです。自分用には /momojan ping を実行してください。

## Challenges
ch-self = 自分自身には挑戦できません。
ch-bot = ボットとは対局できません。人に挑戦してください。
ch-already = ここではすでに { $user } と対局中です（対局 { $id }）。
ch-text = { $emoji } { $me } が { $them } に{ $game }の対局を申し込みました！ { $them } さん、{ $expires }までに受けてください。
ch-accept = 受ける
ch-decline = 断る
ch-expired-message = ⌛ { $from } から { $to } への挑戦は期限切れになりました。
ch-expired = ⌛ この挑戦は期限切れです。
ch-gone = その挑戦はもうありません。
ch-only = この挑戦に答えられるのは { $user } が指名した人だけです。
ch-twice = 同じ相手を二度指名することはできません。
ch-seats = そのゲームは{ $asked }人では遊べません（{ $allowed }人）。
table-seated = この卓にはもう座っています。
table-full = この卓の席はすべて埋まっています。
ch-closed = この挑戦はもう受け付けていません。
ch-failed = ゲームを開始できなかったため、何も変更していません。挑戦はまだ有効です。もう一度「受ける」を押してください。
ch-answered = この挑戦にはすでに回答済みです。
ch-declined = { $user } は挑戦を断りました。
ch-accepted = ✅ { $opponent } が受けました。{ $a } 対 { $b } の対局開始！
ch-text-many = { $emoji } { $me } が { $them } に{ $n }人卓の{ $game }を申し込みました！ 全員が{ $expires }までに受けてください。一人でも断ると中止です。
ch-accepted-so-far = 受けた人：{ $users }
ch-accepted-many = ✅ 全員が受けました。{ $players } の対局開始！
tb-text = { $emoji } { $host } が{ $n }人卓の{ $game }を開きました。参加してください！ 準備ができたら { $host } が開始します（空席はコンピューター）。{ $expires }に締め切り。
    { $seats }
tb-open-seat = （空席）
tb-join = 参加
tb-leave = 抜ける
tb-start = 開始
tb-add-computer = コンピューターを追加…
tb-started = ✅ 卓がそろいました：{ $players } の対局開始！ 席順と最初の親は最初の配牌のシードで決まります。
tb-closed = { $host } が卓を閉じました。
tb-expired = ⌛ { $host } が開いた卓は時間内に開始されませんでした。
tb-only-host = この卓を開始できるのは { $user } だけです。
list-separator = 、
thread-name = { $game } 対局 { $id }

## Hand, resign, rematch
hand-none = ここで進行中の対局はありません。/momojan challenge で始めましょう。
resign-none = ここで進行中の対局がないので、投了するものはありません。
resign-confirm = 対局 { $id } を投了しますか？ あなたの負けで終了します（供託は相手に渡ります）。
resign-button = 投了する
resign-keep = 続ける
resign-done = 対局 { $id } を投了しました。
resign-kept = 続行します。何も変更されていません。
resign-failed = 投了できませんでした：{ $reason }。
rematch-only = 再戦を申し込めるのはこの対局の対局者だけです。
rematch-asked = 再戦を申し込みました：{ $user } は { $channel } で受けられます。
rematch-failed = 再戦を用意できませんでした。もう一度お試しください。
turn-mention = { $name } さんの番です。
timeout-played = ⏰ { $name } さんの持ち時間が切れたため、ボットが代わりに打ちました：{ $actions }（連続 { $n }/{ $max } 回目）。
timeout-forfeit = ⏰ { $name } さんは { $max } 回連続で時間切れになったため、この対局は不戦敗です。
timeout-played-table = ⏰ { $name } は時間切れ。ボットが代わりに：{ $actions }。
timeout-away = 🤖 { $name } は2回続けて時間切れのため離席中です。手牌から席に戻るまでコンピューターが代わりに打ちます（{ $actions }）。

## The hand message
hand-title = あなたの手札
hand-drew = ツモ：{ $card }
hand-waiting-for = **{ $name }** さんの番です。
hand-away = 🤖 **離席中**：席に戻るまでコンピューターが代わりに打ちます。
hand-take-back = 席に戻る
hand-auto-win-on = 自動和了：オン
hand-auto-win-off = 自動和了：オフ
hand-auto-no-calls-on = 鳴きなし：オン
hand-auto-no-calls-off = 鳴きなし：オフ
hand-auto-riichi-discard-on = リーチ後ツモ切り：オン
hand-auto-riichi-discard-off = リーチ後ツモ切り：オフ
hand-no-round = 進行中の局はありません。
pick-placeholder = 鳴き・開（カイ）を選ぶ…
hand-title-round = あなたの手札 — 第{ $n }局
hand-your-turn = **あなたの番** — { $stage }
hand-deadline = ⏳ 期限 { $when }
riichi-placeholder = リーチして捨てる…
pick-or-riichi-placeholder = 鳴き・開（カイ）・リーチを選ぶ…
news-you = あなた
news-resigned = { $who }が投了しました
news-forfeit = { $who }が時間切れになりました
news-round = **第{ $n }局**：{ $headline }

## The table
table-title = { $title }
table-title-round = { $title } — 第{ $n }局
table-turn = 手番：**{ $name }** — { $stage }
table-deadline = 時間切れ { $when }（持ち時間 { $bank }）
table-claims = 鳴き・ロンの確認：**{ $names }** — { $stage }
table-claim-deadline = 締め切り { $when }
table-last-discard = 直前の捨て札：{ $card }
table-fair = 公正な配牌：この局の山はすでに確定しています — SHA-256 { $hash }
table-player = { $name } — { $points }点
table-dealer-mark = 親
table-riichi-mark = 🔒 リーチ
table-away-mark = 🤖 離席中：コンピューターが代打ち
table-hand-count = 手札{ $held }
table-open = 副露：{ $sets }
table-discards = 捨て札：{ $cards }
table-last-actions = 直近の操作
table-my-hand = 🂠 自分の手札
table-balances = { $a } { $pa }点 · { $b } { $pb }点 · 供託 { $pot }
table-balance-one = { $name } { $points }点
table-balances-many = { $each } · 供託 { $pot }
table-game-over = 対局終了 — **{ $name }** の勝ち（{ $reason }）。
action-auto = （自動）

## Round summaries and the result
sum-title = 第{ $n }局 — { $headline }
sum-yaku = { $japanese } — { $value }
sum-hand = { $name } の手札
sum-points = 点数
sum-transfer = { $from } → { $to }：{ $amount }（{ $why }）
sum-balances = 持ち点：{ $a } { $pa } · { $b } { $pb } · 供託 { $pot }
sum-fair = 公正な配牌 — /momojan verify で確認できます
fair-commitment = コミットメント `{ $value }`
fair-salt = ソルト `{ $value }`
fair-deck = 山 `{ $value }`
party-pot = 供託
result-title = 🏆 { $name } の勝利
result-ended = 終局理由：{ $reason }。
result-balances = { $a } { $pa }点 · { $b } { $pb }点
result-rematch = 再戦

## Leaderboard, stats, history, ledger
lb-title = 🏆 { $game } ランキング — シーズン { $season }
lb-empty = シーズン { $season } で対局を終えた人はまだいません。
lb-line = { $rank }. { $user } — レート { $rating } · { $wins }勝 { $losses }敗 · 収支 { $net }
lb-you = あなたの順位：{ $total }人中 { $rank }位。
lb-you-none = 今シーズンはまだ対局を終えていません。
page = { $page } / { $pages } ページ
page-prev = ◀ 前へ
page-next = 次へ ▶
stats-title = 📊 { $user } — シーズン { $season }
stats-none = { $user } はシーズン { $season } でまだ対局を終えていません。
stats-games = 対局 { $games } · { $wins }勝 · { $losses }敗 · 勝率 { $rate }%
stats-places = 順位率 1位 / 2位 / …：{ $rates } · 平均順位 { $average }
stats-net = 収支 { $net } · レート { $rating }（± { $deviation }）
stats-hands = 和了 { $n } 回 · 平均和了点 { $average }
stats-best = 最高の手：{ $points }点 — { $yaku }
stats-best-none = 最高の手：—
stats-riichi = リーチ { $riichi } · フリテン { $furiten } · 放銃 { $dealins }（局の { $rate }%）
stats-yaku = 和了した役
hist-title = 📜 { $user } の最近の対局
hist-empty = { $user } はここでまだ対局を終えていません。
hist-line = { $date } · 対 { $opponent } · { $result } · { $own } – { $theirs } · 対局 { $id }（{ $reason }）
hist-line-table = { $date } · { $others } と · { $seats }人中 { $place }位 · { $own } · 対局 { $id }（{ $reason }）
hist-won = 勝ち
hist-lost = 負け
hist-replay = ▶ #{ $id } を再生
ledger-title = 📒 対局 { $id } の点数記録
ledger-none = 対局が見つかりません。対局番号を指定するか、先に対局してください。
ledger-line = 第{ $round }局：{ $from } → { $to } { $amount }（{ $why }）
ledger-total = 合計：{ $a } { $pa } · { $b } { $pb } · 供託 { $pot }
ledger-totals = 合計：{ $each } · 供託 { $pot }
export-note = 対局ファイル `{ $name }`（{ $rounds } 局）：すべての山と行動、各局の公正な配牌の証明つき。`momojan scenario { $name }` で再生すると記録どおりの結果が出ます。
replay-title = 対局 { $id } のリプレイ — 第{ $round }局 · { $total } 手中 { $step } 手目
replay-start = 最初の配牌です。下のボタンで一手ずつ進めます。
replay-hand = { $name } の手札
replay-first = ⏮ 最初
replay-prev-round = ⏪ 前の局
replay-prev = ◀ 戻る
replay-next = 次へ ▶
replay-next-round = 次の局 ⏩
replay-last = 最後 ⏭
replay-both = 両者の手札
replay-all = 全員の手

## Seasons and settings
season-closed = シーズン { $season } を締め、シーズン { $next } を開始しました。過去の順位は /momojan leaderboard season:{ $season } で見られます。
config-title = ⚙️ このサーバーの桃雀設定
config-turn = 手番の時間：{ $secs } 秒
config-bank = 1対局あたりの持ち時間：{ $secs } 秒
config-expiry = 挑戦の有効期限：{ $secs } 秒
config-threads = スレッドで対局：{ $value }
config-locale = 公開メッセージの言語：{ $value }
config-season = シーズン：{ $season }
config-yaku = ルールから変更した役の点数：{ $list }
config-saved = 保存しました。新しい対局から適用され、進行中の対局は変わりません。
config-bad-range = { $name } は { $min } から { $max } の間でなければなりません（{ $value } は不可）。何も変更されていません。
config-bad-locale = 言語は en・ja・auto のいずれかです（{ $value } は不可）。何も変更されていません。
config-bad-yaku = 役 { $value } はありません。/momojan yaku で役IDを確認してください。何も変更されていません。
config-yaku-needs-points = 役の点数を変えるには yaku と points の両方を指定してください。何も変更されていません。
yes = はい
no = いいえ
none = なし
locale-auto = サーバーのDiscord言語

## Help: rules, yaku, verify
rules-title = 📖 { $game }のルール（{ $page }/{ $pages }）
yaku-title = 🀄 { $game }の役 — このサーバーの値（{ $page }/{ $pages }）
yaku-line = **{ $japanese }** { $english }（`{ $id }`）— { $value }：{ $condition }
verify-ok = ✅ 山はコミットメントと一致します。局の前に確定していました。
verify-bad = ❌ ソルトと山がそのコミットメントと一致しません。

## Slash commands (names stay English; descriptions are shown in the user's language)
cmd-momojan = 2人対戦のカードゲーム 桃雀（MOMOJAN）で遊ぶ
cmd-ping = ボットが動いているか確認する
cmd-challenge = 誰かに桃雀の対局を申し込む
cmd-challenge-opponent = 対戦したい相手
cmd-challenge-opponent2 = 2人目の相手（3人・4人の卓）
cmd-challenge-opponent3 = 3人目の相手（4人の卓）
cmd-table = 誰でも参加できる卓を開く（開始はあなた、空席はコンピューター）
cmd-table-game = どのゲームか（省略時はサーバーの既定）
cmd-table-seats = 席の数（省略時はそのゲームの最大）
name-table = 卓
name-param-opponent2 = 相手2
name-param-opponent3 = 相手3
cmd-hand = 自分の手札をもう一度表示（自分だけに見える）
cmd-resign = ここでの対局を投了する（確認あり）
cmd-leaderboard = このサーバーのレート順ランキング
cmd-leaderboard-page = ページ番号
cmd-leaderboard-season = シーズン（省略時は現在）
cmd-leaderboard-game = どのゲームか（省略時はサーバーの既定）
cmd-stats = プレイヤーの成績
cmd-stats-user = 誰の成績か（省略時は自分）
cmd-stats-season = シーズン（省略時は現在）
cmd-stats-game = どのゲームか（省略時はサーバーの既定）
cmd-history = プレイヤーの最近の対局
cmd-history-user = 誰の対局か（省略時は自分）
cmd-history-game = どのゲームか（省略時はサーバーの既定）
cmd-ledger = 対局の点数記録
cmd-ledger-match = 対局番号（省略時は自分の最新）
cmd-ledger-game = どのゲームの最新の対局か（省略時はサーバーの既定）
cmd-export = 終わった対局を誰でも再生できるシナリオファイルにする
cmd-export-match = 対局番号
cmd-replay = 終わった対局を一手ずつ見直す
cmd-replay-match = 対局番号
cmd-season = このサーバーのシーズンを締めて次を始める（サーバー管理）
cmd-config = このサーバーの桃雀設定を表示・変更（サーバー管理）
cmd-config-turn_time = 1手番の秒数（30〜3600）
cmd-config-time_bank = 1対局あたりの持ち時間の秒数（0〜3600）
cmd-config-challenge_expiry = 挑戦が期限切れになるまでの秒数（60〜86400）
cmd-config-threads = 対局ごとにスレッドを作る
cmd-config-locale = 公開メッセージの言語：en・ja・auto
cmd-config-yaku = 変更する役のID（/momojan yaku 参照）
cmd-config-game = 役の値やスイッチを変えるゲーム（省略時は既定のゲーム）
cmd-config-points = その役の新しい点数
cmd-config-reset_yaku = そのゲームの役の値とスイッチをルール本来に戻す
cmd-rules = ルールの要約
cmd-yaku = このサーバーでの役と点数
cmd-rules-game = どのゲームか（省略時はサーバーの既定）
cmd-yaku-game = どのゲームか（省略時はサーバーの既定）
cmd-challenge-game = どのゲームか（省略時はサーバーの既定）
cmd-practice-game = どのゲームか（省略時はサーバーの既定）
cmd-verify = 局の公正な配牌の証明を確認する
cmd-verify-commitment = 卓に表示されたコミットメント
cmd-verify-salt = 局のまとめで公開されたソルト
cmd-verify-deck = 局のまとめで公開された山

## Slash command and option names in Japanese clients (English names are the code's)
name-momojan = 桃雀
name-ping = ping
name-challenge = 挑戦
name-hand = 手札
name-resign = 投了
name-leaderboard = ランキング
name-stats = 成績
name-history = 履歴
name-ledger = 点数記録
name-export = エクスポート
name-replay = リプレイ
name-season = シーズン
name-config = 設定
name-rules = ルール
name-yaku = 役
name-verify = 検証
name-param-opponent = 相手
name-param-page = ページ
name-param-season = シーズン
name-param-user = ユーザー
name-param-match = 対局
name-param-turn-time = 手番時間
name-param-time-bank = 持ち時間
name-param-challenge-expiry = 挑戦期限
name-param-threads = スレッド
name-param-locale = 言語
name-param-yaku = 役
name-param-points = 点数
name-param-reset-yaku = 役を初期化
name-param-commitment = コミットメント
name-param-salt = ソルト
name-param-deck = 山

## Why a move or a request was refused
err-refused = その操作はできません：{ $reason }。現在の手札はこちらです。
err-unreachable = ボットが今データベースに接続できません。少し待ってからもう一度お試しください。
err-damaged = このゲームの保存データが壊れているため、読み込みも変更もしていません。詳細はサーバー管理者向けにボットのログに記録しました。
err-unplayable = このゲームの保存データがルールに合わない状態のため、このクリックに応答できませんでした。詳細はサーバー管理者向けにボットのログに記録しました。

## Practice against the computer
cmd-practice = コンピューターと練習対局（レーティング対象外）
cmd-practice-level = コンピューターの強さ（省略時は「ふつう」）
cmd-practice-seats = 人数（あなたとコンピューター、省略時は2人）
name-param-seats = 人数
name-practice = 練習
name-param-level = 強さ
level-easy = やさしい
level-normal = ふつう
level-hard = つよい
practice-started = 🤖 練習対局 { $id }：{ $user } 対 コンピューター（{ $level }）。レーティング対象外です。
practice-record = 練習：{ $list }
practice-record-line = { $level } { $wins }勝{ $losses }敗
cmd-config-afk_computer = 時間切れの手番を最小限の手ではなくコンピューターに打たせる
name-param-afk-computer = 時間切れ代打ち
config-afk = 時間切れの手番をコンピューターが打つ：{ $value }
cmd-config-notice_delay = 手牌を開いているプレイヤーに通知するまでの秒数（0〜3600）
name-param-notice-delay = 通知までの秒数
name-param-game = ゲーム
name-param-default-game = 既定のゲーム
config-notice = 手番の通知：{ $secs } 秒後（手牌を開いていなければすぐ）
config-claim = 鳴き・ロンの確認時間：{ $secs } 秒（答えなければパス）
cmd-config-claim_time = 捨て牌への鳴き・ロンに答える秒数（5〜600）
name-param-claim-time = 鳴き時間
config-game = 既定のゲーム：{ $value }
cmd-config-default_game = ゲームを指定しない挑戦・練習・記録で使うゲーム
moved-to-channel = { $players }：対局 { $id } のスレッドが削除されたか、ボットが使えなくなったため、ここで対局を続けます。卓は次のメッセージです。
computer-name = コンピューター（{ $level }）
sum-fair-short = 公正な配牌：局の前に確定 SHA-256 { $hash }… — 「配牌を確認」で証明を表示
sum-check-deal = 配牌を確認
deal-title = 第{ $n }局の公正な配牌
deal-how = コミットメントは局が始まる前から卓に表示されていました。確認方法：この3つの値で `/momojan verify`、または `printf '%s' "ソルト:山" | sha256sum` の出力がコミットメントと一致すること。

## A game's switches (/momojan config game:… switch:… value:…)
cmd-config-switch = 変更するゲームのルールのスイッチ（/momojan config で一覧）
cmd-config-value = スイッチの新しい値（true・false・east・south など）
name-param-switch = スイッチ
name-param-value = 値
config-switches = **{ $game }**のスイッチ（`game:{ $id } switch:… value:…` で変更）：
config-switches-short = **{ $game }**（各スイッチの説明は `game:{ $id }`）：{ $values }
config-switch = ・`{ $id }` **{ $value }** — { $what }
switch-unnamed = スイッチ { $id }
config-bad-switch = { $game }にスイッチ { $value } はありません。スイッチは { $list } です。何も変更されていません。
config-no-switches = { $game }にスイッチはありません。何も変更されていません。
config-bad-switch-value = スイッチ { $switch } の値は { $allowed } のいずれかです（{ $value } は不可）。何も変更されていません。
config-switch-needs-value = スイッチを変えるには switch と value の両方を指定してください。何も変更されていません。

## Summaries of tables of more than two
sum-balances-many = 持ち点：{ $each } · 供託 { $pot }

## Tournaments
tn-heading = 🏆 **{ $name }**：{ $game }、{ $seats }人卓、スイス式{ $rounds }回戦。主催 { $organiser }
tn-signup = 参加受付中：「参加」を押してください。参加者（{ $count }人）：{ $entrants }
    主催者の秘密値はコミット済みです（SHA-256 `{ $commitment }`）。
tn-signup-closed = 参加受付は締め切りました。参加者（{ $count }人）：{ $entrants }
tn-nobody = まだいません
tn-join = 参加
tn-leave = 取り消す
tn-closed = 参加者{ $count }人で受付を締め切りました。席順のシードは主催者の秘密値（SHA-256 `{ $commitment }`）と参加者の「参加」操作から作られ、その SHA-256 は `{ $seed }` です。どちらも大会の終了後に公開します。
tn-round = **第{ $round }回戦（全{ $rounds }回戦）**（各卓の席順、最初が起家）：
tn-table-line = 第{ $table }卓：{ $players }
tn-sitting-out = 抜け番：{ $players }
tn-table-start = 🏆 **{ $name }** 第{ $round }回戦 第{ $table }卓：{ $players }
tn-err-gone = この大会はもうありません。
tn-err-no-event = このチャンネルで参加受付中の大会はありません。
tn-err-already-open = このチャンネルには終わっていない大会がすでにあります。
tn-err-not-organiser = これは主催者の { $user } だけが実行できます。
tn-err-closed = この大会の参加受付は締め切られています。
tn-err-already-in = すでにこの大会に参加しています。
tn-err-not-in = この大会に参加していません。
tn-err-too-few = 参加者{ $count }人では少なすぎます。大会には{ $needed }人以上が必要です。
tn-err-seats = このゲームは{ $asked }人卓では遊べません（遊べるのは{ $allowed }人卓）。
tn-err-rounds = 回戦数は1〜100です（{ $rounds }は指定できません）。
tn-err-name = 大会名は1〜{ $max }文字です。
cmd-tournament = このチャンネルで大会を開く：参加受付、席決め、自動で始まる卓
name-tournament = 大会
cmd-create = このチャンネルで大会（スイス式か総当たり）の参加受付を始める（サーバー管理）
name-create = 作成
cmd-create-name = 大会名
cmd-create-game = どのゲームか（省略時はサーバーの既定）
cmd-create-seats = 1卓の人数（省略時はそのゲームの最大）
cmd-create-rounds = 回戦数（省略時は3）
cmd-close = 参加受付を締め切り、シードを決めて第1回戦を始める（主催者）
name-close = 締切
name-param-name = 名前
name-param-rounds = 回戦数
tn-standings = 第{ $round }回戦後の**順位**（{ $tables }卓中{ $finished }卓終了）。合計点、平均順位、参加順の順に並べています：
tn-standing-line = { $rank }位 { $player }：{ $games }局で{ $total }点、平均順位 { $average }
tn-no-average = ―
tn-round-over = 第{ $round }回戦が終わりました。
tn-final = 🏁 大会は終了しました。主催者の秘密値は `{ $secret }`、シード（その値と参加者の「参加」IDを参加順に並べた SHA-256）は `{ $seed }` でした。誰でもハッシュと席順を確かめられます。
cmd-standings = このチャンネルの最新の大会の順位
name-standings = 順位
tn-err-not-over = 大会はまだ終わっていません。秘密値は終了時に公開します。
tn-verified = ✅ 公開された秘密値は受付時にコミットしたものと一致し、シードはそれと参加者の「参加」IDの SHA-256 で、全{ $rounds }回戦の席順はそのシードと結果から導かれます。
tn-verify-seed-differs = ❌ 公開された秘密値またはシードがコミットと一致しません。
tn-verify-round-differs = ❌ 第{ $round }回戦の卓はシードから導かれるものと違います。
cmd-check = このチャンネルの最新の大会の席順を公開されたシードから検証する
name-check = 検証
tn-dropped = { $player } は **{ $name }** から外れました。第{ $round }回戦からは卓に着きません（それまでの成績は残ります）。
tn-added = { $player } が第{ $round }回戦から **{ $name }** に加わります。
tn-undropped = { $player } の **{ $name }** からの除外を取り消しました。第{ $round }回戦から卓に着きます。
tn-paused = ⏸️ **{ $name }** を一時停止しました。対局中の卓はそのまま続き、次の回戦は主催者が再開するまで始まりません。
tn-resumed = ▶️ **{ $name }** を再開しました。
tn-ending = ⏹️ **{ $name }** は第{ $round }回戦で打ち切ります。この回戦の卓がすべて終わると最終順位を出します。
tn-dropped-mark = （途中除外）
tn-err-not-running = このチャンネルで開催中の大会はありません。
tn-err-signup-open = まだ参加受付中です。主催者が締め切るまで、参加と取り消しはボタンで行います。
tn-err-last-round = 第{ $round }回戦が最終回戦です。この後の回戦はありません。
tn-err-player-not-in = { $user } はこの大会の参加者ではありません。
tn-err-player-in = { $user } はすでにこの大会に参加しています。
tn-err-player-dropped = { $user } はこの大会から外れたため、戻れません。
tn-err-paused = 大会はすでに一時停止しています。
tn-err-not-paused = 大会は一時停止していません。
cmd-drop = このチャンネルの大会から次の回戦以降プレイヤーを外す（主催者）
name-drop = 除外
cmd-drop-player = 外すプレイヤー
cmd-add = このチャンネルの大会に次の回戦からプレイヤーを加える（主催者）
name-add = 追加
cmd-add-player = 加えるプレイヤー
name-param-player = プレイヤー
cmd-pause = このチャンネルの大会を一時停止する：対局中の卓は続き、次の回戦は待つ（主催者）
name-pause = 一時停止
cmd-resume = 一時停止したこのチャンネルの大会を再開する（主催者）
name-resume = 再開
cmd-end = このチャンネルの大会を対局中の回戦で打ち切り、最終順位を出す（主催者）
name-end = 終了
tn-grace = 不参加：卓の開始から{ $minutes }分以内に一度も打たなかったプレイヤーは、コンピューターが代わりに打ちます。
tn-no-show = ⏰ { $players } は大会の猶予{ $minutes }分以内に一度も打たなかったため、手牌から席を取り戻すまでコンピューターが代わりに打ちます。
tn-err-grace = 不参加の猶予は1〜{ $max }分です。
cmd-create-grace = 最初の一手までの猶予（分）。過ぎるとコンピューターが代わりに打つ
name-param-grace = 猶予
tn-board-title = 🏆 { $name }：第{ $round }回戦後の順位（全{ $rounds }回戦）
tn-board-final = 🏁 { $name }：最終順位（全{ $round }回戦）
tn-board-line = **{ $rank }位** { $player }：**{ $total }**点、{ $games }局、平均順位 { $average }
tn-board-more = …ほか{ $count }人
tn-board-footer = 合計点、平均順位（小さい順）、参加順の順に並べています。第{ $round }回戦：{ $tables }卓中{ $finished }卓終了。
tn-exported = **{ $name }** の結果：終了した全卓の各席を1行ずつ、{ $rows }行（回戦、卓、席、プレイヤー、名前、点数、順位）。
cmd-tournament-export = このチャンネルの最新の大会の結果をCSVファイルで（終了した全卓）
tn-heading-rr = 🏆 **{ $name }**：{ $game }、{ $seats }人卓、総当たり（全員が一度ずつ対戦）。主催 { $organiser }
tn-err-no-round-robin = 参加者{ $count }人・{ $seats }人卓の総当たりはありません。総当たりができるのは、2人卓なら何人でも、3人卓なら9人、4人卓なら16人です。
tn-err-fixed-schedule = 総当たりの組み合わせは受付締切時に決まるため、プレイヤーを追加できません。
cmd-create-format = スイス式か、全員が一度ずつ対戦する総当たりか
name-param-format = 形式
cmd-create-filler = 参加者が卓に割り切れないとき：コンピューターで埋めるか、抜け番にするか
name-param-filler = 端数

## Tournaments: the rolling format (issue 38)
cmd-create-window = ローリング：ロビーを開けておく時間（分、指定なしは120）
name-param-window = 受付時間
cmd-create-run = ローリング：連続何戦の最高合計で順位を決めるか（指定なしは3）
name-param-run = 連続戦数
cmd-create-computer_after = ローリング：何分待つとコンピューターが空席を埋めるか（指定なしは埋めない）
name-param-computer-after = コンピューター補充
tn-heading-rolling = 🏆 **{ $name }**：{ $game }、{ $seats }人卓のローリング（{ $seats }人そろうたびに卓が立ち、連続{ $run }戦の最高合計で順位を決めます）。主催 { $organiser }
tn-lobby-open = ロビーは <t:{ $ends }:f>（<t:{ $ends }:R>）まで開いています：「対局する」を押すと次の卓を待ちます。待機中（{ $count }人）：{ $waiting }
tn-lobby-fill = { $minutes }分待った人の卓はコンピューターが空席を埋めます。
tn-lobby-closed = ロビーは閉まりました：新しい卓は立たず、対局中の卓が終わると大会は終了します。
tn-lobby-entrants = これまでの参加者：{ $count }人。各卓の席順は主催者の秘密値（SHA-256 `{ $commitment }`、終了時に公開）、卓番号、その卓の参加者のクリックから決まります。
tn-queue = 対局する
tn-unqueue = 待機をやめる
tn-standings-rolling = **順位**（{ $tables }卓中{ $finished }卓終了）。連続{ $run }戦の最高合計（戦数が足りない人はその後に合計順）、平均順位の順に並べています：
tn-short-run-mark = （{ $run }戦中{ $games }戦）
tn-final-rolling = 🏁 大会は終了しました。主催者の秘密値は `{ $secret }` でした。各卓の席順はこの値、卓番号、参加者の待機クリックの SHA-256 から決まり、`/momojan tournament check` で誰でも確かめられます。
tn-verified-rolling = ✅ 公開された秘密値は大会作成時にコミットしたものと一致し、全{ $rounds }卓の席順はそれと参加者のクリックから導かれます。
tn-verify-table-differs = ❌ 第{ $round }卓の席順が抽選の結果と一致しません。
tn-table-start-rolling = 🏆 **{ $name }** 第{ $table }卓：{ $players }
tn-board-title-rolling = 🏆 { $name }：順位（連続{ $run }戦の最高合計）
tn-board-final-rolling = 🏁 { $name }：最終順位（連続{ $run }戦の最高合計）
tn-board-footer-rolling = 連続{ $run }戦の最高合計（戦数が足りない人はその後に合計順）、平均順位（小さい順）の順に並べています。{ $tables }卓中{ $finished }卓終了。
tn-err-already-waiting = すでに卓を待っています。
tn-err-not-waiting = 卓を待っていません。
tn-err-at-table = 大会の卓（この大会か別の大会）で対局中です：終わってからもう一度「対局する」を押してください。
tn-err-rolling = ローリングのロビーは1〜{ $window }分、連続戦数は1〜{ $run }戦、コンピューター補充は1〜{ $fill }分です。
tn-dropped-rolling = { $player } を **{ $name }** から除外しました：今後は卓を待てません（これまでの対局は数えます）。
tn-err-other-event = このサーバーで終わっていない別の大会に参加しています：同時に二つの卓に座ることになるため参加できません。

## 卓の観戦（issue 39 の 3）
table-watch = 観戦
watch-intro = 👀 対局 #{ $id } を観戦中です（あなただけに表示。約14分間卓に合わせて更新されます。続けるにはもう一度「観戦」を押してください）。
watch-forbidden = この対局のプレイヤーは観戦を許可していません。
watch-over = この対局は終了しました。結果はスレッドにあります。
watch-hands-title = 第{ $n }局：全員の手牌
watch-hands-late = その局が終わったときの手牌です（一局遅れで表示。進行中の局は表示しません）。
config-spectate = 観戦者に全員の手牌を一局遅れで見せる（人同士の対局）：{ $value }
cmd-config-spectate_hands = 人同士の対局の観戦者に全員の手牌を一局遅れで見せる
name-param-spectate-hands = 手牌公開観戦
cmd-challenge-watch = サーバーの誰でも観戦できるか（指定しなければ可）
cmd-table-watch = サーバーの誰でも観戦できるか（指定しなければ可）
cmd-practice-watch = サーバーの誰でも観戦できるか（指定しなければ可）
name-param-watch = 観戦
## 教える卓 (issue 39)
cmd-practice-teach = 教える卓：持ち時間なし、各選択肢にヒント（省略時はサーバーの既定）
cmd-table-teach = 教える卓：持ち時間なし、各選択肢にヒント（省略時はサーバーの既定）
cmd-config-teach = 新しい卓と練習を、指定がなければ教える卓（持ち時間なし・ヒント）にする
name-param-teach = 教える
config-teach = 新しい卓と練習は教える卓（持ち時間なし・ヒント）：{ $value }
hist-teach = 📖 教える卓 ·
hand-teach-title = 📖 各選択肢の効果
hand-teach-suggest = 💡 コンピューターなら **{ $action }**：{ $reason }
## ハイライト(issue 39): 局の後の一行と対局のまとめ
sum-highlights = ハイライト
result-highlights = **ハイライト**
## 教える卓のコンピューターの手の「なぜ？」(issue 39)
hand-why = なぜ？
why-answer = 💡 { $move }：{ $reason }
why-none = このボタンで説明できる、教える卓のコンピューターの手はありません。


## Highlights (issue 39, item 2, the rest): turning one's own off, and the server's board
name-highlights = ハイライト
name-param-mine = 自分
cmd-highlights = このサーバーのシーズンのハイライト、または自分のハイライトのオン・オフ
cmd-highlights-mine = 自分についてのハイライトをオフ・オンにする（全サーバー共通）
cmd-highlights-season = シーズン（省略時は現在）
cmd-highlights-game = どのゲームか（省略時はすべて）
hlb-title = ハイライト · シーズン{ $season }
hlb-footer = 各欄の上位3件 · ハイライトをオフにしたプレイヤーは載りません
hlb-none = まだハイライトはありません。
hlb-unlucky = 😣 いちばん不運: { $who }
hlb-escape = 🏃 いちばんの逃げ切り: { $who }
hlb-big = 💥 いちばん大きな手: { $who }
hlb-entry = { $user }：{ $what }（対局 #{ $match }）
hlb-mine-off = あなたについてのハイライトをオフにしました。局ごとの一言・まとめ・ボードにあなたの名前は出ません。`/momojan highlights mine:on` で戻せます。
hlb-mine-on = あなたについてのハイライトをオンに戻しました。局ごとの一言・まとめ・ボードに名前が出ることがあります。
hlb-no-season = このサーバーにシーズン{ $season }はまだありません。現在のシーズンは{ $current }です。

# Tournament messages that fit: long fields cut short, and the repeat meetings
tn-and-more = ほか{ $count }人
tn-more-tables = …ほか{ $count }卓（各卓のメッセージがこの下に続きます）。
tn-more-standings = …ほか{ $count }人（全員の順位は順位表のメッセージにあります）。
tn-meetings = 再戦：{ $repeated }組が同じ卓に2回以上座りました（最多{ $most }回）。
tn-meetings-none = 再戦：なし（同じ卓に2回座った2人はいません）。

# The highlights board: each kind in a few words, with its value
hl-kind-big-hand = 最高の和了、{ $value }点
hl-kind-comeback = { $value }点差からの逆転
hl-kind-deal-ins = 放銃{ $value }回
hl-kind-big-deal-in = { $value }点の放銃
hl-kind-hot-streak = { $value }連続和了
hl-kind-winless = { $value }局和了なし
hl-kind-next-draw = 和了牌が次のツモだった
hl-kind-riichi-deal-in = リーチ宣言牌で放銃（{ $value }点）
hl-kind-suji-deal-in = スジで放銃（{ $value }点）
hl-kind-stuck-one-away = { $value }巡一向聴のまま
hl-kind-cheaper-winner = { $value }点の聴牌で競り負け
hl-kind-left-wait = 外した待ちが次に来た
hl-kind-dodged = フリテンで命拾い
hl-kind-ura-place = 裏ドラで順位を落とした（{ $value }点）
hl-kind-first-riichi = { $value }局すべてで先制リーチ
hl-kind-lone-noten = ひとりだけノーテン
hl-kind-only-tenpai = ひとりだけテンパイ
hl-kind-one-short = テンパイまであと一枚
hl-kind-riichi-for-nothing = 実らなかったリーチ
tn-switches = この大会のスイッチ：{ $values }

## Computers told apart, and Why? of every computer move since yours (issue 39 leftovers)
computer-name-seat = コンピューター{ $seat }（{ $level }）
cmd-create-switches = この大会のスイッチ（例：length=east aka=false、指定なしはサーバーの設定）
name-param-switches = スイッチ一覧

## Tournaments: an organiser re-seats a table of the running round (issue 38)
cmd-reseat = 対局中の回戦の卓を最初からやり直す：その対局は結果なしで終わる（主催者）
name-reseat = 卓やり直し
cmd-reseat-table = 回戦の卓番号（卓の開始メッセージに出る番号）
name-param-table = 卓
tn-reseated = 🔁 **{ $name }** 第{ $round }回戦 第{ $table }卓をやり直します：この対局は結果なしで終わり（誰の成績にも数えません）、席を引き直して新しいスレッドで最初から始めます：{ $players }
tn-reseat-notice = 🔁 大会の主催者がこの卓をやり直しました：この対局はここで結果なしで終わり、誰の成績にも数えません。卓は新しいスレッドで最初からやり直します。
table-reseated = 🔁 大会の主催者が卓をやり直しました：この対局はここで結果なしで終わりました。
tn-err-no-round = まだ対局中の回戦がありません：組み合わせが決まると卓が始まります。
tn-err-reseat-rolling = 随時開催の大会の卓はやり直せません：プレイヤーは次の対局に並び直してください。
tn-err-no-table = 対局中の回戦に第{ $table }卓はありません。
tn-err-table-not-started = 第{ $table }卓はまだ始まっていません：まもなく始まります。
tn-err-table-ended = 第{ $table }卓の対局は終わっています：結果はそのままです。
tn-err-just-reseated = 第{ $table }卓はやり直したばかりで、新しい対局でまだ誰も打っていません。
err-cancelled = この対局は大会の主催者が卓をやり直したため、結果なしで終わりました。卓は新しいスレッドでやり直します。

# tournament history (issue 38): a server's events looked back on
cmd-tournament-history = このサーバーの大会の一覧（新しい順、優勝者つき）
cmd-standings-event = /momojan tournament history に出る大会の番号（省略時はこのチャンネルの最新の大会）
name-param-event = 大会
tn-history-title = 🏆 このサーバーの大会
tn-history-empty = このサーバーではまだ大会が開かれていません。`/momojan tournament create` で始められます。
tn-history-footer = 各大会の順位：/momojan tournament standings event:<番号>
tn-history-line = **#{ $id } { $name }** · { $game } · { $format } · { $count }人 · { $state } · { $channel } · <t:{ $created }:d>
tn-history-winner = {" "}· 🥇 優勝 { $user }
tn-history-swiss = スイス式 全{ $rounds }回戦
tn-history-round-robin = 総当たり
tn-history-rolling = ローリング
tn-history-signup = 参加受付中
tn-history-running = 対局中
tn-history-finished = 終了
tn-err-unknown-event = このサーバーに #{ $id } の大会はありません。`/momojan tournament history` で一覧を見られます。

# an event's table's thread (issue 38): the event, round and table
thread-name-event = { $name } 第{ $round }回戦 第{ $table }卓
thread-name-event-rolling = { $name } 第{ $table }卓

# standings image
tn-image-title = { $name }：第{ $round }回戦後の順位（全{ $rounds }回戦）
tn-image-final = { $name }：最終順位（全{ $round }回戦）
tn-image-title-rolling = { $name }：順位（連続{ $run }戦の最高合計）
tn-image-final-rolling = { $name }：最終順位（連続{ $run }戦の最高合計）
tn-image-rank = 順位
tn-image-player = プレイヤー
tn-image-games = 対局
tn-image-total = 合計
tn-image-average = 平均順位
