//! PDN 3.0 game files (to be written).
