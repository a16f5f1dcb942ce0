//! The beginners' card mahjong's faces (rules §1). Each card stands for a group of tiles, and
//! its face draws that group so it reads at emoji size:
//!
//! - **how many tiles** says the category: three for a meld, two for a taatsu (with the
//!   outline of the tile it lacks), one large tile for an isolated card, two on a gold card
//!   for the head;
//! - **level or climbing** says the shape: the tiles of a triplet (`ko`) stand level, those of
//!   a sequence (`shun`) climb a step each;
//! - **the colour and the mark** say the kind: characters red with a double bar (二), circles
//!   blue with a coin, bamboo green with a stick, winds slate with an arrow, dragons purple
//!   with a star — the marks tell red from green for those who cannot.
//!
//! Each face's code is the card id with `_` for `-` (`M_shun_pin`): an emoji name holds
//! letters, digits and underscores only.

use super::card::{Card, Form, Kind, Shape as CardShape};
use crate::games::art::{Art, Color, FaceArt, Layer, Shape};

const CARD: Color = Color::rgb(0xfbf8f0);
/// The head's card: the hand's crown.
const GOLD: Color = Color::rgb(0xf2c14e);
const EDGE: Color = Color::rgb(0x262626);
const MARK: Color = Color::rgb(0xffffff);

/// A tile of a meld, a taatsu or the head.
const TILE_W: f32 = 30.0;
const TILE_H: f32 = 46.0;
const GAP: f32 = 5.0;
/// How far each tile of a sequence climbs.
const STEP: f32 = 19.0;

/// Every face, in card order.
pub fn art() -> Art {
    Art {
        prefix: "bg",
        columns: 6,
        faces: Card::ALL.into_iter().map(face).collect(),
    }
}

/// The code of a card's face: its id with `_` for `-` (`I_pin`).
pub fn face_code(card: Card) -> String {
    card.to_string().replace('-', "_")
}

/// The colour of a kind's tiles and card edge.
fn ink(kind: Kind) -> Color {
    Color::rgb(match kind {
        Kind::Man => 0xc62828,
        Kind::Pin => 0x1e5bc6,
        Kind::Sou => 0x1b8a3a,
        Kind::Wind => 0x455a64,
        Kind::Dragon => 0x7b1fa2,
    })
}

/// Where one tile stands: its top-left corner and its size.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Slot {
    x: f32,
    y: f32,
    w: f32,
    h: f32,
}

impl Slot {
    fn centre(self) -> (f32, f32) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
}

/// The three places of a meld's tiles, level or climbing: a taatsu fills the first two.
fn three(shape: CardShape) -> [Slot; 3] {
    let left = 64.0 - (3.0 * TILE_W + 2.0 * GAP) / 2.0;
    let level = 64.0 - TILE_H / 2.0;
    std::array::from_fn(|i| {
        let i = i as f32;
        let climb = match shape {
            CardShape::Ko => 0.0,
            CardShape::Shun => STEP * (1.0 - i),
        };
        Slot {
            x: left + i * (TILE_W + GAP),
            y: level + climb,
            w: TILE_W,
            h: TILE_H,
        }
    })
}

/// The head's pair, larger than a taatsu's and level.
fn pair() -> [Slot; 2] {
    let (w, h, gap) = (36.0, 56.0, 6.0);
    let left = 64.0 - (2.0 * w + gap) / 2.0;
    std::array::from_fn(|i| Slot {
        x: left + i as f32 * (w + gap),
        y: 64.0 - h / 2.0,
        w,
        h,
    })
}

/// The isolated card's one tile, the largest.
fn single() -> Slot {
    let (w, h) = (46.0, 70.0);
    Slot {
        x: 64.0 - w / 2.0,
        y: 64.0 - h / 2.0,
        w,
        h,
    }
}

/// The solid tiles of a card, and the place of the tile a taatsu lacks.
fn slots(form: Form) -> (Vec<Slot>, Option<Slot>) {
    match form {
        Form::Meld(shape) => (three(shape).to_vec(), None),
        Form::Taatsu(shape) => {
            let [a, b, missing] = three(shape);
            (vec![a, b], Some(missing))
        }
        Form::Isolated => (vec![single()], None),
        Form::Head => (pair().to_vec(), None),
    }
}

fn face(card: Card) -> FaceArt {
    let kind = card.kind();
    let ink = ink(kind);
    let paper = if card.is_head() { GOLD } else { CARD };
    let mut layers = vec![Layer::fill(
        Shape::RoundRect {
            x: 7.0,
            y: 7.0,
            w: 114.0,
            h: 114.0,
            r: 16.0,
        },
        paper,
    )
    .stroked(ink, 10.0)];
    let (solid, missing) = slots(card.form());
    if let Some(slot) = missing {
        layers.push(Layer::outline(tile_shape(slot), ink.alpha(150), 3.0));
    }
    for slot in solid {
        layers.push(Layer::fill(tile_shape(slot), ink).stroked(EDGE, 3.0));
        layers.extend(mark(kind, slot));
    }
    FaceArt {
        code: face_code(card),
        layers,
    }
}

