//! The standings as a picture (issue 38: "an image where a table of many rows reads better"):
//! a title (the event and its round), a header row (rank, player, games, total, average
//! placement), one row per entrant in standing order with every other row shaded, and the
//! tie-breaks at the bottom. Players are named by the display name stored when they joined,
//! written in GNU Unifont (`text.rs`) so that any script draws; an empty stored name (rows
//! from before names were kept) shows the user id as `@<id>`. A dropped player's row is
//! greyed and carries the embed's mark; a rolling event's player short of the run shows their
//! games as `games/run`, in amber.
//!
//! Every size is fixed but the height, which grows by one row per entrant: Discord shows the
//! picture some 300 to 360 pixels wide on a phone, so a glyph's 16 pixels, drawn at
//! [`SCALE`] (32) in a picture [`WIDTH`] wide, read as 12- to 14-pixel text (32 × 360 / 800),
//! about Discord's own small print.

mod canvas;
mod text;

use canvas::{Canvas, Rgb};
use text::{wrap, wrap_text, Line, HEIGHT};

use super::model::Message;
use crate::games::interface::Picture;
use crate::i18n::{tr, tr_args, Lang};
use crate::service::{Standing, Standings, TournamentState};

/// The attachment's name.
pub const FILENAME: &str = "standings.png";

/// More entrants than this and the standings message carries the picture: an embed's lines
/// wrap on a phone (about two lines each), so past a dozen players the list no longer fits a
/// screen, while the picture's rows stay one line each and line up in columns.
pub const MANY_ROWS: usize = 12;

/// The picture's width, in pixels.
pub const WIDTH: u32 = 800;
/// Image pixels per font pixel.
const SCALE: u32 = 2;
/// The text's height, in image pixels.
const TEXT: u32 = HEIGHT * SCALE;
const MARGIN: u32 = 12;
/// Above and below the title's lines.
const TITLE_PAD: u32 = 8;
const TITLE_LINE: u32 = 36;
/// The header's and each entrant's row.
pub const ROW_HEIGHT: u32 = 40;
const FOOTER_LINE: u32 = 36;
const FOOTER_GAP: u32 = 10;
const BOTTOM: u32 = 12;

const PAPER: Rgb = Rgb(0xFB, 0xF8, 0xEF);
const SHADE: Rgb = Rgb(0xF1, 0xE6, 0xC4);
/// The standings embed's gold.
const GOLD: Rgb = Rgb(0xD4, 0xAF, 0x37);
const HEADER: Rgb = Rgb(0x3A, 0x33, 0x26);
const INK: Rgb = Rgb(0x1E, 0x1B, 0x16);
const ON_HEADER: Rgb = Rgb(0xFB, 0xF8, 0xEF);
/// A dropped player's row.
const MUTED: Rgb = Rgb(0x80, 0x7A, 0x70);
/// The tie-breaks.
const NOTE: Rgb = Rgb(0x5A, 0x54, 0x4A);
/// A rolling event's player short of the run.
const SHORT: Rgb = Rgb(0xB0, 0x5A, 0x10);

/// Where a column's text goes, in image pixels.
#[derive(Clone, Copy)]
enum Align {
    /// From `x`, at most `width` wide.
    Left { x: u32, width: u32 },
    /// Ending at `right`, at most `width` wide.
    Right { right: u32, width: u32 },
}

impl Align {
    fn width(self) -> u32 {
        match self {
            Align::Left { width, .. } | Align::Right { width, .. } => width,
        }
    }

    /// Where `line` (image pixels wide) starts.
    fn left(self, line: u32) -> u32 {
        match self {
            Align::Left { x, .. } => x,
            Align::Right { right, .. } => right - line,
        }
    }
}

