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

/// The table message. `recent` are short public descriptions of the last actions, newest last.
pub fn table(view: &PublicView, label: &MatchLabel, recent: &[String]) -> Message {
    let mut embed = Embed {
        title: "桃雀 MOMOJAN".into(),
        color: 0xF4A6C0,
        ..Embed::default()
    };
    match &view.round {
        Some(round) => describe_round(&mut embed, view, round, label),
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

fn describe_round(embed: &mut Embed, view: &PublicView, round: &PublicRound, label: &MatchLabel) {
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
        lines.push(format!(
            "Turn: **{}** — {}",
            label.name(seat),
            stage_text(round.stage)
        ));
    }
    if let Some(c) = round.claimable {
        lines.push(format!("Last discard: {}", cards(&[c])));
    }
    embed.description = lines.join("\n");
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
            "Game over — **{}** wins ({:?}).\n{balances}",
            label.name(o.winner),
            o.reason
        ),
        None => balances,
    }
}
