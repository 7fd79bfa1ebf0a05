//! The stored census results the web app shows (`GET /api/census/<name>` on the server): the published tables
//! (docs/results.md), each exactly what its command prints, committed in
//! `docs/data/census/` (written by `scripts/census-data.sh`) and embedded in the binary.
//! Nothing is recomputed per request.

use serde_json::json;

/// One stored result.
pub struct Stored {
    /// Its name in the URL.
    pub name: &'static str,
    /// What it is.
    pub title: &'static str,
    /// The command that prints it, byte for byte.
    pub command: &'static str,
    /// The stored output.
    pub json: &'static str,
}

macro_rules! stored {
    ($name:literal, $title:literal, $command:literal) => {
        Stored {
            name: $name,
            title: $title,
            command: $command,
            json: include_str!(concat!("../../../../docs/data/census/", $name, ".json")),
        }
    };
}

/// Every stored result, in the order of docs/results.md.
pub static STORED: &[Stored] = &[
    stored!(
        "solution-numbers",
        "Solution numbers of target Ba over every 8-set of MacMahon cubes (Johnson-Roldán Table 1)",
        "cubelab census solution-numbers --json"
    ),
    stored!(
        "targets-8",
        "Targets built per collection of 8 MacMahon cubes (Johnson-Roldán Table 2)",
        "cubelab census targets --size 8 --json"
    ),
    stored!(
        "targets-all",
        "Targets built per collection, every size from 8 to 30",
        "cubelab census targets --size all --json"
    ),
    stored!(
        "max-targets",
        "The collections of 8 building the most targets (Theorems 2 and 7)",
        "cubelab census max-targets --json"
    ),
    stored!("multisets", "Every multiset of 8 MacMahon cubes (Sobczyk)", "cubelab census multisets --json"),
    stored!(
        "universal-12",
        "Universal sets of 12 cubes: every target built",
        "cubelab census universal --size 12 --json"
    ),
    stored!(
        "picture-3x2",
        "Picture cube census, 3x2 board (a row of Table 1 of \"Analysis of the picture cube puzzle\")",
        "cubelab picture census 3 2 --json"
    ),
    stored!(
        "picture-2x2-half",
        "Picture cube census, 2x2 board, half-turn metric",
        "cubelab picture census 2 2 --metric half --json"
    ),
    stored!("picture-6x1", "Picture cube census, 6x1 board", "cubelab picture census 6 1 --json"),
    stored!(
        "stack-4",
        "Instant Insanity stacks: every set of 4 cubes of C_4",
        "cubelab stack census --colors 4 --json"
    ),
    stored!(
        "stack-5-multisets",
        "Instant Insanity stacks: every multiset of 5 cubes of C_5",
        "cubelab stack census --colors 5 --multisets --json"
    ),
];

/// The stored result `name`.
pub fn find(name: &str) -> Option<&'static Stored> {
    STORED.iter().find(|s| s.name == name)
}

/// The names of the stored results.
pub fn names() -> Vec<&'static str> {
    STORED.iter().map(|s| s.name).collect()
}

/// `GET /api/census`: `[{"name", "title", "command", "endpoint"}, ...]`.
pub fn index() -> String {
    let list: Vec<_> = STORED
        .iter()
        .map(|s| {
            json!({
                "name": s.name,
                "title": s.title,
                "command": s.command,
                "endpoint": format!("/api/census/{}", s.name),
            })
        })
        .collect();
    serde_json::to_string_pretty(&list).expect("JSON") + "\n"
}
