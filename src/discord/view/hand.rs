//! The private hand message (always ephemeral), enough to play the whole game from: what
//! just happened, the player's pieces and the one just drawn, the game's help about them
//! (waits with how many of each are unseen, furiten), the round as the game words it, both
//! players (points, riichi, groups, discards, the opponent's last discard marked), whose turn
//! it is with a countdown, and exactly the legal actions as buttons ([`super::choices`]),
//! then a row with the player's auto switches, each one click to turn on or off, while the
//! actions leave it room. After the game: "Game over", the winner and the final balances.

use super::choices::action_rows;
use super::label::{game_colour, MatchLabel};
use super::model::{limits, Button, Embed, Message, Row, Style};
use super::table::{between_rounds, player_field};
use crate::discord::ids::{ButtonKind, ComponentId};
use crate::games::interface::seat::SeatSet;
use crate::games::interface::AutoSwitch;
use crate::games::interface::{Acting, Budget, Hosted, Level, Words};
use crate::games::interface::{HandBoard, RoundBoard};
use crate::i18n::{tr, tr_args, Lang};
use crate::service::SeatMeta;

/// How many news lines the hand shows (the newest).
pub const NEWS_LINES: usize = 8;

/// What the hand shows besides the game itself.
#[derive(Debug, Clone, Default)]
pub struct HandExtras {
    /// Unix seconds of the acting player's deadline, shown as a countdown.
    pub deadline: Option<i64>,
    /// Ready-made lines about what just happened (newest last), shown above the pieces.
    pub news: Vec<String>,
    /// The player is away: the computer plays their seat until they take it back.
    pub away: bool,
    /// The game's auto switches, each with whether this player has it on (none: no row).
    pub auto: Vec<(AutoSwitch, bool)>,
    /// A teaching match's words on the player's choices (issue 39), `None` elsewhere.
    pub teach: Option<Teaching>,
    /// A teaching match's newest computer move among the news, as the version it made: the
    /// hand carries a **Why?** button for it (issue 39). `None` elsewhere.
    pub why: Option<i64>,
}

/// What a teaching hand says (issue 39): a line per legal choice, in the game's terms, and
/// the move the `normal` computer would make with its reason. From the seat's view only.
#[derive(Debug, Clone, Default)]
pub struct Teaching {
    pub hints: Vec<Words>,
    /// The computer's move in a few words, and why.
    pub suggestion: Option<(Words, Words)>,
}

/// The teaching words of seat `view` in game `G` under `options`; `None` unless `teach`.
pub fn teaching<G: Hosted>(teach: bool, view: &G::View, options: &G::Options) -> Option<Teaching> {
    if !teach || G::view_actions(view).is_empty() {
        return None;
    }
    let hints = G::hints(view, options)
        .into_iter()
        .map(|(_, w)| w)
        .collect();
    // A fixed budget and seed: the same hand always suggests the same move.
    let suggestion = G::decide(Level::Normal, view, options, Budget::samples(8), 0)
        .map(|a| (G::action_words(a), G::reason(view, options, a)));
    Some(Teaching { hints, suggestion })
}

/// The auto switches of game `G` as `seat`'s player has them.
pub fn auto_switches<G: Hosted>(seat: &SeatMeta) -> Vec<(AutoSwitch, bool)> {
    G::auto_switches()
        .iter()
        .map(|s| (*s, seat.auto.has(*s)))
        .collect()
}

/// Seat `view`'s hand message in game `G`: [`hand`], with the game's picture of what the seat
/// sees attached (mining's board), if it draws one.
pub fn game_hand<G: Hosted>(view: &G::View, label: &MatchLabel, extras: &HandExtras) -> Message {
    hand(&G::hand(view), label, extras).with_picture(G::hand_picture(view))
}

/// The hand message of `hand.seat` (with text cards if the art would not fit).
pub fn hand(hand: &HandBoard, label: &MatchLabel, extras: &HandExtras) -> Message {
    label.fitting(|label| hand_with(hand, label, extras))
}

fn hand_with(hand: &HandBoard, label: &MatchLabel, extras: &HandExtras) -> Message {
    let lang = label.lang;
    let mut lines: Vec<String> = extras
        .news
        .iter()
        .rev()
        .take(NEWS_LINES)
        .rev()
        .cloned()
        .collect();
    if !lines.is_empty() {
        lines.push(String::new());
    }
    let mut embed = Embed {
        title: tr(lang, "hand-title"),
        color: game_colour(label.game),
        ..Embed::default()
    };
    let board = &hand.board;
    match (&board.round, board.over) {
        (Some(round), None) => {
            embed.title = tr_args(lang, "hand-title-round", &[("n", (round.index + 1).into())]);
            lines.extend(own_lines(hand, label));
            if let Some(teach) = &extras.teach {
                lines.push(String::new());
                lines.extend(teaching_lines(teach, label));
            }
            lines.push(String::new());
            lines.extend(round_lines(hand, round, label, extras.deadline));
            // The others first, in turn order from this player: the last discard is marked
            // while it is what a claim by this player would take.
            let claimable = round.claimable.is_some() && round.to_act.includes(hand.seat);
            let seats = board.balances.seat_count();
            embed.fields = seats
                .from_seat(hand.seat.next(seats))
                .map(|seat| {
                    let mark = claimable && seat != hand.seat;
                    player_field(board, round, seat, label, mark)
                })
                .collect();
        }
        (_, Some(_)) => lines.push(between_rounds(board, label)),
        (None, None) => {
            lines.push(tr(lang, "hand-no-round"));
            lines.push(between_rounds(board, label));
        }
    }
    // A player away sees the one button that gives them their seat back: the computer plays
    // it meanwhile, and the actions come back with the seat.
    let rows = if extras.away && board.over.is_none() {
        lines.insert(0, tr(lang, "hand-away"));
        vec![Row::Buttons(vec![Button {
            id: label.button(ButtonKind::TakeBack),
            label: tr(lang, "hand-take-back"),
            style: Style::Success,
            disabled: false,
            emoji: None,
        }])]
    } else {
        let mut rows = action_rows(&hand.choices, label);
        // The actions come first: a turn that fills every row shows the switches again once
        // it is played.
        if rows.len() < limits::ROWS && board.over.is_none() {
            let why = extras.why.map(|step| why_button(step, label));
            rows.extend(switch_row(&extras.auto, why, label));
        }
        rows
    };
    embed.description = lines.join("\n");
    Message {
        embeds: vec![embed],
        rows,
        ephemeral: true,
        ..Message::default()
    }
}

