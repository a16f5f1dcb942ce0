//! The mine as a picture: a PNG of the 13 × 13 board drawn with the card-art stack, for the
//! table and for a seat's hand (issue 37, item 2).
//!
//! A [`BoardPicture`] holds only what is shown — each column's height and top tile, the
//! pieces, the cells the discards were just placed on, the cells highlighted for the viewer —
//! so no tile below a top can reach the picture. [`render`] draws it:
//!
//! - each cell is coloured by its height (ground slate, then green, olive, orange, red, purple
//!   for 5 and more), with the height as a digit in its top-left corner, and the column drawn
//!   as a stack of tile edges under its top tile's face (riichi's faces, `riichi/art.rs`);
//! - a piece is a ring round its cell and a disc with the seat's number (1–4) in the seat's
//!   colour (red, blue, green, amber);
//! - a discard just placed has a yellow star in the cell's top-right corner and a yellow
//!   frame; a cell the viewer can reach is framed in cyan (a cyan dot on the ground);
//! - the columns are numbered 0–12 along the top and the rows 0–12 down the left, as the
//!   engine names cells (`x`, `y`; north is up).
//!
//! The faces, edges, digits and marks are drawn once per process from their outlines and
//! then copied ([`OnceLock`]); the PNG is RGB, encoded with `png`'s fast deflate.

use std::sync::OnceLock;

use tiny_skia::{Paint, PathBuilder, Pixmap, Stroke, Transform};

use super::board::{Board, Cell, SIZE};
use super::round::{Phase, Round};
use super::view::SeatView;
use crate::games::art::{self, Color, Layer, Shape, Typeface};
use crate::games::kit::mahjong::{self, tile::Tile};

/// The name the picture is attached under (`attachment://board.png`).
pub const FILENAME: &str = "board.png";

/// A cell's side in pixels.
const CELL: u32 = 58;
/// The margin that holds the axis numbers.
const MARGIN: u32 = 22;
/// The picture's side in pixels: 798.
pub const SIDE: u32 = 2 * MARGIN + SIZE as u32 * CELL;
/// Tile faces are riichi's 128-pixel faces at this scale (a tile body of 36 × 44 pixels).
const SCALE: f32 = 0.36;
/// How far each level of a column lifts its top tile.
const LIFT: i32 = 3;
/// Levels drawn as edges at most (a higher column shows its number).
const MAX_DRAWN: usize = 4;

const BACKGROUND: Color = Color::rgb(0x16181c);
const AXIS: Color = Color::rgb(0x9aa3ad);
/// The cell colour by height: ground, 1, 2, 3, 4, 5 and more.
const HEIGHTS: [Color; 6] = [
    Color::rgb(0x2c3138),
    Color::rgb(0x2f6b47),
    Color::rgb(0x7d7a2c),
    Color::rgb(0xb0652a),
    Color::rgb(0xa8323e),
    Color::rgb(0x7b3192),
];
const EDGE: Color = Color::rgb(0x2b2b2b);
const SIDE_IVORY: Color = Color::rgb(0xcfc4a8);
const WHITE: Color = Color::rgb(0xffffff);
const INK: Color = Color::rgb(0x111111);
const PLACED: Color = Color::rgb(0xffd60a);
const REACHABLE: Color = Color::rgb(0x3fe0ff);
/// The seats' colours, seat 0 first.
pub const SEAT_COLOURS: [u32; 4] = [0xe5484d, 0x3b82f6, 0x22c55e, 0xf59e0b];

/// One column as shown: its height and the tile on top (`None` on the ground).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Column {
    pub height: u8,
    pub top: Option<Tile>,
}

/// What the picture of the mine shows, and nothing more.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BoardPicture {
    /// The 169 columns, ordered by `y`, then `x` (as [`Cell::all`]).
    pub columns: Vec<Column>,
    /// Each seat's piece, seat 0 first.
    pub pieces: Vec<Cell>,
    /// The cells the discards just placed are on (or are going to).
    pub placed: Vec<Cell>,
    /// The cells highlighted for the viewer (where its piece can go, or where its discards
    /// can be placed).
    pub reachable: Vec<Cell>,
}

