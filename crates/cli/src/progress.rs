//! The progress bars of the long commands, on stderr. A leaf module: it imports nothing of the
//! commands that use it.

use indicatif::{ProgressBar, ProgressStyle};

/// A bar of `total` `unit`s with elapsed time, rate and eta; hidden when `quiet`.
pub(crate) fn counting_bar(total: u64, quiet: bool, unit: &str) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    let template = format!(
        "{{elapsed_precise}} [{{bar:40}}] {{pos}}/{{len}} {unit} ({{per_sec}}, eta {{eta}})"
    );
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar
}

/// A bar with `template`'s layout and `=> ` as its fill.
pub(crate) fn styled_bar(total: u64, template: &str) -> ProgressBar {
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template(template)
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar
}
