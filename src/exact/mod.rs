//! The exact engine: probability mass functions over integers, built by exact
//! enumeration and convolution. Every query answers exactly by default.

pub mod attacks;
pub mod leadership;
pub(crate) mod pmf;
pub mod tree;

pub use pmf::Pmf;
