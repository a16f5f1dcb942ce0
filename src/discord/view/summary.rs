//! The round summary (both hands revealed, the game's lines: yaku, bonuses and totals, or the
//! exhaustive-draw settlement; transfers, pot and balances, and the round's fair-deal proof),
//! the final result with a Rematch button, and the resign confirmation.

use super::label::{game_colour, MatchLabel};
use super::model::{Button, Embed, Field, Message, Row, Style};
use super::words::{end_reason_text, transfer_reason_text};
use crate::discord::ids::{ButtonKind, ComponentId};
use crate::games::interface::deal::DealProof;
use crate::games::interface::ledger::Party;
use crate::games::interface::seat::Seat;
use crate::games::interface::{RoundResult, Words};
use crate::i18n::{tr, tr_args, Arg};

/// The summary of a finished round; `proof` reveals its fair-deal salt and deck (with text
/// cards if the art would not fit).
pub fn round_summary(
    result: &RoundResult,
    label: &MatchLabel,
    proof: Option<&DealProof>,
) -> Message {
    label.fitting(|label| summary_with(result, label, proof))
}

fn summary_with(result: &RoundResult, label: &MatchLabel, proof: Option<&DealProof>) -> Message {
    let lang = label.lang;
    let pen = label.pen();
    let mut embed = Embed {
        title: tr_args(
            lang,
            "sum-title",
            &[
                ("n", (result.index + 1).into()),
                ("headline", pen.words(&result.headline).into()),
            ],
        ),
        color: game_colour(label.game),
        ..Embed::default()
    };
    let lines: Vec<String> = result.lines.iter().map(|l| pen.words(l)).collect();
    embed.description = lines.join("\n");
    if let Some(hands) = &result.hands {
        // A hand the round does not show (riichi shows the winners' and the tenpai ones)
        // gets no field: a "—" per seat only made the summary longer.
        let shown = hands
            .seats()
            .filter(|seat| hands[*seat].iter().any(|g| !g.pieces.is_empty()));
        for seat in shown {
            embed.fields.push(Field {
                name: tr_args(lang, "sum-hand", &[("name", label.name(seat).into())]),
                value: pen.groups(&hands[seat]),
                inline: true,
            });
        }
    }
    embed.fields.push(Field {
        name: tr(lang, "sum-points"),
        value: transfers_text(result, label),
        inline: false,
    });
    let mut rows = Vec::new();
    if let Some(proof) = proof {
        // One short line; the whole proof is one click away ("Check deal").
        let short = commitment_prefix(&proof.commitment);
        embed.footer = tr_args(lang, "sum-fair-short", &[("hash", short.into())]);
        let round = result.index as u32;
        rows.push(Row::Buttons(vec![Button {
            id: ComponentId::Deal {
                match_id: label.match_id,
                round,
            }
            .to_string(),
            label: tr(lang, "sum-check-deal"),
            style: Style::Secondary,
            disabled: false,
            emoji: None,
        }]));
    }
    Message {
        embeds: vec![embed],
        rows,
        ..Message::default()
    }
}

/// Discord's limit on an embed field's value.
const FIELD_MAX: usize = 1024;

/// A round summary with the round's highlight lines as a field of its own (none: unchanged).
/// Lines that would pass a field's limit are left out, the first kept.
pub fn with_round_highlights(mut message: Message, lines: &[Words], label: &MatchLabel) -> Message {
    let pen = label.pen();
    let mut value = String::new();
    for line in lines.iter().map(|w| pen.words(w)) {
        let sep = usize::from(!value.is_empty());
        if value.len() + sep + line.len() > FIELD_MAX {
            break;
        }
        if sep == 1 {
            value.push('\n');
        }
        value.push_str(&line);
    }
    if let (false, Some(embed)) = (value.is_empty(), message.embeds.first_mut()) {
        embed.fields.push(Field {
            name: tr(label.lang, "sum-highlights"),
            value,
            inline: false,
        });
    }
    message
}

/// The first characters of a commitment, enough to compare by eye.
pub fn commitment_prefix(commitment: &str) -> &str {
    commitment.get(..16).unwrap_or(commitment)
}

/// The private answer to "Check deal": the round's whole proof and how to check it.
pub fn deal_check(proof: &DealProof, round: u32, lang: crate::i18n::Lang) -> Message {
    let value = [
        ("fair-commitment", &proof.commitment),
        ("fair-salt", &proof.salt),
        ("fair-deck", &proof.deck),
    ]
    .map(|(key, v)| tr_args(lang, key, &[("value", v.into())]));
    Message {
        embeds: vec![Embed {
            title: tr_args(lang, "deal-title", &[("n", (round + 1).into())]),
            description: format!("{}\n\n{}", value.join("\n"), tr(lang, "deal-how")),
            color: 0xF4A6C0,
            ..Embed::default()
        }],
        ephemeral: true,
        ..Message::default()
    }
}

fn party(p: Party, label: &MatchLabel) -> String {
    match p {
        Party::Seat(s) => label.name(s).to_string(),
        Party::Pot => tr(label.lang, "party-pot"),
    }
}

fn transfers_text(record: &RoundResult, label: &MatchLabel) -> String {
    let lang = label.lang;
    let mut lines: Vec<String> = record
        .transfers
        .iter()
        .map(|t| {
            tr_args(
                lang,
                "sum-transfer",
                &[
                    ("from", party(t.from, label).into()),
                    ("to", party(t.to, label).into()),
                    ("amount", t.amount.into()),
                    (
                        "why",
                        transfer_reason_text(label.game, t.reason, lang).into(),
                    ),
                ],
            )
        })
        .collect();
    let balances = record.balances.to_vec();
    lines.push(match balances.len() {
        2 => tr_args(
            lang,
            "sum-balances",
            &balance_args(label, &balances, Some(record.pot)),
        ),
        _ => tr_args(
            lang,
            "sum-balances-many",
            &[
                ("each", each_balance(label, &balances).into()),
                ("pot", record.pot.into()),
            ],
        ),
    });
    lines.join("\n")
}

