//! Consistency check: replay a match's event log from its seed and compare with the snapshot
//! and the ledger.

use super::{MatchService, ServiceError};
use crate::games::interface::deal::DeckSeed;
use crate::games::interface::ledger::Party;
use crate::games::interface::seat::{PerSeat, Seat, SeatCount};
use crate::games::interface::Hosted;
use crate::games::registry::with_game;
use crate::store::{LedgerRow, MatchId, MatchMeta};

/// The balances a game of `G` at a table of `seats` starts with, before its opening
/// transfers (an ante, say): a fresh game's balances with those transfers undone.
pub(super) fn starting_balances<G: Hosted>(
    seats: SeatCount,
    first_dealer: Seat,
    options: &G::Options,
) -> PerSeat<i64> {
    let seed: DeckSeed = [0; 32];
    let (fresh, _) = G::start(&seed, seats, first_dealer, options.clone());
    let mut balances = G::balances(&fresh);
    for entry in G::ledger(None, &fresh, &[]) {
        let t = entry.transfer;
        for (party, delta) in [(t.from, t.amount), (t.to, -t.amount)] {
            if let Party::Seat(seat) = party {
                balances[seat] += delta;
            }
        }
    }
    balances
}

/// How a stored match disagrees with its own log.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    #[error("match {0}: {1}")]
    Mismatch(MatchId, String),
    #[error(transparent)]
    Service(#[from] ServiceError),
}

impl MatchService {
    /// Replays the match from its seed and checks: the replay equals the snapshot, the log is
    /// numbered 1..=version, the ledger reproduces every balance and the pot, and balances
    /// plus pot are what the game started with.
    ///
    /// # Errors
    /// [`VerifyError::Mismatch`] naming the first difference; a damaged row is a
    /// [`VerifyError::Service`] naming its table, row and column.
    pub async fn verify_match(&self, match_id: MatchId) -> Result<(), VerifyError> {
        let game = self.game_of(match_id).await?;
        with_game!(game, G => self.verify_game::<G>(match_id).await)
    }

    async fn verify_game<G: Hosted>(&self, match_id: MatchId) -> Result<(), VerifyError> {
        let loaded = self.load::<G>(match_id).await?;
        let replay = self
            .replayed::<G>(&loaded.meta, &loaded.seed, &loaded.options)
            .await?;
        let json = |s: &G::State| serde_json::to_value(s).expect("states serialise");
        if !agrees(&json(&loaded.state), &json(&replay)) {
            let why = "the replay differs from the snapshot".into();
            return Err(VerifyError::Mismatch(match_id, why));
        }
        self.check_points::<G>(&loaded.meta, &loaded.options, &loaded.state)
            .await
    }

    /// Checks the match as [`Self::verify_match`] does, and when its snapshot alone is wrong
    /// (it does not read, or it differs from the replay) while its log replays to a state
    /// its ledger and status agree with, rewrites the snapshot with that state: the log is
    /// what the players did, the snapshot only a copy of where it led.
    ///
    /// # Errors
    /// What [`Self::verify_match`] says, when the match is inconsistent in any other way
    /// (nothing is written then).
    pub async fn repair_match(&self, match_id: MatchId) -> Result<Repair, VerifyError> {
        let Err(found) = self.verify_match(match_id).await else {
            return Ok(Repair::Sound);
        };
        let game = self.game_of(match_id).await?;
        let rebuilt = with_game!(game, G => self.rebuild_snapshot::<G>(match_id).await);
        if !matches!(rebuilt, Ok(true)) {
            return Err(found);
        }
        self.verify_match(match_id).await?;
        Ok(Repair::Rebuilt)
    }

    /// Rewrites the snapshot with the replay of the log, if the log replays to a state the
    /// ledger and status agree with: whether it did.
    async fn rebuild_snapshot<G: Hosted>(&self, match_id: MatchId) -> Result<bool, VerifyError> {
        let row = self
            .store
            .load_match(match_id)
            .await
            .map_err(ServiceError::from)?
            .ok_or(ServiceError::NotFound(match_id))?;
        let options = row.options_of::<G>().map_err(ServiceError::from)?;
        let replay = self.replayed::<G>(&row.meta, &row.seed, &options).await?;
        self.check_points::<G>(&row.meta, &options, &replay).await?;
        let state = serde_json::to_string(&replay).expect("states serialise");
        Self::forget_round_read(match_id);
        let written = self
            .store
            .rewrite_snapshot(match_id, row.meta.version, &state)
            .await
            .map_err(ServiceError::from)?;
        Ok(written)
    }

