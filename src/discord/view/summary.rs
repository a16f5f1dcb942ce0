//! The round summary (both hands revealed, yaku, dora, ron bonus, doubling, transfers, pot and
//! balances, or the exhaustive-draw settlement) and the final result with a Rematch button.

use super::cards::{card, cards};
use super::model::{Button, Embed, Field, Message, Row, Style};
use super::table::MatchLabel;
use crate::discord::ids::ButtonKind;
use crate::engine::commitment::DealProof;
use crate::engine::{
    EndReason, Outcome, Party, RoundEnd, RoundRecord, Seat, TransferReason, WinBy,
};

/// The summary posted when a round ends.
/// The summary of a finished round; `proof` reveals its fair-deal salt and deck.
pub fn round_summary(
    record: &RoundRecord,
    label: &MatchLabel,
    proof: Option<&DealProof>,
) -> Message {
    let mut embed = Embed {
        title: format!("Round {} — {}", record.index + 1, headline(record, label)),
        color: 0xF4A6C0,
        ..Embed::default()
    };
    let mut lines = Vec::new();
    match &record.end {
        Some(RoundEnd::Win {
            by,
            card: won_on,
            score,
            ..
        }) => {
            for (yaku, points) in &score.yaku {
                let info = yaku.0.info();
                lines.push(format!(
                    "{} {} ({}) — {}",
                    info.japanese, info.english, info.id, points
                ));
            }
            if score.dora > 0 {
                lines.push(format!("Dora — {}", score.dora));
            }
            if score.ron_bonus > 0 {
                lines.push(format!("Ron bonus — {}", score.ron_bonus));
            }
            let doubled = if score.doubled {
                " → doubled (7 or more)"
            } else {
                ""
            };
            lines.push(format!(
                "**{} points{doubled} = {}**",
                score.base, score.total
            ));
            let how = match by {
                WinBy::Ron => "ron on",
                WinBy::Tsumo => "tsumo with",
            };
            lines.push(format!("Won by {how} {}", card(*won_on)));
        }
        Some(RoundEnd::Draw { tenpai, values }) => {
            lines.push("Exhaustive draw (流局).".into());
            for seat in Seat::BOTH {
                let state = if tenpai[seat] { "tenpai" } else { "noten" };
                lines.push(format!(
                    "{}: {state}, open-set value {}",
                    label.name(seat),
                    values[seat]
                ));
            }
        }
        None => lines.push("The round is still in play.".into()),
    }
    lines.push(format!(
        "Dora indicator: {}",
        cards(&record.dora_indicators)
    ));
    embed.description = lines.join("\n");
    if let Some(hands) = &record.final_hands {
        for seat in Seat::BOTH {
            embed.fields.push(Field {
                name: format!("{}'s hand", label.name(seat)),
                value: if hands[seat].is_empty() {
                    "—".into()
                } else {
                    cards(&hands[seat])
                },
                inline: true,
            });
        }
    }
    embed.fields.push(Field {
        name: "Points".into(),
        value: transfers_text(record, label),
        inline: false,
    });
    if let Some(proof) = proof {
        embed.fields.push(Field {
            name: "Fair deal — check with /momojan verify".into(),
            value: format!(
                "Commitment `{}`\nSalt `{}`\nDeck `{}`",
                proof.commitment, proof.salt, proof.deck
            ),
            inline: false,
        });
    }
    Message {
        embeds: vec![embed],
        ..Message::default()
    }
}

fn headline(record: &RoundRecord, label: &MatchLabel) -> String {
    match &record.end {
        Some(RoundEnd::Win { winner, by, .. }) => {
            let by = match by {
                WinBy::Ron => "ron",
                WinBy::Tsumo => "tsumo",
            };
            format!("{} wins by {by}", label.name(*winner))
        }
        Some(RoundEnd::Draw { .. }) => "exhaustive draw".into(),
        None => "in play".into(),
    }
}

fn party(p: Party, label: &MatchLabel) -> String {
    match p {
        Party::Seat(s) => label.name(s).to_string(),
        Party::Pot => "pot".into(),
    }
}

fn transfers_text(record: &RoundRecord, label: &MatchLabel) -> String {
    let mut lines: Vec<String> = record
        .transfers
        .iter()
        .map(|t| {
            let why = match t.reason {
                TransferReason::Ante => "ante",
                TransferReason::Win => "win",
                TransferReason::Draw => "draw settlement",
                TransferReason::Pot => "pot",
            };
            format!(
                "{} → {}: {} ({why})",
                party(t.from, label),
                party(t.to, label),
                t.amount
            )
        })
        .collect();
    lines.push(format!(
        "Balances: {} {} · {} {} · pot {}",
        label.name(Seat::Zero),
        record.balances.zero,
        label.name(Seat::One),
        record.balances.one,
        record.pot
    ));
    lines.join("\n")
}

/// The final result, with a Rematch button.
pub fn game_result(outcome: Outcome, balances: [i64; 2], label: &MatchLabel) -> Message {
    let reason = end_reason_text(outcome.reason);
    let embed = Embed {
        title: format!("🏆 {} wins the game", label.name(outcome.winner)),
        description: format!(
            "Ended: {reason}.\n{} {} pts · {} {} pts",
            label.name(Seat::Zero),
            balances[0],
            label.name(Seat::One),
            balances[1]
        ),
        color: 0xF4A6C0,
        ..Embed::default()
    };
    Message {
        embeds: vec![embed],
        rows: vec![Row::Buttons(vec![Button {
            id: label.button(ButtonKind::Rematch),
            label: "Rematch".into(),
            style: Style::Primary,
            disabled: false,
        }])],
        ..Message::default()
    }
}

/// Why a game ended, for players.
pub fn end_reason_text(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Normal => "after four dealerships",
        EndReason::FiveDealerWins => "five dealer wins in a row",
        EndReason::Oshimai => "おしまい Oshimai",
        EndReason::Bust => "a balance fell below 0",
        EndReason::AnteUnpaid => "the ante could not be paid",
        EndReason::Resigned => "the other player resigned",
        EndReason::Forfeit => "the other player ran out of time three turns in a row",
    }
}

/// The ephemeral "are you sure?" of /momojan resign.
pub fn resign_confirmation(label: &MatchLabel) -> Message {
    Message {
        content: format!(
            "Resign match {}? It ends now as your loss (the pot goes to your opponent).",
            label.match_id
        ),
        rows: vec![Row::Buttons(vec![
            Button {
                id: label.button(ButtonKind::Resign),
                label: "Resign".into(),
                style: Style::Danger,
                disabled: false,
            },
            Button {
                id: label.button(ButtonKind::Dismiss),
                label: "Keep playing".into(),
                style: Style::Secondary,
                disabled: false,
            },
        ])],
        ephemeral: true,
        ..Message::default()
    }
}
