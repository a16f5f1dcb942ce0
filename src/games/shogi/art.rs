//! Shogi mahjong's faces (rules §1): each kind a shogi piece — the wooden pentagon with its
//! character. The dragons (角 飛 玉) have red characters and the pawn (歩) a paler wood, so
//! both are told apart at a glance. Each face's code is the kind's notation (`FU`, `GY`).

use super::piece::Kind;
use crate::games::art::{Art, Color, FaceArt, Layer, Shape, Typeface};

const EDGE: Color = Color::rgb(0x3b2410);
const WOOD: Color = Color::rgb(0xf0c879);
const PALE_WOOD: Color = Color::rgb(0xfbeccb);
const BLACK: Color = Color::rgb(0x1a1410);
const RED: Color = Color::rgb(0xc8102e);

/// Every face, in kind order.
pub fn art() -> Art {
    Art {
        prefix: "sg",
        columns: 8,
        faces: Kind::ALL.into_iter().map(face).collect(),
    }
}

fn face(kind: Kind) -> FaceArt {
    let wood = if kind == Kind::Fu { PALE_WOOD } else { WOOD };
    let ink = if kind.is_dragon() { RED } else { BLACK };
    let ch = kind
        .kanji()
        .chars()
        .next()
        .expect("a piece has a character");
    FaceArt {
        code: kind.code().to_string(),
        layers: vec![
            Layer::fill(Shape::Polygon(pentagon()), wood).stroked(EDGE, 9.0),
            Layer::fill(
                Shape::Glyph {
                    ch,
                    font: Typeface::SerifBold,
                    cx: 64.0,
                    cy: 77.0,
                    w: 84.0,
                    h: 84.0,
                },
                ink,
            )
            // A hairline of ink round the character, so its thin strokes hold at 22 px.
            .stroked(ink, 3.0),
        ],
    }
}

/// A shogi piece's outline: a point at the top, slanted shoulders, slightly tapered sides.
fn pentagon() -> Vec<(f32, f32)> {
    vec![
        (64.0, 6.0),
        (104.0, 24.0),
        (116.0, 122.0),
        (12.0, 122.0),
        (24.0, 24.0),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_is_one_face_per_kind_named_by_its_code() {
        let codes: Vec<String> = art().faces.into_iter().map(|f| f.code).collect();
        let kinds: Vec<String> = Kind::ALL.iter().map(|k| k.code().to_string()).collect();
        assert_eq!(codes, kinds);
    }

    #[test]
    fn dragons_have_red_characters_and_the_pawn_paler_wood() {
        for (kind, face) in Kind::ALL.into_iter().zip(art().faces) {
            let ink = face.layers[1].fill;
            let wood = face.layers[0].fill;
            assert_eq!(ink == Some(RED), kind.is_dragon(), "{kind}");
            assert_eq!(wood == Some(PALE_WOOD), kind == Kind::Fu, "{kind}");
        }
    }
}
