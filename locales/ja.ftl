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
config-switch = ・`{ $id }` **{ $value }** — { $what }
switch-unnamed = スイッチ { $id }
config-bad-switch = { $game }にスイッチ { $value } はありません。スイッチは { $list } です。何も変更されていません。
config-no-switches = { $game }にスイッチはありません。何も変更されていません。
config-bad-switch-value = スイッチ { $switch } の値は { $allowed } のいずれかです（{ $value } は不可）。何も変更されていません。
config-switch-needs-value = スイッチを変えるには switch と value の両方を指定してください。何も変更されていません。

## Summaries of tables of more than two
sum-balances-many = 持ち点：{ $each } · 供託 { $pot }
