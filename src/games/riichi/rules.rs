//! Riichi as the host plays and stores it: [`Play`] (dealing each round from the match's
//! seed, who acts, applying an action, the end) and [`Stored`] (its action codes). The
//! interface's other traits sit beside the code they use ([`crate::games::riichi`] lists
//! where).

use super::action::{Action, Refusal};
use super::game::{Event, Game};
use super::options::Options;
use super::view::SeatView;
use super::wall::seeded_wall;
use crate::games::interface::deal::{DealProof, DeckSeed};
use crate::games::interface::seat::{PerSeat, Seat, SeatCount};
use crate::games::interface::{Acting, Concession, Finish, Play, Stored};
use crate::games::kit::mahjong::tile::{Kind, Tile};

/// Four-player riichi mahjong, the game of `riichi-rules.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Riichi;

/// Deals the next round from the seed when one is due.
fn deal_if_due(game: &mut Game, seed: &DeckSeed) -> Vec<Event> {
    if !game.needs_deal() {
        return Vec::new();
    }
    let round = game.records.len() as u32;
    game.deal(seeded_wall(seed, round, game.options.aka))
}

impl Play for Riichi {
    const ID: &'static str = "riichi";

    const SEATS: &'static [SeatCount] = &[SeatCount::FOUR];

    type State = Game;

    type Action = Action;

    type Event = Event;

    type Refusal = Refusal;

    type Options = Options;

    type View = SeatView;

    /// Riichi seats four: `seats` is always [`SeatCount::FOUR`].
    fn start(
        seed: &DeckSeed,
        seats: SeatCount,
        first_dealer: Seat,
        options: Options,
    ) -> (Game, Vec<Event>) {
        debug_assert_eq!(seats, SeatCount::FOUR);
        let mut game = Game::new(first_dealer, options);
        let events = deal_if_due(&mut game, seed);
        (game, events)
    }

    fn seat_count(_state: &Game) -> SeatCount {
        SeatCount::FOUR
    }

    /// The proof commits to the wall played: the shuffled 136 tiles, their red fives plain
    /// fives when the game has none.
    fn deal_proof(seed: &DeckSeed, round: u32, options: &Options) -> DealProof {
        DealProof::new(seed, round, &seeded_wall(seed, round, options.aka))
    }

    fn to_act(state: &Game) -> Acting {
        state.acting()
    }

    fn legal_actions(state: &Game, seat: Seat) -> Vec<Action> {
        state.legal_actions(seat)
    }

    fn apply(
        state: &mut Game,
        seed: &DeckSeed,
        seat: Seat,
        action: Action,
    ) -> Result<Vec<Event>, Refusal> {
        let mut events = state.apply(seat, action)?;
        events.extend(deal_if_due(state, seed));
        Ok(events)
    }

    fn concede(state: &mut Game, seat: Seat, why: Concession) -> Result<Vec<Event>, Refusal> {
        state.concede(seat, why)
    }

    fn view(state: &Game, seat: Seat) -> SeatView {
        state.seat_view(seat)
    }

    fn view_actions(view: &SeatView) -> &[Action] {
        &view.legal_actions
    }

    fn view_seat(view: &SeatView) -> Seat {
        view.seat
    }

    fn balances(state: &Game) -> PerSeat<i64> {
        state.scores.points
    }

    fn pot(state: &Game) -> i64 {
        state.scores.pot
    }

    fn rounds_played(state: &Game) -> usize {
        state.records.len()
    }

    fn finish(state: &Game) -> Option<Finish> {
        state.outcome.as_ref().map(|o| Finish {
            ranking: o.ranking.clone(),
            reason: o.reason.id(),
            balances: state.scores.points,
        })
    }

    /// A turn with one legal action is no choice (in riichi, the discard of the tile drawn
    /// when it neither wins nor makes a kan): the host plays it at once.
    fn forced_action(state: &Game) -> Option<(Seat, Action)> {
        let Acting::Turn(seat) = state.acting() else {
            return None;
        };
        match state.legal_actions(seat).as_slice() {
            [only @ Action::Discard { .. }] => Some((seat, *only)),
            _ => None,
        }
    }

