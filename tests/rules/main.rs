//! The rules engine, the scenario tool and the repository's own hygiene, in one test binary:
//! the rulebook sections (`rules_*`), the shared sample scenarios and scenario errors,
//! proptest invariants, the players' rules page and the paths the documentation names, that
//! nothing reads outside the repository, the layering of `src/`'s modules, the card art's
//! faces, and tournament seating.

mod support;

mod beginners;
mod card_art;
mod docs;
mod every_game;
mod fuzz;
mod highlights;
mod mining;
mod mining_hosted;
mod module_imports;
mod no_shared_paths;
mod properties;
mod riichi_computer;
mod riichi_errors;
mod riichi_hands;
mod riichi_properties;
mod riichi_round;
mod riichi_samples;
mod riichi_tenhou;
mod rules_cards_sets;
mod rules_game_end;
mod rules_options;
mod rules_riichi;
mod rules_round_end;
mod rules_setup;
mod rules_turn;
mod rules_winning;
mod rules_yaku;
mod samples;
mod scenario_errors;
mod seating;
mod shogi;
