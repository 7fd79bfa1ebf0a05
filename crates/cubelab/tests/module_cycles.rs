//! No import cycles between the library's top-level modules: the graph of `crate::MODULE`
//! references between them (outside comments and unit tests) has no cycle, so shared
//! infrastructure (`io`, `run`, `shard`, `combin`, ...) never depends on a family that
//! uses it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without line comments and without its unit tests (a file named
/// `tests.rs`, or everything from `#[cfg(test)]` on: unit tests sit at the end).
fn code(path: &Path) -> String {
    if path.file_name().is_some_and(|n| n == "tests.rs") {
        return String::new();
    }
    let text = std::fs::read_to_string(path).unwrap();
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The top-level modules a piece of code names: `crate::a::...` and `crate::{a, b::c}`.
fn referenced(code: &str) -> BTreeSet<String> {
    let ident = |s: &str| -> String {
        s.chars().take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_').collect()
    };
    let mut out = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = group.split('}').next().unwrap_or("");
            for item in group.split(',') {
                let name = ident(item.trim());
                if !name.is_empty() {
                    out.insert(name);
                }
            }
        } else {
            let name = ident(rest);
            if !name.is_empty() {
                out.insert(name);
            }
        }
    }
    out
}

#[test]
fn top_level_modules_import_each_other_without_cycles() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let top = |p: &Path| -> String {
        let rel = p.strip_prefix(&src).unwrap();
        let first = rel.components().next().unwrap().as_os_str().to_str().unwrap();
        first.trim_end_matches(".rs").to_string()
    };
    let modules: BTreeSet<String> = all.iter().map(|p| top(p)).filter(|m| m != "lib").collect();
    assert!(modules.contains("io") && modules.contains("shard") && modules.contains("census"), "{modules:?}");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for p in &all {
        let m = top(p);
        if m == "lib" {
            continue;
        }
        let edges = graph.entry(m.clone()).or_default();
        edges.extend(referenced(&code(p)).into_iter().filter(|r| *r != m && modules.contains(r)));
    }
    // Depth-first search for a back edge; the path found is reported.
    fn visit(
        m: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(m.to_string(), 1);
        path.push(m.to_string());
        for next in graph.get(m).into_iter().flatten() {
            match state.get(next.as_str()).copied().unwrap_or(0) {
                1 => {
                    let start = path.iter().position(|x| x == next).unwrap();
                    let mut cycle = path[start..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(c) = visit(next, graph, state, path) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        path.pop();
        state.insert(m.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for m in graph.keys() {
        if state.get(m.as_str()).copied().unwrap_or(0) == 0 {
            let cycle = visit(m, &graph, &mut state, &mut Vec::new());
            assert!(cycle.is_none(), "an import cycle between top-level modules: {}", cycle.unwrap().join(" -> "));
        }
    }
    // The neutral infrastructure depends on no family.
    for infra in ["io", "run", "shard", "combin"] {
        let deps = &graph[infra];
        assert!(deps.iter().all(|d| ["io", "error", "run"].contains(&d.as_str())), "{infra} imports {deps:?}");
    }
}

#[test]
fn the_reference_finder_sees_both_forms() {
    let found =
        referenced("use crate::io::Checksum;\nuse crate::{run, shard::Shard};\nlet x = crate::combin::binomial(3, 1);");
    assert_eq!(found.into_iter().collect::<Vec<_>>(), ["combin", "io", "run", "shard"]);
}