fn tile_shape(slot: Slot) -> Shape {
    Shape::RoundRect {
        x: slot.x,
        y: slot.y,
        w: slot.w,
        h: slot.h,
        r: slot.w / 5.0,
    }
}

/// The kind's white mark in the middle of a tile, scaled to it.
fn mark(kind: Kind, slot: Slot) -> Vec<Layer> {
    let (cx, cy) = slot.centre();
    let s = slot.w / TILE_W;
    let bar = |x: f32, y: f32, w: f32, h: f32| {
        Layer::fill(
            Shape::RoundRect {
                x: cx + x * s,
                y: cy + y * s,
                w: w * s,
                h: h * s,
                r: 1.5 * s,
            },
            MARK,
        )
    };
    match kind {
        // 二: two bars across, the characters' stroke.
        Kind::Man => vec![bar(-10.0, -8.0, 20.0, 5.0), bar(-11.0, 4.0, 22.0, 5.0)],
        // A coin with its hole.
        Kind::Pin => vec![
            Layer::fill(Shape::Circle { cx, cy, r: 9.5 * s }, MARK),
            Layer::fill(Shape::Circle { cx, cy, r: 4.0 * s }, ink(Kind::Pin)),
        ],
        // A bamboo stick with its node.
        Kind::Sou => vec![bar(-3.0, -14.0, 6.0, 28.0), bar(-6.0, -2.0, 12.0, 4.0)],
        // An arrow pointing up, the weather vane.
        Kind::Wind => vec![Layer::fill(
            Shape::Polygon(vec![
                (cx, cy - 13.0 * s),
                (cx + 10.0 * s, cy),
                (cx + 4.0 * s, cy),
                (cx + 4.0 * s, cy + 12.0 * s),
                (cx - 4.0 * s, cy + 12.0 * s),
                (cx - 4.0 * s, cy),
                (cx - 10.0 * s, cy),
            ]),
            MARK,
        )],
        Kind::Dragon => vec![Layer::fill(
            Shape::Star {
                cx,
                cy: cy + 1.0 * s,
                outer: 12.0 * s,
                inner: 5.0 * s,
                points: 5,
            },
            MARK,
        )],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tiles a face draws: its filled rounded rectangles in the kind's colour.
    fn tiles(face: &FaceArt, kind: Kind) -> Vec<(f32, f32)> {
        face.layers
            .iter()
            .filter(|l| l.fill == Some(ink(kind)))
            .filter_map(|l| match l.shape {
                Shape::RoundRect { x, y, .. } => Some((x, y)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn there_is_one_face_per_card_named_by_its_id_as_an_emoji_name_allows() {
        let faces = art().faces;
        assert_eq!(faces.len(), 26);
        for (card, face) in Card::ALL.into_iter().zip(&faces) {
            assert_eq!(face.code, face_code(card));
            assert_eq!(face.code.replace('_', "-").parse::<Card>(), Ok(card));
            assert!(face
                .code
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_'));
        }
    }

    #[test]
    fn a_meld_draws_three_tiles_a_taatsu_and_the_head_two_an_isolated_card_one() {
        for (card, face) in Card::ALL.into_iter().zip(art().faces) {
            let wanted = match card.form() {
                Form::Meld(_) => 3,
                Form::Taatsu(_) | Form::Head => 2,
                Form::Isolated => 1,
            };
            assert_eq!(tiles(&face, card.kind()).len(), wanted, "{card}");
            // A taatsu shows the outline of the tile it lacks.
            let outlines = face.layers.iter().filter(|l| l.fill.is_none()).count();
            assert_eq!(
                outlines,
                usize::from(card.taatsu_shape().is_some()),
                "{card}"
            );
        }
    }

    #[test]
    fn triplet_tiles_stand_level_and_sequence_tiles_climb() {
        for (card, face) in Card::ALL.into_iter().zip(art().faces) {
            let ys: Vec<f32> = tiles(&face, card.kind()).iter().map(|t| t.1).collect();
            let climbs = ys.windows(2).all(|w| w[1] < w[0]);
            let level = ys.windows(2).all(|w| w[1] == w[0]);
            match card.form() {
                Form::Meld(CardShape::Shun) | Form::Taatsu(CardShape::Shun) => {
                    assert!(climbs, "{card}: {ys:?}")
                }
                _ => assert!(level, "{card}: {ys:?}"),
            }
        }
    }

    #[test]
    fn only_the_head_is_drawn_on_a_gold_card() {
        for (card, face) in Card::ALL.into_iter().zip(art().faces) {
            assert_eq!(face.layers[0].fill == Some(GOLD), card.is_head(), "{card}");
        }
    }
}

#[cfg(test)]
mod sheet_tmp {
    #[test]
    #[ignore]
    fn write_sheet() {
        let faces = crate::games::art::render_all(&super::art());
        std::fs::create_dir_all("/tmp/bg").unwrap();
        for f in &faces {
            std::fs::write(format!("/tmp/bg/{}.png", f.code), &f.png).unwrap();
        }
        let sheet = crate::games::art::contact_sheet::contact_sheet(&faces, 6).unwrap();
        std::fs::write("/tmp/bg/sheet.png", sheet).unwrap();
    }
}
