//! A riichi game as a tenhou.net/6 JSON log, the format Tenhou's viewer, mjai-reviewer and
//! NAGA read: `{"title": [..], "name": [4 names], "rule": {"disp", "aka"}, "log": [hand, ..]}`,
//! one 17-element array per finished round.
//!
//! A hand is `[[kyoku, honba, riichi sticks], start scores, dora indicators, ura indicators,`
//! then for each seat its 13 dealt tiles, its takes and its discards, then the result`]`.
//! Seats are numbered from the first dealer (the format's seat 0 is East in E1), so the
//! dealer of kyoku *k* is seat *k* mod 4. Tiles are 11–19 (man), 21–29 (pin), 31–39 (sou),
//! 41–47 (East…North, white, green, red) and 51/52/53 for the red fives. A take is a drawn
//! tile or a call — `c` + the claimed tile + the two own tiles for a chi; for a pon (`p`) or an
//! open kan (`m`) the marked claimed tile stands first when taken from the left, second from
//! across, last from the right. A discard is a tile, `60` for the tile just drawn, `r` before
//! it when it declares riichi, `0` after an open kan (which has no discard of its own), a
//! closed kan `aaa` + `a` + `a`, and an added kan the pon's string with `k` + the added tile
//! in place of `p`. The result is `["和了", deltas, [who, from, pao, "points", "yaku(n飜)", ..],
//! ..]` (one pair per winner), `["流局", deltas]` for an exhaustive draw with some seats tenpai
//! and some not, `["全員聴牌"]` or `["全員不聴"]` — the name alone, no deltas, nothing having
//! been paid — for one where all four or none are, or the name of an abortive draw; the deltas
//! are what the round paid, pot included, without the riichi sticks put in (the format counts
//! those from the `r` discards). Tenhou's own logs write these draws so (the Phoenix-table log
//! mjx-project/mjx keeps as `tests_py/resources/mjscore/2018040923gm-00a9-0000-1833afca.json`
//! opens with a `["全員不聴"]` hand), and mjai-reviewer's reader (`convlog/src/tenhou/log.rs`)
//! takes a result without deltas as paying nothing.
//!
//! The log is written from the game's round records (the wall and every action), replayed
//! through the engine so that every draw is the one the game made. A round a concession cut
//! short has no record and no result the format could hold: it is left out.
//!
//! `sc`, written once the game is over, is each seat's final points in hundreds and its final
//! score, and follows the log, as the format reads it: a seat's points are its start scores
//! plus the logged hands' deltas less the sticks its `r` discards put in, with the sticks left
//! on the table after the last logged hand handed to the first (as Tenhou hands the deposits
//! left at the end of a game). Where the game's balances differ — a concession cut a round
//! short, whose riichi sticks the game keeps taken and hands with the pot to the first — the
//! log's points are written, and each final score is the game's moved by as much (its uma,
//! oka and ranking, the conceding seat last, unchanged). A game played to its end has the
//! same points either way.

use serde_json::{json, Value};

use super::action::{Action, Refusal};
use super::game::{Game, Outcome, RoundRecord, START};
use super::options::Length;
use super::round::{Abort, Reason, Round, RoundEnd, Scores, WinRecord, SEATS};
use crate::games::interface::ledger::Party;
use crate::games::interface::seat::{PerSeat, Seat};
use crate::games::kit::mahjong::hand::{Meld, MeldKind};
use crate::games::kit::mahjong::score::{Limit, Payments, Score};
use crate::games::kit::mahjong::tile::{Kind, Tile};
use crate::games::kit::mahjong::yaku::Yaku;

/// A tsumogiri discard: the tile just drawn.
pub const TSUMOGIRI: u8 = 60;

/// Why a game's records do not make a log.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TenhouError {
    /// A recorded action the engine refuses when its round is replayed (a damaged record).
    #[error("round {round}, action {index} does not replay: {refusal}")]
    Replay {
        round: usize,
        index: usize,
        refusal: Refusal,
    },
}

