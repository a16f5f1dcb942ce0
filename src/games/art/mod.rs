//! Card art: what each game's faces look like, and the one renderer that draws them.
//!
//! A game describes its faces in its own folder (`momojan/art.rs`, `shogi/art.rs`) as a list
//! of [`Layer`]s on a 128×128 canvas — shapes and glyphs with their colours — and returns them
//! from `Hosted::art`. [`render`] turns a description into a PNG (Discord's emoji size, opaque
//! card body with its own outline so it reads on dark and light themes); [`emoji_name`] names
//! the uploaded emoji after the face and a hash of its pixels, so a changed face gets a new
//! name. Pure: no I/O; the fonts are compiled in (`assets/fonts/`, subset by
//! `scripts/subset-font.sh`). `contact_sheet.rs` lays a game's faces out to judge them.

pub mod contact_sheet;

use std::f32::consts::PI;
use std::sync::OnceLock;

use sha2::{Digest, Sha256};
use tiny_skia::{FillRule, LineJoin, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, Transform};

/// The side of a face in pixels (Discord shows emoji at 128×128 at most).
pub const SIZE: u32 = 128;
/// Discord's limit on an emoji image.
pub const MAX_PNG_BYTES: usize = 256 * 1024;

/// An sRGB colour with alpha.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Color {
    pub r: u8,
    pub g: u8,
    pub b: u8,
    pub a: u8,
}

impl Color {
    /// An opaque colour from `0xRRGGBB`.
    pub const fn rgb(hex: u32) -> Color {
        Color {
            r: (hex >> 16) as u8,
            g: (hex >> 8) as u8,
            b: hex as u8,
            a: 255,
        }
    }

    /// The same colour with alpha `a`.
    pub const fn alpha(self, a: u8) -> Color {
        Color { a, ..self }
    }
}

/// A typeface compiled into the renderer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Typeface {
    /// Noto Sans CJK JP Bold: the digits 1–9, 犬 猿 雉, 萬 and the honors 東 南 西 北 白 發 中.
    SansBold,
    /// Noto Serif CJK JP Bold: 歩 香 桂 銀 金 角 飛 玉.
    SerifBold,
}

/// One step of a path, in canvas pixels (y grows downwards).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Seg {
    Move(f32, f32),
    Line(f32, f32),
    /// A quadratic curve: control point, end point.
    Quad(f32, f32, f32, f32),
    /// A cubic curve: two control points, end point.
    Cubic(f32, f32, f32, f32, f32, f32),
    Close,
}

/// What a layer draws.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// A rectangle with rounded corners of radius `r`.
    RoundRect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        r: f32,
    },
    Circle {
        cx: f32,
        cy: f32,
        r: f32,
    },
    Ellipse {
        cx: f32,
        cy: f32,
        rx: f32,
        ry: f32,
    },
    /// A closed polygon through the points.
    Polygon(Vec<(f32, f32)>),
    Path(Vec<Seg>),
    /// A star of `points` tips between radii `outer` and `inner`, one tip straight up.
    Star {
        cx: f32,
        cy: f32,
        outer: f32,
        inner: f32,
        points: u8,
    },
    /// One character of a typeface, scaled to fit the box `w`×`h` centred on (`cx`, `cy`)
    /// (its outline's own bounds, so every glyph is centred optically the same way).
    Glyph {
        ch: char,
        font: Typeface,
        cx: f32,
        cy: f32,
        w: f32,
        h: f32,
    },
}

/// A shape with its paint. The stroke is drawn *under* the fill, so only its outer half shows:
/// an outline of `width` adds `width / 2` around the shape and never eats into a glyph.
#[derive(Debug, Clone, PartialEq)]
pub struct Layer {
    pub shape: Shape,
    pub fill: Option<Color>,
    /// Colour and width.
    pub stroke: Option<(Color, f32)>,
    /// Degrees clockwise about (x, y).
    pub rotate: Option<(f32, f32, f32)>,
}

impl Layer {
    /// `shape` filled with `fill`.
    pub fn fill(shape: Shape, fill: Color) -> Layer {
        Layer {
            shape,
            fill: Some(fill),
            stroke: None,
            rotate: None,
        }
    }

    /// `shape` outlined only.
    pub fn outline(shape: Shape, color: Color, width: f32) -> Layer {
        Layer {
            shape,
            fill: None,
            stroke: Some((color, width)),
            rotate: None,
        }
    }

    /// The same layer with an outline (drawn under the fill).
    pub fn stroked(mut self, color: Color, width: f32) -> Layer {
        self.stroke = Some((color, width));
        self
    }

    /// The same layer turned `degrees` clockwise about (`x`, `y`).
    pub fn rotated(mut self, degrees: f32, x: f32, y: f32) -> Layer {
        self.rotate = Some((degrees, x, y));
        self
    }
}

/// What one face looks like: its code (the game's own notation of the card or piece) and its
/// layers, painted in order.
#[derive(Debug, Clone, PartialEq)]
pub struct FaceArt {
    pub code: String,
    pub layers: Vec<Layer>,
}

