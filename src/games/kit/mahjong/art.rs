//! The riichi tiles' faces (riichi §1), shared by the games played with them (each names its
//! emoji with a prefix of its own), drawn to be read at emoji size on a phone (22 px): a suit tile is its
//! number, as large as the tile allows, above its suit's mark, number and mark in the suit's
//! colour — characters black with 萬, circles blue with a ring, bamboo green with a stick; a
//! red five is the same tile in white on red, so it cannot pass for a plain five. Honors are
//! their kanji filling the tile: the winds 東 南 西 北 in navy, the dragons 白 (blue, framed
//! like the blank tile it is), 發 in green and 中 in red. Each face's code is the tile's
//! notation (`5m`, `0m`, `7z`).

use crate::games::art::{Art, Color, FaceArt, Layer, Shape, Typeface};
use crate::games::kit::mahjong::tile::{Kind, Suit, Tile};

const EDGE: Color = Color::rgb(0x2b2b2b);
const IVORY: Color = Color::rgb(0xfbf6e9);
const MAN: Color = Color::rgb(0x1a1a1a);
const PIN: Color = Color::rgb(0x1553b0);
const SOU: Color = Color::rgb(0x14803a);
const RED: Color = Color::rgb(0xd41c28);
const WHITE: Color = Color::rgb(0xffffff);
const NAVY: Color = Color::rgb(0x1c2a55);

/// The tile's body: the same box on every face.
const BODY: Shape = Shape::RoundRect {
    x: 14.0,
    y: 3.0,
    w: 100.0,
    h: 122.0,
    r: 12.0,
};

/// Every face, in tile order (red fives after their plain five), its emoji named with `prefix`.
pub fn art(prefix: &'static str) -> Art {
    let tiles = Kind::all().flat_map(|k| std::iter::once(k.tile()).chain(k.red()));
    Art {
        prefix,
        columns: 10,
        faces: tiles.map(face).collect(),
    }
}

fn face(tile: Tile) -> FaceArt {
    let kind = tile.kind();
    let red = tile.is_red();
    let body = if red { RED } else { IVORY };
    let mut layers = vec![Layer::fill(BODY, body).stroked(EDGE, 6.0)];
    layers.extend(match kind.suit() {
        Suit::Honor => honor(kind),
        suit => number(suit, kind.number(), red),
    });
    FaceArt {
        code: tile.to_string(),
        layers,
    }
}

/// The ink of a suit.
fn ink(suit: Suit) -> Color {
    match suit {
        Suit::Man => MAN,
        Suit::Pin => PIN,
        _ => SOU,
    }
}

/// A suit tile: the number large in the upper part, the suit's mark under it.
fn number(suit: Suit, n: u8, red: bool) -> Vec<Layer> {
    let ink = if red { WHITE } else { ink(suit) };
    let digit = char::from(b'0' + n);
    let mut layers = vec![Layer::fill(
        Shape::Glyph {
            ch: digit,
            font: Typeface::SansBold,
            cx: 64.0,
            cy: 47.0,
            w: 76.0,
            h: 72.0,
        },
        ink,
    )];
    layers.extend(mark(suit, ink, if red { RED } else { IVORY }));
    layers
}

/// The suit's mark in the lower part of the tile (`ground`: the body's colour).
fn mark(suit: Suit, ink: Color, ground: Color) -> Vec<Layer> {
    match suit {
        Suit::Man => vec![Layer::fill(
            Shape::Glyph {
                ch: '萬',
                font: Typeface::SansBold,
                cx: 64.0,
                cy: 103.0,
                w: 38.0,
                h: 30.0,
            },
            ink,
        )],
        Suit::Pin => vec![
            Layer::outline(
                Shape::Circle {
                    cx: 64.0,
                    cy: 103.0,
                    r: 12.5,
                },
                ink,
                7.5,
            ),
            Layer::fill(
                Shape::Circle {
                    cx: 64.0,
                    cy: 103.0,
                    r: 4.0,
                },
                ink,
            ),
        ],
        _ => {
            // A stick of bamboo: a green rod with two joints, stood on its end.
            let rod = Layer::fill(
                Shape::RoundRect {
                    x: 55.0,
                    y: 88.0,
                    w: 18.0,
                    h: 31.0,
                    r: 5.0,
                },
                ink,
            );
            let joint = |y: f32| {
                Layer::fill(
                    Shape::RoundRect {
                        x: 52.0,
                        y,
                        w: 24.0,
                        h: 3.0,
                        r: 1.5,
                    },
                    ground,
                )
            };
            vec![rod, joint(98.0), joint(108.0)]
        }
    }
}

/// A wind or a dragon: its kanji filling the tile.
fn honor(kind: Kind) -> Vec<Layer> {
    let (ch, ink) = match kind.number() {
        1 => ('東', NAVY),
        2 => ('南', NAVY),
        3 => ('西', NAVY),
        4 => ('北', NAVY),
        5 => ('白', PIN),
        6 => ('發', SOU),
        _ => ('中', RED),
    };
    let glyph = Layer::fill(
        Shape::Glyph {
            ch,
            font: Typeface::SansBold,
            cx: 64.0,
            cy: 64.0,
            w: 80.0,
            h: 92.0,
        },
        ink,
    );
    if ch != '白' {
        return vec![glyph];
    }
    // The white dragon is the blank tile with a blue frame; its kanji says so at any size.
    let frame = Layer::outline(
        Shape::RoundRect {
            x: 24.0,
            y: 13.0,
            w: 80.0,
            h: 102.0,
            r: 8.0,
        },
        PIN,
        5.0,
    );
    let small = Layer::fill(
        Shape::Glyph {
            ch,
            font: Typeface::SansBold,
            cx: 64.0,
            cy: 64.0,
            w: 60.0,
            h: 72.0,
        },
        ink,
    );
    vec![frame, small]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::art::render;

    #[test]
    fn every_tile_has_one_face_that_renders() {
        let art = art("rc");
        assert_eq!(art.faces.len(), 37);
        for face in &art.faces {
            assert!(!render(face).is_empty(), "{}", face.code);
        }
        let codes: std::collections::BTreeSet<&str> =
            art.faces.iter().map(|f| f.code.as_str()).collect();
        assert_eq!(codes.len(), 37);
    }

    #[test]
    fn a_red_five_differs_from_its_plain_five_by_its_red_body() {
        let art = art("rc");
        let face = |code: &str| art.faces.iter().find(|f| f.code == code).unwrap();
        for suit in ["m", "p", "s"] {
            let (plain, red) = (face(&format!("5{suit}")), face(&format!("0{suit}")));
            assert_eq!(plain.layers[0].fill, Some(IVORY));
            assert_eq!(red.layers[0].fill, Some(RED));
            assert_ne!(render(plain), render(red));
        }
    }
}
