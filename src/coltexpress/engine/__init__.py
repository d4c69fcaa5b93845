"""The pure rules engine: no I/O, no clocks, no global randomness."""
