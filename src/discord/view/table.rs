//! The public table message: balances, the game's lines (stakes, dora, piles or wall), groups,
//! discards, whose turn it is and the last few actions. Built from the game's public board
//! only ([`crate::games::interface::Shows::board`]), so it cannot show a concealed piece.

use super::label::{game_colour, game_title, MatchLabel};
use super::model::{Button, Embed, Field, Message, Row, Style};
use super::words::end_reason_text;
use crate::discord::ids::ButtonKind;
use crate::games::interface::seat::Seat;
use crate::games::interface::Acting;
use crate::games::interface::{Board, RoundBoard, Shows};
use crate::i18n::{tr, tr_args};
use crate::service::{Move, Origin, TableState};

/// How many recent actions the table lists.
pub const RECENT_ACTIONS: usize = 5;

/// What the table shows besides the game itself.
#[derive(Debug, Clone, Default)]
pub struct TableInfo {
    /// Short public descriptions of the last actions, newest last.
    pub recent: Vec<String>,
    /// When the player to act runs out of time (Unix seconds), shown as a Discord relative
    /// timestamp that counts down by itself.
    pub deadline: Option<i64>,
    /// Seconds of time bank left per seat.
    pub banks: crate::games::interface::seat::PerSeat<i64>,
    /// Seats the computer plays while their player is away.
    pub away: crate::games::interface::seat::PerSeat<bool>,
    /// The fair-deal commitment of the round in play (SHA-256, hex).
    pub commitment: Option<String>,
    /// Anyone may watch the table: it offers **Watch** (its players did not forbid it).
    pub watchable: bool,
    /// Ended without a result by an organiser's re-seat: the table says so, offers no button
    /// and counts down nothing.
    pub cancelled: bool,
}

/// The one notice to a match's players when its thread is gone: the game goes on in the
/// channel, where a new table follows.
pub fn moved_notice(meta: &crate::service::MatchMeta) -> Message {
    let players: Vec<String> = meta.players().map(|(_, u)| format!("<@{u}>")).collect();
    let players = players.join(" ");
    Message::text(tr_args(
        meta.lang,
        "moved-to-channel",
        &[("players", players.into()), ("id", meta.id.0.into())],
    ))
}

/// How a move came about when the player did not click it: ` ⏰`, ` (auto)`, ` 🤖`.
pub fn origin_mark(origin: Origin, lang: crate::i18n::Lang) -> String {
    match origin {
        Origin::Timeout => " ⏰".into(),
        Origin::Auto => format!(" {}", tr(lang, "action-auto")),
        Origin::Computer => " 🤖".into(),
        Origin::Player | Origin::Resign | Origin::Forfeit => String::new(),
    }
}

/// The table message of a stored match, in the match's language.
pub fn table_message<G: Shows>(state: &TableState<G>, label: &MatchLabel) -> Message {
    let meta = &state.loaded.meta;
    let pen = label.pen();
    let recent = state
        .recent
        .iter()
        .filter_map(|e| {
            let Move::Play(action) = e.action else {
                return None;
            };
            if !G::told_to_others(action) {
                return None;
            }
            let what = pen.words(&G::action_words(action));
            let by = origin_mark(e.origin, label.lang);
            Some(format!("{} — {what}{by}", label.name(e.seat)))
        })
        .collect();
    let game = &state.loaded.state;
    let board = G::board(game);
    let info = TableInfo {
        recent,
        deadline: meta
            .turn_deadline
            .filter(|_| !G::to_act(game).is_over() && !meta.is_cancelled()),
        banks: meta.seats.map(|_, s| s.bank),
        away: meta.seats.map(|_, s| s.away),
        commitment: board.round.as_ref().map(|_| {
            let round = G::rounds_played(game) as u32;
            G::deal_proof(&state.loaded.seed, round, &state.loaded.options).commitment
        }),
        watchable: meta.watchable,
        cancelled: meta.is_cancelled(),
    };
    table(&board, label, &info).with_picture(G::table_picture(game))
}

/// The table message (with text cards if the art would not fit).
pub fn table(board: &Board, label: &MatchLabel, info: &TableInfo) -> Message {
    label.fitting(|label| table_with(board, label, info))
}