const RANK: Align = Align::Right {
    right: MARGIN + 64,
    width: 64,
};
/// Wide enough for `@` and a user id's 19 digits. The columns' widths may overlap: what
/// they hold is narrower than their header (numbers are aligned right, names left).
const PLAYER: Align = Align::Left {
    x: MARGIN + 76,
    width: 320,
};
const GAMES: Align = Align::Right {
    right: 488,
    width: 80,
};
const TOTAL: Align = Align::Right {
    right: 616,
    width: 112,
};
const AVERAGE: Align = Align::Right {
    right: WIDTH - MARGIN,
    width: 144,
};

/// The message with the standings picture attached, when it has many rows or its lines had
/// to be `cut` (then the picture has the players the lines leave out).
pub fn attach(message: Message, s: &Standings, lang: Lang, cut: bool) -> Message {
    let wanted = cut || s.rows.len() > MANY_ROWS;
    message.with_picture(wanted.then(|| picture(s, lang)))
}

/// The standings picture as an attachment.
pub fn picture(s: &Standings, lang: Lang) -> Picture {
    Picture {
        filename: FILENAME,
        png: render(s, lang),
    }
}

/// The standings as a PNG, [`WIDTH`] wide. The same standings give the same bytes.
pub fn render(s: &Standings, lang: Lang) -> Vec<u8> {
    draw(s, lang).png()
}

fn draw(s: &Standings, lang: Lang) -> Canvas {
    let content = (WIDTH - 2 * MARGIN) / SCALE;
    let title = title_lines(&title(s, lang), content);
    let footer = wrap(&footer(s, lang), content);
    let rows = s.rows.len().max(1) as u32;
    let title_height = TITLE_PAD * 2 + title.len() as u32 * TITLE_LINE;
    let table_top = title_height + ROW_HEIGHT;
    let footer_top = table_top + rows * ROW_HEIGHT + FOOTER_GAP;
    let height = footer_top + footer.len() as u32 * FOOTER_LINE + BOTTOM;
    let mut canvas = Canvas::new(WIDTH, height, PAPER);
    canvas.band(0, 0, WIDTH, title_height, GOLD);
    for (k, line) in title.iter().enumerate() {
        let top = TITLE_PAD + k as u32 * TITLE_LINE;
        line.draw(&mut canvas, MARGIN as i32, top as i32, SCALE, INK, true);
    }
    header(&mut canvas, title_height, lang);
    let run = s.event.rolling.map_or(0, |r| r.run_games);
    for (k, row) in s.rows.iter().enumerate() {
        let top = table_top + k as u32 * ROW_HEIGHT;
        if k % 2 == 1 {
            canvas.band(0, top as i32, WIDTH, ROW_HEIGHT, SHADE);
        }
        entrant(&mut canvas, top, k + 1, row, run, lang);
    }
    if s.rows.is_empty() {
        cell(
            &mut canvas,
            table_top,
            PLAYER,
            &tr(lang, "tn-nobody"),
            MUTED,
        );
    }
    for (k, line) in footer.iter().enumerate() {
        let top = footer_top + k as u32 * FOOTER_LINE;
        line.draw(&mut canvas, MARGIN as i32, top as i32, SCALE, NOTE, false);
    }
    canvas
}

/// The title in at most two lines (a long event name cut short on the second).
fn title_lines(title: &str, width: u32) -> Vec<Line> {
    let mut lines = wrap_text(title, width);
    if lines.len() > 2 {
        lines[1] = lines[1..].join(" ");
        lines.truncate(2);
    }
    lines.iter().map(|l| Line::of(l).fitted(width)).collect()
}

/// The event and its round (the embed's title, without its emoji: Unifont has none).
fn title(s: &Standings, lang: Lang) -> String {
    let event = &s.event;
    let over = event.state == TournamentState::Finished;
    let key = match (over, event.rolling.is_some()) {
        (true, false) => "tn-image-final",
        (false, false) => "tn-image-title",
        (true, true) => "tn-image-final-rolling",
        (false, true) => "tn-image-title-rolling",
    };
    tr_args(
        lang,
        key,
        &[
            ("name", event.name.clone().into()),
            ("round", i64::from(event.round).into()),
            ("rounds", i64::from(event.rounds).into()),
            (
                "run",
                i64::from(event.rolling.map_or(0, |r| r.run_games)).into(),
            ),
        ],
    )
}