/// The tenhou.net/6 log of `game`'s finished rounds, its players named `names` (by seat) and
/// titled `title`.
///
/// # Errors
/// [`TenhouError::Replay`] when a recorded action does not replay.
pub fn log(game: &Game, names: &PerSeat<String>, title: [&str; 2]) -> Result<Value, TenhouError> {
    let order = |seat: Seat| game.first_dealer.distance_to(seat, SEATS);
    let seats: Vec<Seat> = SEATS.from_seat(game.first_dealer).collect();
    let mut hands = Vec::with_capacity(game.records.len());
    let mut pot = 0;
    for record in &game.records {
        hands.push(hand(game, record, pot, &order)?);
        pot = record.pot;
    }
    let mut doc = json!({
        "title": title,
        "name": seats.iter().map(|s| names[*s].clone()).collect::<Vec<_>>(),
        "rule": {"disp": rule_text(game), "aka": u8::from(game.options.aka)},
        "log": hands,
    });
    if let Some(outcome) = &game.outcome {
        // Final points in hundreds and the final score, seat by seat, as the log adds them up.
        let points = logged_points(game, outcome);
        let sc: Vec<Value> = seats
            .iter()
            .flat_map(|&s| {
                let tenths = outcome.final_tenths[s] + (points[s] - game.scores.points[s]) / 100;
                [json!(points[s] / 100), json!(tenths as f64 / 10.0)]
            })
            .collect();
        doc["sc"] = Value::Array(sc);
    }
    Ok(doc)
}

/// The final points the log adds up to: the last logged hand's points (the start points when
/// none was logged), the sticks left on the table after it to the first. Riichi sticks put in
/// during a round a concession cut short are not in the log, and not taken here.
fn logged_points(game: &Game, outcome: &Outcome) -> PerSeat<i64> {
    let last = game.records.last();
    let mut points = last.map_or_else(|| PerSeat::filled(SEATS, START), |r| r.points);
    if let Some(&first) = outcome.ranking.first() {
        points[first] += last.map_or(0, |r| r.pot);
    }
    points
}

/// 般 (an ordinary table), 東 or 南 for the length, 喰 with kuitan, 赤 with red fives: the
/// words tools read the length and the red fives from.
fn rule_text(game: &Game) -> String {
    let mut disp = String::from("般");
    disp.push(match game.options.length {
        Length::East => '東',
        Length::South => '南',
    });
    if game.options.kuitan {
        disp.push('喰');
    }
    if game.options.aka {
        disp.push('赤');
    }
    disp
}

/// The tile's code in the format.
pub fn code(tile: Tile) -> u8 {
    let kind = tile.kind();
    let suit = kind.index() as u8 / 9;
    if tile.is_red() {
        51 + suit
    } else {
        10 * (suit + 1) + kind.number()
    }
}

/// The tile a code names (60, the tsumogiri mark, is none).
pub fn tile_of(code: u8) -> Option<Tile> {
    let (tens, units) = (code / 10, code % 10);
    match (tens, units) {
        (5, 1..=3) => Kind::of(suit_of(units - 1)?, 5).and_then(Kind::red),
        (1..=3, 1..=9) => Kind::of(suit_of(tens - 1)?, units).map(Kind::tile),
        (4, 1..=7) => {
            Kind::of(crate::games::kit::mahjong::tile::Suit::Honor, units).map(Kind::tile)
        }
        _ => None,
    }
}

fn suit_of(n: u8) -> Option<crate::games::kit::mahjong::tile::Suit> {
    use crate::games::kit::mahjong::tile::Suit;
    [Suit::Man, Suit::Pin, Suit::Sou]
        .get(usize::from(n))
        .copied()
}

/// One seat's streams in a hand.
#[derive(Debug, Default)]
struct Streams {
    takes: Vec<Value>,
    discards: Vec<Value>,
}

/// What each seat had before an action: draws, kans and calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Counters {
    draws: u32,
    kans: u8,
    melds: usize,
}

fn counters(round: &Round) -> PerSeat<Counters> {
    round.players.map(|_, p| Counters {
        draws: p.draws,
        kans: p.kans,
        melds: p.melds.len(),
    })
}

