//! The beginners' card mahjong (`beginners-rules.md`, `beginners-scenario-format.md`), through
//! its scenario documents and its library: the public samples, the rules section by section,
//! malformed files with the order of checks, invariants over random games at two, three and
//! four seats, and the computer players.

mod support;

mod computer;
mod errors;
mod interface;
mod properties;
mod rules_claims;
mod rules_end;
mod rules_riichi;
mod rules_setup;
mod rules_winning;
mod samples;
