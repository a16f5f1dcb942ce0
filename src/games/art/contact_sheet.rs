//! A contact sheet: every face of a game in a grid, at full size and at Discord's inline emoji
//! size, on Discord's dark and light backgrounds, to judge the art in both themes at a glance.

use tiny_skia::{IntSize, Pixmap, PixmapPaint, Transform};

use crate::games::art::{Color, Face, SIZE};

/// Discord's dark theme background.
const DARK: Color = Color::rgb(0x313338);
/// Discord's light theme background.
const LIGHT: Color = Color::rgb(0xffffff);
/// An inline emoji's height in a message.
pub const INLINE: u32 = 22;
const GAP: u32 = 8;
const SMALL_GAP: u32 = 4;
const MARGIN: u32 = 16;

/// A face that is not a PNG of the face size.
#[derive(Debug, thiserror::Error)]
#[error("face {code} is not a {SIZE}×{SIZE} PNG")]
pub struct SheetError {
    pub code: String,
}

/// Every face in rows of `columns`: one strip on the dark background and one on the light,
/// each the grid at 128 px and then at 22 px.
///
/// # Errors
/// [`SheetError`] when a face does not decode as a 128×128 PNG.
pub fn contact_sheet(faces: &[Face], columns: usize) -> Result<Vec<u8>, SheetError> {
    let images = faces
        .iter()
        .map(|f| {
            Pixmap::decode_png(&f.png)
                .ok()
                .filter(|p| p.width() == SIZE && p.height() == SIZE)
                .ok_or_else(|| SheetError {
                    code: f.code.clone(),
                })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let small: Vec<Pixmap> = images.iter().map(|p| shrink(p, INLINE)).collect();
    let columns = columns.max(1) as u32;
    let rows = (images.len() as u32).div_ceil(columns).max(1);
    let big = grid_size(columns, rows, SIZE, GAP);
    let little = grid_size(columns, rows, INLINE, SMALL_GAP);
    let strip = (big.0 + 2 * MARGIN, big.1 + little.1 + 3 * MARGIN);
    let mut sheet = Pixmap::new(strip.0, 2 * strip.1).expect("a sheet of faces");
    for (band, background) in [DARK, LIGHT].into_iter().enumerate() {
        let top = band as u32 * strip.1;
        fill_band(&mut sheet, top, strip.1, background);
        place(
            &mut sheet,
            &images,
            columns,
            (MARGIN, top + MARGIN),
            SIZE + GAP,
        );
        let below = top + 2 * MARGIN + big.1;
        place(
            &mut sheet,
            &small,
            columns,
            (MARGIN, below),
            INLINE + SMALL_GAP,
        );
    }
    Ok(sheet.encode_png().expect("a sheet encodes as PNG"))
}

fn grid_size(columns: u32, rows: u32, cell: u32, gap: u32) -> (u32, u32) {
    (columns * (cell + gap) - gap, rows * (cell + gap) - gap)
}

fn fill_band(sheet: &mut Pixmap, top: u32, height: u32, color: Color) {
    let rect = tiny_skia::Rect::from_xywh(0.0, top as f32, sheet.width() as f32, height as f32)
        .expect("a band");
    let mut paint = tiny_skia::Paint::default();
    paint.set_color_rgba8(color.r, color.g, color.b, color.a);
    sheet.fill_rect(rect, &paint, Transform::identity(), None);
}

fn place(sheet: &mut Pixmap, images: &[Pixmap], columns: u32, origin: (u32, u32), step: u32) {
    for (i, image) in images.iter().enumerate() {
        let (col, row) = (i as u32 % columns, i as u32 / columns);
        let (x, y) = (origin.0 + col * step, origin.1 + row * step);
        sheet.draw_pixmap(
            x as i32,
            y as i32,
            image.as_ref(),
            &PixmapPaint::default(),
            Transform::identity(),
            None,
        );
    }
}

/// `image` scaled down to `side`×`side` by averaging the source pixels under each target
/// pixel (a box filter, as a browser shrinks an emoji), on premultiplied values.
fn shrink(image: &Pixmap, side: u32) -> Pixmap {
    const SAMPLES: u32 = 8;
    let scale = image.width() as f32 / side as f32;
    let src = image.data();
    let mut out = vec![0u8; (side * side * 4) as usize];
    for y in 0..side {
        for x in 0..side {
            let mut sum = [0u32; 4];
            for sy in 0..SAMPLES {
                for sx in 0..SAMPLES {
                    let px = ((x as f32 + (sx as f32 + 0.5) / SAMPLES as f32) * scale) as u32;
                    let py = ((y as f32 + (sy as f32 + 0.5) / SAMPLES as f32) * scale) as u32;
                    let at = ((py.min(image.height() - 1) * image.width()
                        + px.min(image.width() - 1))
                        * 4) as usize;
                    for (c, s) in sum.iter_mut().enumerate() {
                        *s += u32::from(src[at + c]);
                    }
                }
            }
            let at = ((y * side + x) * 4) as usize;
            for c in 0..4 {
                out[at + c] = (sum[c] / (SAMPLES * SAMPLES)) as u8;
            }
        }
    }
    Pixmap::from_vec(out, IntSize::from_wh(side, side).expect("a size")).expect("a pixmap")
}