/// One round's 17 elements.
fn hand(
    game: &Game,
    record: &RoundRecord,
    pot: i64,
    order: &impl Fn(Seat) -> u8,
) -> Result<Value, TenhouError> {
    let mut round = Round::deal(
        record.index,
        record.dealership,
        record.dealer,
        record.honba,
        game.options,
        record.wall.clone(),
    );
    let mut scores = Scores {
        points: record.start_points,
        pot,
    };
    let mut streams: PerSeat<Streams> = PerSeat::from_fn(SEATS, |_| Streams::default());
    let haipai = PerSeat::from_fn(SEATS, |seat| {
        let mut dealt = round
            .wall
            .dealt(usize::from(record.dealer.distance_to(seat, SEATS)))
            .to_vec();
        dealt.sort();
        dealt.into_iter().map(code).collect::<Vec<_>>()
    });
    if let Some(first) = round.players[record.dealer].drawn {
        streams[record.dealer].takes.push(json!(code(first)));
    }
    for (index, &(seat, action)) in record.log.iter().enumerate() {
        if matches!(action, Action::AgariYame | Action::Continue) {
            continue;
        }
        if let Some(out) = own_discard(&round, seat, action) {
            streams[seat].discards.push(out);
        }
        let before = counters(&round);
        round
            .apply(seat, action, &mut scores)
            .map_err(|refusal| TenhouError::Replay {
                round: record.index,
                index,
                refusal,
            })?;
        note_takes(&round, &before, &mut streams);
    }
    let seats: Vec<Seat> = SEATS.from_seat(game.first_dealer).collect();
    let in_seat_order =
        |values: &PerSeat<i64>| seats.iter().map(|s| values[*s]).collect::<Vec<_>>();
    let riichi_win = matches!(&record.end, Some(RoundEnd::Win { wins })
        if wins.iter().any(|w| w.score.yaku.iter().any(|(y, _)| is_riichi(*y))));
    let ura: Vec<u8> = if riichi_win {
        record.ura_indicators.iter().map(|t| code(*t)).collect()
    } else {
        Vec::new()
    };
    let mut out = vec![
        json!([record.dealership, record.honba, pot / 1000]),
        json!(in_seat_order(&record.start_points)),
        json!(record
            .dora_indicators
            .iter()
            .map(|t| code(*t))
            .collect::<Vec<_>>()),
        json!(ura),
    ];
    for &seat in &seats {
        let s = &streams[seat];
        out.extend([json!(haipai[seat]), json!(s.takes), json!(s.discards)]);
    }
    out.push(result(record, &round, &seats, order));
    Ok(Value::Array(out))
}

fn is_riichi(y: Yaku) -> bool {
    matches!(y, Yaku::Riichi | Yaku::DoubleRiichi)
}

/// What an action puts in its own player's discards before it is played: a discard (`60` for
/// the tile just drawn, `r` for riichi), a closed kan or an added kan.
fn own_discard(round: &Round, seat: Seat, action: Action) -> Option<Value> {
    let p = &round.players[seat];
    match action {
        Action::Discard { card, riichi } => {
            let c = if p.drawn == Some(card) {
                TSUMOGIRI
            } else {
                code(card)
            };
            Some(if riichi {
                json!(format!("r{c}"))
            } else {
                json!(c)
            })
        }
        Action::Ankan { card } => {
            let mut tiles = all_of(p, card);
            tiles.sort();
            let codes: Vec<String> = tiles.iter().map(|t| code(*t).to_string()).collect();
            Some(json!(format!(
                "{}{}{}a{}",
                codes[0], codes[1], codes[2], codes[3]
            )))
        }
        Action::Kakan { card } => {
            let pon = p
                .melds
                .iter()
                .find(|m| m.kind == MeldKind::Pon && m.first() == card)?;
            let added = all_of(p, card).first().copied()?;
            let text = call_text(pon, seat)?;
            Some(json!(text.replace('p', &format!("k{}", code(added)))))
        }
        _ => None,
    }
}