/// Every player with their points, at a table of any size: `alice 25000 pts · bob …`.
fn each_balance(label: &MatchLabel, balances: &[i64]) -> String {
    balances
        .iter()
        .zip(Seat::ALL)
        .map(|(points, seat)| {
            let args = [
                ("name", label.name(seat).into()),
                ("points", (*points).into()),
            ];
            tr_args(label.lang, "table-balance-one", &args)
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// `a`, `pa`, `b`, `pb` (and `pot`) arguments: both players with their points.
pub fn balance_args(
    label: &MatchLabel,
    balances: &[i64],
    pot: Option<i64>,
) -> Vec<(&'static str, Arg)> {
    let mut args = vec![
        ("a", label.name(Seat::ZERO).into()),
        ("pa", balances[0].into()),
        ("b", label.name(Seat::ONE).into()),
        ("pb", balances[1].into()),
    ];
    if let Some(pot) = pot {
        args.push(("pot", pot.into()));
    }
    args
}

/// The final result, with a Rematch button: the winner, why the game ended, the balances,
/// what else the game says of its end (a final score) and the game's highlights (its recap:
/// one message, not one more after it).
pub fn game_result(
    (winner, reason): (Seat, &str),
    balances: &[i64],
    (extra, highlights): (&[Words], &[Words]),
    label: &MatchLabel,
) -> Message {
    let lang = label.lang;
    let reason = end_reason_text(label.game, reason, lang);
    let mut description = vec![
        tr_args(lang, "result-ended", &[("reason", reason.into())]),
        match balances.len() {
            2 => tr_args(
                lang,
                "result-balances",
                &balance_args(label, balances, None),
            ),
            _ => each_balance(label, balances),
        },
    ];
    let pen = label.pen();
    description.extend(extra.iter().map(|w| pen.words(w)));
    if !highlights.is_empty() {
        description.push(String::new());
        description.push(tr(lang, "result-highlights"));
        description.extend(highlights.iter().map(|w| pen.words(w)));
    }
    let embed = Embed {
        title: tr_args(lang, "result-title", &[("name", label.name(winner).into())]),
        description: description.join("\n"),
        color: game_colour(label.game),
        ..Embed::default()
    };
    Message {
        embeds: vec![embed],
        rows: vec![Row::Buttons(vec![Button {
            id: label.button(ButtonKind::Rematch),
            label: tr(lang, "result-rematch"),
            style: Style::Primary,
            disabled: false,
            emoji: None,
        }])],
        ..Message::default()
    }
}

/// The ephemeral "are you sure?" of /momojan resign.
pub fn resign_confirmation(label: &MatchLabel) -> Message {
    let lang = label.lang;
    Message {
        content: tr_args(lang, "resign-confirm", &[("id", label.match_id.0.into())]),
        rows: vec![Row::Buttons(vec![
            Button {
                id: label.button(ButtonKind::Resign),
                label: tr(lang, "resign-button"),
                style: Style::Danger,
                disabled: false,
                emoji: None,
            },
            Button {
                id: label.button(ButtonKind::Dismiss),
                label: tr(lang, "resign-keep"),
                style: Style::Secondary,
                disabled: false,
                emoji: None,
            },
        ])],
        ephemeral: true,
        ..Message::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::seat::{PerSeat, Seat};
    use crate::games::interface::{EnglishName, Group, Piece, Words};
    use crate::games::registry::GameId;
    use crate::i18n::Lang;

    fn label(seats: usize) -> MatchLabel {
        let names = ["Alice", "Bob", "Carol", "Dan"][..seats]
            .iter()
            .map(|n| n.to_string())
            .collect();
        MatchLabel {
            match_id: crate::service::MatchId(7),
            game: GameId::Riichi,
            version: 3,
            names: PerSeat::from_vec(names).unwrap(),
            mentions: PerSeat::from_vec(vec![String::new(); seats]).unwrap(),
            lang: Lang::En,
            faces: crate::discord::view::pen::Faces::text(),
        }
    }

    fn piece(text: &str) -> Piece {
        Piece {
            face: text.into(),
            text: text.into(),
            name_en: EnglishName::Unneeded,
        }
    }

    /// Riichi reveals the winner's hand only: the three others get no field at all.
    #[test]
    fn only_the_hands_a_round_reveals_have_a_field() {
        let won = Group::concealed(["1m", "2m", "3m"].map(piece).to_vec());
        let mut hands = PerSeat::from_vec(vec![Vec::new(); 4]).unwrap();
        hands[Seat::TWO] = vec![won];
        let result = RoundResult {
            index: 0,
            headline: Words::key("riichi-stage-turn"),
            lines: Vec::new(),
            hands: Some(hands),
            transfers: Vec::new(),
            balances: PerSeat::from_vec(vec![25_000; 4]).unwrap(),
            pot: 0,
            news: Words::key("riichi-stage-turn"),
        };
        let message = round_summary(&result, &label(4), None);
        let fields = &message.embeds[0].fields;
        let hand_fields: Vec<&str> = fields.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(
            fields.len(),
            2,
            "Carol's hand and the points: {hand_fields:?}"
        );
        assert!(fields[0].name.contains("Carol"), "{hand_fields:?}");
        assert!(!fields.iter().any(|f| f.value == "—"), "{fields:?}");
    }
}
