//! The `tesuji` command line (in progress).
fn main() {}
