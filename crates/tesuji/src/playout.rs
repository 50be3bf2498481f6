//! Light random playouts, the benchmark workload (in progress).
