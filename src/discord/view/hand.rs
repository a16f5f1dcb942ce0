//! The private hand message (always ephemeral), enough to play the whole game from: what
//! just happened, the player's cards and the card just drawn, waits with how many of each are
//! unseen, furiten, the round (dealer, honba, pot, dora and its indicator, piles), both
//! players (points, riichi, open sets, discards, the opponent's last discard marked), whose
//! turn it is with a countdown, and exactly the engine's legal actions as buttons
//! ([`super::choices`]). After the game: "Game over", the winner and the final balances.

use super::cards::{card, cards};
use super::choices::action_rows;
use super::label::MatchLabel;
use super::model::{Embed, Message};
use super::table::{between_rounds, player_field, stage_text};
use super::words::waits_text;
use crate::games::momojan::card::DoraTarget;
use crate::games::momojan::view::{PublicRound, SeatView};
use crate::games::momojan::{Action, Card};
use crate::i18n::{tr, tr_args, Lang};

/// How many news lines the hand shows (the newest).
pub const NEWS_LINES: usize = 8;

/// What the hand shows besides the game itself.
#[derive(Debug, Clone, Default)]
pub struct HandExtras {
    /// Unix seconds of the acting player's deadline, shown as a countdown.
    pub deadline: Option<i64>,
    /// Ready-made lines about what just happened (newest last), shown above the cards.
    pub news: Vec<String>,
}

/// The hand message of `view.seat`.
pub fn hand(view: &SeatView, label: &MatchLabel, extras: &HandExtras) -> Message {
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
        color: 0xF4A6C0,
        ..Embed::default()
    };
    match (&view.public.round, view.public.outcome) {
        (Some(round), None) => {
            embed.title = tr_args(lang, "hand-title-round", &[("n", (round.index + 1).into())]);
            lines.extend(own_lines(view, lang));
            lines.push(String::new());
            lines.extend(round_lines(view, round, label, extras.deadline));
            // The opponent first: their last discard is marked while it is what a claim by
            // this player would take.
            let claimable = round.claimable.is_some() && round.to_act == Some(view.seat);
            embed.fields = [view.seat.other(), view.seat]
                .map(|seat| {
                    let mark = claimable && seat != view.seat;
                    player_field(&view.public, round, seat, label, mark)
                })
                .to_vec();
        }
        (_, Some(_)) => lines.push(between_rounds(&view.public, label)),
        (None, None) => {
            lines.push(tr(lang, "hand-no-round"));
            lines.push(between_rounds(&view.public, label));
        }
    }
    embed.description = lines.join("\n");
    Message {
        embeds: vec![embed],
        rows: action_rows(view, label),
        ephemeral: true,
        ..Message::default()
    }
}

/// The player's own cards and the help about them.
fn own_lines(view: &SeatView, lang: Lang) -> Vec<String> {
    let mut lines = vec![format!("**{}**", hand_line(view))];
    if let Some(drawn) = view.drawn {
        lines.push(tr_args(lang, "hand-drew", &[("card", card(drawn).into())]));
    }
    if view.tenpai {
        let waits = waits_text(&view.waits, lang);
        lines.push(tr_args(lang, "hand-tenpai", &[("waits", waits.into())]));
    }
    if view.furiten {
        lines.push(tr(lang, "hand-furiten"));
    }
    let riichi_legal = view
        .legal_actions
        .iter()
        .any(|a| matches!(a, Action::Discard { riichi: true, .. }));
    // With riichi legal, the riichi buttons list these discards with their waits.
    if !view.tenpai_discards.is_empty() && !view.legal_actions.is_empty() && !riichi_legal {
        let keep: Vec<String> = view.tenpai_discards.iter().map(|d| card(d.card)).collect();
        lines.push(tr_args(
            lang,
            "hand-keep-tenpai",
            &[("cards", keep.join(" ").into())],
        ));
    }
    lines
}

/// The round as everyone sees it: dealer and stakes, dora, piles, whose turn.
fn round_lines(
    view: &SeatView,
    round: &PublicRound,
    label: &MatchLabel,
    deadline: Option<i64>,
) -> Vec<String> {
    let lang = label.lang;
    let piles = round.pile_sizes;
    let dora: Vec<String> = round
        .dora_indicators
        .iter()
        .map(|&i| dora_text(i, lang))
        .collect();
    let mut lines = vec![
        tr_args(
            lang,
            "hand-dealer",
            &[
                ("name", label.name(round.dealer).into()),
                ("honba", round.honba.into()),
                ("pot", view.public.pot.into()),
            ],
        ),
        tr_args(lang, "hand-dora", &[("dora", dora.join(" · ").into())]),
        tr_args(
            lang,
            "hand-piles",
            &[
                ("a", piles[0].into()),
                ("b", piles[1].into()),
                ("c", piles[2].into()),
            ],
        ),
    ];
    let mut turn = match round.to_act {
        Some(seat) if seat == view.seat => tr_args(
            lang,
            "hand-your-turn",
            &[("stage", stage_text(round.stage, lang).into())],
        ),
        Some(seat) => tr_args(
            lang,
            "hand-waiting-for",
            &[("name", label.name(seat).into())],
        ),
        None => stage_text(None, lang),
    };
    if let Some(deadline) = deadline.filter(|_| round.to_act.is_some()) {
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

/// One dora indicator with the dora it points at: `all 5s (🍋4)`, `🐒 (🐕)`.
fn dora_text(indicator: Card, lang: Lang) -> String {
    let dora = match indicator.dora_target() {
        DoraTarget::Number(n) => tr_args(lang, "hand-dora-number", &[("n", n.into())]),
        DoraTarget::Picture(p) => card(Card::picture(p)),
    };
    tr_args(
        lang,
        "hand-dora-one",
        &[("dora", dora.into()), ("indicator", card(indicator).into())],
    )
}

fn hand_line(view: &SeatView) -> String {
    if view.hand.is_empty() {
        return "—".into();
    }
    cards(&view.hand)
}
