//! Which actions are legal (rules §4–§6): the checks that guard [`Round::perform`] and the
//! complete list the bot offers. The list is built by enumerating candidates and keeping
//! those the checks accept, so the two can never disagree.

use super::action::{Action, Seat};
use super::card::{Card, CardCounts, Fruit};
use super::round::{Phase, Round};
use super::score::{score_win, Score, WinningHand};
use super::shape::{classify, SetShape};
use super::waits::{is_furiten, is_tenpai, waits};
use super::yaku::{WinBy, WinSituation, YakuPoints};

pub use super::refusal::{Refusal, RuleText};
use Refusal::Rule;

impl Round {
    /// Every legal action for the seat to act, in the stable order of the scenario format.
    pub fn legal_actions(&self, points: &YakuPoints) -> Vec<Action> {
        let Some(seat) = self.phase.seat() else {
            return Vec::new();
        };
        let mut out: Vec<Action> = self
            .candidates(seat)
            .into_iter()
            .filter(|a| self.check(seat, *a, points).is_ok())
            .collect();
        out.sort_by_key(|a| a.order_group());
        out
    }

    /// Every action that could be legal in this phase, in the stable order within each group.
    fn candidates(&self, seat: Seat) -> Vec<Action> {
        let player = &self.players[seat];
        let hand = &player.hand;
        // Groups a player in riichi can never take are not generated at all (the checks
        // would refuse every one of them).
        let may_open = !player.riichi;
        let discards = || {
            let kinds: Vec<Card> = hand.kinds().collect();
            let plain = kinds.iter().map(|&card| Action::Discard {
                card,
                riichi: false,
            });
            let riichi = kinds
                .iter()
                .map(|&card| Action::Discard { card, riichi: true });
            plain.chain(riichi).collect::<Vec<_>>()
        };
        match self.phase {
            Phase::TurnStart { claimable, .. } => {
                let mut v: Vec<Action> = (0..3).map(|pile| Action::Draw { pile }).collect();
                if let Some(called) = claimable {
                    if may_open {
                        for cards in hand.combinations::<2>() {
                            if classify(&[called, cards[0], cards[1]]).is_some() {
                                v.push(Action::Pon { cards });
                                v.push(Action::Chi { cards });
                            }
                        }
                    }
                    v.push(Action::Ron);
                }
                v.push(Action::Pass);
                v
            }
            Phase::AfterDraw { .. } => {
                let mut v = vec![Action::Tsumo];
                if may_open {
                    v.extend(
                        hand.combinations::<3>()
                            .into_iter()
                            .map(|cards| Action::Kai { cards }),
                    );
                    if !self.kan_made {
                        v.extend(kan_shapes(hand).map(|cards| Action::Kan { cards }));
                    }
                }
                v.extend(discards());
                v
            }
            Phase::AfterOpening { .. } => {
                let mut v = vec![Action::DrawThree];
                v.extend(discards());
                v
            }
            Phase::AfterKan { .. } => {
                let mut v = vec![Action::Tsumo, Action::DrawThree];
                v.extend(discards());
                v
            }
            Phase::Over => Vec::new(),
        }
    }

    /// Whether `seat` may take `action` now; the error says why not. Assumes `seat` is the
    /// seat to act (the caller reports a wrong seat first).
    pub fn check(&self, seat: Seat, action: Action, points: &YakuPoints) -> Result<(), Refusal> {
        match action.normalized() {
            Action::Draw { pile } => self.check_draw(pile),
            Action::Pon { cards } => self.check_claim(seat, cards, true),
            Action::Chi { cards } => self.check_claim(seat, cards, false),
            Action::Ron => self.check_ron(seat, points),
            Action::Tsumo => self.check_tsumo(seat, points),
            Action::Kai { cards } => self.check_kai(seat, cards),
            Action::Kan { cards } => self.check_kan(seat, cards),
            Action::DrawThree => self.check_draw_three(),
            Action::Discard { card, riichi } => self.check_discard(seat, card, riichi),
            Action::Pass => self.check_pass(),
        }
    }