fn index(c: Cell) -> usize {
    usize::from(c.y) * SIZE + usize::from(c.x)
}

impl BoardPicture {
    /// The board's heights and top tiles with the pieces; nothing marked or highlighted.
    pub fn of_board(board: &Board, pieces: &[Cell]) -> BoardPicture {
        let columns = Cell::all()
            .map(|c| {
                let column = board.column(c);
                Column {
                    height: u8::try_from(column.len()).unwrap_or(u8::MAX),
                    top: column.last().copied(),
                }
            })
            .collect();
        BoardPicture {
            columns,
            pieces: pieces.to_vec(),
            placed: Vec::new(),
            reachable: Vec::new(),
        }
    }

    /// The public table: the board, the pieces, and while a discard action's claim windows
    /// are open, the cells of its tiles marked.
    pub fn table(round: &Round) -> BoardPicture {
        let mut picture = BoardPicture::of_board(&round.board, &round.pieces());
        if let Phase::Claims { pending, .. } = &round.phase {
            picture.placed = pending.cells.clone();
        }
        picture
    }

    /// `seat`'s view: the table and the cells it can reach highlighted ([`reachable`]).
    pub fn hand(round: &Round, seat: usize) -> BoardPicture {
        BoardPicture {
            reachable: round.reachable(seat),
            ..BoardPicture::table(round)
        }
    }

    /// The same picture with `cells` marked as discards just placed.
    /// What one seat sees of the board, from its view alone: the round's columns and
    /// pieces, the discards a claim window is open on marked as on the table's picture, and
    /// the cells it can reach highlighted (a seat with none sees the table's picture, drawn
    /// once for both).
    pub fn of_view(view: &SeatView) -> Option<BoardPicture> {
        let round = view.public.round.as_ref()?;
        Some(BoardPicture {
            columns: round
                .heights
                .iter()
                .zip(&round.tops)
                .map(|(&height, &top)| Column { height, top })
                .collect(),
            pieces: round.players.iter().map(|p| p.piece).collect(),
            placed: round.placed.clone(),
            reachable: view.reachable.clone(),
        })
    }

    pub fn with_placed(mut self, cells: &[Cell]) -> BoardPicture {
        self.placed = cells.to_vec();
        self
    }

    /// The same picture with `cells` highlighted for the viewer.
    pub fn with_reachable(mut self, cells: &[Cell]) -> BoardPicture {
        self.reachable = cells.to_vec();
        self
    }

    fn column(&self, c: Cell) -> Column {
        self.columns.get(index(c)).copied().unwrap_or_default()
    }
}

/// Draws `picture` as an RGB PNG of [`SIDE`] × [`SIDE`] pixels.
///
/// The same picture is asked for several times a move: the table's, and the hand of every
/// seat that is not to move (nothing of theirs is highlighted, so they see the table's
/// mine); the pictures drawn last are kept, by what they show, so each is drawn once.
pub fn render(picture: &BoardPicture) -> Vec<u8> {
    if let Some(png) = recent()
        .lock()
        .ok()
        .and_then(|mut r| r.get(picture).cloned())
    {
        return png.to_vec();
    }
    let png = encode(&draw(picture));
    if let Ok(mut r) = recent().lock() {
        r.put(picture.clone(), png.as_slice().into());
    }
    png
}

/// The pictures drawn last, by what they show.
type Recent = std::sync::Mutex<lru::LruCache<BoardPicture, std::sync::Arc<[u8]>>>;

