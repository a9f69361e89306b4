//! Backgammon training and measuring. Index:
//! * `duels`: players, determinism, strength, parallel duels, failing players;
//! * `labelling`: label files are the same for any threads and resume exactly;
//! * `training`: self-play training resumes exactly;
//! * `pinned`: duels and training at fixed seeds, line by line against
//!   `tests/data/backgammon-pinned.txt`.

mod duels;
mod labelling;
mod pinned;
mod training;
