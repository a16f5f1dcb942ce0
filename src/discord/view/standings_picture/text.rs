//! Lines of text in GNU Unifont's bitmaps (the `unifont` crate: every character of Unicode's
//! Basic Multilingual Plane, 8 × 16 or 16 × 16 pixels), so that players' names in any script
//! draw without a font file: laid out, cut with "…" to a width, wrapped, and drawn.
//!
//! Nothing a player can type panics or breaks the picture: a character without a glyph (an
//! emoji, past the Basic Multilingual Plane, or private use) draws a small box, a control or
//! invisible formatting character (a joiner, a variation selector, a direction mark) draws
//! nothing (Unifont's glyphs for those are boxes naming the code), and a combining mark is
//! drawn over the character before it, as Unifont's marks are drawn to be.

use unifont::Glyph;

use super::canvas::{Canvas, Rgb};

/// A glyph's height in font pixels.
pub const HEIGHT: u32 = 16;

/// What a cell draws.
#[derive(Debug, Clone, Copy)]
enum Ink {
    Glyph(&'static Glyph),
    /// No glyph: a box as wide as the cell.
    Missing,
}

/// One character on a line, with the combining marks drawn over it.
#[derive(Debug, Clone)]
struct Cell {
    /// Its left edge and width, in font pixels.
    x: u32,
    width: u32,
    ink: Ink,
    marks: Vec<&'static Glyph>,
    /// Where its character starts in the text, and the character (for wrapping).
    at: usize,
    ch: char,
}

/// A line of text laid out in font pixels.
#[derive(Debug, Clone, Default)]
pub struct Line {
    cells: Vec<Cell>,
}

impl Line {
    /// `text` laid out on one line.
    pub fn of(text: &str) -> Line {
        let mut cells: Vec<Cell> = Vec::new();
        let mut x = 0;
        for (at, ch) in text.char_indices() {
            if is_invisible(ch) {
                continue;
            }
            let glyph = unifont::get_glyph(ch);
            if let (Some(g), true, Some(last)) = (glyph, is_combining(ch), cells.last_mut()) {
                last.marks.push(g);
                continue;
            }
            let (ink, width) = match glyph {
                Some(g) => (Ink::Glyph(g), g.get_width() as u32),
                // Past the Basic Multilingual Plane is mostly emoji, which are wide.
                None if u32::from(ch) > 0xFFFF => (Ink::Missing, 16),
                None => (Ink::Missing, 8),
            };
            cells.push(Cell {
                x,
                width,
                ink,
                marks: Vec::new(),
                at,
                ch,
            });
            x += width;
        }
        Line { cells }
    }

    /// Its width in font pixels.
    pub fn width(&self) -> u32 {
        self.cells.last().map_or(0, |c| c.x + c.width)
    }

    /// The line within `max` font pixels: whole characters, then "…" when some were left out.
    pub fn fitted(mut self, max: u32) -> Line {
        if self.width() <= max {
            return self;
        }
        let ellipsis = Line::of("…");
        let room = max.saturating_sub(ellipsis.width());
        while self.width() > room {
            self.cells.pop();
        }
        let x = self.width();
        self.cells
            .extend(ellipsis.cells.into_iter().map(|c| Cell { x: c.x + x, ..c }));
        self
    }

    /// Draws the line with its top-left corner at `(x, y)` (image pixels), each font pixel a
    /// `scale` × `scale` square; `bold` draws it again one image pixel to the right.
    pub fn draw(&self, canvas: &mut Canvas, x: i32, y: i32, scale: u32, color: Rgb, bold: bool) {
        let pen = Pen { scale, color, bold };
        for cell in &self.cells {
            let left = x + (cell.x * scale) as i32;
            match cell.ink {
                Ink::Glyph(g) => pen.glyph(canvas, g, left, y),
                Ink::Missing => pen.missing(canvas, left, y, cell.width),
            }
            for mark in &cell.marks {
                // A mark sits over a half-width character: centred over a wide one.
                let shift = cell.width.saturating_sub(mark.get_width() as u32) / 2 * scale;
                pen.glyph(canvas, mark, left + shift as i32, y);
            }
        }
    }
}

/// How glyphs are drawn.
struct Pen {
    scale: u32,
    color: Rgb,
    bold: bool,
}

impl Pen {
    fn dot(&self, canvas: &mut Canvas, x: i32, y: i32) {
        canvas.square(x, y, self.scale, self.color);
        if self.bold {
            canvas.square(x + 1, y, self.scale, self.color);
        }
    }

