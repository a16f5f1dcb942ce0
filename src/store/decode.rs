//! Reading stored values into typed ones, once, where they are read. A value that does not
//! decode is [`StoreError::Corrupt`] naming the table, the row and the column — never a
//! default, so damaged data is reported and never written back over.

use std::fmt::Display;

use super::StoreError;

/// Where a value was read: table and row (its key, as text).
#[derive(Debug, Clone)]
pub(crate) struct At {
    pub table: &'static str,
    pub row: String,
}

impl At {
    pub fn new(table: &'static str, row: impl Display) -> At {
        At {
            table,
            row: row.to_string(),
        }
    }

    /// The error for a damaged `column`.
    pub fn corrupt(&self, column: &'static str, detail: impl Display) -> StoreError {
        StoreError::Corrupt {
            table: self.table,
            row: self.row.clone(),
            column,
            detail: detail.to_string(),
        }
    }

    /// A JSON column.
    pub fn json<T: serde::de::DeserializeOwned>(
        &self,
        column: &'static str,
        text: &str,
    ) -> Result<T, StoreError> {
        serde_json::from_str(text).map_err(|e| self.corrupt(column, e))
    }

    /// A column holding one of a fixed set of names.
    pub fn named<T>(
        &self,
        column: &'static str,
        text: &str,
        parse: impl Fn(&str) -> Option<T>,
    ) -> Result<T, StoreError> {
        parse(text).ok_or_else(|| self.corrupt(column, format!("unknown value {text:?}")))
    }

    /// A seat column (0 or 1).
    pub fn seat(
        &self,
        column: &'static str,
        n: i64,
    ) -> Result<crate::games::interface::seat::Seat, StoreError> {
        u64::try_from(n)
            .ok()
            .and_then(crate::games::interface::seat::Seat::from_index)
            .ok_or_else(|| self.corrupt(column, format!("{n} is not a seat")))
    }
}