    /// The match's log replayed from its seed, checked to be numbered 1..=version.
    async fn replayed<G: Hosted>(
        &self,
        meta: &MatchMeta,
        seed: &DeckSeed,
        options: &G::Options,
    ) -> Result<G::State, VerifyError> {
        let match_id = meta.id;
        let fail = |what: String| VerifyError::Mismatch(match_id, what);
        let (mut replay, _) = G::start(seed, meta.seat_count(), meta.first_dealer, options.clone());
        let log = self
            .store
            .event_log::<G>(match_id)
            .await
            .map_err(ServiceError::from)?;
        for (i, e) in log.iter().enumerate() {
            if e.seq != i as i64 + 1 {
                return Err(fail(format!("event {} has seq {}", i + 1, e.seq)));
            }
            let replayed = match e.step() {
                crate::games::interface::Step::Play(seat, action) => {
                    G::apply(&mut replay, seed, seat, action)
                }
                crate::games::interface::Step::Concede(seat, why) => {
                    G::concede(&mut replay, seat, why)
                }
            };
            replayed.map_err(|err| fail(format!("event {} does not replay: {err}", e.seq)))?;
        }
        if log.len() as i64 != meta.version {
            return Err(fail(format!(
                "{} events for version {}",
                log.len(),
                meta.version
            )));
        }
        Ok(replay)
    }

    /// Checks `state` against the match's ledger (every balance and the pot), the points
    /// the game started with, and the match's status.
    async fn check_points<G: Hosted>(
        &self,
        meta: &MatchMeta,
        options: &G::Options,
        state: &G::State,
    ) -> Result<(), VerifyError> {
        let fail = |what: String| VerifyError::Mismatch(meta.id, what);
        let (balances, pot) = (G::balances(state), G::pot(state));
        let ledger = self
            .store
            .ledger(meta.id)
            .await
            .map_err(ServiceError::from)?;
        let start = starting_balances::<G>(meta.seat_count(), meta.first_dealer, options);
        let totals = LedgerRow::totals(&ledger, start);
        if totals.balances != balances || totals.pot != pot {
            return Err(fail(format!(
                "ledger gives {:?} and pot {}, the game {:?} and pot {}",
                totals.balances.to_vec(),
                totals.pot,
                balances.to_vec(),
                pot
            )));
        }
        if balances.values().sum::<i64>() + pot != start.values().sum::<i64>() {
            return Err(fail("points are not conserved".into()));
        }
        if meta.is_finished() != G::finish(state).is_some() {
            return Err(fail("status and game disagree".into()));
        }
        Ok(())
    }
}

/// What [`MatchService::repair_match`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Repair {
    /// The match was consistent: nothing written.
    Sound,
    /// Its snapshot was rewritten from its log, and it is consistent now.
    Rebuilt,
}

/// Whether a stored snapshot agrees with the replay: equal, but for fields the snapshot does
/// not have at all, which a later release added to the game's state (a round's open sets,
/// kept since the summaries show them) and an older snapshot cannot hold.
///
/// A snapshot of a table of two stored before seats were numbered holds per-seat values as
/// `{"zero": …, "one": …}` where the replay has a list.
fn agrees(stored: &serde_json::Value, replayed: &serde_json::Value) -> bool {
    use serde_json::Value;
    match (stored, replayed) {
        (Value::Object(s), Value::Array(r)) if s.len() == 2 && r.len() == 2 => {
            match (s.get("zero"), s.get("one")) {
                (Some(zero), Some(one)) => agrees(zero, &r[0]) && agrees(one, &r[1]),
                _ => false,
            }
        }
        (Value::Object(s), Value::Object(r)) => s
            .iter()
            .all(|(key, value)| r.get(key).is_some_and(|other| agrees(value, other))),
        (Value::Array(s), Value::Array(r)) => {
            s.len() == r.len() && s.iter().zip(r).all(|(a, b)| agrees(a, b))
        }
        (s, r) => s == r,
    }
}

#[cfg(test)]
mod agree_tests {
    use super::agrees;
    use serde_json::json;

    #[test]
    fn a_snapshot_agrees_when_equal_or_only_missing_fields_added_later() {
        let replay = json!({"a": 1, "records": [{"hands": [1], "melds": [2]}]});
        assert!(agrees(&replay, &replay));
        assert!(agrees(
            &json!({"a": 1, "records": [{"hands": [1]}]}),
            &replay
        ));
        assert!(!agrees(
            &json!({"a": 2, "records": [{"hands": [1]}]}),
            &replay
        ));
        assert!(!agrees(
            &json!({"a": 1, "records": [{"hands": [9]}]}),
            &replay
        ));
        assert!(!agrees(&json!({"a": 1, "records": []}), &replay));
        assert!(!agrees(
            &json!({"a": 1, "b": 0, "records": [{"hands": [1]}]}),
            &replay
        ));
    }

    #[test]
    fn an_old_pair_of_seats_agrees_with_the_list_the_replay_holds() {
        let replay = json!({"balances": [31, 29]});
        assert!(agrees(
            &json!({"balances": {"zero": 31, "one": 29}}),
            &replay
        ));
        assert!(!agrees(
            &json!({"balances": {"zero": 29, "one": 31}}),
            &replay
        ));
        assert!(!agrees(
            &json!({"balances": {"zero": 31, "two": 29}}),
            &replay
        ));
    }
}