    fn glyph(&self, canvas: &mut Canvas, g: &Glyph, x: i32, y: i32) {
        let s = self.scale as i32;
        for row in 0..HEIGHT as usize {
            for col in 0..g.get_width() {
                if g.get_pixel(col, row) {
                    self.dot(canvas, x + col as i32 * s, y + row as i32 * s);
                }
            }
        }
    }

    /// A small box in a cell `width` font pixels wide: a character Unifont has no glyph for.
    fn missing(&self, canvas: &mut Canvas, x: i32, y: i32, width: u32) {
        let s = self.scale as i32;
        let (left, right, top, bottom) = (1, width as i32 - 2, 3, 13);
        for col in left..=right {
            self.dot(canvas, x + col * s, y + top * s);
            self.dot(canvas, x + col * s, y + bottom * s);
        }
        for row in top..=bottom {
            self.dot(canvas, x + left * s, y + row * s);
            self.dot(canvas, x + right * s, y + row * s);
        }
    }
}

/// `text` in lines of at most `max` font pixels: broken between words where it has spaces,
/// between any two characters where it has none (Japanese), never starting a line with
/// closing punctuation.
pub fn wrap(text: &str, max: u32) -> Vec<Line> {
    wrap_text(text, max).iter().map(|l| Line::of(l)).collect()
}

/// [`wrap`]'s lines as text.
pub fn wrap_text(text: &str, max: u32) -> Vec<String> {
    let cells = Line::of(text).cells;
    let mut lines = Vec::new();
    let mut start = 0;
    while start < cells.len() {
        let x0 = cells[start].x;
        let mut end = start;
        while end < cells.len() && cells[end].x + cells[end].width - x0 <= max {
            end += 1;
        }
        // A character wider than the line has a line of its own.
        let end = end.max(start + 1);
        if end >= cells.len() {
            lines.push(text[cells[start].at..].trim().to_string());
            break;
        }
        let (stop, next) = match (start + 1..=end).rev().find(|&k| cells[k].ch == ' ') {
            Some(space) => (space, space + 1),
            None => {
                let mut k = end;
                while k > start + 1 && is_closing(cells[k].ch) {
                    k -= 1;
                }
                (k, k)
            }
        };
        lines.push(text[cells[start].at..cells[stop].at].trim().to_string());
        start = next;
        while start < cells.len() && cells[start].ch == ' ' {
            start += 1;
        }
    }
    lines
}

/// Punctuation that closes what comes before it: never the first on a line.
fn is_closing(ch: char) -> bool {
    "、。，．,.;:!?)]}）」』】〉》〕！？：；ー…・ゝゞ々ぁぃぅぇぉっゃゅょァィゥェォッャュョ"
        .contains(ch)
}

/// Control and invisible formatting characters (Unicode's default ignorables): drawn as
/// nothing.
fn is_invisible(ch: char) -> bool {
    ch.is_control()
        || matches!(
            u32::from(ch),
            0x00AD
                | 0x034F
                | 0x061C
                | 0x115F..=0x1160
                | 0x17B4..=0x17B5
                | 0x180B..=0x180F
                | 0x200B..=0x200F
                | 0x202A..=0x202E
                | 0x2060..=0x206F
                | 0x3164
                | 0xFE00..=0xFE0F
                | 0xFEFF
                | 0xFFA0
                | 0xFFF0..=0xFFF8
                | 0x1BCA0..=0x1BCA3
                | 0x1D173..=0x1D17A
                | 0xE0000..=0xE0FFF
        )
}

/// The combining marks of the common scripts (Latin, Greek and Cyrillic diacritics, Hebrew
/// points, Arabic vowels, Thai, the kana voicing marks), drawn over the character before.
fn is_combining(ch: char) -> bool {
    matches!(
        u32::from(ch),
        0x0300..=0x036F
            | 0x0483..=0x0489
            | 0x0591..=0x05BD
            | 0x05BF
            | 0x05C1..=0x05C2
            | 0x05C4..=0x05C5
            | 0x05C7
            | 0x0610..=0x061A
            | 0x064B..=0x065F
            | 0x0670
            | 0x06D6..=0x06DC
            | 0x06DF..=0x06E4
            | 0x0E31
            | 0x0E34..=0x0E3A
            | 0x0E47..=0x0E4E
            | 0x1AB0..=0x1AFF
            | 0x1DC0..=0x1DFF
            | 0x20D0..=0x20FF
            | 0x3099..=0x309A
            | 0xFE20..=0xFE2F
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_is_half_width_and_kana_and_kanji_full_width() {
        assert_eq!(Line::of("Abc").width(), 24);
        assert_eq!(Line::of("さくら").width(), 48);
        assert_eq!(Line::of("山田 太郎").width(), 72);
        assert_eq!(Line::of("김민준").width(), 48);
    }

    #[test]
    fn invisible_characters_take_no_room_and_combining_marks_sit_on_their_letter() {
        assert_eq!(Line::of("a\u{200D}b\u{FE0F}\n").width(), 16);
        assert_eq!(Line::of("e\u{0301}").width(), Line::of("e").width());
        // A mark with nothing before it is drawn on its own.
        assert_eq!(Line::of("\u{0301}").width(), 8);
    }

    #[test]
    fn an_emoji_is_a_wide_box_and_never_a_panic() {
        assert_eq!(Line::of("😀").width(), 16);
        assert_eq!(Line::of("👨‍👩‍👧").width(), 48);
        let mut canvas = Canvas::new(64, 40, Rgb(255, 255, 255));
        Line::of("😀\u{E000}").draw(&mut canvas, 0, 0, 2, Rgb(0, 0, 0), true);
        assert_eq!(canvas.at(2, 6), Rgb(0, 0, 0), "the box's corner");
    }

    #[test]
    fn a_long_line_is_cut_with_an_ellipsis_within_its_width() {
        let long = "x".repeat(200);
        let cut = Line::of(&long).fitted(100);
        assert!(cut.width() <= 100, "{}", cut.width());
        assert_eq!(cut.cells.last().unwrap().ch, '…');
        assert_eq!(Line::of("short").fitted(100).width(), 40);
        // Full-width characters are cut whole.
        let cut = Line::of(&"漢".repeat(20)).fitted(50);
        assert_eq!(cut.width(), 16 * 2 + 8);
        // No room at all still draws nothing wider than the ellipsis.
        assert!(Line::of("abc").fitted(0).width() <= 8);
    }

    #[test]
    fn wrapping_breaks_between_words_or_between_japanese_characters_within_the_width() {
        let en = "Ranked by total points, then average placement (lower first), then join order.";
        let lines = wrap(en, 200);
        assert!(lines.len() > 2);
        assert!(lines.iter().all(|l| l.width() <= 200));
        let text = |l: &Line| l.cells.iter().map(|c| c.ch).collect::<String>();
        let words: Vec<String> = lines.iter().map(text).collect();
        assert_eq!(words.join(" "), en, "no word split, nothing lost");
        let ja = "合計点、平均順位（小さい順）、参加順の順に並べています。";
        let lines = wrap(ja, 96);
        assert!(lines.iter().all(|l| l.width() <= 96));
        assert_eq!(lines.iter().map(text).collect::<String>(), ja);
        assert!(
            lines.iter().all(|l| !is_closing(l.cells[0].ch)),
            "{lines:?}"
        );
        assert!(wrap("", 100).is_empty());
    }
}
