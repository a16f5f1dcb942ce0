//! The ends every game shares: a player resigns, or forfeits on time. Each game's end reason
//! has a `Resigned` and a `Forfeit` of its own (its ids and serde names); [`concession_ends!`]
//! writes its mapping from the host's [`Concession`](crate::games::interface::Concession) once.

/// `impl From<Concession> for $end`, mapping `Resigned` and `Forfeit` to the variants of the
/// same names.
macro_rules! concession_ends {
    ($end:ty) => {
        impl From<$crate::games::interface::Concession> for $end {
            fn from(why: $crate::games::interface::Concession) -> $end {
                match why {
                    $crate::games::interface::Concession::Resigned => <$end>::Resigned,
                    $crate::games::interface::Concession::Forfeit => <$end>::Forfeit,
                }
            }
        }
    };
}

pub(crate) use concession_ends;