fn table_with(board: &Board, label: &MatchLabel, info: &TableInfo) -> Message {
    let recent = &info.recent;
    let lang = label.lang;
    let title = game_title(label.game);
    let mut embed = Embed {
        title: tr_args(lang, "table-title", &[("title", title.into())]),
        color: game_colour(label.game),
        ..Embed::default()
    };
    match &board.round {
        Some(round) if board.over.is_none() => {
            describe_round(&mut embed, board, round, label, info)
        }
        _ => embed.description = between_rounds(board, label),
    }
    let shown: Vec<&String> = recent.iter().rev().take(RECENT_ACTIONS).rev().collect();
    if !shown.is_empty() {
        let lines: Vec<&str> = shown.iter().map(|s| s.as_str()).collect();
        embed.fields.push(Field {
            name: tr(lang, "table-last-actions"),
            value: lines.join("\n"),
            inline: false,
        });
    }
    if info.cancelled {
        let line = tr(lang, "table-reseated");
        embed.description = if embed.description.is_empty() {
            line
        } else {
            format!("{line}\n{}", embed.description)
        };
    }
    let rows = if board.over.is_none() && !info.cancelled {
        let mut buttons = vec![Button {
            id: label.button(ButtonKind::Hand),
            label: tr(lang, "table-my-hand"),
            style: Style::Primary,
            disabled: false,
            emoji: None,
        }];
        if info.watchable {
            buttons.push(watch_button(label));
        }
        vec![Row::Buttons(buttons)]
    } else {
        Vec::new()
    };
    Message {
        embeds: vec![embed],
        rows,
        ..Message::default()
    }
}

/// **Watch**: the table's public view for whoever clicks it, kept current (see
/// `discord/watchers.rs`).
pub fn watch_button(label: &MatchLabel) -> Button {
    Button {
        id: label.button(ButtonKind::Watch),
        label: tr(label.lang, "table-watch"),
        style: Style::Secondary,
        disabled: false,
        emoji: None,
    }
}

fn describe_round(
    embed: &mut Embed,
    board: &Board,
    round: &RoundBoard,
    label: &MatchLabel,
    info: &TableInfo,
) {
    let lang = label.lang;
    let pen = label.pen();
    embed.title = tr_args(
        lang,
        "table-title-round",
        &[
            ("title", game_title(label.game).into()),
            ("n", (round.index + 1).into()),
        ],
    );
    let mut lines: Vec<String> = round.table_lines.iter().map(|l| pen.words(l)).collect();
    if let Some(turn) = turn_line(round, label, info).filter(|_| !info.cancelled) {
        lines.push(turn);
    }
    if let Some(c) = &round.claimable {
        lines.push(tr_args(
            lang,
            "table-last-discard",
            &[("card", pen.piece(c).into())],
        ));
    }
    embed.description = lines.join("\n");
    if let Some(commitment) = &info.commitment {
        let short = super::summary::commitment_prefix(commitment);
        embed.footer = tr_args(lang, "table-fair", &[("hash", short.into())]);
    }
    for (seat, _) in board.balances.iter() {
        let mut field = player_field(board, round, seat, label, false);
        if info.away.get(seat).copied().unwrap_or(false) {
            field.name.push_str(" · ");
            field.name.push_str(&tr(lang, "table-away-mark"));
        }
        embed.fields.push(field);
    }
}

/// Who acts and until when: "alice: draw or claim · ⏳ in 2 minutes (bank 5:00)", or for a
/// claim window "bob, carol may claim · ⏳ in 30 seconds".
fn turn_line(round: &RoundBoard, label: &MatchLabel, info: &TableInfo) -> Option<String> {
    let lang = label.lang;
    let pen = label.pen();
    let stage = pen.words(&round.stage);
    let (mut line, bank) = match round.to_act {
        Acting::Over => return None,
        Acting::Turn(seat) => {
            let args = [("name", label.name(seat).into()), ("stage", stage.into())];
            (tr_args(lang, "table-turn", &args), Some(info.banks[seat]))
        }
        Acting::Claims(seats) => {
            let names: Vec<String> = seats.iter().map(|s| label.name(s).to_string()).collect();
            let args = [
                ("names", super::challenge::list(&names, lang).into()),
                ("stage", stage.into()),
            ];
            (tr_args(lang, "table-claims", &args), None)
        }
    };
    if let Some(deadline) = info.deadline {
        let when = format!("<t:{deadline}:R>");
        let when = match bank {
            Some(bank) => tr_args(
                lang,
                "table-deadline",
                &[("when", when.into()), ("bank", clock_text(bank).into())],
            ),
            None => tr_args(lang, "table-claim-deadline", &[("when", when.into())]),
        };
        line.push_str(" · ");
        line.push_str(&when);
    }
    Some(line)
}

