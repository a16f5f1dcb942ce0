//! Game buttons: an action, the hand (an old riichi toggle refreshes it), resign, dismiss,
//! rematch, taking one's seat back, turning an auto switch on or off, watching the table.

use poise::serenity_prelude as serenity;
use tracing::warn;

use super::answer::Answer;
use crate::discord::context::Data;
use crate::discord::ids::{ButtonKind, GameButton};
use crate::discord::view::{self, refusal, HandExtras, MatchLabel};
use crate::games::interface::seat::Seat;
use crate::games::interface::Hosted;
use crate::games::registry::with_game;
use crate::i18n::{tr, tr_args, Lang};
use crate::service::{Applied, ClickTx, Committed, Loaded, ServiceError, UserId};

/// A click on a game button: every answer is a fresh lookup through the service, in the
/// game of the match's row as that one read finds it (a click that acts reads it in the
/// transaction that acts).
pub async fn click(
    ctx: &serenity::Context,
    button: GameButton,
    component: &serenity::ComponentInteraction,
    data: &Data,
    lang: Lang,
) -> (Answer, Option<Committed>) {
    let user = UserId::from_snowflake(component.user.id.get());
    let kind = chosen_kind(button, component);
    let clicked = &component.message;
    let (answer, applied) = match kind {
        Some(
            kind @ (ButtonKind::Act(_)
            | ButtonKind::Resign
            | ButtonKind::TakeBack
            | ButtonKind::Auto(..)),
        ) => match data.service.begin_click(button.match_id).await {
            Ok(click) => with_game!(click.game(), G => {
                acted::<G>(data, button, kind, click, user, lang).await
            }),
            Err(e) => unknown(&e, button, lang),
        },
        Some(kind @ (ButtonKind::Hand | ButtonKind::RiichiMode(_))) => {
            match data.service.read_match(button.match_id).await {
                Ok(read) => with_game!(read.game(), G => {
                    let loaded = read.loaded::<G>();
                    (hand::<G>(data, button, kind, user, loaded, lang), None)
                }),
                Err(e) => unknown(&e, button, lang),
            }
        }
        Some(ButtonKind::Watch) => match data.service.read_match(button.match_id).await {
            Ok(read) => with_game!(read.game(), G => {
                let loaded = read.loaded::<G>();
                (watch::<G>(data, button, user, loaded, lang).await, None)
            }),
            Err(e) => unknown(&e, button, lang),
        },
        // The rest needs no game; the match is still looked up first, as it always was.
        other => match data.service.read_match(button.match_id).await {
            Err(e) => unknown(&e, button, lang),
            Ok(_) => match other {
                None => (Answer::text(tr(lang, "err-bad-choice")), None),
                Some(ButtonKind::Dismiss) => (
                    Answer::update(ephemeral_text(tr(lang, "resign-kept"))),
                    None,
                ),
                Some(ButtonKind::Rematch) => (rematch(ctx, data, button, user, lang).await, None),
                Some(_) => (Answer::text(tr(lang, "err-cannot-use")), None),
            },
        },
    };
    (answer.only_on_ephemeral(clicked), applied)
}

/// The answer to a click on a match that cannot be read.
fn unknown(e: &ServiceError, button: GameButton, lang: Lang) -> (Answer, Option<Committed>) {
    log_store_error(e, button);
    (Answer::text(refusal::service_error(e, lang)), None)
}

/// A click that acts, in its begun transaction.
async fn acted<G: Hosted>(
    data: &Data,
    button: GameButton,
    kind: ButtonKind,
    click: ClickTx,
    user: UserId,
    lang: Lang,
) -> (Answer, Option<Committed>) {
    match kind {
        ButtonKind::Act(code) => {
            let result = data
                .service
                .apply_code_in::<G>(click, user, button.version, code.as_str())
                .await;
            played(data, button, user, result, lang).await
        }
        ButtonKind::Resign => resign::<G>(data, button, click, user, lang).await,
        ButtonKind::TakeBack => take_back::<G>(data, button, click, user, lang).await,
        ButtonKind::Auto(switch, on) => {
            let result = data
                .service
                .set_auto_switch_in::<G>(click, user, switch, on)
                .await;
            played(data, button, user, result, lang).await
        }
        _ => (Answer::text(tr(lang, "err-cannot-use")), None),
    }
}

/// The hand after a click that changed the match (and any moves it made), or why it was
/// refused. Only a move changes what the others see.
async fn played<G: Hosted>(
    data: &Data,
    button: GameButton,
    user: UserId,
    result: Result<Applied<G>, ServiceError>,
    lang: Lang,
) -> (Answer, Option<Committed>) {
    match result {
        Ok(applied) => {
            let answer = Answer::update(own_hand(data, &applied, lang)).hand(
                applied.meta.id,
                applied.seat,
                applied.version,
            );
            let moved = (!applied.moves.is_empty()).then(|| Committed::from(&applied));
            (answer, moved)
        }
        Err(e) => (refused::<G>(data, button, user, &e, lang).await, None),
    }
}

