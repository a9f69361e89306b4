//! No new import circle in any crate of the workspace: the circles found are exactly those listed
//! in [`KNOWN`], which may only shrink (an opened circle must leave the list too, so that it
//! cannot come back unseen).

use ludus_import_circles::{crate_circles, crate_roots};
use std::path::{Path, PathBuf};

/// The circles still open, each its files relative to the workspace root, sorted: none since
/// the server's games, positions and set-ups stopped importing its API errors.
const KNOWN: &[&[&str]] = &[];

/// The workspace root.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every target root of the workspace's crates ([`crate_roots`]).
fn workspace_roots() -> Vec<PathBuf> {
    let mut roots = Vec::new();
    for entry in std::fs::read_dir(workspace().join("crates")).expect("crates/") {
        roots.extend(crate_roots(&entry.expect("entry").path()));
    }
    roots.sort();
    roots
}

#[test]
fn the_workspace_has_no_import_circle_but_the_known_ones() {
    let base = workspace().canonicalize().expect("workspace");
    let mut found: Vec<Vec<String>> = Vec::new();
    for root in workspace_roots() {
        let circles = crate_circles(&root).unwrap_or_else(|e| panic!("{e}"));
        for circle in circles {
            found.push(
                circle
                    .iter()
                    .map(|file| {
                        let file = file.canonicalize().expect("file");
                        file.strip_prefix(&base)
                            .expect("in the workspace")
                            .display()
                            .to_string()
                    })
                    .collect(),
            );
        }
    }
    found.sort();
    let known: Vec<Vec<String>> = KNOWN
        .iter()
        .map(|c| c.iter().map(|f| (*f).to_owned()).collect())
        .collect();
    assert_eq!(found, known, "import circles (found, then known)");
}

#[test]
fn a_circle_between_two_files_is_found() {
    let dir = std::env::temp_dir().join(format!("ludus-circles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(
        dir.join("lib.rs"),
        "mod a;\nmod b;\nmod c;\npub use c::Gamma;\n",
    )
    .unwrap();
    // a and b name each other (b inside a macro's tokens); c's test module names a: no circle.
    std::fs::write(
        dir.join("a.rs"),
        "use crate::b::Beta;\npub struct Alpha(Beta);\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("b.rs"),
        "pub struct Beta;\nfn f() { let _ = vec![crate::a::Alpha(Beta)]; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("c.rs"),
        "pub struct Gamma;\n#[cfg(test)]\nmod tests { use crate::a::Alpha; }\n",
    )
    .unwrap();
    let circles = crate_circles(&dir.join("lib.rs")).expect("reads");
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(circles, vec![vec![dir.join("a.rs"), dir.join("b.rs")]]);
}

#[test]
fn a_re_export_of_the_root_leads_to_the_defining_file() {
    let dir = std::env::temp_dir().join(format!("ludus-reexport-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("d")).expect("temp dir");
    std::fs::write(dir.join("lib.rs"), "mod a;\nmod d;\npub use a::Alpha;\n").unwrap();
    std::fs::write(dir.join("a.rs"), "pub struct Alpha;\n").unwrap();
    // d/mod.rs names the root's re-export and its child names d: no circle with the root.
    std::fs::write(
        dir.join("d/mod.rs"),
        "mod e;\nuse crate::Alpha;\npub struct Delta;\n",
    )
    .unwrap();
    std::fs::write(dir.join("d/e.rs"), "use super::Delta;\nuse crate::Alpha;\n").unwrap();
    let circles = crate_circles(&dir.join("lib.rs")).expect("reads");
    std::fs::remove_dir_all(&dir).ok();
    assert!(circles.is_empty(), "{circles:?}");
}

#[test]
fn a_binary_root_and_a_path_attribute_are_followed() {
    let dir = std::env::temp_dir().join(format!("ludus-bin-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("src/tool")).expect("temp dir");
    std::fs::write(
        dir.join("Cargo.toml"),
        "[package]\nname = \"x\"\n\n[[bin]]\nname = \"tool\"\npath = \"src/tool/main.rs\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("src/tool/main.rs"),
        "#[path = \"../shared.rs\"]\nmod shared;\nmod local;\nfn main() {}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("src/shared.rs"),
        "pub fn f() { crate::local::g(); }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("src/tool/local.rs"),
        "pub fn g() { crate::shared::f(); }\n",
    )
    .unwrap();
    let roots = crate_roots(&dir);
    assert_eq!(roots, vec![dir.join("src/tool/main.rs")]);
    let circles = crate_circles(&roots[0]).expect("reads");
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(circles.len(), 1, "{circles:?}");
    assert_eq!(circles[0].len(), 2, "{circles:?}");
}
