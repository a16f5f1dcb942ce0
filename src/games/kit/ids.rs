//! The enums a game names things by in its records and files (why points moved, why a game
//! ended): each variant's stable id is its serde name, written once by [`stable_ids!`].

/// An enum of stable ids: copyable, compared, serialised by its variants' snake-case names,
/// with `id(self) -> &'static str`, that same name. Attributes written before `enum` (docs, an
/// extra `#[derive(Hash)]`) are kept.
macro_rules! stable_ids {
    ($(#[$meta:meta])* $vis:vis enum $name:ident { $($body:tt)* }) => {
        $(#[$meta])*
        #[derive(
            Debug,
            Clone,
            Copy,
            PartialEq,
            Eq,
            serde::Serialize,
            serde::Deserialize,
            strum::IntoStaticStr,
        )]
        #[serde(rename_all = "snake_case")]
        #[strum(serialize_all = "snake_case")]
        $vis enum $name {
            $($body)*
        }

        impl $name {
            /// The stable id: the variant's serde name.
            pub fn id(self) -> &'static str {
                self.into()
            }
        }
    };
}

pub(crate) use stable_ids;
