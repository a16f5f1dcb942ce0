//! What the games' [`Settings`] share: the refusal of a yaku table the rules fix (riichi's han,
//! which mining plays too), and the check that every switch reads back what it was set to.

#[cfg(test)]
use crate::games::interface::Settings;

/// A server's change of yaku `id` in a table the rules fix: refused, in words that say whose
/// han they are (`whose`) for a yaku the game has (`known`), or that it has no such yaku.
///
/// # Errors
/// Always: the refusal in words.
pub fn fixed_han(known: bool, id: &str, whose: &str) -> Result<(), String> {
    if known {
        Err(format!("{whose}; {id:?} cannot be changed"))
    } else {
        Err(format!("no yaku {id:?}"))
    }
}

/// That every switch of `G`, set to each of its values from the default options, reads back
/// that value.
#[cfg(test)]
pub fn assert_switches_read_back<G: Settings>() {
    for switch in G::switches() {
        for value in switch.values {
            let mut options = G::Options::default();
            G::set_switch(&mut options, switch.id, value).unwrap();
            assert_eq!(
                G::switch_value(&options, switch.id),
                Some(*value),
                "{}",
                switch.id
            );
        }
    }
}