/// The seat's concealed tiles of a kind, plain before red (the order the engine takes them).
fn all_of(p: &super::round::Player, kind: Kind) -> Vec<Tile> {
    let mut out = Vec::new();
    for t in [Some(kind.tile()), kind.red()].into_iter().flatten() {
        out.extend(std::iter::repeat_n(t, usize::from(p.hand.count_tile(t))));
    }
    out
}

/// The takes an action led to: a call made (with the `0` an open kan leaves in the
/// discards), then a draw from the live wall or a replacement tile.
fn note_takes(round: &Round, before: &PerSeat<Counters>, streams: &mut PerSeat<Streams>) {
    for (seat, p) in round.players.iter() {
        let was = before[seat];
        if p.melds.len() > was.melds {
            if let Some(text) = p.melds.last().and_then(|m| call_text(m, seat)) {
                streams[seat].takes.push(json!(text));
                if p.melds
                    .last()
                    .is_some_and(|m| m.kind == MeldKind::Daiminkan)
                {
                    streams[seat].discards.push(json!(0));
                }
            }
        }
        let drew = p.draws > was.draws || p.kans > was.kans;
        if let (true, Some(tile)) = (drew, p.drawn) {
            streams[seat].takes.push(json!(code(tile)));
        }
    }
}

/// A chi, pon or open kan as the format writes it (`None` for a closed kan, which is a
/// discard).
pub fn call_text(meld: &Meld, seat: Seat) -> Option<String> {
    let claimed = meld.claimed?;
    let from = meld.from?;
    let mut own: Vec<Tile> = meld.tiles.clone();
    let i = own.iter().position(|t| *t == claimed)?;
    own.remove(i);
    let mut parts: Vec<String> = own.iter().map(|t| code(*t).to_string()).collect();
    // 3: the seat before (on the left), 2: across, 1: after (on the right).
    let distance = seat.distance_to(from, SEATS);
    let (mark, at) = match (meld.kind, distance) {
        (MeldKind::Chi, _) => ('c', 0),
        (MeldKind::Pon | MeldKind::Kakan, 3) => ('p', 0),
        (MeldKind::Pon | MeldKind::Kakan, 2) => ('p', 1),
        (MeldKind::Pon | MeldKind::Kakan, _) => ('p', 2),
        (MeldKind::Daiminkan, 3) => ('m', 0),
        (MeldKind::Daiminkan, 2) => ('m', 1),
        (MeldKind::Daiminkan, _) => ('m', 3),
        (MeldKind::Ankan, _) => return None,
    };
    parts.insert(at, format!("{mark}{}", code(claimed)));
    Some(parts.concat())
}

/// The result element: the wins with their deltas, the exhaustive draw's payments (its name
/// alone when all four seats or none are tenpai), or the abortive draw's name.
fn result(
    record: &RoundRecord,
    round: &Round,
    seats: &[Seat],
    order: &impl Fn(Seat) -> u8,
) -> Value {
    let deltas_of = |keep: &dyn Fn(&super::round::Transfer) -> bool| {
        let mut d = PerSeat::filled(SEATS, 0i64);
        for t in record.transfers.iter().filter(|t| keep(t)) {
            if let Party::Seat(s) = t.from {
                d[s] -= t.amount;
            }
            if let Party::Seat(s) = t.to {
                d[s] += t.amount;
            }
        }
        seats.iter().map(|s| d[*s]).collect::<Vec<_>>()
    };
    match &record.end {
        Some(RoundEnd::Win { wins }) => {
            let mut out = vec![json!("和了")];
            for (i, w) in wins.iter().enumerate() {
                let winner = Party::Seat(w.seat);
                let first = i == 0;
                let deltas = deltas_of(&|t| {
                    t.to == winner
                        && (t.reason == Reason::Win || (first && t.reason == Reason::Pot))
                });
                out.push(json!(deltas));
                out.push(win_detail(w, round, order));
            }
            Value::Array(out)
        }
        Some(RoundEnd::ExhaustiveDraw { tenpai }) => {
            match tenpai.values().filter(|t| **t).count() {
                4 => json!(["全員聴牌"]),
                0 => json!(["全員不聴"]),
                _ => json!(["流局", deltas_of(&|t| t.reason == Reason::Noten)]),
            }
        }
        Some(RoundEnd::AbortiveDraw { abort }) => json!([abort_name(*abort)]),
        None => json!([]),
    }
}

