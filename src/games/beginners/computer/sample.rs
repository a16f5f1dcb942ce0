//! A whole game consistent with one seat's view, everything the view hides dealt at random:
//! the other seats' concealed cards, the order of the pile and the cards set aside, and the
//! answers other seats gave to a discard. The `hard` computer's search plays its candidate
//! moves out in such games, so it never reads what it may not see.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::super::card::{full_deck, Card, Counts};
use super::super::claim::Window;
use super::super::game::{Game, Party, Reason, RoundRecord, Transfer};
use super::super::player::Player;
use super::super::round::{Phase, Round, HAND, PILE};
use super::super::view::{PublicPhase, PublicRound, SeatView};
use crate::games::interface::seat::PerSeat;

/// A game that gives `view`, with the hidden cards shuffled by `seed`; `None` between rounds.
pub fn sample(view: &SeatView, seed: u64) -> Option<Game> {
    let public = view.public.round.as_ref()?;
    let seats = view.public.seats;
    let mut hidden = hidden_cards(view, public);
    hidden.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    let mut hidden = hidden.into_iter();
    let mut players = public.players.map(|_, p| Player {
        concealed: Vec::new(),
        open: p.open.clone(),
        discards: p.discards.clone(),
        riichi: p.riichi,
    });
    for (seat, p) in public.players.iter() {
        let concealed: Vec<Card> = if seat == view.seat {
            view.concealed.clone()
        } else {
            hidden.by_ref().take(p.hand_size).collect()
        };
        players[seat].concealed = Counts::of(&concealed).to_vec();
    }
    let rest: Vec<Card> = hidden.collect();
    if rest.len() != full_deck().len() - HAND * seats.get() - PILE + public.pile_left {
        return None;
    }
    // The cards dealt and drawn so far, then the pile and the cards set aside.
    let mut deck: Vec<Card> = players
        .values()
        .flat_map(|p| {
            p.cards()
                .chain(p.discards.iter().filter(|d| !d.claimed).map(|d| d.card))
                .collect::<Vec<_>>()
        })
        .collect();
    deck.extend(rest);
    let phase = phase_of(view, public, &players);
    let round = Round {
        deck,
        seats,
        dealer: public.dealer,
        drawn: PILE - public.pile_left,
        players,
        phase,
        end: None,
    };
    Some(game_around(view, round))
}

/// Every card the view does not show: the deck less this seat's hand, every open meld and
/// every discard lying on the table.
fn hidden_cards(view: &SeatView, public: &PublicRound) -> Vec<Card> {
    let mut hidden = Counts::of(&full_deck());
    let shown = public.players.values().flat_map(|p| {
        p.open
            .iter()
            .flat_map(|m| m.cards())
            .chain(p.discards.iter().filter(|d| !d.claimed).map(|d| d.card))
    });
    for card in view.concealed.iter().copied().chain(shown) {
        hidden.remove(card);
    }
    hidden.to_vec()
}

/// The phase the view shows, with this seat's drawn card and answer put back; another seat
/// after its draw is given its last concealed card as the one drawn.
fn phase_of(view: &SeatView, public: &PublicRound, players: &PerSeat<Player>) -> Phase {
    match public.phase {
        PublicPhase::Turn { seat, drawn } => Phase::Turn {
            seat,
            drawn: match (drawn, seat == view.seat) {
                (false, _) => None,
                (true, true) => view.drawn,
                (true, false) => players[seat].concealed.last().copied(),
            },
        },
        PublicPhase::Claims {
            discarder,
            card,
            pending,
        } => {
            let mut answers = PerSeat::filled(view.public.seats, None);
            answers[view.seat] = view.answer;
            Phase::Claims(Window {
                discarder,
                card,
                pending,
                answers,
            })
        }
        PublicPhase::Over => Phase::Over,
    }
}

/// The game around a sampled round: the view's balances, pot and options, and stand-ins for
/// the finished rounds, which the view counts but does not hold (nothing the search reads).
fn game_around(view: &SeatView, round: Round) -> Game {
    let public = &view.public;
    let mut game = Game::new(public.seats, public.first_dealer, public.options);
    game.balances = public.balances;
    game.pot = public.pot;
    game.last_claims = public.last_claims;
    game.dealer = round.dealer;
    game.records = (0..public.rounds_played)
        .map(|index| RoundRecord {
            index: index as u32,
            dealer: round.dealer,
            end: None,
            final_hands: None,
            transfers: Vec::new(),
            balances: public.balances,
            pot: 0,
        })
        .collect();
    game.pending = round
        .players
        .iter()
        .filter(|(_, p)| p.riichi)
        .map(|(seat, _)| Transfer {
            from: Party::Seat(seat),
            to: Party::Pot,
            amount: super::super::round::RIICHI_COST,
            reason: Reason::Riichi,
        })
        .collect();
    game.round = Some(round);
    game
}
