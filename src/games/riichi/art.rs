//! Riichi's faces (§1), drawn with the renderer's shapes and its digits: each suit tile is its
//! number in the suit's colour above the suit's mark (a bar for characters, a ring for
//! circles, a stick for bamboos), a red five is all red with a star; the winds are a compass
//! arrow pointing their way (East right, South down, West left, North up) and the dragons the
//! usual signs (white an empty blue frame, green a green diamond, red a red disc). Each face's
//! code is the tile's notation (`5m`, `0m`, `7z`).

use super::tile::{Kind, Suit, Tile};
use crate::games::art::{Art, Color, FaceArt, Layer, Shape, Typeface};

const EDGE: Color = Color::rgb(0x2b2b2b);
const IVORY: Color = Color::rgb(0xfbf6e9);
const MAN: Color = Color::rgb(0x1f1f1f);
const PIN: Color = Color::rgb(0x1c5fb8);
const SOU: Color = Color::rgb(0x1f8a3c);
const RED: Color = Color::rgb(0xd0202a);
const NAVY: Color = Color::rgb(0x22305a);

/// Every face, in tile order (red fives after their plain five).
pub fn art() -> Art {
    let tiles = Kind::all().flat_map(|k| std::iter::once(k.tile()).chain(k.red()));
    Art {
        prefix: "rc",
        columns: 10,
        faces: tiles.map(face).collect(),
    }
}

fn face(tile: Tile) -> FaceArt {
    let kind = tile.kind();
    let mut layers = vec![Layer::fill(
        Shape::RoundRect {
            x: 16.0,
            y: 4.0,
            w: 96.0,
            h: 120.0,
            r: 12.0,
        },
        IVORY,
    )
    .stroked(EDGE, 8.0)];
    layers.extend(match kind.suit() {
        Suit::Honor if kind.is_wind() => wind(kind.number()),
        Suit::Honor => dragon(kind.number() - 4),
        suit => number(suit, kind.number(), tile.is_red()),
    });
    FaceArt {
        code: tile.to_string(),
        layers,
    }
}

fn number(suit: Suit, n: u8, red: bool) -> Vec<Layer> {
    let ink = if red {
        RED
    } else {
        match suit {
            Suit::Man => MAN,
            Suit::Pin => PIN,
            _ => SOU,
        }
    };
    let digit = char::from(b'0' + n);
    let mut layers = vec![Layer::fill(
        Shape::Glyph {
            ch: digit,
            font: Typeface::SansBold,
            cx: 64.0,
            cy: 46.0,
            w: 56.0,
            h: 60.0,
        },
        ink,
    )];
    layers.push(match suit {
        Suit::Man => Layer::fill(
            Shape::RoundRect {
                x: 36.0,
                y: 92.0,
                w: 56.0,
                h: 12.0,
                r: 4.0,
            },
            ink,
        ),
        Suit::Pin => Layer::outline(
            Shape::Circle {
                cx: 64.0,
                cy: 98.0,
                r: 12.0,
            },
            ink,
            7.0,
        ),
        _ => Layer::fill(
            Shape::RoundRect {
                x: 58.0,
                y: 84.0,
                w: 12.0,
                h: 30.0,
                r: 4.0,
            },
            ink,
        ),
    });
    if red {
        layers.push(Layer::fill(
            Shape::Star {
                cx: 96.0,
                cy: 22.0,
                outer: 11.0,
                inner: 5.0,
                points: 5,
            },
            RED,
        ));
    }
    layers
}

/// An arrow from the centre towards the wind's side: East right, South down, West left,
/// North up.
fn wind(n: u8) -> Vec<Layer> {
    let degrees = [0.0, 90.0, 180.0, 270.0][usize::from(n - 1)];
    let arrow = vec![
        (30.0, 56.0),
        (70.0, 56.0),
        (70.0, 38.0),
        (100.0, 64.0),
        (70.0, 90.0),
        (70.0, 72.0),
        (30.0, 72.0),
    ];
    vec![Layer::fill(Shape::Polygon(arrow), NAVY).rotated(degrees, 64.0, 64.0)]
}

/// White (0), green (1) and red (2) dragons.
fn dragon(n: u8) -> Vec<Layer> {
    match n {
        0 => vec![Layer::outline(
            Shape::RoundRect {
                x: 32.0,
                y: 24.0,
                w: 64.0,
                h: 80.0,
                r: 6.0,
            },
            PIN,
            8.0,
        )],
        1 => vec![Layer::fill(
            Shape::Polygon(vec![
                (64.0, 22.0),
                (98.0, 64.0),
                (64.0, 106.0),
                (30.0, 64.0),
            ]),
            SOU,
        )],
        _ => vec![Layer::fill(
            Shape::Circle {
                cx: 64.0,
                cy: 64.0,
                r: 32.0,
            },
            RED,
        )],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::art::render;

    #[test]
    fn every_tile_has_one_face_that_renders() {
        let art = art();
        assert_eq!(art.faces.len(), 37);
        for face in &art.faces {
            assert!(!render(face).is_empty(), "{}", face.code);
        }
        let codes: std::collections::BTreeSet<&str> =
            art.faces.iter().map(|f| f.code.as_str()).collect();
        assert_eq!(codes.len(), 37);
    }
}
