//! The beginners' card mahjong's faces (rules §1), plain until the game is shown in Discord:
//! each card a white card edged in its kind's colour, holding as many tiles as its group has —
//! three for a meld, two for a taatsu, one for an isolated card, two on a gold band for a
//! head. Tiles of a triplet shape stand level, those of a sequence shape climb. Each face's
//! code is the card id (`M-shun-pin`).

use super::card::{Card, Form, Kind, Shape as CardShape};
use crate::games::art::{Art, Color, FaceArt, Layer, Shape};

const CARD: Color = Color::rgb(0xfbf8f0);
const GOLD: Color = Color::rgb(0xe0b040);
const EDGE: Color = Color::rgb(0x2a2a2a);

/// Every face, in card order.
pub fn art() -> Art {
    Art {
        prefix: "bg",
        columns: 6,
        faces: Card::ALL.into_iter().map(face).collect(),
    }
}

/// The colour of a kind's edge and tiles.
fn ink(kind: Kind) -> Color {
    Color::rgb(match kind {
        Kind::Man => 0xc8102e,
        Kind::Pin => 0x1f5fbf,
        Kind::Sou => 0x1e8c3a,
        Kind::Wind => 0x5a5a5a,
        Kind::Dragon => 0x8a2be2,
    })
}

fn face(card: Card) -> FaceArt {
    let ink = ink(card.kind());
    let mut layers = vec![Layer::fill(
        Shape::RoundRect {
            x: 8.0,
            y: 4.0,
            w: 112.0,
            h: 120.0,
            r: 12.0,
        },
        CARD,
    )
    .stroked(ink, 10.0)];
    let (tiles, climb, head) = match card.form() {
        Form::Meld(shape) => (3, shape == CardShape::Shun, false),
        Form::Taatsu(shape) => (2, shape == CardShape::Shun, false),
        Form::Isolated => (1, false, false),
        Form::Head => (2, false, true),
    };
    if head {
        layers.push(Layer::fill(
            Shape::RoundRect {
                x: 16.0,
                y: 88.0,
                w: 96.0,
                h: 20.0,
                r: 6.0,
            },
            GOLD,
        ));
    }
    let width = 28.0;
    let gap = 6.0;
    let left = 64.0 - (tiles as f32 * width + (tiles - 1) as f32 * gap) / 2.0;
    for i in 0..tiles {
        let lift = if climb { 14.0 * i as f32 } else { 0.0 };
        layers.push(
            Layer::fill(
                Shape::RoundRect {
                    x: left + i as f32 * (width + gap),
                    y: 34.0 - lift + if climb { 14.0 } else { 0.0 },
                    w: width,
                    h: 44.0,
                    r: 5.0,
                },
                ink,
            )
            .stroked(EDGE, 3.0),
        );
    }
    FaceArt {
        code: card.to_string(),
        layers,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_is_one_face_per_card_id_named_by_it_with_a_tile_per_tile_of_its_group() {
        let faces = art().faces;
        assert_eq!(faces.len(), 26);
        for (card, face) in Card::ALL.into_iter().zip(&faces) {
            assert_eq!(face.code, card.to_string());
            let tiles = match card.form() {
                Form::Meld(_) => 3,
                Form::Taatsu(_) | Form::Head => 2,
                Form::Isolated => 1,
            };
            let band = usize::from(card.is_head());
            assert_eq!(face.layers.len(), 1 + band + tiles, "{card}");
        }
    }
}