    /// Pass on every claim, discard the tile drawn (or the first allowed discard), play on.
    fn timeout_action(state: &Game, seat: Seat) -> Option<Action> {
        let legal = state.legal_actions(seat);
        let drawn = state
            .live_round()
            .and_then(|r| r.players[seat].drawn)
            .map(Action::discard);
        [Some(Action::Pass), drawn, Some(Action::Continue)]
            .into_iter()
            .flatten()
            .find(|a| legal.contains(a))
            .or_else(|| {
                legal
                    .iter()
                    .copied()
                    .find(|a| matches!(a, Action::Discard { riichi: false, .. }))
            })
            .or_else(|| legal.first().copied())
    }
}

impl Stored for Riichi {
    fn starts_round(event: &Event) -> bool {
        matches!(event, Event::RoundStarted { .. })
    }

    fn action_code(action: Action) -> String {
        match action {
            Action::Tsumo => "tsumo".into(),
            Action::Ron => "ron".into(),
            Action::Chi { cards: [a, b] } => format!("chi-{a}-{b}"),
            Action::Pon { cards: [a, b] } => format!("pon-{a}-{b}"),
            Action::Daiminkan { card } => format!("minkan-{card}"),
            Action::Ankan { card } => format!("ankan-{card}"),
            Action::Kakan { card } => format!("kakan-{card}"),
            Action::Kyuushu => "kyuushu".into(),
            Action::Discard { card, riichi } => {
                format!("{}-{card}", if riichi { "riichi" } else { "discard" })
            }
            Action::Pass => "pass".into(),
            Action::AgariYame => "yame".into(),
            Action::Continue => "continue".into(),
        }
    }

    fn parse_action(code: &str) -> Option<Action> {
        let mut words = code.split('-');
        let verb = words.next()?;
        let tiles: Vec<Tile> = words.map(|w| w.parse().ok()).collect::<Option<_>>()?;
        let kind = |t: Tile| -> Option<Kind> { (!t.is_red()).then(|| t.kind()) };
        Some(match (verb, tiles.as_slice()) {
            ("tsumo", []) => Action::Tsumo,
            ("ron", []) => Action::Ron,
            ("chi", &[a, b]) if a <= b => Action::Chi { cards: [a, b] },
            ("pon", &[a, b]) if a <= b => Action::Pon { cards: [a, b] },
            ("minkan", &[t]) => Action::Daiminkan { card: kind(t)? },
            ("ankan", &[t]) => Action::Ankan { card: kind(t)? },
            ("kakan", &[t]) => Action::Kakan { card: kind(t)? },
            ("kyuushu", []) => Action::Kyuushu,
            ("discard", &[card]) => Action::discard(card),
            ("riichi", &[card]) => Action::Discard { card, riichi: true },
            ("pass", []) => Action::Pass,
            ("yame", []) => Action::AgariYame,
            ("continue", []) => Action::Continue,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    #[test]
    fn every_action_round_trips_through_a_short_code() {
        let all = [
            Action::Tsumo,
            Action::Ron,
            Action::chi(t("4m"), t("0m")),
            Action::pon(t("5p"), t("0p")),
            Action::Daiminkan {
                card: t("5s").kind(),
            },
            Action::Ankan {
                card: t("1z").kind(),
            },
            Action::Kakan {
                card: t("9m").kind(),
            },
            Action::Kyuushu,
            Action::discard(t("0s")),
            Action::Discard {
                card: t("7z"),
                riichi: true,
            },
            Action::Pass,
            Action::AgariYame,
            Action::Continue,
        ];
        for a in all {
            let code = Riichi::action_code(a);
            assert!(code.len() <= crate::games::interface::ACTION_CODE_MAX);
            assert!(code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'));
            assert_eq!(Riichi::parse_action(&code), Some(a), "{code}");
        }
        for bad in [
            "",
            "chi-5m-4m",
            "ankan-0m",
            "discard-8z",
            "hand",
            "tsumo-1m",
        ] {
            assert_eq!(Riichi::parse_action(bad), None, "{bad}");
        }
    }
}
