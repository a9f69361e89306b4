//! The named values of an error message (`params` of every error answer), shared by the
//! refusals of every module and the API's error body; this module imports nothing of its users.

/// Named values of an error message, as text.
pub type Params = Vec<(&'static str, String)>;
