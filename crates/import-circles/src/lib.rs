//! Import circles between the source files of a crate.
//!
//! A file *imports* another when it names an item of the other's module: a `use` declaration or a
//! qualified path (`crate::a::b::Item`, `super::Item`, `self::child::Item`, `child::Item`). Two
//! files are in a circle when each reaches the other through such imports; a circle means neither
//! file can be read, tested or moved without the other. Declaring a module (`mod child;`) is not
//! an import, nor is a re-export (`pub use child::Item;`: whoever names `Item` through it imports
//! the file that defines it), nor is a child module's use of its ancestors' items (`super::Item`:
//! a child module is a room inside its parent's), and test code (`#[cfg(test)]` items) is left
//! out.
//!
//! [`crate_circles`] reads a crate from its root file (`src/lib.rs`, `src/main.rs` or a binary's
//! own root), following `mod` declarations (and their `#[path]`) to their files, and returns
//! every circle (a strongly connected component of
//! more than one file) as a sorted list of paths.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use syn::visit::Visit;
use thiserror::Error;

/// Why a crate's files could not be read.
#[derive(Debug, Error)]
pub enum CircleError {
    /// A source file could not be read.
    #[error("{}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A source file is not Rust that `syn` parses.
    #[error("{}: {source}", path.display())]
    Parse {
        /// The file.
        path: PathBuf,
        /// The parse error.
        source: syn::Error,
    },
}

/// A module's path from the crate root (`[]` is the root; `["games", "backgammon"]`).
type ModulePath = Vec<String>;

/// Every module of one crate, each with the file that holds it, and the imports between them.
#[derive(Debug, Default)]
struct CrateModules {
    /// The file that holds each module (inline modules map to their enclosing file).
    files: BTreeMap<ModulePath, PathBuf>,
    /// For each module, the module paths its imports name (not yet cut to known modules).
    imports: BTreeMap<ModulePath, Vec<ModulePath>>,
    /// For each module, the names its `use` declarations bring in and the paths they stand for
    /// (so that `crate::Item` re-exported by the root leads to the file that defines it).
    aliases: BTreeMap<ModulePath, BTreeMap<String, ModulePath>>,
}

/// The circles of the crate whose root file is `root` (`.../src/lib.rs` or `.../src/main.rs`):
/// each circle is the sorted list of its files, and the circles are sorted.
pub fn crate_circles(root: &Path) -> Result<Vec<Vec<PathBuf>>, CircleError> {
    let mut modules = CrateModules::default();
    read_module_file(
        root,
        Vec::new(),
        root.parent().unwrap_or(Path::new(".")),
        &mut modules,
    )?;
    let edges = file_edges(&modules);
    Ok(strongly_connected(&edges))
}

/// Reads the module `path` held by `file` (whose child module files live in `child_dir`).
fn read_module_file(
    file: &Path,
    path: ModulePath,
    child_dir: &Path,
    modules: &mut CrateModules,
) -> Result<(), CircleError> {
    let text = std::fs::read_to_string(file).map_err(|source| CircleError::Read {
        path: file.to_owned(),
        source,
    })?;
    let syntax = syn::parse_file(&text).map_err(|source| CircleError::Parse {
        path: file.to_owned(),
        source,
    })?;
    read_items(&syntax.items, path, file, child_dir, modules)
}

