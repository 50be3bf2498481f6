//! The clock of time budgets and timings.
//!
//! `std::time::Instant::now()` panics on `wasm32-unknown-unknown` (the browser target has
//! no clock in `std`), so there the clock is `web_time::Instant`, which reads
//! `performance.now()` and works in pages, Web Workers and node. Everywhere else it is
//! `std::time::Instant` itself and `web-time` is not even compiled.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use web_time::Instant;
