//! The round summary (both hands revealed, yaku, dora, ron bonus, doubling, transfers, pot and
//! balances, or the exhaustive-draw settlement, and the round's fair-deal proof), the final
//! result with a Rematch button, and the resign confirmation.

use super::cards::{card, cards};
use super::label::MatchLabel;
use super::model::{Button, Embed, Field, Message, Row, Style};
use super::words::{end_reason_text, transfer_reason_text};
use crate::discord::ids::{ButtonKind, ComponentId};
use crate::games::deal::DealProof;
use crate::games::momojan::records::reason_id as momojan_reason_id;
use crate::games::momojan::{Outcome, Party, RoundEnd, RoundRecord, Seat, WinBy};
use crate::i18n::{tr, tr_args, Arg};

/// The summary of a finished round; `proof` reveals its fair-deal salt and deck.
pub fn round_summary(
    record: &RoundRecord,
    label: &MatchLabel,
    proof: Option<&DealProof>,
) -> Message {
    let lang = label.lang;
    let mut embed = Embed {
        title: tr_args(
            lang,
            "sum-title",
            &[
                ("n", (record.index + 1).into()),
                ("headline", headline(record, label).into()),
            ],
        ),
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
                // Yaku keep their Japanese names; English readers also get the gloss.
                let info = yaku.0.info();
                let name = match lang {
                    crate::i18n::Lang::En => format!("{} {}", info.japanese, info.english),
                    crate::i18n::Lang::Ja => info.japanese.to_string(),
                };
                lines.push(format!("{name} — {points}"));
            }
            if score.dora > 0 {
                lines.push(tr_args(lang, "sum-dora", &[("n", score.dora.into())]));
            }
            if score.ron_bonus > 0 {
                lines.push(tr_args(
                    lang,
                    "sum-ron-bonus",
                    &[("n", score.ron_bonus.into())],
                ));
            }
            let key = if score.doubled {
                "sum-total-doubled"
            } else {
                "sum-total"
            };
            lines.push(tr_args(
                lang,
                key,
                &[("base", score.base.into()), ("total", score.total.into())],
            ));
            let key = match by {
                WinBy::Ron => "sum-won-ron",
                WinBy::Tsumo => "sum-won-tsumo",
            };
            lines.push(tr_args(lang, key, &[("card", card(*won_on).into())]));
        }
        Some(RoundEnd::Draw { tenpai, values }) => {
            lines.push(tr(lang, "sum-draw"));
            for seat in Seat::BOTH {
                let key = if tenpai[seat] {
                    "sum-tenpai"
                } else {
                    "sum-noten"
                };
                lines.push(tr_args(
                    lang,
                    key,
                    &[
                        ("name", label.name(seat).into()),
                        ("value", values[seat].into()),
                    ],
                ));
            }
        }
        None => lines.push(tr(lang, "sum-still")),
    }
    lines.push(tr_args(
        lang,
        "sum-dora-indicator",
        &[("cards", cards(&record.dora_indicators).into())],
    ));
    embed.description = lines.join("\n");
    if let Some(hands) = &record.final_hands {
        for seat in Seat::BOTH {
            embed.fields.push(Field {
                name: tr_args(lang, "sum-hand", &[("name", label.name(seat).into())]),
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
        name: tr(lang, "sum-points"),
        value: transfers_text(record, label),
        inline: false,
    });
    let mut rows = Vec::new();
    if let Some(proof) = proof {
        // One short line; the whole proof is one click away ("Check deal").
        let short = commitment_prefix(&proof.commitment);
        embed.footer = tr_args(lang, "sum-fair-short", &[("hash", short.into())]);
        let round = record.index;
        rows.push(Row::Buttons(vec![Button {
            id: ComponentId::Deal {
                match_id: label.match_id,
                round,
            }
            .to_string(),
            label: tr(lang, "sum-check-deal"),
            style: Style::Secondary,
            disabled: false,
        }]));
    }
    Message {
        embeds: vec![embed],
        rows,
        ..Message::default()
    }
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

/// "<name> wins by ron", "exhaustive draw": what a round came to, in a few words.
pub(super) fn headline(record: &RoundRecord, label: &MatchLabel) -> String {
    let lang = label.lang;
    match &record.end {
        Some(RoundEnd::Win { winner, by, .. }) => {
            let key = match by {
                WinBy::Ron => "sum-wins-ron",
                WinBy::Tsumo => "sum-wins-tsumo",
            };
            tr_args(lang, key, &[("name", label.name(*winner).into())])
        }
        Some(RoundEnd::Draw { .. }) => tr(lang, "sum-headline-draw"),
        None => tr(lang, "sum-headline-play"),
    }
}

fn party(p: Party, label: &MatchLabel) -> String {
    match p {
        Party::Seat(s) => label.name(s).to_string(),
        Party::Pot => tr(label.lang, "party-pot"),
    }
}

fn transfers_text(record: &RoundRecord, label: &MatchLabel) -> String {
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
                        transfer_reason_text(momojan_reason_id(t.reason), lang).into(),
                    ),
                ],
            )
        })
        .collect();
    lines.push(tr_args(
        lang,
        "sum-balances",
        &balance_args(label, record.balances.to_array(), Some(record.pot)),
    ));
    lines.join("\n")
}

/// `a`, `pa`, `b`, `pb` (and `pot`) arguments: both players with their points.
pub fn balance_args(
    label: &MatchLabel,
    balances: [i64; 2],
    pot: Option<i64>,
) -> Vec<(&'static str, Arg)> {
    let mut args = vec![
        ("a", label.name(Seat::Zero).into()),
        ("pa", balances[0].into()),
        ("b", label.name(Seat::One).into()),
        ("pb", balances[1].into()),
    ];
    if let Some(pot) = pot {
        args.push(("pot", pot.into()));
    }
    args
}

/// The final result, with a Rematch button.
pub fn game_result(outcome: Outcome, balances: [i64; 2], label: &MatchLabel) -> Message {
    let lang = label.lang;
    let reason = end_reason_text(outcome.reason.id(), lang);
    let description = [
        tr_args(lang, "result-ended", &[("reason", reason.into())]),
        tr_args(
            lang,
            "result-balances",
            &balance_args(label, balances, None),
        ),
    ];
    let embed = Embed {
        title: tr_args(
            lang,
            "result-title",
            &[("name", label.name(outcome.winner).into())],
        ),
        description: description.join("\n"),
        color: 0xF4A6C0,
        ..Embed::default()
    };
    Message {
        embeds: vec![embed],
        rows: vec![Row::Buttons(vec![Button {
            id: label.button(ButtonKind::Rematch),
            label: tr(lang, "result-rematch"),
            style: Style::Primary,
            disabled: false,
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
            },
            Button {
                id: label.button(ButtonKind::Dismiss),
                label: tr(lang, "resign-keep"),
                style: Style::Secondary,
                disabled: false,
            },
        ])],
        ephemeral: true,
        ..Message::default()
    }
}