/// Records the module `path` (held by `file`) with its items' imports, and reads its child
/// modules: inline ones in place, declared ones from `child_dir`.
fn read_items(
    items: &[syn::Item],
    path: ModulePath,
    file: &Path,
    child_dir: &Path,
    modules: &mut CrateModules,
) -> Result<(), CircleError> {
    modules.files.insert(path.clone(), file.to_owned());
    let mut collector = ImportCollector {
        module: &path,
        found: Vec::new(),
        aliases: BTreeMap::new(),
    };
    for item in items.iter().filter(|item| !is_test_only(item)) {
        match item {
            syn::Item::Mod(child) => {
                let mut child_path = path.clone();
                child_path.push(child.ident.to_string());
                let name = child.ident.to_string();
                match &child.content {
                    Some((_, inner)) => {
                        read_items(inner, child_path, file, &child_dir.join(&name), modules)?
                    }
                    None => {
                        let (child_file, grandchild_dir) = match path_attribute(&child.attrs) {
                            // `#[path]` is relative to the folder of the declaring file.
                            Some(relative) => {
                                let folder = file.parent().unwrap_or(Path::new("."));
                                let child_file = folder.join(relative);
                                let stem = child_file.with_extension("");
                                (child_file, stem)
                            }
                            None => module_file(child_dir, &name),
                        };
                        read_module_file(&child_file, child_path, &grandchild_dir, modules)?
                    }
                }
            }
            other => collector.visit_item(other),
        }
    }
    let (found, aliases) = (collector.found, collector.aliases);
    modules
        .aliases
        .entry(path.clone())
        .or_default()
        .extend(aliases);
    modules.imports.entry(path).or_default().extend(found);
    Ok(())
}

/// The file of the declared module `name` in `dir` (`name.rs` or `name/mod.rs`), and the folder
/// of its own child modules.
fn module_file(dir: &Path, name: &str) -> (PathBuf, PathBuf) {
    let flat = dir.join(format!("{name}.rs"));
    if flat.exists() {
        (flat, dir.join(name))
    } else {
        (dir.join(name).join("mod.rs"), dir.join(name))
    }
}

/// The file a `#[path = "…"]` attribute names, if the module has one.
fn path_attribute(attrs: &[syn::Attribute]) -> Option<String> {
    attrs.iter().find_map(|attr| {
        let syn::Meta::NameValue(pair) = &attr.meta else {
            return None;
        };
        let syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(text),
            ..
        }) = &pair.value
        else {
            return None;
        };
        pair.path.is_ident("path").then(|| text.value())
    })
}

/// Whether an item is compiled only for tests (`#[cfg(test)]`).
fn is_test_only(item: &syn::Item) -> bool {
    let attrs: &[syn::Attribute] = match item {
        syn::Item::Mod(m) => &m.attrs,
        syn::Item::Use(u) => &u.attrs,
        syn::Item::Fn(f) => &f.attrs,
        syn::Item::Impl(i) => &i.attrs,
        syn::Item::Struct(s) => &s.attrs,
        syn::Item::Enum(e) => &e.attrs,
        syn::Item::Const(c) => &c.attrs,
        syn::Item::Static(s) => &s.attrs,
        syn::Item::Trait(t) => &t.attrs,
        syn::Item::Type(t) => &t.attrs,
        syn::Item::Macro(m) => &m.attrs,
        _ => &[],
    };
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && attr
                .parse_args::<syn::Ident>()
                .is_ok_and(|ident| ident == "test")
    })
}

/// Collects the module paths that one module's items name.
struct ImportCollector<'a> {
    /// The module whose items are visited.
    module: &'a ModulePath,
    /// Absolute paths named (module path plus item name; trimmed to modules later).
    found: Vec<ModulePath>,
    /// The names `use` declarations bring into the module, with the absolute paths they name.
    aliases: BTreeMap<String, ModulePath>,
}

