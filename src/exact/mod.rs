//! The exact engine: probability mass functions over integers, built by exact
//! enumeration and convolution. Every query answers exactly by default.

pub mod pmf;

pub use pmf::Pmf;