/// One player as the table and the hand show them: name, points, dealer and riichi marks,
/// how many pieces they hold, groups and discards (with `mark_last`, the last one marked as
/// claimable).
pub(super) fn player_field(
    board: &Board,
    round: &RoundBoard,
    seat: Seat,
    label: &MatchLabel,
    mark_last: bool,
) -> Field {
    let lang = label.lang;
    let pen = label.pen();
    let p = &round.seats[seat];
    let mut name = tr_args(
        lang,
        "table-player",
        &[
            ("name", label.name(seat).into()),
            ("points", board.balances[seat].into()),
        ],
    );
    if let Some(mark) = &p.mark {
        name.push_str(" · ");
        name.push_str(&pen.plain().words(mark));
    }
    if seat == round.dealer {
        name.push_str(" · ");
        name.push_str(&tr(lang, "table-dealer-mark"));
    }
    if p.riichi {
        name.push_str(" · ");
        name.push_str(&tr(lang, "table-riichi-mark"));
    }
    // The count rides on the name line, and a seat with no open set has no "Open" line: at
    // four seats the table and every hand are long enough on a phone.
    name.push_str(" · ");
    name.push_str(&tr_args(
        lang,
        "table-hand-count",
        &[(
            "held",
            pen.plain().words(&held(label.game, p.concealed)).into(),
        )],
    ));
    let mut value = Vec::new();
    if p.groups.iter().any(|g| !g.pieces.is_empty()) {
        value.push(tr_args(
            lang,
            "table-open",
            &[("sets", pen.groups(&p.groups).into())],
        ));
    }
    value.push(tr_args(
        lang,
        "table-discards",
        &[("cards", pen.discards(&p.discards, mark_last).into())],
    ));
    Field {
        name,
        value: value.join("\n"),
        inline: false,
    }
}

/// How many pieces a player holds, in the game's words.
fn held(game: crate::games::registry::GameId, n: usize) -> crate::games::interface::Words {
    crate::games::registry::with_game!(game, G => G::held(n))
}

/// Seconds as `m:ss`.
pub fn clock_text(secs: i64) -> String {
    let secs = secs.max(0);
    format!("{}:{:02}", secs / 60, secs % 60)
}

/// Between rounds: both balances and the pot, after "Game over" and the winner when the game
/// has ended.
pub(super) fn between_rounds(board: &Board, label: &MatchLabel) -> String {
    let lang = label.lang;
    let balances = if board.balances.len() == 2 {
        tr_args(
            lang,
            "table-balances",
            &[
                ("a", label.name(Seat::ZERO).into()),
                ("pa", board.balances[Seat::ZERO].into()),
                ("b", label.name(Seat::ONE).into()),
                ("pb", board.balances[Seat::ONE].into()),
                ("pot", board.pot.into()),
            ],
        )
    } else {
        let each: Vec<String> = board
            .balances
            .iter()
            .map(|(seat, points)| {
                let args = [
                    ("name", label.name(seat).into()),
                    ("points", (*points).into()),
                ];
                tr_args(lang, "table-balance-one", &args)
            })
            .collect();
        tr_args(
            lang,
            "table-balances-many",
            &[("each", each.join(" · ").into()), ("pot", board.pot.into())],
        )
    };
    match board.over {
        Some((winner, reason)) => {
            let over = tr_args(
                lang,
                "table-game-over",
                &[
                    ("name", label.name(winner).into()),
                    ("reason", end_reason_text(label.game, reason, lang).into()),
                ],
            );
            format!("{over}\n{balances}")
        }
        None => balances,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::prelude::*;
    use crate::games::interface::seat::{PerSeat, Seat, SeatCount};
    use crate::games::registry::{GameId, Riichi};
    use crate::i18n::Lang;

    /// A seat with no open set has no "Open" line; one with a set shows it.
    #[test]
    fn a_seat_shows_an_open_line_only_for_the_sets_it_opened() {
        let game = Riichi::start(&[4; 32], SeatCount::FOUR, Seat::ZERO, Default::default()).0;
        let mut board = Riichi::board(&game);
        let label = MatchLabel {
            match_id: crate::service::MatchId(7),
            game: GameId::Riichi,
            version: 3,
            names: PerSeat::from_vec(vec!["A".into(), "B".into(), "C".into(), "D".into()]).unwrap(),
            mentions: PerSeat::from_vec(vec![String::new(); 4]).unwrap(),
            lang: Lang::En,
            faces: crate::discord::view::pen::Faces::text(),
        };
        let open = |board: &Board| {
            let round = board.round.as_ref().unwrap();
            player_field(board, round, Seat::ONE, &label, false)
                .value
                .contains("Open:")
        };
        assert!(!open(&board), "nothing opened yet");
        let round = board.round.as_mut().unwrap();
        round.seats[Seat::ONE].groups = vec![crate::games::interface::Group {
            pieces: Riichi::hand(&Riichi::view(&game, Seat::ZERO)).concealed[..3].to_vec(),
            marked: Some(2),
            kind: crate::games::interface::GroupKind::Called,
        }];
        assert!(open(&board), "a called set");
    }
}
