//! The players' rules page must show the engine's own yaku table.

use momojan::games::momojan::yaku::markdown_table;
use momojan::games::momojan::{Yaku, YakuPoints};

const RULES: &str = include_str!("../../docs/rules.md");

fn generated_block() -> &'static str {
    let start = RULES
        .find("<!-- yaku-table:start")
        .expect("docs/rules.md has a yaku-table:start marker");
    let body = &RULES[start..];
    let body = &body[body.find('\n').expect("marker line ends") + 1..];
    let end = body
        .find("<!-- yaku-table:end -->")
        .expect("docs/rules.md has a yaku-table:end marker");
    &body[..end]
}

#[test]
fn rules_page_yaku_table_matches_the_engine() {
    assert_eq!(
        generated_block(),
        markdown_table(&YakuPoints::default()),
        "docs/rules.md is out of date: regenerate its block with `momojan yaku-table`"
    );
}

#[test]
fn every_yaku_is_on_the_rules_page() {
    for y in Yaku::ALL {
        let info = y.info();
        assert!(generated_block().contains(&format!("| `{}` | {} |", info.id, info.japanese)));
    }
}