fn abort_name(abort: Abort) -> &'static str {
    match abort {
        Abort::NineTerminals => "九種九牌",
        Abort::FourRiichi => "四家立直",
        Abort::FourKans => "四槓散了",
        Abort::FourWinds => "四風連打",
    }
}

/// `[who, from, pao, "points", "yaku(n飜)", …]`: from is the winner for a tsumo; nobody is
/// liable (pao) but the winner, as the format writes when no one is.
fn win_detail(w: &WinRecord, round: &Round, order: &impl Fn(Seat) -> u8) -> Value {
    let who = order(w.seat);
    let from = w.from.map_or(who, order);
    let mut detail = vec![json!(who), json!(from), json!(who)];
    detail.push(json!(points_text(&w.score, w.seat == round.dealer)));
    for (y, han) in &w.score.yaku {
        let name = yaku_name(*y, round, w.seat);
        detail.push(json!(if y.is_yakuman() {
            format!("{name}(役満)")
        } else {
            format!("{name}({han}飜)")
        }));
    }
    if !w.score.is_yakuman() {
        let riichi = w.score.yaku.iter().any(|(y, _)| is_riichi(*y));
        for (name, han, shown) in [
            ("ドラ", w.score.dora, w.score.dora > 0),
            ("赤ドラ", w.score.aka, w.score.aka > 0),
            ("裏ドラ", w.score.ura, riichi),
        ] {
            if shown {
                detail.push(json!(format!("{name}({han}飜)")));
            }
        }
    }
    Value::Array(detail)
}

/// `30符1飜1000点`, `満貫8000点`; a tsumo's payments `300-500点` (others, dealer) or `500点∀`
/// (each, the dealer winning).
pub fn points_text(score: &Score, dealer: bool) -> String {
    let head = match (score.limit, score.fu) {
        (None, Some(fu)) => format!("{fu}符{}飜", score.han),
        (limit, _) => limit_name(limit).to_string(),
    };
    let paid = match score.payments {
        Payments::Ron(all) => format!("{all}点"),
        Payments::Tsumo { others, .. } if dealer => format!("{others}点∀"),
        Payments::Tsumo { dealer, others } => format!("{others}-{dealer}点"),
    };
    head + &paid
}

fn limit_name(limit: Option<Limit>) -> &'static str {
    match limit {
        Some(Limit::Mangan) | None => "満貫",
        Some(Limit::Haneman) => "跳満",
        Some(Limit::Baiman) => "倍満",
        Some(Limit::Sanbaiman) => "三倍満",
        Some(Limit::Yakuman) => "役満",
    }
}

/// The yaku's name as Tenhou writes it (the winds with the wind's name).
pub fn yaku_name(y: Yaku, round: &Round, seat: Seat) -> String {
    let wind = |k: Kind| ["東", "南", "西", "北"][k.index() - Kind::EAST.index()];
    match y {
        Yaku::SeatWind => format!("自風 {}", wind(round.seat_wind(seat))),
        Yaku::RoundWind => format!("場風 {}", wind(round.round_wind())),
        other => fixed_name(other).to_string(),
    }
}

