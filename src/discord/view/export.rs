//! The words sent with an exported match.

use crate::i18n::{tr_args, Lang};
use crate::service::ExportFile;

/// What the attachment is and how to check it.
pub fn note(file: &ExportFile, lang: Lang) -> String {
    tr_args(
        lang,
        "export-note",
        &[
            ("name", file.name.clone().into()),
            ("rounds", (file.rounds as i64).into()),
        ],
    )
}