/// The player takes their seat back from the computer: their hand as it is now, theirs to
/// play again.
async fn take_back<G: Hosted>(
    data: &Data,
    button: GameButton,
    click: ClickTx,
    user: UserId,
    lang: Lang,
) -> (Answer, Option<Committed>) {
    match data.service.take_back_in::<G>(click, user).await {
        Ok(Some(applied)) => {
            let answer = Answer::update(own_hand(data, &applied, lang)).hand(
                applied.meta.id,
                applied.seat,
                applied.version,
            );
            (answer, Some(Committed::from(&applied)))
        }
        // Not away (already back, by a move or another click): the hand as it is.
        Ok(None) => {
            let loaded = data.service.load::<G>(button.match_id).await;
            (
                hand::<G>(data, button, ButtonKind::Hand, user, loaded, lang),
                None,
            )
        }
        Err(e) => (refused::<G>(data, button, user, &e, lang).await, None),
    }
}

/// The action a click stands for: a select menu's chosen option is itself a game button id.
fn chosen_kind(
    button: GameButton,
    component: &serenity::ComponentInteraction,
) -> Option<ButtonKind> {
    match (button.kind, &component.data.kind) {
        (ButtonKind::Pick, serenity::ComponentInteractionDataKind::StringSelect { values }) => {
            match values.first().map(|v| v.parse::<GameButton>()) {
                Some(Ok(chosen)) if chosen.match_id == button.match_id => Some(chosen.kind),
                _ => None,
            }
        }
        (kind, _) => Some(kind),
    }
}

fn ephemeral_text(text: String) -> view::Message {
    let mut message = view::Message::text(text);
    message.ephemeral = true;
    message
}

/// The acting player's hand after their committed action, with what those moves did.
fn own_hand<G: Hosted>(data: &Data, applied: &Applied<G>, lang: Lang) -> view::Message {
    let label = MatchLabel::of(&applied.meta, applied.version, lang).with_faces(&data.art);
    let game = &applied.state;
    let ended = view::news::rounds_ended::<G>(&applied.events);
    let news = view::news::since_shown::<G>(&applied.moves, ended, game, applied.seat, &label);
    let extras = HandExtras {
        deadline: applied
            .meta
            .turn_deadline
            .filter(|_| !G::to_act(game).is_over()),
        news,
        away: applied.meta.seats[applied.seat].away,
        auto: view::hand::auto_switches::<G>(&applied.meta.seats[applied.seat]),
        teach: None,
        // The moves committed are the latest versions, one each.
        why: applied.meta.teach.then_some(()).and_then(|()| {
            let first = applied.version - applied.moves.len() as i64 + 1;
            view::news::why_step::<G>(&applied.moves, first)
        }),
    };
    let seat_view = G::view(game, applied.seat);
    let extras = HandExtras {
        teach: view::hand::teaching::<G>(applied.meta.teach, &seat_view, &applied.options),
        ..extras
    };
    view::hand::game_hand::<G>(&seat_view, &label, &extras)
}

fn hand_of<G: Hosted>(
    data: &Data,
    loaded: &Loaded<G>,
    user: UserId,
    lang: Lang,
) -> Option<(view::Message, Seat)> {
    let seat = loaded.seat_of(user)?;
    let label = MatchLabel::of(&loaded.meta, loaded.meta.version, lang).with_faces(&data.art);
    let game = &loaded.state;
    let extras = HandExtras {
        deadline: loaded
            .meta
            .turn_deadline
            .filter(|_| !G::to_act(game).is_over()),
        news: Vec::new(),
        away: loaded.meta.seats[seat].away,
        auto: view::hand::auto_switches::<G>(&loaded.meta.seats[seat]),
        teach: None,
        why: None,
    };
    let seat_view = G::view(game, seat);
    let extras = HandExtras {
        teach: view::hand::teaching::<G>(loaded.meta.teach, &seat_view, &loaded.options),
        ..extras
    };
    Some((
        view::hand::game_hand::<G>(&seat_view, &label, &extras),
        seat,
    ))
}

/// A fresh hand message; an old riichi toggle (no longer drawn) refreshes its hand in place.
fn hand<G: Hosted>(
    data: &Data,
    button: GameButton,
    kind: ButtonKind,
    user: UserId,
    loaded: Result<Loaded<G>, ServiceError>,
    lang: Lang,
) -> Answer {
    match loaded {
        // Its engine state is mid-game: its hand would offer moves that can no longer be made.
        Ok(loaded) if loaded.meta.is_cancelled() => Answer::text(tr(lang, "err-cancelled")),
        Ok(loaded) => match hand_of(data, &loaded, user, lang) {
            Some((m, seat)) => {
                let answer = if kind == ButtonKind::Hand {
                    Answer::new_message(m)
                } else {
                    Answer::update(m)
                };
                answer.hand(loaded.meta.id, seat, loaded.meta.version)
            }
            None => Answer::text(tr(lang, "err-not-yours")),
        },
        Err(e) => {
            log_store_error(&e, button);
            Answer::text(refusal::service_error(&e, lang))
        }
    }
}

