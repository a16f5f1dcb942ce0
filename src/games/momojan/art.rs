//! MOMOJAN's card faces (rules §1): the 36 number cards as their fruit's silhouette with the
//! number large on it, the peach (the wild fruit) in a gold frame with a star, and the five
//! pictures — the animals by their characters (犬 dog, 猿 monkey, 雉 pheasant, Momotarō's
//! companions) on their own colours, the sun and the moon drawn. Each face's code is the card's
//! notation (`p5`, `Dog`).

use std::f32::consts::PI;

use super::card::{Card, Face, Fruit, Picture};
use crate::games::art::{Art, Color, FaceArt, Layer, Seg, Shape, Typeface};

/// The outline every face shares, and the dark edge of its number.
const INK: Color = Color::rgb(0x1e1b1a);
const WHITE: Color = Color::rgb(0xffffff);
const CARD: Color = Color::rgb(0xfffaf0);
const GOLD: Color = Color::rgb(0xe0a800);
const LEAF: Color = Color::rgb(0x3a9a3a);

/// Every face, in the cards' printing order.
pub fn art() -> Art {
    Art {
        prefix: "mj",
        columns: 9,
        faces: Card::all().map(face).collect(),
    }
}

fn face(card: Card) -> FaceArt {
    let layers = match card.face() {
        Face::Number { fruit, number } => number_card(fruit, number),
        Face::Picture(p) => picture_card(p),
    };
    FaceArt {
        code: card.to_string(),
        layers,
    }
}

/// The card's body: an opaque rounded square with a dark edge, so it reads on any background.
fn body(fill: Color, edge: Color, edge_width: f32) -> Layer {
    let inset = 4.0 + edge_width / 4.0;
    Layer::fill(
        Shape::RoundRect {
            x: inset,
            y: inset,
            w: 128.0 - 2.0 * inset,
            h: 128.0 - 2.0 * inset,
            r: 22.0,
        },
        fill,
    )
    .stroked(edge, edge_width)
}

/// A band of gold just inside the card's edge.
fn gold_frame() -> Layer {
    Layer::outline(
        Shape::RoundRect {
            x: 12.0,
            y: 12.0,
            w: 104.0,
            h: 104.0,
            r: 15.0,
        },
        GOLD,
        9.0,
    )
}

/// A large character or digit, white with a dark edge.
fn big_glyph(ch: char, cx: f32, cy: f32, w: f32, h: f32) -> Layer {
    Layer::fill(
        Shape::Glyph {
            ch,
            font: Typeface::SansBold,
            cx,
            cy,
            w,
            h,
        },
        WHITE,
    )
    .stroked(INK, 14.0)
}

fn number_card(fruit: Fruit, number: u8) -> Vec<Layer> {
    let digit = char::from(b'0' + number);
    let mut layers = match fruit {
        // The wild fruit: a gold card in a gold frame, with a star.
        Fruit::Peach => vec![body(Color::rgb(0xffe9a0), INK, 8.0), gold_frame()],
        _ => vec![body(CARD, INK, 8.0)],
    };
    layers.extend(silhouette(fruit));
    layers.push(big_glyph(digit, 64.0, 73.0, 74.0, 76.0));
    if fruit == Fruit::Peach {
        layers.push(
            Layer::fill(
                Shape::Star {
                    cx: 102.0,
                    cy: 26.0,
                    outer: 23.0,
                    inner: 10.0,
                    points: 5,
                },
                Color::rgb(0xffd23f),
            )
            .stroked(INK, 6.0),
        );
    }
    layers
}

/// The fruit's shape behind the number: its colour and outline, with a leaf.
fn silhouette(fruit: Fruit) -> Vec<Layer> {
    match fruit {
        Fruit::Peach => peach(),
        Fruit::Lemon => lemon(),
        Fruit::Orange => orange(),
        Fruit::Strawberry => strawberry(),
    }
}

fn leaf(cx: f32, cy: f32, degrees: f32) -> Layer {
    Layer::fill(
        Shape::Ellipse {
            cx,
            cy,
            rx: 15.0,
            ry: 7.5,
        },
        LEAF,
    )
    .stroked(INK, 5.0)
    .rotated(degrees, cx, cy)
}