fn fixed_name(y: Yaku) -> &'static str {
    match y {
        Yaku::Riichi => "立直",
        Yaku::DoubleRiichi => "両立直",
        Yaku::Ippatsu => "一発",
        Yaku::MenzenTsumo => "門前清自摸和",
        Yaku::Pinfu => "平和",
        Yaku::Tanyao => "断幺九",
        Yaku::Iipeikou => "一盃口",
        Yaku::Haku => "役牌 白",
        Yaku::Hatsu => "役牌 發",
        Yaku::Chun => "役牌 中",
        Yaku::SeatWind => "自風",
        Yaku::RoundWind => "場風",
        Yaku::Haitei => "海底摸月",
        Yaku::Houtei => "河底撈魚",
        Yaku::Rinshan => "嶺上開花",
        Yaku::Chankan => "槍槓",
        Yaku::Sanshoku => "三色同順",
        Yaku::Ittsu => "一気通貫",
        Yaku::Chanta => "混全帯幺九",
        Yaku::Chiitoitsu => "七対子",
        Yaku::Toitoi => "対々和",
        Yaku::Sanankou => "三暗刻",
        Yaku::SanshokuDoukou => "三色同刻",
        Yaku::Sankantsu => "三槓子",
        Yaku::Shousangen => "小三元",
        Yaku::Honroutou => "混老頭",
        Yaku::Honitsu => "混一色",
        Yaku::Junchan => "純全帯幺九",
        Yaku::Ryanpeikou => "二盃口",
        Yaku::Chinitsu => "清一色",
        Yaku::Kokushi => "国士無双",
        Yaku::Kokushi13 => "国士無双１３面",
        Yaku::Suuankou => "四暗刻",
        Yaku::SuuankouTanki => "四暗刻単騎",
        Yaku::Daisangen => "大三元",
        Yaku::Shousuushii => "小四喜",
        Yaku::Daisuushii => "大四喜",
        Yaku::Tsuuiisou => "字一色",
        Yaku::Ryuuiisou => "緑一色",
        Yaku::Chinroutou => "清老頭",
        Yaku::Chuuren => "九蓮宝燈",
        Yaku::JunseiChuuren => "純正九蓮宝燈",
        Yaku::Suukantsu => "四槓子",
        Yaku::Tenhou => "天和",
        Yaku::Chiihou => "地和",
    }
}

/// The players' names for a log when nothing better is known: `seat 0` … `seat 3`.
pub fn seat_names() -> PerSeat<String> {
    PerSeat::from_fn(SEATS, |s| format!("seat {}", s.index()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    #[test]
    fn every_tile_has_its_code_and_back() {
        assert_eq!(code(t("1m")), 11);
        assert_eq!(code(t("9p")), 29);
        assert_eq!(code(t("5s")), 35);
        assert_eq!(code(t("0m")), 51);
        assert_eq!(code(t("0s")), 53);
        assert_eq!(code(t("1z")), 41);
        assert_eq!(code(t("7z")), 47);
        for c in 0..=68 {
            if let Some(tile) = Tile::from_code(c) {
                assert_eq!(tile_of(code(tile)), Some(tile));
            }
        }
        for bad in [0, 10, 20, 40, 48, 50, 54, 60] {
            assert_eq!(tile_of(bad), None, "{bad}");
        }
    }

    fn meld(kind: MeldKind, tiles: &str, claimed: &str, from: u8) -> Meld {
        let mut tiles = crate::games::kit::mahjong::tile::parse_tiles(tiles).unwrap();
        tiles.sort();
        Meld {
            kind,
            tiles,
            claimed: Some(t(claimed)),
            from: Seat::try_from(from).ok(),
        }
    }

    #[test]
    fn a_call_marks_the_claimed_tile_where_the_discarder_sits() {
        let text = |m: Meld| call_text(&m, Seat::ONE).unwrap();
        // From the left (seat 0), across (seat 3), the right (seat 2).
        assert_eq!(text(meld(MeldKind::Chi, "340m", "3m", 0)), "c131451");
        assert_eq!(text(meld(MeldKind::Pon, "555z", "5z", 0)), "p454545");
        assert_eq!(text(meld(MeldKind::Pon, "555z", "5z", 3)), "45p4545");
        assert_eq!(text(meld(MeldKind::Pon, "555z", "5z", 2)), "4545p45");
        assert_eq!(
            text(meld(MeldKind::Daiminkan, "9999s", "9s", 0)),
            "m39393939"
        );
        assert_eq!(
            text(meld(MeldKind::Daiminkan, "9999s", "9s", 3)),
            "39m393939"
        );
        assert_eq!(
            text(meld(MeldKind::Daiminkan, "9999s", "9s", 2)),
            "393939m39"
        );
    }
}
