//! Highlights kept for the server's board (issue 39, item 2), on both backends: a rated
//! game's lines about people are stored once, with the game that finished it, and a player's
//! opt-out is kept and keeps their lines off the board until they turn highlights back on.

use momojan::games::interface::Highlights;
use momojan::games::registry::{GameId, Momojan};
use momojan::service::{MatchService, UserId};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{new_match, play, user, ALICE, BOB, GUILD};

/// Plays rated games of momojan through the service until one ends with a highlight about a
/// person; gives how many lines it has about each of (Alice, Bob).
async fn a_game_with_highlights(service: &MatchService) -> (usize, usize) {
    for seed in 1..40u8 {
        let (id, _) = service
            .create_match_with_seed(&new_match(), [seed; 32])
            .await
            .unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(u64::from(seed));
        play(service, id, &mut rng, 20_000).await;
        let loaded = service.load::<Momojan>(id).await.unwrap();
        assert!(loaded.meta.is_finished(), "the game ends");
        let lines = Momojan::game_highlights(&loaded.state);
        let about = |u: UserId| lines.iter().filter(|h| user(h.seats[0]) == u).count();
        if !lines.is_empty() {
            return (about(ALICE), about(BOB));
        }
    }
    panic!("forty games without a highlight");
}

on_both! {
async fn a_finished_games_lines_are_stored_once_and_an_opt_out_is_kept(db) {
    let service = MatchService::new(db.open().await);
    let (alice, bob) = a_game_with_highlights(&service).await;
    let board = service.store().season_highlights(GUILD, 1, GameId::Momojan).await.unwrap();
    let count = |u: UserId| board.iter().filter(|h| h.user == u).count();
    assert_eq!((count(ALICE), count(BOB)), (alice, bob), "every line about a person, stored");
    assert!(board.iter().all(|h| h.season == 1 && h.game == GameId::Momojan && h.guild == GUILD));

    // Written again (a retried finish would write the same lines): nothing more is stored.
    let mut tx = service.store().begin_write().await.unwrap();
    momojan::store::put_highlights(&mut tx, &board).await.unwrap();
    tx.commit().await.unwrap();
    let again = service.store().season_highlights(GUILD, 1, GameId::Momojan).await.unwrap();
    assert_eq!(again, board, "stored once");
    assert!(service.store().season_highlights(GUILD, 2, GameId::Momojan).await.unwrap().is_empty());
    assert!(service.store().season_highlights(GUILD, 1, GameId::Shogi).await.unwrap().is_empty());

    // Alice turns hers off; a new store on the same database still knows it.
    service.set_highlights_off(ALICE, true).await.unwrap();
    service.set_highlights_off(ALICE, true).await.unwrap();
    let reopened = MatchService::new(db.open().await);
    assert!(reopened.highlights_off(ALICE).await.unwrap());
    assert!(!reopened.highlights_off(BOB).await.unwrap());
    let board = reopened.store().season_highlights(GUILD, 1, GameId::Momojan).await.unwrap();
    assert!(board.iter().all(|h| h.user != ALICE), "her lines leave the board");
    assert_eq!(board.iter().filter(|h| h.user == BOB).count(), bob);
    let shown = reopened.highlight_board(GUILD, None, GameId::Momojan).await.unwrap().unwrap();
    assert!(shown.columns.iter().flat_map(|(_, l)| l).all(|h| h.user != ALICE));
    // A season that has not begun is no board.
    assert!(reopened.highlight_board(GUILD, Some(2), GameId::Momojan).await.unwrap().is_none());

    // Back on: her stored lines are shown again.
    reopened.set_highlights_off(ALICE, false).await.unwrap();
    assert!(!reopened.highlights_off(ALICE).await.unwrap());
    let board = reopened.store().season_highlights(GUILD, 1, GameId::Momojan).await.unwrap();
    assert_eq!(board.iter().filter(|h| h.user == ALICE).count(), alice);
}
}

on_both! {
async fn the_players_who_turned_highlights_off_are_found_in_one_read(db) {
    let service = MatchService::new(db.open().await);
    let (carol, dave) = (UserId(3_003), UserId(4_004));
    let store = service.store();
    assert!(store.highlights_muted(&[]).await.unwrap().is_empty());
    assert!(store.highlights_muted(&[ALICE, BOB, carol, dave]).await.unwrap().is_empty());
    service.set_highlights_off(BOB, true).await.unwrap();
    service.set_highlights_off(dave, true).await.unwrap();
    // In the order asked, whatever order the table keeps them in.
    assert_eq!(
        store.highlights_muted(&[dave, ALICE, BOB, carol]).await.unwrap(),
        vec![dave, BOB]
    );
    assert_eq!(store.highlights_muted(&[BOB]).await.unwrap(), vec![BOB]);
    assert!(store.highlights_muted(&[ALICE, carol]).await.unwrap().is_empty());
    service.set_highlights_off(BOB, false).await.unwrap();
    assert_eq!(
        store.highlights_muted(&[ALICE, BOB, carol, dave]).await.unwrap(),
        vec![dave]
    );
}
}
