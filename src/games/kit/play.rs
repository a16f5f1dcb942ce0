//! The items of [`Play`](crate::games::interface::Play) that an engine whose whole state is one
//! `Game` value writes the same way as every other such engine: [`forward_play!`] writes each
//! group once, the game invokes the groups it has inside its `impl Play` and writes the rest
//! (its types, its deck, what a timed-out seat plays) itself.
//!
//! Each group forwards to the state's own methods and fields of the same names, so a game
//! whose state says it differently (riichi's points in `scores`, mining's part-chosen moves)
//! writes that item out instead. Everything expands to direct calls: no boxing, no allocation
//! that the written-out items did not make.

/// Items of `impl Play for …`, by group (one group an invocation):
///
/// - `two_seat_game($deal_if_due)`: every group below for a two-seat game (`start_at` two);
/// - `start_at($seats, $deal_if_due)`: `start` for a game played at the one table size
///   `$seats` whose state is `State::new(first_dealer, options)` and whose first round
///   `$deal_if_due(&mut state, seed)` deals;
/// - `proof_of($deck_for_round)`: `deal_proof`, the proof of the deck
///   `$deck_for_round(seed, round)` (whatever the options);
/// - `two_seats`: `seat_count`, `to_act`, `legal_actions` and `finish` of a two-seat game
///   where every decision is one player's turn: the state's `to_act() -> Option<Seat>`,
///   `legal_actions()` of the seat to act, and its `outcome`'s winner (the loser second) and
///   reason;
/// - `apply_dealing($deal_if_due)`: `apply`, the state's own `apply` followed by the next
///   round's deal when one is due, and `concede`, the state's own with the game's end reason
///   for the concession;
/// - `seat_views`: `view` (the state's `seat_view`), `view_actions` and `view_seat` (the
///   view's `legal_actions` and `seat`);
/// - `kept_points`: `balances`, `pot` and `rounds_played`, the state's `balances`, `pot`
///   and the length of its `records`.
macro_rules! forward_play {
    (two_seat_game($deal_if_due:path)) => {
        $crate::games::kit::play::forward_play!(start_at(
            $crate::games::interface::seat::SeatCount::TWO,
            $deal_if_due
        ));
        $crate::games::kit::play::forward_play!(two_seats);
        $crate::games::kit::play::forward_play!(apply_dealing($deal_if_due));
        $crate::games::kit::play::forward_play!(seat_views);
        $crate::games::kit::play::forward_play!(kept_points);
    };
    (start_at($seats:expr, $deal_if_due:path)) => {
        fn start(
            seed: &$crate::games::interface::deal::DeckSeed,
            seats: $crate::games::interface::seat::SeatCount,
            first_dealer: $crate::games::interface::seat::Seat,
            options: Self::Options,
        ) -> (Self::State, Vec<Self::Event>) {
            debug_assert_eq!(seats, $seats);
            let mut game = <Self::State>::new(first_dealer, options);
            let events = $deal_if_due(&mut game, seed);
            (game, events)
        }
    };
    (proof_of($deck_for_round:path)) => {
        fn deal_proof(
            seed: &$crate::games::interface::deal::DeckSeed,
            round: u32,
            _options: &Self::Options,
        ) -> $crate::games::interface::deal::DealProof {
            $crate::games::interface::deal::DealProof::new(
                seed,
                round,
                &$deck_for_round(seed, round),
            )
        }
    };
    (two_seats) => {
        fn seat_count(_state: &Self::State) -> $crate::games::interface::seat::SeatCount {
            $crate::games::interface::seat::SeatCount::TWO
        }

        fn to_act(state: &Self::State) -> $crate::games::interface::Acting {
            state.to_act().map_or(
                $crate::games::interface::Acting::Over,
                $crate::games::interface::Acting::Turn,
            )
        }

        fn legal_actions(
            state: &Self::State,
            seat: $crate::games::interface::seat::Seat,
        ) -> Vec<Self::Action> {
            if state.to_act() == Some(seat) {
                state.legal_actions()
            } else {
                Vec::new()
            }
        }

        fn finish(state: &Self::State) -> Option<$crate::games::interface::Finish> {
            use $crate::games::interface::seat::Opponent as _;
            state.outcome.map(|o| $crate::games::interface::Finish {
                ranking: vec![o.winner, o.winner.opponent()],
                reason: o.reason.id(),
                balances: state.balances,
            })
        }
    };
    (apply_dealing($deal_if_due:path)) => {
        fn apply(
            state: &mut Self::State,
            seed: &$crate::games::interface::deal::DeckSeed,
            seat: $crate::games::interface::seat::Seat,
            action: Self::Action,
        ) -> Result<Vec<Self::Event>, Self::Refusal> {
            let mut events = state.apply(seat, action)?;
            events.extend($deal_if_due(state, seed));
            Ok(events)
        }

        fn concede(
            state: &mut Self::State,
            seat: $crate::games::interface::seat::Seat,
            why: $crate::games::interface::Concession,
        ) -> Result<Vec<Self::Event>, Self::Refusal> {
            state.concede(seat, why.into())
        }
    };
    (seat_views) => {
        fn view(state: &Self::State, seat: $crate::games::interface::seat::Seat) -> Self::View {
            state.seat_view(seat)
        }

        fn view_actions(view: &Self::View) -> &[Self::Action] {
            &view.legal_actions
        }

        fn view_seat(view: &Self::View) -> $crate::games::interface::seat::Seat {
            view.seat
        }
    };
    (kept_points) => {
        fn balances(state: &Self::State) -> $crate::games::interface::seat::PerSeat<i64> {
            state.balances
        }

        fn pot(state: &Self::State) -> i64 {
            state.pot
        }

        fn rounds_played(state: &Self::State) -> usize {
            state.records.len()
        }
    };
}

pub(crate) use forward_play;

/// The dealing of a game whose round is a fresh shuffle of one full set of pieces, at module
/// level: `pub fn deck_for_round(seed, round) -> Vec<$piece>`, the shuffle of `$full()`
/// numbered by the round (so a match replays from its seed and nothing else), and
/// `fn deal_if_due(&mut $state, seed) -> Vec<$event>`, the state's `deal` of the next round's
/// deck when `needs_deal` says one is due (the round numbered by the state's `records`).
/// The state's `deal` refuses only a deck that is not the full set, which a shuffle never is.
macro_rules! deal_shuffled {
    ($full:path, $piece:ty, $state:ty, $event:ty) => {
        /// The deck of round `round` of the game with this seed: a fresh shuffle of the full
        /// set, the ChaCha20 stream numbered by the round.
        pub fn deck_for_round(
            seed: &$crate::games::interface::deal::DeckSeed,
            round: u32,
        ) -> Vec<$piece> {
            $crate::games::interface::deal::shuffled(seed, round, &$full())
        }

        /// Deals the next round from `seed` when one is due (the game goes on and no round
        /// is in play).
        fn deal_if_due(
            game: &mut $state,
            seed: &$crate::games::interface::deal::DeckSeed,
        ) -> Vec<$event> {
            if !game.needs_deal() {
                return Vec::new();
            }
            let deck = deck_for_round(seed, game.records.len() as u32);
            game.deal(&deck).expect("a seeded deck is always complete")
        }
    };
}

pub(crate) use deal_shuffled;
