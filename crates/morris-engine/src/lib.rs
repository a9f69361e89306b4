//! Morris engine: evaluation, search and databases over the `ludus-morris` rules.
#![warn(missing_docs)]