fn peach() -> Vec<Layer> {
    let body = Shape::Path(vec![
        Seg::Move(64.0, 30.0),
        Seg::Cubic(96.0, 14.0, 122.0, 48.0, 112.0, 80.0),
        Seg::Cubic(104.0, 106.0, 84.0, 118.0, 64.0, 118.0),
        Seg::Cubic(44.0, 118.0, 24.0, 106.0, 16.0, 80.0),
        Seg::Cubic(6.0, 48.0, 32.0, 14.0, 64.0, 30.0),
        Seg::Close,
    ]);
    vec![
        leaf(46.0, 22.0, -25.0),
        Layer::fill(body, Color::rgb(0xff8fab)).stroked(INK, 7.0),
        Layer::outline(
            Shape::Path(vec![
                Seg::Move(64.0, 32.0),
                Seg::Quad(50.0, 60.0, 62.0, 100.0),
            ]),
            Color::rgb(0xe0557a),
            4.0,
        ),
    ]
}

fn lemon() -> Vec<Layer> {
    // An oval with a nub at each end, tilted.
    let body = Shape::Path(vec![
        Seg::Move(10.0, 72.0),
        Seg::Cubic(18.0, 66.0, 20.0, 34.0, 64.0, 34.0),
        Seg::Cubic(108.0, 34.0, 110.0, 66.0, 118.0, 72.0),
        Seg::Cubic(110.0, 78.0, 108.0, 110.0, 64.0, 110.0),
        Seg::Cubic(20.0, 110.0, 18.0, 78.0, 10.0, 72.0),
        Seg::Close,
    ]);
    vec![
        Layer::fill(body, Color::rgb(0xffd83a))
            .stroked(INK, 7.0)
            .rotated(-18.0, 64.0, 72.0),
        leaf(90.0, 28.0, -35.0),
    ]
}

fn orange() -> Vec<Layer> {
    vec![
        Layer::fill(
            Shape::Circle {
                cx: 64.0,
                cy: 72.0,
                r: 46.0,
            },
            Color::rgb(0xff8a1c),
        )
        .stroked(INK, 7.0),
        leaf(78.0, 24.0, -20.0),
        Layer::fill(
            Shape::Circle {
                cx: 64.0,
                cy: 28.0,
                r: 4.5,
            },
            Color::rgb(0x6b4a1e),
        )
        .stroked(INK, 3.0),
    ]
}

fn strawberry() -> Vec<Layer> {
    let red = Color::rgb(0xe8283f);
    let body = Shape::Path(vec![
        Seg::Move(64.0, 120.0),
        Seg::Cubic(34.0, 104.0, 12.0, 70.0, 18.0, 50.0),
        Seg::Cubic(24.0, 32.0, 46.0, 32.0, 64.0, 36.0),
        Seg::Cubic(82.0, 32.0, 104.0, 32.0, 110.0, 50.0),
        Seg::Cubic(116.0, 70.0, 94.0, 104.0, 64.0, 120.0),
        Seg::Close,
    ]);
    let seed = |cx: f32, cy: f32| {
        Layer::fill(
            Shape::Ellipse {
                cx,
                cy,
                rx: 2.2,
                ry: 3.4,
            },
            Color::rgb(0xffe680),
        )
    };
    let calyx: Vec<(f32, f32)> = (0..10)
        .map(|i| {
            let r = if i % 2 == 0 { 26.0 } else { 9.0 };
            let a = PI * i as f32 / 5.0 - PI / 2.0 + PI / 5.0;
            (64.0 + r * a.cos(), 34.0 + 0.55 * r * a.sin())
        })
        .collect();
    vec![
        Layer::fill(body, red).stroked(INK, 7.0),
        seed(30.0, 56.0),
        seed(98.0, 56.0),
        seed(36.0, 82.0),
        seed(92.0, 82.0),
        seed(52.0, 104.0),
        seed(76.0, 104.0),
        Layer::fill(Shape::Polygon(calyx), LEAF).stroked(INK, 5.0),
    ]
}

fn picture_card(picture: Picture) -> Vec<Layer> {
    match picture {
        Picture::Dog => animal('犬', Color::rgb(0xb5651d)),
        Picture::Monkey => animal('猿', Color::rgb(0xc2185b)),
        Picture::Pheasant => animal('雉', Color::rgb(0x2e7d32)),
        Picture::Sun => sun(),
        Picture::Moon => moon(),
    }
}