/// **Watch**: the public view of the table for someone not seated, kept current from now on
/// (a seated player gets their own hand instead, which shows more and is live already).
/// Refused when the match's players forbade watching (a forged or old button), or once the
/// match is over.
async fn watch<G: Hosted>(
    data: &Data,
    button: GameButton,
    user: UserId,
    loaded: Result<Loaded<G>, ServiceError>,
    lang: Lang,
) -> Answer {
    let loaded = match loaded {
        Ok(loaded) => loaded,
        Err(e) => {
            log_store_error(&e, button);
            return Answer::text(refusal::service_error(&e, lang));
        }
    };
    if loaded.seat_of(user).is_some() {
        return hand::<G>(data, button, ButtonKind::Hand, user, Ok(loaded), lang);
    }
    if !loaded.meta.watchable {
        return Answer::text(tr(lang, "watch-forbidden"));
    }
    if loaded.meta.is_over() {
        return Answer::text(tr(lang, "watch-over"));
    }
    match data.service.watched::<G>(button.match_id).await {
        Ok(watched) => {
            let meta = &watched.table.loaded.meta;
            let label = MatchLabel::of(meta, meta.version, lang).with_faces(&data.art);
            // On the table: a new message only the watcher sees; on their own view (its
            // button): the view again, in place.
            Answer::update(view::watch::watching::<G>(&watched, &label))
                .watching(meta.id, meta.version)
        }
        Err(e) => {
            log_store_error(&e, button);
            Answer::text(refusal::service_error(&e, lang))
        }
    }
}

async fn resign<G: Hosted>(
    data: &Data,
    button: GameButton,
    click: ClickTx,
    user: UserId,
    lang: Lang,
) -> (Answer, Option<Committed>) {
    match data.service.resign_in::<G>(click, user).await {
        Ok(applied) => {
            let text = tr_args(lang, "resign-done", &[("id", button.match_id.0.into())]);
            (
                Answer::update(ephemeral_text(text)),
                Some(Committed::from(&applied)),
            )
        }
        Err(ServiceError::NotSeated) => (Answer::text(tr(lang, "err-not-yours")), None),
        Err(e) => {
            log_store_error(&e, button);
            let reason = refusal::service_error(&e, lang);
            let text = tr_args(lang, "resign-failed", &[("reason", reason.into())]);
            (Answer::text(text), None)
        }
    }
}

/// A Rematch click on a finished game's result: the clicking player challenges the other
/// again, in the channel the game started from.
async fn rematch(
    ctx: &serenity::Context,
    data: &Data,
    button: GameButton,
    user: UserId,
    lang: Lang,
) -> Answer {
    let (posted, channel) = match data.service.rematch(button.match_id, user).await {
        Ok(found) => found,
        Err(ServiceError::Challenge(r)) => return Answer::text(refusal::challenge(r, lang)),
        Err(e) => {
            warn!(error = %e, match_id = button.match_id.0, "rematch failed");
            return Answer::text(tr(lang, "rematch-failed"));
        }
    };
    let message = view::challenge::challenge(&posted.challenge, posted.lang);
    let post = serenity::ChannelId::new(channel.snowflake())
        .send_message(&ctx.http, crate::discord::render::channel_message(&message));
    let sent = data.outbox.budget().spend(post).await;
    let posted_id = match sent {
        Ok(m) => m.id.get(),
        Err(e) => {
            warn!(error = %e, match_id = button.match_id.0, "rematch post failed");
            return Answer::text(tr(lang, "rematch-failed"));
        }
    };
    let id = crate::service::MessageId::from_snowflake(posted_id);
    if let Err(e) = data
        .service
        .set_challenge_message(posted.challenge.id, id)
        .await
    {
        warn!(error = %e, "could not record the rematch message");
    }
    let text = tr_args(
        lang,
        "rematch-asked",
        &[
            (
                "user",
                view::challenge::opponents(&posted.challenge, lang).into(),
            ),
            ("channel", format!("<#{channel}>").into()),
        ],
    );
    Answer::new_message(view::Message::text(text))
}

/// Explains a refused action, with a fresh hand for a seated player.
async fn refused<G: Hosted>(
    data: &Data,
    button: GameButton,
    user: UserId,
    error: &ServiceError,
    lang: Lang,
) -> Answer {
    log_store_error(error, button);
    let text = refusal::service_error(error, lang);
    if !matches!(
        error,
        ServiceError::Conflict { .. } | ServiceError::Illegal(_)
    ) {
        return Answer::text(text);
    }
    match data.service.load::<G>(button.match_id).await {
        Ok(loaded) => match hand_of(data, &loaded, user, lang) {
            Some((mut message, seat)) => {
                message.content = text;
                Answer::new_message(message).refused().hand(
                    loaded.meta.id,
                    seat,
                    loaded.meta.version,
                )
            }
            None => Answer::text(text),
        },
        Err(_) => Answer::text(text),
    }
}

fn log_store_error(error: &ServiceError, button: GameButton) {
    if let ServiceError::Store(e) = error {
        warn!(error = %e, match_id = button.match_id.0, "store error");
    }
}
