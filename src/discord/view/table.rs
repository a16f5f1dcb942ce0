//! The public table message: balances, dealer, honba, pot, dora, piles, open sets, discards,
//! whose turn it is and the last few actions. Built from [`PublicView`] only, so it cannot show
//! a concealed card.

use super::cards::{cards, discards_marking_last, meld};
use super::label::MatchLabel;
use super::model::{Button, Embed, Field, Message, Row, Style};
use super::words::action_label;
use super::words::end_reason_text;
use crate::discord::ids::ButtonKind;
use crate::games::momojan::commitment::deal_proof;
use crate::games::momojan::view::{PublicRound, PublicView, Stage};
use crate::games::registry::Momojan;
use crate::games::seat::Seat;
use crate::i18n::{tr, tr_args, Lang};
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
    pub banks: crate::games::seat::PerSeat<i64>,
    /// The fair-deal commitment of the round in play (SHA-256, hex).
    pub commitment: Option<String>,
}

/// The one notice to a match's players when its thread is gone: the game goes on in the
/// channel, where a new table follows.
pub fn moved_notice(meta: &crate::service::MatchMeta) -> Message {
    let players = format!("<@{}> <@{}>", meta.players.zero, meta.players.one);
    Message::text(tr_args(
        meta.lang,
        "moved-to-channel",
        &[("players", players.into()), ("id", meta.id.0.into())],
    ))
}

/// The table message of a stored match, in the match's language.
pub fn table_message(state: &TableState<Momojan>) -> Message {
    let meta = &state.loaded.meta;
    let label = MatchLabel::of(meta, meta.version, meta.lang);
    let recent = state
        .recent
        .iter()
        .filter_map(|e| {
            let Move::Play(action) = e.action else {
                return None;
            };
            let by = match e.origin {
                Origin::Timeout => " ⏰".to_string(),
                Origin::Auto => format!(" {}", tr(meta.lang, "action-auto")),
                Origin::Computer => " 🤖".to_string(),
                _ => String::new(),
            };
            let what = action_label(action, meta.lang);
            Some(format!("{} — {what}{by}", label.name(e.seat)))
        })
        .collect();
    let game = &state.loaded.state;
    let info = TableInfo {
        recent,
        deadline: meta.turn_deadline.filter(|_| game.to_act().is_some()),
        banks: meta.banks,
        commitment: game
            .round
            .as_ref()
            .map(|_| deal_proof(&state.loaded.seed, game.records.len() as u32).commitment),
    };
    table(&game.public_view(), &label, &info)
}