impl ImportCollector<'_> {
    /// The absolute path of `segments` named in this module, resolving `crate`, `self` and
    /// `super`; a path whose first segment is another name is taken relative to this module (a
    /// child module, or nothing that [`file_edges`] will find: an outside crate, a local item).
    fn absolute(&self, segments: &[String]) -> ModulePath {
        let Some(first) = segments.first() else {
            return self.module.clone();
        };
        let (mut base, mut rest) = match first.as_str() {
            "crate" => (Vec::new(), &segments[1..]),
            "self" => (self.module.clone(), &segments[1..]),
            "super" => (self.module.clone(), segments),
            _ => (self.module.clone(), segments),
        };
        while rest.first().is_some_and(|s| s == "super") {
            base.pop();
            rest = &rest[1..];
        }
        base.extend(rest.iter().cloned());
        base
    }

    /// Records a path given as segments.
    fn record(&mut self, segments: &[String]) {
        if !segments.is_empty() {
            let path = self.absolute(segments);
            self.found.push(path);
        }
    }

    /// Records a `use` leaf: the path, and the name it brings in.
    fn record_leaf(&mut self, segments: &[String], name: String) {
        let path = self.absolute(segments);
        self.found.push(path.clone());
        self.aliases.insert(name, path);
    }

    /// Records every leaf of a `use` tree below the prefix `prefix`.
    fn record_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.record_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                prefix.push(n.ident.to_string());
                self.record_leaf(prefix, n.ident.to_string());
                prefix.pop();
            }
            syn::UseTree::Rename(r) => {
                prefix.push(r.ident.to_string());
                self.record_leaf(prefix, r.rename.to_string());
                prefix.pop();
            }
            syn::UseTree::Glob(_) => self.record(prefix),
            syn::UseTree::Group(g) => {
                for item in &g.items {
                    self.record_tree(prefix, item);
                }
            }
        }
    }
}

impl<'ast> Visit<'ast> for ImportCollector<'_> {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let before = self.found.len();
        self.record_tree(&mut Vec::new(), &item.tree);
        if !matches!(item.vis, syn::Visibility::Inherited) {
            // A re-export only passes a name on: who names it through this module is led to
            // the defining file (`resolve`), so the re-export itself is no import.
            self.found.truncate(before);
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.segments.len() > 1 {
            let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
            self.record(&segments);
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        syn::visit::visit_macro(self, mac);
        for path in paths_in_tokens(mac.tokens.clone()) {
            self.record(&path);
        }
    }

    fn visit_item_mod(&mut self, _: &'ast syn::ItemMod) {
        // Child modules are read on their own by `read_items`.
    }

    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}
}

/// The paths written `crate::…`, `self::…` or `super::…` in a macro's tokens (which `syn` does
/// not parse as Rust), in every group they stand in.
fn paths_in_tokens(tokens: proc_macro2::TokenStream) -> Vec<Vec<String>> {
    use proc_macro2::TokenTree;
    let mut paths = Vec::new();
    let mut current: Vec<String> = Vec::new();
    let mut colons = 0;
    for tree in tokens {
        match tree {
            TokenTree::Ident(ident) if current.is_empty() || colons == 2 => {
                current.push(ident.to_string());
                colons = 0;
            }
            TokenTree::Punct(p) if p.as_char() == ':' && !current.is_empty() && colons < 2 => {
                colons += 1;
            }
            TokenTree::Group(group) => {
                finish_path(&mut paths, &mut current);
                colons = 0;
                paths.extend(paths_in_tokens(group.stream()));
            }
            other => {
                finish_path(&mut paths, &mut current);
                colons = 0;
                if let TokenTree::Ident(ident) = other {
                    current.push(ident.to_string());
                }
            }
        }
    }
    finish_path(&mut paths, &mut current);
    paths
}

/// Moves the path gathered in `current` to `paths` when it is rooted (`crate`, `self`, `super`)
/// and has more than one segment; empties `current`.
fn finish_path(paths: &mut Vec<Vec<String>>, current: &mut Vec<String>) {
    let rooted = current
        .first()
        .is_some_and(|first| ["crate", "self", "super"].contains(&first.as_str()));
    if rooted && current.len() > 1 {
        paths.push(std::mem::take(current));
    }
    current.clear();
}

/// The imports between distinct files: each named path cut to the longest known module.
fn file_edges(modules: &CrateModules) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let mut edges: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    for (module, named) in &modules.imports {
        let from = &modules.files[module];
        edges.entry(from.clone()).or_default();
        for path in named {
            let Some(target) = resolve(modules, path, 8) else {
                continue;
            };
            let to = &modules.files[target];
            if to != from && !module.starts_with(target) {
                edges.entry(from.clone()).or_default().insert(to.clone());
            }
        }
    }
    edges
}

