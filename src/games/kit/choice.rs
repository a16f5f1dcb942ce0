//! What the games' computers share when they choose among the legal actions.

/// The first action of `order` that is legal: a computer that always takes a win (and then a
/// draw) asks for them in that order before it weighs anything else.
pub fn first_legal<A: Copy + PartialEq>(legal: &[A], order: &[A]) -> Option<A> {
    order.iter().copied().find(|a| legal.contains(a))
}