/// A game's art: every distinct face it shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Art {
    /// Starts each face's emoji name (`mj` → `mj_p5_1a2b3c4d`): letters and digits, short.
    pub prefix: &'static str,
    /// How many faces a row of the contact sheet holds.
    pub columns: usize,
    pub faces: Vec<FaceArt>,
}

/// A rendered face.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Face {
    pub code: String,
    /// A 128×128 RGBA PNG.
    pub png: Vec<u8>,
}

/// Draws a face as a 128×128 PNG.
///
/// # Panics
/// When a glyph is not in the compiled-in subset of its typeface (a face that needs a new
/// character must add it to `scripts/subset-font.sh`); the unit tests render every face.
pub fn render(face: &FaceArt) -> Vec<u8> {
    draw(&face.layers)
        .encode_png()
        .expect("a pixmap encodes as PNG")
}

/// Renders every face of `art`.
pub fn render_all(art: &Art) -> Vec<Face> {
    art.faces
        .iter()
        .map(|f| Face {
            code: f.code.clone(),
            png: render(f),
        })
        .collect()
}

/// The first 8 hex digits of the SHA-256 of `png`.
pub fn short_hash(png: &[u8]) -> String {
    hex::encode(&Sha256::digest(png)[..4])
}

/// The emoji name of a face: `{prefix}_{code}_{hash}` (`mj_p5_1a2b3c4d`), where `hash` is
/// [`short_hash`] of its PNG, so a face whose pixels change gets a new name.
pub fn emoji_name(prefix: &str, code: &str, png: &[u8]) -> String {
    format!("{prefix}_{code}_{}", short_hash(png))
}

/// Whether `name` is a valid Discord emoji name: 2–32 letters, digits or underscores.
pub fn is_emoji_name(name: &str) -> bool {
    (2..=32).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// The face's code and hash of an emoji name made by [`emoji_name`] with `prefix`, if it is
/// one (`mj_p5_1a2b3c4d` → (`p5`, `1a2b3c4d`)).
pub fn parse_emoji_name<'a>(prefix: &str, name: &'a str) -> Option<(&'a str, &'a str)> {
    let rest = name.strip_prefix(prefix)?.strip_prefix('_')?;
    let (code, hash) = rest.rsplit_once('_')?;
    let is_hash = hash.len() == 8 && hash.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    (is_hash && !code.is_empty()).then_some((code, hash))
}

/// The same PNG with one pixel changed (tests: a face whose art changed).
#[cfg(feature = "test-support")]
pub fn altered(png: &[u8]) -> Vec<u8> {
    let mut pixmap = tiny_skia::Pixmap::decode_png(png).expect("a face decodes");
    let pixel = &mut pixmap.data_mut()[(64 * SIZE as usize + 64) * 4..][..4];
    pixel.copy_from_slice(&[pixel[0] ^ 1, pixel[1], pixel[2], 255]);
    pixmap.encode_png().expect("a pixmap encodes as PNG")
}

// Drawing: layers to pixels, with tiny-skia.

/// Paints `layers` in order on a transparent 128×128 canvas.
fn draw(layers: &[Layer]) -> Pixmap {
    draw_scaled(layers, 1.0)
}

/// Paints `layers` in order on a transparent canvas of `128 × scale` pixels a side: a face
/// drawn smaller from its outlines (sharper than a scaled-down PNG), for pictures that lay
/// faces out (mining's board).
pub fn draw_scaled(layers: &[Layer], scale: f32) -> Pixmap {
    let side = (SIZE as f32 * scale).round().max(1.0) as u32;
    let mut pixmap = Pixmap::new(side, side).expect("a non-empty canvas");
    for layer in layers {
        paint(&mut pixmap, layer, scale);
    }
    pixmap
}

fn paint(pixmap: &mut Pixmap, layer: &Layer, scale: f32) {
    let path = path(&layer.shape);
    let transform = layer
        .rotate
        .map_or(Transform::identity(), |(deg, x, y)| {
            Transform::from_rotate_at(deg, x, y)
        })
        .post_scale(scale, scale);
    if let Some((color, width)) = layer.stroke {
        let stroke = Stroke {
            width,
            line_join: LineJoin::Round,
            ..Stroke::default()
        };
        pixmap.stroke_path(&path, &solid(color), &stroke, transform, None);
    }
    if let Some(color) = layer.fill {
        pixmap.fill_path(&path, &solid(color), FillRule::Winding, transform, None);
    }
}

fn solid(color: Color) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color_rgba8(color.r, color.g, color.b, color.a);
    paint.anti_alias = true;
    paint
}

fn path(shape: &Shape) -> Path {
    match shape {
        Shape::RoundRect { x, y, w, h, r } => round_rect(*x, *y, *w, *h, *r),
        Shape::Circle { cx, cy, r } => PathBuilder::from_circle(*cx, *cy, *r).expect("a circle"),
        Shape::Ellipse { cx, cy, rx, ry } => {
            let rect = Rect::from_xywh(cx - rx, cy - ry, 2.0 * rx, 2.0 * ry).expect("an ellipse");
            PathBuilder::from_oval(rect).expect("an ellipse")
        }
        Shape::Polygon(points) => polygon(points),
        Shape::Path(segs) => segments(segs),
        Shape::Star {
            cx,
            cy,
            outer,
            inner,
            points,
        } => polygon(&star(*cx, *cy, *outer, *inner, *points)),
        Shape::Glyph {
            ch,
            font,
            cx,
            cy,
            w,
            h,
        } => {
            let fit = Rect::from_xywh(cx - w / 2.0, cy - h / 2.0, *w, *h).expect("a glyph box");
            glyph(*ch, *font, fit)
        }
    }
}

