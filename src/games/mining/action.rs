//! A player's actions (§4–§10) in the scenario format's vocabulary, and their JSON.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::board::{Cell, Dir};
use crate::games::kit::mahjong::tile::{Kind, Tile};

/// One action of one seat. `Discard` and `Warp` name cells; the legal-action lists offer them
/// with empty `to` (any legal cells) and `target: None`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    Tsumo {
        card: Option<Tile>,
    },
    Ron,
    Chi {
        cards: [Tile; 2],
    },
    Pon {
        cards: [Tile; 2],
    },
    Daiminkan {
        card: Kind,
    },
    Ankan {
        card: Kind,
    },
    Kakan {
        card: Kind,
    },
    Move {
        path: Vec<Dir>,
    },
    Warp {
        cards: Vec<Tile>,
        to: Vec<Cell>,
        target: Option<Cell>,
    },
    Discard {
        cards: Vec<Tile>,
        to: Vec<Cell>,
        riichi: bool,
    },
    Pass,
    AgariYame,
    Continue,
}

impl Action {
    /// The rank of the action's type in the order of `legal_actions`.
    fn rank(&self) -> u8 {
        match self {
            Action::Tsumo { .. } => 0,
            Action::Ron => 1,
            Action::Chi { .. } => 2,
            Action::Pon { .. } => 3,
            Action::Daiminkan { .. } => 4,
            Action::Ankan { .. } => 5,
            Action::Kakan { .. } => 6,
            Action::Move { .. } => 7,
            Action::Warp { .. } => 8,
            Action::Discard { riichi: false, .. } => 9,
            Action::Discard { riichi: true, .. } => 10,
            Action::Pass => 11,
            Action::AgariYame => 12,
            Action::Continue => 13,
        }
    }

    /// The tiles the action names, for its place in the order (up to three, no allocation).
    fn tile_key(&self) -> ([Tile; 3], usize) {
        let mut out = [Kind::EAST.tile(); 3];
        let tiles: &[Tile] = match self {
            Action::Tsumo { card } => card.as_slice(),
            Action::Chi { cards } | Action::Pon { cards } => cards,
            Action::Warp { cards, .. } | Action::Discard { cards, .. } => cards,
            Action::Daiminkan { card } | Action::Ankan { card } | Action::Kakan { card } => {
                out[0] = card.tile();
                return (out, 1);
            }
            _ => &[],
        };
        let n = tiles.len().min(3);
        out[..n].copy_from_slice(&tiles[..n]);
        (out, tiles.len())
    }

    fn path_key(&self) -> &[Dir] {
        match self {
            Action::Move { path } => path,
            _ => &[],
        }
    }

    /// The order of `legal_actions` within one seat.
    pub fn order(a: &Action, b: &Action) -> std::cmp::Ordering {
        let ((ta, na), (tb, nb)) = (a.tile_key(), b.tile_key());
        let (pa, pb) = (a.path_key(), b.path_key());
        a.rank()
            .cmp(&b.rank())
            .then(na.cmp(&nb))
            .then_with(|| ta[..na.min(3)].cmp(&tb[..nb.min(3)]))
            .then(pa.len().cmp(&pb.len()))
            .then_with(|| pa.cmp(pb))
    }

    /// The action as a scenario file writes it, with its seat.
    pub fn to_json(&self, seat: usize) -> Value {
        let names = |ts: &[Tile]| ts.iter().map(Tile::to_string).collect::<Vec<_>>();
        let cells = |cs: &[Cell]| cs.iter().map(|c| json!([c.x, c.y])).collect::<Vec<_>>();
        let mut v = match self {
            Action::Tsumo { card: None } => json!({ "type": "tsumo" }),
            Action::Tsumo { card: Some(t) } => json!({ "type": "tsumo", "card": t.to_string() }),
            Action::Ron => json!({ "type": "ron" }),
            Action::Chi { cards } => json!({ "type": "chi", "cards": names(cards) }),
            Action::Pon { cards } => json!({ "type": "pon", "cards": names(cards) }),
            Action::Daiminkan { card } => json!({ "type": "daiminkan", "card": card.to_string() }),
            Action::Ankan { card } => json!({ "type": "ankan", "card": card.to_string() }),
            Action::Kakan { card } => json!({ "type": "kakan", "card": card.to_string() }),
            Action::Move { path } => {
                json!({ "type": "move", "path": path.iter().map(|d| d.letter()).collect::<String>() })
            }
            Action::Warp { cards, to, target } => {
                let mut v = json!({ "type": "warp", "cards": names(cards) });
                if !to.is_empty() {
                    v["to"] = json!(cells(to));
                }
                if let Some(t) = target {
                    v["target"] = json!([t.x, t.y]);
                }
                v
            }
            Action::Discard { cards, to, riichi } => {
                let mut v = json!({ "type": "discard", "cards": names(cards), "riichi": riichi });
                if !to.is_empty() {
                    v["to"] = json!(cells(to));
                }
                v
            }
            Action::Pass => json!({ "type": "pass" }),
            Action::AgariYame => json!({ "type": "agari_yame" }),
            Action::Continue => json!({ "type": "continue" }),
        };
        let mut out = json!({ "seat": seat });
        if let (Some(o), Some(fields)) = (out.as_object_mut(), v.as_object_mut()) {
            o.append(fields);
        }
        out
    }
}
