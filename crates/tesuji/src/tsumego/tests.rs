//! Unit tests of the problem model.
