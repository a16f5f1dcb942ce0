//! Which actions are legal (rules §4–§6): the checks that guard [`Round::perform`] and the
//! complete list the bot offers. The list is built by enumerating candidates and keeping
//! those the checks accept, so the two can never disagree.

use super::action::{Action, Seat};
use super::card::{Card, CardCounts};
use super::round::{Phase, Round};
use super::score::{score_win, Score, WinningHand};
use super::shape::{classify, SetShape};
use super::waits::{is_furiten, is_tenpai, waits};
use super::yaku::{WinBy, WinSituation, YakuPoints};

/// Why an action is not legal now, in words a player understands.
pub type Refusal = String;

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
        let hand = &self.players[seat].hand;
        let discards = || {
            let kinds: Vec<Card> = hand.kinds().collect();
            let plain = kinds.iter().map(|&card| Action::Discard {
                card,
                riichi: false,
            });
            let riichi = kinds.iter().map(|&card| Action::Discard { card, riichi: true });
            plain.chain(riichi).collect::<Vec<_>>()
        };
        match self.phase {
            Phase::TurnStart { claimable, .. } => {
                let mut v: Vec<Action> = (0..3).map(|pile| Action::Draw { pile }).collect();
                if claimable.is_some() {
                    for pair in hand.combinations(2) {
                        let cards = [pair[0], pair[1]];
                        v.push(Action::Pon { cards });
                        v.push(Action::Chi { cards });
                    }
                    v.push(Action::Ron);
                }
                v.push(Action::Pass);
                v
            }
            Phase::AfterDraw { .. } => {
                let mut v = vec![Action::Tsumo];
                v.extend(hand.combinations(3).into_iter().map(|c| Action::Kai {
                    cards: [c[0], c[1], c[2]],
                }));
                v.extend(hand.combinations(4).into_iter().map(|c| Action::Kan {
                    cards: [c[0], c[1], c[2], c[3]],
                }));
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
            return Err("you can draw from a pile only at the start of your turn".into());
        };
        match self.piles.get(pile as usize) {
            None => Err(format!("there is no pile {pile}: piles are 0, 1 and 2")),
            Some(p) if p.is_empty() => Err(format!("pile {pile} is empty")),
            Some(_) => Ok(()),
        }
    }

    fn check_claim(&self, seat: Seat, cards: [Card; 2], pon: bool) -> Result<(), Refusal> {
        let (name, other) = if pon { ("pon", "chi") } else { ("chi", "pon") };
        let Phase::TurnStart {
            claimable: Some(called),
            ..
        } = self.phase
        else {
            return Err(format!(
                "{name} claims the opponent's last discard at the start of your turn, and there is none to claim now"
            ));
        };
        let player = &self.players[seat];
        if player.riichi {
            return Err(format!("a player in riichi cannot {name}"));
        }
        if !player.hand.contains_all(&cards) {
            return Err(format!("you do not hold {} and {}", cards[0], cards[1]));
        }
        match classify(&[called, cards[0], cards[1]]) {
            Some(shape) if shape.is_pon_shape() == pon => Ok(()),
            Some(_) => Err(format!(
                "{called} {} {} is claimed with {other}, not {name}",
                cards[0], cards[1]
            )),
            None => Err(format!("{called} {} {} is not a set", cards[0], cards[1])),
        }
    }

    fn check_ron(&self, seat: Seat, points: &YakuPoints) -> Result<(), Refusal> {
        let Phase::TurnStart {
            claimable: Some(card),
            ..
        } = self.phase
        else {
            return Err("there is no discard to ron on".into());
        };
        if self.ron_score(seat, card, points).is_none() {
            return Err(format!("{card} does not complete a winning hand with a yaku"));
        }
        let player = &self.players[seat];
        let waits = waits(&player.hand, &player.melds);
        if is_furiten(&waits, player.discard_pile(), card) {
            return Err(format!(
                "furiten: a card you discarded also completes your hand, so you cannot ron on {card}"
            ));
        }
        Ok(())
    }

    fn check_tsumo(&self, seat: Seat, points: &YakuPoints) -> Result<(), Refusal> {
        match self.phase {
            Phase::AfterDraw { .. } | Phase::AfterKan { .. } => {}
            _ => return Err("tsumo is declared right after drawing".into()),
        }
        match self.tsumo_score(seat, points) {
            Some(_) => Ok(()),
            None => Err("your hand is not a winning hand with a yaku".into()),
        }
    }

    fn check_kai(&self, seat: Seat, cards: [Card; 3]) -> Result<(), Refusal> {
        let Phase::AfterDraw { .. } = self.phase else {
            return Err(
                "kai is allowed only right after a draw (one opening between two draws)".into(),
            );
        };
        let player = &self.players[seat];
        if player.riichi {
            return Err("a player in riichi cannot kai".into());
        }
        if !player.hand.contains_all(&cards) {
            return Err(format!("you do not hold {}", list(&cards)));
        }
        match classify(&cards) {
            Some(_) => Ok(()),
            None => Err(format!("{} is not a set", list(&cards))),
        }
    }

    fn check_kan(&self, seat: Seat, cards: [Card; 4]) -> Result<(), Refusal> {
        let Phase::AfterDraw { .. } = self.phase else {
            return Err("kan is allowed only right after a pile draw or a three-card draw".into());
        };
        let player = &self.players[seat];
        if player.riichi {
            return Err("a player in riichi cannot kan".into());
        }
        if self.kan_made {
            return Err("only one kan is allowed per round, and there has been one".into());
        }
        if !player.hand.contains_all(&cards) {
            return Err(format!("you do not hold {}", list(&cards)));
        }
        match classify(&cards) {
            Some(SetShape::Kan) => Ok(()),
            _ => Err(format!(
                "{} is not a kan (four of one animal, or the four cards of one number)",
                list(&cards)
            )),
        }
    }

    fn check_draw_three(&self) -> Result<(), Refusal> {
        match self.phase {
            Phase::AfterOpening { .. } | Phase::AfterKan { .. } => {}
            _ => return Err("draw three comes right after an opening or a kan".into()),
        }
        if self.cards_in_piles() < 3 {
            return Err(format!(
                "only {} card(s) remain in the piles; draw three needs 3",
                self.cards_in_piles()
            ));
        }
        Ok(())
    }

    fn check_discard(&self, seat: Seat, card: Card, riichi: bool) -> Result<(), Refusal> {
        let drawn = match self.phase {
            Phase::AfterDraw { drawn, .. } => Some(drawn),
            Phase::AfterOpening { .. } | Phase::AfterKan { .. } => None,
            _ => return Err("you must draw or claim before discarding".into()),
        };
        let player = &self.players[seat];
        if !player.hand.contains(card) {
            return Err(format!("you do not hold {card}"));
        }
        if player.riichi {
            if riichi {
                return Err("you have already declared riichi".into());
            }
            if drawn != Some(card) {
                return Err("in riichi you must discard the card you drew".into());
            }
            return Ok(());
        }
        if riichi {
            if self.cards_in_piles() == 0 {
                return Err("riichi needs at least one card left in the piles".into());
            }
            let mut after = player.hand;
            after.remove(card);
            if !is_tenpai(&after, &player.melds) {
                return Err(format!("after discarding {card} your hand is not tenpai"));
            }
        }
        Ok(())
    }

    fn check_pass(&self) -> Result<(), Refusal> {
        match self.phase {
            Phase::TurnStart { .. } if self.cards_in_piles() == 0 => Ok(()),
            Phase::TurnStart { .. } => {
                Err("pass is only for declining a claim when the piles are empty; draw instead".into())
            }
            _ => Err("pass is only allowed at the start of your turn".into()),
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

fn list(cards: &[Card]) -> String {
    cards
        .iter()
        .map(Card::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