/// The table message.
pub fn table(view: &PublicView, label: &MatchLabel, info: &TableInfo) -> Message {
    let recent = &info.recent;
    let lang = label.lang;
    let mut embed = Embed {
        title: tr(lang, "table-title"),
        color: 0xF4A6C0,
        ..Embed::default()
    };
    match &view.round {
        Some(round) => describe_round(&mut embed, view, round, label, info),
        None => embed.description = between_rounds(view, label),
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
    let rows = if view.outcome.is_none() {
        vec![Row::Buttons(vec![Button {
            id: label.button(ButtonKind::Hand),
            label: tr(lang, "table-my-hand"),
            style: Style::Primary,
            disabled: false,
        }])]
    } else {
        Vec::new()
    };
    Message {
        embeds: vec![embed],
        rows,
        ..Message::default()
    }
}

fn describe_round(
    embed: &mut Embed,
    view: &PublicView,
    round: &PublicRound,
    label: &MatchLabel,
    info: &TableInfo,
) {
    let lang = label.lang;
    embed.title = tr_args(
        lang,
        "table-title-round",
        &[("n", (round.index + 1).into())],
    );
    let piles = round.pile_sizes;
    let mut lines = vec![
        tr_args(
            lang,
            "table-dealer",
            &[
                ("name", label.name(round.dealer).into()),
                ("honba", round.honba.into()),
                ("ante", round.ante.into()),
                ("pot", view.pot.into()),
            ],
        ),
        tr_args(
            lang,
            "table-dora",
            &[
                ("cards", cards(&round.dora_indicators).into()),
                ("a", piles[0].into()),
                ("b", piles[1].into()),
                ("c", piles[2].into()),
            ],
        ),
    ];
    if let Some(seat) = round.to_act {
        let mut turn = tr_args(
            lang,
            "table-turn",
            &[
                ("name", label.name(seat).into()),
                ("stage", stage_text(round.stage, lang).into()),
            ],
        );
        if let Some(deadline) = info.deadline {
            let when = tr_args(
                lang,
                "table-deadline",
                &[
                    ("when", format!("<t:{deadline}:R>").into()),
                    ("bank", clock_text(info.banks[seat]).into()),
                ],
            );
            turn.push_str(" · ");
            turn.push_str(&when);
        }
        lines.push(turn);
    }
    if let Some(c) = round.claimable {
        lines.push(tr_args(
            lang,
            "table-last-discard",
            &[("card", cards(&[c]).into())],
        ));
    }
    embed.description = lines.join("\n");
    if let Some(commitment) = &info.commitment {
        let short = super::summary::commitment_prefix(commitment);
        embed.footer = tr_args(lang, "table-fair", &[("hash", short.into())]);
    }
    for seat in Seat::BOTH {
        embed
            .fields
            .push(player_field(view, round, seat, label, false));
    }
}

/// One player as the table and the hand show them: name, points, dealer and riichi marks,
/// hand size, open sets and discards (with `mark_last`, the last one marked as claimable).
pub(super) fn player_field(
    view: &PublicView,
    round: &PublicRound,
    seat: Seat,
    label: &MatchLabel,
    mark_last: bool,
) -> Field {
    let lang = label.lang;
    let p = &round.players[seat];
    let mut name = tr_args(
        lang,
        "table-player",
        &[
            ("name", label.name(seat).into()),
            ("points", view.balances[seat].into()),
        ],
    );
    if seat == round.dealer {
        name.push_str(" · ");
        name.push_str(&tr(lang, "table-dealer-mark"));
    }
    if p.riichi {
        name.push_str(" · ");
        name.push_str(&tr(lang, "table-riichi-mark"));
    }
    let open = if p.melds.is_empty() {
        "—".to_string()
    } else {
        p.melds.iter().map(meld).collect::<Vec<_>>().join(" ")
    };
    let value = [
        tr_args(lang, "table-hand-count", &[("n", p.hand_size.into())]),
        tr_args(lang, "table-open", &[("sets", open.into())]),
        tr_args(
            lang,
            "table-discards",
            &[(
                "cards",
                discards_marking_last(&p.discards, mark_last).into(),
            )],
        ),
    ];
    Field {
        name,
        value: value.join("\n"),
        inline: false,
    }
}

/// Seconds as `m:ss`.
pub fn clock_text(secs: i64) -> String {
    let secs = secs.max(0);
    format!("{}:{:02}", secs / 60, secs % 60)
}

pub(super) fn stage_text(stage: Option<Stage>, lang: Lang) -> String {
    let key = match stage {
        Some(Stage::TurnStart) => "stage-turn-start",
        Some(Stage::AfterDraw) => "stage-after-draw",
        Some(Stage::AfterOpening) => "stage-after-opening",
        Some(Stage::AfterKan) => "stage-after-kan",
        None => "stage-over",
    };
    tr(lang, key)
}

/// Between rounds: both balances and the pot, after "Game over" and the winner when the game
/// has ended.
pub(super) fn between_rounds(view: &PublicView, label: &MatchLabel) -> String {
    let lang = label.lang;
    let balances = tr_args(
        lang,
        "table-balances",
        &[
            ("a", label.name(Seat::Zero).into()),
            ("pa", view.balances.zero.into()),
            ("b", label.name(Seat::One).into()),
            ("pb", view.balances.one.into()),
            ("pot", view.pot.into()),
        ],
    );
    match view.outcome {
        Some(o) => {
            let over = tr_args(
                lang,
                "table-game-over",
                &[
                    ("name", label.name(o.winner).into()),
                    ("reason", end_reason_text(o.reason.id(), lang).into()),
                ],
            );
            format!("{over}\n{balances}")
        }
        None => balances,
    }
}
