//! The public table message: balances, dealer, honba, pot, dora, piles, open sets, discards,
//! whose turn it is and the last few actions. Built from [`PublicView`] only, so it cannot show
//! a concealed card.

use super::cards::{cards, discards, meld};
use super::model::{Button, Embed, Field, Message, Row, Style};
use crate::discord::ids::{ButtonKind, GameButton};
use crate::engine::view::{PublicRound, PublicView, Stage};
use crate::engine::{PerSeat, Seat};

/// How a match is addressed in its messages: its id, state version and the players' names.
pub struct MatchLabel<'a> {
    pub match_id: i64,
    pub version: i64,
    pub names: &'a PerSeat<String>,
}

impl MatchLabel<'_> {
    pub fn button(&self, kind: ButtonKind) -> String {
        GameButton {
            match_id: self.match_id,
            version: self.version,
            kind,
        }
        .to_string()
    }

    pub fn name(&self, seat: Seat) -> &str {
        &self.names[seat]
    }
}

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
    pub banks: [i64; 2],
    /// The fair-deal commitment of the round in play (SHA-256, hex).
    pub commitment: Option<String>,
}

/// The table message.
pub fn table(view: &PublicView, label: &MatchLabel, info: &TableInfo) -> Message {
    let recent = &info.recent;
    let mut embed = Embed {
        title: "桃雀 MOMOJAN".into(),
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
            name: "Last actions".into(),
            value: lines.join("\n"),
            inline: false,
        });
    }
    let rows = if view.outcome.is_none() {
        vec![Row::Buttons(vec![Button {
            id: label.button(ButtonKind::Hand),
            label: "🂠 My hand".into(),
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
    embed.title = format!("桃雀 MOMOJAN — round {}", round.index + 1);
    let piles = round.pile_sizes;
    let mut lines = vec![
        format!(
            "Dealer (親): **{}** · honba {} · ante {} · pot **{}**",
            label.name(round.dealer),
            round.honba,
            round.ante,
            view.pot
        ),
        format!(
            "Dora indicator: {} · piles A {} · B {} · C {}",
            cards(&round.dora_indicators),
            piles[0],
            piles[1],
            piles[2]
        ),
    ];
    if let Some(seat) = round.to_act {
        let mut turn = format!(
            "Turn: **{}** — {}",
            label.name(seat),
            stage_text(round.stage)
        );
        if let Some(deadline) = info.deadline {
            turn.push_str(&format!(
                " · time runs out <t:{deadline}:R> (bank {})",
                clock_text(info.banks[seat.index()])
            ));
        }
        lines.push(turn);
    }
    if let Some(c) = round.claimable {
        lines.push(format!("Last discard: {}", cards(&[c])));
    }
    embed.description = lines.join("\n");
    if let Some(commitment) = &info.commitment {
        embed.footer = format!("Fair deal: this round's deck is fixed — SHA-256 {commitment}");
    }
    for seat in Seat::BOTH {
        let p = &round.players[seat];
        let mut name = format!("{} — {} pts", label.name(seat), view.balances[seat]);
        if seat == round.dealer {
            name.push_str(" · 親");
        }
        if p.riichi {
            name.push_str(" · 🔒 riichi");
        }
        let open = if p.melds.is_empty() {
            "—".to_string()
        } else {
            p.melds.iter().map(meld).collect::<Vec<_>>().join(" ")
        };
        embed.fields.push(Field {
            name,
            value: format!(
                "Hand: {} cards\nOpen: {}\nDiscards: {}",
                p.hand_size,
                open,
                discards(&p.discards)
            ),
            inline: false,
        });
    }
}

/// Seconds as `m:ss`.
pub fn clock_text(secs: i64) -> String {
    let secs = secs.max(0);
    format!("{}:{:02}", secs / 60, secs % 60)
}

fn stage_text(stage: Option<Stage>) -> &'static str {
    match stage {
        Some(Stage::TurnStart) => "draw, claim or ron",
        Some(Stage::AfterDraw) => "after drawing",
        Some(Stage::AfterOpening) => "after opening a set",
        Some(Stage::AfterKan) => "after a kan",
        None => "round over",
    }
}

fn between_rounds(view: &PublicView, label: &MatchLabel) -> String {
    let balances = format!(
        "{} {} pts · {} {} pts · pot {}",
        label.name(Seat::Zero),
        view.balances.zero,
        label.name(Seat::One),
        view.balances.one,
        view.pot
    );
    match view.outcome {
        Some(o) => format!(
            "Game over — **{}** wins ({}).\n{balances}",
            label.name(o.winner),
            super::summary::end_reason_text(o.reason)
        ),
        None => balances,
    }
}
