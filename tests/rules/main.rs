//! The rules engine and the scenario tool, in one test binary:
//! the rulebook sections (`rules_*`), the shared sample scenarios and scenario errors,
//! proptest invariants and the players' rules page.

mod support;

mod docs;
mod properties;
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
