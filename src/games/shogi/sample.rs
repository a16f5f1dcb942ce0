//! A whole game consistent with one seat's view, everything the view hides dealt at random:
//! the opponent's concealed pieces and the order of the wall. The search of the `hard`
//! computer plays its candidate moves out in such games, so it never reads what it may not
//! see.

use crate::games::interface::seat::Opponent;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::game::{Game, RoundRecord};
use super::piece::{full_set, Counts, Kind};
use super::round::{Phase, Player, Round};
use super::view::SeatView;
use crate::games::interface::seat::PerSeat;

/// A game that gives `view`, with the hidden pieces shuffled by `seed`; `None` between rounds.
pub fn sample(view: &SeatView, seed: u64) -> Option<Game> {
    let public = view.public.round.as_ref()?;
    let me = view.seat;
    let mut unseen = Counts::of(&full_set());
    let mut take = |k: Kind| {
        unseen.remove(k);
    };
    view.concealed.iter().for_each(|&k| take(k));
    for seat in [me, me.opponent()] {
        let p = &public.players[seat];
        for m in &p.melds {
            m.group.pieces().to_vec().into_iter().for_each(&mut take);
        }
        p.discards
            .iter()
            .filter(|d| !d.claimed)
            .for_each(|d| take(d.card));
    }
    public.indicators.iter().for_each(|&k| take(k));
    let mut hidden = unseen.to_vec();
    hidden.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    let theirs = public.players[me.opponent()].hand_size;
    if hidden.len() < theirs + public.wall_left {
        return None;
    }
    let (their_hand, wall) = hidden.split_at(theirs);
    let player = |seat, concealed: Counts| {
        let p = &public.players[seat];
        Player {
            concealed,
            melds: p.melds.clone(),
            discards: p.discards.clone(),
            riichi: p.riichi,
            chombo_risk: false,
            temporary_furiten: false,
            riichi_furiten: false,
            draws: p.discards.len() as u32,
        }
    };
    let mut players = PerSeat::new(player(me, Counts::default()), player(me, Counts::default()));
    players[me] = player(me, Counts::of(&view.concealed));
    players[me.opponent()] = player(me.opponent(), Counts::of(their_hand));
    let discards: u32 = [me, me.opponent()]
        .iter()
        .map(|s| public.players[*s].discards.len() as u32)
        .sum();
    let called = [me, me.opponent()]
        .iter()
        .any(|s| !public.players[*s].melds.is_empty());
    let phase = phase_of(view)?;
    let round = Round::assemble(
        &wall[..public.wall_left],
        &public.indicators,
        public.dealer,
        public.honba,
        players,
        phase,
        discards,
        called,
    );
    let mut game = Game::new(public.dealer, Default::default());
    game.balances = view.public.balances;
    game.pot = view.public.pot;
    game.dealer = public.dealer;
    game.honba = public.honba;
    // The finished rounds are not in the view, only how many there were: empty stand-ins keep
    // the round numbers (nothing the search reads).
    game.records = (0..view.public.rounds_played)
        .map(|index| RoundRecord {
            index: index as u32,
            dealer: public.dealer,
            honba: 0,
            minimum: 2,
            indicators: Vec::new(),
            end: None,
            final_hands: None,
            final_melds: None,
            transfers: Vec::new(),
            balances: view.public.balances,
            pot: 0,
        })
        .collect();
    game.round = Some(round);
    Some(game)
}

/// The phase the view shows, with the seat's own drawn piece put back.
fn phase_of(view: &SeatView) -> Option<Phase> {
    let public = view.public.round.as_ref()?;
    Some(match public.phase {
        Phase::Turn { seat, rinshan, .. } => Phase::Turn {
            seat,
            drawn: if seat == view.seat { view.drawn } else { None },
            rinshan,
        },
        other => other,
    })
}