    fn check_draw(&self, pile: u8) -> Result<(), Refusal> {
        let Phase::TurnStart { .. } = self.phase else {
            return Err(Rule(RuleText::DrawAtTurnStart));
        };
        match self.piles.get(pile as usize) {
            None => Err(Refusal::NoSuchPile(pile)),
            Some(p) if p.is_empty() => Err(Refusal::PileEmpty(pile)),
            Some(_) => Ok(()),
        }
    }

    fn check_claim(&self, seat: Seat, cards: [Card; 2], pon: bool) -> Result<(), Refusal> {
        let action = if pon {
            Action::Pon { cards }
        } else {
            Action::Chi { cards }
        };
        let Phase::TurnStart {
            claimable: Some(called),
            ..
        } = self.phase
        else {
            return Err(Rule(RuleText::NothingToClaim));
        };
        let player = &self.players[seat];
        if player.riichi {
            return Err(Rule(RuleText::RiichiCannotClaim));
        }
        if !player.hand.contains_all(&cards) {
            return Err(Refusal::NotHeld(action));
        }
        match classify(&[called, cards[0], cards[1]]) {
            Some(shape) if shape.is_pon_shape() == pon => Ok(()),
            Some(_) => Err(Refusal::WrongClaim(action, called)),
            None => Err(Refusal::NotASet(action, Some(called))),
        }
    }

    fn check_ron(&self, seat: Seat, points: &YakuPoints) -> Result<(), Refusal> {
        let Phase::TurnStart {
            claimable: Some(card),
            ..
        } = self.phase
        else {
            return Err(Rule(RuleText::NoDiscardToRon));
        };
        if self.ron_score(seat, card, points).is_none() {
            return Err(Refusal::RonWithoutYaku(card));
        }
        let player = &self.players[seat];
        let waits = waits(&player.hand, &player.melds);
        if is_furiten(&waits, player.discard_pile(), card) {
            return Err(Refusal::Furiten(card));
        }
        Ok(())
    }

    fn check_tsumo(&self, seat: Seat, points: &YakuPoints) -> Result<(), Refusal> {
        match self.phase {
            Phase::AfterDraw { .. } | Phase::AfterKan { .. } => {}
            _ => return Err(Rule(RuleText::TsumoAfterDrawing)),
        }
        match self.tsumo_score(seat, points) {
            Some(_) => Ok(()),
            None => Err(Rule(RuleText::NotAWinningHand)),
        }
    }

    fn check_kai(&self, seat: Seat, cards: [Card; 3]) -> Result<(), Refusal> {
        let Phase::AfterDraw { .. } = self.phase else {
            return Err(Rule(RuleText::KaiAfterDraw));
        };
        let player = &self.players[seat];
        if player.riichi {
            return Err(Rule(RuleText::RiichiCannotKai));
        }
        let action = Action::Kai { cards };
        if !player.hand.contains_all(&cards) {
            return Err(Refusal::NotHeld(action));
        }
        match classify(&cards) {
            Some(_) => Ok(()),
            None => Err(Refusal::NotASet(action, None)),
        }
    }

    fn check_kan(&self, seat: Seat, cards: [Card; 4]) -> Result<(), Refusal> {
        let Phase::AfterDraw { .. } = self.phase else {
            return Err(Rule(RuleText::KanAfterDraw));
        };
        let player = &self.players[seat];
        if player.riichi {
            return Err(Rule(RuleText::RiichiCannotKan));
        }
        if self.kan_made {
            return Err(Rule(RuleText::OneKanPerRound));
        }
        let action = Action::Kan { cards };
        if !player.hand.contains_all(&cards) {
            return Err(Refusal::NotHeld(action));
        }
        match classify(&cards) {
            Some(SetShape::Kan) => Ok(()),
            _ => Err(Refusal::NotAKan(action)),
        }
    }

    fn check_draw_three(&self) -> Result<(), Refusal> {
        match self.phase {
            Phase::AfterOpening { .. } | Phase::AfterKan { .. } => {}
            _ => return Err(Rule(RuleText::DrawThreeAfterOpening)),
        }
        if self.cards_in_piles() < 3 {
            return Err(Refusal::TooFewForDrawThree(self.cards_in_piles()));
        }
        Ok(())
    }

