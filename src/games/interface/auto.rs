//! A player's auto switches: moves the host makes for one seat at once, the moment a switch
//! the player turned on decides them (auto-win, no calls). A game lists the switches it has
//! and says what each takes from one seat's view ([`crate::games::interface::Computer::auto_action`]; games
//! with wins and calls share [`win_or_pass`]); the host keeps each seat's set with the match
//! and plays what they decide in the transaction of the action that led to it, never on a
//! timer.

/// One switch. Its number is its bit in a stored [`AutoSet`] and never changes; its id names
/// it in button ids and message keys (`auto-win`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AutoSwitch {
    /// Take a legal win (ron or tsumo) at once.
    Win,
    /// Pass every claim window in which this seat could only call (chi, pon, kan): never a
    /// window in which it could win.
    NoCalls,
    /// In riichi, discard the tile drawn at once when the draw offers more than that (a
    /// closed kan) but no win: a win stays the player's (or auto-win's).
    RiichiDiscard,
}

impl AutoSwitch {
    /// Every switch, in bit order.
    pub const ALL: [AutoSwitch; 3] = [
        AutoSwitch::Win,
        AutoSwitch::NoCalls,
        AutoSwitch::RiichiDiscard,
    ];

    /// The stable id (letters and `-`).
    pub fn id(self) -> &'static str {
        match self {
            AutoSwitch::Win => "win",
            AutoSwitch::NoCalls => "no-calls",
            AutoSwitch::RiichiDiscard => "riichi-discard",
        }
    }

    /// The switch an id names.
    pub fn from_id(id: &str) -> Option<AutoSwitch> {
        AutoSwitch::ALL.into_iter().find(|s| s.id() == id)
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// The switches one seat has on (a bit set; stored as its number).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct AutoSet(u8);

impl AutoSet {
    /// Every switch off.
    pub const NONE: AutoSet = AutoSet(0);

    /// The set a stored number holds; `None` for a bit no switch has.
    pub fn from_bits(bits: i64) -> Option<AutoSet> {
        let all = AutoSwitch::ALL
            .iter()
            .fold(0, |b, s| b | i64::from(s.bit()));
        (bits & !all == 0).then_some(AutoSet(bits as u8))
    }

    /// The number stored.
    pub fn bits(self) -> i64 {
        i64::from(self.0)
    }

    /// Whether `switch` is on.
    pub fn has(self, switch: AutoSwitch) -> bool {
        self.0 & switch.bit() != 0
    }

    /// The set with `switch` turned on or off.
    pub fn with(self, switch: AutoSwitch, on: bool) -> AutoSet {
        if on {
            AutoSet(self.0 | switch.bit())
        } else {
            AutoSet(self.0 & !switch.bit())
        }
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// What auto-win and no calls take for a seat whose legal actions are `legal`, in a game whose
/// wins `is_win` tells and whose answer declining a discard is `pass` (legal only where a
/// discard, or a kan, may be claimed): the win when auto-win is on; the pass when no calls is
/// on and no win is legal, so a ron is never passed by a switch; `None` when the player
/// decides.
pub fn win_or_pass<A: Copy + PartialEq>(
    legal: &[A],
    on: AutoSet,
    is_win: impl Fn(&A) -> bool,
    pass: A,
) -> Option<A> {
    let win = legal.iter().copied().find(is_win);
    if on.has(AutoSwitch::Win) && win.is_some() {
        return win;
    }
    (on.has(AutoSwitch::NoCalls) && win.is_none() && legal.contains(&pass)).then_some(pass)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_switch_is_named_by_its_id() {
        for switch in AutoSwitch::ALL {
            assert_eq!(AutoSwitch::from_id(switch.id()), Some(switch));
        }
        assert_eq!(AutoSwitch::from_id("riichi"), None);
    }

    #[test]
    fn switches_turn_on_and_off_one_by_one_and_keep_their_bits() {
        let set = AutoSet::NONE.with(AutoSwitch::NoCalls, true);
        assert!(set.has(AutoSwitch::NoCalls) && !set.has(AutoSwitch::Win));
        assert_eq!(set.bits(), 2);
        let both = set.with(AutoSwitch::Win, true);
        assert_eq!(AutoSet::from_bits(both.bits()), Some(both));
        assert_eq!(both.with(AutoSwitch::NoCalls, false).bits(), 1);
        assert!(set.with(AutoSwitch::NoCalls, false).is_empty());
    }

    #[test]
    fn a_stored_number_with_a_bit_no_switch_has_is_refused() {
        assert_eq!(AutoSet::from_bits(8), None);
        assert_eq!(AutoSet::from_bits(-1), None);
        assert_eq!(AutoSet::from_bits(7), Some(AutoSet(7)));
    }

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Toy {
        Ron,
        Pon,
        Pass,
        Discard,
    }

    fn toy_win(a: &Toy) -> bool {
        *a == Toy::Ron
    }

    fn on(switches: &[AutoSwitch]) -> AutoSet {
        switches
            .iter()
            .fold(AutoSet::NONE, |set, s| set.with(*s, true))
    }

    #[test]
    fn auto_win_takes_the_win_and_no_calls_passes_only_where_no_win_is_legal() {
        let window = [Toy::Ron, Toy::Pon, Toy::Pass];
        let calls = [Toy::Pon, Toy::Pass];
        let take = |legal: &[Toy], set| win_or_pass(legal, set, toy_win, Toy::Pass);
        assert_eq!(take(&window, on(&[AutoSwitch::Win])), Some(Toy::Ron));
        assert_eq!(take(&window, on(&[AutoSwitch::NoCalls])), None);
        assert_eq!(take(&calls, on(&[AutoSwitch::NoCalls])), Some(Toy::Pass));
        assert_eq!(take(&calls, on(&[AutoSwitch::Win])), None);
        assert_eq!(take(&[Toy::Discard], on(&AutoSwitch::ALL)), None);
        for legal in [&window[..], &calls[..]] {
            assert_eq!(take(legal, AutoSet::NONE), None);
        }
    }
}
