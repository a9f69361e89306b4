//! Backgammon training and measuring. Index:
//! * `duels`: players, determinism, strength, parallel duels, failing players, cube counts;
//! * `gnubg_cube`: gnubg's doubles, takes and passes over the line protocol;
//! * `label_data`: the committed label chunks match their manifest;
//! * `labelling`: label files are the same for any threads and resume exactly;
//! * `referee_rollouts`: the committed rollouts of cube positions by gnubg and by Ludus match
//!   their manifest;
//! * `training`: self-play training resumes exactly;
//! * `pinned`: duels and training at fixed seeds, line by line against
//!   `tests/data/backgammon-pinned.txt`.

mod duels;
mod gnubg_cube;
mod label_data;
mod labelling;
mod pinned;
mod referee_rollouts;
mod training;