/// The pictures drawn last, shared by every table of the process: a move's pictures are
/// asked for within milliseconds of each other, so a few per live table is plenty (about
/// 110 KB each).
fn recent() -> &'static Recent {
    const KEPT: std::num::NonZeroUsize = std::num::NonZeroUsize::new(64).unwrap();
    static RECENT: OnceLock<Recent> = OnceLock::new();
    RECENT.get_or_init(|| std::sync::Mutex::new(lru::LruCache::new(KEPT)))
}

/// The picture's pixels, opaque RGB as the PNG holds them (no RGBA copy to convert). Sprites
/// are copied and cells filled by hand: tiny-skia's `draw_pixmap` runs its whole pipeline
/// per call (some 30 µs for a face), which for the few hundred sprites of a board was most
/// of the time.
fn draw(picture: &BoardPicture) -> Canvas {
    let sprites = sprites();
    let mut pixmap = sprites.frame.clone();
    let cell = CELL as i32;
    for c in Cell::all() {
        let (x0, y0) = origin(c);
        let column = picture.column(c);
        let h = usize::from(column.height);
        let colour = HEIGHTS[h.min(HEIGHTS.len() - 1)];
        fill(&mut pixmap, x0 + 1, y0 + 1, cell - 2, cell - 2, colour);
        if h == 0 {
            continue;
        }
        let drawn = h.min(MAX_DRAWN);
        let (fx, fy) = (x0 + 6, y0 + 10);
        for level in 0..drawn - 1 {
            blit(&mut pixmap, &sprites.edge, fx, fy - LIFT * level as i32);
        }
        if let Some(face) = column
            .top
            .and_then(|t| sprites.faces[usize::from(t.code())].as_ref())
        {
            blit(&mut pixmap, face, fx, fy - LIFT * (drawn as i32 - 1));
        }
    }
    for &c in &picture.reachable {
        let (x0, y0) = origin(c);
        frame(&mut pixmap, x0, y0, 4, 3, REACHABLE);
        if picture.column(c).height == 0 {
            let r = sprites.dot.width() as i32 / 2;
            blit(
                &mut pixmap,
                &sprites.dot,
                x0 + cell / 2 - r,
                y0 + cell / 2 - r,
            );
        }
    }
    // The heights above the frames, so a highlighted column still says how high it is.
    for c in Cell::all() {
        let h = usize::from(picture.column(c).height);
        if h > 0 {
            let (x0, y0) = origin(c);
            blit(&mut pixmap, &sprites.heights[h.min(9)], x0 + 1, y0 + 1);
        }
    }
    for &c in &picture.placed {
        let (x0, y0) = origin(c);
        frame(&mut pixmap, x0, y0, 1, 2, PLACED);
        blit(&mut pixmap, &sprites.star, x0 + cell - 19, y0 + 1);
    }
    for (seat, &c) in picture.pieces.iter().enumerate() {
        let (x0, y0) = origin(c);
        let colour = Color::rgb(SEAT_COLOURS[seat % SEAT_COLOURS.len()]);
        frame(&mut pixmap, x0, y0, 0, 4, colour);
        let disc = &sprites.pieces[seat % SEAT_COLOURS.len()];
        blit(&mut pixmap, disc, x0 + cell - 27, y0 + cell - 27);
    }
    pixmap
}

/// The top-left pixel of a cell.
fn origin(c: Cell) -> (i32, i32) {
    (
        (MARGIN + u32::from(c.x) * CELL) as i32,
        (MARGIN + u32::from(c.y) * CELL) as i32,
    )
}

fn paint(color: Color) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color_rgba8(color.r, color.g, color.b, color.a);
    paint.anti_alias = true;
    paint
}

/// An opaque picture being drawn: RGB, row by row.
#[derive(Clone)]
struct Canvas {
    rgb: Vec<u8>,
    width: u32,
    height: u32,
}

impl Canvas {
    /// The opaque `pixmap`'s colours.
    fn of(pixmap: &Pixmap) -> Canvas {
        Canvas {
            rgb: pixmap
                .data()
                .chunks_exact(4)
                .flat_map(|px| [px[0], px[1], px[2]])
                .collect(),
            width: pixmap.width(),
            height: pixmap.height(),
        }
    }
}

