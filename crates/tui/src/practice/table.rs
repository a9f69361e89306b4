//! The progress table (`ludus practice progress`): one row per game kind and day from the
//! player file, as text columns in the user's language.

use crate::i18n::Catalog;
use ludus_practice::{
    Day, GameKind, LEVELS, PlayerFile, ProgressRow, checker_mp_per_decision, level_to_try, progress,
};
use std::collections::HashMap;

/// The table's lines: a header, then one row per game kind and day (oldest first), or one line
/// saying there is nothing yet.
pub fn progress_lines(file: &PlayerFile, catalog: &Catalog) -> Vec<String> {
    let kinds: HashMap<_, _> = file.exercises.iter().map(|e| (e.id, e.game)).collect();
    let rows = progress(&file.games, &file.results, &kinds).rows;
    if rows.is_empty() {
        return vec![catalog.get("practice-no-progress")];
    }
    let header: Vec<String> = [
        "practice-col-date",
        "practice-col-game",
        "practice-col-games",
        "practice-col-checker",
        "practice-col-cube",
        "practice-col-value-changes",
        "practice-col-luck",
        "practice-col-exercises",
    ]
    .iter()
    .map(|k| catalog.get(k))
    .collect();
    let mut table = vec![header];
    table.extend(rows.iter().map(|r| row_cells(r, catalog)));
    columns(&table)
}

/// The computer levels' measured strength under the progress table, with the level to try
/// next: empty until a reviewed backgammon game gives the player's own checker error rate.
pub fn level_lines(file: &PlayerFile, catalog: &Catalog) -> Vec<String> {
    let Some(mp) = checker_mp_per_decision(&file.games) else {
        return Vec::new();
    };
    let mut table = vec![vec![
        catalog.get("opt-level"),
        catalog.get("progress-level-bg"),
        catalog.get("progress-level-morris"),
    ]];
    table.extend(LEVELS.iter().map(|level| {
        vec![
            level.level.to_string(),
            format!(
                "{:.1} ± {:.1}",
                level.backgammon_mp_per_move, level.backgammon_ci95
            ),
            level.morris_ladder_elo.to_string(),
        ]
    }));
    let advice = catalog.format(
        "progress-level-advice",
        &[
            ("mp", &format!("{mp:.1}")),
            ("level", &level_to_try(mp).to_string()),
        ],
    );
    let mut lines = vec![String::new(), catalog.get("progress-levels-title"), advice];
    lines.extend(columns(&table));
    lines.push(catalog.get("progress-levels-how"));
    lines
}

/// One row's cells; `–` where a column does not apply.
fn row_cells(row: &ProgressRow, catalog: &Catalog) -> Vec<String> {
    let number =
        |x: Option<f64>, digits: usize| x.map_or_else(|| "–".into(), |x| format!("{x:.digits$}"));
    let game = match row.game {
        GameKind::Backgammon => catalog.get("backgammon-title"),
        GameKind::Morris => catalog.get("morris-title"),
    };
    vec![
        date(row.day),
        game,
        row.games.to_string(),
        number(row.checker_mp_per_decision, 1),
        number(row.cube_mp_per_decision, 1),
        number(row.value_changes_per_game, 2),
        row.luck_per_game
            .map_or_else(|| "–".into(), |l| format!("{l:+.3}")),
        format!("{} / {}", row.exercises_right, row.exercises_wrong),
    ]
}

/// Cells padded to their column's width, two spaces apart.
fn columns(table: &[Vec<String>]) -> Vec<String> {
    let count = table.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..count)
        .map(|c| {
            table
                .iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    table
        .iter()
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .zip(&widths)
                .map(|(cell, &width)| format!("{cell:<width$}"))
                .collect();
            cells.join("  ").trim_end().to_string()
        })
        .collect()
}

/// The calendar date of a day number (days since 1970-01-01), `YYYY-MM-DD` (the proleptic
/// Gregorian calendar, by the civil-from-days conversion: 400-year eras of 146 097 days).
pub fn date(day: Day) -> String {
    let z = i64::from(day) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Today's day number from the system clock (UTC).
pub fn today() -> Day {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    Day::try_from(seconds / 86_400).unwrap_or(Day::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use ludus_practice::GameRecord;

    #[test]
    fn day_numbers_are_calendar_dates() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(59), "1970-03-01");
        // 2000-02-29 is day 11 016; 2026-12-05 is day 20 792.
        assert_eq!(date(11_016), "2000-02-29");
        assert_eq!(date(20_792), "2026-12-05");
    }

    #[test]
    fn the_table_has_a_row_per_game_and_day_with_checker_and_cube_apart() {
        let mut file = PlayerFile::default();
        file.games.push(GameRecord::Backgammon {
            day: 20_792,
            checker_decisions: 20,
            checker_equity_lost: 0.5,
            cube_decisions: 2,
            cube_equity_lost: 0.1,
            luck: Some(0.25),
        });
        file.games.push(GameRecord::Morris {
            day: 20_793,
            value_changes: 3,
        });
        let lines = progress_lines(&file, &Catalog::new(Lang::En));
        assert_eq!(lines.len(), 3, "{lines:#?}");
        assert!(lines[0].starts_with("Date"), "{}", lines[0]);
        let bg: Vec<&str> = lines[1].split("  ").filter(|c| !c.is_empty()).collect();
        // 0.5 over 20 checker decisions = 25 mp, 0.1 over 2 cube decisions = 50 mp.
        assert_eq!(
            bg.iter().map(|c| c.trim()).collect::<Vec<_>>(),
            [
                "2026-12-05",
                "Backgammon",
                "1",
                "25.0",
                "50.0",
                "–",
                "+0.250",
                "0 / 0"
            ]
        );
        assert!(lines[2].contains("Nine Men's Morris") && lines[2].contains("3.00"));
        assert_eq!(
            progress_lines(&PlayerFile::default(), &Catalog::new(Lang::En)),
            ["No reviewed games or answered exercises yet."]
        );
        // 25 mp a checker decision: the line names the weakest level that errs less.
        let levels = level_lines(&file, &Catalog::new(Lang::En));
        assert!(
            levels[2].contains("25.0 mp")
                && levels[2].contains(&format!("level {}", level_to_try(25.0))),
            "{levels:#?}"
        );
        assert_eq!(levels.len(), 3 + 11 + 1, "{levels:#?}");
        let level_1 = &LEVELS[0];
        let level_1_strength = format!(
            "{:.1} ± {:.1}",
            level_1.backgammon_mp_per_move, level_1.backgammon_ci95
        );
        assert!(
            levels[4].starts_with("1 ") && levels[4].contains(&level_1_strength),
            "{}",
            levels[4]
        );
        assert!(level_lines(&PlayerFile::default(), &Catalog::new(Lang::En)).is_empty());
    }
}