fn round_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Path {
    // A circle's quarter as a cubic: the control points sit 0.5523 r from the corner's ends.
    let k = r * (1.0 - 0.552_284_8);
    let (x2, y2) = (x + w, y + h);
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x2 - r, y);
    pb.cubic_to(x2 - k, y, x2, y + k, x2, y + r);
    pb.line_to(x2, y2 - r);
    pb.cubic_to(x2, y2 - k, x2 - k, y2, x2 - r, y2);
    pb.line_to(x + r, y2);
    pb.cubic_to(x + k, y2, x, y2 - k, x, y2 - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + k, x + k, y, x + r, y);
    pb.close();
    pb.finish().expect("a rounded rectangle")
}

fn polygon(points: &[(f32, f32)]) -> Path {
    let mut pb = PathBuilder::new();
    for (i, &(x, y)) in points.iter().enumerate() {
        if i == 0 {
            pb.move_to(x, y);
        } else {
            pb.line_to(x, y);
        }
    }
    pb.close();
    pb.finish().expect("a polygon of at least two points")
}

fn segments(segs: &[Seg]) -> Path {
    let mut pb = PathBuilder::new();
    for seg in segs {
        match *seg {
            Seg::Move(x, y) => pb.move_to(x, y),
            Seg::Line(x, y) => pb.line_to(x, y),
            Seg::Quad(x1, y1, x, y) => pb.quad_to(x1, y1, x, y),
            Seg::Cubic(x1, y1, x2, y2, x, y) => pb.cubic_to(x1, y1, x2, y2, x, y),
            Seg::Close => pb.close(),
        }
    }
    pb.finish().expect("a path with at least one segment")
}

/// The corners of a star with one tip straight up.
fn star(cx: f32, cy: f32, outer: f32, inner: f32, points: u8) -> Vec<(f32, f32)> {
    let n = usize::from(points) * 2;
    (0..n)
        .map(|i| {
            let r = if i % 2 == 0 { outer } else { inner };
            let a = -PI / 2.0 + PI * i as f32 / f32::from(points);
            (cx + r * a.cos(), cy + r * a.sin())
        })
        .collect()
}

// Glyph outlines from the compiled-in font subsets, with ttf-parser.

static SANS: &[u8] = include_bytes!("../../../assets/fonts/NotoSansCJKjp-Bold-subset.otf");
static SERIF: &[u8] = include_bytes!("../../../assets/fonts/NotoSerifCJKjp-Bold-subset.otf");

fn face(font: Typeface) -> &'static ttf_parser::Face<'static> {
    static FACES: OnceLock<[ttf_parser::Face<'static>; 2]> = OnceLock::new();
    let faces = FACES.get_or_init(|| {
        let parse = |bytes| ttf_parser::Face::parse(bytes, 0).expect("the shipped font parses");
        [parse(SANS), parse(SERIF)]
    });
    match font {
        Typeface::SansBold => &faces[0],
        Typeface::SerifBold => &faces[1],
    }
}

/// Collects an outline in font units with y flipped (font y grows upwards).
struct Outline(PathBuilder);

impl ttf_parser::OutlineBuilder for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.move_to(x, -y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.line_to(x, -y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.0.quad_to(x1, -y1, x, -y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.0.cubic_to(x1, -y1, x2, -y2, x, -y);
    }
    fn close(&mut self) {
        self.0.close();
    }
}

/// The outline of `ch` scaled to fit `fit` (keeping its proportions) and centred in it.
///
/// # Panics
/// When `ch` is not in the typeface's subset.
fn glyph(ch: char, font: Typeface, fit: Rect) -> Path {
    let face = face(font);
    let id = face
        .glyph_index(ch)
        .unwrap_or_else(|| panic!("{ch:?} is not in the {font:?} subset (scripts/subset-font.sh)"));
    let mut outline = Outline(PathBuilder::new());
    face.outline_glyph(id, &mut outline)
        .unwrap_or_else(|| panic!("{ch:?} has no outline in {font:?}"));
    let path = outline.0.finish().expect("a glyph outline is a path");
    let bounds = path.bounds();
    let scale = (fit.width() / bounds.width()).min(fit.height() / bounds.height());
    let (cx, cy) = (fit.x() + fit.width() / 2.0, fit.y() + fit.height() / 2.0);
    let (bx, by) = (
        bounds.x() + bounds.width() / 2.0,
        bounds.y() + bounds.height() / 2.0,
    );
    let to_fit = Transform::from_translate(-bx, -by)
        .post_scale(scale, scale)
        .post_translate(cx, cy);
    path.transform(to_fit).expect("a scaled glyph is a path")
}