/// The rows `y..y + h` and columns `x..x + w` clipped to the canvas, as pixel ranges.
fn clip(
    canvas: &Canvas,
    x: i32,
    y: i32,
    w: i32,
    h: i32,
) -> (std::ops::Range<i32>, std::ops::Range<i32>) {
    let (pw, ph) = (canvas.width as i32, canvas.height as i32);
    (
        x.clamp(0, pw)..(x + w).clamp(0, pw),
        y.clamp(0, ph)..(y + h).clamp(0, ph),
    )
}

/// Fills a rectangle of whole pixels with an opaque colour.
fn fill(canvas: &mut Canvas, x: i32, y: i32, w: i32, h: i32, color: Color) {
    let (xs, ys) = clip(canvas, x, y, w, h);
    let width = canvas.width as usize;
    let px = [color.r, color.g, color.b];
    let data = &mut canvas.rgb;
    for row in ys {
        let start = (row as usize * width + xs.start as usize) * 3;
        let end = (row as usize * width + xs.end as usize) * 3;
        for out in data[start..end].chunks_exact_mut(3) {
            out.copy_from_slice(&px);
        }
    }
}

/// Paints `sprite` (premultiplied) over the canvas with its top-left corner at `(x, y)`.
fn blit(canvas: &mut Canvas, sprite: &Pixmap, x: i32, y: i32) {
    let (sw, sh) = (sprite.width() as i32, sprite.height() as i32);
    let (xs, ys) = clip(canvas, x, y, sw, sh);
    let width = canvas.width as usize;
    let src = sprite.data();
    let dst = &mut canvas.rgb;
    for row in ys {
        let s0 = (((row - y) * sw + (xs.start - x)) * 4) as usize;
        let d0 = (row as usize * width + xs.start as usize) * 3;
        let n = (xs.end - xs.start) as usize;
        let pixels = src[s0..s0 + n * 4]
            .chunks_exact(4)
            .zip(dst[d0..d0 + n * 3].chunks_exact_mut(3));
        for (s, d) in pixels {
            match s[3] {
                0 => {}
                255 => d.copy_from_slice(&s[..3]),
                a => {
                    let keep = 255 - u16::from(a);
                    for k in 0..3 {
                        let under = (u16::from(d[k]) * keep + 127) / 255;
                        d[k] = s[k].saturating_add(under as u8);
                    }
                }
            }
        }
    }
}

/// A square frame of whole pixels inside the cell at `(x0, y0)`, `inset` from its edge,
/// `width` wide.
fn frame(pixmap: &mut Canvas, x0: i32, y0: i32, inset: i32, width: i32, color: Color) {
    let (x, y) = (x0 + inset, y0 + inset);
    let side = CELL as i32 - 2 * inset;
    fill(pixmap, x, y, side, width, color);
    fill(pixmap, x, y + side - width, side, width, color);
    fill(pixmap, x, y, width, side, color);
    fill(pixmap, x + side - width, y, width, side, color);
}

/// The canvas as an RGB PNG: fast deflate after the Paeth filter on every row, which packs
/// this picture as small as choosing a filter per row (`Adaptive`, some 1 % smaller) for a
/// fifth of the filtering (`Sub`, `Up` and `Average` alone made it two to three times larger).
fn encode(canvas: &Canvas) -> Vec<u8> {
    let mut out = Vec::with_capacity(96 * 1024);
    let mut encoder = png::Encoder::new(&mut out, canvas.width, canvas.height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::Filter::Paeth);
    let mut writer = encoder.write_header().expect("a PNG header");
    writer.write_image_data(&canvas.rgb).expect("a PNG body");
    writer.finish().expect("a PNG end");
    out
}

// The sprites, drawn once.