/// The tie-breaks and the round's progress, as the embed's footer says them.
fn footer(s: &Standings, lang: Lang) -> String {
    let event = &s.event;
    tr_args(
        lang,
        if event.rolling.is_some() {
            "tn-board-footer-rolling"
        } else {
            "tn-board-footer"
        },
        &[
            (
                "run",
                i64::from(event.rolling.map_or(0, |r| r.run_games)).into(),
            ),
            ("round", i64::from(event.round).into()),
            ("finished", (s.finished as i64).into()),
            ("tables", (s.tables as i64).into()),
        ],
    )
}

fn header(canvas: &mut Canvas, top: u32, lang: Lang) {
    canvas.band(0, top as i32, WIDTH, ROW_HEIGHT, HEADER);
    for (column, key) in [
        (RANK, "tn-image-rank"),
        (PLAYER, "tn-image-player"),
        (GAMES, "tn-image-games"),
        (TOTAL, "tn-image-total"),
        (AVERAGE, "tn-image-average"),
    ] {
        cell(canvas, top, column, &tr(lang, key), ON_HEADER);
    }
}

/// The row of the entrant ranked `rank`.
fn entrant(canvas: &mut Canvas, top: u32, rank: usize, row: &Standing, run: u32, lang: Lang) {
    let ink = if row.dropped { MUTED } else { INK };
    cell(canvas, top, RANK, &rank.to_string(), ink);
    player(canvas, top, row, ink, lang);
    // A player with no game yet reads "0" already.
    if row.short_run && row.games > 0 {
        let short = if row.dropped { MUTED } else { SHORT };
        cell(canvas, top, GAMES, &format!("{}/{run}", row.games), short);
    } else {
        cell(canvas, top, GAMES, &row.games.to_string(), ink);
    }
    cell(canvas, top, TOTAL, &row.total.to_string(), ink);
    let average = row
        .average_place()
        .map_or_else(|| tr(lang, "tn-no-average"), |a| format!("{a:.2}"));
    cell(canvas, top, AVERAGE, &average, ink);
}

/// The player's name, cut to leave room for the dropped mark when there is one.
fn player(canvas: &mut Canvas, top: u32, row: &Standing, ink: Rgb, lang: Lang) {
    let mark = row
        .dropped
        .then(|| Line::of(tr(lang, "tn-dropped-mark").trim()));
    let mark_width = mark.as_ref().map_or(0, |m| m.width() + 4);
    let room = (PLAYER.width() / SCALE).saturating_sub(mark_width);
    let name = Line::of(&shown_name(row)).fitted(room);
    let y = (top + (ROW_HEIGHT - TEXT) / 2) as i32;
    let x = PLAYER.left(0);
    name.draw(canvas, x as i32, y, SCALE, ink, false);
    if let Some(mark) = mark {
        let after = x + (name.width() + 4) * SCALE;
        mark.draw(canvas, after as i32, y, SCALE, MUTED, false);
    }
}

/// The name stored when they joined; the user id for a row stored before names were kept.
fn shown_name(row: &Standing) -> String {
    match row.name.trim() {
        "" => format!("@{}", row.user),
        name => name.to_string(),
    }
}

