//! SGF: reading and writing Smart Game Format files (in progress).