struct Sprites {
    /// The background with the axis numbers.
    frame: Canvas,
    /// Riichi's face of each tile by [`Tile::code`], at [`SCALE`].
    faces: Vec<Option<Pixmap>>,
    /// A tile's body seen as an edge under the one above it.
    edge: Pixmap,
    /// The height digits 0–9 (0 unused).
    heights: Vec<Pixmap>,
    /// The star of a discard just placed.
    star: Pixmap,
    /// The dot of a reachable cell on the ground.
    dot: Pixmap,
    /// Each seat's disc with its number.
    pieces: Vec<Pixmap>,
}

fn sprites() -> &'static Sprites {
    static SPRITES: OnceLock<Sprites> = OnceLock::new();
    SPRITES.get_or_init(|| {
        let art = mahjong::art::art("mn");
        let faces = (0..=u8::MAX / 2)
            .map(|code| {
                let tile = Tile::from_code(code)?;
                let code = tile.to_string();
                let face = art.faces.iter().find(|f| f.code == code)?;
                Some(art::draw_scaled(&face.layers, SCALE))
            })
            .collect();
        let body = Shape::RoundRect {
            x: 14.0,
            y: 3.0,
            w: 100.0,
            h: 122.0,
            r: 12.0,
        };
        let edge = art::draw_scaled(&[Layer::fill(body, SIDE_IVORY).stroked(EDGE, 6.0)], SCALE);
        let heights = (0..10u8)
            .map(|n| {
                let ch = char::from(b'0' + n.max(1));
                let glyph = Shape::Glyph {
                    ch,
                    font: Typeface::SansBold,
                    cx: 64.0,
                    cy: 64.0,
                    w: 70.0,
                    h: 100.0,
                };
                art::draw_scaled(
                    &[Layer::fill(glyph, WHITE).stroked(INK, 28.0)],
                    14.0 / 128.0,
                )
            })
            .collect();
        let star = art::draw_scaled(
            &[Layer::fill(
                Shape::Star {
                    cx: 64.0,
                    cy: 64.0,
                    outer: 58.0,
                    inner: 26.0,
                    points: 5,
                },
                PLACED,
            )
            .stroked(INK, 14.0)],
            18.0 / 128.0,
        );
        let pieces = SEAT_COLOURS
            .iter()
            .enumerate()
            .map(|(seat, &colour)| {
                let disc = Layer::fill(
                    Shape::Circle {
                        cx: 64.0,
                        cy: 64.0,
                        r: 54.0,
                    },
                    Color::rgb(colour),
                )
                .stroked(WHITE, 16.0);
                let number = Layer::fill(
                    Shape::Glyph {
                        ch: char::from(b'1' + seat as u8),
                        font: Typeface::SansBold,
                        cx: 64.0,
                        cy: 64.0,
                        w: 50.0,
                        h: 62.0,
                    },
                    WHITE,
                )
                .stroked(INK, 10.0);
                art::draw_scaled(&[disc, number], 26.0 / 128.0)
            })
            .collect();
        let dot = art::draw_scaled(
            &[Layer::fill(
                Shape::Circle {
                    cx: 64.0,
                    cy: 64.0,
                    r: 60.0,
                },
                REACHABLE,
            )],
            14.0 / 128.0,
        );
        Sprites {
            frame: Canvas::of(&background()),
            faces,
            edge,
            heights,
            star,
            dot,
            pieces,
        }
    })
}

/// The background and the axis numbers 0–12 (drawn as segments: the font has no 0).
fn background() -> Pixmap {
    let mut pixmap = Pixmap::new(SIDE, SIDE).expect("the board's canvas");
    let c = BACKGROUND;
    pixmap.fill(tiny_skia::Color::from_rgba8(c.r, c.g, c.b, 255));
    for i in 0..SIZE as u32 {
        let centre = (MARGIN + i * CELL + CELL / 2) as f32;
        number(&mut pixmap, i, centre, MARGIN as f32 / 2.0);
        number(&mut pixmap, i, MARGIN as f32 / 2.0, centre);
    }
    pixmap
}