/// An animal: its character, white, on the animal's own colour.
fn animal(ch: char, color: Color) -> Vec<Layer> {
    vec![body(color, INK, 8.0), big_glyph(ch, 64.0, 64.0, 96.0, 96.0)]
}

fn sun() -> Vec<Layer> {
    vec![
        body(Color::rgb(0x7cc4f2), INK, 8.0),
        Layer::fill(
            Shape::Star {
                cx: 64.0,
                cy: 64.0,
                outer: 54.0,
                inner: 34.0,
                points: 12,
            },
            Color::rgb(0xffb300),
        )
        .stroked(INK, 5.0),
        Layer::fill(
            Shape::Circle {
                cx: 64.0,
                cy: 64.0,
                r: 31.0,
            },
            Color::rgb(0xe53935),
        )
        .stroked(INK, 6.0),
    ]
}

fn moon() -> Vec<Layer> {
    vec![
        body(Color::rgb(0x1f2a6b), INK, 8.0),
        Layer::fill(Shape::Polygon(crescent()), Color::rgb(0xffe27a)).stroked(INK, 6.0),
        Layer::fill(
            Shape::Star {
                cx: 96.0,
                cy: 38.0,
                outer: 9.0,
                inner: 3.5,
                points: 4,
            },
            Color::rgb(0xffe27a),
        ),
    ]
}

/// A crescent opening to the upper right: the part of a disc outside a second, offset disc.
fn crescent() -> Vec<(f32, f32)> {
    let (c1, r1) = ((60.0f32, 68.0f32), 44.0f32);
    let (c2, r2) = ((82.0f32, 52.0f32), 38.0f32);
    // The two circles meet where the angle from c1 satisfies |p - c2| = r2.
    let on_inner = |a: f32| {
        let p = (c1.0 + r1 * a.cos(), c1.1 + r1 * a.sin());
        ((p.0 - c2.0).powi(2) + (p.1 - c2.1).powi(2)).sqrt() - r2
    };
    let axis = (c2.1 - c1.1).atan2(c2.0 - c1.0);
    let mut half = 0.0f32;
    while on_inner(axis + half) < 0.0 {
        half += 0.001;
    }
    let (start, end) = (axis + half, axis + 2.0 * PI - half);
    let steps = 48;
    let mut points: Vec<(f32, f32)> = (0..=steps)
        .map(|i| {
            let a = start + (end - start) * i as f32 / steps as f32;
            (c1.0 + r1 * a.cos(), c1.1 + r1 * a.sin())
        })
        .collect();
    // Back along the inner circle between the same two points.
    let (p, q) = (points[steps], points[0]);
    let (a, b) = (
        (p.1 - c2.1).atan2(p.0 - c2.0),
        (q.1 - c2.1).atan2(q.0 - c2.0),
    );
    // Of the two ways round the inner circle, the one inside the outer disc.
    let up = if b > a { b } else { b + 2.0 * PI };
    let mid = (a + up) / 2.0;
    let inside = (c2.0 + r2 * mid.cos() - c1.0).hypot(c2.1 + r2 * mid.sin() - c1.1) < r1;
    let b = if inside { up } else { up - 2.0 * PI };
    points.extend((1..steps).map(|i| {
        let t = a + (b - a) * i as f32 / steps as f32;
        (c2.0 + r2 * t.cos(), c2.1 + r2 * t.sin())
    }));
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_is_one_face_per_card_kind_named_by_its_notation() {
        let codes: Vec<String> = art().faces.into_iter().map(|f| f.code).collect();
        let kinds: Vec<String> = Card::all().map(|c| c.to_string()).collect();
        assert_eq!(codes, kinds);
        assert_eq!(codes.len(), super::super::card::KINDS);
        for code in &codes {
            assert!(code.parse::<Card>().is_ok(), "{code}");
        }
    }

    #[test]
    fn only_the_peach_has_the_gold_frame_and_the_star() {
        for face in art().faces {
            let card: Card = face.code.parse().unwrap();
            let gold = face
                .layers
                .iter()
                .any(|l| l.stroke.is_some_and(|(c, _)| c == GOLD));
            let star = face
                .layers
                .iter()
                .any(|l| matches!(l.shape, Shape::Star { points: 5, .. }));
            assert_eq!(gold, card.is_peach(), "{card}");
            assert_eq!(star, card.is_peach(), "{card}");
        }
    }
}