/// The module that defines what `path` names: the longest prefix of `path` that is a module of
/// the crate, followed through that module's `use` declarations (re-exports) at most `depth`
/// times.
fn resolve<'a>(modules: &'a CrateModules, path: &[String], depth: usize) -> Option<&'a ModulePath> {
    let len = (0..=path.len())
        .rev()
        .find(|len| modules.files.contains_key(&path[..*len]))?;
    let (module, _) = modules.files.get_key_value(&path[..len])?;
    let alias = path
        .get(len)
        .and_then(|name| modules.aliases.get(module)?.get(name));
    match alias {
        Some(target) if depth > 0 && target.as_slice() != path => {
            let mut followed = target.clone();
            followed.extend(path[len + 1..].iter().cloned());
            resolve(modules, &followed, depth - 1).or(Some(module))
        }
        _ => Some(module),
    }
}

/// The strongly connected components of more than one file (Tarjan's algorithm), each sorted,
/// in sorted order.
fn strongly_connected(edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<Vec<PathBuf>> {
    let nodes: Vec<&PathBuf> = edges.keys().collect();
    let index_of: BTreeMap<&PathBuf, usize> =
        nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let successors: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| {
            edges[*n]
                .iter()
                .filter_map(|m| index_of.get(m).copied())
                .collect()
        })
        .collect();
    let mut tarjan = Tarjan::new(successors);
    for node in 0..nodes.len() {
        if tarjan.index[node].is_none() {
            tarjan.visit(node);
        }
    }
    let mut circles: Vec<Vec<PathBuf>> = tarjan
        .components
        .into_iter()
        .filter(|c| c.len() > 1)
        .map(|c| {
            let mut files: Vec<PathBuf> = c.into_iter().map(|i| nodes[i].clone()).collect();
            files.sort();
            files
        })
        .collect();
    circles.sort();
    circles
}

/// The state of Tarjan's strongly-connected-components algorithm.
struct Tarjan {
    successors: Vec<Vec<usize>>,
    index: Vec<Option<usize>>,
    low: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    next_index: usize,
    components: Vec<Vec<usize>>,
}

impl Tarjan {
    /// A fresh run over the graph given by each node's successors.
    fn new(successors: Vec<Vec<usize>>) -> Self {
        let n = successors.len();
        Tarjan {
            successors,
            index: vec![None; n],
            low: vec![0; n],
            on_stack: vec![false; n],
            stack: Vec::new(),
            next_index: 0,
            components: Vec::new(),
        }
    }

    /// Visits `node` and everything it reaches (recursive: module graphs are shallow).
    fn visit(&mut self, node: usize) {
        self.index[node] = Some(self.next_index);
        self.low[node] = self.next_index;
        self.next_index += 1;
        self.stack.push(node);
        self.on_stack[node] = true;
        for next in self.successors[node].clone() {
            match self.index[next] {
                None => {
                    self.visit(next);
                    self.low[node] = self.low[node].min(self.low[next]);
                }
                Some(index) if self.on_stack[next] => self.low[node] = self.low[node].min(index),
                Some(_) => {}
            }
        }
        if Some(self.low[node]) == self.index[node] {
            let mut component = Vec::new();
            while let Some(top) = self.stack.pop() {
                self.on_stack[top] = false;
                component.push(top);
                if top == node {
                    break;
                }
            }
            self.components.push(component);
        }
    }
}

/// The root files of a crate's targets that `crate_circles` reads: `src/lib.rs` and
/// `src/main.rs` where they exist, and the `path` of every `[[bin]]` of its `Cargo.toml`.
pub fn crate_roots(crate_dir: &Path) -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> = ["src/lib.rs", "src/main.rs"]
        .into_iter()
        .map(|root| crate_dir.join(root))
        .filter(|file| file.exists())
        .collect();
    let manifest = std::fs::read_to_string(crate_dir.join("Cargo.toml")).unwrap_or_default();
    let mut in_bin = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
        } else if in_bin && let Some(value) = line.strip_prefix("path") {
            let value = value
                .trim_start()
                .trim_start_matches('=')
                .trim()
                .trim_matches('"');
            let file = crate_dir.join(value);
            if file.exists() && !roots.contains(&file) {
                roots.push(file);
            }
        }
    }
    roots
}