/// `text` in `column` of the row at `top`, cut to the column's width.
fn cell(canvas: &mut Canvas, top: u32, column: Align, text: &str, ink: Rgb) {
    let line = Line::of(text).fitted(column.width() / SCALE);
    let x = column.left(line.width() * SCALE);
    let y = top + (ROW_HEIGHT - TEXT) / 2;
    line.draw(canvas, x as i32, y as i32, SCALE, ink, false);
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::service::{Meetings, Tournament, TournamentFormat, UserId};

    fn event(rolling: bool) -> Tournament {
        let format = if rolling {
            TournamentFormat::Rolling
        } else {
            TournamentFormat::Swiss
        };
        let mut event = Tournament::sample(format, TournamentState::Running);
        if let Some(r) = &mut event.rolling {
            r.run_games = 5;
        }
        event
    }

    fn row(k: usize, name: &str) -> Standing {
        Standing {
            user: UserId(800_000_000_000_000_000 + k as i64),
            name: name.into(),
            games: 3,
            total: 60_000 - 7_000 * k as i64,
            places: 3 + k as u32 % 7,
            dropped: false,
            short_run: false,
        }
    }

    fn standings(names: &[&str]) -> Standings {
        Standings {
            event: event(false),
            rows: names.iter().enumerate().map(|(k, n)| row(k, n)).collect(),
            tables: 4,
            finished: 1,
            meetings: Meetings::default(),
        }
    }

    fn field(n: usize) -> Standings {
        let names: Vec<String> = (0..n).map(|k| format!("player {k}")).collect();
        standings(&names.iter().map(String::as_str).collect::<Vec<_>>())
    }

    /// The PNG's width, height and pixels.
    fn decode(png: &[u8]) -> (u32, u32, Vec<u8>) {
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let mut reader = decoder.read_info().expect("a PNG");
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut pixels).expect("its pixels");
        assert_eq!(info.color_type, png::ColorType::Rgba);
        (info.width, info.height, pixels)
    }

    /// How many pixels of `ink` the rectangle holds.
    fn ink_in(
        canvas: &Canvas,
        x: std::ops::Range<u32>,
        y: std::ops::Range<u32>,
        ink: Rgb,
    ) -> usize {
        y.flat_map(|y| x.clone().map(move |x| (x, y)))
            .filter(|&(x, y)| canvas.at(x, y) == ink)
            .count()
    }

    /// The rows of the entrant at `k` (0 first), in image pixels.
    fn row_span(k: u32) -> std::ops::Range<u32> {
        // The tests' event has a title of one line.
        let top = TITLE_PAD * 2 + TITLE_LINE + ROW_HEIGHT + k * ROW_HEIGHT;
        top..top + ROW_HEIGHT
    }

    const PLAYER_SPAN: std::ops::Range<u32> = MARGIN + 76..MARGIN + 76 + 320;

    #[test]
    fn the_picture_decodes_at_a_fixed_width_and_grows_one_row_per_entrant() {
        for lang in Lang::ALL {
            let mut heights = Vec::new();
            for n in [1, 13, 14, 40] {
                let (w, h, pixels) = decode(&render(&field(n), lang));
                assert_eq!(w, WIDTH);
                assert_eq!(pixels.len(), (w * h * 4) as usize);
                assert!(pixels.chunks_exact(4).all(|px| px[3] == 255), "opaque");
                heights.push(h);
            }
            assert_eq!(heights[2] - heights[1], ROW_HEIGHT, "{lang:?}");
            assert_eq!(heights[3] - heights[1], 27 * ROW_HEIGHT, "{lang:?}");
            assert_eq!(heights[1] - heights[0], 12 * ROW_HEIGHT, "{lang:?}");
        }
    }

    #[test]
    fn a_latin_and_a_japanese_name_draw_ink_in_their_cells_and_an_empty_one_shows_the_id() {
        let s = standings(&["Alice", "山田太郎", "さくら🌸", ""]);
        let canvas = draw(&s, Lang::Ja);
        for k in 0..4 {
            let inked = ink_in(&canvas, PLAYER_SPAN, row_span(k), INK);
            assert!(inked > 100, "row {k}: {inked} pixels of ink");
        }
        // The longer name has more ink; the id's 18 digits and `@` more than both.
        let ink = |k| ink_in(&canvas, PLAYER_SPAN, row_span(k), INK);
        assert!(ink(1) > ink(0), "{} {}", ink(1), ink(0));
        assert!(ink(3) > ink(1));
        assert_eq!(shown_name(&s.rows[3]), "@800000000000000003");
        assert_eq!(shown_name(&s.rows[0]), "Alice");
        // A snowflake of today's 19 digits is shown whole.
        let id = format!("@{}", u64::MAX / 10);
        assert_eq!(id.len(), 20);
        assert!(Line::of(&id).width() * SCALE <= PLAYER.width());
        // Every other row is shaded.
        assert_eq!(canvas.at(WIDTH - 4, row_span(0).start + 2), PAPER);
        assert_eq!(canvas.at(WIDTH - 4, row_span(1).start + 2), SHADE);
    }

    #[test]
    fn an_emoji_and_a_name_of_200_characters_stay_in_their_cell_without_a_panic() {
        let long = "W".repeat(200);
        let wide = "漢".repeat(200);
        let odd = "🀄👨‍👩‍👧\u{E000}e\u{0301}\u{202E}\u{0000}";
        let s = standings(&[&long, &wide, odd, "\u{0301}"]);
        for lang in Lang::ALL {
            let canvas = draw(&s, lang);
            for k in 0..4 {
                assert!(
                    ink_in(&canvas, PLAYER_SPAN, row_span(k), INK) > 0,
                    "row {k}"
                );
                // Between the player's column and the games' right-aligned "3": nothing.
                let gap = PLAYER_SPAN.end..GAMES.left(16);
                assert_eq!(ink_in(&canvas, gap, row_span(k), INK), 0, "row {k}");
            }
        }
    }

    #[test]
    fn a_long_event_name_takes_a_second_title_line_and_no_more() {
        let short = field(3);
        let mut long = field(3);
        long.event.name = "春の大会 Spring open ".repeat(20);
        for lang in Lang::ALL {
            let height = |s: &Standings| draw(s, lang).height();
            assert_eq!(height(&long), height(&short) + TITLE_LINE, "{lang:?}");
            let lines = title_lines(&title(&long, lang), (WIDTH - 2 * MARGIN) / SCALE);
            assert!(lines
                .iter()
                .all(|l| l.width() <= (WIDTH - 2 * MARGIN) / SCALE));
        }
    }

    #[test]
    fn the_same_standings_give_the_same_bytes() {
        let s = standings(&["Alice", "山田太郎", "Bob"]);
        assert_eq!(render(&s, Lang::En), render(&s, Lang::En));
        assert_ne!(render(&s, Lang::En), render(&s, Lang::Ja));
        let mut later = s.clone();
        later.finished += 1;
        assert_ne!(render(&s, Lang::En), render(&later, Lang::En));
    }

    #[test]
    fn a_dropped_player_is_greyed_with_the_mark_and_a_short_run_is_amber() {
        let mut s = standings(&["Alice", "Bob", "Carol"]);
        s.event = event(true);
        s.rows[1].dropped = true;
        s.rows[2].short_run = true;
        let canvas = draw(&s, Lang::En);
        assert_eq!(ink_in(&canvas, PLAYER_SPAN, row_span(1), INK), 0);
        // "Bob" and "(dropped)" in grey: more than "Bob" alone would take.
        let muted = ink_in(&canvas, PLAYER_SPAN, row_span(1), MUTED);
        assert!(
            muted > 2 * ink_in(&canvas, PLAYER_SPAN, row_span(0), INK),
            "{muted}"
        );
        let games = GAMES.left(48)..488;
        assert!(
            ink_in(&canvas, games.clone(), row_span(2), SHORT) > 0,
            "3/5 in amber"
        );
        assert_eq!(ink_in(&canvas, games, row_span(0), SHORT), 0);
    }

    #[test]
    fn the_picture_is_attached_past_a_dozen_rows_or_when_the_lines_were_cut() {
        let plain = || Message::text("standings");
        let twelve = attach(plain(), &field(MANY_ROWS), Lang::En, false);
        assert!(twelve.attachment.is_none() && twelve.embeds.is_empty());
        let many = attach(plain(), &field(MANY_ROWS + 1), Lang::En, false);
        assert_eq!(many.attachment.as_ref().unwrap().filename, FILENAME);
        assert_eq!(many.check_limits(), Ok(()));
        assert!(attach(plain(), &field(3), Lang::En, true)
            .attachment
            .is_some());
    }
}
