//! A game's switches: rule options a server turns between a few named values (riichi's
//! `length` east or south, `aka` true or false). A game lists them and sets one by id through
//! [`crate::games::interface::Settings`]; the host lists them in `/momojan config`, sets one with
//! `switch:<id> value:<v>`, and copies the options into each match when it starts, so a change
//! never alters a game in play.

/// One switch: its id and the values it takes, as an admin types them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Switch {
    /// The stable id (`aka`): the option's key in scenario files too.
    pub id: &'static str,
    /// Every value, the default's place in this list aside (`true`, `false`).
    pub values: &'static [&'static str],
}

/// The values of a switch that is on or off, as scenario files write them.
pub const ON_OFF: &[&str] = &["true", "false"];

impl Switch {
    /// A switch that is on or off.
    pub const fn on_off(id: &'static str) -> Switch {
        Switch { id, values: ON_OFF }
    }

    /// The value `typed` names, as this switch writes it (case and spaces aside).
    pub fn value(&self, typed: &str) -> Option<&'static str> {
        let typed = typed.trim();
        self.values
            .iter()
            .copied()
            .find(|v| v.eq_ignore_ascii_case(typed))
    }
}

/// How a switch that is on or off shows its state.
pub fn on_off(on: bool) -> &'static str {
    ON_OFF[usize::from(!on)]
}

/// Why a switch was not set; the options are unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SwitchRefusal {
    /// The game has no switch of that id.
    #[error("the game has no such switch")]
    Unknown,
    /// The switch does not take that value.
    #[error("the switch takes one of {}", allowed.join(", "))]
    BadValue {
        switch: &'static str,
        allowed: &'static [&'static str],
    },
}

/// The switch `id` of `switches` (case and spaces aside) and the value of it `typed` names.
///
/// # Errors
/// No such switch, or a value it does not take.
pub fn find(
    switches: &'static [Switch],
    id: &str,
    typed: &str,
) -> Result<(Switch, &'static str), SwitchRefusal> {
    let id = id.trim();
    let switch = switches
        .iter()
        .find(|s| s.id.eq_ignore_ascii_case(id))
        .ok_or(SwitchRefusal::Unknown)?;
    let value = switch.value(typed).ok_or(SwitchRefusal::BadValue {
        switch: switch.id,
        allowed: switch.values,
    })?;
    Ok((*switch, value))
}

/// What a server may set of a game: its yaku values and its switches.
pub trait Settings: super::Play {
    /// Every yaku of the game, as stable ids.
    fn yaku_ids() -> Vec<&'static str>;
    /// Sets one yaku's value in `options` (a server's setting): `value` is the points or han
    /// the game's table gives it (both values of a yaku with a closed and an open one).
    ///
    /// # Errors
    /// The yaku id is not this game's.
    fn set_yaku(options: &mut Self::Options, id: &str, value: u32) -> Result<(), String>;
    /// The game's switches (rule options a server turns between named values), in the order
    /// the config lists them; none by default.
    fn switches() -> &'static [Switch] {
        &[]
    }
    /// The value switch `id` has in `options` (one of its values), `None` for no such switch.
    fn switch_value(options: &Self::Options, id: &str) -> Option<&'static str> {
        let _ = (options, id);
        None
    }
    /// Sets switch `id` of `options` to the value `value` names (case and spaces aside; see
    /// [`find`]).
    ///
    /// # Errors
    /// No such switch, or a value it does not take; `options` are unchanged then.
    fn set_switch(options: &mut Self::Options, id: &str, value: &str) -> Result<(), SwitchRefusal> {
        let _ = (options, id, value);
        Err(SwitchRefusal::Unknown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SWITCHES: &[Switch] = &[
        Switch {
            id: "length",
            values: &["east", "south"],
        },
        Switch::on_off("aka"),
    ];

    #[test]
    fn a_switch_is_found_by_its_id_and_a_value_it_takes_whatever_the_case() {
        assert_eq!(find(SWITCHES, " AKA ", "False"), Ok((SWITCHES[1], "false")));
        assert_eq!(find(SWITCHES, "length", "east"), Ok((SWITCHES[0], "east")));
    }

    #[test]
    fn an_unknown_switch_or_a_value_it_does_not_take_is_refused() {
        assert_eq!(
            find(SWITCHES, "kuitan", "true"),
            Err(SwitchRefusal::Unknown)
        );
        assert_eq!(
            find(SWITCHES, "length", "west"),
            Err(SwitchRefusal::BadValue {
                switch: "length",
                allowed: &["east", "south"],
            })
        );
        assert_eq!(find(&[], "aka", "true"), Err(SwitchRefusal::Unknown));
    }

    #[test]
    fn on_and_off_read_as_scenario_files_write_them() {
        assert_eq!((on_off(true), on_off(false)), ("true", "false"));
    }
}
