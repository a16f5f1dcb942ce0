//! A replay step: the table as it stood after one move of a finished match, the hands of the
//! chosen point of view (both, now that the game is over), the move and the news line the
//! players saw, and buttons that step through the match. Every button names the step it
//! shows, so a replay keeps working across restarts.

use super::label::MatchLabel;
use super::model::{Button, Field, Message, Row, Style};
use super::news::{news, round_news};
use super::pen::Faces;
use super::table::{table, TableInfo};
use crate::discord::ids::{ComponentId, ReplayNav, ReplayView};
use crate::games::interface::seat::Seat;
use crate::games::interface::{Group, GroupKind, Shows};
use crate::i18n::{tr, tr_args, Lang};
use crate::service::ReplayStep;

/// The replay message of `step` from `view`, in `lang`.
pub fn replay<G: Shows>(
    step: &ReplayStep<G>,
    view: ReplayView,
    lang: Lang,
    faces: &Faces,
) -> Message {
    let meta = &step.meta;
    let label = MatchLabel::of(meta, meta.version, lang).with_faces(faces);
    label.fitting(|label| replay_with(step, view, label))
}

fn replay_with<G: Shows>(step: &ReplayStep<G>, view: ReplayView, label: &MatchLabel) -> Message {
    let (meta, lang) = (&step.meta, label.lang);
    let game = &step.game;
    // A step that ended a round shows that round's table as it ended.
    let shown = step.before_end.as_ref().unwrap_or(game);
    let mut embed = table(&G::board(shown), label, &TableInfo::default())
        .embeds
        .into_iter()
        .next()
        .unwrap_or_default();
    embed.title = tr_args(
        lang,
        "replay-title",
        &[
            ("id", meta.id.0.into()),
            ("round", (step.round() as i64 + 1).into()),
            ("step", (step.step as i64).into()),
            ("total", (step.total as i64).into()),
        ],
    );
    let all: Vec<Seat> = G::balances(game).seats().collect();
    let seats: &[Seat] = match &view {
        ReplayView::Seat(seat) => std::slice::from_ref(seat),
        ReplayView::Both => &all,
    };
    // A move that ended a round shows the hands it ended with (the next round is already
    // dealt in the state); any other step, the hands in play.
    let last = G::rounds_played(game).checked_sub(1);
    let ended = step
        .ended_round
        .then(|| last.and_then(|i| G::round_result(game, i)))
        .flatten()
        .and_then(|r| r.hands);
    for &seat in seats {
        let hand = match &ended {
            Some(hands) => hands[seat].clone(),
            None if G::board(game).round.is_some() => {
                let pieces = G::hand(&G::view(game, seat)).concealed;
                vec![Group {
                    pieces,
                    marked: None,
                    kind: GroupKind::Concealed,
                }]
            }
            None => continue,
        };
        embed.fields.push(Field {
            name: tr_args(
                lang,
                "replay-hand",
                &[("name", label.name(seat).to_string().into())],
            ),
            value: label.pen().groups(&hand),
            inline: false,
        });
    }
    embed.description = what_happened(step, view, label);
    Message {
        embeds: vec![embed],
        rows: buttons(step, view, label),
        ..Message::default()
    }
}

/// The move that led to this step as the viewer saw it, and the round's result when it ended
/// one; at step 0, the first deal.
fn what_happened<G: Shows>(step: &ReplayStep<G>, view: ReplayView, label: &MatchLabel) -> String {
    let Some((seat, mv, origin)) = step.taken else {
        return tr(label.lang, "replay-start");
    };
    // Both hands: every player named; one seat: "you" for that seat, as its player read it.
    let seats = G::seat_count(&step.game);
    let viewer = match view {
        ReplayView::Seat(s) => s,
        ReplayView::Both => seat.next(seats),
    };
    let mut lines = news::<G>(&[(seat, mv, origin)], viewer, label);
    if step.ended_round {
        let last = G::rounds_played(&step.game).checked_sub(1);
        lines.extend(
            last.and_then(|i| G::round_result(&step.game, i))
                .map(|r| round_news(&r, label)),
        );
    }
    lines.join("\n")
}

fn buttons<G: Shows>(step: &ReplayStep<G>, view: ReplayView, label: &MatchLabel) -> Vec<Row> {
    let lang = label.lang;
    let here = step.step;
    // The nearest round deals before and after this step.
    let prev_round = step
        .round_starts
        .iter()
        .rev()
        .find(|&&s| s < here)
        .copied()
        .unwrap_or(0);
    let next_round = step
        .round_starts
        .iter()
        .find(|&&s| s > here)
        .copied()
        .unwrap_or(step.total);
    let id = |to: usize, view: ReplayView, nav: ReplayNav| {
        ComponentId::Replay {
            match_id: step.meta.id,
            step: to as u32,
            view,
            nav,
        }
        .to_string()
    };
    let nav = |to: usize, nav: ReplayNav, key: &str| Button {
        id: id(to, view, nav),
        label: tr(lang, key),
        style: Style::Secondary,
        disabled: to == here,
        emoji: None,
    };
    let steps = vec![
        nav(0, ReplayNav::First, "replay-first"),
        nav(prev_round, ReplayNav::PrevRound, "replay-prev-round"),
        nav(here.saturating_sub(1), ReplayNav::Prev, "replay-prev"),
        nav((here + 1).min(step.total), ReplayNav::Next, "replay-next"),
        nav(next_round, ReplayNav::NextRound, "replay-next-round"),
    ];
    let view_button = |v: ReplayView, text: String| Button {
        id: id(here, v, ReplayNav::View),
        label: text,
        style: if v == view {
            Style::Primary
        } else {
            Style::Secondary
        },
        disabled: v == view,
        emoji: None,
    };
    let seats = G::seat_count(&step.game);
    let each: Vec<Button> = seats
        .seats()
        .map(|s| view_button(ReplayView::Seat(s), label.name(s).to_string()))
        .collect();
    let last = nav(step.total, ReplayNav::Last, "replay-last");
    if seats.get() == 2 {
        let mut views = vec![last];
        views.extend(each);
        views.push(view_button(ReplayView::Both, tr(lang, "replay-both")));
        return vec![Row::Buttons(steps), Row::Buttons(views)];
    }
    // Four seats and "all hands" do not fit beside "last" in a row of five.
    let all = view_button(ReplayView::Both, tr(lang, "replay-all"));
    vec![
        Row::Buttons(steps),
        Row::Buttons(vec![last, all]),
        Row::Buttons(each),
    ]
}