/// A teaching hand's **Why?** of the computer's move that made version `step`: on the row of
/// switches, so it costs no message and no row of its own.
fn why_button(step: i64, label: &MatchLabel) -> Button {
    Button {
        id: ComponentId::Why {
            match_id: label.match_id,
            step,
        }
        .to_string(),
        label: tr(label.lang, "hand-why"),
        style: Style::Secondary,
        disabled: false,
        emoji: None,
    }
}

/// One button per auto switch, saying its state; a click asks for the other state. A
/// teaching hand's **Why?** comes last.
fn switch_row(
    switches: &[(AutoSwitch, bool)],
    why: Option<Button>,
    label: &MatchLabel,
) -> Option<Row> {
    if switches.is_empty() && why.is_none() {
        return None;
    }
    let buttons = switches
        .iter()
        .map(|&(switch, on)| Button {
            id: label.button(ButtonKind::Auto(switch, !on)),
            label: switch_label(switch, on, label.lang),
            style: if on { Style::Primary } else { Style::Secondary },
            disabled: false,
            emoji: None,
        })
        .chain(why)
        .collect();
    Some(Row::Buttons(buttons))
}

/// "Auto-win: on", in the reader's language.
fn switch_label(switch: AutoSwitch, on: bool, lang: Lang) -> String {
    let key = match (switch, on) {
        (AutoSwitch::Win, true) => "hand-auto-win-on",
        (AutoSwitch::Win, false) => "hand-auto-win-off",
        (AutoSwitch::NoCalls, true) => "hand-auto-no-calls-on",
        (AutoSwitch::NoCalls, false) => "hand-auto-no-calls-off",
        (AutoSwitch::RiichiDiscard, true) => "hand-auto-riichi-discard-on",
        (AutoSwitch::RiichiDiscard, false) => "hand-auto-riichi-discard-off",
    };
    tr(lang, key)
}

/// The player's own pieces and the game's help about them.
fn own_lines(hand: &HandBoard, label: &MatchLabel) -> Vec<String> {
    let pen = label.pen();
    let mut lines = vec![format!("**{}**", pen.pieces(&hand.concealed))];
    if let Some(drawn) = &hand.drawn {
        lines.push(tr_args(
            label.lang,
            "hand-drew",
            &[("card", pen.piece(drawn).into())],
        ));
    }
    lines.extend(hand.notes.iter().map(|n| pen.words(n)));
    lines
}

/// A teaching hand's lines: each choice's hint, then the computer's suggestion. Pieces are
/// written as text (a hint per choice in art would not fit Discord's limits with 14 tiles).
fn teaching_lines(teach: &Teaching, label: &MatchLabel) -> Vec<String> {
    let faces = crate::discord::view::pen::Faces::text();
    let pen = crate::discord::view::pen::Pen {
        faces: &faces,
        ..label.pen()
    };
    let mut lines = vec![format!("**{}**", tr(label.lang, "hand-teach-title"))];
    lines.extend(teach.hints.iter().map(|h| format!("· {}", pen.words(h))));
    if let Some((action, reason)) = &teach.suggestion {
        lines.push(tr_args(
            label.lang,
            "hand-teach-suggest",
            &[
                ("action", pen.words(action).into()),
                ("reason", pen.words(reason).into()),
            ],
        ));
    }
    lines
}

/// The round as the game words it, then whose turn it is.
fn round_lines(
    hand: &HandBoard,
    round: &RoundBoard,
    label: &MatchLabel,
    deadline: Option<i64>,
) -> Vec<String> {
    let lang = label.lang;
    let pen = label.pen();
    let mut lines: Vec<String> = round.hand_lines.iter().map(|l| pen.words(l)).collect();
    let stage = pen.words(&round.stage);
    let waiting_for = |seats: SeatSet| {
        let names: Vec<String> = seats.iter().map(|s| label.name(s).to_string()).collect();
        tr_args(
            lang,
            "hand-waiting-for",
            &[("name", super::challenge::list(&names, lang).into())],
        )
    };
    let mut turn = match round.to_act {
        acting if acting.includes(hand.seat) => {
            tr_args(lang, "hand-your-turn", &[("stage", stage.into())])
        }
        Acting::Over => stage,
        acting => waiting_for(acting.seats()),
    };
    if let Some(deadline) = deadline.filter(|_| !round.to_act.is_over()) {
        turn.push_str(" · ");
        turn.push_str(&tr_args(
            lang,
            "hand-deadline",
            &[("when", format!("<t:{deadline}:R>").into())],
        ));
    }
    lines.push(turn);
    lines
}
