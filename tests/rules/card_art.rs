//! The card art (`src/games/art.rs` and each game's `art.rs`): every face renders to what
//! Discord takes as an emoji, each game's faces are distinct, and their emoji names are
//! Discord's.

use std::collections::HashSet;

use momojan::games::art::{self, is_emoji_name, parse_emoji_name, short_hash, SIZE};
use momojan::games::registry::{self, GameId};

fn decode(png: &[u8]) -> tiny_skia::Pixmap {
    tiny_skia::Pixmap::decode_png(png).expect("a PNG")
}

#[test]
fn every_face_of_every_game_is_a_128_px_png_under_discords_256_kib() {
    for game in GameId::ALL {
        for face in registry::faces(game) {
            let pixmap = decode(&face.png);
            assert_eq!(
                (pixmap.width(), pixmap.height()),
                (SIZE, SIZE),
                "{}",
                face.code
            );
            assert!(face.png.len() < art::MAX_PNG_BYTES, "{game} {}", face.code);
            assert!(face.png.starts_with(b"\x89PNG\r\n\x1a\n"), "{}", face.code);
        }
    }
}

#[test]
fn a_face_is_opaque_in_its_middle_so_it_reads_on_dark_and_light_themes() {
    for game in GameId::ALL {
        for face in registry::faces(game) {
            let middle = decode(&face.png).pixel(SIZE / 2, SIZE / 2).unwrap();
            assert_eq!(middle.alpha(), 255, "{game} {}", face.code);
        }
    }
}

#[test]
fn face_codes_are_distinct_within_each_game_and_cover_its_kinds() {
    let expected = |game| match game {
        GameId::Momojan => 41,   // 4 fruits × 9 numbers and 5 pictures
        GameId::Shogi => 8,      // 歩 香 桂 銀 金 角 飛 玉
        GameId::Riichi => 37,    // 34 kinds and three red fives
        GameId::Beginners => 26, // 6 forms of each suit, 4 of each honour
        GameId::Mining => 37,    // riichi's tiles, under their own emoji names
    };
    for game in GameId::ALL {
        let faces = registry::faces(game);
        let codes: HashSet<&str> = faces.iter().map(|f| f.code.as_str()).collect();
        assert_eq!(codes.len(), faces.len(), "{game}: a code twice");
        assert_eq!(faces.len(), expected(game), "{game}");
    }
    let momojan: HashSet<String> = registry::faces(GameId::Momojan)
        .into_iter()
        .map(|f| f.code)
        .collect();
    for code in [
        "p1", "p9", "l5", "o3", "s9", "Dog", "Monkey", "Pheasant", "Sun", "Moon",
    ] {
        assert!(momojan.contains(code), "{code}");
    }
    let shogi: Vec<String> = registry::faces(GameId::Shogi)
        .into_iter()
        .map(|f| f.code)
        .collect();
    assert_eq!(shogi, ["FU", "KY", "KE", "GI", "KI", "KA", "HI", "GY"]);
}

#[test]
fn every_faces_emoji_name_is_a_valid_discord_name_and_unique_across_games() {
    let mut names = HashSet::new();
    for game in GameId::ALL {
        let prefix = registry::art_prefix(game);
        for face in registry::faces(game) {
            let name = art::emoji_name(prefix, &face.code, &face.png);
            assert!(is_emoji_name(&name), "{name}");
            let hash = short_hash(&face.png);
            assert_eq!(
                parse_emoji_name(prefix, &name),
                Some((face.code.as_str(), hash.as_str()))
            );
            assert!(names.insert(name.clone()), "{name} twice");
        }
    }
}

#[test]
fn a_changed_face_gets_a_new_name() {
    let a = art::emoji_name("mj", "p5", b"one picture");
    let b = art::emoji_name("mj", "p5", b"another picture");
    assert_ne!(a, b);
    assert!(
        a.starts_with("mj_p5_") && a.len() == "mj_p5_".len() + 8,
        "{a}"
    );
}

#[test]
fn discord_emoji_names_are_2_to_32_letters_digits_or_underscores() {
    for good in ["ab", "mj_p5_1a2b3c4d", "sg_FU_00000000", &"x".repeat(32)] {
        assert!(is_emoji_name(good), "{good}");
    }
    for bad in ["", "a", &"x".repeat(33), "mj-p5", "mj p5", "桃"] {
        assert!(!is_emoji_name(bad), "{bad}");
    }
}

#[test]
fn names_not_made_by_emoji_name_are_not_faces() {
    for other in [
        "mj",
        "mj_",
        "mj_p5",
        "mj__1a2b3c4d",
        "mj_p5_1a2b3c4",
        "mj_p5_1A2B3C4D",
        "mjx_p5_1a2b3c4d",
        "thumbs_up",
    ] {
        assert_eq!(parse_emoji_name("mj", other), None, "{other}");
    }
}

#[test]
fn rendering_is_deterministic() {
    for game in GameId::ALL {
        assert_eq!(registry::faces(game), registry::faces(game), "{game}");
    }
}

#[test]
fn the_contact_sheet_shows_the_faces_on_discords_dark_and_light_backgrounds() {
    let faces = registry::faces(GameId::Shogi);
    let sheet = decode(&registry::contact_sheet(GameId::Shogi, &faces).unwrap());
    let at = |y| sheet.pixel(1, y).unwrap();
    let (dark, light) = (at(1), at(sheet.height() - 2));
    assert_eq!((dark.red(), dark.green(), dark.blue()), (0x31, 0x33, 0x38));
    assert_eq!(
        (light.red(), light.green(), light.blue()),
        (0xff, 0xff, 0xff)
    );
}

#[test]
fn an_altered_face_has_other_pixels_and_so_another_name() {
    let face = &registry::faces(GameId::Momojan)[0];
    let altered = art::altered(&face.png);
    assert_ne!(short_hash(&altered), short_hash(&face.png));
    assert_eq!(decode(&altered).width(), SIZE);
}

#[test]
fn momojan_cards_writes_every_face_the_sheets_and_the_emoji_named_copies() {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_momojan"))
        .args(["cards", "--out"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut emoji_names = HashSet::new();
    for game in GameId::ALL {
        let prefix = registry::art_prefix(game);
        for face in registry::faces(game) {
            let written = dir
                .path()
                .join(game.id())
                .join(format!("{}.png", face.code));
            assert_eq!(
                std::fs::read(&written).unwrap(),
                face.png,
                "{}",
                written.display()
            );
            emoji_names.insert(format!(
                "{}.png",
                art::emoji_name(prefix, &face.code, &face.png)
            ));
        }
        let sheet = dir.path().join(format!("{}-sheet.png", game.id()));
        assert!(decode(&std::fs::read(sheet).unwrap()).width() > SIZE);
    }
    let written: HashSet<String> = std::fs::read_dir(dir.path().join("emoji"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(written, emoji_names);
}
