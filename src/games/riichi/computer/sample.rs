//! A whole game consistent with one seat's view, everything the view hides dealt at random:
//! the other players' concealed tiles, the live wall's order, the replacement tiles and the
//! hidden indicators. The `hard` computer reads its opponents' possible hands and its own
//! future draws from such games, so it never reads what it may not see.
//!
//! A player in riichi is dealt a tenpai hand whose waits are not among its own discards (a
//! riichi that could never ron is rare, and a uniform hand is almost never tenpai); the others
//! are dealt uniformly from the unseen tiles. What the view cannot tell is filled in plainly: a
//! draw is never a replacement tile, nobody is temporarily furiten but the seat itself, and a
//! claim window asks only the seats still to answer.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::super::action::Action;
use super::super::game::{Game, RoundRecord, Stage};
use super::super::round::{kuikae, After, Cause, Phase, Player, Round, Scores, Window, SEATS};
use super::super::view::{PublicPlayer, PublicRound, SeatView};
use super::super::wall::{Wall, WALL};
use crate::games::interface::seat::{PerSeat, Seat};
use crate::games::kit::mahjong::hand::{Hand, Meld, MeldKind};
use crate::games::kit::mahjong::tile::{Kind, KindSet, Tile, KINDS};
use crate::games::kit::mahjong::waits::waits;
use crate::games::kit::mahjong::yaku::RiichiKind;

/// Tries at building one riichi player's tenpai hand before dealing it uniformly.
const TENPAI_TRIES: usize = 64;
/// The first dora indicator's place in the wall; the live wall ends at `DEAD_START − kans`.
const DORA: usize = 126;
const DEAD_START: usize = 122;

