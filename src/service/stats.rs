//! Players' stats and ratings at the end of a game.
//!
//! Ratings use Glicko-2 (the `skillratings` crate): it tracks how sure a rating is (the
//! deviation), which suits a server where some players play daily and others once a month.

use crate::store::TxConn;
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::games::momojan::game::STARTING_POINTS;
use crate::games::momojan::{Action, Game, RoundEnd, Seat, WinBy};
use crate::store::{self, MatchMeta, Move, PlayerStats, StoreError};

/// Counters that change during play, written as they happen: a riichi declaration, and a
/// discard that leaves its player furiten (it was not before).
pub async fn record_move(
    tx: &mut TxConn,
    meta: &MatchMeta,
    before: &Game,
    after: &Game,
    seat: Seat,
    mv: Move,
) -> Result<(), StoreError> {
    let Move::Play(Action::Discard { riichi, .. }) = mv else {
        return Ok(());
    };
    let furiten = |g: &Game| {
        g.round
            .as_ref()
            .is_some_and(|r| r.players[seat].is_furiten())
    };
    // A discard that ends the round (none does today) leaves no round to look at.
    let became_furiten = after.round.is_some() && furiten(after) && !furiten(before);
    if !riichi && !became_furiten {
        return Ok(());
    }
    let user = meta.players[seat];
    let mut p = store::player_in(tx, meta.board(), user).await?;
    p.riichi += i64::from(riichi);
    p.furiten += i64::from(became_furiten);
    store::put_player(tx, &p).await
}

/// Updates both players' counters and ratings for a finished game (inside the action's
/// transaction).
pub async fn record_game(tx: &mut TxConn, meta: &MatchMeta, game: &Game) -> Result<(), StoreError> {
    let Some(outcome) = game.outcome else {
        return Ok(());
    };
    let ids = meta.players;
    let mut players = [
        store::player_in(tx, meta.board(), ids.zero).await?,
        store::player_in(tx, meta.board(), ids.one).await?,
    ];
    for seat in Seat::BOTH {
        count_game(
            &mut players[seat.index()],
            game,
            seat,
            outcome.winner == seat,
        );
    }
    rate(&mut players, outcome.winner);
    for p in &players {
        store::put_player(tx, p).await?;
    }
    Ok(())
}

/// Updates the human's practice record (seat 0) for a finished practice match (inside the
/// action's transaction). Ratings, players and seasons are never touched.
pub async fn record_practice(
    tx: &mut TxConn,
    meta: &MatchMeta,
    game: &Game,
) -> Result<(), StoreError> {
    let (Some(outcome), Some(level)) = (game.outcome, meta.practice) else {
        return Ok(());
    };
    let human = Seat::Zero;
    let user = meta.players[human];
    let mut r = store::practice_record_in(&mut *tx, meta.guild_id, user, meta.game, level).await?;
    r.games += 1;
    if outcome.winner == human {
        r.wins += 1;
    } else {
        r.losses += 1;
    }
    let net = game.balances[human] - STARTING_POINTS;
    if net >= 0 {
        r.points_won += net;
    } else {
        r.points_lost -= net;
    }
    store::put_practice_record(&mut *tx, meta.guild_id, user, meta.game, level, &r).await
}

fn count_game(p: &mut PlayerStats, game: &Game, seat: Seat, won: bool) {
    p.games += 1;
    if won {
        p.wins += 1;
    } else {
        p.losses += 1;
    }
    let net = game.balances[seat] - STARTING_POINTS;
    if net >= 0 {
        p.points_won += net;
    } else {
        p.points_lost -= net;
    }
    p.rounds += game.records.len() as i64;
    for record in &game.records {
        let Some(RoundEnd::Win {
            winner, score, by, ..
        }) = &record.end
        else {
            continue;
        };
        if *winner != seat {
            if *by == WinBy::Ron {
                p.deal_ins += 1;
            }
            continue;
        }
        p.hands_won += 1;
        p.hand_points = p
            .hand_points
            .saturating_add(i64::try_from(score.total).unwrap_or(i64::MAX));
        for (yaku, _) in &score.yaku {
            *p.yaku_counts.entry(yaku.0).or_default() += 1;
        }
        let total = i64::try_from(score.total).unwrap_or(i64::MAX);
        if total > p.best_hand {
            p.best_hand = total;
            p.best_hand_yaku = score.yaku.iter().map(|(y, _)| y.0).collect();
        }
    }
}

fn rate(players: &mut [PlayerStats; 2], winner: Seat) {
    let rating = |p: &PlayerStats| Glicko2Rating {
        rating: p.rating,
        deviation: p.deviation,
        volatility: p.volatility,
    };
    let outcome = if winner == Seat::Zero {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    let (a, b) = glicko2(
        &rating(&players[0]),
        &rating(&players[1]),
        &outcome,
        &Glicko2Config::new(),
    );
    for (p, r) in players.iter_mut().zip([a, b]) {
        p.rating = r.rating;
        p.deviation = r.deviation;
        p.volatility = r.volatility;
    }
}
