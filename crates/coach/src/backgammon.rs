//! Training and measuring the backgammon engine.
//!
//! * [`train`]: self-play TD(λ) and refinement by the network's own lookahead;
//!   [`checkpoints`]: where such a run starts (resumed, widened, grown) and when it writes;
//! * [`supervised`]: the positions of seeded games, their labels (lookahead or rollout) and
//!   training on them; [`labels`]: the file of labelled positions, its resumption and held-out
//!   split; [`labeller`]: labelling games on several threads into that file, in order;
//! * [`fit`]: the minibatch trainer (AdamW on candle tensors, a schedule, held-out best pass,
//!   checkpoints) on labelled positions;
//! * [`distill`]: the pruning network distilled from the main one;
//! * [`duel`]: mirrored-dice duels between players (money, cube, matches);
//! * [`error_rate`]: the equity players lose per move against a judge;
//! * [`player_spec`]: players in their command-line forms; [`program`]: players that are other
//!   programs over the player protocol (GNU Backgammon with `assets/gnubg-player.py`);
//! * [`weights`]: reading and writing weights files.

pub mod checkpoints;
pub mod distill;
pub mod duel;
pub mod error_rate;
pub mod fit;
pub mod labeller;
pub mod labels;
pub mod player_spec;
pub mod program;
pub mod supervised;
pub mod train;
pub mod weights;