/// `n` (0–99) in seven-segment digits centred on `(cx, cy)`.
fn number(pixmap: &mut Pixmap, n: u32, cx: f32, cy: f32) {
    let digits: Vec<u32> = if n >= 10 {
        vec![n / 10, n % 10]
    } else {
        vec![n]
    };
    let (w, h, gap) = (6.0, 11.0, 3.0);
    let total = digits.len() as f32 * w + (digits.len() - 1) as f32 * gap;
    let mut pb = PathBuilder::new();
    for (i, d) in digits.iter().enumerate() {
        let x = cx - total / 2.0 + i as f32 * (w + gap);
        let y = cy - h / 2.0;
        segments(&mut pb, *d, x, y, w, h);
    }
    if let Some(path) = pb.finish() {
        let stroke = Stroke {
            width: 1.8,
            line_cap: tiny_skia::LineCap::Round,
            ..Stroke::default()
        };
        pixmap.stroke_path(&path, &paint(AXIS), &stroke, Transform::identity(), None);
    }
}

/// The lit segments of digit `d` in a `w` × `h` box at `(x, y)`.
fn segments(pb: &mut PathBuilder, d: u32, x: f32, y: f32, w: f32, h: f32) {
    // a b c d e f g: top, top right, bottom right, bottom, bottom left, top left, middle.
    const LIT: [u8; 10] = [
        0b111_1110, 0b011_0000, 0b110_1101, 0b111_1001, 0b011_0011, 0b101_1011, 0b101_1111,
        0b111_0000, 0b111_1111, 0b111_1011,
    ];
    let m = y + h / 2.0;
    let ends = [
        ((x, y), (x + w, y)),
        ((x + w, y), (x + w, m)),
        ((x + w, m), (x + w, y + h)),
        ((x, y + h), (x + w, y + h)),
        ((x, m), (x, y + h)),
        ((x, y), (x, m)),
        ((x, m), (x + w, m)),
    ];
    let lit = LIT[(d % 10) as usize];
    for (i, ((x1, y1), (x2, y2))) in ends.iter().enumerate() {
        if lit & (1 << (6 - i)) != 0 {
            pb.move_to(*x1, *y1);
            pb.line_to(*x2, *y2);
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::games::kit::mahjong::tile::Kind;
    use crate::games::mining::board::MINE_TILES;
    use crate::games::mining::computer::random_action;
    use crate::games::mining::game::Game;
    use crate::games::mining::options::Options;
    use crate::games::mining::round::{DiscardKind, Pending, Window};

    fn wall(seed: u64) -> Vec<Tile> {
        let mut tiles = Tile::full_set(true);
        tiles.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
        tiles
    }

    fn round(seed: u64) -> Round {
        Round::new(
            Options::default(),
            0,
            Kind::EAST,
            0,
            vec![25_000; 4],
            0,
            wall(seed),
        )
    }

    /// A game played `steps` random actions into its first round.
    fn played(seed: u64, steps: usize) -> Game {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Game::new(Options::default(), 4, 0);
        game.start_round(wall(seed));
        for _ in 0..steps {
            if !game.in_round() {
                break;
            }
            let seat = game.to_act()[0];
            let action = random_action(&game, seat, &mut rng).expect("a legal action");
            game.apply(seat, action).expect("a legal action applies");
        }
        game
    }

    fn decode(png: &[u8]) -> Pixmap {
        Pixmap::decode_png(png).expect("the board decodes")
    }

    #[test]
    fn the_board_is_a_small_png_of_its_side() {
        let png = render(&BoardPicture::hand(&round(1), 0));
        assert!(png.len() <= 150 * 1024, "{} bytes", png.len());
        let pixmap = decode(&png);
        assert_eq!((pixmap.width(), pixmap.height()), (SIDE, SIDE));
        for steps in [10, 40, 80] {
            let game = played(2, steps);
            let round = game.round().unwrap();
            // (The round may be over: the seat then reaches nothing.)
            let seat = round.to_act().first().map_or(0, |s| (*s).min(3));
            let png = render(&BoardPicture::hand(round, seat));
            assert!(png.len() <= 150 * 1024, "{} bytes", png.len());
        }
    }

    #[test]
    fn rendering_is_deterministic() {
        let game = played(3, 30);
        let picture = BoardPicture::table(game.round().unwrap());
        assert_eq!(render(&picture), render(&picture));
    }

    #[test]
    fn a_changed_board_changes_the_picture() {
        let r = round(4);
        let before = render(&BoardPicture::table(&r));
        let mut moved = r.clone();
        moved.players[1].piece = Cell { x: 0, y: 0 };
        assert_ne!(before, render(&BoardPicture::table(&moved)));
        let mut taken = r.clone();
        taken.board.take(Cell { x: 6, y: 6 });
        assert_ne!(before, render(&BoardPicture::table(&taken)));
        let marked = BoardPicture::table(&r).with_placed(&[Cell { x: 5, y: 11 }]);
        assert_ne!(before, render(&marked));
        assert_ne!(before, render(&BoardPicture::hand(&r, 0)));
    }

    #[test]
    fn no_tile_below_a_top_is_drawn() {
        let r = round(5);
        // (6, 6) holds two tiles: change the one below the top to another kind.
        let cell = Cell { x: 6, y: 6 };
        assert_eq!(r.board.height(cell), 2);
        let mut buried = r.clone();
        let top = buried.board.take(cell).unwrap();
        let below = buried.board.take(cell).unwrap();
        let other = Tile::full_set(false)
            .into_iter()
            .find(|t| t.kind() != below.kind())
            .unwrap();
        buried.board.place(cell, other);
        buried.board.place(cell, top);
        assert_ne!(buried.board, r.board);
        assert_eq!(
            render(&BoardPicture::hand(&r, 0)),
            render(&BoardPicture::hand(&buried, 0))
        );
        // and the model holds no buried tile at all.
        let picture = BoardPicture::table(&r);
        let tops = picture.columns.iter().filter(|c| c.top.is_some()).count();
        assert_eq!(tops, Cell::all().filter(|c| r.board.height(*c) > 0).count());
        assert!(tops < MINE_TILES);
    }

    #[test]
    fn the_hand_highlights_where_the_piece_can_go() {
        let r = round(6);
        let cells = r.reachable(0);
        // The dealer starts at (6, 11) and collects with up to three steps.
        assert!(cells.contains(&Cell { x: 6, y: 11 }));
        assert!(cells.contains(&Cell { x: 6, y: 10 }));
        assert!(!cells.contains(&Cell { x: 6, y: 6 }));
        assert!(r.reachable(1).is_empty(), "not seat 1's turn");
        assert!(BoardPicture::table(&r).reachable.is_empty());
    }

    #[test]
    fn the_pending_discards_are_marked_on_the_table() {
        let mut r = round(7);
        let cells = vec![Cell { x: 5, y: 11 }, Cell { x: 6, y: 6 }];
        r.phase = Phase::Claims {
            window: Window {
                tile: r.wall[0],
                from: 0,
                offers: vec![Vec::new(); 4],
                answers: vec![None; 4],
            },
            pending: Pending {
                seat: 0,
                tiles: r.wall[130..132].to_vec(),
                cells: cells.clone(),
                riichi: false,
                kind: DiscardKind::Turn,
                index: 0,
                caller: None,
                last_turn: false,
            },
        };
        assert_eq!(BoardPicture::table(&r).placed, cells);
        assert_ne!(
            render(&BoardPicture::table(&r)),
            render(&BoardPicture::table(&round(7)))
        );
    }
}