    fn check_discard(&self, seat: Seat, card: Card, riichi: bool) -> Result<(), Refusal> {
        let drawn = match self.phase {
            Phase::AfterDraw { drawn, .. } => Some(drawn),
            Phase::AfterOpening { .. } | Phase::AfterKan { .. } => None,
            _ => return Err(Rule(RuleText::DrawBeforeDiscard)),
        };
        let player = &self.players[seat];
        if !player.hand.contains(card) {
            return Err(Refusal::NotHeld(Action::Discard { card, riichi }));
        }
        if player.riichi {
            if riichi {
                return Err(Rule(RuleText::AlreadyRiichi));
            }
            if drawn != Some(card) {
                return Err(Rule(RuleText::RiichiDiscardsDrawn));
            }
            return Ok(());
        }
        if riichi {
            if self.cards_in_piles() == 0 {
                return Err(Rule(RuleText::RiichiNeedsPile));
            }
            let mut after = player.hand;
            after.remove(card);
            if !is_tenpai(&after, &player.melds) {
                return Err(Refusal::NotTenpaiAfter(card));
            }
        }
        Ok(())
    }

    fn check_pass(&self) -> Result<(), Refusal> {
        match self.phase {
            Phase::TurnStart { .. } if self.cards_in_piles() == 0 => Ok(()),
            Phase::TurnStart { .. } => Err(Rule(RuleText::PassOnlyWhenEmpty)),
            _ => Err(Rule(RuleText::PassAtTurnStart)),
        }
    }

    /// The score of a ron on `card` by `seat`, ignoring furiten.
    pub fn ron_score(&self, seat: Seat, card: Card, points: &YakuPoints) -> Option<Score> {
        let player = &self.players[seat];
        let mut concealed = player.hand;
        concealed.add(card);
        let situation = WinSituation {
            riichi: player.riichi,
            ippatsu: player.ippatsu,
            made_kan: player.made_kan(),
            houtei: self.cards_in_piles() == 0,
            ..WinSituation::default()
        };
        self.score(seat, &concealed, card, WinBy::Ron, situation, points)
    }

    /// The score of a tsumo by `seat` now, with the winning card.
    pub fn tsumo_score(&self, seat: Seat, points: &YakuPoints) -> Option<(Score, Card)> {
        let (drawn, rinshan) = match self.phase {
            Phase::AfterDraw { drawn, .. } => (drawn, false),
            Phase::AfterKan { drawn, .. } => (drawn, true),
            _ => return None,
        };
        let player = &self.players[seat];
        let situation = WinSituation {
            riichi: player.riichi,
            ippatsu: player.ippatsu,
            made_kan: player.made_kan(),
            rinshan,
            haitei: !rinshan && self.cards_in_piles() == 0,
            houtei: false,
        };
        let score = self.score(seat, &player.hand, drawn, WinBy::Tsumo, situation, points)?;
        Some((score, drawn))
    }

    fn score(
        &self,
        seat: Seat,
        concealed: &CardCounts,
        winning_card: Card,
        by: WinBy,
        situation: WinSituation,
        points: &YakuPoints,
    ) -> Option<Score> {
        let hand = WinningHand {
            concealed,
            winning_card,
            melds: &self.players[seat].melds,
            by,
            situation,
        };
        score_win(&hand, &self.dora_indicators(), points)
    }
}

/// Every kan the hand holds: four of one animal, or the four cards of one number. These are
/// the only kan shapes there are (rules §2).
fn kan_shapes(hand: &CardCounts) -> impl Iterator<Item = [Card; 4]> + '_ {
    let numbers = (1..=9).map(|n| Fruit::ALL.map(|f| Card::number_card(f, n)));
    let animals = [Card::DOG, Card::MONKEY, Card::PHEASANT].map(|a| [a; 4]);
    numbers
        .chain(animals)
        .filter(move |cards| hand.contains_all(cards))
}