/// A game that gives `view` to its seat, the hidden tiles dealt by `seed`; `None` between
/// rounds (nothing is hidden then) or when the view does not add up to 136 tiles.
pub fn sample(view: &SeatView, seed: u64) -> Option<Game> {
    let public = view.public.round.as_ref()?;
    if view.public.agari_choice {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pool = unseen_pool(view, public);
    let mut hands: PerSeat<Vec<Tile>> = PerSeat::filled(SEATS, Vec::new());
    hands[view.seat] = view.concealed.clone();
    // Riichi hands first: they need the tiles that make them tenpai.
    let mut order: Vec<Seat> = SEATS.seats().filter(|&s| s != view.seat).collect();
    order.sort_by_key(|&s| public.players[s].riichi == RiichiKind::None);
    for seat in order {
        let p = &public.players[seat];
        if pool.len() < p.hand_size {
            return None;
        }
        hands[seat] = if p.riichi == RiichiKind::None {
            deal_uniform(&mut pool, p.hand_size, &mut rng)
        } else {
            deal_tenpai(&mut pool, p, &mut rng)
                .unwrap_or_else(|| deal_uniform(&mut pool, p.hand_size, &mut rng))
        };
    }
    pool.shuffle(&mut rng);
    let wall = assemble_wall(public, &hands, pool)?;
    let round = assemble_round(view, public, hands, wall, &mut rng)?;
    Some(assemble_game(view, public, round))
}

/// Every tile the seat cannot see: the full set without its hand, every call, the ponds'
/// unclaimed tiles (a claimed one is in a call) and the revealed indicators.
pub fn unseen_pool(view: &SeatView, public: &PublicRound) -> Vec<Tile> {
    let mut hand = Hand::from_tiles(&Tile::full_set(view.public.options.aka));
    let seen = view.concealed.iter().chain(&public.dora_indicators).chain(
        public.players.values().flat_map(|p| {
            p.melds
                .iter()
                .flat_map(|m| m.tiles.iter())
                .chain(p.pond.iter().filter(|d| !d.claimed).map(|d| &d.tile))
        }),
    );
    for &tile in seen {
        // A red five the game has not (no `aka`) is a plain five.
        if !hand.remove(tile) {
            hand.remove_kind(tile.kind());
        }
    }
    hand.tiles()
}

/// `n` tiles taken at random from the pool.
fn deal_uniform(pool: &mut Vec<Tile>, n: usize, rng: &mut ChaCha8Rng) -> Vec<Tile> {
    (0..n)
        .map(|_| pool.swap_remove(rng.random_range(0..pool.len())))
        .collect()
}

/// A tenpai hand of the riichi player's size from the pool, waiting on nothing it discarded;
/// the pool is unchanged when none is found.
fn deal_tenpai(pool: &mut Vec<Tile>, p: &PublicPlayer, rng: &mut ChaCha8Rng) -> Option<Vec<Tile>> {
    let discarded: KindSet = p
        .pond
        .iter()
        .map(|d| d.tile.kind())
        .collect::<Vec<_>>()
        .into();
    for _ in 0..TENPAI_TRIES {
        let mut left = pool.clone();
        let Some(hand) = build_tenpai(&mut left, p.hand_size, rng) else {
            continue;
        };
        let w = waits(Hand::from_tiles(&hand).counts(), &p.melds);
        if !w.is_empty() && !w.meets(discarded) {
            *pool = left;
            return Some(hand);
        }
    }
    None
}

/// A random hand of `size` (3k + 1) tiles that is one tile from complete: k − 1 sets, a pair
/// and two tiles waiting together, or k sets and a single tile.
fn build_tenpai(pool: &mut Vec<Tile>, size: usize, rng: &mut ChaCha8Rng) -> Option<Vec<Tile>> {
    let sets = size / 3;
    let mut hand = Vec::with_capacity(size);
    let tanki = rng.random_bool(0.15);
    let full_sets = if tanki { sets } else { sets.saturating_sub(1) };
    for _ in 0..full_sets {
        hand.extend(take_set(pool, rng)?);
    }
    if tanki {
        hand.extend(take_matching(pool, rng, |_| Some(Vec::new()), 1)?);
    } else {
        hand.extend(take_matching(pool, rng, |k| Some(vec![k, k]), 2)?);
        hand.extend(take_partial(pool, rng)?);
    }
    (hand.len() == size).then_some(hand)
}

/// A run (three in four times) or a triplet, around a random unseen tile.
fn take_set(pool: &mut Vec<Tile>, rng: &mut ChaCha8Rng) -> Option<Vec<Tile>> {
    let run = rng.random_bool(0.75);
    take_matching(
        pool,
        rng,
        |k| {
            if run && !k.is_honor() {
                Some(vec![k, k.up(1)?, k.up(2)?])
            } else {
                Some(vec![k, k, k])
            }
        },
        3,
    )
}

/// Two tiles that wait together: two in a row, two with a gap, or a pair.
fn take_partial(pool: &mut Vec<Tile>, rng: &mut ChaCha8Rng) -> Option<Vec<Tile>> {
    let shape = rng.random_range(0..10);
    take_matching(
        pool,
        rng,
        |k| match shape {
            0..=5 if !k.is_honor() => Some(vec![k, k.up(1)?]),
            6..=7 if !k.is_honor() => Some(vec![k, k.up(2)?]),
            _ => Some(vec![k, k]),
        },
        2,
    )
}

/// Tiles of the kinds `shape` makes from a random pool tile (its first kind), taken out of the
/// pool when they are all there; a few random starts are tried.
fn take_matching(
    pool: &mut Vec<Tile>,
    rng: &mut ChaCha8Rng,
    shape: impl Fn(Kind) -> Option<Vec<Kind>>,
    len: usize,
) -> Option<Vec<Tile>> {
    for _ in 0..12 {
        if pool.is_empty() {
            return None;
        }
        let start = pool[rng.random_range(0..pool.len())].kind();
        let Some(mut kinds) = shape(start) else {
            continue;
        };
        if kinds.is_empty() {
            kinds.push(start);
        }
        debug_assert_eq!(kinds.len(), len.max(1));
        if let Some(tiles) = take_kinds(pool, &kinds) {
            return Some(tiles);
        }
    }
    None
}

/// One pool tile of each kind listed, or `None` (and the pool unchanged) when one is missing.
fn take_kinds(pool: &mut Vec<Tile>, kinds: &[Kind]) -> Option<Vec<Tile>> {
    let mut taken = Vec::with_capacity(kinds.len());
    for &k in kinds {
        match pool.iter().position(|t| t.kind() == k) {
            Some(i) => taken.push(pool.swap_remove(i)),
            None => {
                pool.extend(taken);
                return None;
            }
        }
    }
    Some(taken)
}

/// The round's 136 tiles in wall order: the tiles already dealt, drawn or called stand where
/// the deal and the draws took them from, the revealed indicators where they are, and the
/// shuffled unseen rest everywhere still to come.
fn assemble_wall(
    public: &PublicRound,
    hands: &PerSeat<Vec<Tile>>,
    mut unseen: Vec<Tile>,
) -> Option<Wall> {
    let kans = public.kans;
    let next = DEAD_START - kans - public.live_left;
    let mut taken: Vec<Tile> = hands.values().flatten().copied().collect();
    for p in public.players.values() {
        taken.extend(p.melds.iter().flat_map(|m| m.tiles.iter().copied()));
        taken.extend(p.pond.iter().filter(|d| !d.claimed).map(|d| d.tile));
    }
    // Dealt and drawn tiles fill w[0..next); the replacement tiles drawn, w[122..122+kans).
    if taken.len() != next + kans || public.dora_indicators.len() != kans + 1 {
        return None;
    }
    let mut tiles = Vec::with_capacity(WALL);
    tiles.extend_from_slice(&taken[..next]);
    let mut rest = |n: usize, tiles: &mut Vec<Tile>| -> Option<()> {
        let at = unseen.len().checked_sub(n)?;
        tiles.extend(unseen.drain(at..));
        Some(())
    };
    rest(public.live_left + kans, &mut tiles)?;
    tiles.extend_from_slice(&taken[next..]);
    rest(DORA - DEAD_START - kans, &mut tiles)?;
    tiles.extend_from_slice(&public.dora_indicators);
    rest(WALL - DORA - public.dora_indicators.len(), &mut tiles)?;
    if !unseen.is_empty() || tiles.len() != WALL {
        return None;
    }
    let mut wall = Wall::new(tiles);
    for _ in 52..next {
        wall.draw();
    }
    for _ in 0..kans {
        wall.kan();
    }
    debug_assert_eq!(wall.live_left(), public.live_left);
    Some(wall)
}

/// The round the view shows, with the sampled hands.
fn assemble_round(
    view: &SeatView,
    public: &PublicRound,
    hands: PerSeat<Vec<Tile>>,
    wall: Wall,
    rng: &mut ChaCha8Rng,
) -> Option<Round> {
    let acting = *public.acting.first()?;
    let calls_made = public.players.values().any(|p| !p.melds.is_empty());
    let players = public.players.map(|seat, p| {
        let mut player = player_of(p, &hands[seat]);
        if seat == view.seat {
            player.drawn = view.drawn;
            // Furiten the view shows but the ponds do not explain: a declined ron.
            let explained = waits(player.hand.counts(), &player.melds).meets(player.discarded);
            player.temporary_furiten = view.furiten && !explained;
            player.riichi_furiten = player.temporary_furiten && player.in_riichi();
        }
        player
    });
    let mut round = Round {
        index: public.index,
        dealership: public.dealership,
        dealer: public.dealer,
        honba: public.honba,
        minimum_han: public.minimum_han,
        options: view.public.options,
        wall,
        players,
        phase: Phase::Ended,
        calls_made,
        declaring: None,
        transfers: Vec::new(),
        end: None,
        log: Vec::new(),
    };
    round.phase = match public.claimable {
        Some(tile) => claims_phase(view, public, &mut round, tile),
        None => turn_phase(public, &mut round, acting, view.seat, rng),
    };
    Some(round)
}

/// A player as the table shows it, holding `hand`.
fn player_of(p: &PublicPlayer, hand: &[Tile]) -> Player {
    let discarded = p
        .pond
        .iter()
        .map(|d| d.tile.kind())
        .collect::<Vec<_>>()
        .into();
    let riichi_tile = p.pond.iter().rposition(|d| d.riichi);
    Player {
        hand: Hand::from_tiles(hand),
        melds: p.melds.clone(),
        pond: p.pond.clone(),
        discarded,
        riichi: p.riichi,
        // Ippatsu while the riichi discard is still the last one (a call in between is not in
        // the view).
        ippatsu: p.riichi != RiichiKind::None && riichi_tile == p.pond.len().checked_sub(1),
        temporary_furiten: false,
        riichi_furiten: false,
        drawn: None,
        draws: p.pond.len() as u32,
        kans: p.melds.iter().filter(|m| m.kind.is_kan()).count() as u8,
    }
}

/// The turn in play: after a draw when the seat holds its drawn tile, else after a call. Another
/// seat's turn is taken to follow a draw, of one of its sampled tiles.
fn turn_phase(
    public: &PublicRound,
    round: &mut Round,
    seat: Seat,
    me: Seat,
    rng: &mut ChaCha8Rng,
) -> Phase {
    let p = &mut round.players[seat];
    let own_call = seat == me && p.drawn.is_none();
    if own_call {
        return Phase::Turn {
            seat,
            after: After::Call {
                forbidden: last_call_forbids(&p.melds),
            },
        };
    }
    if p.drawn.is_none() {
        let tiles = p.hand.tiles();
        p.drawn = tiles.get(rng.random_range(0..tiles.len().max(1))).copied();
    }
    p.draws += 1;
    let first = public.players[seat].pond.is_empty() && !round.calls_made;
    Phase::Turn {
        seat,
        after: After::Draw {
            replacement: false,
            first,
        },
    }
}

/// The kinds kuikae forbids after the seat's last call (a chi or pon).
fn last_call_forbids(melds: &[Meld]) -> KindSet {
    let Some(m) = melds.last() else {
        return KindSet::EMPTY;
    };
    let Some(claimed) = m.claimed else {
        return KindSet::EMPTY;
    };
    let mut own: Vec<Tile> = m.tiles.clone();
    if let Some(i) = own.iter().position(|t| *t == claimed) {
        own.remove(i);
    }
    match (m.kind, own.as_slice()) {
        (MeldKind::Chi, &[a, b]) => kuikae(Action::chi(a, b), claimed),
        (MeldKind::Pon, &[a, b]) => kuikae(Action::pon(a, b), claimed),
        _ => KindSet::EMPTY,
    }
}

/// The claim window on `tile`: from the seat whose pond ends with it (else a kan of it), the
/// seats still to answer asked again with their sampled hands' claims.
fn claims_phase(view: &SeatView, public: &PublicRound, round: &mut Round, tile: Tile) -> Phase {
    let asked: Vec<Seat> = public.acting.clone();
    let from = SEATS
        .from_seat(view.seat)
        .filter(|s| !asked.contains(s))
        .find(|&s| {
            public.players[s]
                .pond
                .last()
                .is_some_and(|d| d.tile == tile && !d.claimed)
        });
    let (from, cause) = match from {
        Some(from) => (from, Cause::Discard { only_ron: false }),
        None => kan_window(public, &asked, tile.kind()),
    };
    let discarder = &round.players[from];
    let declared = discarder.pond.last().is_some_and(|d| d.riichi) && !discarder.in_riichi();
    if declared {
        let double = discarder.pond.len() == 1 && !round.calls_made;
        let kind = if double {
            RiichiKind::Double
        } else {
            RiichiKind::Single
        };
        round.declaring = Some((from, kind));
    }
    let only_ron = match cause {
        Cause::Discard { .. } => round.wall.live_left() == 0 || round.pending_abort().is_some(),
        _ => false,
    };
    let cause = match cause {
        Cause::Discard { .. } => Cause::Discard { only_ron },
        other => other,
    };
    let offers = PerSeat::from_fn(SEATS, |s| {
        if !asked.contains(&s) {
            Vec::new()
        } else if s == view.seat {
            view.legal_actions.clone()
        } else {
            match cause {
                Cause::Discard { .. } => {
                    let offers = round.claims_on(s, from, tile, only_ron);
                    if offers.is_empty() {
                        vec![Action::Pass]
                    } else {
                        offers
                    }
                }
                _ => vec![Action::Ron, Action::Pass],
            }
        }
    });
    Phase::Claims {
        window: Window {
            from,
            tile,
            cause,
            offers,
            answers: PerSeat::filled(SEATS, None),
        },
    }
}

/// The kan a window on `kind` is robbing: an added kan by the seat with a pon of it, else a
/// closed kan by a seat not asked.
fn kan_window(public: &PublicRound, asked: &[Seat], kind: Kind) -> (Seat, Cause) {
    let not_asked = || SEATS.seats().filter(|s| !asked.contains(s));
    let added = not_asked().find(|&s| {
        public.players[s]
            .melds
            .iter()
            .any(|m| m.kind == MeldKind::Pon && m.first() == kind)
    });
    match added {
        Some(s) => (s, Cause::AddedKan),
        None => (
            not_asked().next().unwrap_or(public.dealer),
            Cause::ClosedKan,
        ),
    }
}

/// The game around the round: points, pot, dealership and stand-ins for the finished rounds
/// (the view tells only how many there were).
fn assemble_game(view: &SeatView, public: &PublicRound, round: Round) -> Game {
    let mut game = Game::new(view.public.first_dealer, view.public.options);
    game.scores = Scores {
        points: view.public.points,
        pot: view.public.pot,
    };
    game.dealership = public.dealership;
    game.honba = public.honba;
    game.stage = Stage::Playing;
    game.records = (0..view.public.rounds_played)
        .map(|index| stand_in(index, view))
        .collect();
    game.round = Some(round);
    game.last_claims = view.public.last_claims.clone();
    game
}

fn stand_in(index: usize, view: &SeatView) -> RoundRecord {
    RoundRecord {
        index,
        dealership: 0,
        dealer: view.public.first_dealer,
        honba: 0,
        minimum_han: 1,
        dora_indicators: Vec::new(),
        ura_indicators: Vec::new(),
        end: None,
        transfers: Vec::new(),
        start_points: view.public.points,
        points: view.public.points,
        pot: view.public.pot,
        hands: PerSeat::filled(SEATS, Vec::new()),
        melds: PerSeat::filled(SEATS, Vec::new()),
        wall: Vec::new(),
        log: Vec::new(),
    }
}

/// How many of each kind a pool holds.
pub fn pool_counts(pool: &[Tile]) -> [u8; KINDS] {
    let mut counts = [0u8; KINDS];
    for t in pool {
        counts[t.kind().index()] += 1;
    }
    counts
}
